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

use stonefield_rules::classic::{Board, ClassicGame, MAX_SIZE, PlayoutResult, Point};
use stonefield_rules::{Color, Game};

use super::patterns::{self, PatternTable};
use super::{classic_candidates, classic_may_pass, point_key};
use crate::search::{Action, Policy, Trace};

/// The chances with which a heavy playout tries each kind of move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeavyConfig {
    /// Looking for captures and escapes around the last move.
    pub capture: f32,
    /// Looking for a pattern move among the last move's eight neighbours.
    pub pattern: f32,
    /// Rejecting a random move that puts a single stone in atari (one that puts a chain
    /// of two or more in atari is always rejected while other moves remain).
    pub reject_lone_self_atari: f32,
    /// Whether the tree gets priors (the `priors` module) for new moves.
    pub priors: bool,
    /// The share of a playout's value that is its score (Black's margin over the number of
    /// points, mapped to 0..1) rather than win or loss: a little of it makes the search
    /// prefer the larger margin among moves that win alike, as Pachi does.
    pub score_weight: f32,
}

impl Default for HeavyConfig {
    fn default() -> Self {
        HeavyConfig {
            capture: 0.9,
            pattern: 0.95,
            reject_lone_self_atari: 0.5,
            priors: true,
            score_weight: 0.0,
        }
    }
}

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

    fn prior_experience(
        &self,
        game: &ClassicGame,
        actions: &[Action<Point>],
    ) -> Option<Vec<(u32, f32)>> {
        self.config
            .priors
            .then(|| super::priors::experience(game, actions))
    }

    fn playout(&self, game: &mut ClassicGame, rng: &mut fastrand::Rng, trace: &mut Trace) -> f64 {
        let mut board = game.board().clone();
        let last = game.last_move();
        let result = run(&mut board, game.to_move(), last, &self.config, rng, trace);
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
        let points = f64::from(board.size()).powi(2);
        let score = 0.5 + 0.5 * (black_margin / points).clamp(-1.0, 1.0);
        (1.0 - weight) * win + weight * score
    }
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
    while passes < 2 && moves < limit {
        let played = choose(
            board,
            to_move,
            last,
            last2,
            config,
            table,
            rng,
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

/// Chooses and plays a move of `me` after the moves at `last` and `last2` (the one
/// before); the cell played, or `None` (then the caller passes).
#[allow(clippy::too_many_arguments)]
fn choose(
    board: &mut Board,
    me: Color,
    last: Option<u16>,
    last2: Option<u16>,
    config: &HeavyConfig,
    table: &PatternTable,
    rng: &mut fastrand::Rng,
    scratch: &mut Vec<u16>,
) -> Option<u16> {
    if last.is_some() || last2.is_some() {
        let mut area = [0u16; 18];
        let mut n = 0;
        for c in [last, last2].into_iter().flatten() {
            let around = [c]
                .into_iter()
                .chain(board.cell_neighbours(c))
                .chain(board.cell_diagonals(c));
            for q in around {
                if !area[..n].contains(&q) && !board.is_off_board(q) {
                    area[n] = q;
                    n += 1;
                }
            }
        }
        let area = &area[..n];
        if rng.f32() < config.capture {
            scratch.clear();
            atari_moves(board, area, me, scratch);
            if let Some(i) = pick(board, me, scratch, rng, false) {
                board.place(i, me);
                return Some(i);
            }
        }
        if rng.f32() < config.pattern {
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

/// The urgent moves for `me` among the chains with a stone in `area`: the liberty of a
/// chain of the opponent's in atari (capture), and for an own chain in atari its escape
/// (if extending leaves at least three liberties) and the capture of any chain in atari
/// touching it.
pub(crate) fn atari_moves(board: &Board, area: &[u16], me: Color, out: &mut Vec<u16>) {
    let mut seen = [u16::MAX; 18];
    let mut n_seen = 0;
    for &q in area {
        let Some(color) = board.stone_at(q) else {
            continue;
        };
        let chain = board.chain_id(q);
        if seen[..n_seen].contains(&chain) || n_seen == seen.len() {
            continue;
        }
        seen[n_seen] = chain;
        n_seen += 1;
        let Some(lib) = board.atari_liberty(q) else {
            continue;
        };
        if color != me {
            if !out.contains(&lib) {
                out.push(lib);
            }
            continue;
        }
        // Two liberties after running are often a ladder: only three count as an escape.
        if board.liberties_after(lib, me, 3).len() >= 3 && !out.contains(&lib) {
            out.push(lib);
        }
        counter_captures(board, q, me.other(), out);
    }
}

/// The liberties of the chains of `opp` in atari that touch the chain at `c`.
fn counter_captures(board: &Board, c: u16, opp: Color, out: &mut Vec<u16>) {
    let id = board.chain_id(c);
    for s in board.chain_cells(c) {
        for q in board.cell_neighbours(s) {
            if board.stone_at(q) == Some(opp)
                && board.chain_id(q) != id
                && let Some(lib) = board.atari_liberty(q)
                && !out.contains(&lib)
            {
                out.push(lib);
            }
        }
    }
}

/// A random acceptable move among `cands` (removed from it as they are tried): empty, the
/// light playout's rule, and with `avoid_self_atari` not a self-atari.
fn pick(
    board: &Board,
    me: Color,
    cands: &mut Vec<u16>,
    rng: &mut fastrand::Rng,
    avoid_self_atari: bool,
) -> Option<u16> {
    while !cands.is_empty() {
        let k = rng.usize(..cands.len());
        let i = cands.swap_remove(k);
        if board.is_empty_cell(i)
            && board.playout_allows(i, me)
            && !(avoid_self_atari && board.is_self_atari(i, me))
        {
            return Some(i);
        }
    }
    None
}

/// A uniformly random move among the points the light playout accepts that are no
/// self-atari (a lone stone's self-atari is let through at random). When only
/// self-ataris are left, one of them at random, as the light playout would: passing
/// instead would end playouts with dead chains standing whose owner cannot fill its
/// own liberties without self-atari, and count them as alive.
fn random_move(
    board: &mut Board,
    me: Color,
    config: &HeavyConfig,
    rng: &mut fastrand::Rng,
    rejected: &mut Vec<u16>,
) -> Option<u16> {
    rejected.clear();
    let mut left = board.empty_cells().len();
    while left > 0 {
        let k = rng.usize(..left);
        let i = board.empty_cells()[k];
        if board.playout_allows(i, me) {
            if !(board.is_self_atari(i, me) && rejects(board, i, me, config, rng)) {
                board.place_slot(k, me);
                return Some(i);
            }
            rejected.push(i);
        }
        left -= 1;
        board.swap_empty_slots(k, left);
    }
    if rejected.is_empty() {
        return None;
    }
    let i = rejected[rng.usize(..rejected.len())];
    board.place(i, me);
    Some(i)
}

/// Whether to reject the self-atari of `me` at `i`: always when it joins an own chain,
/// else by chance.
fn rejects(
    board: &Board,
    i: u16,
    me: Color,
    config: &HeavyConfig,
    rng: &mut fastrand::Rng,
) -> bool {
    let joins = board
        .cell_neighbours(i)
        .iter()
        .any(|&q| board.stone_at(q) == Some(me));
    joins || rng.f32() < config.reject_lone_self_atari
}

/// The RAVE key of a cell's point (the same as [`point_key`] of the point).
fn key_of(board: &Board, i: u16) -> u64 {
    let s = board.stride();
    u64::from(i / s - 1) * u64::from(MAX_SIZE) + u64::from(i % s - 1)
}
