//! The figure every bench reports of its timed runs.

/// The median of `values` (the upper one of an even count); NaN when there are none.
pub(super) fn median(mut values: Vec<f64>) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}
