//! Topological Go records, one per rule of `rules/topological.md`, with what replay must
//! say about each move and the result. The library replays them here; the CLI's tests
//! (`crates/cli/tests/topological.rs`) include this file and run the binary on them.

use serde_json::{Value, json};

/// A record and what replay must report.
#[derive(Debug)]
pub struct Case {
    pub name: &'static str,
    pub record: Value,
    /// Per move: `"-"` for an accepted move, else the refusal reason.
    pub reasons: Vec<&'static str>,
    /// Per move: the score after it (`[black, white]`, Black's +1 included), if accepted
    /// and not a resignation.
    pub scores: Vec<Option<[f64; 2]>>,
    /// `final.result`, if the game is over.
    pub result: Option<&'static str>,
}

fn mv(color: &str, x: i64, y: i64) -> Value {
    json!({"color": color, "at": [x, y]})
}

fn reserve(color: &str, x: i64, y: i64) -> Value {
    json!({"color": color, "at": [x, y], "reserve": true})
}

fn pass(color: &str) -> Value {
    json!({"color": color, "pass": true})
}

fn game(rules: Value, moves: Vec<Value>) -> Value {
    json!({"format": "stonefield-record/1", "variant": "topological", "rules": rules, "moves": moves})
}

/// Every rule case. Start (10x10): White on (0, 0) and (9, 9), Black on (9, 0) and (0, 9),
/// White to move.
pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "normal-stone-must-touch",
            record: game(
                json!({}),
                vec![mv("white", 5, 5), mv("white", 1, 0), mv("black", 9, 1)],
            ),
            reasons: vec!["not-connected", "-", "-"],
            scores: vec![None, Some([2.0, 2.0]), Some([3.0, 2.0])],
            result: None,
        },
        Case {
            name: "reserve-must-not-touch",
            record: game(
                json!({}),
                vec![
                    reserve("white", 1, 0),
                    reserve("white", 8, 0),
                    reserve("black", 5, 5),
                ],
            ),
            // A reserve stone may touch the opponent's stones, not the mover's.
            reasons: vec!["reserve-touches", "-", "-"],
            scores: vec![None, Some([2.0, 1.0]), Some([2.0, 1.0])],
            result: None,
        },
        Case {
            name: "enclosure-closes-points-to-both",
            record: json!({"variant": "topological",
                "setup": {"stones": [[0, 0, "white"], [9, 9, "white"], [9, 0, "black"],
                    [0, 9, "black"], [2, 0, "white"], [2, 1, "white"], [2, 2, "white"],
                    [1, 2, "white"]], "to_move": "white"},
                "moves": [mv("white", 0, 2), reserve("black", 1, 1), reserve("black", 5, 5),
                          mv("white", 1, 0), mv("white", 3, 0)]}),
            // (0, 2) closes the wall: {(1, 0), (0, 1), (1, 1)} touches only the top and
            // the left side, so nobody may play there, not even White.
            reasons: vec!["-", "enclosed", "-", "enclosed", "-"],
            scores: vec![
                Some([2.0, 5.0]),
                None,
                Some([2.0, 5.0]),
                None,
                Some([2.0, 6.0]),
            ],
            result: None,
        },
        Case {
            name: "black-wins-by-its-bonus",
            record: game(
                json!({"reserve_stones": 0}),
                vec![
                    mv("white", 1, 0),
                    mv("black", 8, 0),
                    pass("white"),
                    pass("black"),
                ],
            ),
            reasons: vec!["-", "-", "-", "-"],
            scores: vec![
                Some([2.0, 2.0]),
                Some([3.0, 2.0]),
                Some([3.0, 2.0]),
                Some([3.0, 2.0]),
            ],
            result: Some("B+1"),
        },
        Case {
            name: "equal-counts-draw",
            record: game(
                json!({"reserve_stones": 0}),
                vec![
                    mv("white", 1, 0),
                    mv("black", 8, 0),
                    mv("white", 2, 0),
                    pass("black"),
                    pass("white"),
                ],
            ),
            reasons: vec!["-", "-", "-", "-", "-"],
            scores: vec![
                Some([2.0, 2.0]),
                Some([3.0, 2.0]),
                Some([3.0, 3.0]),
                Some([3.0, 3.0]),
                Some([3.0, 3.0]),
            ],
            result: Some("Draw"),
        },
        Case {
            name: "white-wins-on-trees",
            record: game(
                json!({"board_size": 6, "reserve_stones": 0}),
                vec![
                    mv("white", 1, 0),
                    pass("black"),
                    mv("white", 2, 0),
                    pass("black"),
                    pass("white"),
                    mv("black", 5, 1),
                ],
            ),
            reasons: vec!["-", "-", "-", "-", "-", "game-over"],
            scores: vec![
                Some([2.0, 2.0]),
                Some([2.0, 2.0]),
                Some([2.0, 3.0]),
                Some([2.0, 3.0]),
                Some([2.0, 3.0]),
                None,
            ],
            result: Some("W+1"),
        },
        Case {
            name: "unplaced-reserve-loses-whatever-the-trees",
            record: game(
                json!({"reserve_stones": 1}),
                vec![
                    reserve("white", 5, 5),
                    mv("black", 8, 0),
                    mv("white", 5, 6),
                    mv("black", 7, 0),
                    pass("white"),
                    pass("black"),
                ],
            ),
            // Black's tree of 3 (+1) beats White's 2, but Black kept its reserve stone.
            reasons: vec!["-", "-", "-", "-", "-", "-"],
            scores: vec![
                Some([2.0, 1.0]),
                Some([3.0, 1.0]),
                Some([3.0, 2.0]),
                Some([4.0, 2.0]),
                Some([4.0, 2.0]),
                Some([4.0, 2.0]),
            ],
            result: Some("W+F"),
        },
        Case {
            name: "both-kept-a-reserve-so-trees-decide",
            record: game(json!({}), vec![pass("white"), pass("black")]),
            reasons: vec!["-", "-"],
            scores: vec![Some([2.0, 1.0]), Some([2.0, 1.0])],
            result: Some("B+1"),
        },
        Case {
            name: "off-the-board",
            record: game(
                json!({}),
                vec![
                    mv("white", 10, 0),
                    mv("white", -1, 0),
                    json!({"color": "white", "at": [0.5, 1]}),
                    reserve("white", 0, 10),
                    mv("white", 0, 0),
                ],
            ),
            reasons: vec!["outside", "outside", "outside", "outside", "occupied"],
            scores: vec![None, None, None, None, None],
            result: None,
        },
        Case {
            name: "no-reserve-stone-left",
            record: game(
                json!({"reserve_stones": 1}),
                vec![
                    reserve("white", 5, 5),
                    reserve("black", 3, 3),
                    reserve("white", 5, 7),
                    mv("white", 5, 6),
                ],
            ),
            reasons: vec!["-", "-", "no-stones-left", "-"],
            scores: vec![Some([2.0, 1.0]), Some([2.0, 1.0]), None, Some([2.0, 2.0])],
            result: None,
        },
        Case {
            name: "resignation",
            record: game(
                json!({}),
                vec![mv("white", 1, 0), json!({"color": "white", "resign": true})],
            ),
            reasons: vec!["-", "-"],
            scores: vec![Some([2.0, 2.0]), None],
            result: Some("B+R"),
        },
    ]
}

#[test]
fn every_case_replays_through_the_library_as_the_rules_say() {
    for case in cases() {
        let record = stonefield_record::Record::from_value(&case.record)
            .unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let report = stonefield_record::replay(&record).expect(case.name);
        assert_eq!(report.moves.len(), case.reasons.len(), "{}", case.name);
        for (i, m) in report.moves.iter().enumerate() {
            let reason = m.reason.map_or("-", |r| r.reason());
            assert_eq!(reason, case.reasons[i], "{} move {i}", case.name);
            let score = m.score.map(|s| [s.black, s.white]);
            assert_eq!(score, case.scores[i], "{} move {i}: score", case.name);
        }
        assert_eq!(
            report.final_view["result"].as_str(),
            case.result,
            "{}",
            case.name
        );
        assert_eq!(
            report.final_view["over"],
            case.result.is_some(),
            "{}",
            case.name
        );
    }
}
