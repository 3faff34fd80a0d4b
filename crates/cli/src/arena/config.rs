//! What a match is asked to play ([`MatchConfig`]), what each game of it gave
//! ([`GameResult`]), and where each game is written: shared by the classic match and the
//! other variants' matches.

use std::path::PathBuf;

use anyhow::Context;
use stonefield_record::{Record, Variant, sgf};
use stonefield_rules::{Color, Outcome};

/// A variant whose games a match can play (classic Go between GTP engines, the others
/// in this process).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MatchVariant {
    Classic,
    Continuous,
    Margo,
    Topological,
}

/// `stonefield match` options.
#[derive(Debug, clap::Args)]
pub struct MatchConfig {
    /// The two players. Classic Go: each a GTP engine's command line; `builtin ARGS` stands
    /// for `stonefield gtp ARGS` (this binary), e.g. `builtin --level 10`. Other variants:
    /// `random`, `greedy` (the best live count after one move) or `ai [--level N]
    /// [--playouts N] [--time S] [--threads N]`.
    #[arg(long = "player", short = 'p', num_args = 1, required = true)]
    pub players: Vec<String>,
    /// The variant; all but classic Go are played between built-in players.
    #[arg(long, value_enum, default_value_t = MatchVariant::Classic)]
    pub variant: MatchVariant,
    /// Games to play; the first player takes Black in the odd-numbered games.
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// Board size [default: 9 for classic Go, 7 for MarGo, 10 for Topological Go; continuous
    /// Go plays its default board].
    #[arg(long)]
    pub size: Option<u8>,
    /// Komi [default: 7.5 for classic Go, the rules' default for continuous Go].
    #[arg(long)]
    pub komi: Option<f64>,
    /// Rule preset of the referee (chinese, japanese, tromp-taylor, aga, new-zealand).
    #[arg(long, default_value = "chinese")]
    pub rules: String,
    /// Seconds a move, sent to both engines as `time_settings 0 T 1` with `time_left`
    /// before each move; 0 sends no clock.
    #[arg(long, default_value_t = 0.0)]
    pub time: f64,
    /// A game longer than this many moves is stopped and counted as it stands.
    #[arg(long)]
    pub max_moves: Option<u32>,
    /// Seconds an engine may take to answer before the match fails.
    #[arg(long, default_value_t = 120.0)]
    pub answer_timeout: f64,
    /// The engine that counts finished games (`final_score`); by default stonefield's own
    /// estimate of dead stones in this process.
    #[arg(long)]
    pub referee: Option<String>,
    /// Where the games are written (`game-001.sgf`, `game-001.json`, ...).
    #[arg(long, default_value = "match-games")]
    pub out: PathBuf,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// How one game ended.
#[derive(Debug, Clone, PartialEq)]
pub struct GameResult {
    /// Index in `players` of Black and of White.
    pub black: usize,
    pub white: usize,
    pub outcome: Outcome,
    pub moves: usize,
    /// Why it ended, in words (`two passes`, `resignation`, `illegal move D4 (ko)`, ...).
    pub reason: String,
}

impl GameResult {
    /// The index of the winner in `players`, or `None` for a draw.
    pub fn winner(&self) -> Option<usize> {
        match self.outcome {
            Outcome::Win { winner, .. } => Some(self.index_of(winner)),
            Outcome::Draw => None,
        }
    }

    fn index_of(&self, color: Color) -> usize {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }
}

/// Writes game `number` as `game-NNN.json`, and for classic Go also `game-NNN.sgf`.
pub(crate) fn write_game(config: &MatchConfig, number: u32, record: &Record) -> anyhow::Result<()> {
    let stem = config.out.join(format!("game-{number:03}"));
    let json_path = stem.with_extension("json");
    std::fs::write(&json_path, record.to_json())
        .with_context(|| format!("cannot write {}", json_path.display()))?;
    if record.variant != Variant::Classic {
        return Ok(());
    }
    let sgf_path = stem.with_extension("sgf");
    let text = sgf::write(record).context("SGF of the game")?;
    std::fs::write(&sgf_path, text).with_context(|| format!("cannot write {}", sgf_path.display()))
}
