//! Classic Go on a square grid (2x2 to 25x25), as `rules/classic.md` describes: the board,
//! the rule options and presets, the checked game and the light playouts used by search.

mod board;
mod diagram;
mod final_count;
mod game;
mod handicap;
mod playout;
mod point;
mod rules;
mod zobrist;

pub use board::{Board, CODE_OFF, Liberties};
pub use diagram::{DiagramError, diagram_stones};
pub use final_count::FinalCount;
pub use game::{ClassicGame, SetupError};
pub use handicap::fixed_points;
pub use playout::{PlayoutResult, playout, random_move, random_move_point};
pub use point::{MAX_SIZE, MIN_SIZE, Point};
pub use rules::{
    Handicap, KoRule, MAX_KOMI, Placement, Rules, RulesError, Scoring, SuicideRule, komi_ok,
};
