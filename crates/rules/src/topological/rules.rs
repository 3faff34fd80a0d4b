//! The options of Topological Go (`rules/topological.md`): the board side and the number of
//! reserve stones, checked together with the stone supply they imply.

use super::point::{MAX_SIZE, MIN_SIZE};

/// Corner stones each player starts with; they come out of the normal stones.
pub(super) const CORNERS: u32 = 2;

/// A checked set of Topological Go rules. Build it with [`TopoRules::new`] or take the
/// default (10x10, 5 reserve stones).
///
/// ```
/// use stonefield_rules::topological::TopoRules;
///
/// let rules = TopoRules::new(19, 5).unwrap();
/// assert_eq!(rules.stones_each(), 180);
/// assert!(TopoRules::new(5, 5).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TopoRules {
    board_size: u8,
    reserve_stones: u32,
}

/// Options that cannot make a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    #[error("board size {0} is outside {MIN_SIZE}..={MAX_SIZE}")]
    BoardSize(u32),
    #[error(
        "{reserve} reserve stones do not fit in a supply of {supply} stones with {CORNERS} corners"
    )]
    ReserveStones { reserve: u32, supply: u32 },
}

impl TopoRules {
    /// The default board side.
    pub const DEFAULT_SIZE: u8 = 10;
    /// The default number of reserve stones.
    pub const DEFAULT_RESERVE: u32 = 5;

    /// Rules for a board of side `board_size` with `reserve_stones` reserve stones each.
    ///
    /// # Errors
    /// A side outside 6..=25, or more reserve stones than the supply holds beside the two
    /// corner stones.
    pub fn new(board_size: u32, reserve_stones: u32) -> Result<TopoRules, RulesError> {
        let size = u8::try_from(board_size)
            .ok()
            .filter(|s| (MIN_SIZE..=MAX_SIZE).contains(s))
            .ok_or(RulesError::BoardSize(board_size))?;
        let rules = TopoRules {
            board_size: size,
            reserve_stones,
        };
        if reserve_stones > rules.stones_each() - CORNERS {
            return Err(RulesError::ReserveStones {
                reserve: reserve_stones,
                supply: rules.stones_each(),
            });
        }
        Ok(rules)
    }

    /// The side of the board, in points.
    pub const fn board_size(&self) -> u8 {
        self.board_size
    }

    /// Reserve stones each player holds at the start.
    pub const fn reserve_stones(&self) -> u32 {
        self.reserve_stones
    }

    /// Every stone a player owns, floor(N*N/2): corner, normal and reserve stones together.
    pub const fn stones_each(&self) -> u32 {
        let n = self.board_size as u32;
        n * n / 2
    }

    /// Normal stones each player owns, the two corner stones included.
    pub const fn normal_stones(&self) -> u32 {
        self.stones_each() - self.reserve_stones
    }

    /// The side as an index bound.
    pub(super) const fn side(&self) -> usize {
        self.board_size as usize
    }
}

impl Default for TopoRules {
    fn default() -> TopoRules {
        TopoRules {
            board_size: TopoRules::DEFAULT_SIZE,
            reserve_stones: TopoRules::DEFAULT_RESERVE,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_ten_by_ten_with_five_reserve_stones() {
        let r = TopoRules::default();
        assert_eq!(TopoRules::new(10, 5), Ok(r));
        assert_eq!((r.stones_each(), r.normal_stones()), (50, 45));
    }

    #[test]
    fn sizes_and_reserves_are_checked() {
        assert_eq!(TopoRules::new(5, 5), Err(RulesError::BoardSize(5)));
        assert_eq!(TopoRules::new(26, 5), Err(RulesError::BoardSize(26)));
        assert_eq!(TopoRules::new(262, 5), Err(RulesError::BoardSize(262)));
        assert_eq!(TopoRules::new(7, 0).map(|r| r.stones_each()), Ok(24));
        assert!(TopoRules::new(6, 16).is_ok());
        assert_eq!(
            TopoRules::new(6, 17),
            Err(RulesError::ReserveStones {
                reserve: 17,
                supply: 18
            })
        );
    }
}
