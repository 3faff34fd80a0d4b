//! The games: each in a room (one task that owns the game, its clocks and its
//! connections), the rooms of the instance, the typed game a room holds, clocks, seats,
//! the computer player's seat, and the JSON record written from a game's events.

pub mod clock;
pub mod computer;
pub(crate) mod game_record;
pub mod live_game;
pub mod rebuild;
pub mod room;
pub mod rooms;
pub mod seats;
