//! Topological Go records through the library beyond the rule cases: malformed moves and
//! setups refused naming the place, the replay JSON, the renderer's view and the text.

use serde_json::{Value, json};
use stonefield_record::{AnyGame, Record, replay};

fn err(v: Value) -> String {
    Record::from_value(&v).expect_err("refused").to_string()
}

#[test]
fn malformed_moves_and_options_are_refused_naming_the_place() {
    let one = |m: Value| {
        err(json!({"variant": "topological", "moves": [{"color": "white", "at": [1, 0]}, m]}))
    };
    assert_eq!(
        one(json!({"color": "black", "at": [8, 0], "reserved": true})),
        "moves[1]: unknown field \"reserved\""
    );
    assert!(
        one(json!({"color": "black", "at": [8, 0], "reserve": "yes"}))
            .starts_with("moves[1].reserve: ")
    );
    assert_eq!(
        one(json!({"color": "black", "at": [8, 0, 0]})),
        "moves[1].at: expected 2 numbers"
    );
    assert_eq!(
        one(json!({"color": "black", "swap": true})),
        "moves[1]: unknown field \"swap\""
    );
    assert_eq!(
        err(json!({"variant": "topological", "rules": {"reserve": 5}})),
        "rules: unknown field \"reserve\""
    );
    assert!(
        err(json!({"variant": "topological", "rules": {"board_size": 26}}))
            .starts_with("rules.board_size:")
    );
    assert!(
        err(json!({"variant": "topological", "rules": {"reserve_stones": -1}}))
            .starts_with("rules.reserve_stones:")
    );
    // A reserve stone belongs to Topological Go only.
    assert_eq!(
        err(
            json!({"variant": "margo", "moves": [{"color": "white", "at": [0, 0, 0], "reserve": true}]})
        ),
        "moves[0]: unknown field \"reserve\""
    );
}

#[test]
fn setups_list_every_stone_and_faults_name_the_stone() {
    let setup = |stones: Value| json!({"variant": "topological", "rules": {"board_size": 6}, "setup": {"stones": stones}});
    assert!(err(setup(json!([[0, 0, "white"], [6, 0, "black"]]))).starts_with("setup.stones[1]: "));
    assert!(err(setup(json!([[0, 0, "white"], [0, 0, "black"]]))).starts_with("setup.stones[1]: "));
    assert!(
        err(setup(json!([[0, 0, 0, "white"]])))
            .starts_with("setup.stones[0]: expected [x, y, \"colour\"]")
    );
    // 6x6: 18 stones each, so 19 white stones cannot be.
    let many: Vec<Value> = (0..19).map(|i| json!([i % 6, i / 6, "white"])).collect();
    assert!(err(setup(Value::from(many))).starts_with("setup.stones: "));
    // No corner stones are added to a setup; White moves first unless it says otherwise.
    let r = replay(&Record::from_value(&setup(json!([[2, 2, "black"]]))).expect("record"))
        .expect("replay");
    assert_eq!(r.final_view["stones"], json!([[2, 2, "black"]]));
    assert_eq!(r.final_view["to_move"], "white");
    assert_eq!(r.final_view["score"], json!({"black": 2.0, "white": 0.0}));
}

#[test]
fn the_view_gives_trees_enclosures_and_supplies() {
    let rec = Record::from_value(&json!({"variant": "topological",
        "setup": {"stones": [[0, 0, "white"], [9, 9, "white"], [9, 0, "black"], [0, 9, "black"],
            [2, 0, "white"], [2, 1, "white"], [2, 2, "white"], [1, 2, "white"]], "to_move": "white"},
        "moves": [{"color": "white", "at": [0, 2]}, {"color": "black", "at": [5, 5], "reserve": true}]}))
    .expect("record");
    let mut game = AnyGame::from_record(&rec).expect("game");
    for m in &rec.moves {
        assert!(game.apply(m).accepted());
    }
    let d = game.describe();
    assert_eq!(d["rules"], json!({"board_size": 10, "reserve_stones": 5}));
    assert_eq!(d["board"]["size"], 10);
    let v = &d["view"];
    assert_eq!(v, &game.view());
    assert_eq!(v["closed"], json!([[1, 0], [0, 1], [1, 1]]));
    assert_eq!(v["enclosed"]["white"], json!([[1, 0], [0, 1], [1, 1]]));
    assert_eq!(v["enclosed"]["black"], json!([]));
    assert_eq!(v["longest_tree"]["white"].as_array().map(Vec::len), Some(5));
    assert_eq!(v["trees"]["white"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["trees"]["black"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["reserve_left"], json!({"black": 4, "white": 5}));
    // 50 stones each: Black placed two corners and a reserve stone.
    assert_eq!(v["normal_left"]["black"], 43);
    let text = replay(&rec).expect("replay").variant_text().expect("text");
    assert!(text.contains(" 0  O + O . . . . . . X"), "{text}");
    assert!(
        text.contains("white: longest tree 5, reserve stones left 5"),
        "{text}"
    );
}

#[test]
fn replay_json_reports_each_move_and_scores_with_blacks_bonus() {
    let rec = Record::from_json(
        r#"{"variant": "topological", "moves": [{"color": "white", "at": [1, 0]},
        {"color": "black", "at": [4, 4], "reserve": true}, {"color": "white", "pass": true}]}"#,
    )
    .expect("record");
    let r = replay(&rec).expect("replay");
    let v: Value = serde_json::from_str(&r.to_json()).expect("JSON");
    assert_eq!(
        v["moves"][0],
        json!({"index": 0, "color": "white", "result": "placed", "at": [1, 0], "captured": [],
               "score": {"black": 2.0, "white": 2.0}, "notation": "B10"})
    );
    assert_eq!(v["moves"][1]["at"], json!([4, 4]));
    assert_eq!(
        v["moves"][2],
        json!({"index": 2, "color": "white", "result": "pass", "score": {"black": 2.0, "white": 2.0},
               "notation": "pass"})
    );
    assert_eq!(v["final"]["stones"].as_array().map(Vec::len), Some(6));
    assert_eq!(v["final"]["over"], false);
    // The record writes the reserve flag back.
    assert_eq!(Record::from_json(&rec.to_json()).expect("again"), rec);
}
