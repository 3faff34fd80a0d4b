//! The rules of stonefield's Go variants, with no I/O.
//!
//! Every variant implements [`Game`]: the player to move, a checked [`Game::play`] that names
//! why a move is illegal ([`IllegalMove`]), pass, resign, the phase and result, the live
//! score and a position hash. Each variant lives in its own module:
//! [`classic`] for Go on a grid, [`continuous`] for Go without a grid, [`margo`] for 3D Go with stacked balls, [`topological`]
//! for the tree-building game.
//!
//! ```
//! use stonefield_rules::{Color, Game, IllegalMove};
//! use stonefield_rules::classic::{ClassicGame, Point, Rules};
//!
//! let mut game = ClassicGame::new(Rules::preset("chinese", 9).unwrap()).unwrap();
//! let p = Point::new(2, 2, 9).unwrap();
//! game.play(&p).unwrap();
//! assert_eq!(game.to_move(), Color::White);
//! assert_eq!(game.play(&p), Err(IllegalMove::Occupied));
//! ```

// The bench workload shared with the cli (`continuous::workload`) names the crate the way
// the cli does.
#[cfg(test)]
extern crate self as stonefield_rules;

#[macro_use]
mod named_values;

mod color;
mod ending;
mod game;
mod hash_keys;
mod illegal;
mod outcome;

pub mod classic;
pub mod continuous;
pub mod key_hasher;
pub mod margo;
pub mod topological;

pub use color::{ByColor, Color, ParseColorError};
pub use game::{Game, Phase, Placed, Stone, finish};
pub use illegal::{IllegalMove, Reason};
pub use outcome::{Outcome, ParseOutcomeError, WinBy};
