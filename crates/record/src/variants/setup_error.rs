//! Setup refusals named at the setup stone they are about, for every variant's adapter.

use crate::RecordError;

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
