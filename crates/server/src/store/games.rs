//! One game's row and log: creating it, reading it, appending its events, seating its
//! second player, naming its players.

use serde_json::Value;
use sqlx::Row;
use stonefield_rules::Color;
use tokio::sync::oneshot;

use super::connection::Store;
use super::error::StoreError;
use super::event::{Event, effective};
use super::rows::{GAME_COLUMNS, GameRow, clock_text, row_to_game};
use super::time::now_ms;
use super::writer::{Append, CHANNEL, update_status};
use crate::game::clock::Clock;

impl Store {
    /// Stores a new game.
    ///
    /// # Errors
    /// A database failure (or a duplicate id).
    pub async fn create_game(&self, g: &GameRow) -> Result<(), StoreError> {
        let mut conn = self.pool.acquire().await?;
        insert_game(&mut conn, g).await
    }

    /// The game `id` and the events that stand, in order (see [`effective`]), if it
    /// exists.
    ///
    /// # Errors
    /// A database failure or unreadable stored data.
    pub async fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<Event>)>, StoreError> {
        let game = self.load_log(id).await?;
        Ok(game.map(|(row, log)| (row, effective(&log))))
    }

    /// The game `id` and its whole log of events in order, undos and what they took back
    /// included, if it exists.
    ///
    /// # Errors
    /// A database failure or unreadable stored data.
    pub async fn load_log(&self, id: &str) -> Result<Option<(GameRow, Vec<Event>)>, StoreError> {
        let q = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
        let Some(row) = sqlx::query(&q).bind(id).fetch_optional(&self.pool).await? else {
            return Ok(None);
        };
        let mut game = row_to_game(&row)?;
        let rows = sqlx::query(
            "SELECT seq, kind, body, clock FROM events WHERE game_id = $1 ORDER BY seq",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let mut events = Vec::with_capacity(rows.len());
        // The clocks saved with the last event are the newest.
        if let Some(last) = rows.last()
            && let Some(clock) = last.try_get::<Option<String>, _>("clock")?
        {
            game.clock = Some(serde_json::from_str(&clock)?);
        }
        for r in rows {
            events.push(Event {
                seq: r.try_get("seq")?,
                kind: r.try_get::<String, _>("kind")?.parse()?,
                body: serde_json::from_str(&r.try_get::<String, _>("body")?)?,
            });
        }
        Ok(Some((game, events)))
    }

    /// The game `id` without its events, if it exists.
    ///
    /// # Errors
    /// A database failure or unreadable stored data.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let q = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
        let row = sqlx::query(&q).bind(id).fetch_optional(&self.pool).await?;
        row.as_ref().map(row_to_game).transpose()
    }

    /// The events of game `id` after `seq`, in order, each with the clocks saved with it
    /// (what another instance stored since this one last looked).
    ///
    /// # Errors
    /// A database failure or unreadable stored data.
    pub async fn events_after(
        &self,
        id: &str,
        seq: i64,
    ) -> Result<Vec<(Event, Option<Clock>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, kind, body, clock FROM events WHERE game_id = $1 AND seq > $2 \
             ORDER BY seq",
        )
        .bind(id)
        .bind(seq)
        .fetch_all(&self.pool)
        .await?;
        let mut events = Vec::with_capacity(rows.len());
        for r in rows {
            let event = Event {
                seq: r.try_get("seq")?,
                kind: r.try_get::<String, _>("kind")?.parse()?,
                body: serde_json::from_str(&r.try_get::<String, _>("body")?)?,
            };
            let clock = r
                .try_get::<Option<String>, _>("clock")?
                .map(|c| serde_json::from_str(&c))
                .transpose()?;
            events.push((event, clock));
        }
        Ok(events)
    }

    /// Appends an event with the clocks after it; returns once it is committed. A new
    /// `status` (and result) is saved in the same transaction. Appends from many games are
    /// committed together when they arrive together.
    ///
    /// # Errors
    /// A database failure (the event is then not stored).
    pub async fn append(
        &self,
        id: &str,
        event: &Event,
        clock: Option<&Clock>,
        status: Option<(&str, Option<&str>)>,
    ) -> Result<(), StoreError> {
        let (done, committed) = oneshot::channel();
        let append = Append {
            game_id: id.to_owned(),
            seq: event.seq,
            kind: event.kind.name().to_owned(),
            body: event.body.to_string(),
            clock: clock.map(clock_text).transpose()?,
            status: status.map(|(s, r)| (s.to_owned(), r.map(str::to_owned))),
            done,
        };
        self.appends
            .send(append)
            .await
            .map_err(|_| StoreError::Closed)?;
        committed.await.map_err(|_| StoreError::Closed)?
    }
    /// Deletes the events from `seq` on (an accepted undo) and saves clocks and status.
    ///
    /// # Errors
    /// A database failure.
    pub async fn truncate(
        &self,
        id: &str,
        seq: i64,
        clock: Option<&Clock>,
        status: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM events WHERE game_id = $1 AND seq >= $2")
            .bind(id)
            .bind(seq)
            .execute(&mut *tx)
            .await?;
        let clock = clock.map(clock_text).transpose()?;
        sqlx::query("UPDATE events SET clock = $1 WHERE game_id = $2 AND seq = $3")
            .bind(clock.clone())
            .bind(id)
            .bind(seq - 1)
            .execute(&mut *tx)
            .await?;
        update_status(&mut tx, id, clock.as_deref(), status, None).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Saves clocks, status and result without a new event (a flag fall, a seat taken).
    ///
    /// # Errors
    /// A database failure.
    pub async fn set_status(
        &self,
        id: &str,
        clock: Option<&Clock>,
        status: &str,
        result: Option<&str>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let clock = clock.map(clock_text).transpose()?;
        update_status(&mut tx, id, clock.as_deref(), status, result).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Marks the second seat (`color`) of an open game taken, with `token` as its new seat
    /// token; false if it already was taken.
    ///
    /// # Errors
    /// A database failure.
    pub async fn claim(&self, id: &str, color: Color, token: &str) -> Result<bool, StoreError> {
        self.claim_named(id, color, token, None).await
    }

    /// [`Store::claim`], storing the taker's `name` (`None`: anonymous) with the seat.
    ///
    /// # Errors
    /// A database failure.
    pub async fn claim_named(
        &self,
        id: &str,
        color: Color,
        token: &str,
        name: Option<&str>,
    ) -> Result<bool, StoreError> {
        self.claim_as(id, color, token, name, None).await
    }

    /// [`Store::claim_named`] by the signed-in `account` (`None`: without one), which the
    /// seat is then tied to.
    ///
    /// # Errors
    /// A database failure.
    pub async fn claim_as(
        &self,
        id: &str,
        color: Color,
        token: &str,
        name: Option<&str>,
        account: Option<&str>,
    ) -> Result<bool, StoreError> {
        let seat = color.name();
        let mut sql = format!(
            "UPDATE games SET claimed = 1, status = $1, updated_ms = $2, {seat}_token = $3, \
             {seat}_name = $4, {seat}_account = $5 WHERE id = $6 AND claimed = 0"
        );
        if self.shared.is_some() {
            // The other instances hear of the seat when it is committed.
            sql = format!(
                "WITH taken AS ({sql} RETURNING id) \
                 SELECT count(pg_notify('{CHANNEL}', id || ':claim')) AS n FROM taken"
            );
            let n: i64 = sqlx::query_scalar(&sql)
                .bind("live")
                .bind(now_ms())
                .bind(token)
                .bind(name.map(str::to_owned))
                .bind(account.map(str::to_owned))
                .bind(id)
                .fetch_one(&self.pool)
                .await?;
            return Ok(n == 1);
        }
        let r = sqlx::query(&sql)
            .bind("live")
            .bind(now_ms())
            .bind(token)
            .bind(name.map(str::to_owned))
            .bind(account.map(str::to_owned))
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(r.rows_affected() == 1)
    }

    /// Stores `name` as the name of the player of `color` in game `id`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn set_name(&self, id: &str, color: Color, name: &str) -> Result<(), StoreError> {
        let mut sql = format!("UPDATE games SET {}_name = $1 WHERE id = $2", color.name());
        if self.shared.is_some() {
            // The other instances' rooms re-read the seats, names included, as after a claim.
            sql = format!(
                "WITH named AS ({sql} RETURNING id) \
                 SELECT count(pg_notify('{CHANNEL}', id || ':claim')) AS n FROM named"
            );
            sqlx::query_scalar::<_, i64>(&sql)
                .bind(name)
                .bind(id)
                .fetch_one(&self.pool)
                .await?;
            return Ok(());
        }
        sqlx::query(&sql)
            .bind(name)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

/// Stores a new game on `conn` (a transaction's, for a rematch).
pub(super) async fn insert_game(
    conn: &mut sqlx::AnyConnection,
    g: &GameRow,
) -> Result<(), StoreError> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO games (id, variant, rules, setup, time_control, black_token, white_token, \
             creator, claimed, status, result, clock, created_ms, updated_ms, computer, hints, \
             seats, invite, black_name, white_name, black_account, white_account, rated) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
             $18, $19, $20, $21, $22, $23)",
    )
    .bind(&g.id)
    .bind(&g.variant)
    .bind(g.rules.to_string())
    .bind(g.setup.as_ref().map(Value::to_string))
    .bind(serde_json::to_string(&g.time_control)?)
    .bind(&g.black_token)
    .bind(&g.white_token)
    .bind(&g.creator)
    .bind(i64::from(g.claimed))
    .bind(&g.status)
    .bind(g.result.clone())
    .bind(g.clock.as_ref().map(clock_text).transpose()?)
    .bind(g.created_ms)
    .bind(now)
    .bind(g.computer.map(|c| c.to_json().to_string()))
    .bind(i64::from(g.hints))
    .bind(g.seats.name())
    .bind(g.invite.clone())
    .bind(g.names.black.clone())
    .bind(g.names.white.clone())
    .bind(g.accounts.black.clone())
    .bind(g.accounts.white.clone())
    .bind(i64::from(g.rated))
    .execute(&mut *conn)
    .await?;
    Ok(())
}
