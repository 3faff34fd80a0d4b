//! The options of classic Go and their named presets (`rules/classic.md`).

use std::fmt;
use std::str::FromStr;

use super::point::{MAX_SIZE, MIN_SIZE};

/// How repetition is limited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// No immediate recapture of a single stone.
    Simple,
    /// No move may recreate an earlier board.
    PositionalSuperko,
    /// No move may recreate an earlier board with the same player to move.
    SituationalSuperko,
}

/// Whether a move may leave its own group without liberties.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SuicideRule {
    Forbidden,
    /// A suicidal move removes the mover's own group.
    Allowed,
}

/// How the final count is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Stones plus surrounded empty points.
    Area,
    /// Surrounded empty points plus prisoners.
    Territory,
}

/// Where handicap stones go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Placement {
    /// The standard points, placed before White's first move.
    Fixed,
    /// Black places them anywhere, one move each, before White's first move.
    Free,
}

/// Handicap stones for Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Handicap {
    pub stones: u8,
    pub placement: Placement,
}

impl Handicap {
    pub const NONE: Handicap = Handicap {
        stones: 0,
        placement: Placement::Fixed,
    };
    /// The most handicap stones a game may have (a handicap is 0 or 2 to 9 stones).
    pub const MAX_STONES: u8 = 9;
}

/// A complete set of classic rules. Build one from a preset and override options; a game
/// checks it with [`Rules::validate`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rules {
    pub board_size: u8,
    pub ko: KoRule,
    pub suicide: SuicideRule,
    pub scoring: Scoring,
    pub komi: f64,
    pub handicap: Handicap,
    /// Dead stones are marked after two passes (false for Tromp-Taylor, which counts the
    /// position as it stands).
    pub mark_dead: bool,
}

/// Rules that cannot make a game.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    #[error(
        "unknown rule preset {0:?} (expected chinese, japanese, tromp-taylor, aga or new-zealand)"
    )]
    UnknownPreset(String),
    #[error("unknown value {value:?} for {option}")]
    UnknownValue { option: &'static str, value: String },
    #[error("board size {0} is outside 2..=25")]
    BoardSize(u32),
    /// A komi that is not a multiple of 0.5 within `±MAX_KOMI`; the message names which.
    #[error("{}", komi_refusal(*.0))]
    Komi(f64),
    #[error("handicap of {stones} stones is not possible on {size}x{size} ({why})")]
    Handicap {
        stones: u32,
        size: u8,
        why: &'static str,
    },
}

/// The largest komi, either way.
pub const MAX_KOMI: f64 = 1000.0;

/// Whether `komi` is one a game takes: a multiple of 0.5 within `±MAX_KOMI`.
pub fn komi_ok(komi: f64) -> bool {
    komi.is_finite() && (komi * 2.0).fract() == 0.0 && komi.abs() <= MAX_KOMI
}

/// Why `komi` is refused, naming the bound it breaks.
fn komi_refusal(komi: f64) -> String {
    if komi.is_finite() && komi.abs() > MAX_KOMI {
        format!("komi {komi} is beyond the bound of {MAX_KOMI} points either way")
    } else if komi.is_finite() {
        format!("komi {komi} is not a multiple of 0.5")
    } else {
        format!("komi {komi} is not a number")
    }
}

impl Rules {
    /// The names [`Rules::preset`] knows, the default first.
    pub const PRESETS: [&'static str; 5] =
        ["chinese", "japanese", "aga", "new-zealand", "tromp-taylor"];
    /// The preset a game takes when it names none.
    pub const DEFAULT_PRESET: &'static str = Rules::PRESETS[0];

    /// The preset `name` (`chinese`, `japanese`, `tromp-taylor`, `aga`, `new-zealand`) on a
    /// board of side `board_size`.
    ///
    /// # Errors
    /// An unknown preset name.
    pub fn preset(name: &str, board_size: u8) -> Result<Rules, RulesError> {
        use KoRule::*;
        use Scoring::*;
        use SuicideRule::*;
        let (ko, suicide, scoring, komi, mark_dead) = match name {
            "chinese" => (PositionalSuperko, Forbidden, Area, 7.5, true),
            "japanese" => (Simple, Forbidden, Territory, 6.5, true),
            "tromp-taylor" => (PositionalSuperko, Allowed, Area, 7.5, false),
            "aga" => (SituationalSuperko, Forbidden, Area, 7.5, true),
            "new-zealand" => (SituationalSuperko, Allowed, Area, 7.0, true),
            _ => return Err(RulesError::UnknownPreset(name.to_owned())),
        };
        Ok(Rules {
            board_size,
            ko,
            suicide,
            scoring,
            komi,
            handicap: Handicap::NONE,
            mark_dead,
        })
    }

    /// Checks that a game can be played under these rules.
    ///
    /// # Errors
    /// The first option out of range.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&self.board_size) {
            return Err(RulesError::BoardSize(u32::from(self.board_size)));
        }
        if !komi_ok(self.komi) {
            return Err(RulesError::Komi(self.komi));
        }
        let Handicap { stones, placement } = self.handicap;
        let size = self.board_size;
        let refuse = |why| {
            Err(RulesError::Handicap {
                stones: u32::from(stones),
                size,
                why,
            })
        };
        if stones == 1 || stones > Handicap::MAX_STONES {
            return refuse("a handicap is 0 or 2 to 9 stones");
        }
        if stones > 0 && placement == Placement::Fixed {
            if size < 7 {
                return refuse("fixed handicap needs a board of 7x7 or more");
            }
            if (size.is_multiple_of(2) || size == 7) && stones > 4 {
                return refuse("this board has only four fixed handicap points");
            }
        }
        if usize::from(stones) >= usize::from(size) * usize::from(size) {
            return refuse("more stones than points");
        }
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            board_size: 19,
            ko: KoRule::PositionalSuperko,
            suicide: SuicideRule::Forbidden,
            scoring: Scoring::Area,
            komi: 7.5,
            handicap: Handicap::NONE,
            mark_dead: true,
        }
    }
}

named_values!(KoRule, "ko", {
    "simple" => KoRule::Simple,
    "positional-superko" => KoRule::PositionalSuperko,
    "situational-superko" => KoRule::SituationalSuperko,
});
named_values!(SuicideRule, "suicide", {
    "forbidden" => SuicideRule::Forbidden,
    "allowed" => SuicideRule::Allowed,
});
named_values!(Scoring, "scoring", {
    "area" => Scoring::Area,
    "territory" => Scoring::Territory,
});
named_values!(Placement, "handicap.placement", {
    "fixed" => Placement::Fixed,
    "free" => Placement::Free,
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_preset_is_known() {
        for name in Rules::PRESETS {
            assert!(Rules::preset(name, 19).is_ok(), "{name}");
        }
        assert_eq!(Rules::DEFAULT_PRESET, "chinese");
    }

    #[test]
    fn presets_match_the_rules_page() {
        let j = Rules::preset("japanese", 19).expect("preset");
        assert_eq!(
            (j.ko, j.scoring, j.komi),
            (KoRule::Simple, Scoring::Territory, 6.5)
        );
        let nz = Rules::preset("new-zealand", 19).expect("preset");
        assert_eq!((nz.suicide, nz.komi), (SuicideRule::Allowed, 7.0));
        assert!(!Rules::preset("tromp-taylor", 9).expect("preset").mark_dead);
        assert!(matches!(
            Rules::preset("korean", 19),
            Err(RulesError::UnknownPreset(_))
        ));
    }

    #[test]
    fn validation_refuses_what_cannot_be_played() {
        let ok = Rules::preset("chinese", 9).expect("preset");
        assert!(ok.validate().is_ok());
        assert!(
            Rules {
                board_size: 26,
                ..ok
            }
            .validate()
            .is_err()
        );
        assert!(
            Rules {
                board_size: 1,
                ..ok
            }
            .validate()
            .is_err()
        );
        assert!(Rules { komi: 6.3, ..ok }.validate().is_err());
        assert!(
            Rules {
                komi: -1000.0,
                ..ok
            }
            .validate()
            .is_ok()
        );
        let refusal = |komi| Rules { komi, ..ok }.validate().unwrap_err().to_string();
        assert_eq!(
            refusal(-10000.0),
            "komi -10000 is beyond the bound of 1000 points either way"
        );
        assert_eq!(refusal(6.3), "komi 6.3 is not a multiple of 0.5");
        assert_eq!(refusal(f64::INFINITY), "komi inf is not a number");
        assert!(
            Rules {
                komi: f64::NAN,
                ..ok
            }
            .validate()
            .is_err()
        );
        let h = |stones, placement| Rules {
            handicap: Handicap { stones, placement },
            ..ok
        };
        assert!(h(9, Placement::Fixed).validate().is_ok());
        assert!(h(1, Placement::Fixed).validate().is_err());
        assert!(
            Rules {
                board_size: 8,
                ..h(5, Placement::Fixed)
            }
            .validate()
            .is_err()
        );
        assert!(
            Rules {
                board_size: 8,
                ..h(5, Placement::Free)
            }
            .validate()
            .is_ok()
        );
    }

    #[test]
    fn option_names_read_back() {
        for k in [
            KoRule::Simple,
            KoRule::PositionalSuperko,
            KoRule::SituationalSuperko,
        ] {
            assert_eq!(k.to_string().parse::<KoRule>(), Ok(k));
        }
        assert!("sometimes".parse::<SuicideRule>().is_err());
    }
}
