//! The continuous conformance cases (the repository's copy and `shared/conformance`: recorded
//! from the reference program) run through the library, with the tolerances of
//! `check_continuous.py`: every move's result, reason, point, captures, score and board, and
//! the point every probe request resolves to.

mod continuous_support;

use std::path::{Path, PathBuf};

use continuous_support::xy;
use serde_json::Value;
use stonefield_record::{AnyGame, Record};

const SCORE_TOL: f64 = 0.006;
const POS_TOL: f64 = 1e-6;
const PROBE_TOL: f64 = 1e-3;

fn case_dirs() -> Vec<PathBuf> {
    stonefield_testdata::entries("continuous")
        .into_iter()
        .filter(|p| p.is_dir())
        .collect()
}

fn json(path: &Path) -> Value {
    serde_json::from_str(&stonefield_testdata::read(path))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn close(a: &Value, b: &Value, tol: f64) -> bool {
    let (a, b) = (xy(a), xy(b));
    (a[0] - b[0]).hypot(a[1] - b[1]) <= tol
}

/// True when the two stone lists match one to one (same colour, within `tol`).
fn same_stones(got: &Value, want: &Value, tol: f64) -> bool {
    let mut left: Vec<&Value> = want.as_array().expect("stones").iter().collect();
    for s in got.as_array().expect("stones") {
        match left.iter().position(|w| w[2] == s[2] && close(s, w, tol)) {
            Some(i) => {
                left.remove(i);
            }
            None => return false,
        }
    }
    left.is_empty()
}

fn check_game(dir: &Path, r: f64) {
    let rec = Record::from_value(&json(&dir.join("game.record.json"))).expect("record");
    let want = json(&dir.join("game.expected.json"));
    let want = want["moves"].as_array().expect("moves");
    assert_eq!(rec.moves.len(), want.len());
    let mut game = AnyGame::from_record(&rec).expect("game");
    for (mv, w) in rec.moves.iter().zip(want) {
        let got = serde_json::to_value(game.apply(mv)).expect("report");
        let at = format!("{} move {}", dir.display(), w["index"]);
        assert_eq!(got["result"], w["result"], "{at}: {got}");
        if w["result"] == "illegal" {
            assert_eq!(got["reason"], w["reason"], "{at}");
        }
        if let Some(p) = w.get("at") {
            assert!(close(&got["at"], p, POS_TOL * r), "{at}: {got}");
        }
        if let Some(c) = w.get("captured") {
            assert!(
                same_stones(&got["captured"], c, POS_TOL * r),
                "{at}: captured"
            );
        }
        if let Some(s) = w.get("stones_after") {
            let stones = &game.final_view()["stones"];
            assert!(same_stones(stones, s, POS_TOL * r), "{at}: board");
        }
        if let Some(s) = w.get("score") {
            for c in ["black", "white"] {
                let (g, e) = (got["score"][c].as_f64(), s[c].as_f64());
                assert!(
                    g.zip(e).is_some_and(|(g, e)| (g - e).abs() <= SCORE_TOL),
                    "{at}: {c} score {g:?}, expected {e:?}"
                );
            }
        }
    }
}

fn check_probe(path: &Path, r: f64) {
    let rec = Record::from_value(&json(path)).expect("probe record");
    let expected = stonefield_testdata::sibling(path, ".record.json", ".expected.json");
    let name = expected.display().to_string();
    let want = &json(&expected)["resolved"];
    let report = stonefield_record::replay(&rec).expect("replay");
    let last = serde_json::to_value(report.moves.last().expect("a move")).expect("report");
    if want.is_null() {
        assert_eq!(last["result"], "no-point", "{name}");
    } else {
        assert!(close(&last["at"], want, PROBE_TOL * r), "{name}: {last}");
    }
}

#[test]
fn continuous_conformance_cases_agree_with_the_reference() {
    let dirs = case_dirs();
    assert!(dirs.len() >= 7, "conformance cases missing");
    let mut probes = 0;
    for dir in dirs {
        let r = json(&dir.join("game.record.json"))["rules"]["stone_radius"]
            .as_f64()
            .expect("radius");
        check_game(&dir, r);
        for path in stonefield_testdata::list(&dir) {
            let file = path.file_name().and_then(|f| f.to_str()).unwrap_or("");
            if file.starts_with("probe-") && file.ends_with(".record.json") {
                check_probe(&path, r);
                probes += 1;
            }
        }
    }
    assert!(probes > 0, "no probes found");
}
