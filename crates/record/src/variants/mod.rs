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
pub use margo::MargoAdapter;
pub(crate) use margo::notation as margo_notation;
pub use topological::TopoAdapter;

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
