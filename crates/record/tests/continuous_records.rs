//! Continuous-Go records through the library: rules and setups refused with their place,
//! games on other radii, board sizes, a hexagon and a non-convex polygon, scale invariance,
//! hover previews and `describe`.

mod continuous_support;

use continuous_support::*;
use serde_json::{Value, json};
use stonefield_record::{AnyGame, MoveResult, Record, RecordMove, Variant, replay};
use stonefield_rules::Color;

fn refused(rules: Value) -> String {
    let v = json!({"variant": "continuous", "rules": rules});
    Record::from_value(&v).expect_err("bad rules").to_string()
}

#[test]
fn bad_rules_are_refused_naming_the_option() {
    let bowtie = json!({"polygon": [[0, 0], [10, 10], [10, 0], [0, 10]]});
    assert!(refused(json!({"board": bowtie})).starts_with("rules.board.polygon: edges"));
    let flat = json!({"polygon": [[0, 0], [5, 0], [10, 0]]});
    assert!(refused(json!({"board": flat})).starts_with("rules.board.polygon:"));
    let two = json!({"polygon": [[0, 0], [5, 0]]});
    assert!(refused(json!({"board": two})).contains("at least 3 vertices"));
    let repeated = json!({"polygon": [[0, 0], [5, 0], [5, 0], [0, 5]]});
    assert!(refused(json!({"board": repeated})).starts_with("rules.board.polygon[2]:"));
    let far = json!({"polygon": [[0, 0], [1e300, 0], [0, 5]]});
    assert!(refused(json!({"board": far})).starts_with("rules.board.polygon[1]:"));
    let short = json!({"polygon": [[0, 0], [5], [0, 5]]});
    assert_eq!(
        refused(json!({"board": short})),
        "rules.board.polygon[1]: expected 2 numbers"
    );
    assert!(refused(json!({"board": "square-12"})).starts_with("rules.board: unknown board"));
    assert!(refused(json!({"board": {"poly": []}})).starts_with("rules.board: unknown field"));
    for r in [json!(0), json!(-0.5)] {
        assert!(refused(json!({"stone_radius": r})).starts_with("rules.stone_radius:"));
    }
    let square = json!({"polygon": [[0, 0], [3, 0], [3, 3], [0, 3]]});
    let too_big = json!({"board": square, "stone_radius": 1.6});
    assert!(refused(too_big).starts_with("rules.stone_radius: stones of"));
    assert!(refused(json!({"stone_radius": 1e300})).starts_with("rules.stone_radius:"));
    assert!(refused(json!({"stone_radius": "big"})).starts_with("rules.stone_radius: expected"));
    assert!(refused(json!({"komi": 1e200})).starts_with("rules.komi:"));
    assert!(refused(json!({"ko": "simple"})).starts_with("rules.ko: unknown value"));
    assert!(refused(json!({"handicap": 2.5})).starts_with("rules.handicap:"));
    assert!(refused(json!({"handicap": 1000})).starts_with("rules.handicap:"));
    assert_eq!(refused(json!({"size": 9})), "rules: unknown field \"size\"");
}

#[test]
fn infinite_numbers_never_reach_the_engine() {
    // JSON has no NaN; 1e400 overflows, and the reader refuses it as JSON.
    for text in [
        r#"{"variant": "continuous", "rules": {"komi": 1e400}}"#,
        r#"{"variant": "continuous", "moves": [{"color": "black", "at": [1e400, 3]}]}"#,
        r#"{"variant": "continuous", "moves": [{"color": "black", "request": [3, -1e400]}]}"#,
        r#"{"variant": "continuous", "rules": {"board": {"polygon": [[0,0],[1e400,0],[0,5]]}}}"#,
    ] {
        assert!(Record::from_json(text).is_err(), "{text}");
    }
}

#[test]
fn bad_setups_name_the_stone() {
    let e = |stones: Value| {
        let v = json!({"variant": "continuous", "setup": {"stones": stones}});
        Record::from_value(&v).expect_err("bad setup").to_string()
    };
    assert!(e(json!([[3, 3, "black"], [3.5, 3, "white"]])).starts_with("setup.stones[1]:"));
    assert!(e(json!([[3, 3, "black"], [0.2, 3, "white"]])).starts_with("setup.stones[1]:"));
    // A white stone boxed in by four black ones touching it has no liberty.
    let boxed = json!([
        [5, 5, "white"],
        [4, 5, "black"],
        [6, 5, "black"],
        [5, 4, "black"],
        [5, 6, "black"]
    ]);
    assert!(e(boxed).starts_with("setup.stones[0]: setup group"));
    assert!(e(json!([[3, 3]])).starts_with("setup.stones[0]: expected [x, y, \"colour\"]"));
}

#[test]
fn points_off_the_board_and_out_of_turn_are_reported_not_refused() {
    let r = record(
        json!({}),
        &[
            json!({"color": "black", "at": [0.2, 5]}),
            json!({"color": "black", "at": [1e300, -1e300]}),
            json!({"color": "white", "at": [5, 5]}),
            json!({"color": "black", "request": [1e300, 1e300]}),
            json!({"color": "white", "request": [1e6, -1e6]}),
            json!({"color": "black", "at": [12.5, 12.51]}),
        ],
    );
    let rep = replay(&r).expect("replay");
    let reasons: Vec<Option<&str>> = rep
        .moves
        .iter()
        .map(|m| m.reason.map(|r| r.reason()))
        .collect();
    assert_eq!(
        reasons,
        [
            Some("outside"),
            Some("outside"),
            Some("not-your-turn"),
            None,
            None,
            Some("outside")
        ]
    );
    // Far pointers clamp to the nearest point exactly, however far: the top-right corner
    // for Black, the bottom-right one for White.
    let at = |i: usize| xy(rep.moves[i].at.as_ref().expect("placed"));
    assert_eq!(at(3), [12.5, 12.5]);
    assert_eq!(at(4), [12.5, 0.5]);
}

/// The requests of a small game, on a 13-unit board of radius 0.5 at the origin.
fn requests() -> Vec<(f64, f64, &'static str)> {
    let mut v = Vec::new();
    let mut rng = fastrand_like(7);
    for i in 0..70 {
        let mode = ["nearest", "nearest", "own", "opponent"][i % 4];
        v.push((rng() * 14.0 - 0.5, rng() * 14.0 - 0.5, mode));
    }
    v
}

/// A tiny deterministic generator, so the test needs no extra dependency.
fn fastrand_like(seed: u64) -> impl FnMut() -> f64 {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn game_moves(k: f64, dx: f64, dy: f64) -> Vec<Value> {
    requests()
        .iter()
        .enumerate()
        .map(|(i, &(x, y, snap))| {
            let color = if i % 2 == 0 { "black" } else { "white" };
            json!({"color": color, "request": [x * k + dx, y * k + dy], "snap": snap})
        })
        .collect()
}

#[test]
fn a_game_scaled_and_moved_resolves_to_the_same_points_and_scores() {
    let base = replay(&record(
        json!({"board": {"polygon": SQUARE_13}, "stone_radius": 0.5}),
        &game_moves(1.0, 0.0, 0.0),
    ))
    .expect("replay");
    let placed = base
        .moves
        .iter()
        .filter(|m| m.result == MoveResult::Placed)
        .count();
    assert!(placed > 40, "only {placed} stones placed");
    for (k, dx, dy) in [(49.230_769_230_769_23, 170.0, 80.0), (2.0, -3.0, 5.5)] {
        let r = 0.5 * k;
        let poly = transformed(&SQUARE_13, k, dx, dy);
        let rules = json!({"board": {"polygon": poly}, "stone_radius": r});
        let scaled = replay(&record(rules, &game_moves(k, dx, dy))).expect("replay");
        for (a, b) in base.moves.iter().zip(&scaled.moves) {
            assert_eq!(
                (a.result, a.reason),
                (b.result, b.reason),
                "move {}",
                a.index
            );
            if let (Some(p), Some(q)) = (&a.at, &b.at) {
                let (p, q) = (xy(p), xy(q));
                let d = (p[0] * k + dx - q[0]).hypot(p[1] * k + dy - q[1]);
                assert!(d < 1e-6 * r, "move {}: {p:?} scaled is not {q:?}", a.index);
            }
            assert_eq!(
                a.captured.as_ref().map(Vec::len),
                b.captured.as_ref().map(Vec::len)
            );
            if let (Some(s), Some(t)) = (a.score, b.score) {
                assert!((s.black - t.black).abs() < 1e-6 && (s.white - t.white).abs() < 1e-6);
            }
        }
    }
}

fn play_and_check(rules: Value, poly: &[[f64; 2]], r: f64, moves: &[Value]) -> AnyGame {
    let rec = record(rules, moves);
    let mut game = AnyGame::from_record(&rec).expect("game");
    let area = area_units(poly, r);
    for mv in &rec.moves {
        game.apply(mv);
        check_position(&game, poly, r, 6.5, area);
    }
    game
}

#[test]
fn hexagon_games_keep_stones_inside_and_count_the_whole_board() {
    let g = AnyGame::from_record(&record(json!({"board": "hexagon"}), &[])).expect("game");
    let d = g.describe();
    assert!((d["board"]["area_units"].as_f64().expect("area") - 234.48).abs() < 0.01);
    let poly: Vec<[f64; 2]> = d["board"]["polygon"]
        .as_array()
        .expect("polygon")
        .iter()
        .map(xy)
        .collect();
    assert_eq!(poly.len(), 6);
    // The hexagon spans 19 units across; requests over its bounding box and beyond.
    let moves = game_moves(19.0 / 13.0, 0.0, 0.0);
    let game = play_and_check(json!({"board": "hexagon"}), &poly, 0.5, &moves);
    assert!(
        game.final_view()["stones"]
            .as_array()
            .expect("stones")
            .len()
            > 30
    );
}

#[test]
fn non_convex_boards_keep_stones_out_of_the_notch() {
    let rules = json!({"board": {"polygon": L_SHAPE}, "stone_radius": 0.5});
    let moves: Vec<Value> = game_moves(10.0 / 13.0, 0.0, 0.0);
    let game = play_and_check(rules.clone(), &L_SHAPE, 0.5, &moves);
    assert!(
        game.final_view()["stones"]
            .as_array()
            .expect("stones")
            .len()
            > 15
    );
    // A pointer in the notch lands on the nearest point of the inner board: on one of the
    // two inner edges beside the notch, 3.5 away.
    let rep = replay(&record(
        rules,
        &[json!({"color": "black", "request": [7, 7]})],
    ))
    .expect("replay");
    let at = xy(rep.moves[0].at.as_ref().expect("placed"));
    assert!(fits(at, 0.5, &L_SHAPE));
    assert!(
        ((at[0] - 7.0).hypot(at[1] - 7.0) - 3.5).abs() < 1e-9,
        "{at:?}"
    );
}

#[test]
fn hover_previews_predict_the_move_and_change_nothing() {
    let rec = record(
        json!({"board": "square-9", "stone_radius": 0.5}),
        &game_moves(9.0 / 13.0, 0.0, 0.0),
    );
    let mut game = AnyGame::from_record(&rec).expect("game");
    for mv in &rec.moves {
        let stonefield_record::MoveKind::Request { at, snap } = &mv.kind else {
            unreachable!("every move is a request");
        };
        let before = game.final_view();
        let p = game
            .preview(&json!({"request": at, "snap": snap.name(), "color": mv.color.name()}))
            .expect("preview");
        assert_eq!(game.final_view(), before, "a preview changed the game");
        let rep = serde_json::to_value(game.apply(mv)).expect("report");
        match rep["result"].as_str() {
            Some("placed") => {
                assert_eq!(p["legal"], true);
                assert_eq!(p["at"], rep["at"]);
                assert_eq!(p["captured"], rep["captured"]);
                for c in ["black", "white"] {
                    let (a, b) = (p["score"][c].as_f64(), rep["score"][c].as_f64());
                    assert!(a.zip(b).is_some_and(|(a, b)| (a - b).abs() < 1e-9));
                }
            }
            Some("no-point") => assert_eq!(p["at"], Value::Null),
            _ => {
                assert_eq!(p["legal"], false);
                assert_eq!(p["reason"], rep["reason"]);
                assert_eq!(p["at"], rep["at"]);
            }
        }
    }
}

#[test]
fn previews_of_exact_points_and_wrong_colours() {
    let rec = record(json!({}), &[json!({"color": "black", "at": [3, 3]})]);
    let mut game = AnyGame::from_record(&rec).expect("game");
    game.apply(&rec.moves[0]);
    let p = game.preview(&json!({"at": [3.5, 3]})).expect("preview");
    assert_eq!(
        (p["legal"].clone(), p["reason"].clone()),
        (json!(false), json!("overlap"))
    );
    assert_eq!(p["score"], json!({"black": 169.0, "white": 6.5}));
    let p = game.preview(&json!({"at": [4, 3]})).expect("preview");
    assert_eq!(p["legal"], true);
    assert!(p["score"]["white"].as_f64().expect("white") > 6.5 + 50.0);
    let p = game
        .preview(&json!({"at": [4, 3], "color": "black"}))
        .expect("preview");
    assert_eq!(p["reason"], "not-your-turn");
    let p = game
        .preview(&json!({"request": [3.05, 3]}))
        .expect("preview");
    assert_eq!(
        (p["at"].clone(), p["reason"].clone()),
        (Value::Null, json!("no-point"))
    );
    let e = game
        .preview(&json!({"request": [3, "x"]}))
        .expect_err("malformed");
    assert_eq!(e.path(), "preview.request[1]");
}

#[test]
fn describe_gives_the_polygon_radius_komi_ko_and_area() {
    let rules = json!({"board": {"polygon": L_SHAPE}, "stone_radius": 0.25, "komi": 0.5,
                       "ko": "positional-superko"});
    let d = AnyGame::from_record(&record(rules, &[]))
        .expect("game")
        .describe();
    assert_eq!(d["variant"], "continuous");
    assert_eq!(d["rules"]["ko"], "positional-superko");
    assert_eq!(d["rules"]["komi"], 0.5);
    assert_eq!(d["board"]["stone_radius"], 0.25);
    assert_eq!(d["board"]["convex"], false);
    assert_eq!(d["board"]["area_units"], 256.0);
    assert_eq!(d["board"]["polygon"].as_array().map(Vec::len), Some(6));
    let h = AnyGame::from_record(&record(json!({"handicap": 2}), &[]))
        .expect("game")
        .describe();
    assert_eq!(
        (h["rules"]["komi"].clone(), h["rules"]["board"].clone()),
        (json!(0.5), json!("square-13"))
    );
}

#[test]
fn handicap_stones_come_first_then_white() {
    let rec = record(
        json!({"handicap": 2}),
        &[
            json!({"color": "black", "at": [3, 3]}),
            json!({"color": "white", "pass": true}),
            json!({"color": "black", "at": [9, 9]}),
            json!({"color": "white", "at": [6, 6]}),
        ],
    );
    let rep = replay(&rec).expect("replay");
    assert_eq!(
        rep.moves[1].reason.map(|r| r.reason()),
        Some("not-your-turn")
    );
    assert!(rep.moves[2].accepted() && rep.moves[3].accepted());
    assert_eq!(rep.moves[3].score.map(|s| s.white > 0.5), Some(true));
}

/// A new continuous game on `square-9`, driven as records drive it.
fn square9_game() -> AnyGame {
    let rules = json!({"board": "square-9"});
    AnyGame::new(
        Variant::Continuous,
        rules.as_object().expect("object"),
        None,
    )
    .expect("game")
}

#[test]
fn the_view_gives_each_stone_its_voronoi_cell_covering_the_board() {
    let mut g = square9_game();
    g.apply(&RecordMove::at(Color::Black, vec![2.0, 2.0]));
    g.apply(&RecordMove::at(Color::White, vec![7.0, 7.0]));
    let cells = g.view()["cells"].as_array().expect("cells").clone();
    assert_eq!(cells.len(), 2);
    // Two stones on a square split it along the bisector: each cell has the area of half.
    for cell in &cells {
        let pts: Vec<(f64, f64)> = cell["polygon"]
            .as_array()
            .expect("polygon")
            .iter()
            .map(|p| (p[0].as_f64().expect("x"), p[1].as_f64().expect("y")))
            .collect();
        let twice: f64 = pts
            .iter()
            .zip(pts.iter().cycle().skip(1))
            .map(|(a, b)| a.0 * b.1 - b.0 * a.1)
            .sum();
        assert!((twice.abs() / 2.0 - 40.5).abs() < 1e-9, "{cell}");
    }
    assert_eq!(cells[0]["color"], "black");
}

#[test]
fn the_view_flags_groups_in_atari_with_a_capturing_point() {
    let mut g = square9_game();
    // A black stone on the top edge, then white stones on both sides of it.
    g.apply(&RecordMove::at(Color::Black, vec![4.5, 0.5]));
    g.apply(&RecordMove::at(Color::White, vec![3.5, 0.5]));
    assert_eq!(
        g.view()["atari"],
        json!([]),
        "one neighbour leaves two liberties"
    );
    g.apply(&RecordMove::at(Color::Black, vec![7.0, 7.0]));
    g.apply(&RecordMove::at(Color::White, vec![5.5, 0.5]));
    let atari = g.view()["atari"].clone();
    assert_eq!(atari.as_array().map(Vec::len), Some(1), "{atari}");
    assert_eq!(atari[0]["stones"], json!([[4.5, 0.5, "black"]]));
    let at = &atari[0]["capture_at"];
    let (x, y) = (at[0].as_f64().expect("x"), at[1].as_f64().expect("y"));
    assert!((x - 4.5).abs() < 1e-6 && (y - 1.5).abs() < 1e-6, "{at}");
    // Black saves the stone by extending down. Now each white stone is left one arc,
    // between the edge and the new black stone below its neighbour: both are flagged.
    let saved = g.apply(&RecordMove::at(Color::Black, vec![4.5, 1.5]));
    assert!(saved.accepted(), "{saved:?}");
    let stones: Vec<Value> = g.view()["atari"]
        .as_array()
        .expect("atari")
        .iter()
        .map(|a| a["stones"].clone())
        .collect();
    assert_eq!(
        stones,
        [json!([[3.5, 0.5, "white"]]), json!([[5.5, 0.5, "white"]])]
    );
}
