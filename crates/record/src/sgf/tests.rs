use serde_json::json;
use stonefield_rules::Color;

use super::*;
use crate::{MoveKind, RecordMove, replay};

const GNUGO: &str = "(;GM[1]FF[4]\nSZ[9]\nGN[GNU Go 3.8 Random Seed 1]\nDT[2024-01-01]\nKM[5.5]\n\
                     RU[Japanese]AP[GNU Go:3.8]\nHA[2]AB[gc][cg]\n;W[ee];B[tt];W[dd];B[];W[])";
const SABAKI: &str = "(;GM[1]FF[4]CA[UTF-8]AP[Sabaki:0.52.2]KM[6.5]SZ[19]DT[2024-05-01]\
                      ;B[pd];W[dp](;B[pp]C[main];W[dd])(;B[dd]C[alt]LB[cc:A]TR[aa][ab]))";
const KGS: &str = "(;GM[1]FF[4]\nSZ[19]\nPW[white]\nWR[2d]\nPB[black]\nBR[3d]\nDT[2010-01-01]\n\
                   PC[The KGS Go Server at http://www.gokgs.com/]\nKM[0.50]HA[3]RU[Japanese]RE[W+Resign]\
                   OT[5x30 byo-yomi]\nAB[dp][pd][dd]\n;W[qp]C[black [3d\\]: hi\n];B[oq])";

#[test]
fn reads_gnugo_with_fixed_handicap_and_both_passes() {
    let g = read(GNUGO).expect("GNU Go SGF");
    let r = g.record();
    assert_eq!(r.rules["handicap"], 2);
    assert_eq!(r.rules["preset"], "japanese");
    assert_eq!(r.rules["komi"], 5.5);
    assert!(r.setup.is_none());
    assert_eq!(
        r.moves[1],
        RecordMove::pass(Color::Black),
        "tt is a pass on 9x9"
    );
    assert_eq!(r.date.as_deref(), Some("2024-01-01"));
    let report = replay(r).expect("replay");
    assert!(report.moves.iter().all(|m| m.accepted()), "{report:?}");
    assert_eq!(
        report.final_view["stones"].as_array().map(Vec::len),
        Some(4)
    );
}

#[test]
fn reads_sabaki_main_line_and_keeps_variations() {
    let g = read(SABAKI).expect("Sabaki SGF");
    assert_eq!(g.record().moves.len(), 4);
    assert_eq!(g.record().moves[2].kind, MoveKind::At(vec![15.0, 15.0]));
    let out = g.to_sgf();
    assert!(
        out.contains("C[alt]") && out.contains("LB[cc:A]") && out.contains("TR[aa][ab]"),
        "{out}"
    );
    let again = read(&out).expect("our SGF reads back");
    assert_eq!(again.record(), g.record());
    assert_eq!(again.to_sgf(), out);
}

#[test]
fn reads_kgs_with_players_ranks_and_escaped_comments() {
    let g = read(KGS).expect("KGS SGF");
    let r = g.record();
    assert_eq!(r.players.white.name.as_deref(), Some("white"));
    assert_eq!(r.players.black.extra["rank"], "3d");
    assert_eq!(r.result.as_deref(), Some("W+Resign"));
    assert_eq!(r.rules["handicap"], 3);
    assert_eq!(r.moves[0].color, Color::White);
    assert!(
        replay(r)
            .expect("replay")
            .moves
            .iter()
            .all(|m| m.accepted())
    );
    assert!(
        g.to_sgf().contains("C[black [3d\\]\\: hi\n]"),
        "{}",
        g.to_sgf()
    );
}

#[test]
fn free_handicap_and_setup_positions() {
    let free = read("(;GM[1]SZ[9]HA[2];B[aa];B[bb];W[cc])").expect("free handicap");
    assert_eq!(
        free.record().rules["handicap"],
        json!({"stones": 2, "placement": "free"})
    );
    assert!(
        replay(free.record())
            .expect("replay")
            .moves
            .iter()
            .all(|m| m.accepted())
    );
    let problem = read("(;GM[1]SZ[9]AB[aa][ab]AW[ba]PL[W];W[bb])").expect("setup");
    let setup = problem.record().setup.as_ref().expect("setup");
    assert_eq!((setup.stones.len(), setup.to_move), (3, Some(Color::White)));
}

#[test]
fn writing_reads_back_identically() {
    for src in [
        GNUGO,
        SABAKI,
        KGS,
        "(;GM[1]SZ[13]AB[aa][ab]AW[ba]PL[W];W[bb])",
    ] {
        let g = read(src).expect("sgf");
        let kept = g.record_keeping_tree();
        let json = kept.to_json();
        let back = Record::from_json(&json).expect("json reads back");
        assert_eq!(back, kept);
        assert_eq!(
            write(&back).expect("write"),
            g.to_sgf(),
            "SGF -> JSON -> SGF keeps everything"
        );
        let fresh = write(g.record()).expect("write");
        let again = read(&fresh).expect("fresh SGF reads");
        assert_eq!(again.record(), g.record(), "{fresh}");
        assert_eq!(again.to_sgf(), fresh);
    }
}

#[test]
fn plain_records_carry_no_tree() {
    let r = Record::from_json(
        r#"{"variant": "classic", "rules": {"board_size": 9, "komi": 7.5},
        "moves": [{"color": "black", "at": [2, 2]}, {"color": "white", "pass": true}]}"#,
    )
    .expect("record");
    let sgf = write(&r).expect("write");
    let g = read(&sgf).expect("read");
    assert!(
        !g.record_keeping_tree().extra.contains_key(TREE_FIELD),
        "{sgf}"
    );
    assert_eq!(g.record().moves, r.moves);
}

#[test]
fn bad_sgf_names_the_place() {
    let e = |s: &str| read(s).expect_err("bad SGF").to_string();
    assert!(
        e("(;GM[1]SZ[9];B[aa];W[b")
            .starts_with("SGF line 1, column 21: property value never closed")
    );
    assert!(e("(;GM[1]SZ[9];B[aa]").contains("never closed"));
    assert_eq!(
        e("(;GM[1]SZ[9];B[aa];W[zz])"),
        "SGF node 2: W[zz] is off the 9x9 board"
    );
    assert!(e("(;GM[1]SZ[30])").starts_with("SGF root: SZ[30]"));
    assert!(e("(;GM[1]SZ[9:13])").contains("rectangular"));
    assert!(e("(;GM[2]SZ[9])").contains("not Go"));
    assert!(e("(;GM[1]KM[abc])").starts_with("SGF root: KM[abc]"));
    assert!(e("(;GM[1]KM[-10000])").contains("within 1000 points"));
    assert!(e("(;GM[1];B[aa];AB[bb])").contains("after moves"));
    assert!(e("").starts_with("SGF"));
    assert!(e("(;GM[1]SZ[9];B[aa]W[bb]Q[a]))").starts_with("SGF line"));
    assert_eq!(
        e("(;GM[1]SZ[9]HA[-1];B[aa])"),
        "SGF root: HA[-1]: a handicap is a number of stones, 0 or more"
    );
    assert_eq!(
        e("(;GM[1]SZ[9]AB[cc][dd]AW[ee][dd];W[aa])"),
        "SGF node 0: setup point dd is in both AB and AW"
    );
}

#[test]
fn a_later_node_may_change_a_setup_stone() {
    // Across nodes, AW on a black stone replaces it, as SGF viewers do.
    let r = read("(;GM[1]SZ[9]AB[cc][dd];AW[dd];W[aa])").expect("two setup nodes");
    let setup = r.into_record().setup.expect("a setup");
    let at_dd: Vec<_> = setup.stones.iter().filter(|s| s.at == [3.0, 3.0]).collect();
    assert_eq!(at_dd.len(), 1);
    assert_eq!(at_dd[0].color, Color::White);
}

#[test]
fn other_variants_are_not_sgf() {
    let r = Record::new(crate::Variant::Margo);
    assert!(write(&r).is_err());
}

#[test]
fn repeated_identifiers_keep_the_first_so_rewrites_read_back() {
    // Found by fuzzing: `x GM` becomes a second GM once lower case is dropped.
    let g = read("(;GM[1]SZ[9]xGM[2];B[aa]B[bb])").expect("lenient read");
    assert_eq!(g.record().moves.len(), 1);
    let out = g.to_sgf();
    assert_eq!(out.matches("GM[").count(), 1, "{out}");
    assert_eq!(read(&out).expect("reads back").to_sgf(), out);
}
