//! Record entries beyond stones and passes: marks, resumption of play after the passes, a
//! loss on time and the length limit; and the SGF of games that have them, which must
//! replay to the same game.

use serde_json::{Value, json};
use stonefield_record::{AnyGame, MoveKind, MoveResult, Record, replay, sgf};

fn record(v: Value) -> Record {
    Record::from_value(&v).unwrap_or_else(|e| panic!("{e}: {v}"))
}

fn stones(r: &Record) -> Vec<String> {
    let report = replay(r).expect("replays");
    let mut s: Vec<String> = report.final_view["stones"]
        .as_array()
        .expect("stones")
        .iter()
        .map(Value::to_string)
        .collect();
    s.sort();
    s
}

fn resumed_game() -> Value {
    json!({"variant": "classic", "rules": {"board_size": 9, "komi": 6.5},
      "moves": [
        {"color": "black", "at": [2, 2]}, {"color": "white", "at": [6, 6]},
        {"color": "black", "pass": true}, {"color": "white", "pass": true},
        {"color": "black", "mark": [6, 6]},
        {"color": "black", "resume": true},
        {"color": "black", "at": [3, 3]}, {"color": "white", "at": [5, 5]}]})
}

/// The issue's game: play goes on after the passes, and every stone stands.
#[test]
fn a_game_resumed_after_the_passes_replays_as_played() {
    let r = record(resumed_game());
    let report = replay(&r).expect("replays");
    let results: Vec<MoveResult> = report.moves.iter().map(|m| m.result).collect();
    assert_eq!(
        results,
        [
            MoveResult::Placed,
            MoveResult::Placed,
            MoveResult::Pass,
            MoveResult::Pass,
            MoveResult::Mark,
            MoveResult::Resume,
            MoveResult::Placed,
            MoveResult::Placed
        ]
    );
    assert_eq!(stones(&r).len(), 4);
    assert_eq!(report.final_view["to_move"], "black");
    assert_eq!(report.moves[4].notation.as_deref(), Some("mark G3"));
    // Without the resumption the same moves stop at the count.
    let mut cut = resumed_game();
    cut["moves"].as_array_mut().unwrap().remove(5);
    let report = replay(&record(cut)).expect("replays");
    assert_eq!(report.moves[5].result, MoveResult::Illegal);
}

#[test]
fn entries_read_back_as_written() {
    let r = record(resumed_game());
    assert_eq!(r.moves[4].kind, MoveKind::Mark(vec![6.0, 6.0]));
    assert_eq!(r.moves[5].kind, MoveKind::Resume);
    assert!(!r.moves[5].is_play() && r.moves[6].is_play());
    let text = r.to_json();
    assert!(
        text.contains(r#"{"color": "black", "mark": [6, 6]}"#),
        "{text}"
    );
    assert_eq!(Record::from_json(&text), Ok(r));
}

#[test]
fn marks_and_resumption_are_refused_where_the_variant_has_no_count() {
    for (variant, at) in [("margo", json!([0, 0, 0])), ("topological", json!([0, 0]))] {
        let e = Record::from_value(&json!({"variant": variant,
            "moves": [{"color": "black", "mark": at}]}))
        .expect_err("no marks");
        assert_eq!(e.to_string(), "moves[0]: unknown field \"mark\"");
        let ok = Record::from_value(&json!({"variant": variant,
            "moves": [{"color": "white", "timeout": true}]}));
        assert!(ok.is_ok(), "{ok:?}");
    }
    let e = Record::from_value(&json!({"variant": "classic", "rules": {"board_size": 9},
        "moves": [{"color": "black", "mark": [9, 0]}]}))
    .expect_err("off the board");
    assert!(e.to_string().starts_with("moves[0].mark:"), "{e}");
}

/// A mark during play is refused and changes nothing; marks count once the passes are in.
#[test]
fn marks_change_the_count_only_while_marking() {
    let r = record(json!({"variant": "classic",
        "rules": {"board_size": 5, "preset": "chinese", "komi": 0.5},
        "moves": [{"color": "black", "at": [2, 2]}, {"color": "white", "mark": [2, 2]},
                  {"color": "white", "pass": true}, {"color": "black", "pass": true},
                  {"color": "white", "mark": [2, 2]}]}));
    let report = replay(&r).expect("replays");
    assert_eq!(
        report.moves[1].reason.map(|r| r.reason()),
        Some("wrong-phase")
    );
    let mut game = AnyGame::from_record(&r).expect("game");
    for m in &r.moves {
        game.apply(m);
    }
    assert_eq!(game.dead_stones(), vec![json!([2, 2, "black"])]);
    // The board empty of living stones is no one's: the marked count leaves komi alone.
    assert_eq!(game.score().black, 25.0);
    assert_eq!(game.marked_score().black, 0.0);
}

#[test]
fn a_loss_on_time_and_the_length_limit_end_the_game() {
    let timed = record(json!({"variant": "margo",
        "moves": [{"color": "white", "at": [3, 3, 0]}, {"color": "white", "timeout": true},
                  {"color": "black", "at": [0, 0, 0]}]}));
    let report = replay(&timed).expect("replays");
    assert_eq!(report.moves[1].result, MoveResult::Timeout);
    assert_eq!(
        report.moves[2].reason.map(|r| r.reason()),
        Some("game-over")
    );
    assert_eq!(report.final_view["result"], "B+T");

    let limited = record(json!({"variant": "classic",
        "rules": {"board_size": 5, "preset": "japanese", "komi": 0.5},
        "moves": [{"color": "black", "at": [2, 2]}, {"color": "white", "limit": true}]}));
    let report = replay(&limited).expect("replays");
    assert_eq!(report.moves[1].result, MoveResult::Limit);
    assert_eq!(report.moves[1].notation.as_deref(), Some("move limit"));
    // Counted as it stands under the rules: 24 points of territory against komi.
    assert_eq!(report.final_view["result"], "B+23.5");
}

/// SGF has no node for resuming: the move after the passes resumes play when read back.
#[test]
fn sgf_of_a_resumed_game_replays_as_played() {
    let r = record(resumed_game());
    let text = sgf::write(&r).expect("sgf");
    let back = sgf::read(&text).expect("reads").record().clone();
    assert_eq!(stones(&back), stones(&r));
    assert!(back.moves.iter().any(|m| m.kind == MoveKind::Resume));
    // Resumed, and nobody has moved since: the last node says whose turn it is.
    let mut v = resumed_game();
    v["moves"].as_array_mut().unwrap().truncate(6);
    let r = record(v);
    let text = sgf::write(&r).expect("sgf");
    assert!(text.contains(";PL[B])"), "{text}");
    let back = sgf::read(&text).expect("reads").record().clone();
    let report = replay(&back).expect("replays");
    assert_eq!(back.moves.last().map(|m| &m.kind), Some(&MoveKind::Resume));
    assert_eq!(report.final_view["over"], false);
    assert_eq!(report.final_view, replay(&r).expect("replays").final_view);
}

/// Under territory scoring a dead stone between both players' walls is on no one's
/// territory after the count; SGF keeps it dead all the same.
#[test]
fn sgf_keeps_a_dead_stone_on_no_ones_territory() {
    let mut moves = Vec::new();
    for y in 0..7 {
        moves.push(json!({"color": "black", "at": [1, y]}));
        moves.push(json!({"color": "white", "at": [5, y]}));
    }
    moves.push(json!({"color": "black", "at": [3, 3]}));
    moves.push(json!({"color": "white", "pass": true}));
    moves.push(json!({"color": "black", "pass": true}));
    let r = record(json!({"variant": "classic",
        "rules": {"board_size": 7, "preset": "japanese", "komi": 6.5},
        "moves": moves, "dead": [[3, 3, "black"]]}));
    let result = replay(&r).expect("replays").final_view["result"].clone();
    assert_eq!(result, "W+7.5", "7 against 7, a prisoner and komi");
    let text = sgf::write(&r).expect("sgf");
    let back = sgf::read(&text).expect("reads").record().clone();
    assert_eq!(back.dead.as_ref().map(Vec::len), Some(1), "{text}");
    assert_eq!(replay(&back).expect("replays").final_view["result"], result);
}

/// A result by resignation or time that the moves do not reach ends the game read from SGF.
#[test]
fn sgf_results_by_resignation_and_time_end_the_game() {
    for (re, kind) in [("W+R", MoveKind::Resign), ("B+T", MoveKind::Timeout)] {
        let text = format!("(;GM[1]FF[4]SZ[9]RE[{re}];B[cc];W[gg])");
        let r = sgf::read(&text).expect("reads").record().clone();
        assert_eq!(r.moves.last().map(|m| &m.kind), Some(&kind));
        let report = replay(&r).expect("replays");
        assert_eq!(report.final_view["result"], re);
        assert_eq!(report.final_view["over"], true);
    }
}
