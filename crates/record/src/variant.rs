//! The game variants a record can hold, named as in the `variant` field.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::{RecordError, RecordErrorKind};

/// A variant of Go, as named in a record's `variant` field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    Classic,
    Continuous,
    Margo,
    Topological,
}

impl Variant {
    pub const ALL: [Variant; 4] = [
        Variant::Classic,
        Variant::Continuous,
        Variant::Margo,
        Variant::Topological,
    ];

    /// The name used in records.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Continuous => "continuous",
            Variant::Margo => "margo",
            Variant::Topological => "topological",
        }
    }

    /// True where points are whole numbers on a grid (everything but continuous Go), so
    /// coordinates are written as integers.
    pub const fn is_grid(self) -> bool {
        !matches!(self, Variant::Continuous)
    }

    /// What a page may offer in a game of this variant, so that clients ask the server
    /// rather than keep their own list of which variant does what.
    pub const fn offers(self) -> Offers {
        Offers {
            pass: !matches!(self, Variant::Margo),
            reserve: matches!(self, Variant::Topological),
            sgf: matches!(self, Variant::Classic),
            three_d: matches!(self, Variant::Margo),
            count_marking: !matches!(self, Variant::Margo),
            territory: matches!(self, Variant::Classic | Variant::Continuous),
            trees: matches!(self, Variant::Topological),
        }
    }
}

/// The controls and views a variant allows, sent in the game state as `offers`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[allow(clippy::struct_excessive_bools)] // independent yes/no answers, read by name in JSON
pub struct Offers {
    /// A pass move (MarGo has none: a game ends when a player cannot move).
    pub pass: bool,
    /// Reserve stones beside normal ones (Topological Go).
    pub reserve: bool,
    /// An SGF download of the record (SGF writes only classic Go).
    pub sgf: bool,
    /// A 3D view of the board (MarGo's pyramids).
    pub three_d: bool,
    /// A marking phase, dead stones marked before the count is accepted.
    pub count_marking: bool,
    /// Territory shown on the board and a switch to hide it (classic marks, continuous cells).
    pub territory: bool,
    /// Trees drawn between linked stones, with the longest tree counted (Topological Go).
    pub trees: bool,
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = RecordError;

    /// # Errors
    /// A name that is not one of the four variants (the error's place is `variant`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| RecordError::new("variant", RecordErrorKind::UnknownVariant(s.into())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_strangers_are_refused() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
        }
        let e = "chess".parse::<Variant>().expect_err("not a variant");
        assert!(
            e.to_string()
                .starts_with("variant: unknown variant \"chess\"")
        );
    }

    #[test]
    fn offers_follow_each_variant_and_serialize_by_name() {
        let margo = Variant::Margo.offers();
        assert!(!margo.pass && margo.three_d && !margo.count_marking && !margo.sgf);
        let topo = Variant::Topological.offers();
        assert!(topo.pass && topo.reserve && topo.trees && !topo.territory);
        let classic = Variant::Classic.offers();
        assert!(classic.sgf && classic.territory && !classic.reserve && !classic.three_d);
        let continuous = Variant::Continuous.offers();
        assert!(continuous.territory && !continuous.sgf && !continuous.trees);
        let json = serde_json::to_value(Variant::Classic.offers()).expect("offers serialize");
        assert_eq!(
            json,
            serde_json::json!({"pass": true, "reserve": false, "sgf": true, "three_d": false,
                "count_marking": true, "territory": true, "trees": false})
        );
    }
}
