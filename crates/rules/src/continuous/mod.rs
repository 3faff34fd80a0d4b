//! Continuous Go (Sugo): stones are discs placed anywhere on a polygon board
//! (`rules/continuous.md`). Geometry is exact (within `eps = 1e-9 r`) and every structure
//! is updated locally: a move reads the stones near it (and near the stones it captures),
//! so its cost follows how crowded the board is around it and how many stones it takes,
//! not how many stand elsewhere.
//!
//! ```
//! use stonefield_rules::Game;
//! use stonefield_rules::continuous::{ContinuousGame, ContinuousRules, Point, SnapMode};
//!
//! let mut game = ContinuousGame::new(ContinuousRules::default()).unwrap();
//! game.play(&Point::new(3.0, 3.0).unwrap()).unwrap();
//! // Hovering: what a click would do, without changing the game.
//! let preview = game.preview(Point::new(3.5, 3.2).unwrap(), SnapMode::Nearest).unwrap();
//! let score = preview.verdict.unwrap().score;
//! assert!(score.black + score.white > 169.0);
//! assert_eq!(game.stone_count(), 1);
//! ```

#![warn(missing_docs)]

mod arcs;
mod atari;
mod atari_cache;
mod atari_group;
mod atari_query;
mod audit;
mod board;
mod candidates;
mod game;
mod grid;
mod hash;
mod liberty;
mod marking;
mod plan;
mod playout;
mod point;
mod polygon;
mod position;
mod preview;
mod resolve;
mod rules;
mod voronoi;
/// The games `stonefield bench continuous` times, for the tests that replay them; the cli
/// owns the workload so that it is no API of this library.
#[cfg(test)]
#[path = "../../../cli/src/bench/workload.rs"]
mod workload;

pub use atari_group::Atari;
pub use audit::AuditError;
pub use board::Board;
pub use game::{ContinuousGame, SetupError};
pub use playout::{PlayoutResult, random_playout};
pub use point::{CoordError, Point};
pub use polygon::{MAX_COORD, MAX_VERTICES, Polygon, PolygonError};
pub use preview::{Hypothetical, Preview, RequestError};
pub use resolve::SnapMode;
pub use rules::{BoardShape, ContinuousRules, KoRule, Preset, RulesError};
