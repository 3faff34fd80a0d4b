//! `stonefield bench ...`: engine speed figures, median of several timed runs, one thread.

mod continuous;
mod median;
mod playouts;
mod search;
mod server;
mod workload;

use clap::Subcommand;

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
    }
}
