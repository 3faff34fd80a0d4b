//! The real `stonefield` binary on MarGo records: the conformance cases through
//! `replay --json`, the text replay with levels and the book's cell names, and malformed
//! records refused with exit status 2 and the place named.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::{Value, json};

fn replay(path: &std::path::Path, json: bool) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_stonefield"));
    cmd.arg("replay").arg(path);
    if json {
        cmd.arg("--json");
    }
    cmd.output().expect("run stonefield")
}

fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("write record");
    path
}

fn sorted(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = v
        .as_array()
        .expect("list")
        .iter()
        .map(Value::to_string)
        .collect();
    out.sort();
    out
}

#[test]
fn conformance_cases_replay_through_the_binary() {
    let mut seen = 0;
    for path in stonefield_testdata::files_ending("margo", ".record.json") {
        let name = path.to_string_lossy().into_owned();
        let o = replay(&path, true);
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let got: Value = serde_json::from_slice(&o.stdout).expect("replay JSON");
        let expected = stonefield_testdata::sibling(&path, ".record.json", ".expected.json");
        let want: Value = serde_json::from_str(&stonefield_testdata::read(&expected))
            .unwrap_or_else(|e| panic!("{}: {e}", expected.display()));
        for (g, w) in got["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .zip(want["moves"].as_array().expect("moves"))
        {
            assert_eq!(g["result"], w["result"], "{name}");
            if let Some(c) = w.get("captured") {
                assert_eq!(sorted(&g["captured"]), sorted(c), "{name}");
            }
        }
        let last = want["moves"]
            .as_array()
            .and_then(|m| m.last())
            .expect("a move");
        if let Some(s) = last.get("stones_after") {
            assert_eq!(sorted(&got["final"]["stones"]), sorted(s), "{name}");
        }
        seen += 1;
    }
    assert!(seen >= 13, "{seen} cases");
}

#[test]
fn text_replay_shows_levels_cells_and_captures() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let rec = json!({"variant": "margo", "rules": {"board_size": 4},
        "setup": {"stones": [[0, 0, 0, "white"], [1, 0, 0, "white"], [2, 0, 0, "white"],
            [0, 1, 0, "black"], [1, 1, 0, "black"], [2, 1, 0, "black"], [0, 2, 0, "white"],
            [1, 2, 0, "white"], [2, 2, 0, "white"], [1, 0, 1, "white"]], "to_move": "white"},
        "moves": [{"color": "white", "at": [1, 1, 1]}, {"color": "black", "pass": true}]});
    let path = write(&dir, "cut.json", &rec.to_string());
    let o = replay(&path, false);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(text.contains("level 1 (3x3):"), "{text}");
    assert!(
        text.contains("0 white D4 [1, 1, 1], captures black A5 [0, 1, 0]"),
        "{text}"
    );
    assert!(
        text.contains("1 black illegal (pass-not-allowed)"),
        "{text}"
    );
    assert!(
        text.contains("score as the position stands: black 2.0, white 8.0"),
        "{text}"
    );
    let o = replay(&path, true);
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["moves"][0]["at"], json!([1, 1, 1]));
    assert_eq!(v["moves"][1]["reason"], "pass-not-allowed");
}

#[test]
fn a_setup_ball_without_support_is_refused_naming_it() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = write(
        &dir,
        "float.json",
        r#"{"variant": "margo", "setup": {"stones": [[0, 0, 0, "black"], [0, 0, 1, "white"]]}}"#,
    );
    let o = replay(&path, true);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("setup.stones[1]: "), "{err}");
}
