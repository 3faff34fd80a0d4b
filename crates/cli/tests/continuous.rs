//! Continuous Go through the real `stonefield` binary: `replay --json` on other radii, a
//! hexagon and a non-convex board (checked against geometry computed here, not against
//! stored figures), the readable summary, bad input (exit status 2, nothing on stdout), the
//! conformance checker's done-check, and `bench continuous --json`.

use std::process::{Command, Output};

use serde_json::{Value, json};

/// A temporary directory to run the binary in.
struct Dir(tempfile::TempDir);

impl Dir {
    fn new() -> Dir {
        Dir(tempfile::tempdir().expect("temporary directory"))
    }

    fn write(&self, name: &str, v: &Value) {
        std::fs::write(self.0.path().join(name), v.to_string()).expect("write test file");
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_stonefield"))
            .args(args)
            .current_dir(self.0.path())
            .output()
            .expect("run stonefield")
    }

    /// `replay FILE --json` of `record`, parsed.
    fn replay_json(&self, record: &Value) -> Value {
        self.write("game.json", record);
        let o = self.run(&["replay", "game.json", "--json"]);
        assert!(
            o.status.success(),
            "stderr: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        serde_json::from_slice(&o.stdout).expect("replay prints JSON")
    }
}

fn record(rules: Value, moves: Vec<Value>) -> Value {
    json!({"format": "stonefield-record/1", "variant": "continuous", "rules": rules,
           "moves": moves})
}

/// Alternating requests over `[lo, hi]^2` from a small deterministic generator.
fn requests(lo: f64, hi: f64, n: usize) -> Vec<Value> {
    let mut s: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 11) as f64 / (1u64 << 53) as f64
    };
    (0..n)
        .map(|i| {
            let color = if i % 2 == 0 { "black" } else { "white" };
            let snap = ["nearest", "nearest", "own", "opponent"][i % 4];
            let (x, y) = (lo + next() * (hi - lo), lo + next() * (hi - lo));
            json!({"color": color, "request": [x, y], "snap": snap})
        })
        .collect()
}

fn shoelace_units(poly: &[[f64; 2]], r: f64) -> f64 {
    let n = poly.len();
    let twice: f64 = (0..n)
        .map(|i| poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1])
        .sum();
    twice.abs() / 2.0 / (4.0 * r * r)
}

/// Checks every reported score against the board area, and the final stones' spacing.
fn check_report(out: &Value, area_units: f64, komi: f64, r: f64) -> usize {
    let moves = out["moves"].as_array().expect("moves");
    let mut placed = 0;
    for m in moves {
        if m["result"] == "placed" {
            placed += 1;
            let s = &m["score"];
            let total = s["black"].as_f64().expect("black") + s["white"].as_f64().expect("white");
            assert!((total - area_units - komi).abs() < 1e-6 * area_units, "{m}");
            assert!(m["captured"].is_array(), "{m}");
            assert_eq!(m["at"].as_array().map(Vec::len), Some(2), "{m}");
        }
    }
    let stones = out["final"]["stones"].as_array().expect("stones");
    for (i, a) in stones.iter().enumerate() {
        assert_eq!(a.as_array().map(Vec::len), Some(3), "{a}");
        for b in &stones[..i] {
            let d = (a[0].as_f64().unwrap_or(0.0) - b[0].as_f64().unwrap_or(0.0))
                .hypot(a[1].as_f64().unwrap_or(0.0) - b[1].as_f64().unwrap_or(0.0));
            assert!(d >= 2.0 * r * (1.0 - 1e-9), "{a} overlaps {b}");
        }
    }
    placed
}

#[test]
fn replay_json_on_a_hexagon() {
    let d = Dir::new();
    let out = d.replay_json(&record(
        json!({"board": "hexagon"}),
        requests(-1.0, 20.0, 80),
    ));
    assert_eq!(out["variant"], "continuous");
    // Six equilateral triangles with sides of 9.5 units.
    let area = 6.0 * 9.5 * 9.5 * 3f64.sqrt() / 4.0;
    assert!(check_report(&out, area, 6.5, 0.5) > 40);
    assert_eq!(out["final"]["over"], false);
}

#[test]
fn replay_json_on_squares_of_radius_24_6_and_1() {
    let d = Dir::new();
    for (r, off) in [(24.615_384_615_384_617, 100.0), (1.0, 0.0)] {
        let side = 26.0 * r;
        let poly = [
            [off, off],
            [off + side, off],
            [off + side, off + side],
            [off, off + side],
        ];
        let rules = json!({"board": {"polygon": poly}, "stone_radius": r, "komi": 7.5});
        let out = d.replay_json(&record(rules, requests(off - r, off + side + r, 90)));
        assert!(check_report(&out, 169.0, 7.5, r) > 40, "radius {r}");
    }
}

#[test]
fn replay_json_on_a_non_convex_polygon() {
    let d = Dir::new();
    // A U: the notch between the arms is off the board.
    let poly = [
        [0.0, 0.0],
        [12.0, 0.0],
        [12.0, 12.0],
        [8.0, 12.0],
        [8.0, 4.0],
        [4.0, 4.0],
        [4.0, 12.0],
        [0.0, 12.0],
    ];
    let mut moves = requests(-1.0, 13.0, 80);
    moves.insert(0, json!({"color": "black", "at": [6, 8]}));
    moves.insert(1, json!({"color": "black", "request": [6, 8]}));
    let out = d.replay_json(&record(json!({"board": {"polygon": poly}}), moves));
    assert_eq!(out["moves"][0]["reason"], "outside");
    // The pointer in the notch goes to the nearest point of the inner board: 2.5 away on
    // either arm (x = 3.5 or 8.5), nearer than the floor (4.5 away).
    let at = &out["moves"][1]["at"];
    let x = at[0].as_f64().expect("x");
    assert!((x - 3.5).abs() < 1e-9 || (x - 8.5).abs() < 1e-9, "{at}");
    assert!(check_report(&out, shoelace_units(&poly, 0.5), 6.5, 0.5) > 30);
}

#[test]
fn replay_text_lists_moves_captures_score_and_result() {
    let d = Dir::new();
    // A white stone with four black stones touching it is captured by the fourth.
    let mut moves = vec![
        json!({"color": "black", "at": [5, 6]}),
        json!({"color": "white", "at": [6, 6]}),
    ];
    for (i, at) in [[7, 6], [6, 5], [6, 7]].iter().enumerate() {
        moves.push(json!({"color": "black", "at": at}));
        moves.push(json!({"color": "white", "at": [1 + 2 * i, 1]}));
    }
    moves.push(json!({"color": "black", "request": [5.02, 6]}));
    moves.push(json!({"color": "black", "resign": true}));
    d.write("game.json", &record(json!({}), moves));
    let o = d.run(&["replay", "game.json"]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("6 black placed at [6.0, 7.0], captured [6.0, 6.0, \"white\"]; score black"),
        "{text}"
    );
    assert!(text.contains("\n8 black no-point"), "{text}");
    assert!(text.contains("\n9 black resign"), "{text}");
    assert!(text.contains("result: W+R"), "{text}");
}

/// Runs `args` and asserts a refusal: status 2, nothing on stdout, `needle` on stderr.
fn assert_refused(d: &Dir, record: &Value, needle: &str) {
    d.write("bad.json", record);
    let o = d.run(&["replay", "bad.json", "--json"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(o.stdout.is_empty());
    assert!(err.contains(needle), "expected {needle:?} in {err}");
}

#[test]
fn bad_continuous_records_exit_2_naming_the_place() {
    let d = Dir::new();
    let bowtie = json!({"polygon": [[0, 0], [10, 10], [10, 0], [0, 10]]});
    assert_refused(
        &d,
        &record(json!({"board": bowtie}), vec![]),
        "rules.board.polygon: edges",
    );
    let flat = json!({"polygon": [[0, 0], [1, 1], [2, 2]]});
    assert_refused(
        &d,
        &record(json!({"board": flat}), vec![]),
        "rules.board.polygon:",
    );
    assert_refused(
        &d,
        &record(json!({"stone_radius": 0}), vec![]),
        "rules.stone_radius:",
    );
    let tiny = json!({"polygon": [[0, 0], [3, 0], [3, 3], [0, 3]]});
    let r = json!({"board": tiny, "stone_radius": 2});
    assert_refused(
        &d,
        &record(r, vec![]),
        "rules.stone_radius: stones of radius 2 do not fit",
    );
    let snap = vec![json!({"color": "black", "request": [3, 3], "snap": "far"})];
    assert_refused(&d, &record(json!({}), snap), "moves[0].snap: unknown snap");
    let overlap =
        json!({"variant": "continuous", "setup": {"stones": [[3, 3, "black"], [3.2, 3, "white"]]}});
    assert_refused(&d, &overlap, "setup.stones[1]:");
    // 1e400 reads as infinity: refused before any engine sees it.
    let path = d.0.path().join("inf.json");
    let text = r#"{"variant": "continuous", "moves": [{"color": "black", "at": [1e400, 3]}]}"#;
    std::fs::write(&path, text).expect("write");
    let o = d.run(&["replay", "inf.json", "--json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
}

#[test]
fn conformance_checker_passes() {
    // The checker is the referee's program, kept in shared/ only; without it the same cases
    // are checked through the library by the record crate's conformance tests.
    let Some(shared) = stonefield_testdata::shared_root() else {
        eprintln!("../shared/conformance not beside the repository: checker skipped");
        return;
    };
    let checker = shared.join("check_continuous.py");
    let dirs = stonefield_testdata::entries("continuous");
    let o = Command::new("python3")
        .arg(&checker)
        .arg(env!("CARGO_BIN_EXE_stonefield"))
        .args(&dirs)
        .output();
    let Ok(o) = o else {
        eprintln!("python3 not available: checker skipped");
        return;
    };
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.trim_end().ends_with(" 0 failed"), "{out}");
}

#[test]
fn bench_continuous_json_reports_every_size() {
    let d = Dir::new();
    let o = d.run(&[
        "bench",
        "continuous",
        "--json",
        "--seeds",
        "1",
        "--moves",
        "3",
    ]);
    assert!(o.status.success());
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let sizes = v["sizes"].as_array().expect("sizes");
    let stones: Vec<u64> = sizes.iter().filter_map(|s| s["stones"].as_u64()).collect();
    assert_eq!(stones, [50, 100, 200, 300]);
    for s in sizes {
        assert!(s["move_us"].as_f64().is_some_and(|t| t > 0.0), "{s}");
        assert!(s["hover_us"].as_f64().is_some_and(|t| t > 0.0), "{s}");
        assert!(s["atari_us"].as_f64().is_some_and(|t| t > 0.0), "{s}");
        // Three moves may all capture, or none: the other median is then null.
        for split in ["move_quiet_us", "move_capture_us"] {
            assert!(
                s[split].is_null() || s[split].as_f64().is_some_and(|t| t > 0.0),
                "{s}"
            );
        }
        let share = s["capture_share"].as_f64().expect("capture_share");
        assert!((0.0..=1.0).contains(&share), "{s}");
    }
    // The same 300 stones near the moves, with nothing and with 1,200 stones elsewhere.
    let crowds = v["elsewhere"].as_array().expect("elsewhere");
    let counts: Vec<(u64, u64, f64)> = crowds
        .iter()
        .map(|c| {
            let n = |k: &str| c[k].as_u64().unwrap_or_else(|| panic!("{k} in {c}"));
            let stones = c["stones"].as_f64().expect("stones");
            (n("near_stones"), n("stones_elsewhere"), stones)
        })
        .collect();
    assert_eq!(counts, [(300, 0, 300.0), (300, 1200, 1500.0)]);
    for c in crowds {
        for figure in ["move_us", "hover_us", "atari_us"] {
            assert!(c[figure].as_f64().is_some_and(|t| t > 0.0), "{c}");
        }
    }
    // Random playouts from the empty default board run to the end of a game.
    assert!(v["playouts_per_s"].as_f64().is_some_and(|p| p > 0.0), "{v}");
    assert!(v["playout_moves"].as_f64().is_some_and(|m| m > 50.0), "{v}");
}
