//! `stonefield review`: the real binary reviews a game of each variant; every move has one
//! estimate in [0, 1], the swings are the moves that lost most, and bad input is refused.

use std::process::{Command, Output};

use serde_json::Value;

fn review(dir: &tempfile::TempDir, name: &str, record: &str, args: &[&str]) -> Output {
    let path = dir.path().join(name);
    std::fs::write(&path, record).expect("write record");
    Command::new(env!("CARGO_BIN_EXE_stonefield"))
        .arg("review")
        .arg(&path)
        .args(args)
        .output()
        .expect("run stonefield")
}

fn json(o: &Output) -> Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("JSON on stdout")
}

/// A White group of six with one liberty at (2, 5) is left in atari (move 1) and taken.
const CAPTURE: &str = r#"{"variant": "classic", "rules": {"board_size": 9, "komi": 0.5},
  "setup": {"stones": [
    [0, 3, "white"], [1, 3, "white"], [0, 4, "white"], [1, 4, "white"], [0, 5, "white"],
    [1, 5, "white"], [3, 5, "white"], [4, 5, "white"], [5, 5, "white"], [3, 6, "white"],
    [0, 2, "black"], [1, 2, "black"], [2, 3, "black"], [2, 4, "black"], [0, 6, "black"],
    [1, 6, "black"], [3, 3, "black"], [5, 3, "black"], [2, 7, "black"]],
    "to_move": "white"},
  "moves": [{"color": "white", "at": [7, 1]}, {"color": "black", "at": [2, 5]},
            {"color": "white", "at": [6, 6]}, {"color": "black", "at": [6, 2]}]}"#;

fn lost(m: &Value) -> f64 {
    m["lost"].as_f64().unwrap_or(-1.0)
}

fn check_estimates(review: &Value, moves: usize) {
    let reviewed = review["moves"].as_array().expect("moves");
    assert_eq!(reviewed.len(), moves, "{review}");
    for (i, m) in reviewed.iter().enumerate() {
        assert_eq!(m["number"], i + 1);
        for key in ["black_before", "black_after", "lost"] {
            let x = m[key].as_f64().expect(key);
            assert!((0.0..=1.0).contains(&x), "{key} {x} in {m}");
        }
    }
}

#[test]
fn a_classic_review_marks_the_move_that_let_a_group_be_taken() {
    let dir = tempfile::tempdir().expect("dir");
    let r = json(&review(&dir, "capture.json", CAPTURE, &["--json"]));
    check_estimates(&r, 4);
    let worst = r["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .max_by(|a, b| lost(a).total_cmp(&lost(b)))
        .expect("a move");
    assert_eq!(worst["number"], 1, "{r}");
    assert_eq!(worst["swing"], true);
    assert_eq!(worst["preferred"]["at"], serde_json::json!([2, 5]));

    let text = review(&dir, "capture.json", CAPTURE, &[]);
    let shown = String::from_utf8_lossy(&text.stdout);
    assert!(
        shown.lines().nth(1).is_some_and(|l| l.contains('*')),
        "{shown}"
    );
}

#[test]
fn every_variant_is_reviewed() {
    let dir = tempfile::tempdir().expect("dir");
    let games = [
        r#"{"variant": "continuous", "rules": {"board": "square-9"}, "moves": [
            {"color": "black", "at": [3, 3]}, {"color": "white", "at": [6, 6]},
            {"color": "black", "at": [3, 6]}]}"#,
        r#"{"variant": "margo", "rules": {"board_size": 4}, "moves": [
            {"color": "white", "at": [1, 1, 0]}, {"color": "black", "at": [2, 2, 0]}]}"#,
        r#"{"variant": "topological", "rules": {"board_size": 6}, "moves": [
            {"color": "white", "at": [1, 0]}, {"color": "black", "at": [4, 0]}]}"#,
    ];
    for (i, game) in games.iter().enumerate() {
        let moves = serde_json::from_str::<Value>(game).expect("game")["moves"]
            .as_array()
            .map_or(0, Vec::len);
        let r = json(&review(
            &dir,
            &format!("g{i}.json"),
            game,
            &["--json", "--level", "2"],
        ));
        check_estimates(&r, moves);
    }
}

#[test]
fn bad_input_is_refused_with_status_2() {
    let dir = tempfile::tempdir().expect("dir");
    let o = review(&dir, "bad.json", "{\"variant\": \"chess\"}", &["--json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let o = review(&dir, "capture.json", CAPTURE, &["--level", "11"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--level 11"));
}
