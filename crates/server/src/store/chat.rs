//! A game's chat as stored: one row per line, numbered per game from 0, so that a room
//! reads the lines it has not seen (`seq` after its last) whichever instance stored them.
//! On PostgreSQL each line is announced on [`CHANNEL`] as `game_id:chat` when committed.

use serde::Serialize;
use sqlx::Row;
use stonefield_rules::Color;

use super::connection::Store;
use super::error::StoreError;
use super::writer::CHANNEL;

/// Who a chat line is for: the two seats, or the watchers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Channel {
    /// The players' chat.
    Players,
    /// The spectators' chat.
    Spectators,
}

impl Channel {
    /// The channel of a connection in `seat` (`None`: a watcher).
    pub fn of(seat: Option<Color>) -> Channel {
        if seat.is_some() {
            Channel::Players
        } else {
            Channel::Spectators
        }
    }

    /// The name stored and sent: `players` or `spectators`.
    pub fn name(self) -> &'static str {
        match self {
            Channel::Players => "players",
            Channel::Spectators => "spectators",
        }
    }

    fn parse(s: &str) -> Channel {
        if s == "players" {
            Channel::Players
        } else {
            Channel::Spectators
        }
    }
}

/// One line of chat, as stored, sent (`{"type":"chat", ...}`) and recorded.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChatLine {
    /// Its place in the game's chat, from 0 (both channels count).
    #[serde(skip)]
    pub seq: i64,
    /// Whose chat it is.
    pub channel: Channel,
    /// The speaker's colour; `None` for a spectator.
    #[serde(serialize_with = "color_or_null")]
    pub color: Option<Color>,
    /// The speaker: the player's name, else the colour; `spectator` for a watcher.
    pub from: String,
    /// What was said (plain text, checked by [`crate::game::room`]).
    pub text: String,
    /// When (ms since the epoch).
    pub at_ms: i64,
    /// Moves played when it was said.
    #[serde(rename = "move")]
    pub moves: i64,
}

fn color_or_null<S: serde::Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
    match c {
        Some(c) => s.serialize_str(c.name()),
        None => s.serialize_none(),
    }
}

impl Store {
    /// Stores `line` at its `seq` in game `id`'s chat. [`StoreError::Conflict`] when
    /// another line (another instance's) took that place first.
    ///
    /// # Errors
    /// A database failure, or the conflict above.
    pub async fn add_chat(&self, id: &str, line: &ChatLine) -> Result<(), StoreError> {
        let mut sql =
            "INSERT INTO chat (game_id, seq, channel, color, sender, body, at_ms, moves) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
                .to_owned();
        if self.shared.is_some() {
            sql = format!(
                "WITH said AS ({sql} RETURNING game_id) \
                 SELECT count(pg_notify('{CHANNEL}', game_id || ':chat')) AS n FROM said"
            );
        }
        let query = sqlx::query(&sql)
            .bind(id)
            .bind(line.seq)
            .bind(line.channel.name())
            .bind(line.color.map(|c| c.name().to_owned()))
            .bind(&line.from)
            .bind(&line.text)
            .bind(line.at_ms)
            .bind(line.moves);
        match query.execute(&self.pool).await {
            Ok(_) => Ok(()),
            Err(sqlx::Error::Database(d)) if d.is_unique_violation() => Err(StoreError::Conflict),
            Err(e) => Err(e.into()),
        }
    }

    /// The chat lines of game `id` after `seq` (all of them from -1), in order.
    ///
    /// # Errors
    /// A database failure.
    pub async fn chat_after(&self, id: &str, seq: i64) -> Result<Vec<ChatLine>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, channel, color, sender, body, at_ms, moves FROM chat \
             WHERE game_id = $1 AND seq > $2 ORDER BY seq",
        )
        .bind(id)
        .bind(seq)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ChatLine {
                    seq: r.try_get("seq")?,
                    channel: Channel::parse(&r.try_get::<String, _>("channel")?),
                    color: r
                        .try_get::<Option<String>, _>("color")?
                        .and_then(|c| c.parse().ok()),
                    from: r.try_get("sender")?,
                    text: r.try_get("body")?,
                    at_ms: r.try_get("at_ms")?,
                    moves: r.try_get("moves")?,
                })
            })
            .collect()
    }
}
