//! A checked game of classic Go: turns, ko and superko, suicide, handicap, passes, dead-stone
//! marking and the final count, on top of the grid [`Board`].

use super::board::{Board, Idx};
use super::handicap::fixed_points;
use super::point::Point;
use super::rules::{KoRule, Placement, Rules, RulesError, SuicideRule};
use super::zobrist::{WHITE_TO_MOVE, stone_key};
use crate::ending::{DeadOrder, Ending};
use crate::key_hasher::KeySet;
use crate::{ByColor, Color, Game, IllegalMove, Outcome, Phase, Placed, Stone};

/// A game of classic Go under a set of [`Rules`].
#[derive(Debug)]
pub struct ClassicGame {
    rules: Rules,
    board: Board,
    to_move: Color,
    /// Phase, passes in a row and the stones marked dead (board indices).
    ending: Ending<Idx>,
    /// Free handicap stones Black has still to place.
    handicap_left: u8,
    /// Stones each player has captured.
    prisoners: ByColor<u32>,
    /// Positions seen so far, as superko hashes.
    seen: KeySet,
    /// The point of the last move, `None` after a pass or at the start.
    last_move: Option<Point>,
    /// The point of the move before the last one, `None` if it was a pass or none.
    previous_move: Option<Point>,
}

impl Clone for ClassicGame {
    fn clone(&self) -> ClassicGame {
        ClassicGame {
            board: self.board.clone(),
            seen: self.seen.clone(),
            ending: self.ending.clone(),
            ..*self
        }
    }

    /// Reuses this game's board and position set: a search resets its scratch game this
    /// way before every iteration, where a fresh board would cost a large allocation
    /// cleared in full.
    fn clone_from(&mut self, src: &ClassicGame) {
        // Destructured, so that a new field cannot be forgotten here.
        let ClassicGame {
            rules,
            board,
            to_move,
            ending,
            handicap_left,
            prisoners,
            seen,
            last_move,
            previous_move,
        } = src;
        self.board.clone_from(board);
        self.seen.clone_from(seen);
        self.ending.clone_from(ending);
        (self.rules, self.to_move, self.handicap_left) = (*rules, *to_move, *handicap_left);
        (self.prisoners, self.last_move) = (*prisoners, *last_move);
        self.previous_move = *previous_move;
    }
}

/// A position that cannot start a game.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error("setup stone {0} is off the board")]
    OffBoard(Point),
    #[error("setup point {0} is given twice")]
    Duplicate(Point),
    #[error("setup chain at {0} has no liberty")]
    NoLiberty(Point),
}

impl ClassicGame {
    /// A new game; a fixed handicap is placed at once.
    ///
    /// # Errors
    /// Rules that fail [`Rules::validate`].
    pub fn new(rules: Rules) -> Result<ClassicGame, SetupError> {
        rules.validate()?;
        let handicap = rules.handicap;
        let mut setup = Vec::new();
        if handicap.stones > 0 && handicap.placement == Placement::Fixed {
            let points =
                fixed_points(rules.board_size, handicap.stones).ok_or(RulesError::Handicap {
                    stones: u32::from(handicap.stones),
                    size: rules.board_size,
                    why: "no such fixed points",
                })?;
            setup.extend(points.into_iter().map(|at| Stone {
                at,
                color: Color::Black,
            }));
        }
        let to_move = if setup.is_empty() {
            Color::Black
        } else {
            Color::White
        };
        let mut game = ClassicGame::from_setup(rules, &setup, to_move)?;
        if handicap.placement == Placement::Free {
            game.handicap_left = handicap.stones;
        }
        Ok(game)
    }

    /// A game starting from `stones` with `to_move` to play (SGF's AB/AW/PL). Setup stones
    /// capture nothing; a chain without a liberty is refused.
    ///
    /// # Errors
    /// Invalid rules, a stone off the board, a point given twice, a chain without liberty.
    pub fn from_setup(
        rules: Rules,
        stones: &[Stone<Point>],
        to_move: Color,
    ) -> Result<ClassicGame, SetupError> {
        rules.validate()?;
        let mut board = Board::new(rules.board_size);
        for s in stones {
            let i = board.idx(s.at).ok_or(SetupError::OffBoard(s.at))?;
            if !board.is_empty_at(i) {
                return Err(SetupError::Duplicate(s.at));
            }
            board.play(i, s.color);
            if !board.captured().is_empty() {
                return Err(SetupError::NoLiberty(s.at));
            }
        }
        let mut game = ClassicGame {
            rules,
            board,
            to_move,
            ending: Ending::new(DeadOrder::Marked, IllegalMove::GameOver),
            handicap_left: 0,
            prisoners: ByColor::default(),
            seen: KeySet::default(),
            last_move: None,
            previous_move: None,
        };
        let h = game.superko_hash(&game.board, to_move);
        game.seen.insert(h);
        Ok(game)
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Stones each player has captured so far.
    pub fn prisoners(&self) -> ByColor<u32> {
        self.prisoners
    }

    /// Free handicap stones Black has still to place.
    pub fn handicap_left(&self) -> u8 {
        self.handicap_left
    }

    /// Where the last move was played; `None` at the start and after a pass. Playout
    /// policies answer the last move first (captures, escapes, local patterns).
    pub fn last_move(&self) -> Option<Point> {
        self.last_move
    }

    /// Where the move before the last one was played (the mover's own last move); `None`
    /// if it was a pass or there was none. Move features measure distances to both.
    pub fn previous_move(&self) -> Option<Point> {
        self.previous_move
    }

    fn superko_hash(&self, board: &Board, to_move: Color) -> u64 {
        self.superko_hash_of(board.hash(), to_move)
    }

    fn superko_hash_of(&self, board_hash: u64, to_move: Color) -> u64 {
        match (self.rules.ko, to_move) {
            (KoRule::SituationalSuperko, Color::White) => board_hash ^ WHITE_TO_MOVE,
            _ => board_hash,
        }
    }

    /// Whether `p` is legal, told without playing it where that is cheap: a stone put
    /// beside an empty point that captures nothing is never suicide, and can only repeat
    /// the position of the board's hash with that stone added. `None` when the move must
    /// be played to tell (the search's candidates check every empty point).
    fn check_quiet(&self, p: Point) -> Option<Result<(), IllegalMove>> {
        if self.ending.phase() != Phase::Playing {
            return None;
        }
        let i = self.board.idx(p)?;
        let color = self.to_move;
        if !self.board.is_empty_at(i) || self.board.ko() == Some(i) {
            return None;
        }
        let board = &self.board;
        let breathes = board
            .cell_neighbours(i)
            .iter()
            .any(|&q| board.is_empty_cell(q));
        if !breathes || board.captures_by(i, color) > 0 {
            return None;
        }
        if self.rules.ko == KoRule::Simple {
            return Some(Ok(()));
        }
        let after = self.superko_hash_of(board.hash() ^ stone_key(color, i), color.other());
        Some(if self.seen.contains(&after) {
            Err(IllegalMove::Superko)
        } else {
            Ok(())
        })
    }

    /// The board after `mv` by the player to move, or why the move is illegal.
    fn try_move(&self, p: Point) -> Result<Board, IllegalMove> {
        if self.ending.phase() != Phase::Playing {
            return Err(IllegalMove::GameOver);
        }
        let i = self.board.idx(p).ok_or(IllegalMove::Outside)?;
        if !self.board.is_empty_at(i) {
            return Err(IllegalMove::Occupied);
        }
        let color = self.to_move;
        if self.rules.ko == KoRule::Simple && self.board.ko() == Some(i) {
            return Err(IllegalMove::Ko);
        }
        let mut next = self.board.clone();
        next.play(i, color);
        if next.get(p).is_none() && self.rules.suicide == SuicideRule::Forbidden {
            return Err(IllegalMove::Suicide);
        }
        if self.rules.ko != KoRule::Simple
            && self.seen.contains(&self.superko_hash(&next, color.other()))
        {
            // Retaking a single-stone ko at once repeats the position too, but players
            // know it as ko: superko is kept for the longer cycles only it forbids.
            return Err(if self.board.ko() == Some(i) {
                IllegalMove::Ko
            } else {
                IllegalMove::Superko
            });
        }
        Ok(next)
    }

    /// Plays `p` on a copy of the board, kept only if the move is legal; returns the stones
    /// it captured.
    fn play_on_copy(&mut self, p: Point) -> Result<Vec<Stone<Point>>, IllegalMove> {
        let next = self.try_move(p)?;
        let color = self.to_move;
        let captured = next
            .captured()
            .iter()
            .map(|&i| Stone {
                at: next.point(i),
                color: self.board.color_at(i).unwrap_or(color),
            })
            .collect();
        self.board = next;
        Ok(captured)
    }

    fn next_turn(&mut self) {
        if self.handicap_left > 0 {
            self.handicap_left -= 1;
        }
        if self.handicap_left == 0 {
            self.to_move = self.to_move.other();
        }
    }

    /// Toggles the dead mark of the whole chain at `p` while dead stones are being marked.
    ///
    /// # Errors
    /// [`IllegalMove::WrongPhase`] outside the marking phase, [`IllegalMove::Outside`] and
    /// [`IllegalMove::Unsupported`] for a point that holds no stone.
    pub fn toggle_dead(&mut self, p: Point) -> Result<(), IllegalMove> {
        self.ending.marking()?;
        let i = self.board.idx(p).ok_or(IllegalMove::Outside)?;
        let chain = self.board.chain_of(i);
        if chain.is_empty() {
            return Err(IllegalMove::Unsupported);
        }
        self.ending.toggle(i, &chain)
    }

    /// The stones marked dead.
    pub fn dead_stones(&self) -> Vec<Stone<Point>> {
        self.ending
            .dead()
            .iter()
            .filter_map(|&i| {
                let color = self.board.color_at(i)?;
                Some(Stone {
                    at: self.board.point(i),
                    color,
                })
            })
            .collect()
    }

    /// Both players accepted the marks: the game is counted and finished.
    ///
    /// # Errors
    /// [`IllegalMove::WrongPhase`] outside the marking phase.
    pub fn accept_count(&mut self) -> Result<Outcome, IllegalMove> {
        self.ending.marking()?;
        let count = self.final_score();
        self.ending.accept(count)
    }

    /// The players disagree about the marks: play resumes with the player to move.
    ///
    /// # Errors
    /// [`IllegalMove::WrongPhase`] outside the marking phase.
    pub fn resume_play(&mut self) -> Result<(), IllegalMove> {
        self.ending.resume()
    }

    /// The count under the game's scoring rule, with the marked stones removed, komi
    /// included: the total of [`ClassicGame::final_count`].
    pub fn final_score(&self) -> ByColor<f64> {
        self.final_count().total()
    }

    /// The board indices of the stones marked dead.
    pub(super) fn dead_indices(&self) -> &[Idx] {
        self.ending.dead()
    }
}

impl Game for ClassicGame {
    type Move = Point;
    type Point = Point;

    fn to_move(&self) -> Color {
        self.to_move
    }

    fn check(&self, mv: &Point) -> Result<(), IllegalMove> {
        self.check_quiet(*mv)
            .unwrap_or_else(|| self.try_move(*mv).map(|_| ()))
    }

    fn play(&mut self, mv: &Point) -> Result<Placed<Point>, IllegalMove> {
        let color = self.to_move;
        let captured = match self.check_quiet(*mv) {
            Some(Err(e)) => return Err(e),
            // Most moves: placed in place, sparing a copy of the board.
            Some(Ok(())) => {
                let i = self.board.idx(*mv).ok_or(IllegalMove::Outside)?;
                self.board.play(i, color);
                Vec::new()
            }
            None => self.play_on_copy(*mv)?,
        };
        for s in &captured {
            if s.color != color {
                self.prisoners[color] += 1;
            } else {
                self.prisoners[color.other()] += 1;
            }
        }
        self.ending.placed();
        self.previous_move = self.last_move;
        self.last_move = Some(*mv);
        self.next_turn();
        let h = self.superko_hash(&self.board, self.to_move);
        self.seen.insert(h);
        Ok(Placed { captured })
    }

    fn pass(&mut self) -> Result<(), IllegalMove> {
        self.ending.may_pass()?;
        if self.handicap_left > 0 {
            return Err(IllegalMove::WrongPhase);
        }
        let play_stopped = self.ending.passed();
        self.previous_move = self.last_move;
        self.last_move = None;
        self.board.pass();
        self.to_move = self.to_move.other();
        if self.rules.ko == KoRule::SituationalSuperko {
            let h = self.superko_hash(&self.board, self.to_move);
            self.seen.insert(h);
        }
        if play_stopped {
            if self.rules.mark_dead {
                self.ending.start_marking();
            } else {
                let s = self.final_score();
                self.ending.end(Outcome::from_scores(s.black, s.white))?;
            }
        }
        Ok(())
    }

    fn end(&mut self, outcome: Outcome) -> Result<(), IllegalMove> {
        self.ending.end(outcome)
    }

    fn phase(&self) -> Phase {
        self.ending.phase()
    }

    fn score(&self) -> ByColor<f64> {
        let [black, white] = self.board.area();
        ByColor {
            black: f64::from(black),
            white: f64::from(white) + self.rules.komi,
        }
    }

    fn position_hash(&self) -> u64 {
        match self.to_move {
            Color::Black => self.board.hash(),
            Color::White => self.board.hash() ^ WHITE_TO_MOVE,
        }
    }

    fn stones(&self) -> Vec<Stone<Point>> {
        self.board
            .points()
            .filter_map(|at| self.board.get(at).map(|color| Stone { at, color }))
            .collect()
    }

    fn candidate_moves(&self) -> Vec<Point> {
        if self.ending.phase() != Phase::Playing {
            return Vec::new();
        }
        self.board
            .points()
            .filter(|p| self.check(p).is_ok())
            .collect()
    }
}

#[cfg(test)]
mod quiet_check_tests {
    use super::*;

    /// On random games of small boards (captures, kos and repeated positions come often),
    /// the check without playing agrees with playing the move on a copy, for every point
    /// of every position, under each ko rule; and playing a move (in place when it is
    /// quiet) leaves the board that playing it on a copy does.
    #[test]
    fn the_quiet_check_agrees_with_playing_the_move() {
        let mut quiet = 0;
        for ko in [
            KoRule::Simple,
            KoRule::PositionalSuperko,
            KoRule::SituationalSuperko,
        ] {
            for seed in 0..30u64 {
                let size = [4u8, 5, 7][seed as usize % 3];
                let mut rules = Rules::preset("chinese", size).expect("preset");
                rules.ko = ko;
                let mut game = ClassicGame::new(rules).expect("rules");
                let mut rng = fastrand::Rng::with_seed(seed);
                for _ in 0..200 {
                    let points: Vec<Point> = game.board().points().collect();
                    let mut legal = Vec::new();
                    for &p in &points {
                        let played = game.try_move(p).map(|_| ());
                        if let Some(verdict) = game.check_quiet(p) {
                            assert_eq!(verdict, played, "{p:?} under {ko:?} in {game:?}");
                            quiet += 1;
                        }
                        if played.is_ok() {
                            legal.push(p);
                        }
                    }
                    if legal.is_empty() || rng.u8(..10) == 0 {
                        if game.pass().is_err() || game.phase() != Phase::Playing {
                            break;
                        }
                        continue;
                    }
                    let mv = legal[rng.usize(..legal.len())];
                    let on_copy = game.try_move(mv).expect("legal");
                    game.play(&mv).expect("legal");
                    // A quiet move is placed in place: the same stones, ko and hash.
                    assert_eq!(format!("{:?}", game.board()), format!("{on_copy:?}"));
                }
            }
        }
        assert!(quiet > 10_000, "the quiet check decided {quiet} moves");
    }

    /// Random games almost never repeat a position by a quiet move: the position after
    /// one is entered as seen before, and both checks refuse it alike.
    #[test]
    fn a_quiet_move_that_repeats_a_position_is_refused() {
        for ko in [KoRule::PositionalSuperko, KoRule::SituationalSuperko] {
            for to_move_white in [false, true] {
                let mut rules = Rules::preset("chinese", 5).expect("preset");
                rules.ko = ko;
                let mut game = ClassicGame::new(rules).expect("rules");
                let p = Point::new(2, 2, 5).expect("on board");
                if to_move_white {
                    game.play(&Point::new(0, 0, 5).expect("on board"))
                        .expect("legal");
                }
                assert_eq!(game.check_quiet(p), Some(Ok(())));
                let next = game.try_move(p).expect("legal");
                let color = game.to_move();
                game.seen.insert(game.superko_hash(&next, color.other()));
                assert_eq!(game.check_quiet(p), Some(Err(IllegalMove::Superko)));
                assert_eq!(game.try_move(p).map(|_| ()), Err(IllegalMove::Superko));
            }
        }
    }
}
