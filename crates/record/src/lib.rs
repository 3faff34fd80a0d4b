//! Game records: stonefield's JSON record for every variant, SGF for classic Go, the
//! variant-erased [`AnyGame`] that replay and the server drive, and the replay report.
//!
//! Everything here works on strings: reading files is the caller's job.
//!
//! Beyond the shared format (both are in `docs/record-format.md`), MarGo records may hold the
//! move `{"color": "black", "swap": true}` (option `swap`: Black takes White's side right after
//! White's first ball); replay reports it with result `swap`, and `final` gains `"swapped":
//! true`. Older records, which never hold it, read as before. [`AnyGame::describe`] and
//! [`AnyGame::view`] give a renderer the geometry and the display state (MarGo's zombies and
//! cut contacts, Topological Go's trees and enclosures) as JSON.
//!
//! ```
//! use stonefield_record::{Record, replay};
//!
//! let record = Record::from_json(r#"{"variant": "classic", "rules": {"board_size": 9},
//!     "moves": [{"color": "black", "at": [2, 2]}, {"color": "black", "at": [3, 3]}]}"#).unwrap();
//! let report = replay(&record).unwrap();
//! assert_eq!(report.moves[1].reason.unwrap().reason(), "not-your-turn");
//! ```

mod any_game;
mod count;
mod error;
mod fields;
mod json_text;
mod notation;
mod preview;
mod record;
mod record_move;
mod record_read;
mod replay;
mod report;
mod setup;
mod time_control;
mod variant;
mod variants;

pub mod options;
pub mod sgf;

pub use any_game::AnyGame;
pub use error::{RecordError, RecordErrorKind};
pub use notation::grid_point;
pub use record::{FORMAT, Player, Record};
pub use record_move::{MoveKind, RecordMove, Snap};
pub use replay::{ReplayReport, replay};
pub use report::{MoveReport, MoveResult};
pub use setup::{Setup, SetupStone};
pub use time_control::{TimeControl, TimeControlError};
pub use variant::{Offers, Variant};
pub use variants::{
    Adapter, ClassicAdapter, ContinuousAdapter, LiveGame, MargoAdapter, TopoAdapter,
};
