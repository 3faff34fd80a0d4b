//! `stonefield`: replay and convert game records, run benchmarks (and, later, the server).
//!
//! Errors reach `main` as anyhow errors and are mapped to exit codes in one place: 2 for
//! bad input (a record or file that cannot be read), 1 for anything else.

mod arena;
mod bad_input;
mod bench;
mod convert;
mod gtp;
mod learn;
mod progress;
mod replay;
mod review;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use bad_input::BadInput;

// glibc's allocator spent about a fifth of the server's time under load (its arenas'
// locks and consolidation); mimalloc's thread-local heaps suit tokio's many small buffers.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Debug, Parser)]
#[command(
    name = "stonefield",
    version,
    about = "Go and its geometric variants",
    after_help = "Game records (JSON) and the replay report: docs/record-format.md in the \
                  stonefield repository."
)]
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
    Gtp(gtp::Options),
    /// Replay a JSON record or an SGF file: the final board and result, or every move's
    /// result as JSON (both formats: docs/record-format.md).
    Replay {
        /// The record (.json) or SGF file (.sgf); the content decides.
        file: PathBuf,
        /// Print the replay report of docs/record-format.md instead of a board.
        #[arg(long)]
        json: bool,
    },
    /// Review a game (JSON record or SGF, any variant): Black's win estimate after every
    /// move, what each move lost, the move the computer preferred; the largest swings
    /// starred. A progress bar on standard error.
    Review {
        /// The record (.json) or SGF file (.sgf).
        file: PathBuf,
        /// Print the review as JSON (docs/record-format.md, "Review").
        #[arg(long)]
        json: bool,
        /// The computer's level for the review (1-10) [default: 6, as hints].
        #[arg(long)]
        level: Option<u8>,
    },
    /// Convert a classic game between SGF and the JSON record (formats from the extensions).
    Convert { input: PathBuf, output: PathBuf },
    /// Learn the gammas of classic Go's move features (3x3 shapes, spatial patterns,
    /// captures, ataris, distances...) from game records by minorization-maximization.
    LearnPatterns(learn::LearnOptions),
    /// Play classic Go games between two GTP engines, colours alternating, and print the
    /// win table with its 95% confidence interval.
    Match(arena::MatchConfig),
    /// Serve games to browsers (prints the address to open).
    Serve(stonefield_server::Config),
}

/// The exit status for an error: 2 for bad input, 1 for the rest.
fn exit_code(e: &anyhow::Error) -> u8 {
    if e.chain().any(|c| c.is::<BadInput>()) {
        2
    } else {
        1
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Bench { target } => bench::run(target),
        Command::Gtp(options) => gtp::run(options),
        Command::Replay { file, json } => replay::run(&file, json),
        Command::Review { file, json, level } => review::run(&file, json, level),
        Command::Convert { input, output } => convert::run(&input, &output),
        Command::LearnPatterns(options) => learn::run(&options),
        Command::Match(config) => arena::run(&config),
        Command::Serve(config) => stonefield_server::run(config),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("stonefield: {e:#}");
            ExitCode::from(exit_code(&e))
        }
    }
}
