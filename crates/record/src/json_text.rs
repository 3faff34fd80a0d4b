//! How stonefield writes JSON for people: a top-level object with one field per line and
//! list fields (moves, reported moves) with one entry per line, each entry compact.

use std::io;

use serde::Serialize;
use serde_json::ser::{Formatter, Serializer};

/// A compact formatter that puts a space after `,` and `:` so one line stays readable.
struct Spaced;

impl Formatter for Spaced {
    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }
}

/// `value` on one line.
pub(crate) fn compact<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::new();
    let mut ser = Serializer::with_formatter(&mut out, Spaced);
    // Our values are maps with string keys, lists, strings and finite numbers: writing
    // them to memory cannot fail.
    if value.serialize(&mut ser).is_err() {
        return "null".to_owned();
    }
    String::from_utf8(out).unwrap_or_default()
}

/// One field of a document: a single value, or a list written one entry per line.
#[derive(Debug)]
pub(crate) enum Field {
    One(String),
    Lines(Vec<String>),
}

/// A JSON object with `fields` in order, ending with a newline.
pub(crate) fn document(fields: &[(String, Field)]) -> String {
    let mut out = String::from("{\n");
    for (i, (key, field)) in fields.iter().enumerate() {
        out.push_str("  ");
        out.push_str(&compact(key));
        out.push_str(": ");
        match field {
            Field::One(v) => out.push_str(v),
            Field::Lines(items) if items.is_empty() => out.push_str("[]"),
            Field::Lines(items) => {
                out.push_str("[\n    ");
                out.push_str(&items.join(",\n    "));
                out.push_str("\n  ]");
            }
        }
        out.push_str(if i + 1 < fields.len() { ",\n" } else { "\n" });
    }
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn documents_parse_back() {
        let doc = document(&[
            ("a".into(), Field::One(compact(&json!({"x": [1, 2.5]})))),
            (
                "l".into(),
                Field::Lines(vec![compact(&json!(1)), compact(&json!("s"))]),
            ),
            ("e".into(), Field::Lines(vec![])),
        ]);
        let v: serde_json::Value = serde_json::from_str(&doc).expect("valid JSON");
        assert_eq!(v, json!({"a": {"x": [1, 2.5]}, "l": [1, "s"], "e": []}));
        assert!(doc.contains("\"x\": [1, 2.5]"));
    }
}
