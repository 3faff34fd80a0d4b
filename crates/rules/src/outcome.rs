//! How a game ended, written the way Go results are written (`B+12.5`, `W+R`, `Draw`).

use std::fmt;
use std::str::FromStr;

use crate::Color;

/// Why the winner won.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum WinBy {
    /// By this margin of the count (points, area units or balls).
    Score(f64),
    Resignation,
    Time,
    Forfeit,
    /// By making the first capture (MarGo's beginner's game).
    Capture,
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Outcome {
    Win { winner: Color, by: WinBy },
    Draw,
}

impl Outcome {
    /// `loser` resigned: the other player wins by resignation. The one place a
    /// resignation's result is made ([`crate::Game::resign`] and the front ends use it).
    pub fn resignation(loser: Color) -> Outcome {
        Outcome::Win {
            winner: loser.other(),
            by: WinBy::Resignation,
        }
    }

    /// The result of a count: each score is rounded to 0.01 first (as it is shown), the
    /// higher wins by the difference of the rounded scores; equal rounded scores are a
    /// draw. Rounding the scores rather than their difference keeps the result equal to
    /// the difference of the scores players see (84.01 against 91.49 is W+7.48).
    pub fn from_scores(black: f64, white: f64) -> Outcome {
        let cents = |v: f64| (v * 100.0).round();
        let margin = (cents(black) - cents(white)) / 100.0;
        if margin == 0.0 {
            Outcome::Draw
        } else if margin > 0.0 {
            Outcome::Win {
                winner: Color::Black,
                by: WinBy::Score(margin),
            }
        } else {
            Outcome::Win {
                winner: Color::White,
                by: WinBy::Score(-margin),
            }
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Draw => f.write_str("Draw"),
            Outcome::Win { winner, by } => {
                write!(f, "{}+", winner.letter())?;
                match by {
                    WinBy::Score(m) => write!(f, "{m}"),
                    WinBy::Resignation => f.write_str("R"),
                    WinBy::Time => f.write_str("T"),
                    WinBy::Forfeit => f.write_str("F"),
                    WinBy::Capture => f.write_str("C"),
                }
            }
        }
    }
}

/// A result string that is not of the form `B+3.5`, `W+R`, `B+T`, `W+F`, `B+C` or `Draw`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unreadable result {0:?}")]
pub struct ParseOutcomeError(pub String);

impl FromStr for Outcome {
    type Err = ParseOutcomeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseOutcomeError(s.to_owned());
        let t = s.trim();
        if matches!(t, "Draw" | "0" | "Jigo" | "draw") {
            return Ok(Outcome::Draw);
        }
        let (who, how) = t.split_once('+').ok_or_else(err)?;
        let winner = match who {
            "B" | "b" => Color::Black,
            "W" | "w" => Color::White,
            _ => return Err(err()),
        };
        let by = match how {
            "R" | "Resign" => WinBy::Resignation,
            "T" | "Time" => WinBy::Time,
            "F" | "Forfeit" => WinBy::Forfeit,
            "C" | "Capture" => WinBy::Capture,
            m => {
                let v: f64 = m.parse().map_err(|_| err())?;
                if !v.is_finite() || v < 0.0 {
                    return Err(err());
                }
                WinBy::Score(v)
            }
        };
        Ok(Outcome::Win { winner, by })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_print_and_parse_back() {
        for s in ["B+12.5", "W+0.5", "W+R", "B+T", "Draw", "B+3", "W+C"] {
            let o: Outcome = s.parse().expect(s);
            assert_eq!(o.to_string(), s);
        }
        assert!("X+3".parse::<Outcome>().is_err());
        assert!("B+nan".parse::<Outcome>().is_err());
    }

    #[test]
    fn counts_round_to_hundredths() {
        assert_eq!(Outcome::from_scores(80.004, 80.0), Outcome::Draw);
        assert_eq!(Outcome::from_scores(70.0, 77.5).to_string(), "W+7.5");
        // 84.0149 and 91.4851 are shown as 84.01 and 91.49: the margin is the shown one.
        assert_eq!(Outcome::from_scores(84.0149, 91.4851).to_string(), "W+7.48");
        assert_eq!(Outcome::from_scores(80.004, 79.996).to_string(), "Draw");
    }
}
