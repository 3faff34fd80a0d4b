//! The computer at a seat the server holds: its colour and level ([`ComputerSeat`], stored
//! with the game), and the bounded pool its searches run on, off the async runtime
//! ([`ThinkPool`]). What it plays is `stonefield_ai::player`'s: the server hands it the
//! game and gets record moves back, never looking inside a position.

mod pool;

use serde_json::{Value, json};
use stonefield_rules::Color;

pub use pool::ThinkPool;
pub use stonefield_ai::player::{HINT_LEVEL, Task, Thought, think};

/// The seat the computer holds in a game against a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputerSeat {
    /// The computer's colour.
    pub color: Color,
    /// Its strength, 1 to 10 (`stonefield_ai::level`).
    pub level: u8,
}

impl ComputerSeat {
    /// A seat at `level`; `None` outside 1..=10.
    pub fn new(color: Color, level: u8) -> Option<ComputerSeat> {
        stonefield_ai::level::Level::get(level).map(|_| ComputerSeat { color, level })
    }

    /// `{"color": "white", "level": 3}`, as stored and as clients see it.
    pub fn to_json(self) -> Value {
        json!({"color": self.color.name(), "level": self.level})
    }

    /// Reads [`ComputerSeat::to_json`]'s form; `None` if it is not that.
    pub fn from_json(v: &Value) -> Option<ComputerSeat> {
        let color = v.get("color")?.as_str()?.parse().ok()?;
        let level = u8::try_from(v.get("level")?.as_u64()?).ok()?;
        ComputerSeat::new(color, level)
    }

    /// The player's name in records: the name the game page shows for this seat.
    pub fn name(self) -> String {
        format!("Computer (level {})", self.level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_reads_back_what_it_writes_and_only_levels_one_to_ten() {
        let seat = ComputerSeat::new(Color::White, 3).expect("level 3");
        assert_eq!(ComputerSeat::from_json(&seat.to_json()), Some(seat));
        assert!(ComputerSeat::new(Color::Black, 0).is_none());
        assert!(ComputerSeat::new(Color::Black, 11).is_none());
        assert!(ComputerSeat::from_json(&json!({"color": "red", "level": 2})).is_none());
        assert!(ComputerSeat::from_json(&json!({"color": "black", "level": 300})).is_none());
    }
}
