//! One adapter per variant between record moves and that variant's engine. Adding a
//! variant means one module here and one match arm in each method of [`crate::AnyGame`]
//! and in [`check_record`].

mod classic;
mod continuous;
mod margo;
mod played;
mod topological;

pub use classic::ClassicAdapter;
pub(crate) use classic::read_rules as classic_rules;
pub use continuous::ContinuousAdapter;
pub(crate) use continuous::{
    MAX_HANDICAP as CONTINUOUS_MAX_HANDICAP, read_rules as continuous_rules,
};
pub use margo::MargoAdapter;
pub(crate) use margo::notation as margo_notation;
pub(crate) use margo::read_rules as margo_rules;
pub use topological::TopoAdapter;
pub(crate) use topological::read_rules as topological_rules;

use crate::{Record, RecordError, Variant};

/// Checks the variant-specific parts of a record: rules, move coordinates, setup.
pub(crate) fn check_record(record: &Record) -> Result<(), RecordError> {
    match record.variant {
        Variant::Classic => classic::check_record(record),
        Variant::Continuous => continuous::check_record(record),
        Variant::Margo => margo::check_record(record),
        Variant::Topological => topological::check_record(record),
    }
}

/// Which of the setup stones at a point a refusal is about: the first one standing there
/// (off the board, without liberty) or the last (the second of two stones on one point, or
/// the later of two that overlap).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Culprit {
    First,
    Last,
}

/// A refused setup, named at the stone it is about (`setup.stones[3]`), or at `setup` if no
/// setup stone stands at `at`.
pub(crate) fn setup_stone_error<P: PartialEq>(
    stones: &[stonefield_rules::Stone<P>],
    at: &P,
    culprit: Culprit,
    message: String,
) -> RecordError {
    let here = |s: &stonefield_rules::Stone<P>| s.at == *at;
    let i = match culprit {
        Culprit::First => stones.iter().position(here),
        Culprit::Last => stones.iter().rposition(here),
    };
    let path = i.map_or_else(
        || "setup".to_owned(),
        |i| crate::fields::index("setup.stones", i),
    );
    RecordError::invalid(path, message)
}
