//! The JSON record of a stored game (`docs/record-format.md`): every event that changed the
//! game written as a record entry, in order, so that the record, the replay page and the SGF
//! replay to the game the players saw. Undone moves are left out, as the game left them.

use serde_json::{Value, json};
use stonefield_rules::{Color, Phase};

use crate::http::replay::MAX_RECORD_MOVES;
use crate::store::{ChatLine, Event, EventKind, GameRow, effective, point_value};

/// The most entries a game's record may hold (moves, passes, marks, resumptions, the end):
/// the game that reaches it ends there, counted as it stands (`{"limit": true}`), so that
/// every stored game can be replayed ([`MAX_RECORD_MOVES`] bounds replays).
pub const MAX_GAME_ENTRIES: usize = MAX_RECORD_MOVES;

/// Whether an event of `kind` is an entry of the record (the others are the room's
/// bookkeeping: accepts, which the count writes as `dead`, and undo requests).
pub(crate) fn is_entry(kind: EventKind) -> bool {
    matches!(
        kind,
        EventKind::Move | EventKind::Mark | EventKind::Resume | EventKind::Timeout
    )
}

/// The record entries of the events that stand, in order. Marks and resumptions stored
/// without their player's colour (before they were recorded) are given the colour of the
/// player who was to move when play stopped.
pub(crate) fn entries(events: &[Event]) -> Vec<Value> {
    let mut out = Vec::with_capacity(events.len());
    // Who was to move after the last pass: the player who did not pass last.
    let mut after_pass = Color::Black;
    for e in events {
        let by = e.color().unwrap_or(after_pass).name();
        let entry = match e.kind {
            EventKind::Move => {
                if e.is_pass()
                    && let Some(c) = e.color()
                {
                    after_pass = c.other();
                }
                e.body.clone()
            }
            EventKind::Mark => {
                let at = e.marked_point().unwrap_or_default();
                json!({"color": by, "mark": point_value(&at)})
            }
            EventKind::Resume => json!({"color": by, "resume": true}),
            EventKind::Timeout => json!({"color": by, "timeout": true}),
            EventKind::Accept
            | EventKind::UndoRequest
            | EventKind::UndoDecline
            | EventKind::Undo => continue,
        };
        out.push(entry);
    }
    out
}

/// How many record entries the events that stand make.
pub(crate) fn entry_count(events: &[Event]) -> usize {
    events.iter().filter(|e| is_entry(e.kind)).count()
}

/// The JSON record of a stored game: its players' names (`Black` and `White` for
/// anonymous seats), the day it was created, its time control, every entry that changed
/// the game, and once it ended by an accepted count, the stones marked dead (`dead`, in
/// place of the last marks, so that such records read as they always have).
pub fn record_of(row: &GameRow, events: &[Event]) -> Value {
    let events = effective(events);
    let mut moves = entries(&events);
    let dead = accepted_dead(row, &events);
    if dead.is_some() {
        // The count's marks are in `dead`: the marks after the last move go.
        let kept = moves.iter().rposition(|m| m.get("mark").is_none());
        moves.truncate(kept.map_or(0, |i| i + 1));
    }
    let name = |c: Color, anonymous: &str| row.names[c].clone().unwrap_or(anonymous.into());
    let mut rec = json!({
        "format": "stonefield-record/1",
        "variant": row.variant,
        "rules": row.rules,
        "players": {
            "black": {"name": name(Color::Black, "Black")},
            "white": {"name": name(Color::White, "White")},
        },
        "moves": moves,
        "date": civil_date(row.created_ms),
        "time_control": row.time_control,
    });
    if let Some(dead) = dead {
        rec["dead"] = dead.into();
    }
    // A computer player is named, and says so (a key the record format keeps).
    if let Some(c) = row.computer {
        rec["players"][c.color.name()] = json!({"name": c.name(), "computer": {"level": c.level}});
    }
    if let Some(setup) = &row.setup {
        rec["setup"] = setup.clone();
    }
    if let Some(r) = &row.result {
        rec["result"] = r.clone().into();
    }
    // Accounts and the rated flag only where there are any: records of games without
    // read as they always have.
    if row.accounts.black.is_some() || row.accounts.white.is_some() {
        rec["accounts"] = json!({"black": row.accounts.black, "white": row.accounts.white});
    }
    if row.rated {
        rec["rated"] = true.into();
    }
    rec
}

/// Adds the game's chat (both channels, in order) to its record as `chat`, once the game
/// is over: while it is played the players' and the spectators' chats are kept apart, and
/// a record anyone may download would tell each the other's. No chat, no key.
pub fn add_chat(record: &mut Value, row: &GameRow, chat: &[ChatLine]) {
    if row.result.is_none() || chat.is_empty() {
        return;
    }
    let lines: Vec<Value> = chat
        .iter()
        .map(|l| {
            json!({"channel": l.channel.name(), "color": l.color.map(Color::name),
                   "from": l.from, "text": l.text, "at_ms": l.at_ms, "move": l.moves})
        })
        .collect();
    record["chat"] = lines.into();
}

/// The stones marked dead when the players accepted the count, if the game ended so: it
/// is finished and its events leave it at the count (accepting is no event of its own).
fn accepted_dead(row: &GameRow, events: &[Event]) -> Option<Vec<Value>> {
    row.result.as_ref()?;
    let engine = crate::game::rebuild::replay(row, events).ok()?;
    (engine.phase() == Phase::MarkingDead).then(|| engine.game().dead_stones())
}

/// `YYYY-MM-DD` (UTC) of a time in ms since the epoch, as SGF's DT writes a day.
fn civil_date(ms: i64) -> String {
    // Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_written_in_the_civil_calendar() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(951_782_400_000), "2000-02-29");
        assert_eq!(civil_date(1_795_996_800_000 + 86_399_999), "2026-11-30");
    }

    fn event(seq: i64, kind: &str, body: Value) -> Event {
        Event {
            seq,
            kind: kind.parse().expect("a kind"),
            body,
        }
    }

    /// Events stored before marks and resumptions named their player become entries of
    /// the player who was to move after the passes; accepts and undo requests are none.
    #[test]
    fn old_marks_and_resumptions_become_entries() {
        let log = [
            event(0, "move", json!({"color": "black", "at": [2, 2]})),
            event(1, "move", json!({"color": "white", "pass": true})),
            event(2, "move", json!({"color": "black", "pass": true})),
            event(3, "mark", json!([2, 2])),
            event(4, "accept", json!({"color": "black"})),
            event(5, "resume", Value::Null),
            event(6, "move", json!({"color": "white", "at": [3, 3]})),
            event(7, "undo_request", json!({"color": "white"})),
            event(8, "mark", json!({"color": "black", "at": [3, 3]})),
            event(9, "timeout", json!({"color": "black"})),
        ];
        let got = entries(&log);
        assert_eq!(got.len(), 8, "{got:?}");
        assert_eq!(got[3], json!({"color": "white", "mark": [2, 2]}));
        assert_eq!(got[4], json!({"color": "white", "resume": true}));
        assert_eq!(got[6], json!({"color": "black", "mark": [3, 3]}));
        assert_eq!(got[7], json!({"color": "black", "timeout": true}));
        assert_eq!(entry_count(&log), 8);
    }

    fn row(result: Option<&str>) -> GameRow {
        GameRow {
            id: "g".into(),
            variant: "classic".into(),
            rules: json!({"board_size": 9, "komi": 6.5}),
            setup: None,
            time_control: crate::game::clock::TimeControl::None,
            black_token: String::new(),
            white_token: String::new(),
            creator: "black".into(),
            claimed: true,
            status: "live".into(),
            result: result.map(str::to_owned),
            clock: None,
            created_ms: 0,
            computer: None,
            hints: false,
            seats: crate::game::seats::Seats::Private,
            invite: None,
            names: Default::default(),
            accounts: Default::default(),
            rated: false,
        }
    }

    /// A game stored before the record held resumptions (a `resume` without a body, a
    /// `mark` as a bare point) replays with every stone it shows.
    #[test]
    fn a_game_stored_before_resumptions_were_recorded_replays_whole() {
        let log = [
            event(0, "move", json!({"color": "black", "at": [2, 2]})),
            event(1, "move", json!({"color": "white", "at": [6, 6]})),
            event(2, "move", json!({"color": "black", "pass": true})),
            event(3, "move", json!({"color": "white", "pass": true})),
            event(4, "mark", json!([6, 6])),
            event(5, "resume", Value::Null),
            event(6, "move", json!({"color": "black", "at": [3, 3]})),
            event(7, "move", json!({"color": "white", "at": [5, 5]})),
            event(8, "move", json!({"color": "black", "pass": true})),
            event(9, "move", json!({"color": "white", "pass": true})),
            event(10, "mark", json!([5, 5])),
            event(11, "accept", json!({"color": "black"})),
            event(12, "accept", json!({"color": "white"})),
        ];
        let mut live = crate::game::rebuild::replay(&row(None), &log).unwrap();
        assert_eq!(
            live.game().final_view()["stones"].as_array().unwrap().len(),
            4
        );
        let result = live.accept_count().unwrap().to_string();
        let record = record_of(&row(Some(&result)), &log);
        // The count's mark is `dead`, as records of counted games always had it; the mark
        // before the resumption was forgotten by it.
        assert_eq!(record["moves"].as_array().unwrap().len(), 10, "{record}");
        assert_eq!(
            record["moves"][5],
            json!({"color": "black", "resume": true})
        );
        assert_eq!(record["dead"], json!([[5, 5, "white"]]));
        let record = stonefield_record::Record::from_value(&record).unwrap();
        let report = stonefield_record::replay(&record).unwrap();
        assert!(report.moves.iter().all(|m| m.accepted()), "{report:?}");
        assert_eq!(report.final_view["result"], result.as_str());
    }

    #[test]
    fn accounts_and_the_rated_flag_are_written_only_when_there_are_any() {
        let plain = record_of(&row(Some("B+R")), &[]);
        assert!(plain.get("accounts").is_none() && plain.get("rated").is_none());
        let mut rated = row(Some("B+R"));
        rated.accounts.black = Some("Ann".into());
        rated.accounts.white = Some("Bob".into());
        rated.rated = true;
        let record = record_of(&rated, &[]);
        assert_eq!(record["accounts"], json!({"black": "Ann", "white": "Bob"}));
        assert_eq!(record["rated"], true);
        // Both read back, and a rewrite keeps the new fields as written.
        for r in [plain, record.clone()] {
            stonefield_record::Record::from_value(&r).unwrap();
        }
        let again = stonefield_record::Record::from_value(&record)
            .unwrap()
            .to_json();
        let again: Value = serde_json::from_str(&again).unwrap();
        assert_eq!(
            (&again["accounts"], &again["rated"]),
            (&record["accounts"], &record["rated"])
        );
    }
}
