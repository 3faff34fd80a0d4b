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
    /// Playing the last good reply to the last move ([`crate::search::Replies`]), once no
    /// capture or escape was found, if it is legal and no self-atari.
    pub replies: f32,
    /// Looking for a move on a chain with two liberties beside the last move, once no
    /// capture or escape was found: an atari the chain cannot run from, or gaining an
    /// own chain liberties.
    pub two_liberties: f32,
    /// Looking for the vital point of an eye space of three to five points beside the
    /// last move (the straight and bent three, the pyramid four, the bulky and crossed
    /// fives).
    pub nakade: f32,
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
            replies: 0.0,
            two_liberties: 0.0,
            nakade: 0.0,
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
            (last, last2),
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
    (last, last2): (Option<u16>, Option<u16>),
    config: &HeavyConfig,
    table: &PatternTable,
    rng: &mut fastrand::Rng,
    trace: &Trace,
    scratch: &mut Vec<u16>,
) -> Option<u16> {
    if last.is_some() || last2.is_some() {
        let (area, n) = around_last_moves(board, last, last2);
        let area = &area[..n];
        if rng.f32() < config.capture {
            scratch.clear();
            atari_moves(board, area, me, scratch);
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
        if let Some(l) = last
            && rng.f32() < config.two_liberties
        {
            scratch.clear();
            two_liberty_moves(board, l, me, scratch);
            if let Some(i) = pick(board, me, scratch, rng, true) {
                board.place(i, me);
                return Some(i);
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
            let repeat = overlap && area[..n].contains(&q);
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
        // Most chains have too many pseudo-liberties to be in atari, which a lookup tells:
        // before the search among the chains seen.
        if !board.may_be_in_atari(q) {
            continue;
        }
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

/// The moves for `me` on the chains with two liberties at or beside the last move `last`:
/// for a chain of the opponent's, a liberty whose atari it cannot run from (extending at
/// the other leaves it at most one liberty); for an own chain, a liberty where extending
/// gives three or more.
pub(crate) fn two_liberty_moves(board: &Board, last: u16, me: Color, out: &mut Vec<u16>) {
    let mut seen = [u16::MAX; 5];
    let mut n_seen = 0;
    for q in [last].into_iter().chain(board.cell_neighbours(last)) {
        let Some(color) = board.stone_at(q) else {
            continue;
        };
        let chain = board.chain_id(q);
        if seen[..n_seen].contains(&chain) {
            continue;
        }
        seen[n_seen] = chain;
        n_seen += 1;
        let libs = board.chain_liberties(q, 3);
        let &[a, b] = libs.as_slice() else {
            continue;
        };
        for (lib, other) in [(a, b), (b, a)] {
            let good = if color == me {
                board.liberties_after(lib, me, 3).len() >= 3
            } else {
                let escape = board.liberties_after(other, color, 3);
                let kept = escape.len() - usize::from(escape.as_slice().contains(&lib));
                kept <= 1
            };
            if good && !out.contains(&lib) {
                out.push(lib);
            }
        }
    }
}

/// The vital point of an eye space beside `last`: an empty region of three to five points
/// bounded by the stones of one player (and the edge) whose point with the most
/// neighbours in the region is the only one with that many (straight and bent three, the
/// pyramid four, the bulky and crossed fives). Whoever plays it decides whether the
/// region makes two eyes; random play would find it by chance.
pub(crate) fn nakade_point(board: &Board, last: u16) -> Option<u16> {
    const MAX: usize = 5;
    for start in board.cell_neighbours(last) {
        if !board.is_empty_cell(start) {
            continue;
        }
        let mut region = [0u16; MAX + 1];
        let mut n = 1;
        region[0] = start;
        let mut owner = None;
        let mut k = 0;
        let mut closed = true;
        while k < n && closed {
            for q in board.cell_neighbours(region[k]) {
                if board.is_off_board(q) {
                    continue;
                }
                match board.stone_at(q) {
                    Some(c) if owner.is_none_or(|o| o == c) => owner = Some(c),
                    Some(_) => closed = false,
                    None if region[..n].contains(&q) => {}
                    None if n == MAX => closed = false,
                    None => {
                        region[n] = q;
                        n += 1;
                    }
                }
            }
            k += 1;
        }
        if !closed || n < 3 || owner.is_none() {
            continue;
        }
        let region = &region[..n];
        let inside = |i: u16| {
            board
                .cell_neighbours(i)
                .iter()
                .filter(|q| region.contains(q))
                .count()
        };
        let most = region.iter().map(|&i| inside(i)).max().unwrap_or(0);
        let mut vital = region.iter().filter(|&&i| inside(i) == most);
        if let (Some(&i), None) = (vital.next(), vital.next()) {
            return Some(i);
        }
    }
    None
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

/// The cell of the point with RAVE key `key`, if it is on the board.
fn cell_of_key(board: &Board, key: u64) -> Option<u16> {
    let (x, y) = (key % u64::from(MAX_SIZE), key / u64::from(MAX_SIZE));
    let size = u64::from(board.size());
    (x < size && y < size).then(|| {
        let s = u64::from(board.stride());
        ((y + 1) * s + x + 1) as u16
    })
}

/// The RAVE key of a cell's point (the same as [`point_key`] of the point).
fn key_of(board: &Board, i: u16) -> u64 {
    let s = board.stride();
    u64::from(i / s - 1) * u64::from(MAX_SIZE) + u64::from(i % s - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use stonefield_rules::classic::{Rules, diagram_stones};

    /// The board of a diagram (`X` Black, `O` White, `.` empty; row 0 at the top).
    fn board(rows: &[&str]) -> Board {
        let (size, stones) = diagram_stones(rows).expect("a diagram");
        let rules = Rules::preset("chinese", size).expect("preset");
        let game = ClassicGame::from_setup(rules, &stones, Color::Black).expect("setup");
        game.board().clone()
    }

    fn cell(b: &Board, x: u32, y: u32) -> u16 {
        b.cell(Point::new(x, y, b.size()).expect("on board"))
            .expect("a cell")
    }

    #[test]
    fn the_vital_points_of_a_straight_three_and_a_pyramid_four() {
        // White's eye space on the top edge: (1,0) (2,0) (3,0), closed by White.
        let b = board(&[
            "O...O..", //
            "OOOOO..", //
            ".......", //
            ".......", //
            ".......", //
            ".......", //
            ".......",
        ]);
        assert_eq!(nakade_point(&b, cell(&b, 0, 0)), Some(cell(&b, 2, 0)));
        // Beside (2,1): the top row and its ends are seven points, too many; the pyramid
        // (2,2) (1,3) (2,3) (3,3) has its vital point in the middle of its base.
        let pyramid = board(&[
            ".....", //
            ".XXX.", //
            "XX.XX", //
            "X...X", //
            "XXXXX",
        ]);
        assert_eq!(
            nakade_point(&pyramid, cell(&pyramid, 2, 1)),
            Some(cell(&pyramid, 2, 3))
        );
    }

    #[test]
    fn no_vital_point_in_one_point_a_straight_four_an_open_or_a_shared_space() {
        let one = board(&[
            "X.X", //
            "XXX", //
            "X.X",
        ]);
        assert_eq!(nakade_point(&one, cell(&one, 1, 1)), None);
        let four = board(&[
            "......", //
            "XXXXXX", //
            "X....X", //
            "XXXXXX", //
            "......", //
            "......",
        ]);
        assert_eq!(nakade_point(&four, cell(&four, 1, 1)), None);
        let open = board(&["........."; 9]);
        assert_eq!(nakade_point(&open, cell(&open, 4, 4)), None);
        let shared = board(&[
            "X...O", //
            "XXXOO", //
            ".....", //
            ".....", //
            ".....",
        ]);
        assert_eq!(nakade_point(&shared, cell(&shared, 0, 0)), None);
    }

    #[test]
    fn two_liberty_moves_atari_what_cannot_run_and_extend_own_chains() {
        // White (3,3) has the liberties (4,3) and (3,4); Black's chains beside it have
        // three or more.
        let free = board(&[
            ".......", //
            ".......", //
            "...X...", //
            "..XO...", //
            "..X....", //
            ".......", //
            ".......",
        ]);
        let mut out = Vec::new();
        two_liberty_moves(&free, cell(&free, 3, 3), Color::Black, &mut out);
        assert!(out.is_empty(), "White runs from either atari: {out:?}");
        // With Black at (4,4) too, running from an atari at (4,3) to (3,4) leaves White
        // one liberty, (3,5); running from (3,4) to (4,3) leaves two.
        let net = board(&[
            ".......", //
            ".......", //
            "...X...", //
            "..XO...", //
            "..X.X..", //
            ".......", //
            ".......",
        ]);
        let mut out = Vec::new();
        two_liberty_moves(&net, cell(&net, 3, 3), Color::Black, &mut out);
        assert_eq!(out, vec![cell(&net, 4, 3)]);
        // White extends at (4,3) to three liberties; at (3,4) it would have two.
        let mut out = Vec::new();
        two_liberty_moves(&net, cell(&net, 3, 3), Color::White, &mut out);
        assert_eq!(out, vec![cell(&net, 4, 3)]);
    }

    #[test]
    fn cell_keys_go_both_ways() {
        let b = board(&["......."; 7]);
        for &i in b.empty_cells() {
            assert_eq!(cell_of_key(&b, key_of(&b, i)), Some(i));
        }
        assert_eq!(cell_of_key(&b, u64::from(MAX_SIZE) * 7), None);
    }

    #[test]
    fn a_playout_plays_the_last_good_reply() {
        // White's last move was (3,3); Black's learnt reply to it is (5,1).
        let b = board(&["......."; 7]);
        let (last, reply) = (cell(&b, 3, 3), cell(&b, 5, 1));
        let mut board = b.clone();
        board.place(last, Color::White);
        let mut trace = Trace::new_enabled();
        let taught = [(Color::White, last), (Color::Black, reply)];
        trace.learn_replies(taught.iter().map(|&(c, i)| Some((c, key_of(&b, i)))), 1.0);
        trace.reset(true);
        let config = HeavyConfig {
            replies: 1.0,
            ..HeavyConfig::default()
        };
        let point = b.cell_point(last);
        let mut rng = fastrand::Rng::with_seed(5);
        run(
            &mut board,
            Color::Black,
            Some(point),
            &config,
            &mut rng,
            &mut trace,
        );
        assert_eq!(trace.moves()[0], (Color::Black, key_of(&b, reply)));
    }
}
