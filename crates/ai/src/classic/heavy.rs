//! Heavy playouts for classic Go, in the MoGo / Pachi / michi manner: each move first
//! looks at the last two moves and their eight neighbours (capture a chain in atari
//! there; save an own chain in atari by running, when that gives three liberties, or by
//! capturing a chain in atari that touches it), else follows a 3x3 shape pattern there,
//! else is random among the points the light playout accepts, avoiding self-atari.
//! [`HeavyPolicy`] is the tree search's policy on them, with priors for the tree
//! (the `priors` module).
//!
//! Measured at equal time (0.3 s a move, one thread, 9x9, 10 games each) against the
//! light playouts: 7/10 with the patterns, 8/10 without (the same within the noise of ten
//! games; the patterns stay on, as in MoGo and Pachi, until a larger match says
//! otherwise); demanding three liberties of an escape mattered (with two, escapes into
//! ladders, it won 2/10).
//!
//! Three more kinds of move are built but off by default ([`HeavyConfig::replies`],
//! [`HeavyConfig::two_liberties`], [`HeavyConfig::nakade`]): against GNU Go 3.8 (level 10,
//! 9x9, Chinese rules) at 10,000 playouts a move on one thread, 20 games each, the
//! defaults won 14/20 and 15/20, last good replies 14/20, two-liberty moves 14/20, the
//! vital point 14/20, all three 16/20 and 13/20: no difference the games could show.
//! Against Pachi 12.90 (20,000 playouts a move each, one thread, 20 games), two-liberty
//! moves at 0.9 and the vital point at 0.8 (Pachi's own rates) won 5/20, the defaults
//! 6/20: no gain either.
//!
//! Six more of Pachi's Moggy rules are knobs, off by default ([`HeavyConfig::read_ladders`],
//! [`HeavyConfig::ko_retake`], [`HeavyConfig::careful_captures`],
//! [`HeavyConfig::self_atari_other`], [`HeavyConfig::nakade_fill`],
//! [`HeavyConfig::weighted_patterns`]). At 10,000 playouts a move, one thread, 9x9: in
//! self-play against the defaults, reading ladders won 11/22 and retaking kos 7/15;
//! against Pachi 12.90 the defaults won 7/20, all of the Moggy rules together (with the
//! two-liberty moves and the vital point) 5/17, the weighted patterns 6/21. None beat the
//! defaults, and together they cost 60% more time a playout. What did tell: with 40,000
//! playouts against Pachi's 10,000 the defaults won 8/10, so our playouts are as fast as
//! Pachi's and worth about a quarter to half of one each.
//!
//! Of the Moggy rules, reading ladders brings the playouts' mean closest to Pachi's
//! judgement of 200 positions (`stonefield bench balance`: root mean square error 0.202
//! by default, 0.177 with it, 0.191 with the nakade fill, 0.166 with both). It still did
//! not win: with both, 7/20 against Pachi at 25,000 playouts each (the defaults 4/20 on
//! the same machine) and 4/20 at 1 s a move on two threads (the defaults 8/20 right
//! after), where they cost a ninth of the playouts.
//!
//! Three more of Moggy's rules, for races and eyes, are knobs, off by default
//! ([`HeavyConfig::race_ataris`], [`HeavyConfig::eye_fix`],
//! [`HeavyConfig::eye_fill_redirect`]). On the balance (0.203 by default on this build),
//! the race ataris at Pachi's rate of a quarter gave 0.197 and always 0.195, at a tenth
//! of the playouts' speed; the other two gave 0.201 alone. With reading ladders and the
//! nakade fill (0.165) they gave 0.159, and every Moggy rule at Pachi's rates 0.155, the
//! nearest to Pachi's judgement yet, at half the speed. At 25,000 playouts each against
//! Pachi the first won 5/20 and every Moggy rule 6/20, as the defaults did before (4/20
//! and 5/20): the balance gained, the games did not.

use std::cell::RefCell;

use stonefield_rules::classic::{Board, ClassicGame, MAX_SIZE, PlayoutResult, Point};
use stonefield_rules::{Color, Game};

use super::candidates::{classic_candidates, classic_may_pass, point_key};
use super::chains::holds;
use super::patterns::{self, PatternTable};
use super::tactics::{atari_moves, eye_fixes, nakade_point, race_ataris, two_liberty_moves};
use crate::search::{Action, Policy, Trace};
pub use config::HeavyConfig;
use picking::{pick, pick_weighted_pattern, random_move};

/// Classic Go for the tree search with heavy playouts: the same candidates, passing and
/// RAVE keys as [`super::ClassicPolicy`], playouts by [`playout`], and priors.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct HeavyPolicy {
    pub config: HeavyConfig,
}

impl Policy<ClassicGame> for HeavyPolicy {
    fn candidates(&self, game: &ClassicGame) -> Vec<Point> {
        classic_candidates(game)
    }

    fn may_pass(&self, game: &ClassicGame) -> bool {
        classic_may_pass(game)
    }

    fn amaf_key(&self, mv: &Point) -> Option<u64> {
        Some(point_key(*mv))
    }

    fn learns_replies(&self) -> bool {
        self.config.replies > 0.0
    }

    fn prior_experience(
        &self,
        game: &ClassicGame,
        actions: &[Action<Point>],
    ) -> Option<Vec<(u32, f32)>> {
        self.config
            .priors
            .then(|| super::priors::experience(game, actions, self.config.pattern_prior))
    }

    fn playout(&self, game: &mut ClassicGame, rng: &mut fastrand::Rng, trace: &mut Trace) -> f64 {
        let (result, size) = PLAYOUT_BOARD.with_borrow_mut(|scratch| {
            let board = match scratch {
                Some(board) => {
                    board.clone_from(game.board());
                    board
                }
                None => scratch.insert(game.board().clone()),
            };
            let last = game.last_move();
            let result = run(board, game.to_move(), last, &self.config, rng, trace);
            if trace.wants_owners() {
                trace.record_owners(|key| holder(board, key));
            }
            (result, board.size())
        });
        let black_margin = f64::from(result.area_difference) - game.rules().komi;
        let win = if black_margin > 0.0 {
            1.0
        } else if black_margin < 0.0 {
            0.0
        } else {
            0.5
        };
        let weight = f64::from(self.config.score_weight.clamp(0.0, 1.0));
        if weight == 0.0 {
            return win;
        }
        let points = f64::from(size).powi(2);
        let score = 0.5 + 0.5 * (black_margin / points).clamp(-1.0, 1.0);
        (1.0 - weight) * win + weight * score
    }
}

thread_local! {
    /// Each thread's playout board, reset from the game's before every playout: a new
    /// board is a large allocation cleared in full, about 7% of a playout's instructions.
    static PLAYOUT_BOARD: RefCell<Option<Board>> = const { RefCell::new(None) };
}

/// Plays a heavy playout on `board` from `to_move`, after a last move at `last` (`None`
/// for a pass or none), until two passes in a row or three moves a point; returns Black's
/// area minus White's and the moves made, passes included. The rate of this function is
/// the heavy policy's playouts per second.
pub fn playout(
    board: &mut Board,
    to_move: Color,
    last: Option<Point>,
    config: &HeavyConfig,
    rng: &mut fastrand::Rng,
) -> PlayoutResult {
    run(board, to_move, last, config, rng, &mut Trace::default())
}

/// [`playout`], recording each move in `trace` (when enabled) under its RAVE key.
pub fn traced_playout(
    board: &mut Board,
    to_move: Color,
    last: Option<Point>,
    config: &HeavyConfig,
    rng: &mut fastrand::Rng,
    trace: &mut Trace,
) -> PlayoutResult {
    run(board, to_move, last, config, rng, trace)
}

fn run(
    board: &mut Board,
    mut to_move: Color,
    last: Option<Point>,
    config: &HeavyConfig,
    rng: &mut fastrand::Rng,
    trace: &mut Trace,
) -> PlayoutResult {
    let table = patterns::table();
    let mut last = last.and_then(|p| board.cell(p));
    let mut last2 = None;
    let limit = 3 * u32::from(board.size()) * u32::from(board.size());
    let (mut passes, mut moves) = (0, 0);
    let mut scratch = Vec::with_capacity(16);
    // The last ko taken: its cell, the player then banned from it, and when.
    let mut last_ko: Option<(u16, Color, u32)> = None;
    while passes < 2 && moves < limit {
        let retake = ko_to_retake(board, last_ko, to_move, moves);
        let played = choose(
            board,
            to_move,
            (last, last2, retake),
            config,
            table,
            rng,
            trace,
            &mut scratch,
        );
        last2 = last;
        match played {
            Some(i) => {
                if trace.is_enabled() {
                    trace.push(to_move, key_of(board, i));
                }
                passes = 0;
                last = Some(i);
                if let Some(cell) = board.ko_cell() {
                    last_ko = Some((cell, to_move.other(), moves));
                }
            }
            None => {
                board.pass_move();
                passes += 1;
                last = None;
            }
        }
        moves += 1;
        to_move = to_move.other();
    }
    PlayoutResult::counted(board, moves)
}

/// Moves after a ko was taken during which the banned player may still retake it: the
/// threat and its answer (Pachi's `koage`).
const KO_AGE: u32 = 3;

/// The ko `to_move` may take back at move `moves`: the last ko taken (`last_ko`: its cell,
/// the player then banned, the move it was taken at) if `to_move` was the one banned, the
/// ban has lapsed, the cell is still empty and no more than [`KO_AGE`] moves have passed.
fn ko_to_retake(
    board: &Board,
    last_ko: Option<(u16, Color, u32)>,
    to_move: Color,
    moves: u32,
) -> Option<u16> {
    let (cell, banned, at) = last_ko?;
    let open = banned == to_move
        && moves - at <= KO_AGE
        && board.ko_cell() != Some(cell)
        && board.is_empty_cell(cell);
    open.then_some(cell)
}

/// Chooses and plays a move of `me` after the moves at `last` and `last2` (the one
/// before), with `retake` the ko `me` may take back; the cell played, or `None` (then the
/// caller passes).
#[allow(clippy::too_many_arguments)]
fn choose(
    board: &mut Board,
    me: Color,
    (last, last2, retake): (Option<u16>, Option<u16>, Option<u16>),
    config: &HeavyConfig,
    table: &PatternTable,
    rng: &mut fastrand::Rng,
    trace: &Trace,
    scratch: &mut Vec<u16>,
) -> Option<u16> {
    if let Some(i) = retake
        && config.ko_retake > 0.0
        && rng.f32() < config.ko_retake
        && board.playout_allows(i, me)
    {
        board.place(i, me);
        return Some(i);
    }
    if last.is_some() || last2.is_some() {
        let (area, n) = around_last_moves(board, last, last2);
        let area = &area[..n];
        if rng.f32() < config.capture {
            scratch.clear();
            let read_ladders = config.read_ladders > 0.0 && rng.f32() < config.read_ladders;
            let careful = config.careful_captures > 0.0 && rng.f32() < config.careful_captures;
            atari_moves(board, area, me, (read_ladders, careful), scratch);
            if let Some(i) = pick(board, me, scratch, rng, false) {
                board.place(i, me);
                return Some(i);
            }
        }
        if let Some(l) = last
            && rng.f32() < config.replies
            && let Some(i) = trace
                .reply(me, key_of(board, l))
                .and_then(|k| cell_of_key(board, k))
            && board.is_empty_cell(i)
            && board.playout_allows(i, me)
            && !board.is_self_atari(i, me)
        {
            board.place(i, me);
            return Some(i);
        }
        if let Some(l) = last {
            // Pachi's order: two-liberty chains, then races, then eyes made false.
            let rules: [(f32, MoveFinder); 3] = [
                (config.two_liberties, two_liberty_moves),
                (config.race_ataris, race_ataris),
                (config.eye_fix, eye_fixes),
            ];
            for (rate, find) in rules {
                if let Some(i) = try_rule(board, me, l, (rate, find), rng, scratch) {
                    return Some(i);
                }
            }
        }
        if let Some(l) = last
            && rng.f32() < config.nakade
            && let Some(i) = nakade_point(board, l)
            && board.playout_allows(i, me)
        {
            board.place(i, me);
            return Some(i);
        }
        if rng.f32() < config.pattern {
            if config.weighted_patterns > 0.0 && rng.f32() < config.weighted_patterns {
                if let Some(i) = pick_weighted_pattern(board, me, area, table, rng) {
                    board.place(i, me);
                    return Some(i);
                }
                return random_move(board, me, config, rng, scratch);
            }
            scratch.clear();
            for &q in area {
                if board.is_empty_cell(q) && table.matches(board.neighbourhood3(q)) {
                    scratch.push(q);
                }
            }
            if let Some(i) = pick(board, me, scratch, rng, true) {
                board.place(i, me);
                return Some(i);
            }
        }
    }
    random_move(board, me, config, rng, scratch)
}

/// A kind of move a heavy playout looks for after the opponent's move at its second
/// argument, for the player its third names, pushed onto the list.
type MoveFinder = fn(&Board, u16, Color, &mut Vec<u16>);

/// With chance `rate`, a move found by `find` after the last move `last`, picked at random
/// among those allowed that are no self-atari, and played.
fn try_rule(
    board: &mut Board,
    me: Color,
    last: u16,
    (rate, find): (f32, MoveFinder),
    rng: &mut fastrand::Rng,
    scratch: &mut Vec<u16>,
) -> Option<u16> {
    // A rule that is off draws no random number, so that the others' games stay the same.
    if rate <= 0.0 || rng.f32() >= rate {
        return None;
    }
    scratch.clear();
    find(board, last, me, scratch);
    let i = pick(board, me, scratch, rng, true)?;
    board.place(i, me);
    Some(i)
}

/// The cells on the board among `last`, `last2` and their eight neighbours each, in that
/// order, without repeats; and how many there are.
fn around_last_moves(board: &Board, last: Option<u16>, last2: Option<u16>) -> ([u16; 18], usize) {
    let mut area = [0u16; 18];
    let mut n = 0;
    // Two moves more than two kings' steps apart share no neighbour: then nothing repeats and
    // the cells need no search among those already taken.
    let overlap = match (last, last2) {
        (Some(a), Some(b)) => chebyshev(board, a, b) <= 2,
        _ => false,
    };
    for c in [last, last2].into_iter().flatten() {
        let around = [c]
            .into_iter()
            .chain(board.cell_neighbours(c))
            .chain(board.cell_diagonals(c));
        for q in around {
            let repeat = overlap && holds(&area[..n], q);
            if !repeat && !board.is_off_board(q) {
                area[n] = q;
                n += 1;
            }
        }
    }
    (area, n)
}

/// The number of kings' steps between cells `a` and `b`.
fn chebyshev(board: &Board, a: u16, b: u16) -> u16 {
    let s = board.stride();
    (a / s).abs_diff(b / s).max((a % s).abs_diff(b % s))
}

/// The cell of the point with RAVE key `key`, if it is on the board.
fn cell_of_key(board: &Board, key: u64) -> Option<u16> {
    let (x, y) = (key % u64::from(MAX_SIZE), key / u64::from(MAX_SIZE));
    let size = u64::from(board.size());
    (x < size && y < size).then(|| {
        let s = u64::from(board.stride());
        ((y + 1) * s + x + 1) as u16
    })
}

/// Who holds the point of RAVE key `key` on `board`: the colour of the stone there.
fn holder(board: &Board, key: u64) -> Option<Color> {
    board.stone_at(cell_of_key(board, key)?)
}

/// The RAVE key of a cell's point (the same as [`point_key`] of the point).
fn key_of(board: &Board, i: u16) -> u64 {
    let s = board.stride();
    u64::from(i / s - 1) * u64::from(MAX_SIZE) + u64::from(i % s - 1)
}

mod config;
mod picking;
#[cfg(test)]
mod tests;
