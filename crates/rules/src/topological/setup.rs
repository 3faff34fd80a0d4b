//! Games that start from a given position (a problem, a test, a record's `"setup"`): the
//! unchecked description and the checks that turn it into a [`TopoGame`].

use super::game::TopoGame;
use super::point::Point;
use super::rules::TopoRules;
use crate::{ByColor, Color, Stone};

/// A position to start from: every stone on the board (the corner stones are not added),
/// the player to move and, optionally, the reserve stones each player still holds.
#[derive(Debug, Clone, PartialEq)]
pub struct TopoSetup {
    pub stones: Vec<Stone<Point>>,
    pub to_move: Color,
    /// Reserve stones still held; `None` gives each player all of them. Reserve stones
    /// already used count among the setup's stones, the others are normal stones.
    pub reserve_left: Option<ByColor<u32>>,
}

impl TopoSetup {
    /// `stones` with `to_move` to play and every reserve stone still held.
    pub fn new(stones: Vec<Stone<Point>>, to_move: Color) -> TopoSetup {
        TopoSetup {
            stones,
            to_move,
            reserve_left: None,
        }
    }

    /// Sets the reserve stones each player still holds.
    #[must_use]
    pub fn with_reserve_left(mut self, reserve_left: ByColor<u32>) -> TopoSetup {
        self.reserve_left = Some(reserve_left);
        self
    }
}

/// A setup that cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    #[error("setup stone {0} is off the board")]
    OffBoard(Point),
    #[error("setup point {0} is given twice")]
    Duplicate(Point),
    #[error("{color} cannot hold {left} reserve stones out of {reserve}")]
    ReserveLeft {
        color: Color,
        left: u32,
        reserve: u32,
    },
    #[error(
        "{color} has {stones} setup stones, which {reserve_used} used reserve stones and at \
         most {normal} normal stones cannot make"
    )]
    StoneCount {
        color: Color,
        stones: u32,
        reserve_used: u32,
        normal: u32,
    },
}

impl TopoGame {
    /// A game starting from `setup` under `rules`. Enclosures are computed for the position
    /// as given; stones standing inside one stay. Supplies are the rules' less the stones
    /// on the board.
    ///
    /// # Errors
    /// A stone off the board or a point given twice, more reserve stones held than the
    /// rules give, or more (or fewer) stones of a colour than its supply can account for.
    pub fn from_setup(rules: TopoRules, setup: &TopoSetup) -> Result<TopoGame, SetupError> {
        let mut game = TopoGame::bare(rules, setup.to_move);
        for s in &setup.stones {
            if !s.at.is_on(rules.board_size()) {
                return Err(SetupError::OffBoard(s.at));
            }
            if game.stone_at(s.at).is_some() {
                return Err(SetupError::Duplicate(s.at));
            }
            game.put(s.color, s.at);
        }
        let reserve = rules.reserve_stones();
        let held = setup
            .reserve_left
            .unwrap_or_else(|| ByColor::new_with(|_| reserve));
        for color in Color::ALL {
            let left = held[color];
            let reserve_used = reserve.checked_sub(left).ok_or(SetupError::ReserveLeft {
                color,
                left,
                reserve,
            })?;
            let stones = game.stones[color].count();
            let normal = rules.normal_stones();
            let normal_used = stones
                .checked_sub(reserve_used)
                .filter(|&k| k <= normal)
                .ok_or(SetupError::StoneCount {
                    color,
                    stones,
                    reserve_used,
                    normal,
                })?;
            game.reserve_left[color] = left;
            game.normal_left[color] = normal - normal_used;
        }
        game.recompute_enclosures();
        Ok(game)
    }
}
