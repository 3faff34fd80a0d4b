//! Heavy playouts for classic Go, in the MoGo / Pachi / michi manner: each move first
//! answers the last one (capture a chain it left in atari, save an own chain it put in
//! atari), else follows a 3x3 shape pattern next to it, else is random among the points
//! the light playout accepts, avoiding self-atari. [`HeavyPolicy`] is the tree search's
//! policy on them, with priors for the tree ([`super::priors`]).

use stonefield_rules::classic::{Board, ClassicGame, MAX_SIZE, PlayoutResult, Point};
use stonefield_rules::{Color, Game, Phase};

use super::patterns::{self, PatternTable};
use super::{classic_candidates, point_key};
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
    /// Whether the tree gets priors ([`super::priors`]) for new moves.
    pub priors: bool,
}

impl Default for HeavyConfig {
    fn default() -> Self {
        HeavyConfig {
            capture: 0.9,
            pattern: 0.95,
            reject_lone_self_atari: 0.5,
            priors: true,
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
        game.phase() == Phase::Playing && game.handicap_left() == 0
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
        if black_margin > 0.0 {
            1.0
        } else if black_margin < 0.0 {
            0.0
        } else {
            0.5
        }
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
    let limit = 3 * u32::from(board.size()) * u32::from(board.size());
    let (mut passes, mut moves) = (0, 0);
    let mut scratch = Vec::with_capacity(16);
    while passes < 2 && moves < limit {
        match choose(board, to_move, last, config, table, rng, &mut scratch) {
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
    let [black, white] = board.area();
    PlayoutResult {
        area_difference: black as i32 - white as i32,
        moves,
    }
}

/// Chooses and plays a move of `me`; the cell played, or `None` (then the caller passes).
fn choose(
    board: &mut Board,
    me: Color,
    last: Option<u16>,
    config: &HeavyConfig,
    table: &PatternTable,
    rng: &mut fastrand::Rng,
    scratch: &mut Vec<u16>,
) -> Option<u16> {
    if let Some(l) = last {
        if rng.f32() < config.capture {
            scratch.clear();
            atari_moves(board, l, me, scratch);
            if let Some(i) = pick(board, me, scratch, rng, false) {
                board.place(i, me);
                return Some(i);
            }
        }
        if rng.f32() < config.pattern {
            scratch.clear();
            for q in board
                .cell_neighbours(l)
                .into_iter()
                .chain(board.cell_diagonals(l))
            {
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
    random_move(board, me, config, rng)
}

/// The urgent moves after a move at `l`: the liberty of a chain of the opponent's left in
/// atari there, and for each own chain beside `l` in atari, its escape (if extending gains
/// liberties) and the capture of any chain in atari touching it.
pub(crate) fn atari_moves(board: &Board, l: u16, me: Color, out: &mut Vec<u16>) {
    let opp = me.other();
    if board.stone_at(l) == Some(opp)
        && let Some(lib) = board.atari_liberty(l)
    {
        out.push(lib);
    }
    let mut seen = [u16::MAX; 4];
    for (k, q) in board.cell_neighbours(l).into_iter().enumerate() {
        if board.stone_at(q) != Some(me) {
            continue;
        }
        let chain = board.chain_id(q);
        if seen.contains(&chain) {
            continue;
        }
        seen[k] = chain;
        let Some(lib) = board.atari_liberty(q) else {
            continue;
        };
        if board.liberties_after(lib, me, 2).len() >= 2 {
            out.push(lib);
        }
        counter_captures(board, q, opp, out);
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
/// self-atari (a lone stone's self-atari is let through at random); when only
/// self-ataris of chains remain, none: the player passes.
fn random_move(
    board: &mut Board,
    me: Color,
    config: &HeavyConfig,
    rng: &mut fastrand::Rng,
) -> Option<u16> {
    let mut left = board.empty_cells().len();
    while left > 0 {
        let k = rng.usize(..left);
        let i = board.empty_cells()[k];
        if board.playout_allows(i, me)
            && !(board.is_self_atari(i, me) && rejects(board, i, me, config, rng))
        {
            board.place_slot(k, me);
            return Some(i);
        }
        left -= 1;
        board.swap_empty_slots(k, left);
    }
    None
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
