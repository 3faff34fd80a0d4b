//! One adapter per variant between record moves and that variant's engine, each an
//! [`Adapter`]. Adding a variant means one module here, one arm in [`crate::AnyGame`]'s
//! dispatch and one in [`check_record`].

mod adapter;
mod classic;
mod continuous;
mod margo;
mod played;
mod setup_error;
mod topological;

pub use adapter::{Adapter, LiveGame};
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
