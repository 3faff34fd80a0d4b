//! `stonefield bench continuous`: how long a continuous-Go move, a hover preview and the
//! search for groups in atari (the server sends it with every move) take as the board
//! fills. The engine's deterministic random game on `square-19` is replayed to
//! each size on several seeds; then many further requests are timed one by one, each move
//! on a fresh clone (the clone is not timed), and as many previews as moves from the
//! same requests, so that each game weighs the same; the medians are reported. The sizes
//! take turns seed by seed, so that the ratios between them hold on a machine whose speed
//! drifts during the run.
//!
//! The atari figure is the query right after each timed move, as the server asks it: the
//! game keeps its answers, so it searches again only the groups near the move. The search
//! of every group from scratch, which grows with the board, is reported beside it.
//!
//! Beside the median of all moves, the medians of the moves that capture nothing and of
//! those that capture, and the share of the latter: on a crowded board most moves capture,
//! and a capture's cost grows with the stones it takes.
//!
//! More stones on `square-19` also means more stones near each move. To tell the two
//! apart, the same 300-stone games are timed again on a board five times as long, with
//! nothing or a crowd of 1,200 stones on the rest of it: the same moves among the same
//! neighbours, with four times as many stones on the board.
//!
//! Last, the computer player's random playouts on the default board, from the empty board
//! to the end of the game, on one thread: how many a second and how many stones each.

use std::time::Instant;

use stonefield_rules::continuous::{ContinuousGame, ContinuousRules, random_playout};

use super::workload::{BenchRequests, bench_crowd, bench_game};

use super::median::median;

/// The stone counts at which moves are timed.
const SIZES: [usize; 4] = [50, 100, 200, 300];

/// Requests tried per timed move before giving up on a crowded board.
const TRIES_PER_MOVE: usize = 40;

/// Times the search of every group from scratch is timed on each seeded position.
const SCRATCH_REPEATS: usize = 5;

/// The stones near the moves, and the crowds elsewhere, of the second table.
const CROWD_NEAR: usize = 300;
const CROWDS: [usize; 2] = [0, 1200];

/// The figures at one size.
#[derive(Debug)]
struct Figures {
    /// Stones wanted on the board.
    stones: usize,
    /// Mean stones actually reached (a crowded board may stop short).
    reached: f64,
    /// Median microseconds of a move: resolve, play, captures and score update.
    move_us: f64,
    /// Median microseconds of the moves that capture nothing, and of those that capture.
    quiet_us: f64,
    capture_us: f64,
    /// The share of timed moves that capture.
    capture_share: f64,
    /// Median microseconds of a preview: resolve and the score if played.
    hover_us: f64,
    /// Median microseconds of the groups in atari asked right after a move.
    atari_us: f64,
    /// Median microseconds of searching every group for atari from scratch.
    scratch_us: f64,
    /// Moves and previews timed.
    samples: (usize, usize),
}

/// Microseconds timed at one size.
#[derive(Debug, Default)]
struct Samples {
    moves: Vec<f64>,
    quiet: Vec<f64>,
    captures: Vec<f64>,
    hovers: Vec<f64>,
    atari: Vec<f64>,
}

fn micros(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1e6
}

/// Times up to `moves` moves and previews from `game`.
fn time_game(game: &ContinuousGame, seed: u64, moves: usize, samples: &mut Samples) {
    let mut timed = 0;
    // Another stream than the one that built the game, so the requests are fresh.
    let requests: Vec<_> = BenchRequests::new(seed ^ 0x005E_ED0F_7E57)
        .take(moves * TRIES_PER_MOVE)
        .collect();
    let mut used = 0;
    for &(request, mode) in &requests {
        if timed >= moves {
            break;
        }
        used += 1;
        let mut trial = game.clone();
        let start = Instant::now();
        let played = std::hint::black_box(trial.play_request(request, mode));
        let took = micros(start);
        // Illegal and empty requests are retried, as in the game that built the position.
        if let Ok((_, placed)) = played {
            samples.moves.push(took);
            if placed.captured.is_empty() {
                samples.quiet.push(took);
            } else {
                samples.captures.push(took);
            }
            timed += 1;
            let start = Instant::now();
            std::hint::black_box(trial.groups_in_atari());
            samples.atari.push(micros(start));
        }
    }
    // The same requests hovered, in a run of their own as a pointer hovers between two
    // clicks (not between clones of the game, whose copying would evict the caches). As
    // many as moves were timed, so that every game weighs the same: on a board with few
    // legal points left, hundreds of requests go by before a move is found.
    let mut hovered = 0;
    for &(request, mode) in &requests[..used] {
        if hovered >= timed {
            break;
        }
        let start = Instant::now();
        let preview = std::hint::black_box(game.preview(request, mode));
        let hover = micros(start);
        if preview.is_some() {
            samples.hovers.push(hover);
            hovered += 1;
        }
    }
}

/// Playouts timed for the playout figure, per seed asked for.
const PLAYOUTS_PER_SEED: u64 = 20;

/// Playouts a second from the empty default board, and the mean stones a playout places.
fn measure_playouts(seeds: u64) -> (f64, f64) {
    let empty = ContinuousGame::new(ContinuousRules::default()).expect("the default rules");
    let runs = u32::try_from(PLAYOUTS_PER_SEED * seeds.min(10_000)).unwrap_or(u32::MAX);
    let mut rng = fastrand::Rng::with_seed(seeds);
    let mut moves = 0u64;
    let start = Instant::now();
    for _ in 0..runs {
        let mut game = empty.clone();
        moves += u64::from(random_playout(&mut game, &mut rng, u32::MAX).moves);
    }
    let seconds = start.elapsed().as_secs_f64();
    (f64::from(runs) / seconds, moves as f64 / f64::from(runs))
}

/// The figures of moves among `CROWD_NEAR` stones with `elsewhere` more on the board.
#[derive(Debug)]
struct CrowdFigures {
    elsewhere: usize,
    /// Mean stones on the whole board.
    reached: f64,
    move_us: f64,
    hover_us: f64,
    atari_us: f64,
}

/// What is timed at one size (or one crowd) over the seeds.
#[derive(Debug, Default)]
struct Tally {
    samples: Samples,
    scratch_us: Vec<f64>,
    reached: usize,
}

/// Times the game of `seed` at `stones` stones into `tally`, with the search of every
/// group from scratch.
fn measure_size(stones: usize, seed: u64, moves: usize, tally: &mut Tally) {
    let game = bench_game(seed, stones);
    for _ in 0..SCRATCH_REPEATS {
        let start = Instant::now();
        std::hint::black_box(game.groups_in_atari_from_scratch());
        tally.scratch_us.push(micros(start));
    }
    time_position(&game, seed, moves, tally);
}

/// Times the crowded game of `seed` with `elsewhere` stones away from the moves.
fn measure_crowd(elsewhere: usize, seed: u64, moves: usize, tally: &mut Tally) {
    let game = bench_crowd(seed, CROWD_NEAR, elsewhere);
    time_position(&game, seed, moves, tally);
}

/// Times moves, previews and atari queries from `game` into `tally`.
fn time_position(game: &ContinuousGame, seed: u64, moves: usize, tally: &mut Tally) {
    tally.reached += game.stone_count();
    // The answers for the position itself, kept as a server's game keeps them.
    std::hint::black_box(game.groups_in_atari());
    time_game(game, seed, moves, &mut tally.samples);
}

/// Times every size and every crowd, seed by seed: all of them share each stretch of
/// the run, so a machine whose speed drifts while it runs (ours do, by half) skews none
/// against another. Returns the tallies of the sizes and of the crowds.
fn measure_all(seeds: u64, moves: usize) -> (Vec<Tally>, Vec<Tally>) {
    let mut sizes: Vec<Tally> = SIZES.iter().map(|_| Tally::default()).collect();
    let mut crowds: Vec<Tally> = CROWDS.iter().map(|_| Tally::default()).collect();
    for seed in 1..=seeds {
        for (&stones, tally) in SIZES.iter().zip(&mut sizes) {
            measure_size(stones, seed, moves, tally);
        }
        for (&elsewhere, tally) in CROWDS.iter().zip(&mut crowds) {
            measure_crowd(elsewhere, seed, moves, tally);
        }
    }
    (sizes, crowds)
}

fn size_figures(stones: usize, seeds: u64, tally: Tally) -> Figures {
    let samples = tally.samples;
    let timed = samples.moves.len();
    Figures {
        stones,
        reached: tally.reached as f64 / seeds as f64,
        samples: (timed, samples.hovers.len()),
        capture_share: samples.captures.len() as f64 / timed.max(1) as f64,
        move_us: median(samples.moves),
        quiet_us: median(samples.quiet),
        capture_us: median(samples.captures),
        hover_us: median(samples.hovers),
        atari_us: median(samples.atari),
        scratch_us: median(tally.scratch_us),
    }
}

fn crowd_figures(elsewhere: usize, seeds: u64, tally: Tally) -> CrowdFigures {
    CrowdFigures {
        elsewhere,
        reached: tally.reached as f64 / seeds as f64,
        move_us: median(tally.samples.moves),
        hover_us: median(tally.samples.hovers),
        atari_us: median(tally.samples.atari),
    }
}

/// Two decimals, as JSON numbers (null when nothing was timed).
fn rounded(x: f64) -> serde_json::Value {
    if x.is_finite() {
        serde_json::Value::from((x * 100.0).round() / 100.0)
    } else {
        serde_json::Value::Null
    }
}

/// Runs the bench and prints two tables, or with `json` one object `{"sizes": [{"stones",
/// "move_us", "hover_us", "atari_us", "atari_scratch_us", "move_quiet_us",
/// "move_capture_us", "capture_share"}, ...], "elsewhere": [{"near_stones",
/// "stones_elsewhere", "stones", "move_us", "hover_us", "atari_us"}, ...], "playouts_per_s",
/// "playout_moves"}`.
pub fn run(json: bool, seeds: u64, moves: usize) {
    let seeds = seeds.max(1);
    let (sizes, crowds) = measure_all(seeds, moves);
    let figures: Vec<Figures> = SIZES
        .iter()
        .zip(sizes)
        .map(|(&n, tally)| size_figures(n, seeds, tally))
        .collect();
    let crowds: Vec<CrowdFigures> = CROWDS
        .iter()
        .zip(crowds)
        .map(|(&n, tally)| crowd_figures(n, seeds, tally))
        .collect();
    let (playouts_per_s, playout_moves) = measure_playouts(seeds);
    if json {
        let elsewhere: Vec<serde_json::Value> = crowds
            .iter()
            .map(|c| {
                serde_json::json!({
                    "near_stones": CROWD_NEAR,
                    "stones_elsewhere": c.elsewhere,
                    "stones": rounded(c.reached),
                    "move_us": rounded(c.move_us),
                    "hover_us": rounded(c.hover_us),
                    "atari_us": rounded(c.atari_us),
                })
            })
            .collect();
        let sizes: Vec<serde_json::Value> = figures
            .iter()
            .map(|f| {
                serde_json::json!({
                    "stones": f.stones,
                    "move_us": rounded(f.move_us),
                    "hover_us": rounded(f.hover_us),
                    "atari_us": rounded(f.atari_us),
                    "atari_scratch_us": rounded(f.scratch_us),
                    "move_quiet_us": rounded(f.quiet_us),
                    "move_capture_us": rounded(f.capture_us),
                    "capture_share": rounded(f.capture_share),
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::json!({
                "sizes": sizes,
                "elsewhere": elsewhere,
                "playouts_per_s": rounded(playouts_per_s),
                "playout_moves": rounded(playout_moves),
            })
        );
        return;
    }
    println!(
        "continuous Go on square-19, one thread: median of single moves on {seeds} seeded games per size"
    );
    println!(
        "  stones  reached   move (us)  hover (us)  atari (us)  atari from scratch (us)  timed moves/previews  quiet move (us)  capture (us)  captures"
    );
    for f in &figures {
        println!(
            "  {:>6}  {:>7.1}  {:>10.2}  {:>10.2}  {:>10.2}  {:>23.2}  {:>20}  {:>15.2}  {:>12.2}  {:>7.0}%",
            f.stones,
            f.reached,
            f.move_us,
            f.hover_us,
            f.atari_us,
            f.scratch_us,
            format!("{}/{}", f.samples.0, f.samples.1),
            f.quiet_us,
            f.capture_us,
            100.0 * f.capture_share,
        );
    }
    println!(
        "the same {CROWD_NEAR}-stone games on a board five times as long, with a crowd on the rest of it"
    );
    println!("  stones elsewhere  stones on the board   move (us)  hover (us)  atari (us)");
    for c in &crowds {
        println!(
            "  {:>16}  {:>19.1}  {:>10.2}  {:>10.2}  {:>10.2}",
            c.elsewhere, c.reached, c.move_us, c.hover_us, c.atari_us
        );
    }
    println!(
        "random playouts on the default board, one thread: {playouts_per_s:.0} a second, {playout_moves:.0} stones each"
    );
}
