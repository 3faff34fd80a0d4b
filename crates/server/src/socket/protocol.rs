//! The WebSocket protocol: what a browser may ask ([`ClientMessage`]) and what the server
//! tells it ([`ServerMessage`]), as JSON objects tagged by `type`. Variant data (moves,
//! views, previews) pass through as JSON so a new variant needs no protocol change. A
//! client's first message is `hello`, with its seat token if it has one: tokens stay out of
//! URLs, which proxies and servers log.
//!
//! ```
//! use stonefield_server::protocol::{ClientMessage, parse_client};
//!
//! let hello = parse_client(r#"{"type": "hello", "token": "0123abcd"}"#).unwrap();
//! assert_eq!(hello, ClientMessage::Hello { token: Some("0123abcd".into()) });
//! let msg = parse_client(r#"{"type": "move", "move": {"at": [3, 3]}}"#).unwrap();
//! assert!(matches!(msg, ClientMessage::Move { .. }));
//! assert!(parse_client(r#"{"type": "fly"}"#).is_err());
//! ```

use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;
use stonefield_record::{MoveReport, Offers};
use stonefield_rules::{ByColor, Color, Phase};

use crate::store::ChatLine;

/// The largest client message the server reads, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// A request from a browser. The seat (and so the colour) comes from the connection's
/// token, never from the message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message on a connection: who this is. The seat token takes that seat;
    /// without one (or with a token of no seat here) the connection watches. The server
    /// answers with the whole state.
    Hello {
        /// The seat token.
        #[serde(default)]
        token: Option<String>,
    },
    /// Play a move: a record move without its colour (`{"at": [3, 3]}`, or for continuous
    /// Go `{"request": [x, y], "snap": "own"}`).
    Move {
        /// The move.
        #[serde(rename = "move")]
        mv: Value,
    },
    /// Pass.
    Pass,
    /// Resign.
    Resign,
    /// Ask the opponent to take back the last move.
    UndoRequest,
    /// Answer the opponent's undo request.
    UndoAnswer {
        /// True to take the move back.
        accept: bool,
    },
    /// Ask what a move request would do, without playing it (hover preview).
    Preview {
        /// The request, shaped as for `Move`.
        request: Value,
    },
    /// Mark or unmark a dead group during counting.
    ToggleDead {
        /// A point of the group.
        at: Value,
    },
    /// Accept the count as marked.
    Accept,
    /// Disagree with the marks: play resumes.
    Resume,
    /// Ask for the computer's suggested move and win estimate (where the game allows hints).
    Hint,
    /// Ask for the full state again.
    Sync,
    /// Name (or rename) the player of this connection's seat: for players who took the
    /// seat by an invite link without giving a name. Checked as in the claim body
    /// ([`crate::names`]); everyone is sent the new state.
    Name {
        /// The name.
        name: String,
    },
    /// Say something in this connection's chat: the players' for a seat, the spectators'
    /// for a watcher. Plain text, 1 to [`MAX_CHAT_CHARS`] characters, no control
    /// characters but newlines.
    Chat {
        /// What is said.
        text: String,
    },
    /// After the end, a player offers a rematch (or accepts the opponent's offer); against
    /// the computer it starts at once.
    Rematch,
    /// Answers the opponent's rematch offer.
    RematchAnswer {
        /// True to play it (as `rematch`), false to decline.
        accept: bool,
    },
}

/// The most characters a chat line may have.
pub const MAX_CHAT_CHARS: usize = 500;

/// The whole state of a game as one connection may see it (`docs/api.md` names the
/// fields). The variant's own data (rules, the drawing view, the count, the moves as
/// stored) pass through as they are.
#[derive(Debug, Clone, Serialize)]
pub struct GameState {
    /// The game's id.
    pub id: String,
    /// `classic`, `continuous`, `margo` or `topological`.
    pub variant: String,
    /// What the page may offer (pass, reserve stones, SGF, 3D...), so that it keeps no
    /// list of which variant does what.
    pub offers: Offers,
    /// The record-format rules.
    pub rules: Value,
    /// This connection's seat; `None` for a spectator.
    #[serde(serialize_with = "color_or_null")]
    pub you: Option<Color>,
    /// The creator's colour.
    pub creator: String,
    /// The invite link's secret, for the creator only while it can seat someone.
    pub invite: Option<String>,
    /// The seat policy: `open`, `private`, ...
    pub seats: &'static str,
    /// `open`, `live` or `finished`.
    pub status: String,
    /// `playing`, `marking` or `finished`.
    #[serde(serialize_with = "phase_name")]
    pub phase: Phase,
    /// The colour to move.
    #[serde(serialize_with = "color_name")]
    pub to_move: Color,
    /// What clients draw: geometry, stones, dead marks, last move, prisoners.
    pub view: Value,
    /// The live score.
    #[serde(serialize_with = "score")]
    pub score: ByColor<f64>,
    /// The count while marking and after an end by the count.
    pub count: Option<Value>,
    /// The clocks as they stand.
    pub clock: Value,
    /// How many moves `moves` holds.
    pub seq: usize,
    /// The moves that stand, as stored (record moves).
    pub moves: Vec<Value>,
    /// Each move of `moves` in the variant's notation, for the move list.
    pub notation: Vec<String>,
    /// The result once finished.
    pub result: Option<String>,
    /// Who asked for an undo, while it waits for the answer.
    #[serde(serialize_with = "color_or_null")]
    pub undo_by: Option<Color>,
    /// Who accepted the count as marked.
    #[serde(serialize_with = "by_color")]
    pub accepted: ByColor<bool>,
    /// The report of the last move.
    pub last: Option<MoveReport>,
    /// Whether players may ask for hints.
    pub hints: bool,
    /// The players' names (null for anonymous seats).
    #[serde(serialize_with = "by_color")]
    pub names: ByColor<Option<String>>,
    /// The accounts the seats are tied to (null: a seat taken without one).
    #[serde(serialize_with = "by_color")]
    pub accounts: ByColor<Option<String>>,
    /// The accounts' ratings in the game's variant (null: no account).
    #[serde(serialize_with = "by_color")]
    pub ratings: ByColor<Option<f64>>,
    /// Whether the game counts for the players' ratings.
    pub rated: bool,
    /// The computer's seat (colour, level, name) and whether it is thinking.
    pub computer: Option<Value>,
    /// The last lines of this connection's chat (players' or spectators'), oldest first.
    pub chat: Vec<ChatLine>,
    /// After the end: who offers a rematch (`by`, a colour or null) and the rematch's
    /// game once there is one (`game`); null before the end.
    pub rematch: Option<Value>,
}

/// A move as it is sent to every connection once it is stored and played.
#[derive(Debug, Clone, Serialize)]
pub struct Moved {
    /// Number of moves played, this one included.
    pub seq: u64,
    /// The per-move report of the record format.
    pub report: Option<MoveReport>,
    /// Colour to move next.
    #[serde(serialize_with = "color_name")]
    pub to_move: Color,
    /// `playing`, `marking` or `finished`.
    #[serde(serialize_with = "phase_name")]
    pub phase: Phase,
    /// The live score.
    #[serde(serialize_with = "score")]
    pub score: ByColor<f64>,
    /// The clocks.
    pub clock: Value,
    /// The result, once the game is over.
    pub result: Option<String>,
    /// The whole view after the move (as in the state's `view`), for variants that draw
    /// more than their stones: territory, atari, trees, pyramids. Absent for classic Go,
    /// whose clients apply the report to the stones they have.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<Value>,
    /// The count (as in the state's `count`) when the move ended play: the second pass
    /// starts the marking, or the game ended by the count. Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<Value>,
}

fn color_name<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.name())
}

fn color_or_null<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
    match c {
        Some(c) => s.serialize_str(c.name()),
        None => s.serialize_none(),
    }
}

/// The phase as a short name for clients: `playing`, `marking`, `finished`.
fn phase_name<S: Serializer>(p: &Phase, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(match p {
        Phase::Playing => "playing",
        Phase::MarkingDead => "marking",
        Phase::Finished(_) => "finished",
    })
}

/// `{"black": b, "white": w}`.
fn by_color<T: Serialize, S: Serializer>(v: &ByColor<T>, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut m = s.serialize_map(Some(2))?;
    m.serialize_entry("black", &v.black)?;
    m.serialize_entry("white", &v.white)?;
    m.end()
}

fn score<S: Serializer>(v: &ByColor<f64>, s: S) -> Result<S::Ok, S::Error> {
    by_color(v, s)
}

/// A message from the server.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The whole state of the game, as this connection may see it (on join, on reconnect,
    /// after undo and marking changes).
    State {
        /// The state.
        state: Box<GameState>,
    },
    /// A move was stored and played.
    Moved(Box<Moved>),
    /// The opponent asks to take back the last move.
    UndoRequested {
        /// Who asks.
        by: String,
    },
    /// An undo request was declined.
    UndoDeclined,
    /// The computer started thinking about its move (or its marks); its answer comes as
    /// any player's does.
    Thinking {
        /// The computer's colour.
        color: String,
    },
    /// What a request would do (to the asker only).
    Preview {
        /// The request asked about.
        request: Value,
        /// The variant's answer, drawn by the client as given: `at` (the resolved point,
        /// or null), `legal`, `reason` when illegal, `captured` stones and the `score` if
        /// played.
        result: Value,
    },
    /// The computer's suggestion for the player to move (to the asker only).
    Hint {
        /// Moves played when it was asked: a hint for an earlier position is never sent.
        seq: u64,
        /// The suggested record move.
        #[serde(rename = "move")]
        mv: Value,
        /// The move in the variant's notation (`E7`, `(3.25, 4.10)`, `pass`), as the move
        /// list will write it.
        notation: Option<String>,
        /// The win estimate (0 to 1) of the player to move; null when the suggestion comes
        /// from the count rather than a search.
        win_rate: Option<f64>,
    },
    /// A move or action was refused by the rules or by the seat rules; nothing changed.
    Refused {
        /// Short kebab-case reason (`occupied`, `not-your-turn`, `spectator`, ...).
        reason: String,
        /// For people.
        message: String,
    },
    /// A line of chat, to the connections of its channel.
    Chat(Box<ChatLine>),
    /// A player offers a rematch (to everyone).
    RematchOffered {
        /// Who offers.
        by: String,
    },
    /// The rematch offer was declined (to everyone).
    RematchDeclined {
        /// Who declined.
        by: String,
    },
    /// The rematch exists (to everyone): players move to it with the seat token they
    /// hold here, which holds the other colour there.
    RematchReady {
        /// The new game's id.
        game: String,
    },
    /// A message that could not be read at all.
    Error {
        /// For people.
        message: String,
    },
}

impl ServerMessage {
    /// A refusal with a reason and a message.
    pub fn refused(reason: &str, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Refused {
            reason: reason.to_owned(),
            message: message.into(),
        }
    }

    /// The JSON text sent on the socket.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self)
            .unwrap_or_else(|_| r#"{"type":"error","message":"internal"}"#.into())
    }
}

/// The point of a `toggle_dead` message: a list of numbers.
///
/// # Errors
/// Anything else, said for the sender.
pub fn point(at: &Value) -> Result<Vec<f64>, String> {
    let list = at.as_array().filter(|a| !a.is_empty());
    let coords: Option<Vec<f64>> = list.and_then(|a| a.iter().map(Value::as_f64).collect());
    coords.ok_or_else(|| "malformed: at: expected a list of numbers".to_owned())
}

/// Reads a client message, with a message for the sender when it cannot.
///
/// # Errors
/// Oversized text, invalid JSON, or an unknown message type.
pub fn parse_client(text: &str) -> Result<ClientMessage, String> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(format!(
            "message too large ({} bytes, limit {MAX_MESSAGE_BYTES})",
            text.len()
        ));
    }
    serde_json::from_str(text).map_err(|e| format!("unreadable message: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_tagged_by_type() {
        let m = parse_client(r#"{"type":"move","move":{"at":[3,4]}}"#).unwrap();
        assert_eq!(
            m,
            ClientMessage::Move {
                mv: serde_json::json!({"at": [3, 4]})
            }
        );
        assert_eq!(
            parse_client(r#"{"type":"undo_answer","accept":true}"#).unwrap(),
            ClientMessage::UndoAnswer { accept: true }
        );
        let t = ServerMessage::refused("occupied", "x").to_text();
        assert!(t.contains(r#""type":"refused""#));
    }

    #[test]
    fn bad_messages_are_errors() {
        assert!(parse_client("{").is_err());
        assert!(parse_client(r#"{"type":"hello","token":7}"#).is_err());
        assert_eq!(
            parse_client(r#"{"type":"hello"}"#).unwrap(),
            ClientMessage::Hello { token: None }
        );
        assert!(parse_client(r#"{"type":"fly"}"#).is_err());
        let big = format!(
            r#"{{"type":"preview","request":"{}"}}"#,
            "x".repeat(MAX_MESSAGE_BYTES)
        );
        assert!(parse_client(&big).unwrap_err().contains("too large"));
    }
}
