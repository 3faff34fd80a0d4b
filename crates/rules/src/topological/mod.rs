//! Topological Go (`rules/topological.md`): each player grows trees of orthogonally joined
//! stones from two opposite corners and five reserve stones, may not play inside regions
//! either player has enclosed, and the longer longest tree wins (Black +1).
//!
//! ```
//! use stonefield_rules::{Color, Game};
//! use stonefield_rules::topological::{TopoGame, TopoRules, random_playout};
//!
//! let mut game = TopoGame::new(TopoRules::new(10, 5).unwrap());
//! assert_eq!(game.stones().len(), 4);
//! let mut rng = fastrand::Rng::with_seed(1);
//! let result = random_playout(&mut game, &mut rng);
//! assert!(game.is_over());
//! assert_eq!(game.outcome(), Some(result.outcome));
//! ```

mod enclosure;
mod game;
mod hash;
mod playout;
mod point;
mod point_set;
mod rules;
mod setup;
mod tree;

pub use game::{TopoGame, TopoMove};
pub use playout::{PlayoutResult, random_move, random_playout};
pub use point::{MAX_SIZE, MIN_SIZE, Point, PointError};
pub use point_set::PointSet;
pub use rules::{RulesError, TopoRules};
pub use setup::{SetupError, TopoSetup};
pub use tree::Tree;
