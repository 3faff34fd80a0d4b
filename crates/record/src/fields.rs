//! Small readers for JSON values that name the place of a fault, so every part of the
//! record reports errors the same way (`rules.komi: expected a number, got "six"`).

use serde_json::{Map, Value};

use crate::{RecordError, RecordErrorKind};

/// `parent.key`, or `key` at the top.
pub(crate) fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_owned()
    } else {
        format!("{parent}.{key}")
    }
}

/// `parent[i]`.
pub(crate) fn index(parent: &str, i: usize) -> String {
    format!("{parent}[{i}]")
}

/// A short description of a value for error messages.
pub(crate) fn describe(v: &Value) -> String {
    let s = match v {
        Value::Object(_) => "an object".to_owned(),
        Value::Array(a) => format!("a list of {}", a.len()),
        other => other.to_string(),
    };
    if s.len() > 40 {
        format!("{}...", &s[..s.floor_char_boundary(37)])
    } else {
        s
    }
}

fn expected(path: &str, what: &str, v: &Value) -> RecordError {
    RecordError::invalid(path, format!("expected {what}, got {}", describe(v)))
}

/// The value as an object.
pub(crate) fn object<'a>(v: &'a Value, path: &str) -> Result<&'a Map<String, Value>, RecordError> {
    v.as_object().ok_or_else(|| expected(path, "an object", v))
}

/// Refuses any key of `map` not in `allowed`.
pub(crate) fn only_keys(
    map: &Map<String, Value>,
    allowed: &[&str],
    path: &str,
) -> Result<(), RecordError> {
    match map.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => Err(RecordError::new(
            path,
            RecordErrorKind::UnknownField(k.clone()),
        )),
        None => Ok(()),
    }
}

/// The field `key`, which must be present.
pub(crate) fn required<'a>(
    map: &'a Map<String, Value>,
    key: &str,
    path: &str,
) -> Result<&'a Value, RecordError> {
    map.get(key)
        .ok_or_else(|| RecordError::new(join(path, key), RecordErrorKind::Missing))
}

/// The value as a string.
pub(crate) fn string<'a>(v: &'a Value, path: &str) -> Result<&'a str, RecordError> {
    v.as_str().ok_or_else(|| expected(path, "a string", v))
}

/// The value as a boolean.
pub(crate) fn boolean(v: &Value, path: &str) -> Result<bool, RecordError> {
    v.as_bool()
        .ok_or_else(|| expected(path, "true or false", v))
}

/// The value as a finite number.
pub(crate) fn number(v: &Value, path: &str) -> Result<f64, RecordError> {
    v.as_f64()
        .filter(|x| x.is_finite())
        .ok_or_else(|| expected(path, "a number", v))
}

/// The value as a whole number in `lo..=hi`.
pub(crate) fn integer_in(v: &Value, lo: i64, hi: i64, path: &str) -> Result<i64, RecordError> {
    let what = format!("a whole number from {lo} to {hi}");
    let x = v.as_f64().ok_or_else(|| expected(path, &what, v))?;
    if x.fract() != 0.0 || x < lo as f64 || x > hi as f64 {
        return Err(expected(path, &what, v));
    }
    // In range and whole, so the conversion is exact.
    Ok(x as i64)
}

/// The value as a list of exactly `n` finite numbers.
pub(crate) fn numbers(v: &Value, n: usize, path: &str) -> Result<Vec<f64>, RecordError> {
    let list = v
        .as_array()
        .filter(|a| a.len() == n)
        .ok_or_else(|| RecordError::invalid(path, format!("expected {n} numbers")))?;
    list.iter()
        .enumerate()
        .map(|(i, x)| number(x, &index(path, i)))
        .collect()
}

/// A number as JSON: whole values of grid coordinates as integers, others in shortest
/// round-trip form.
pub(crate) fn coordinate(x: f64, grid: bool) -> Value {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53: every whole f64 below is exact.
    if grid && x.fract() == 0.0 && x.abs() < EXACT {
        Value::from(x as i64)
    } else {
        Value::from(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn integers_refuse_fractions_and_huge_values() {
        assert_eq!(integer_in(&json!(9), 2, 25, "b"), Ok(9));
        assert!(integer_in(&json!(9.5), 2, 25, "b").is_err());
        assert!(integer_in(&json!(1e300), 2, 25, "b").is_err());
        assert!(integer_in(&json!("9"), 2, 25, "b").is_err());
    }

    #[test]
    fn number_lists_name_the_place_and_the_count() {
        let e = numbers(&json!([1]), 2, "moves[12].at").expect_err("short");
        assert_eq!(e.to_string(), "moves[12].at: expected 2 numbers");
        let e = numbers(&json!([1, "x"]), 2, "m.at").expect_err("string");
        assert_eq!(e.path(), "m.at[1]");
    }

    #[test]
    fn grid_coordinates_are_written_whole() {
        assert_eq!(coordinate(3.0, true).to_string(), "3");
        assert_eq!(coordinate(3.0, false).to_string(), "3.0");
        assert_eq!(coordinate(0.1, true).to_string(), "0.1");
    }
}
