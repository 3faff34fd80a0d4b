//! `stonefield learn-patterns PATHS... --out FILE`: learns the gammas of classic Go's move
//! features (`stonefield_ai::classic::mm`) from game records, SGF or JSON, directories
//! searched for them; a progress bar on standard error. The built-in gammas
//! (`crates/ai/src/classic/gammas.txt`) were made by it.

use std::path::{Path, PathBuf};

use anyhow::Context;
use stonefield_ai::classic::features::Position;
use stonefield_ai::classic::mm::TrainingSet;
use stonefield_record::{AnyGame, MoveKind, MoveResult, Record, Variant};
use stonefield_rules::classic::Point;

use crate::bad_input::BadInput;
use crate::progress::stderr_bar;
use crate::replay::load;

/// `stonefield learn-patterns` options.
#[derive(Debug, clap::Args)]
pub struct LearnOptions {
    /// Game records (.sgf or .json), or directories searched for them.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Where the gammas are written.
    #[arg(long)]
    pub out: PathBuf,
    /// The share of each game's moves taken as training positions (0 to 1).
    #[arg(long, default_value_t = 0.1)]
    pub sample: f64,
    /// Sweeps of minorization-maximization over the feature groups.
    #[arg(long, default_value_t = 20)]
    pub sweeps: usize,
    /// A 3x3 shape among fewer candidate moves than this shares the gamma of rare shapes.
    #[arg(long, default_value_t = 100)]
    pub min_shape: u32,
    /// A spatial pattern (radius 2 to 5 around the move) played fewer times than this is no
    /// feature.
    #[arg(long, default_value_t = 20)]
    pub min_spatial: u32,
    /// The seed of the sampling.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where the records come from, for the file's header after "N games" ("between...").
    #[arg(long)]
    pub source: Option<String>,
}

/// Learns and writes the gammas.
///
/// # Errors
/// [`BadInput`] for a bad `--sample`, no record found, or no position taken; an output
/// file that cannot be written. A record that cannot be read is reported and skipped.
pub fn run(options: &LearnOptions) -> anyhow::Result<()> {
    if !(options.sample > 0.0 && options.sample <= 1.0) {
        return Err(BadInput(format!("--sample {} is outside (0, 1]", options.sample)).into());
    }
    let files = record_files(&options.paths)?;
    if files.is_empty() {
        return Err(BadInput("no .sgf or .json record under the paths given".into()).into());
    }
    let bar = stderr_bar(
        files.len() as u64,
        "reading {bar:30} {pos}/{len}  [{elapsed}]",
    );
    let mut set = TrainingSet::default();
    let mut rng = fastrand::Rng::with_seed(options.seed);
    let (mut games, mut skipped) = (0, 0);
    for file in &files {
        match load(file) {
            Ok(loaded) if loaded.record().variant == Variant::Classic => {
                add_game(&mut set, loaded.record(), options.sample, &mut rng);
                games += 1;
            }
            Ok(_) => skipped += 1,
            Err(e) => {
                bar.suspend(|| eprintln!("skipped: {e}"));
                skipped += 1;
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    if set.positions() == 0 {
        return Err(BadInput("no position was taken from the records".into()).into());
    }
    eprintln!(
        "{games} games, {skipped} file{} unreadable or not classic Go; {} positions, {} \
         candidate moves",
        if skipped == 1 { "" } else { "s" },
        set.positions(),
        set.candidates()
    );
    let bar = stderr_bar(
        options.sweeps as u64,
        "learning {bar:30} {pos}/{len}  [{elapsed}]",
    );
    let minimums = (options.min_shape, options.min_spatial);
    let learnt = set.learn(options.sweeps, minimums, |n| bar.set_position(n as u64));
    bar.finish_and_clear();
    eprintln!(
        "recorded move strongest in {:.1}% of positions, mean log-likelihood {:.3}, {} shapes, \
         {} spatial patterns",
        learnt.top1 * 100.0,
        learnt.log_likelihood,
        learnt.shapes.len(),
        learnt.spatial.len()
    );
    let header = format!(
        "Gammas of classic Go's move features, learnt by `stonefield learn-patterns` from\n\
         {games} games{} ({} positions, --sample {} --sweeps {} --min-shape {} --min-spatial {} \
         --seed {}).\n\
         The recorded move is the strongest in {:.1}% of the positions.",
        options
            .source
            .as_ref()
            .map(|s| format!(" {s}"))
            .unwrap_or_default(),
        set.positions(),
        options.sample,
        options.sweeps,
        options.min_shape,
        options.min_spatial,
        options.seed,
        learnt.top1 * 100.0,
    );
    std::fs::write(&options.out, learnt.to_text(&header))
        .with_context(|| format!("cannot write {}", options.out.display()))
}

/// Plays `record` through, adding each move of play to `set` with chance `sample`; stops
/// at the first move that is not legal.
fn add_game(set: &mut TrainingSet, record: &Record, sample: f64, rng: &mut fastrand::Rng) {
    let Ok(mut game) = AnyGame::from_record(record) else {
        return;
    };
    for mv in &record.moves {
        if let (AnyGame::Classic(adapter), MoveKind::At(at)) = (&game, &mv.kind)
            && rng.f64() < sample
        {
            let classic = adapter.game();
            let board = classic.board();
            if let [x, y] = at[..]
                && let Some(cell) =
                    Point::new(x as u32, y as u32, board.size()).and_then(|p| board.cell(p))
            {
                let position = Position::of(classic);
                set.add(&position, cell, board.empty_cells());
            }
        }
        if !matches!(game.apply(mv).result, MoveResult::Placed | MoveResult::Pass) {
            return;
        }
    }
}

/// The record files among `paths`, directories searched (in name order).
fn record_files(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for path in paths {
        collect(path, &mut out)?;
    }
    Ok(out)
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    if !path.is_dir() {
        if !path.exists() {
            return Err(BadInput(format!("{} does not exist", path.display())).into());
        }
        out.push(path.to_owned());
        return Ok(());
    }
    let mut entries: Vec<(PathBuf, bool)> = std::fs::read_dir(path)
        .with_context(|| format!("cannot read the directory {}", path.display()))?
        .filter_map(|e| {
            let e = e.ok()?;
            // The entry's own type, links not followed: a link to a parent cannot loop.
            let is_dir = e.file_type().ok()?.is_dir();
            Some((e.path(), is_dir))
        })
        .collect();
    entries.sort();
    for (entry, is_dir) in entries {
        let record = entry
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("sgf") || x.eq_ignore_ascii_case("json"));
        if is_dir || record {
            collect(&entry, out)?;
        }
    }
    Ok(())
}
