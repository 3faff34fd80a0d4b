//! One adapter per variant between record moves and that variant's engine. Adding a
//! variant means one module here and one match arm in each method of [`crate::AnyGame`]
//! and in [`check_record`].

mod classic;
mod pending;

pub use classic::ClassicAdapter;
pub(crate) use classic::read_rules as classic_rules;

use crate::{Record, RecordError, Variant};

/// Checks the variant-specific parts of a record: rules, move coordinates, setup.
pub(crate) fn check_record(record: &Record) -> Result<(), RecordError> {
    match record.variant {
        Variant::Classic => classic::check_record(record),
        Variant::Continuous | Variant::Margo | Variant::Topological => {
            pending::check_record(record)
        }
    }
}
