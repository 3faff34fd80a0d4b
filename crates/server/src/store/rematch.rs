//! The rematch of a finished game, kept on its row: who offers it (`rematch_offer`) and the
//! game it became (`rematch`). Each change is guarded in SQL, so that however many
//! instances see both players offer at once, the new game is created once; on PostgreSQL
//! each is announced on [`CHANNEL`] as `game_id:rematch`.

use sqlx::Row;
use stonefield_rules::Color;

use super::connection::Store;
use super::error::StoreError;
use super::games::insert_game;
use super::rows::GameRow;
use super::writer::CHANNEL;

/// Where a game's rematch stands.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rematch {
    /// The player who offers it, until it is declined or accepted.
    pub offer: Option<Color>,
    /// The new game, once accepted.
    pub game: Option<String>,
}

impl Store {
    /// Where game `id`'s rematch stands.
    ///
    /// # Errors
    /// A database failure.
    pub async fn rematch(&self, id: &str) -> Result<Rematch, StoreError> {
        let row = sqlx::query("SELECT rematch_offer, rematch FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else {
            return Ok(Rematch::default());
        };
        Ok(Rematch {
            offer: row
                .try_get::<Option<String>, _>("rematch_offer")?
                .and_then(|c| c.parse().ok()),
            game: row.try_get("rematch")?,
        })
    }

    /// Records `by`'s offer unless an offer stands or the rematch exists; whether it was
    /// recorded.
    ///
    /// # Errors
    /// A database failure.
    pub async fn offer_rematch(&self, id: &str, by: Color) -> Result<bool, StoreError> {
        let sql = "UPDATE games SET rematch_offer = $1 \
             WHERE id = $2 AND rematch_offer IS NULL AND rematch IS NULL";
        self.guarded(sql, by.name(), id).await
    }

    /// Withdraws `by`'s offer (the opponent declined it); whether it stood.
    ///
    /// # Errors
    /// A database failure.
    pub async fn decline_rematch(&self, id: &str, by: Color) -> Result<bool, StoreError> {
        let sql = "UPDATE games SET rematch_offer = NULL \
             WHERE rematch_offer = $1 AND id = $2 AND rematch IS NULL";
        self.guarded(sql, by.name(), id).await
    }

    /// An update of game `id`'s rematch columns, announced when it changed a row.
    async fn guarded(&self, sql: &str, color: &str, id: &str) -> Result<bool, StoreError> {
        if self.shared.is_some() {
            let sql = format!(
                "WITH changed AS ({sql} RETURNING id) \
                 SELECT count(pg_notify('{CHANNEL}', id || ':rematch')) AS n FROM changed"
            );
            let n: i64 = sqlx::query_scalar(&sql)
                .bind(color)
                .bind(id)
                .fetch_one(&self.pool)
                .await?;
            return Ok(n == 1);
        }
        let r = sqlx::query(sql)
            .bind(color)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(r.rows_affected() == 1)
    }

    /// Stores `new` as game `old`'s rematch, in one transaction with the mark on `old`
    /// that only the first rematch sets: returns the rematch's id, `new`'s or, when
    /// another was made first, that one's (and `new` is not stored).
    ///
    /// # Errors
    /// A database failure.
    pub async fn create_rematch(&self, old: &str, new: &GameRow) -> Result<String, StoreError> {
        let mut tx = self.pool.begin().await?;
        let mut sql = "UPDATE games SET rematch = $1, rematch_offer = NULL \
             WHERE id = $2 AND rematch IS NULL"
            .to_owned();
        let marked = if self.shared.is_some() {
            sql = format!(
                "WITH changed AS ({sql} RETURNING id) \
                 SELECT count(pg_notify('{CHANNEL}', id || ':rematch')) AS n FROM changed"
            );
            let n: i64 = sqlx::query_scalar(&sql)
                .bind(&new.id)
                .bind(old)
                .fetch_one(&mut *tx)
                .await?;
            n == 1
        } else {
            let r = sqlx::query(&sql)
                .bind(&new.id)
                .bind(old)
                .execute(&mut *tx)
                .await?;
            r.rows_affected() == 1
        };
        if !marked {
            tx.rollback().await?;
            return self
                .rematch(old)
                .await?
                .game
                .ok_or_else(|| StoreError::Failed(format!("game {old} has no rematch")));
        }
        insert_game(&mut tx, new).await?;
        tx.commit().await?;
        Ok(new.id.clone())
    }
}
