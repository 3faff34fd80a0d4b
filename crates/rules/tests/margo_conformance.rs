//! Replays the MarGo conformance cases (the repository's copy and `shared/conformance`: records
//! with a setup, outcomes computed by an independent checker of `rules/margo.md`) through the
//! engine and compares what `check_classic.py` compares: result, reason, captured balls, the
//! board after.

use std::path::{Path, PathBuf};

use serde_json::Value;
use stonefield_rules::margo::{MargoGame, MargoRules, Point};
use stonefield_rules::{Color, Game, Stone};

fn int(v: &Value) -> i64 {
    v.as_i64().expect("integer coordinate")
}

fn color(v: &Value) -> Color {
    v.as_str()
        .expect("colour name")
        .parse()
        .expect("black or white")
}

fn rules(record: &Value) -> MargoRules {
    let mut rules = MargoRules::default();
    let Some(obj) = record["rules"].as_object() else {
        return rules;
    };
    for (key, v) in obj {
        if key == "board_size" {
            rules = MargoRules {
                board_size: u8::try_from(int(v)).expect("small size"),
                ..rules
            };
        } else {
            rules
                .set_flag(key, v.as_bool().expect("boolean option"))
                .expect("known option");
        }
    }
    rules
}

/// A ball as `[x, y, level, colour]`, sortable.
type Ball = (i64, i64, i64, String);

fn ball_of(v: &Value) -> Ball {
    (
        int(&v[0]),
        int(&v[1]),
        int(&v[2]),
        v[3].as_str().expect("colour").to_owned(),
    )
}

fn ball_from_stone(s: &Stone<Point>) -> Ball {
    let [x, y, k] = s.at.coords().map(i64::from);
    (x, y, k, s.color.name().to_owned())
}

fn sorted(mut v: Vec<Ball>) -> Vec<Ball> {
    v.sort();
    v
}

fn setup_game(record: &Value) -> MargoGame {
    let rules = rules(record);
    let setup = &record["setup"];
    let stones: Vec<Stone<Point>> = setup["stones"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(|s| Stone {
            at: Point::from_coords(int(&s[0]), int(&s[1]), int(&s[2]), rules.board_size)
                .expect("setup point on the board"),
            color: color(&s[3]),
        })
        .collect();
    let to_move = setup.get("to_move").map_or(Color::White, color);
    MargoGame::from_setup(rules, &stones, to_move).expect("valid setup")
}

/// Replays one case; returns the first difference from the expected file.
fn replay_case(record_path: &Path) -> Result<(), String> {
    let read = |p: &Path| -> Value {
        serde_json::from_str(&stonefield_testdata::read(p))
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    };
    let record = read(record_path);
    let expected = read(&stonefield_testdata::sibling(
        record_path,
        ".record.json",
        ".expected.json",
    ));
    let mut game = setup_game(&record);
    let moves = record["moves"].as_array().expect("moves");
    let want = expected["moves"].as_array().expect("expected moves");
    assert_eq!(moves.len(), want.len(), "one expectation per move");
    for (mv, w) in moves.iter().zip(want) {
        let at = &mv["at"];
        let size = game.board_size();
        assert_eq!(
            color(&mv["color"]),
            game.to_move(),
            "record follows the turn"
        );
        let result = Point::from_coords(int(&at[0]), int(&at[1]), int(&at[2]), size)
            .map_err(|_| stonefield_rules::IllegalMove::Outside)
            .and_then(|p| game.play(&p));
        let index = &w["index"];
        match (&result, w["result"].as_str()) {
            (Ok(placed), Some("placed")) => {
                if let Some(c) = w.get("captured") {
                    let want: Vec<Ball> = c.as_array().expect("list").iter().map(ball_of).collect();
                    let got: Vec<Ball> = placed.captured.iter().map(ball_from_stone).collect();
                    if sorted(got.clone()) != sorted(want.clone()) {
                        return Err(format!("move {index}: captured {got:?}, expected {want:?}"));
                    }
                }
            }
            (Err(e), Some("illegal")) => {
                if let Some(r) = w.get("reason").and_then(Value::as_str)
                    && e.reason() != r
                {
                    return Err(format!("move {index}: reason {}, expected {r}", e.reason()));
                }
            }
            (got, want) => return Err(format!("move {index}: {got:?}, expected {want:?}")),
        }
        if let Some(after) = w.get("stones_after") {
            let want: Vec<Ball> = after
                .as_array()
                .expect("list")
                .iter()
                .map(ball_of)
                .collect();
            let got: Vec<Ball> = game.stones().iter().map(ball_from_stone).collect();
            if sorted(got.clone()) != sorted(want.clone()) {
                return Err(format!("move {index}: board {got:?}, expected {want:?}"));
            }
        }
    }
    Ok(())
}

#[test]
fn every_margo_conformance_case_replays_as_expected() {
    let records: Vec<PathBuf> = stonefield_testdata::files_ending("margo", ".record.json");
    assert!(
        records.len() >= 13,
        "the rules page lists 13 cases: {records:?}"
    );
    let failures: Vec<String> = records
        .iter()
        .filter_map(|p| {
            replay_case(p)
                .err()
                .map(|e| format!("{}: {e}", p.display()))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
