//! MarGo: Go with balls that stack into pyramids (`rules/margo.md`, after Browne's *Margo
//! Basics*): the pyramid board, contacts cut by bridges and hidden by burial, groups and
//! freedom, capture rounds that leave pinned balls as zombies, the checked game, the book's
//! tournament notation and fast random playouts.
//!
//! ```
//! use stonefield_rules::{Color, Game, IllegalMove};
//! use stonefield_rules::margo::{MargoGame, MargoRules, Point};
//!
//! let mut game = MargoGame::new(MargoRules::default()).unwrap();
//! assert_eq!(game.to_move(), Color::White);
//! let up = Point::new(0, 0, 1, 7).unwrap();
//! assert_eq!(game.play(&up), Err(IllegalMove::Unsupported));
//! game.play(&Point::new(3, 3, 0, 7).unwrap()).unwrap();
//! assert_eq!(game.pass(), Err(IllegalMove::PassNotAllowed));
//! ```

mod analysis;
mod bits;
mod board;
mod capture;
mod game;
mod notation;
mod playout;
mod point;
mod rules;
mod topology;
mod view;
mod zobrist;

pub use game::{MargoGame, SetupError};
pub use notation::{Cell, NotationError};
pub use playout::{
    PlayoutResult, PlayoutScratch, random_move, random_playout, random_playout_with,
};
pub use point::{MAX_SIZE, MIN_SIZE, Point, PointError};
pub use rules::{MargoRules, RulesError};
pub use view::Group;
