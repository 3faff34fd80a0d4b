//! Shared helpers of the continuous-Go record tests: building records, and checking the
//! geometry of a position independently of the engine (discs inside the polygon, no
//! overlaps, Voronoi areas adding up to the board).

#![allow(dead_code)] // Each test file uses its own part of these helpers.

use serde_json::{Value, json};
use stonefield_record::{AnyGame, Record};

/// A record of `rules` and `moves` (JSON values as written in a file).
pub fn record(rules: Value, moves: &[Value]) -> Record {
    let v = json!({"format": "stonefield-record/1", "variant": "continuous",
                   "rules": rules, "moves": moves});
    Record::from_value(&v).expect("valid continuous record")
}

/// `[[x, y], ...]` scaled by `k` and shifted by `(dx, dy)`.
pub fn transformed(poly: &[[f64; 2]], k: f64, dx: f64, dy: f64) -> Vec<[f64; 2]> {
    poly.iter().map(|[x, y]| [x * k + dx, y * k + dy]).collect()
}

/// A 10x10 L: a square with its lower-right 6x6 quarter cut away (non-convex).
pub const L_SHAPE: [[f64; 2]; 6] = [
    [0.0, 0.0],
    [10.0, 0.0],
    [10.0, 4.0],
    [4.0, 4.0],
    [4.0, 10.0],
    [0.0, 10.0],
];

pub const SQUARE_13: [[f64; 2]; 4] = [[0.0, 0.0], [13.0, 0.0], [13.0, 13.0], [0.0, 13.0]];

fn segment_distance(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (vx, vy) = (b[0] - a[0], b[1] - a[1]);
    let (wx, wy) = (p[0] - a[0], p[1] - a[1]);
    let t = ((wx * vx + wy * vy) / (vx * vx + vy * vy)).clamp(0.0, 1.0);
    ((wx - t * vx).powi(2) + (wy - t * vy).powi(2)).sqrt()
}

fn inside(p: [f64; 2], poly: &[[f64; 2]]) -> bool {
    let mut c = false;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        if (a[1] > p[1]) != (b[1] > p[1])
            && p[0] < a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0])
        {
            c = !c;
        }
    }
    c
}

/// True when a stone of radius `r` at `p` lies inside `poly` (tolerance `1e-9 r`).
pub fn fits(p: [f64; 2], r: f64, poly: &[[f64; 2]]) -> bool {
    let n = poly.len();
    inside(p, poly)
        && (0..n).all(|i| segment_distance(p, poly[i], poly[(i + 1) % n]) >= r * (1.0 - 1e-9))
}

/// `[x, y]` of a JSON point or stone.
pub fn xy(v: &Value) -> [f64; 2] {
    [
        v[0].as_f64().expect("x coordinate"),
        v[1].as_f64().expect("y coordinate"),
    ]
}

/// Checks the position of `game` on `poly` with radius `r`: every stone fits, no two
/// overlap, and the scores add up to the board's area plus komi.
pub fn check_position(game: &AnyGame, poly: &[[f64; 2]], r: f64, komi: f64, area_units: f64) {
    let view = game.final_view();
    let stones: Vec<[f64; 2]> = view["stones"]
        .as_array()
        .expect("stones")
        .iter()
        .map(xy)
        .collect();
    for (i, s) in stones.iter().enumerate() {
        assert!(fits(*s, r, poly), "stone {s:?} does not fit on {poly:?}");
        for t in &stones[..i] {
            let d = ((s[0] - t[0]).powi(2) + (s[1] - t[1]).powi(2)).sqrt();
            assert!(
                d >= 2.0 * r * (1.0 - 1e-9),
                "stones {s:?} and {t:?} overlap"
            );
        }
    }
    let score = &view["score"];
    let total = score["black"].as_f64().expect("black") + score["white"].as_f64().expect("white");
    let want = if stones.is_empty() {
        komi
    } else {
        area_units + komi
    };
    assert!(
        (total - want).abs() < 1e-6 * area_units.max(1.0),
        "scores add up to {total}, expected {want}"
    );
}

/// The area of `poly` in units of `(2r)^2` (shoelace formula).
pub fn area_units(poly: &[[f64; 2]], r: f64) -> f64 {
    let n = poly.len();
    let twice: f64 = (0..n)
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum();
    twice.abs() / 2.0 / (4.0 * r * r)
}
