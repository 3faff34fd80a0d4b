//! The real `stonefield` binary on Topological Go records: every rule case of
//! `crates/record/tests/topological_cases.rs` through `replay --json` and as text, and
//! malformed records refused with exit status 2 and the place named.

use std::process::{Command, Output};

use serde_json::Value;

#[path = "../../record/tests/topological_cases.rs"]
mod cases;

fn replay_file(dir: &tempfile::TempDir, name: &str, text: &str, json: bool) -> Output {
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("write record");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_stonefield"));
    cmd.arg("replay").arg(&path);
    if json {
        cmd.arg("--json");
    }
    cmd.output().expect("run stonefield")
}

#[test]
fn every_rule_case_replays_through_the_binary() {
    let dir = tempfile::tempdir().expect("temporary directory");
    for case in cases::cases() {
        let file = format!("{}.json", case.name);
        let o = replay_file(&dir, &file, &case.record.to_string(), true);
        assert!(
            o.status.success(),
            "{}: {}",
            case.name,
            String::from_utf8_lossy(&o.stderr)
        );
        let v: Value = serde_json::from_slice(&o.stdout).expect("replay JSON");
        assert_eq!(v["variant"], "topological");
        let moves = v["moves"].as_array().expect("moves");
        assert_eq!(moves.len(), case.reasons.len(), "{}", case.name);
        for (i, m) in moves.iter().enumerate() {
            let reason = m["reason"].as_str().unwrap_or("-");
            assert_eq!(reason, case.reasons[i], "{} move {i}", case.name);
            let score = m.get("score").map(|s| {
                [
                    s["black"].as_f64().expect("black"),
                    s["white"].as_f64().expect("white"),
                ]
            });
            assert_eq!(score, case.scores[i], "{} move {i}: score", case.name);
        }
        assert_eq!(v["final"]["result"].as_str(), case.result, "{}", case.name);

        let o = replay_file(&dir, &file, &case.record.to_string(), false);
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success() && text.contains("closed points marked +"),
            "{text}"
        );
        if let Some(r) = case.result {
            assert!(text.contains(&format!("result: {r}")), "{text}");
        }
    }
}

#[test]
fn an_unknown_field_in_a_move_is_refused_naming_the_place() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let text = r#"{"variant": "topological", "moves": [{"color": "white", "at": [1, 0]},
        {"color": "black", "at": [5, 5], "resrve": true}]}"#;
    let o = replay_file(&dir, "typo.json", text, true);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("moves[1]: unknown field \"resrve\""), "{err}");
}
