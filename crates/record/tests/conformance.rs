//! The classic conformance cases (the repository's copy and `shared/conformance`: games
//! refereed by GNU Go 3.8, simple ko, suicide forbidden) run through the library: every move's
//! result, reason, captures and point, and the board at each checkpoint.

use std::path::Path;

use serde_json::Value;
use stonefield_record::{AnyGame, Record, sgf};
use stonefield_testdata::{read, sibling};

/// Stones as sorted `(x, y, colour)` triples.
fn norm(stones: &Value) -> Vec<(i64, i64, String)> {
    let mut v: Vec<(i64, i64, String)> = stones
        .as_array()
        .expect("a list of stones")
        .iter()
        .map(|s| {
            let num = |i: usize| s[i].as_f64().expect("coordinate") as i64;
            (num(0), num(1), s[2].as_str().expect("colour").to_owned())
        })
        .collect();
    v.sort();
    v
}

fn expected_moves(path: &Path) -> Vec<Value> {
    let v: Value =
        serde_json::from_str(&read(path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    v["moves"].as_array().expect("moves").clone()
}

fn check_record(path: &Path) {
    let name = path.display().to_string();
    let record = Record::from_json(&read(path)).expect(&name);
    let want = expected_moves(&sibling(path, ".record.json", ".expected.json"));
    assert_eq!(record.moves.len(), want.len(), "{name}: move count");
    let mut game = AnyGame::from_record(&record).expect(&name);
    for (mv, w) in record.moves.iter().zip(&want) {
        let got = serde_json::to_value(game.apply(mv)).expect("report");
        let at = format!("{name} move {}", w["index"]);
        assert_eq!(got["result"], w["result"], "{at}");
        for key in ["reason", "at"] {
            if let Some(x) = w.get(key) {
                assert_eq!(&got[key], x, "{at}: {key}");
            }
        }
        if let Some(c) = w.get("captured") {
            assert_eq!(norm(&got["captured"]), norm(c), "{at}: captured");
        }
        if let Some(s) = w.get("stones_after") {
            assert_eq!(norm(&game.final_view()["stones"]), norm(s), "{at}: board");
        }
    }
}

fn check_sgf(path: &Path) {
    let name = path.display().to_string();
    let game = sgf::read(&read(path)).expect(&name);
    let report = stonefield_record::replay(game.record()).expect(&name);
    assert!(
        report.moves.iter().all(|m| m.accepted()),
        "{name}: the SGF holds legal moves only"
    );
    let want = expected_moves(&sibling(path, ".sgf", ".expected.json"));
    let last = want.last().expect("moves");
    assert_eq!(
        norm(&report.final_view["stones"]),
        norm(&last["stones_after"]),
        "{name}: final board"
    );
}

#[test]
fn classic_conformance_cases_agree_with_the_referee() {
    let mut seen = 0;
    for path in stonefield_testdata::entries("classic") {
        let file = path
            .file_name()
            .and_then(|f| f.to_str())
            .unwrap_or_default()
            .to_owned();
        if file.ends_with(".record.json") {
            check_record(&path);
            seen += 1;
        } else if file.ends_with(".sgf") {
            check_sgf(&path);
            seen += 1;
        }
    }
    let dirs = stonefield_testdata::case_dirs("classic");
    assert!(seen >= 6, "{seen} conformance cases found in {dirs:?}");
}
