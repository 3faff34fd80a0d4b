//! Every variant's search policy in one place, for front ends that pick one by variant.
//! Each variant's policies live in the variant's own module: [`crate::classic`],
//! [`crate::continuous`], [`crate::margo`], [`crate::topological`].

pub use crate::continuous::{ContinuousPolicy, continuous_policy};
pub use crate::margo::{MargoEval, MargoPolicy};
pub use crate::topological::{TopoPolicy, UniformTopoPolicy};
