//! Monte-Carlo players and estimates for stonefield's games.
//!
//! Classic Go: [`classic::choose_move`] picks a move by UCB1 over the root moves with light
//! playouts, and [`classic::ownership`] / [`classic::estimate_dead`] estimate who owns each
//! point at the end, which the end-of-game marking offers as a first guess.

pub mod classic;
