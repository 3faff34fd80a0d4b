//! MarGo records through the library: options, setups, every refusal reason replay reports,
//! superko, the end by the ball count, the swap move, the renderer's view and the text
//! replay with the book's notation.

use serde_json::{Value, json};
use stonefield_record::{AnyGame, MoveResult, Record, RecordMove, ReplayReport, replay};

/// A record from JSON, panicking with the reader's message.
fn record(v: &Value) -> Record {
    Record::from_value(v).unwrap_or_else(|e| panic!("{e}"))
}

fn run(v: &Value) -> ReplayReport {
    replay(&record(v)).expect("replay")
}

/// Level-0 balls from rows of `W`, `B` and `.`, as setup stones.
fn rows(lines: &[&str]) -> Vec<Value> {
    let mut out = Vec::new();
    for (y, line) in lines.iter().enumerate() {
        for (x, c) in line.chars().enumerate() {
            match c {
                'W' => out.push(json!([x, y, 0, "white"])),
                'B' => out.push(json!([x, y, 0, "black"])),
                _ => {}
            }
        }
    }
    out
}

fn reasons(r: &ReplayReport) -> Vec<&str> {
    r.moves
        .iter()
        .map(|m| m.reason.map_or("-", |x| x.reason()))
        .collect()
}

#[test]
fn refusals_carry_the_rules_reasons_and_change_nothing() {
    let r = run(&json!({"variant": "margo", "moves": [
        {"color": "black", "at": [3, 3, 0]},
        {"color": "white", "pass": true},
        {"color": "white", "at": [0, 0, 1]},
        {"color": "white", "at": [0, 0, 7]},
        {"color": "white", "at": [6, 0, 1]},
        {"color": "white", "at": [1.5, 0, 0]},
        {"color": "white", "at": [-1, 0, 0]},
        {"color": "white", "at": [3, 3, 0]},
        {"color": "black", "at": [3, 3, 0]},
        {"color": "black", "swap": true},
    ]}));
    assert_eq!(
        reasons(&r),
        [
            "not-your-turn",
            "pass-not-allowed",
            "unsupported",
            "outside",
            "outside",
            "outside",
            "outside",
            "-",
            "occupied",
            "unsupported"
        ]
    );
    assert_eq!(r.moves[7].result, MoveResult::Placed);
    assert_eq!(r.final_view["stones"], json!([[3, 3, 0, "white"]]));
    assert_eq!(r.final_view["to_move"], "black");
    assert_eq!(r.final_view["score"], json!({"black": 0.0, "white": 1.0}));
}

#[test]
fn an_immediate_recapture_is_refused_by_superko_until_an_exchange_elsewhere() {
    let mut stones = rows(&[".BW..", "BW.W.", ".BW..", ".....", "....."]);
    stones.sort_by_key(|s| s[3].as_str().map(str::to_owned));
    let r = run(&json!({"variant": "margo", "rules": {"board_size": 5},
    "setup": {"stones": stones, "to_move": "black"},
    "moves": [
        {"color": "black", "at": [2, 1, 0]},
        {"color": "white", "at": [1, 1, 0]},
        {"color": "white", "at": [4, 4, 0]},
        {"color": "black", "at": [0, 4, 0]},
        {"color": "white", "at": [1, 1, 0]},
    ]}));
    assert_eq!(r.moves[0].captured, Some(vec![json!([1, 1, 0, "white"])]));
    assert_eq!(reasons(&r), ["-", "superko", "-", "-", "-"]);
    assert_eq!(r.moves[4].captured, Some(vec![json!([2, 1, 0, "black"])]));
}

#[test]
fn the_game_ends_when_the_player_to_move_is_stuck_and_balls_decide() {
    let rec = record(&json!({"variant": "margo", "rules": {"board_size": 2}}));
    let mut game = AnyGame::from_record(&rec).expect("game");
    let AnyGame::Margo(adapter) = &game else {
        panic!("a MarGo game")
    };
    assert_eq!(adapter.game().legal_moves().len(), 4);
    let mut played = 0;
    while game.final_view()["over"] == false {
        let AnyGame::Margo(a) = &game else {
            unreachable!()
        };
        let p = a.game().legal_moves()[0].coords();
        let mv = RecordMove::at(game.to_move(), p.iter().map(|&c| f64::from(c)).collect());
        assert!(game.apply(&mv).accepted());
        played += 1;
        assert!(played < 50, "a 2x2 game ends");
    }
    let f = game.final_view();
    let count = |c: &str| {
        f["stones"]
            .as_array()
            .expect("stones")
            .iter()
            .filter(|s| s[3] == c)
            .count() as f64
    };
    assert_eq!(f["score"]["black"], count("black"));
    assert_eq!(f["score"]["white"], count("white"));
    let (b, w) = (count("black"), count("white"));
    let want = if b > w {
        format!("B+{}", b - w)
    } else if w > b {
        format!("W+{}", w - b)
    } else {
        "Draw".to_owned()
    };
    assert_eq!(f["result"], want.as_str());
    let after = game.apply(&RecordMove::at(game.to_move(), vec![0.0, 0.0, 1.0]));
    assert_eq!(after.reason.map(|r| r.reason()), Some("game-over"));
}

#[test]
fn black_may_swap_once_right_after_whites_first_ball() {
    let text = r#"{"variant": "margo", "rules": {"swap": true}, "moves": [
        {"color": "black", "swap": true},
        {"color": "white", "at": [3, 3, 0]},
        {"color": "white", "swap": true},
        {"color": "black", "swap": true},
        {"color": "black", "swap": true},
        {"color": "black", "at": [2, 2, 0]}]}"#;
    let rec = Record::from_json(text).expect("record");
    let again = Record::from_json(&rec.to_json()).expect("written record");
    assert_eq!(again, rec, "the swap move is written back");
    assert!(rec.to_json().contains(r#""swap":true"#) || rec.to_json().contains(r#""swap": true"#));
    let r = replay(&rec).expect("replay");
    // White moves first: Black cannot swap before White's ball, nor twice.
    assert_eq!(
        reasons(&r),
        [
            "not-your-turn",
            "-",
            "not-your-turn",
            "-",
            "wrong-phase",
            "-"
        ]
    );
    assert_eq!(r.moves[3].result, MoveResult::Swap);
    let v: Value = serde_json::from_str(&r.to_json()).expect("json");
    assert_eq!(v["moves"][3]["result"], "swap");
    assert_eq!(v["final"]["swapped"], true);
    // Swapping is a move of MarGo only.
    let e =
        Record::from_json(r#"{"variant": "classic", "moves": [{"color": "black", "swap": true}]}"#)
            .expect_err("not classic");
    assert_eq!(e.to_string(), "moves[0]: unknown field \"swap\"");
}

#[test]
fn options_and_setups_are_checked_naming_the_place() {
    let err = |v: Value| Record::from_value(&v).expect_err("refused").to_string();
    assert_eq!(
        err(json!({"variant": "margo", "rules": {"komi": 7}})),
        "rules: unknown field \"komi\""
    );
    assert!(
        err(json!({"variant": "margo", "rules": {"board_size": 1}}))
            .starts_with("rules.board_size:")
    );
    assert!(
        err(json!({"variant": "margo", "rules": {"buried_hidden": 1}}))
            .starts_with("rules.buried_hidden:")
    );
    let setup = |stones: Value| {
        err(json!({"variant": "margo", "rules": {"board_size": 4}, "setup": {"stones": stones}}))
    };
    assert!(
        setup(json!([[0, 0, 0, "black"], [0, 0, 1, "white"]])).starts_with("setup.stones[1]: ")
    );
    assert!(
        setup(json!([[0, 0, 0, "black"], [4, 0, 0, "white"]])).starts_with("setup.stones[1]: ")
    );
    assert!(
        setup(json!([[0, 0, 0, "black"], [0, 0, 0, "white"]])).starts_with("setup.stones[1]: ")
    );
    assert!(setup(json!([[0, 0, "black"]])).starts_with("setup.stones[0]: expected [x, y, level"));
    assert!(
        err(json!({"variant": "margo", "moves": [{"color": "white", "at": [1, 1]}]}))
            .starts_with("moves[0].at: expected 3 numbers")
    );
    // A setup without a player to move leaves White to move, as at the start.
    let r = run(&json!({"variant": "margo", "setup": {"stones": [[0, 0, 0, "black"]]}}));
    assert_eq!(r.final_view["to_move"], "white");
}

#[test]
fn the_view_shows_zombies_cut_contacts_and_cells() {
    // Rules page, position 2: the black pair loses its freedom but the white ball above
    // pins both, so they stay as zombies.
    let mut stones = rows(&["BW..", "BW..", "....", "...."]);
    stones.push(json!([0, 0, 1, "white"]));
    let rec = record(&json!({"variant": "margo", "rules": {"board_size": 4},
        "setup": {"stones": stones, "to_move": "white"},
        "moves": [{"color": "white", "at": [0, 2, 0]}]}));
    let mut game = AnyGame::from_record(&rec).expect("game");
    assert!(game.apply(&rec.moves[0]).captured == Some(vec![]));
    let d = game.describe();
    assert_eq!(
        d["board"],
        json!({"kind": "pyramid", "size": 4, "levels": 4})
    );
    assert_eq!(d["view"]["zombies"], json!([[0, 0, 0], [0, 1, 0]]));
    assert_eq!(d["view"], game.view());
    let stones = d["view"]["stones"].as_array().expect("stones");
    let cells = d["view"]["notation"].as_array().expect("cells");
    assert_eq!(stones.len(), cells.len());
    let apex = stones
        .iter()
        .position(|s| s == &json!([0, 0, 1, "white"]))
        .expect("level 1");
    assert_eq!(cells[apex], "B6");

    // Position 4: the white bridge cuts the black contact (1, 1)-(2, 1).
    let mut stones = rows(&["WWW.", "BBB.", "WWW.", "...."]);
    stones.push(json!([1, 0, 1, "white"]));
    let rec = record(&json!({"variant": "margo", "rules": {"board_size": 4},
        "setup": {"stones": stones, "to_move": "white"},
        "moves": [{"color": "white", "at": [1, 1, 1]}]}));
    let mut game = AnyGame::from_record(&rec).expect("game");
    let r = game.apply(&rec.moves[0]);
    assert_eq!(r.captured, Some(vec![json!([0, 1, 0, "black"])]));
    let v = game.view();
    assert_eq!(v["cut_contacts"], json!([[[1, 1, 0], [2, 1, 0]]]));
    // The capture of (0, 1) opened a hole beside (1, 1): it has freedom again.
    assert_eq!(v["zombies"], json!([]));
    assert!(v["estimate"]["white"].as_f64().is_some());
}

#[test]
fn text_replay_names_cells_and_levels() {
    let mut stones = rows(&["WWW.", "BBB.", "WWW.", "...."]);
    stones.push(json!([1, 0, 1, "white"]));
    let r = run(&json!({"variant": "margo", "rules": {"board_size": 4},
        "setup": {"stones": stones, "to_move": "white"},
        "moves": [{"color": "white", "at": [1, 1, 1]}, {"color": "black", "at": [0, 0, 3]}]}));
    let text = r.variant_text().expect("MarGo text");
    // [1, 1, 1] on 4x4: column 2+1 = D, row 7-(2+1) = 4; [0, 1, 0]: A, 7-2 = 5.
    assert!(
        text.contains("  0 white D4 [1, 1, 1], captures black A5 [0, 1, 0]"),
        "{text}"
    );
    assert!(text.contains("  1 black illegal (unsupported)"), "{text}");
    assert!(
        text.contains("level 1 (3x3):\n     0 1 2\n  0  . O .\n  1  . O .\n"),
        "{text}"
    );

    // Rules page, position 2: the two pinned black zombies are drawn in lower case.
    let mut stones = rows(&["BW..", "BW..", "....", "...."]);
    stones.push(json!([0, 0, 1, "white"]));
    let r = run(&json!({"variant": "margo", "rules": {"board_size": 4},
        "setup": {"stones": stones, "to_move": "white"},
        "moves": [{"color": "white", "at": [0, 2, 0]}]}));
    let text = r.variant_text().expect("MarGo text");
    assert!(
        text.contains(" 0  x O . .\n 1  x O . .\n 2  O . . ."),
        "{text}"
    );
}
