//! The options of MarGo (`rules/margo.md`): board size, the two visibility rules that the
//! book has and the seed's program lacks, and the two game-format options.

use super::point::{MAX_SIZE, MIN_SIZE};

/// A set of MarGo options, with the book's rules as the default (7x7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MargoRules {
    /// Holes per side of level 0, 2..=13.
    pub board_size: u8,
    /// Overpasses cut underpasses: a bridge of two balls cuts the contact below it.
    pub bridge_cutting: bool,
    /// A ball with a ball straight above it (two levels up) has no contacts.
    pub buried_hidden: bool,
    /// After White's first ball, Black may swap colours instead of moving.
    pub swap: bool,
    /// The beginner's game: the first capture decides the game.
    pub first_capture_wins: bool,
}

/// Options that cannot make a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    #[error("board size {0} is outside 2..=13")]
    BoardSize(u32),
    #[error("unknown MarGo option {0:?}")]
    UnknownOption(String),
}

impl MargoRules {
    /// The default rules on a board of side `board_size`.
    ///
    /// # Errors
    /// A size outside 2..=13.
    pub fn with_size(board_size: u32) -> Result<MargoRules, RulesError> {
        let rules = MargoRules {
            board_size: u8::try_from(board_size).map_err(|_| RulesError::BoardSize(board_size))?,
            ..MargoRules::default()
        };
        rules.validate()?;
        Ok(rules)
    }

    /// Sets the boolean option named as in records (`bridge_cutting`, `buried_hidden`,
    /// `swap`, `first_capture_wins`).
    ///
    /// # Errors
    /// [`RulesError::UnknownOption`] for any other name (`board_size` is not boolean).
    pub fn set_flag(&mut self, name: &str, value: bool) -> Result<(), RulesError> {
        let flag = match name {
            "bridge_cutting" => &mut self.bridge_cutting,
            "buried_hidden" => &mut self.buried_hidden,
            "swap" => &mut self.swap,
            "first_capture_wins" => &mut self.first_capture_wins,
            _ => return Err(RulesError::UnknownOption(name.to_owned())),
        };
        *flag = value;
        Ok(())
    }

    /// Checks that a game can be played under these options.
    ///
    /// # Errors
    /// [`RulesError::BoardSize`] for a size outside 2..=13.
    pub fn validate(&self) -> Result<(), RulesError> {
        if (MIN_SIZE..=MAX_SIZE).contains(&self.board_size) {
            Ok(())
        } else {
            Err(RulesError::BoardSize(u32::from(self.board_size)))
        }
    }
}

impl Default for MargoRules {
    fn default() -> Self {
        MargoRules {
            board_size: 7,
            bridge_cutting: true,
            buried_hidden: true,
            swap: false,
            first_capture_wins: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_the_book() {
        let r = MargoRules::default();
        assert_eq!(r.board_size, 7);
        assert!(r.bridge_cutting && r.buried_hidden);
        assert!(!r.swap && !r.first_capture_wins);
        assert!(r.validate().is_ok());
    }

    #[test]
    fn sizes_outside_the_range_are_refused() {
        assert_eq!(MargoRules::with_size(1), Err(RulesError::BoardSize(1)));
        assert_eq!(MargoRules::with_size(14), Err(RulesError::BoardSize(14)));
        assert_eq!(MargoRules::with_size(300), Err(RulesError::BoardSize(300)));
        assert_eq!(MargoRules::with_size(13).map(|r| r.board_size), Ok(13));
        assert_eq!(MargoRules::with_size(2).map(|r| r.board_size), Ok(2));
    }

    #[test]
    fn flags_are_set_by_record_name() {
        let mut r = MargoRules::default();
        r.set_flag("bridge_cutting", false).expect("known");
        r.set_flag("swap", true).expect("known");
        assert!(!r.bridge_cutting && r.swap);
        assert!(matches!(
            r.set_flag("komi", true),
            Err(RulesError::UnknownOption(_))
        ));
        assert!(r.set_flag("board_size", true).is_err());
    }
}
