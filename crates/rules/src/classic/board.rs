//! The grid board: stones, chains with pseudo-liberties and an empty-point list, laid out in
//! a padded array so that neighbours are index offsets. It knows captures, suicide and the
//! simple-ko point; superko, turns and scoring belong to [`super::ClassicGame`]. The same board
//! serves the checked game and the playouts, so both see exactly the same captures.

mod cells;
mod count;
mod grid;
mod playout_filter;
mod state;
mod tactics;
#[cfg(test)]
mod tests;

pub(crate) use cells::Idx;
pub use state::Board;
pub use tactics::{CODE_OFF, Liberties};
