//! The game variants a record can hold, named as in the `variant` field.

use std::fmt;
use std::str::FromStr;

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
}
