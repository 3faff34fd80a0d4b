//! Property tests of continuous records on several boards and radii: whatever the
//! requests, replay never panics, stones fit and never overlap, the scores share out the
//! whole board, previews predict moves, and a record of the resolved points (`at`)
//! replays exactly like the record of requests.

mod continuous_support;

use continuous_support::*;
use proptest::prelude::*;
use serde_json::{Value, json};
use stonefield_record::{AnyGame, Record, replay};

/// The boards: outline, stone radius.
fn boards() -> Vec<(Vec<[f64; 2]>, f64)> {
    vec![
        (SQUARE_13.to_vec(), 0.5),
        (
            transformed(&SQUARE_13, 49.230_769_230_769_23, 170.0, 80.0),
            24.615_384_615_384_617,
        ),
        (transformed(&L_SHAPE, 2.0, 0.0, 0.0), 1.0),
        (transformed(&SQUARE_13, 9.0 / 13.0, 0.0, 0.0), 0.5),
    ]
}

fn request() -> impl Strategy<Value = (f64, f64, u8, bool)> {
    (
        -0.1..1.1f64,
        -0.1..1.1f64,
        0u8..3,
        prop::bool::weighted(0.04),
    )
}

/// Record moves for requests in fractions of the board's bounding box.
fn moves(poly: &[[f64; 2]], reqs: &[(f64, f64, u8, bool)]) -> Vec<Value> {
    let (lo_x, hi_x) = poly
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p[0]), b.max(p[0])));
    let (lo_y, hi_y) = poly
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p[1]), b.max(p[1])));
    reqs.iter()
        .enumerate()
        .map(|(i, &(fx, fy, mode, pass))| {
            let color = if i % 2 == 0 { "black" } else { "white" };
            if pass {
                return json!({"color": color, "pass": true});
            }
            let at = [lo_x + fx * (hi_x - lo_x), lo_y + fy * (hi_y - lo_y)];
            let snap = ["nearest", "own", "opponent"][usize::from(mode)];
            json!({"color": color, "request": at, "snap": snap})
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn replays_keep_the_geometry_and_previews_predict_moves(
        board in 0usize..4,
        reqs in prop::collection::vec(request(), 1..90),
    ) {
        let (poly, r) = &boards()[board];
        let rules = json!({"board": {"polygon": poly}, "stone_radius": r});
        let rec = record(rules.clone(), &moves(poly, &reqs));
        let mut game = AnyGame::from_record(&rec).expect("game");
        let area = area_units(poly, *r);
        let mut placed = Vec::new();
        for mv in &rec.moves {
            let ask = match &mv.kind {
                stonefield_record::MoveKind::Request { at, snap } => {
                    Some(json!({"request": at, "snap": snap.name(), "color": mv.color.name()}))
                }
                _ => None,
            };
            let preview = ask.map(|a| game.preview(&a).expect("preview"));
            let report = game.apply(mv);
            let got = serde_json::to_value(&report).expect("report");
            if let Some(p) = preview {
                prop_assert_eq!(&p["at"], got.get("at").unwrap_or(&Value::Null));
                if got["result"] == "placed" {
                    prop_assert_eq!(&p["captured"], &got["captured"]);
                    // The preview sums areas in another order: equal to rounding.
                    for c in ["black", "white"] {
                        let (a, b) = (p["score"][c].as_f64(), got["score"][c].as_f64());
                        prop_assert!(a.zip(b).is_some_and(|(a, b)| (a - b).abs() < 1e-9));
                    }
                }
            }
            check_position(&game, poly, *r, 6.5, area);
            // The same game written with exact points.
            placed.push(match (&report.at, report.result) {
                (Some(at), stonefield_record::MoveResult::Placed) => {
                    json!({"color": mv.color.name(), "at": at})
                }
                _ if got["result"] == "pass" => json!({"color": mv.color.name(), "pass": true}),
                _ => continue,
            });
        }
        let exact = Record::from_value(&json!({"variant": "continuous", "rules": rules,
                                               "moves": placed})).expect("record of points");
        let replayed = replay(&exact).expect("replay");
        prop_assert!(replayed.moves.iter().all(|m| m.accepted()));
        prop_assert_eq!(&replayed.final_view, &game.final_view());
    }
}
