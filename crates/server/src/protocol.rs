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

use serde::{Deserialize, Serialize};
use serde_json::Value;

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
}

/// A message from the server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The whole state of the game, as this connection may see it (on join, on reconnect,
    /// after undo and marking changes).
    State {
        /// See [`crate::room`] for the fields.
        state: Value,
    },
    /// A move was stored and played.
    Moved {
        /// Number of moves played, this one included.
        seq: u64,
        /// The per-move report of the record format.
        report: Value,
        /// Colour to move next.
        to_move: String,
        /// `playing`, `marking` or `finished`.
        phase: String,
        /// The live score.
        score: Value,
        /// The clocks.
        clock: Value,
        /// The result, once the game is over.
        result: Option<String>,
        /// The whole view after the move (as in the state's `view`), for variants that draw
        /// more than their stones: territory, atari, trees, pyramids. Absent for classic
        /// Go, whose clients apply the report to the stones they have.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        view: Option<Value>,
        /// The count (as in the state's `count`) when the move ended play: the second pass
        /// starts the marking, or the game ended by the count. Absent otherwise.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        count: Option<Value>,
    },
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
