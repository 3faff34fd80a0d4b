//! A game's row as stored and read back: the columns, their JSON, the hashed tokens.

use serde_json::Value;
use sqlx::Row;
use stonefield_rules::{ByColor, Color};

use super::error::StoreError;
use crate::game::clock::{Clock, TimeControl};
use crate::game::computer::ComputerSeat;
use crate::game::seats::Seats;
use crate::ids;

/// A game as stored (without its events).
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    /// Game id.
    pub id: String,
    /// `classic`, `continuous`, ...
    pub variant: String,
    /// The record-format rules object.
    pub rules: Value,
    /// Optional setup position.
    pub setup: Option<Value>,
    /// The time control the game was created with.
    pub time_control: TimeControl,
    /// The hash of Black's seat token ([`crate::ids::token_hash`]; the token itself is
    /// never stored). The second seat's is a placeholder's until the seat is claimed, when
    /// a fresh token's replaces it.
    pub black_token: String,
    /// The hash of White's seat token (see `black_token`).
    pub white_token: String,
    /// Colour of the creator's seat.
    pub creator: String,
    /// Whether the second seat has been taken.
    pub claimed: bool,
    /// `open`, `live` or `finished`.
    pub status: String,
    /// The result string once finished.
    pub result: Option<String>,
    /// Saved clocks, if any.
    pub clock: Option<Clock>,
    /// Creation time, ms since the epoch.
    pub created_ms: i64,
    /// The seat the computer holds, if it plays in this game.
    pub computer: Option<ComputerSeat>,
    /// Whether players may ask for hints in a game between people.
    pub hints: bool,
    /// Who may take the second seat.
    pub seats: Seats,
    /// The hash of the invite that takes the second seat once; `None` in games against the
    /// computer.
    pub invite: Option<String>,
    /// The players' names; `None` for an anonymous seat (and the computer's).
    pub names: ByColor<Option<String>>,
    /// The accounts the seats are tied to; `None` for a seat taken without one.
    pub accounts: ByColor<Option<String>>,
    /// Whether the game counts for the players' ratings (between two accounts).
    pub rated: bool,
}

/// A game as the lobby lists it: the row, its moves so far, and when it last changed.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    /// The game.
    pub game: GameRow,
    /// Moves played (undone ones not counted).
    pub moves: i64,
    /// The last move, claim or change of status, ms since the epoch.
    pub active_ms: i64,
}

impl Listed {
    /// The game as the lobby's lists show it (`docs/api.md`).
    pub fn summary(&self) -> Value {
        let g = &self.game;
        serde_json::json!({
            "id": g.id, "variant": g.variant, "rules": g.rules, "creator": g.creator,
            "status": g.status, "result": g.result, "time_control": g.time_control,
            "created_ms": g.created_ms, "seats": g.seats.name(),
            "names": {"black": g.names.black, "white": g.names.white},
            "accounts": {"black": g.accounts.black, "white": g.accounts.white},
            "rated": g.rated,
            "computer": g.computer.map(|c| c.to_json()),
            "moves": self.moves, "active_ms": self.active_ms,
        })
    }
}

impl GameRow {
    /// The hash of the seat token of `color`.
    pub fn token(&self, color: Color) -> &str {
        match color {
            Color::Black => &self.black_token,
            Color::White => &self.white_token,
        }
    }
}

/// A stored token or invite as a hash. The migration hashed every plain one; one written
/// since by an instance of an older version sharing the database (upgrade them together)
/// is hashed as it is read, so that it still seats its holder.
pub(super) fn hashed(stored: String) -> String {
    if ids::is_token_hash(&stored) {
        stored
    } else {
        ids::token_hash(&stored)
    }
}

/// The clocks as stored (JSON text).
pub(super) fn clock_text(clock: &Clock) -> Result<String, StoreError> {
    Ok(serde_json::to_string(clock)?)
}

pub(super) fn row_to_game(r: &sqlx::any::AnyRow) -> Result<GameRow, StoreError> {
    let json = |s: String| serde_json::from_str::<Value>(&s);
    Ok(GameRow {
        id: r.try_get("id")?,
        variant: r.try_get("variant")?,
        rules: json(r.try_get("rules")?)?,
        setup: r
            .try_get::<Option<String>, _>("setup")?
            .map(json)
            .transpose()?,
        time_control: serde_json::from_str(&r.try_get::<String, _>("time_control")?)?,
        black_token: hashed(r.try_get("black_token")?),
        white_token: hashed(r.try_get("white_token")?),
        creator: r.try_get("creator")?,
        claimed: r.try_get::<i64, _>("claimed")? != 0,
        status: r.try_get("status")?,
        result: r.try_get("result")?,
        clock: r
            .try_get::<Option<String>, _>("clock")?
            .map(|c| serde_json::from_str(&c))
            .transpose()?,
        created_ms: r.try_get("created_ms")?,
        // A computer's seat that cannot be read is an error: the game is not silently
        // turned into one between people.
        computer: r
            .try_get::<Option<String>, _>("computer")?
            .map(|s| {
                let seat = json(s)?;
                ComputerSeat::from_json(&seat).ok_or(StoreError::Computer(seat))
            })
            .transpose()?,
        hints: r.try_get::<i64, _>("hints")? != 0,
        seats: r.try_get::<String, _>("seats")?.parse()?,
        invite: r.try_get::<Option<String>, _>("invite")?.map(hashed),
        names: ByColor {
            black: r.try_get("black_name")?,
            white: r.try_get("white_name")?,
        },
        accounts: ByColor {
            black: r.try_get("black_account")?,
            white: r.try_get("white_account")?,
        },
        rated: r.try_get::<i64, _>("rated")? != 0,
    })
}

pub(super) const GAME_COLUMNS: &str = "id, variant, rules, setup, time_control, black_token, white_token, \
    creator, claimed, status, result, clock, created_ms, computer, hints, seats, invite, \
    black_name, white_name, black_account, white_account, rated";
