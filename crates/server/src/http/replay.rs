//! Replays for the replay page, bounded: a record is measured against the size limits
//! before any work, and an answer holds one slice of frames, no larger than a byte budget
//! (the page asks for the slice it shows), so that no request builds every view of a long
//! game at once.

use serde::Deserialize;
use serde_json::{Value, json};

use crate::error::AppError;
use crate::game::live_game::LiveGame;
use stonefield_record::MoveReport;
use stonefield_rules::Phase;

/// The most moves a record may hold to be replayed (real games stay far below: a 19x19
/// game runs 200-400 moves, a random MarGo game 760).
pub const MAX_RECORD_MOVES: usize = 10_000;

/// The most setup stones a record or a new game may hold (a full 25x25 grid is 625).
pub const MAX_SETUP_STONES: usize = 1_000;

/// The most frames one answer holds, and how many it holds when the request does not say.
pub const MAX_FRAMES_PER_ANSWER: usize = 64;
const DEFAULT_FRAMES: usize = 32;

/// An answer stops adding frames once it is this long (it always holds one): a view of a
/// crowded continuous board with its cells runs to hundreds of kilobytes.
pub const MAX_ANSWER_BYTES: usize = 2 << 20;

/// Which frames to answer with: `count` frames from `from`; without `from`, the last
/// `count` (the page opens at the end of the game).
#[derive(Debug, Clone, Copy, Default, Deserialize)]
pub struct Slice {
    /// The first frame (0 is the position before the first move).
    pub from: Option<usize>,
    /// How many frames, at most [`MAX_FRAMES_PER_ANSWER`].
    pub count: Option<usize>,
}

/// Refuses a setup with more stones than [`MAX_SETUP_STONES`] (413, naming the limit).
///
/// # Errors
/// [`AppError::TooLarge`].
pub fn check_setup(setup: Option<&Value>) -> Result<(), AppError> {
    let stones = setup
        .and_then(|s| s.get("stones"))
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    if stones > MAX_SETUP_STONES {
        return Err(AppError::TooLarge(format!(
            "setup: {stones} stones, more than the limit of {MAX_SETUP_STONES}"
        )));
    }
    Ok(())
}

/// Refuses a record beyond the limits on moves and setup stones, before any work.
///
/// # Errors
/// [`AppError::TooLarge`] naming the limit.
pub fn check_record(record: &Value) -> Result<(), AppError> {
    let moves = record
        .get("moves")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    if moves > MAX_RECORD_MOVES {
        return Err(AppError::TooLarge(format!(
            "moves: {moves}, more than the limit of {MAX_RECORD_MOVES}"
        )));
    }
    check_setup(record.get("setup"))
}

/// The record of an uploaded file: a JSON record of any variant (an object), or an SGF
/// file of a classic game, read from its first `(`. SGF files in legacy encodings are read
/// with their undecodable bytes replaced: the moves are ASCII.
///
/// # Errors
/// Neither a JSON record nor readable SGF.
pub fn read_upload(body: &[u8]) -> Result<Value, AppError> {
    let body = String::from_utf8_lossy(body);
    let text = body.trim_start_matches('\u{feff}').trim_start();
    match text.find('(').filter(|_| !text.starts_with('{')) {
        Some(start) => {
            let game = stonefield_record::sgf::read(&text[start..])
                .map_err(|e| AppError::BadRequest(format!("SGF: {e}")))?;
            serde_json::from_str(&game.record().to_json())
                .map_err(|e| AppError::Internal(e.to_string()))
        }
        None => serde_json::from_str(text)
            .map_err(|e| AppError::BadRequest(format!("neither a JSON record nor SGF: {e}"))),
    }
}

/// One slice of the positions of a record, for the replay page, as JSON text: `{"variant",
/// "rules", "result", "players", "date", "total", "from", "frames"}`, where `total` counts every frame of the
/// game and each frame holds the move's report (with its `notation`), the view after it,
/// the score, the colour to move and, at a count, the `count` (the record's `dead` stones
/// are marked after the last move). A slice that reaches the end adds `moves`, every move
/// as `{"color", "notation", "captured"}` for the page's move list. Only the slice's views are built, each written out at once, until the
/// slice ends or the answer reaches [`MAX_ANSWER_BYTES`]; the moves before the slice are
/// played and dropped.
///
/// # Errors
/// A record beyond the limits (413), one the game layer cannot read (naming the move), or
/// a slice that starts beyond the last frame.
pub fn frames(record: &Value, slice: Slice) -> Result<String, AppError> {
    frames_within(record, slice, MAX_ANSWER_BYTES)
}

/// [`frames`] with an answer of at most about `budget` bytes.
fn frames_within(record: &Value, slice: Slice, budget: usize) -> Result<String, AppError> {
    check_record(record)?;
    let variant = record
        .get("variant")
        .and_then(Value::as_str)
        .ok_or_else(|| AppError::BadRequest("variant: missing".into()))?;
    let rules = record.get("rules").cloned().unwrap_or_else(|| json!({}));
    let moves = record
        .get("moves")
        .and_then(Value::as_array)
        .ok_or_else(|| AppError::BadRequest("moves: expected a list".into()))?;
    let total = moves.len() + 1;
    let count = slice
        .count
        .unwrap_or(DEFAULT_FRAMES)
        .clamp(1, MAX_FRAMES_PER_ANSWER);
    let from = slice.from.unwrap_or(total.saturating_sub(count));
    if from >= total {
        return Err(AppError::BadRequest(format!(
            "from: {from}, but the record has {total} frames (0 to {})",
            total - 1
        )));
    }
    let until = (from + count).min(total);
    let mut game = LiveGame::open(variant, &rules, record.get("setup"))?;
    let head = json!({
        "variant": variant, "rules": rules, "result": record.get("result"),
        "offers": variant.parse::<stonefield_record::Variant>().ok().map(stonefield_record::Variant::offers),
        "players": record.get("players"), "date": record.get("date"), "chat": record.get("chat"),
        "total": total, "from": from,
    })
    .to_string();
    let mut out = head[..head.len() - 1].to_owned() + r#","frames":["#;
    let mut add = |g: &LiveGame, report: Option<&MoveReport>| -> bool {
        let score = g.score();
        let score = json!({"black": score.black, "white": score.white});
        let mut frame = json!({"report": report, "view": g.view(), "score": score, "to_move": g.to_move().name()});
        if let Some(count) = g.count() {
            frame["count"] = count;
        }
        if !out.ends_with('[') {
            out.push(',');
        }
        out.push_str(&frame.to_string());
        out.len() < budget
    };
    let mut room = from > 0 || add(&game, None);
    let mut list = Vec::with_capacity(until - 1);
    for (i, mv) in moves.iter().enumerate().take(until - 1) {
        if !room {
            break;
        }
        let mv = game
            .read_move(mv)
            .map_err(|e| AppError::BadRequest(format!("moves[{i}]: {e}")))?;
        let report = game.apply(&mv);
        list.push(list_entry(&report));
        if i + 1 == moves.len()
            && let Some(dead) = record.get("dead")
        {
            accept_marked(&mut game, dead)?;
        }
        if i + 1 >= from {
            room = add(&game, Some(&report));
        }
    }
    out.push(']');
    // A slice that reaches the end played every move: the page's move list comes with it.
    if list.len() == moves.len() {
        out.push_str(r#","moves":"#);
        out.push_str(&Value::from(list).to_string());
    }
    out.push('}');
    Ok(out)
}

/// A move as the replay page lists it: who, the move in notation (null for one that
/// changed nothing) and how many stones it captured.
fn list_entry(report: &MoveReport) -> Value {
    let captured = report.captured.as_ref().map_or(0, Vec::len);
    json!({"color": report.color.name(), "notation": report.notation, "captured": captured})
}

/// Repeats the count the players accepted (the record's `dead`: the stones they marked)
/// once the last move is played, so that the last frame shows the recorded result and its
/// territory. Does nothing unless the game stands at the count.
fn accept_marked(game: &mut LiveGame, dead: &Value) -> Result<(), AppError> {
    if game.phase() != Phase::MarkingDead {
        return Ok(());
    }
    let stones = dead
        .as_array()
        .ok_or_else(|| AppError::BadRequest("dead: expected a list of stones".into()))?;
    for (i, stone) in stones.iter().enumerate() {
        let at: Vec<f64> = stone
            .as_array()
            .map(|s| s.iter().filter_map(Value::as_f64).collect())
            .unwrap_or_default();
        if !game.is_marked_dead(&at) {
            game.toggle_dead(&at)
                .map_err(|e| AppError::BadRequest(format!("dead[{i}]: {e}")))?;
        }
    }
    game.accept_count()
        .map_err(|e| AppError::BadRequest(format!("dead: {e}")))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(record: &Value, slice: Slice) -> Result<Value, AppError> {
        Ok(serde_json::from_str(&super::frames(record, slice)?).unwrap())
    }

    fn record(moves: usize) -> Value {
        let moves: Vec<Value> = (0..moves)
            .map(|i| {
                let color = if i % 2 == 0 { "black" } else { "white" };
                json!({"color": color, "pass": true})
            })
            .collect();
        json!({"variant": "classic", "rules": {"board_size": 9}, "moves": moves})
    }

    #[test]
    fn a_slice_holds_the_frames_asked_for() {
        let rec = record(3);
        let all = frames(
            &rec,
            Slice {
                from: Some(0),
                count: Some(64),
            },
        )
        .unwrap();
        assert_eq!(all["total"], 4);
        assert_eq!(all["frames"].as_array().unwrap().len(), 4);
        let part = frames(
            &rec,
            Slice {
                from: Some(2),
                count: Some(1),
            },
        )
        .unwrap();
        assert_eq!(part["from"], 2);
        assert_eq!(part["frames"].as_array().unwrap().len(), 1);
        assert_eq!(part["frames"][0], all["frames"][2]);
    }

    #[test]
    fn without_a_start_the_last_frames_come() {
        let rec = record(100);
        let d = frames(&rec, Slice::default()).unwrap();
        assert_eq!(d["total"], 101);
        assert_eq!(d["from"], 101 - DEFAULT_FRAMES);
        assert_eq!(d["frames"].as_array().unwrap().len(), DEFAULT_FRAMES);
        let capped = frames(
            &rec,
            Slice {
                from: Some(0),
                count: Some(1_000_000),
            },
        )
        .unwrap();
        assert_eq!(
            capped["frames"].as_array().unwrap().len(),
            MAX_FRAMES_PER_ANSWER
        );
    }

    #[test]
    fn an_answer_stops_at_its_byte_budget() {
        let rec = record(40);
        let whole = frames(
            &rec,
            Slice {
                from: Some(0),
                count: Some(41),
            },
        )
        .unwrap();
        let one = whole["frames"][0].to_string().len();
        let text = frames_within(
            &rec,
            Slice {
                from: Some(0),
                count: Some(41),
            },
            3 * one,
        )
        .unwrap();
        let part: Value = serde_json::from_str(&text).unwrap();
        let got = part["frames"].as_array().unwrap();
        assert!((3..=4).contains(&got.len()), "{} frames", got.len());
        assert_eq!(got[..], whole["frames"].as_array().unwrap()[..got.len()]);
    }

    #[test]
    fn limits_and_bad_slices_are_refused_by_name() {
        let err = frames(&record(MAX_RECORD_MOVES + 1), Slice::default()).unwrap_err();
        assert!(
            matches!(&err, AppError::TooLarge(m) if m.contains("10000")),
            "{err}"
        );
        let stones: Vec<Value> = (0..=MAX_SETUP_STONES)
            .map(|i| json!([i, 0, "black"]))
            .collect();
        let mut rec = record(0);
        rec["setup"] = json!({ "stones": stones });
        let err = frames(&rec, Slice::default()).unwrap_err();
        assert!(
            matches!(&err, AppError::TooLarge(m) if m.contains("setup")),
            "{err}"
        );
        let err = frames(
            &record(2),
            Slice {
                from: Some(3),
                count: None,
            },
        )
        .unwrap_err();
        assert!(err.to_string().contains("3 frames"), "{err}");
    }
}
