//! Property tests: a random classic game written as a JSON record, and as SGF, reads back
//! and replays to the same move results and the same final position; SGF written, read
//! and written again is identical.

use proptest::prelude::*;
use serde_json::{Value, json};
use stonefield_record::{AnyGame, MoveResult, Record, RecordMove, Variant, replay, sgf};
use stonefield_rules::Game;

const PRESETS: [&str; 5] = ["chinese", "japanese", "tromp-taylor", "aga", "new-zealand"];

/// A record of a random game: mostly legal moves chosen by `picks`, some passes, some
/// attempts at random points (often illegal), now and then a move out of turn or a resignation.
fn random_record(size: u8, preset: usize, picks: &[(u8, u16, u16)]) -> Record {
    let rules = json!({"board_size": size, "preset": PRESETS[preset]});
    let mut record = Record::new(Variant::Classic);
    record.rules = rules.as_object().cloned().unwrap_or_default();
    let mut game = AnyGame::from_record(&record).expect("start position");
    for &(kind, a, b) in picks {
        let AnyGame::Classic(adapter) = &game else {
            unreachable!("classic only")
        };
        let color = game.to_move();
        let legal = adapter.game().candidate_moves();
        let mv = match kind % 10 {
            0 => RecordMove::pass(color),
            1 => RecordMove::at(
                color,
                vec![
                    f64::from(a % u16::from(size)),
                    f64::from(b % u16::from(size)),
                ],
            ),
            2 => RecordMove::pass(color.other()),
            3 if a % 40 == 0 => RecordMove::resign(color),
            _ if legal.is_empty() => RecordMove::pass(color),
            _ => {
                let p = legal[usize::from(a) % legal.len()];
                RecordMove::at(color, vec![f64::from(p.x()), f64::from(p.y())])
            }
        };
        game.apply(&mv);
        record.moves.push(mv);
    }
    record
}

fn accepted(reports: &[stonefield_record::MoveReport]) -> Vec<Value> {
    reports
        .iter()
        // A resignation is the result (RE) in SGF, not a move.
        .filter(|m| m.accepted() && m.result != MoveResult::Resign)
        .map(|m| {
            let mut v = serde_json::to_value(m).expect("report");
            v.as_object_mut().map(|o| o.remove("index"));
            v
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn json_records_read_back_and_replay_the_same(
        size in 2u8..=9, preset in 0usize..5,
        picks in prop::collection::vec((any::<u8>(), any::<u16>(), any::<u16>()), 0..80),
    ) {
        let record = random_record(size, preset, &picks);
        let text = record.to_json();
        let back = Record::from_json(&text).expect("our JSON reads back");
        prop_assert_eq!(&back, &record);
        prop_assert_eq!(back.to_json(), text);
        prop_assert_eq!(replay(&back).expect("replay"), replay(&record).expect("replay"));
    }

    #[test]
    fn sgf_keeps_the_game_and_rewrites_identically(
        size in 2u8..=19, preset in 0usize..5,
        picks in prop::collection::vec((any::<u8>(), any::<u16>(), any::<u16>()), 0..80),
    ) {
        let record = random_record(size, preset, &picks);
        let original = replay(&record).expect("replay");
        let text = sgf::write(&record).expect("write SGF");
        let game = sgf::read(&text).expect("our SGF reads back");
        prop_assert_eq!(game.to_sgf(), text.clone());
        let again = replay(game.record()).expect("replay");
        prop_assert_eq!(&again.final_view["stones"], &original.final_view["stones"]);
        prop_assert_eq!(accepted(&again.moves), accepted(&original.moves));
        prop_assert!(again.moves.iter().all(|m| m.result != MoveResult::Illegal));
        prop_assert_eq!(sgf::write(game.record()).expect("rewrite"), text);
    }
}
