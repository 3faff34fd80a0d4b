//! The two players and a container holding one value per player.

use std::fmt;
use std::ops::{Index, IndexMut, Not};
use std::str::FromStr;

/// A player, and the colour of that player's stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The opponent.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The lowercase name used in records: `black` or `white`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// The letter used in results and SGF: `B` or `W`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// 0 for Black, 1 for White: for tables indexed by colour.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A colour name that is neither `black` nor `white`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown colour {0:?} (expected \"black\" or \"white\")")]
pub struct ParseColorError(pub String);

impl FromStr for Color {
    type Err = ParseColorError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "black" | "Black" | "B" | "b" => Ok(Color::Black),
            "white" | "White" | "W" | "w" => Ok(Color::White),
            _ => Err(ParseColorError(s.to_owned())),
        }
    }
}

/// One value for each player.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    pub black: T,
    pub white: T,
}

impl<T> ByColor<T> {
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> Self {
        ByColor {
            black: f(Color::Black),
            white: f(Color::White),
        }
    }

    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            black: f(self.black),
            white: f(self.white),
        }
    }

    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    pub const fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_is_an_involution() {
        for c in Color::ALL {
            assert_ne!(c, c.other());
            assert_eq!(c, !!c);
        }
    }

    #[test]
    fn parses_record_names_and_rejects_others() {
        assert_eq!("black".parse::<Color>(), Ok(Color::Black));
        assert_eq!("W".parse::<Color>(), Ok(Color::White));
        assert!("red".parse::<Color>().is_err());
    }

    #[test]
    fn by_color_indexes_by_player() {
        let mut v = ByColor::new_with(|c| c.index() * 10);
        v[Color::White] += 1;
        assert_eq!((v.black, v.white), (0, 11));
    }
}
