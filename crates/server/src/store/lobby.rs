//! Many games at once: the lists of the lobby, the unfinished games, the expiry of open
//! games nobody joined.

use sqlx::Row;

use super::connection::Store;
use super::error::StoreError;
use super::event::EventKind;
use super::rows::{GAME_COLUMNS, GameRow, Listed, row_to_game};
use super::writer::CHANNEL;
use crate::game::clock::TimeControl;
use crate::game::seats::Seats;

impl Store {
    /// Games with `status`, most recently active first.
    ///
    /// # Errors
    /// A database failure or unreadable stored data.
    pub async fn list(&self, status: &str, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        let q = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = $1 ORDER BY updated_ms DESC LIMIT $2"
        );
        let rows = sqlx::query(&q)
            .bind(status)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(row_to_game).collect()
    }

    /// The lobby: open games whose seat anyone may take, most recently active first
    /// (private games are never listed there).
    ///
    /// # Errors
    /// A database failure or unreadable stored data.
    pub async fn lobby(&self, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        let q = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = $1 AND seats = $2 \
             ORDER BY updated_ms DESC LIMIT $3"
        );
        let rows = sqlx::query(&q)
            .bind("open")
            .bind(Seats::Open.name())
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(row_to_game).collect()
    }

    /// Deletes at most `limit` of the open games (nobody took the second seat) last changed
    /// at or before `updated_before_ms`, the oldest first, with their events; returns their
    /// ids (fewer than `limit`: none is left). The game rows go first, so a seat taken
    /// meanwhile keeps its game and its events. Each call is one short transaction of three
    /// statements: a caller with many to delete calls again, and other games' moves are
    /// stored in between.
    ///
    /// # Errors
    /// A database failure (then nothing of this batch is deleted).
    pub async fn expire_open(
        &self,
        updated_before_ms: i64,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let mut sql = "DELETE FROM games WHERE id IN (SELECT id FROM games \
             WHERE status = $1 AND claimed = 0 AND updated_ms <= $2 \
             ORDER BY updated_ms LIMIT $3) AND status = $1 AND claimed = 0 RETURNING id"
            .to_owned();
        if self.shared.is_some() {
            // The other instances forget their rooms of them once this is committed.
            sql = format!(
                "WITH gone AS ({sql}) \
                 SELECT id, pg_notify('{CHANNEL}', id || ':expired') AS n FROM gone"
            );
        }
        let rows = sqlx::query(&sql)
            .bind("open")
            .bind(updated_before_ms)
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .fetch_all(&mut *tx)
            .await?;
        let ids: Vec<String> = rows
            .iter()
            .map(|r| r.try_get("id"))
            .collect::<Result<_, _>>()?;
        if !ids.is_empty() {
            let places: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
            // Their chat (spectators may talk before anyone sits) goes with them.
            for table in ["events", "chat"] {
                let sql = format!(
                    "DELETE FROM {table} WHERE game_id IN ({})",
                    places.join(", ")
                );
                let mut delete = sqlx::query(&sql);
                for id in &ids {
                    delete = delete.bind(id);
                }
                delete.execute(&mut *tx).await?;
            }
        }
        tx.commit().await?;
        Ok(ids)
    }

    /// Ids of every game not finished.
    ///
    /// # Errors
    /// A database failure.
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games WHERE status <> $1")
            .bind("finished")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
    }

    /// The games of the lobby's lists with `status` whose seats are open (private games are
    /// never listed), most recently active first, with their move counts. With
    /// `idle_before_ms`, games without a clock where nothing happened since then are left
    /// out (a live game nobody plays any more).
    ///
    /// # Errors
    /// A database failure or unreadable stored data.
    pub async fn listed(
        &self,
        status: &str,
        limit: i64,
        idle_before_ms: Option<i64>,
    ) -> Result<Vec<Listed>, StoreError> {
        // Without a cutoff every game passes the idle test (no event is from before 0).
        let cutoff = idle_before_ms.unwrap_or(i64::MIN);
        let no_clock = serde_json::to_string(&TimeControl::None)?;
        let q = format!(
            "SELECT {} FROM games WHERE status = $2 AND seats = $3 \
             AND (time_control <> $4 OR updated_ms >= $5 OR EXISTS \
                (SELECT 1 FROM events e WHERE e.game_id = games.id AND e.at_ms >= $5)) \
             ORDER BY updated_ms DESC LIMIT $6",
            self.listed_columns()
        );
        let rows = sqlx::query(&q)
            .bind(EventKind::Move.name())
            .bind(status)
            .bind(Seats::Open.name())
            .bind(no_clock)
            .bind(cutoff)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(listed_of).collect()
    }

    /// The games tied to `account` (either seat), most recently active first, with their
    /// move counts, private ones included.
    ///
    /// # Errors
    /// A database failure or unreadable stored data.
    pub async fn games_of(&self, account: &str, limit: i64) -> Result<Vec<Listed>, StoreError> {
        let q = format!(
            "SELECT {} FROM games WHERE black_account = $2 OR white_account = $2 \
             ORDER BY updated_ms DESC LIMIT $3",
            self.listed_columns()
        );
        let rows = sqlx::query(&q)
            .bind(EventKind::Move.name())
            .bind(account)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(listed_of).collect()
    }

    /// The columns of a [`Listed`] game (`$1` is the move events' kind).
    fn listed_columns(&self) -> String {
        // Where an undo's take-back starts (its body's `from`), as each database reads JSON
        // text; a move counts unless a later undo took it back (as `effective` reads the log).
        let undo_from = if self.shared.is_some() {
            "(u.body::json->>'from')::bigint"
        } else {
            "json_extract(u.body, '$.from')"
        };
        format!(
            "{GAME_COLUMNS}, updated_ms, \
             (SELECT COUNT(*) FROM events e WHERE e.game_id = games.id AND e.kind = $1 \
                AND NOT EXISTS (SELECT 1 FROM events u WHERE u.game_id = e.game_id \
                    AND u.kind = 'undo' AND u.seq > e.seq \
                    AND COALESCE({undo_from}, u.seq) <= e.seq)) \
                AS move_count, \
             (SELECT MAX(e.at_ms) FROM events e WHERE e.game_id = games.id) AS last_event_ms"
        )
    }
}

/// A [`Listed`] game from a row of [`Store::listed_columns`].
fn listed_of(r: &sqlx::any::AnyRow) -> Result<Listed, StoreError> {
    let updated: i64 = r.try_get("updated_ms")?;
    let last: Option<i64> = r.try_get("last_event_ms")?;
    Ok(Listed {
        game: row_to_game(r)?,
        moves: r.try_get("move_count")?,
        active_ms: last.map_or(updated, |l| l.max(updated)),
    })
}
