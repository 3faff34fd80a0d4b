//! Glicko-2 ratings, one per account and variant (the `skillratings` crate): every player
//! starts at 1500 with a deviation of 350, and a rated game's result moves both players'
//! ratings once ([`after_game`]); the store applies it with the result.

use serde_json::{Value, json};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use stonefield_rules::{ByColor, Color, Outcome};

/// A player's rating in one variant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The rating (1500 at the start).
    pub rating: f64,
    /// Its deviation (350 at the start, shrinking with games).
    pub deviation: f64,
    /// Glicko-2's volatility.
    pub volatility: f64,
    /// Rated games played in the variant.
    pub games: i64,
}

impl Default for Rating {
    fn default() -> Rating {
        let start = Glicko2Rating::new();
        Rating {
            rating: start.rating,
            deviation: start.deviation,
            volatility: start.volatility,
            games: 0,
        }
    }
}

impl Rating {
    /// `{"rating", "deviation", "games"}`, rounded to tenths as players are shown them.
    pub fn to_json(&self) -> Value {
        json!({
            "rating": tenths(self.rating),
            "deviation": tenths(self.deviation),
            "games": self.games,
        })
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn after(self, g: Glicko2Rating) -> Rating {
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
            games: self.games + 1,
        }
    }
}

/// `v` rounded to one decimal.
pub fn tenths(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// Both players' ratings after a game between them that ended with `outcome`.
pub fn after_game(before: ByColor<Rating>, outcome: Outcome) -> ByColor<Rating> {
    let black_scored = match outcome.winner() {
        Some(Color::Black) => Outcomes::WIN,
        Some(Color::White) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (black, white) = glicko2(
        &before.black.glicko(),
        &before.white.glicko(),
        &black_scored,
        &Glicko2Config::new(),
    );
    ByColor {
        black: before.black.after(black),
        white: before.white.after(white),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use stonefield_rules::WinBy;

    fn win(winner: Color) -> Outcome {
        Outcome::Win {
            winner,
            by: WinBy::Resignation,
        }
    }

    #[test]
    fn newcomers_move_apart_by_the_same_amount() {
        let after = after_game(ByColor::default(), win(Color::White));
        assert!(after.white.rating > 1500.0 && after.black.rating < 1500.0);
        assert!((after.white.rating - 1500.0 - (1500.0 - after.black.rating)).abs() < 1e-9);
        assert!(after.white.deviation < 350.0);
        assert_eq!((after.black.games, after.white.games), (1, 1));
        // Glicko-2 between two newcomers: 1500 +- 162.3 (the crate's own figures).
        assert_eq!(tenths(after.white.rating), 1662.3);
    }

    #[test]
    fn a_draw_between_equals_changes_no_rating() {
        let after = after_game(ByColor::default(), Outcome::Draw);
        assert!((after.black.rating - 1500.0).abs() < 1e-9);
        assert!(after.black.deviation < 350.0, "the deviation still shrinks");
    }

    proptest! {
        #[test]
        fn the_winner_goes_up_and_the_loser_down(
            b in 800.0f64..2800.0, w in 800.0f64..2800.0,
            bd in 40.0f64..350.0, wd in 40.0f64..350.0,
            black_wins: bool,
        ) {
            let before = ByColor {
                black: Rating { rating: b, deviation: bd, ..Rating::default() },
                white: Rating { rating: w, deviation: wd, ..Rating::default() },
            };
            let winner = if black_wins { Color::Black } else { Color::White };
            let after = after_game(before, win(winner));
            prop_assert!(after[winner].rating > before[winner].rating);
            prop_assert!(after[winner.other()].rating < before[winner.other()].rating);
            prop_assert_eq!(after[winner].games, 1);
        }
    }
}
