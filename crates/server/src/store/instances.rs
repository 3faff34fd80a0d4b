//! The instances serving a shared store: their heartbeats, and the outages when none was
//! alive (no clock counts that time).

use super::connection::Store;
use super::error::StoreError;

impl Store {
    /// Records that the instance `id` is alive at `now` (ms).
    ///
    /// # Errors
    /// The database failed.
    pub async fn heartbeat(&self, id: &str, now: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO instances (id, seen_ms) VALUES ($1, $2) \
             ON CONFLICT (id) DO UPDATE SET seen_ms = excluded.seen_ms",
        )
        .bind(id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// For an instance starting at `now`: when no instance has said it was alive within
    /// `stale_ms`, the outage from the last time one did until `now` is recorded (once,
    /// however many instances start together) and returned.
    ///
    /// # Errors
    /// The database failed.
    pub async fn end_outage(
        &self,
        now: i64,
        stale_ms: i64,
    ) -> Result<Option<(i64, i64)>, StoreError> {
        let last: Option<i64> = sqlx::query_scalar("SELECT MAX(seen_ms) FROM instances")
            .fetch_one(&self.pool)
            .await?;
        let Some(last) = last.filter(|&last| now.saturating_sub(last) > stale_ms) else {
            return Ok(None);
        };
        sqlx::query(
            "INSERT INTO outages (from_ms, to_ms) VALUES ($1, $2) ON CONFLICT (from_ms) DO NOTHING",
        )
        .bind(last)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(Some((last, now)))
    }

    /// Forgets the instances not heard of since `before` (ms): one row per start would
    /// otherwise pile up.
    ///
    /// # Errors
    /// The database failed.
    pub async fn forget_instances(&self, before: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM instances WHERE seen_ms < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Every recorded outage, as (from, to) in ms.
    ///
    /// # Errors
    /// The database failed.
    pub async fn outages(&self) -> Result<Vec<(i64, i64)>, StoreError> {
        let rows: Vec<(i64, i64)> =
            sqlx::query_as("SELECT from_ms, to_ms FROM outages ORDER BY from_ms")
                .fetch_all(&self.pool)
                .await?;
        Ok(rows)
    }
}
