//! Variants whose rules engine is not in this build yet: their records are still checked
//! for the option keys `formats/record.md` lists, so that a typo is caught early. Each
//! variant leaves this file when its adapter module arrives.

use crate::{Record, RecordError, Variant, fields};

/// The option keys of a variant without an engine.
fn options(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Continuous => &["board", "stone_radius", "komi", "ko", "handicap"],
        Variant::Classic | Variant::Margo | Variant::Topological => &[],
    }
}

/// Checks what can be checked without the engine: the option keys.
pub(crate) fn check_record(record: &Record) -> Result<(), RecordError> {
    fields::only_keys(&record.rules, options(record.variant), "rules")
}
