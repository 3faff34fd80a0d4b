//! The record's fields from issue 13: the clock (`time_control`), the names, the date and the
//! dead stones of an accepted count. Old records without them still load; new ones read back
//! equal, replay to the count's result, and write SGF with standard properties only (DT,
//! PB/PW, TM/OT, RU, KM, RE, TB/TW) that sgf-parse reads.

use serde_json::{Value, json};
use sgf_parse::go::{Prop, parse};
use stonefield_record::{Record, TimeControl, replay, sgf};

/// A 9x9 Japanese game: Black's wall on column D, White's on F, a lone black stone at H5
/// inside White's side; both pass, and the players mark the lone stone dead.
fn counted() -> Value {
    let mut stones = Vec::new();
    for y in 0..9 {
        stones.push(json!([3, y, "black"]));
        stones.push(json!([5, y, "white"]));
    }
    stones.push(json!([7, 4, "black"]));
    json!({
        "format": "stonefield-record/1",
        "variant": "classic",
        "rules": {"board_size": 9, "preset": "japanese", "komi": 6.5},
        "players": {"black": {"name": "Ann"}, "white": {"name": "Bob"}},
        "setup": {"stones": stones},
        "moves": [{"color": "black", "pass": true}, {"color": "white", "pass": true}],
        "date": "2026-11-25",
        "time_control": {"kind": "byo-yomi", "main_ms": 600000, "period_ms": 30000, "periods": 5},
        "dead": [[7, 4, "black"]],
        "result": "W+7.5"
    })
}

#[test]
fn an_old_record_without_the_new_fields_still_loads_and_writes_none_of_them() {
    let old = r#"{"format": "stonefield-record/1", "variant": "classic",
        "rules": {"board_size": 9}, "moves": [{"color": "black", "at": [2, 2]}]}"#;
    let r = Record::from_json(old).expect("an old record");
    assert_eq!((r.time_control, &r.dead), (None, &None));
    let text = r.to_json();
    assert!(
        !text.contains("time_control") && !text.contains("dead"),
        "{text}"
    );
    let report = replay(&r).expect("replay");
    assert_eq!(report.final_view["over"], false);
}

#[test]
fn the_new_fields_read_back_equal() {
    let r = Record::from_value(&counted()).expect("record");
    assert_eq!(
        r.time_control,
        Some(TimeControl::ByoYomi {
            main_ms: 600_000,
            period_ms: 30_000,
            periods: 5
        })
    );
    assert_eq!(r.dead.as_ref().map(Vec::len), Some(1));
    let again = Record::from_json(&r.to_json()).expect("reads back");
    assert_eq!(again, r);
    let written: Value = serde_json::from_str(&r.to_json()).expect("json");
    assert_eq!(written["dead"], json!([[7, 4, "black"]]));
    assert_eq!(written["time_control"], counted()["time_control"]);
}

#[test]
fn bad_new_fields_are_refused_by_name() {
    let mut v = counted();
    v["time_control"] = json!({"kind": "sundial"});
    let e = Record::from_value(&v).expect_err("unknown clock");
    assert_eq!(e.path(), "time_control");
    let mut v = counted();
    v["dead"] = json!([[7, 4]]);
    let e = Record::from_value(&v).expect_err("no colour");
    assert_eq!(e.path(), "dead[0]");
}

#[test]
fn replay_repeats_the_accepted_count_and_reaches_the_recorded_result() {
    let r = Record::from_value(&counted()).expect("record");
    let report = replay(&r).expect("replay");
    assert_eq!(report.final_view["over"], true);
    assert_eq!(report.final_view["result"], "W+7.5");
    // Without the marks the game stops at the count, undecided.
    let mut unmarked = r.clone();
    unmarked.dead = None;
    let report = replay(&unmarked).expect("replay");
    assert!(report.final_view.get("result").is_none());
}

#[test]
fn a_mark_where_no_stone_stands_is_refused_by_name() {
    let mut v = counted();
    v["dead"] = json!([[0, 0, "black"]]);
    let r = Record::from_value(&v).expect("record");
    let e = replay(&r).expect_err("no stone at A9");
    assert_eq!(e.path(), "dead[0]");
}

#[test]
fn replay_reports_each_move_in_notation() {
    let r = Record::from_json(
        r#"{"variant": "classic", "rules": {"board_size": 9},
        "moves": [{"color": "black", "at": [4, 2]}, {"color": "white", "pass": true}]}"#,
    )
    .expect("record");
    let report = replay(&r).expect("replay");
    let v: Value = serde_json::from_str(&report.to_json()).expect("json");
    assert_eq!(v["moves"][0]["notation"], "E7");
    assert_eq!(v["moves"][1]["notation"], "pass");
}

fn root_and_last(text: &str) -> (Vec<Prop>, Vec<Prop>) {
    let trees = parse(text).expect("sgf-parse reads it");
    let root = &trees[0];
    let mut node = root;
    while let Some(next) = node.children.first() {
        node = next;
    }
    (root.properties.clone(), node.properties.clone())
}

#[test]
fn sgf_holds_the_game_information_and_the_territory_in_standard_properties() {
    let r = Record::from_value(&counted()).expect("record");
    let text = sgf::write(&r).expect("sgf");
    let (root, last) = root_and_last(&text);
    let has = |props: &[Prop], want: &Prop| props.iter().any(|p| p == want);
    assert!(has(&root, &Prop::DT("2026-11-25".into())), "{text}");
    assert!(has(&root, &Prop::PB("Ann".into())), "{text}");
    assert!(has(&root, &Prop::PW("Bob".into())), "{text}");
    assert!(has(&root, &Prop::TM(600.0)), "{text}");
    assert!(has(&root, &Prop::OT("5x30 byo-yomi".into())), "{text}");
    assert!(has(&root, &Prop::RU("Japanese".into())), "{text}");
    assert!(has(&root, &Prop::KM(6.5)), "{text}");
    assert!(has(&root, &Prop::RE("W+7.5".into())), "{text}");
    let points = |id: &str| {
        last.iter()
            .find_map(|p| match (id, p) {
                ("TB", Prop::TB(s)) | ("TW", Prop::TW(s)) => Some(s.clone()),
                _ => None,
            })
            .unwrap_or_default()
    };
    // Columns A-C are Black's; G-J White's, the dead stone's point (H5) included.
    assert_eq!(points("TB").len(), 27, "{text}");
    let tw = points("TW");
    assert_eq!(tw.len(), 27, "{text}");
    assert!(tw.contains(&sgf_parse::go::Point { x: 7, y: 4 }));
    for p in root.iter().chain(&last) {
        assert!(!matches!(p, Prop::Unknown(..) | Prop::Invalid(..)), "{p:?}");
    }
    // Read back, the game is the same: moves, players, date, clock, and the dead stones
    // found again from the territory, so it replays to the same result.
    let back = sgf::read(&text).expect("reads back");
    let b = back.record();
    assert_eq!(b.moves, r.moves);
    assert_eq!(b.players, r.players);
    assert_eq!((&b.date, b.time_control), (&r.date, r.time_control));
    assert_eq!(b.dead, r.dead);
    let replayed = replay(b).expect("replay");
    assert_eq!(replayed.final_view["result"], "W+7.5");
    assert_eq!(
        sgf::write(b).expect("sgf again"),
        text,
        "written again identically"
    );
}

#[test]
fn sgf_of_a_game_without_a_count_has_no_territory() {
    let mut v = counted();
    v.as_object_mut().expect("object").remove("dead");
    v["time_control"] = json!({"kind": "none"});
    let text = sgf::write(&Record::from_value(&v).expect("record")).expect("sgf");
    assert!(!text.contains("TB[") && !text.contains("TW["), "{text}");
    assert!(!text.contains("TM[") && !text.contains("OT["), "{text}");
}
