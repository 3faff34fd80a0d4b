//! Reading SGF FF\[4\] into a [`Record`]: the root's game information (SZ, KM, RU, HA,
//! PB/PW, BR/WR, RE, DT, TM/OT), the setup (AB/AW/AE, PL), the main line of moves, and the
//! dead stones of a count recorded as territory (TB/TW) in its last node. Play after two
//! passes resumes the game (SGF has no node for it), and a result by resignation or time
//! that the moves do not reach ends the game so, as the record of the game would.

use std::collections::HashSet;

use serde_json::{Map, Value};
use sgf_parse::SgfNode;
use sgf_parse::go::{Move, Point, Prop};
use stonefield_rules::classic::{MAX_KOMI, fixed_points, komi_ok};
use stonefield_rules::{Color, Outcome, Phase, WinBy};

use super::text::point;
use crate::{
    AnyGame, MoveKind, Record, RecordError, RecordErrorKind, RecordMove, Setup, SetupStone,
    TimeControl, Variant,
};

fn error(path: impl Into<String>, what: impl Into<String>) -> RecordError {
    RecordError::new(path, RecordErrorKind::Sgf(what.into()))
}

fn root_error(what: impl Into<String>) -> RecordError {
    error("SGF root", what)
}

/// The preset an `RU` value names, if stonefield knows it.
pub(crate) fn preset_of(ru: &str) -> Option<&'static str> {
    let key: String = ru
        .to_ascii_lowercase()
        .chars()
        .filter(char::is_ascii_alphabetic)
        .collect();
    match key.as_str() {
        "chinese" | "cn" => Some("chinese"),
        "japanese" | "jp" => Some("japanese"),
        "aga" => Some("aga"),
        "nz" | "newzealand" => Some("new-zealand"),
        "tt" | "tromptaylor" => Some("tromp-taylor"),
        _ => None,
    }
}

/// Reads the main line of the game tree `root` into a record.
///
/// # Errors
/// A property stonefield cannot honour (not Go, a board it does not support, a move off the
/// board, setup in the middle of the game), naming the node.
pub(crate) fn record_of(root: &SgfNode<Prop>) -> Result<Record, RecordError> {
    let mut record = Record::new(Variant::Classic);
    let size = board_size(root)?;
    record.rules.insert("board_size".into(), Value::from(size));
    read_game_info(root, &mut record)?;
    if !record.rules.contains_key("komi") {
        // No KM: the preset's komi, written out so that the SGF we write reads back equal.
        let komi = crate::variants::classic_rules(&record.rules)?.komi;
        record.rules.insert("komi".into(), Value::from(komi));
    }
    let mut stones: Vec<(Point, Color)> = Vec::new();
    let mut to_move = None;
    // A PL after the moves: play resumed after the count with that player to move.
    let mut resumed_by = None;
    for (n, node) in root.main_variation().enumerate() {
        let place = format!("SGF node {n}");
        refuse_both_colours(node, &place)?;
        for p in node.properties() {
            match p {
                Prop::B(m) | Prop::W(m) => {
                    let color = if matches!(p, Prop::B(_)) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    record.moves.push(read_move(*m, color, size, &place)?);
                }
                Prop::AB(_) | Prop::AW(_) | Prop::AE(_) if !record.moves.is_empty() => {
                    return Err(error(
                        place,
                        "setup stones (AB/AW/AE) after moves are not supported",
                    ));
                }
                Prop::AB(s) => add_stones(&mut stones, s, Color::Black, size, &place)?,
                Prop::AW(s) => add_stones(&mut stones, s, Color::White, size, &place)?,
                Prop::AE(s) => stones.retain(|(q, _)| !s.contains(q)),
                Prop::PL(c) if record.moves.is_empty() => to_move = Some(color_of(*c)),
                Prop::PL(c) => resumed_by = Some(color_of(*c)),
                Prop::Invalid(id, v) if matches!(id.as_str(), "B" | "W" | "AB" | "AW" | "AE") => {
                    return Err(error(
                        place,
                        format!("{id}[{}] is not a list of points", v.join("][")),
                    ));
                }
                _ => {}
            }
        }
    }
    place_setup(&mut record, root, &stones, to_move, size)?;
    resume_and_end(&mut record, resumed_by);
    if let Some(last) = root.main_variation().last() {
        read_count(&mut record, last);
    }
    Ok(record)
}

fn board_size(root: &SgfNode<Prop>) -> Result<u8, RecordError> {
    match root.get_property("GM") {
        None | Some(Prop::GM(1)) => {}
        Some(p) => return Err(root_error(format!("{p} is not Go (GM[1])"))),
    }
    match root.get_property("SZ") {
        None => Ok(19),
        Some(Prop::SZ((w, h))) if w == h && (2..=25).contains(w) => Ok(*w),
        Some(Prop::SZ((w, h))) if w == h => Err(root_error(format!(
            "SZ[{w}]: classic boards are 2x2 to 25x25"
        ))),
        Some(Prop::SZ((w, h))) => Err(root_error(format!(
            "SZ[{w}:{h}]: rectangular boards are not supported"
        ))),
        Some(p) => Err(root_error(format!("{p}: unreadable board size"))),
    }
}

fn read_game_info(root: &SgfNode<Prop>, record: &mut Record) -> Result<(), RecordError> {
    let (mut tm, mut ot) = (None, None);
    for p in root.properties() {
        match p {
            Prop::TM(t) => tm = Some(*t),
            Prop::OT(t) => ot = Some(t.text.as_str()),
            Prop::KM(k) if komi_ok(*k) => {
                record.rules.insert("komi".into(), Value::from(*k));
            }
            Prop::KM(k) => {
                return Err(root_error(format!(
                    "KM[{k}]: komi must be a multiple of 0.5 within {MAX_KOMI} points either way"
                )));
            }
            Prop::RU(r) => {
                if let Some(preset) = preset_of(&r.text) {
                    record.rules.insert("preset".into(), Value::from(preset));
                }
            }
            Prop::PB(t) => record.players.black.name = Some(t.text.clone()),
            Prop::PW(t) => record.players.white.name = Some(t.text.clone()),
            Prop::BR(t) => {
                _ = record
                    .players
                    .black
                    .extra
                    .insert("rank".into(), Value::from(t.text.clone()))
            }
            Prop::WR(t) => {
                _ = record
                    .players
                    .white
                    .extra
                    .insert("rank".into(), Value::from(t.text.clone()))
            }
            Prop::RE(t) => record.result = Some(t.text.clone()),
            Prop::DT(t) => record.date = Some(t.text.clone()),
            Prop::Invalid(id, v) if id == "KM" => {
                return Err(root_error(format!(
                    "KM[{}]: komi must be a number",
                    v.join("][")
                )));
            }
            _ => {}
        }
    }
    record.time_control = TimeControl::from_sgf(tm, ot);
    Ok(())
}

/// Adds what SGF leaves to its readers: a resumption before a move played after two passes
/// (or at the end, by `resumed_by`, when the last node says whose turn it is), and at the
/// end a resignation or loss on time that the result names and the moves have not brought
/// about.
fn resume_and_end(record: &mut Record, resumed_by: Option<Color>) {
    let Ok(mut game) = AnyGame::from_record(record) else {
        return;
    };
    let mut moves = Vec::with_capacity(record.moves.len());
    for mv in std::mem::take(&mut record.moves) {
        if game.phase() == Phase::MarkingDead && mv.is_play() {
            let resume = RecordMove::of(mv.color, MoveKind::Resume);
            game.apply(&resume);
            moves.push(resume);
        }
        game.apply(&mv);
        moves.push(mv);
    }
    if let (Some(c), Phase::MarkingDead) = (resumed_by, game.phase()) {
        let resume = RecordMove::of(c, MoveKind::Resume);
        game.apply(&resume);
        moves.push(resume);
    }
    let ended = record
        .result
        .as_deref()
        .and_then(|r| r.parse::<Outcome>().ok());
    if let (Some(Outcome::Win { winner, by }), Phase::Playing | Phase::MarkingDead) =
        (ended, game.phase())
    {
        let kind = match by {
            WinBy::Resignation => Some(MoveKind::Resign),
            WinBy::Time => Some(MoveKind::Timeout),
            _ => None,
        };
        moves.extend(kind.map(|k| RecordMove::of(winner.other(), k)));
    }
    record.moves = moves;
}

/// The count the main line's last node records as territory (TB/TW), once the moves are
/// played and the game stands at the count: every stone on a point the other player owns
/// is dead. With a result by the count, those are the record's `dead` (an empty list when
/// there is no TB/TW and the count without dead stones gives that result); without a
/// result, the count is under way and they become the record's marks.
fn read_count(record: &mut Record, last: &SgfNode<Prop>) {
    let mut owned: Vec<(Point, Color)> = Vec::new();
    for p in last.properties() {
        match p {
            Prop::TB(s) => owned.extend(s.iter().map(|&q| (q, Color::Black))),
            Prop::TW(s) => owned.extend(s.iter().map(|&q| (q, Color::White))),
            _ => {}
        }
    }
    let Ok(mut game) = AnyGame::from_record(record) else {
        return;
    };
    for mv in &record.moves {
        game.apply(mv);
    }
    if game.phase() != Phase::MarkingDead {
        return;
    }
    let dead = stones_owned_by_the_other(&game, &owned);
    let result = record.result.as_deref().map(str::parse::<Outcome>);
    match result {
        Some(Ok(o)) if is_count(o) && (!owned.is_empty() || counts_to(&game, o)) => {
            record.dead = Some(dead);
        }
        None => {
            for stone in dead {
                let marked = game.dead_stones().iter().any(|d| {
                    d.as_array().is_some_and(|d| {
                        d.iter()
                            .map_while(Value::as_f64)
                            .eq(stone.at.iter().copied())
                    })
                });
                if !marked {
                    let mark = RecordMove::of(stone.color.other(), MoveKind::Mark(stone.at));
                    game.apply(&mark);
                    record.moves.push(mark);
                }
            }
        }
        _ => {}
    }
}

/// Whether `o` is the result of a count (a margin or a draw).
fn is_count(o: Outcome) -> bool {
    matches!(
        o,
        Outcome::Draw
            | Outcome::Win {
                by: WinBy::Score(_),
                ..
            }
    )
}

/// Whether counting `game` as it stands, no stone dead, gives `o`.
fn counts_to(game: &AnyGame, o: Outcome) -> bool {
    let mut counted = game.clone();
    counted.accept_count().is_ok_and(|c| c == o)
}

/// The stones of `game` on points the other player owns.
fn stones_owned_by_the_other(game: &AnyGame, owned: &[(Point, Color)]) -> Vec<SetupStone> {
    let stones = game.final_view()["stones"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    stones
        .iter()
        .filter_map(|s| {
            let (x, y) = (s[0].as_u64()?, s[1].as_u64()?);
            let color: Color = s[2].as_str()?.parse().ok()?;
            let q = Point {
                x: u8::try_from(x).ok()?,
                y: u8::try_from(y).ok()?,
            };
            owned.contains(&(q, color.other())).then(|| SetupStone {
                at: vec![x as f64, y as f64],
                color,
            })
        })
        .collect()
}

fn color_of(c: sgf_parse::Color) -> Color {
    match c {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

fn on_board(p: Point, size: u8) -> bool {
    p.x < size && p.y < size
}

fn read_move(m: Move, color: Color, size: u8, place: &str) -> Result<RecordMove, RecordError> {
    let id = color.letter();
    match m {
        Move::Pass => Ok(RecordMove::pass(color)),
        // `tt` is the old pass on boards up to 19x19.
        Move::Move(Point { x: 19, y: 19 }) if size <= 19 => Ok(RecordMove::pass(color)),
        Move::Move(p) if on_board(p, size) => {
            Ok(RecordMove::at(color, vec![f64::from(p.x), f64::from(p.y)]))
        }
        Move::Move(p) => Err(error(
            place,
            format!("{id}[{}] is off the {size}x{size} board", point(p)),
        )),
    }
}

/// A point given to both AB and AW of one node is refused (SGF FF\[4\]: a node may not
/// place two stones on one point), as a JSON setup with a point twice is.
fn refuse_both_colours(node: &SgfNode<Prop>, place: &str) -> Result<(), RecordError> {
    if let (Some(Prop::AB(black)), Some(Prop::AW(white))) =
        (node.get_property("AB"), node.get_property("AW"))
        && let Some(p) = black.intersection(white).min_by_key(|p| (p.y, p.x))
    {
        return Err(error(
            place,
            format!("setup point {} is in both AB and AW", point(*p)),
        ));
    }
    Ok(())
}

fn add_stones(
    stones: &mut Vec<(Point, Color)>,
    set: &HashSet<Point>,
    color: Color,
    size: u8,
    place: &str,
) -> Result<(), RecordError> {
    let mut sorted: Vec<Point> = set.iter().copied().collect();
    sorted.sort_by_key(|p| (p.y, p.x));
    for p in sorted {
        if !on_board(p, size) {
            return Err(error(
                place,
                format!("setup stone {} is off the {size}x{size} board", point(p)),
            ));
        }
        stones.retain(|(q, _)| *q != p);
        stones.push((p, color));
    }
    Ok(())
}

/// Turns the setup stones into either a fixed handicap (HA with AB on the standard points)
/// or a setup, and records a free handicap (HA without AB).
fn place_setup(
    record: &mut Record,
    root: &SgfNode<Prop>,
    stones: &[(Point, Color)],
    to_move: Option<Color>,
    size: u8,
) -> Result<(), RecordError> {
    let handicap = match root.get_property("HA") {
        Some(Prop::Invalid(_, v)) => {
            return Err(root_error(format!(
                "HA[{}]: a handicap is a number of stones, 0 or more",
                v.join("][")
            )));
        }
        Some(Prop::HA(n)) if *n < 0 => {
            return Err(root_error(format!(
                "HA[{n}]: a handicap is a number of stones, 0 or more"
            )));
        }
        Some(Prop::HA(n)) => *n,
        _ => 0, // absent, or HA[0]/HA[1] which mean none
    };
    let black: HashSet<(u8, u8)> = stones.iter().map(|(p, _)| (p.x, p.y)).collect();
    let all_black = stones.iter().all(|(_, c)| *c == Color::Black);
    if handicap >= 2 && stones.is_empty() {
        if handicap > 9 {
            return Err(root_error(format!(
                "HA[{handicap}]: a handicap is at most 9 stones"
            )));
        }
        let h: Map<String, Value> = [
            ("stones".into(), Value::from(handicap)),
            ("placement".into(), "free".into()),
        ]
        .into_iter()
        .collect();
        record.rules.insert("handicap".into(), Value::Object(h));
        return Ok(());
    }
    let fixed: Option<HashSet<(u8, u8)>> = u8::try_from(handicap)
        .ok()
        .and_then(|n| fixed_points(size, n))
        .map(|ps| ps.iter().map(|p| (p.x(), p.y())).collect());
    if handicap >= 2 && all_black && to_move != Some(Color::Black) && fixed.as_ref() == Some(&black)
    {
        record
            .rules
            .insert("handicap".into(), Value::from(handicap));
        return Ok(());
    }
    // A game whose first move is White's starts with White to move.
    let first = record.moves.first().map(|m| m.color);
    let to_move = to_move.or(if first == Some(Color::White) {
        first
    } else {
        None
    });
    if !stones.is_empty() || to_move.is_some() {
        record.setup = Some(Setup {
            stones: stones
                .iter()
                .map(|(p, c)| SetupStone {
                    at: vec![f64::from(p.x), f64::from(p.y)],
                    color: *c,
                })
                .collect(),
            to_move,
        });
    }
    Ok(())
}
