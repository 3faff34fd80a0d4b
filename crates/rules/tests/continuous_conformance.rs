//! The continuous-Go conformance cases (the repository's copy and `shared/conformance`),
//! recorded from the reference program: each record is replayed through the public API and
//! compared with the expected output using the tolerances of `check_continuous.py`.

use std::path::{Path, PathBuf};

use serde_json::Value;
use stonefield_rules::continuous::{
    BoardShape, ContinuousGame, ContinuousRules, Point, Polygon, RequestError, SnapMode,
};
use stonefield_rules::{Color, Game, Stone};

const SCORE_TOL: f64 = 0.006;
const POS_TOL: f64 = 1e-6;
const PROBE_TOL: f64 = 1e-3;

fn read(path: &Path) -> Value {
    let text = stonefield_testdata::read(path);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn pair(v: &Value) -> [f64; 2] {
    let a = v.as_array().expect("a pair");
    [a[0].as_f64().expect("x"), a[1].as_f64().expect("y")]
}

fn point(v: &Value) -> Point {
    Point::try_from(pair(v)).expect("finite")
}

fn rules(v: &Value) -> ContinuousRules {
    let mut rules = ContinuousRules::default();
    match &v["board"] {
        Value::String(name) => rules.board = BoardShape::Preset(name.parse().expect("preset")),
        Value::Object(o) => {
            let coords: Vec<[f64; 2]> = o["polygon"]
                .as_array()
                .expect("polygon")
                .iter()
                .map(pair)
                .collect();
            rules.board = BoardShape::Polygon(Polygon::from_coords(&coords).expect("polygon"));
        }
        _ => {}
    }
    if let Some(r) = v["stone_radius"].as_f64() {
        rules.stone_radius = r;
    }
    if let Some(k) = v["komi"].as_f64() {
        rules.komi = k;
    }
    if let Some(ko) = v["ko"].as_str() {
        rules.ko = ko.parse().expect("ko rule");
    }
    rules
}

/// What replaying one move printed, in the shape of the expected output.
#[derive(Debug)]
struct Got {
    result: &'static str,
    reason: Option<&'static str>,
    at: Option<Point>,
    captured: Vec<Stone<Point>>,
}

fn replay_move(game: &mut ContinuousGame, mv: &Value) -> Got {
    let color: Color = mv["color"]
        .as_str()
        .expect("color")
        .parse()
        .expect("colour");
    assert_eq!(
        color,
        game.to_move(),
        "records in these cases alternate properly"
    );
    let got = |result, reason, at, captured| Got {
        result,
        reason,
        at,
        captured,
    };
    if mv["pass"].as_bool() == Some(true) {
        game.pass().expect("pass");
        return got("pass", None, None, Vec::new());
    }
    let outcome = if let Some(at) = mv.get("at") {
        let at = point(at);
        game.play(&at)
            .map(|p| (at, p))
            .map_err(|reason| RequestError::Illegal { at, reason })
    } else {
        let mode: SnapMode = mv["snap"]
            .as_str()
            .unwrap_or("nearest")
            .parse()
            .expect("snap");
        game.play_request(point(&mv["request"]), mode)
    };
    match outcome {
        Ok((at, placed)) => got("placed", None, Some(at), placed.captured),
        Err(RequestError::NoPoint) => got("no-point", None, None, Vec::new()),
        Err(RequestError::Illegal { at, reason }) => {
            got("illegal", Some(reason.reason()), Some(at), Vec::new())
        }
    }
}

fn close(a: Point, b: [f64; 2], tol: f64) -> bool {
    (a.x() - b[0]).hypot(a.y() - b[1]) <= tol
}

fn same_stones(got: &[Stone<Point>], want: &Value, tol: f64) -> bool {
    let mut left: Vec<&Value> = want.as_array().expect("stones").iter().collect();
    for s in got {
        let Some(i) = left.iter().position(|w| {
            let a = w.as_array().expect("stone");
            let c: Color = a[2].as_str().expect("colour").parse().expect("colour");
            c == s.color && close(s.at, pair(&Value::from(a[..2].to_vec())), tol)
        }) else {
            return false;
        };
        left.remove(i);
    }
    left.is_empty()
}

fn check_game(dir: &Path) -> Vec<String> {
    let record = read(&dir.join("game.record.json"));
    let expected = read(&dir.join("game.expected.json"));
    let rules = rules(&record["rules"]);
    let r = rules.stone_radius;
    let mut game = ContinuousGame::new(rules).expect("valid rules");
    let mut fails = Vec::new();
    let moves = record["moves"].as_array().expect("moves");
    for (mv, want) in moves
        .iter()
        .zip(expected["moves"].as_array().expect("moves"))
    {
        let where_ = format!("{} move {}", dir.display(), want["index"]);
        let got = replay_move(&mut game, mv);
        if got.result != want["result"] {
            fails.push(format!("{where_}: {got:?}, expected {want}"));
            continue;
        }
        if want["result"] == "illegal" && got.reason != want["reason"].as_str() {
            fails.push(format!(
                "{where_}: reason {:?}, expected {}",
                got.reason, want["reason"]
            ));
        }
        if let Some(at) = want.get("at")
            && !got.at.is_some_and(|g| close(g, pair(at), POS_TOL * r))
        {
            fails.push(format!("{where_}: at {:?}, expected {at}", got.at));
        }
        if let Some(c) = want.get("captured")
            && !same_stones(&got.captured, c, POS_TOL * r)
        {
            fails.push(format!(
                "{where_}: captured {:?}, expected {c}",
                got.captured
            ));
        }
        if let Some(s) = want.get("stones_after")
            && !same_stones(&game.stones(), s, POS_TOL * r)
        {
            fails.push(format!("{where_}: stones after differ"));
        }
        if let Some(s) = want.get("score") {
            let score = game.score();
            for (c, v) in [("black", score.black), ("white", score.white)] {
                let w = s[c].as_f64().expect("score");
                if (v - w).abs() > SCORE_TOL {
                    fails.push(format!("{where_}: {c} score {v}, expected {w}"));
                }
            }
        }
        if let Err(e) = game.audit() {
            fails.push(format!("{where_}: {e}"));
        }
    }
    fails
}

fn check_probe(dir: &Path, name: &str) -> Vec<String> {
    let record = read(&dir.join(name));
    let expected = read(&dir.join(name.replace(".record.json", ".expected.json")));
    let rules = rules(&record["rules"]);
    let r = rules.stone_radius;
    let mut game = ContinuousGame::new(rules).expect("valid rules");
    let moves = record["moves"].as_array().expect("moves");
    let (last, before) = moves.split_last().expect("a probe move");
    for mv in before {
        replay_move(&mut game, mv);
    }
    let got = replay_move(&mut game, last);
    let want = &expected["resolved"];
    let ok = match (want.is_null(), got.at) {
        (true, _) => got.result == "no-point",
        (false, Some(at)) => close(at, pair(want), PROBE_TOL * r),
        (false, None) => false,
    };
    if ok {
        Vec::new()
    } else {
        vec![format!(
            "{}/{name}: got {got:?}, expected {want}",
            dir.display()
        )]
    }
}

#[test]
fn every_conformance_case_passes() {
    let dirs: Vec<PathBuf> = stonefield_testdata::entries("continuous")
        .into_iter()
        .filter(|p| p.join("game.record.json").exists())
        .collect();
    assert!(dirs.len() >= 7, "cases found: {dirs:?}");
    let mut fails = Vec::new();
    let mut cases = 0;
    for dir in &dirs {
        fails.extend(check_game(dir));
        cases += 1;
        let probes: Vec<String> = stonefield_testdata::list(dir)
            .iter()
            .filter_map(|p| p.file_name()?.to_str().map(str::to_owned))
            .filter(|n| n.starts_with("probe-") && n.ends_with(".record.json"))
            .collect();
        for p in probes {
            fails.extend(check_probe(dir, &p));
            cases += 1;
        }
    }
    assert!(cases >= 43, "at least the 7 games and 36 probes: {cases}");
    assert!(
        fails.is_empty(),
        "{} of {cases} cases:\n{}",
        fails.len(),
        fails.join("\n")
    );
}
