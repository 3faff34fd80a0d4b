//! `stonefield bench ...`: engine speed figures, median of several timed runs, one thread;
//! and the heavy playouts' balance against a stronger program's judgement.

mod balance;
mod continuous;
mod median;
mod playouts;
mod search;
mod server;
mod workload;

use clap::Subcommand;

use crate::gtp::Tuning;

#[derive(Debug, Subcommand)]
pub enum Target {
    /// Light random playouts per second on 9x9 and 19x19, then the heavy playouts of the
    /// computer player and its tree search (one thread and every core).
    Classic {
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Continuous Go on square-19: median time of a whole move, of a hover preview and of
    /// the query for groups in atari after a move, at 50, 100, 200 and 300 stones.
    Continuous {
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
        /// Random games per size (each a different seed).
        #[arg(long, default_value_t = 10)]
        seeds: u64,
        /// Moves and previews timed per game.
        #[arg(long, default_value_t = 200)]
        moves: usize,
    },
    /// MarGo random playouts per second on 7x7 and 9x9.
    Margo {
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Topological Go random playouts per second on 10x10 and 19x19.
    Topological {
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Concurrent WebSocket games against an in-process server.
    Server(server::BenchConfig),
    /// How far the heavy playouts' mean result strays from Pachi's judgement of 200 9x9
    /// positions: root mean square error, mean absolute error, bias and the positions on
    /// the same side of one half. Lower errors should mislead the tree search less, but
    /// only matches tell whether a change plays better.
    Balance {
        /// Heavy playouts from each position.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..))]
        playouts: u32,
        /// Playout settings to measure, as `name=value` pairs separated by commas (those
        /// of `stonefield gtp --tune`).
        #[arg(long, value_parser = Tuning::parse)]
        tune: Option<Tuning>,
        /// Print one JSON object instead of a line.
        #[arg(long)]
        json: bool,
    },
}

pub fn run(target: Target) -> anyhow::Result<()> {
    match target {
        Target::Classic { json } => playouts::classic(json),
        Target::Margo { json } => playouts::margo(json),
        Target::Topological { json } => playouts::topological(json),
        Target::Continuous { json, seeds, moves } => {
            continuous::run(json, seeds, moves);
            Ok(())
        }
        Target::Server(config) => server::run(config),
        Target::Balance {
            playouts,
            tune,
            json,
        } => balance::run(playouts, tune.as_ref(), json),
    }
}
