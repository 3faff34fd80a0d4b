//! A checked game of MarGo: turns (White first, no passing), support, suicide, situational
//! superko, the end when the player to move has no legal move, the ball count, resignation
//! and the options `swap` and `first_capture_wins`.

use super::analysis::{Analysis, Verdict};
use super::bits::Bits;
use super::board::Board;
use super::point::Point;
use super::rules::{MargoRules, RulesError};
use super::zobrist::WHITE_TO_MOVE;
use crate::key_hasher::KeySet;
use crate::{ByColor, Color, Game, IllegalMove, Outcome, Phase, Placed, Stone, WinBy};

type Seen = KeySet;

/// A game of MarGo under a set of [`MargoRules`].
#[derive(Debug, Clone)]
pub struct MargoGame {
    pub(crate) rules: MargoRules,
    pub(crate) board: Board,
    pub(crate) to_move: Color,
    pub(crate) phase: Phase,
    /// Situational hashes of every position so far (balls and player to move).
    seen: Seen,
    moves_played: u32,
    swapped: bool,
    /// Balls of each colour removed from the board so far.
    lost: ByColor<u32>,
}

/// A position that cannot start a game.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error("setup ball {0} is off the board")]
    OffBoard(Point),
    #[error("setup point {0} is given twice")]
    Duplicate(Point),
    #[error("setup ball {0} lacks one of its four supports")]
    Unsupported(Point),
    #[error("setup ball {0} belongs to a group without freedom and is not pinned")]
    Unsettled(Point),
}

impl MargoGame {
    /// A new game on an empty board, White to move.
    ///
    /// # Errors
    /// Options that fail [`MargoRules::validate`].
    pub fn new(rules: MargoRules) -> Result<MargoGame, RulesError> {
        rules.validate()?;
        let board = Board::new(&rules);
        Ok(MargoGame::start(rules, board, Color::White))
    }

    /// A game starting from `stones` with `to_move` to play (a problem, a test). The
    /// position must be one that play could leave: every ball supported, and every group
    /// without freedom pinned. A position where `to_move` has no legal move is finished at
    /// once by the count.
    ///
    /// # Errors
    /// Invalid options, a ball off the board or given twice, a ball without its supports, a
    /// group without freedom that a capture round would lift.
    pub fn from_setup(
        rules: MargoRules,
        stones: &[Stone<Point>],
        to_move: Color,
    ) -> Result<MargoGame, SetupError> {
        rules.validate()?;
        let mut board = Board::new(&rules);
        let t = board.topo();
        for s in stones {
            let i = t.index(s.at).ok_or(SetupError::OffBoard(s.at))?;
            if board.is_occupied(i) {
                return Err(SetupError::Duplicate(s.at));
            }
            board.place(i, s.color);
        }
        let occupied = board.occupied();
        if let Some(i) = occupied.iter().find(|&i| !board.is_supported(i)) {
            return Err(SetupError::Unsupported(t.coords[i]));
        }
        let groups = Analysis::new(&board);
        let loose = occupied
            .iter()
            .find(|&i| !groups.has_freedom(i) && !board.is_hidden(i) && board.is_uncovered(i));
        if let Some(i) = loose {
            return Err(SetupError::Unsettled(t.coords[i]));
        }
        let mut game = MargoGame::start(rules, board, to_move);
        game.finish_if_stuck();
        Ok(game)
    }

    fn start(rules: MargoRules, board: Board, to_move: Color) -> MargoGame {
        let mut game = MargoGame {
            rules,
            board,
            to_move,
            phase: Phase::Playing,
            seen: Seen::default(),
            moves_played: 0,
            swapped: false,
            lost: ByColor::default(),
        };
        game.seen.insert(game.position_hash());
        game
    }

    pub fn rules(&self) -> &MargoRules {
        &self.rules
    }

    pub fn board_size(&self) -> u8 {
        self.rules.board_size
    }

    /// Balls placed so far in this game (setup balls not included).
    pub fn moves_played(&self) -> u32 {
        self.moves_played
    }

    /// Balls of each colour removed from the board so far (zombies stay and are not counted).
    pub fn balls_lost(&self) -> ByColor<u32> {
        self.lost
    }

    /// Balls in play for each side, zombies and buried balls included: the live count and
    /// the final result.
    pub fn ball_count(&self) -> ByColor<u32> {
        self.board.counts()
    }

    /// The colour of the ball at `p`, if any (`None` also off the board).
    pub fn ball_at(&self, p: Point) -> Option<Color> {
        let i = self.board.topo().index(p)?;
        self.board.color_at(i)
    }

    fn situational(hash: u64, to_move: Color) -> u64 {
        match to_move {
            Color::Black => hash,
            Color::White => hash ^ WHITE_TO_MOVE,
        }
    }

    /// The index of `p` if a ball could be placed there now, before captures are looked at.
    pub(crate) fn placeable(&self, p: Point) -> Result<usize, IllegalMove> {
        if self.phase != Phase::Playing {
            return Err(IllegalMove::GameOver);
        }
        let i = self.board.topo().index(p).ok_or(IllegalMove::Outside)?;
        if self.board.is_occupied(i) {
            return Err(IllegalMove::Occupied);
        }
        if !self.board.is_supported(i) {
            return Err(IllegalMove::Unsupported);
        }
        Ok(i)
    }

    /// The board after a ball of the player to move at the placeable point `i`, with the
    /// capture rounds played; `sink` hears each removed ball.
    pub(crate) fn attempt(
        &self,
        i: usize,
        sink: &mut impl FnMut(usize, Color),
    ) -> Result<Board, IllegalMove> {
        let mut next = self.board;
        next.resolve(i, self.to_move, sink)
            .map_err(|_| IllegalMove::Suicide)?;
        self.check_superko(next.hash())?;
        Ok(next)
    }

    pub(crate) fn check_superko(&self, board_hash: u64) -> Result<(), IllegalMove> {
        let h = MargoGame::situational(board_hash, !self.to_move);
        if self.seen.contains(&h) {
            Err(IllegalMove::Superko)
        } else {
            Ok(())
        }
    }

    /// Whether the ball at the placeable point `i` is legal, using the quick verdict of
    /// `groups` (built from the current board) where it knows.
    pub(crate) fn is_legal_at(&self, groups: &Analysis, i: usize) -> bool {
        match groups.verdict(&self.board, i, self.to_move) {
            Verdict::Quiet(h) => self.check_superko(h).is_ok(),
            Verdict::Suicide => false,
            Verdict::Unknown | Verdict::Local => self.attempt(i, &mut |_, _| {}).is_ok(),
        }
    }

    /// Every legal move of the player to move, in index order (level by level, row by row).
    /// Empty once the game is over.
    pub fn legal_moves(&self) -> Vec<Point> {
        if self.phase != Phase::Playing {
            return Vec::new();
        }
        let groups = Analysis::new(&self.board);
        let t = self.board.topo();
        self.board
            .placeable()
            .iter()
            .filter(|&i| self.is_legal_at(&groups, i))
            .map(|i| t.coords[i])
            .collect()
    }

    fn has_legal_move(&self) -> bool {
        self.any_legal(&Analysis::new(&self.board), &self.board.placeable())
    }

    /// Whether the player to move has a legal move, given the groups of the current board
    /// and its [`Board::placeable`] points. Moves the quick verdict settles are tried before
    /// any that need trial captures.
    pub(crate) fn any_legal(&self, groups: &Analysis, placeable: &Bits) -> bool {
        let mut unknown = false;
        for i in placeable.iter() {
            match groups.verdict(&self.board, i, self.to_move) {
                Verdict::Quiet(h) if self.check_superko(h).is_ok() => return true,
                Verdict::Unknown | Verdict::Local => unknown = true,
                _ => {}
            }
        }
        unknown
            && placeable.iter().any(|i| {
                matches!(
                    groups.verdict(&self.board, i, self.to_move),
                    Verdict::Unknown | Verdict::Local
                ) && self.attempt(i, &mut |_, _| {}).is_ok()
            })
    }

    /// Takes `next` as the position after the mover's ball; `lost` is what the move removed.
    pub(crate) fn commit(&mut self, next: Board, lost: ByColor<u32>) {
        let mover = self.to_move;
        self.board = next;
        self.moves_played += 1;
        self.lost.black += lost.black;
        self.lost.white += lost.white;
        self.to_move = !mover;
        self.seen.insert(self.position_hash());
        if self.rules.first_capture_wins {
            // The opponent's round comes first, so a move that removes balls of both
            // colours made its capture first.
            let winner = if lost[!mover] > 0 {
                Some(mover)
            } else if lost[mover] > 0 {
                Some(!mover)
            } else {
                None
            };
            if let Some(winner) = winner {
                self.phase = Phase::Finished(Outcome::Win {
                    winner,
                    by: WinBy::Capture,
                });
            }
        }
    }

    /// Ends the game by the ball count.
    pub(crate) fn finish_by_count(&mut self) {
        let c = self.ball_count();
        self.phase = Phase::Finished(Outcome::from_scores(f64::from(c.black), f64::from(c.white)));
    }

    fn finish_if_stuck(&mut self) {
        if self.phase == Phase::Playing && !self.has_legal_move() {
            self.finish_by_count();
        }
    }

    /// Option `swap`: right after White's first ball, Black takes White's side instead of
    /// moving. The position and the colour to move stay as they are; the players exchange
    /// colours, so the player who made the first move now plays Black and moves next.
    /// [`MargoGame::swapped`] tells a front end to exchange the players' names.
    ///
    /// # Errors
    /// [`IllegalMove::Unsupported`] without the option, [`IllegalMove::GameOver`] after the
    /// end, [`IllegalMove::WrongPhase`] at any other moment than right after White's first
    /// ball.
    pub fn swap(&mut self) -> Result<(), IllegalMove> {
        if !self.rules.swap {
            return Err(IllegalMove::Unsupported);
        }
        if self.phase != Phase::Playing {
            return Err(IllegalMove::GameOver);
        }
        if self.swapped || self.moves_played != 1 || self.to_move != Color::Black {
            return Err(IllegalMove::WrongPhase);
        }
        self.swapped = true;
        Ok(())
    }

    /// Whether the players swapped colours after the first move.
    pub fn swapped(&self) -> bool {
        self.swapped
    }
}

impl Game for MargoGame {
    type Move = Point;
    type Point = Point;

    fn to_move(&self) -> Color {
        self.to_move
    }

    fn check(&self, mv: &Point) -> Result<(), IllegalMove> {
        let i = self.placeable(*mv)?;
        self.attempt(i, &mut |_, _| {}).map(|_| ())
    }

    fn play(&mut self, mv: &Point) -> Result<Placed<Point>, IllegalMove> {
        let i = self.placeable(*mv)?;
        let coords = &self.board.topo().coords;
        let mut captured = Vec::new();
        let mut lost = ByColor::default();
        let next = self.attempt(i, &mut |j, color| {
            captured.push(Stone {
                at: coords[j],
                color,
            });
            lost[color] += 1;
        })?;
        self.commit(next, lost);
        self.finish_if_stuck();
        Ok(Placed { captured })
    }

    fn pass(&mut self) -> Result<(), IllegalMove> {
        match self.phase {
            Phase::Playing => Err(IllegalMove::PassNotAllowed),
            _ => Err(IllegalMove::GameOver),
        }
    }

    fn end(&mut self, outcome: Outcome) -> Result<(), IllegalMove> {
        crate::game::finish(&mut self.phase, outcome)
    }

    fn phase(&self) -> Phase {
        self.phase
    }

    /// Balls in play, zombies included (no komi in MarGo).
    fn score(&self) -> ByColor<f64> {
        self.ball_count().map(f64::from)
    }

    fn position_hash(&self) -> u64 {
        MargoGame::situational(self.board.hash(), self.to_move)
    }

    /// Every ball, level by level, row by row.
    fn stones(&self) -> Vec<Stone<Point>> {
        let t = self.board.topo();
        self.board
            .occupied()
            .iter()
            .filter_map(|i| {
                let color = self.board.color_at(i)?;
                Some(Stone {
                    at: t.coords[i],
                    color,
                })
            })
            .collect()
    }

    fn candidate_moves(&self) -> Vec<Point> {
        self.legal_moves()
    }
}
