//! `stonefield`: replay and convert game records, run benchmarks (and, later, the server).
//!
//! Errors reach `main` as anyhow errors and are mapped to exit codes in one place: 2 for
//! bad input (a record or file that cannot be read), 1 for anything else.

mod bench;
mod gtp;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(name = "stonefield", version, about = "Go and its geometric variants")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Measure the engines (figures printed, median of several runs).
    Bench {
        #[command(subcommand)]
        target: bench::Target,
    },
    /// Play classic Go over the Go Text Protocol on standard input and output.
    Gtp {
        /// Light playouts per generated move.
        #[arg(long, default_value_t = 20_000)]
        playouts: u32,
        /// Seed of the move choice's random numbers.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Bench { target } => bench::run(target),
        Command::Gtp { playouts, seed } => gtp::run(playouts, seed),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("stonefield: {e:#}");
            ExitCode::from(1)
        }
    }
}
