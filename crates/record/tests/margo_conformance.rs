//! The MarGo conformance cases (the repository's copy and `shared/conformance`) run through the
//! library, as they are and moved: turned and mirrored by the eight symmetries of the square,
//! and set on larger boards at every offset that keeps the sides the position leans on (a
//! level-0 ball on a side gets no freedom beyond it, so that side must stay a side; any other
//! side may move away, which only adds empty holes next to empty holes).

use std::path::Path;

use serde_json::{Value, json};
use stonefield_record::{AnyGame, Record};

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&stonefield_testdata::read(path))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A way to move a position from a board of side `n` to one of side `m`.
#[derive(Debug, Clone, Copy)]
struct Move {
    n: u64,
    m: u64,
    /// Bit 0 mirrors x, bit 1 mirrors y, bit 2 swaps x and y (after the mirrors).
    sym: u8,
    dx: u64,
    dy: u64,
}

impl Move {
    /// `[x, y, level, ...]` moved; whatever follows the three numbers is kept.
    fn point(&self, v: &Value) -> Value {
        let a = v.as_array().expect("a point");
        let num = |i: usize| a[i].as_u64().expect("whole coordinate");
        let (mut x, mut y, k) = (num(0), num(1), num(2));
        let side = self.n - k;
        if self.sym & 1 != 0 {
            x = side - 1 - x;
        }
        if self.sym & 2 != 0 {
            y = side - 1 - y;
        }
        if self.sym & 4 != 0 {
            std::mem::swap(&mut x, &mut y);
        }
        let mut out = vec![json!(x + self.dx), json!(y + self.dy), json!(k)];
        out.extend(a[3..].iter().cloned());
        Value::from(out)
    }

    fn points(&self, v: &Value) -> Value {
        v.as_array()
            .expect("a list of points")
            .iter()
            .map(|p| self.point(p))
            .collect()
    }

    fn record(&self, rec: &Value) -> Value {
        let mut r = rec.clone();
        r["rules"]["board_size"] = json!(self.m);
        if let Some(stones) = rec["setup"].get("stones") {
            r["setup"]["stones"] = self.points(stones);
        }
        for (i, mv) in rec["moves"].as_array().expect("moves").iter().enumerate() {
            if let Some(at) = mv.get("at") {
                r["moves"][i]["at"] = self.point(at);
            }
        }
        r
    }

    fn expected(&self, want: &Value) -> Value {
        let mut w = want.clone();
        for (i, mv) in want.as_array().expect("moves").iter().enumerate() {
            for key in ["captured", "stones_after"] {
                if let Some(list) = mv.get(key) {
                    w[i][key] = self.points(list);
                }
            }
            if let Some(at) = mv.get("at") {
                w[i]["at"] = self.point(at);
            }
        }
        w
    }
}

/// Sorted `(x, y, level, colour)` tuples.
fn norm(stones: &Value) -> Vec<(u64, u64, u64, String)> {
    let mut v: Vec<_> = stones
        .as_array()
        .expect("a list of balls")
        .iter()
        .map(|s| {
            let n = |i: usize| s[i].as_u64().expect("whole coordinate");
            (n(0), n(1), n(2), s[3].as_str().expect("colour").to_owned())
        })
        .collect();
    v.sort();
    v
}

/// Replays `rec` through the library and compares it with the referee's `want`.
fn check(rec: &Value, want: &Value, name: &str) {
    let record = Record::from_value(rec).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut game = AnyGame::from_record(&record).unwrap_or_else(|e| panic!("{name}: {e}"));
    let want = want.as_array().expect("moves");
    assert_eq!(record.moves.len(), want.len(), "{name}: move count");
    for (mv, w) in record.moves.iter().zip(want) {
        let got = serde_json::to_value(game.apply(mv)).expect("report");
        let at = format!("{name} move {}", w["index"]);
        for key in ["result", "reason", "at"] {
            if let Some(x) = w.get(key) {
                assert_eq!(&got[key], x, "{at}: {key}");
            }
        }
        if let Some(c) = w.get("captured") {
            assert_eq!(norm(&got["captured"]), norm(c), "{at}: captured");
        }
        if let Some(s) = w.get("stones_after") {
            assert_eq!(norm(&game.final_view()["stones"]), norm(s), "{at}: balls");
        }
    }
}

/// Which sides of the board of side `n` hold a level-0 ball: left, right, top, bottom.
fn sides_used(rec: &Value, n: u64) -> [bool; 4] {
    let mut used = [false; 4];
    for s in rec["setup"]["stones"].as_array().into_iter().flatten() {
        let c = |i: usize| s[i].as_u64().expect("coordinate");
        if c(2) == 0 {
            used[0] |= c(0) == 0;
            used[1] |= c(0) == n - 1;
            used[2] |= c(1) == 0;
            used[3] |= c(1) == n - 1;
        }
    }
    used
}

/// Offsets on one axis from a side `n` board to a side `m` board that keep the used sides.
fn offsets(n: u64, m: u64, low_used: bool, high_used: bool) -> Vec<u64> {
    let all = 0..=(m - n);
    all.filter(|&d| (!low_used || d == 0) && (!high_used || d == m - n))
        .collect()
}

fn cases() -> Vec<(String, Value, Value)> {
    let names = stonefield_testdata::files_ending("margo", ".record.json");
    assert!(names.len() >= 13, "the 13 MarGo cases");
    names
        .into_iter()
        .map(|p| {
            let name = p.file_name().expect("name").to_string_lossy().into_owned();
            let want = stonefield_testdata::sibling(&p, ".record.json", ".expected.json");
            (name, read_json(&p), read_json(&want)["moves"].clone())
        })
        .collect()
}

#[test]
fn margo_cases_agree_with_the_independent_checker() {
    for (name, rec, want) in cases() {
        check(&rec, &want, &name);
    }
}

#[test]
fn margo_cases_agree_turned_mirrored_and_moved_to_larger_boards() {
    let mut checked = 0;
    let mut moved = 0;
    for (name, rec, want) in cases() {
        let n = rec["rules"]["board_size"].as_u64().unwrap_or(7);
        for sym in 0..8 {
            let turned = Move {
                n,
                m: n,
                sym,
                dx: 0,
                dy: 0,
            };
            let t_rec = turned.record(&rec);
            let t_want = turned.expected(&want);
            let [l, r, t, b] = sides_used(&t_rec, n);
            for m in [n, n + 1, n + 3, 13] {
                for dx in offsets(n, m, l, r) {
                    for dy in offsets(n, m, t, b) {
                        let shift = Move {
                            n: m,
                            m,
                            sym: 0,
                            dx,
                            dy,
                        };
                        let label = format!("{name} (symmetry {sym}, {m}x{m} at +{dx}+{dy})");
                        check(&shift.record(&t_rec), &shift.expected(&t_want), &label);
                        checked += 1;
                        moved += usize::from(dx + dy > 0);
                    }
                }
            }
        }
    }
    // Every case in every symmetry, and many placements away from the top-left corner.
    assert!(checked > 13 * 8 * 2, "{checked} placements");
    assert!(moved > 100, "{moved} moved placements");
}
