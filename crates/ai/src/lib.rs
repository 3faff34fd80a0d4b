//! Monte-Carlo players and estimates for stonefield's games.
//!
//! [`search`] is the tree search (UCT or PUCT, RAVE, tree reuse, playout or time budget,
//! tree- or root-parallel threads) over any variant's `Game`; a variant plugs in through a
//! [`search::Policy`], each in the variant's own module: [`classic::ClassicPolicy`],
//! [`continuous::ContinuousPolicy`], [`margo::MargoPolicy`], [`topological::TopoPolicy`]
//! (all gathered in [`variants`]); each module also gives its game's [`baseline::Greedy`].
//!
//! [`player`] is the computer player of any variant through the record layer's `AnyGame`
//! (moves and marks as record moves), as the game server uses it.
//! [`survival`] estimates dead stones for the variants without an ownership count.
//! [`level`] maps the strength levels 1-10 to search budgets for every front end.
//!
//! Classic Go also keeps the flat player: [`classic::choose_move`] picks a move by UCB1
//! over the root moves with light playouts, and [`classic::ownership`] /
//! [`classic::estimate_dead`] estimate who owns each point at the end, which the
//! end-of-game marking offers as a first guess.

pub mod baseline;
pub mod classic;
pub mod continuous;
pub mod ending;
pub mod level;
pub mod margo;
pub mod player;
pub mod review;
pub mod search;
pub mod survival;
pub mod topological;
pub mod variants;
