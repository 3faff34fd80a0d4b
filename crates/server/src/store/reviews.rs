//! The computer's reviews of finished games, kept with the game so that a review is made
//! once and every instance serves it.

use super::connection::Store;
use super::error::StoreError;

impl Store {
    /// Keeps the review (`body`, its JSON) of the finished game `id`; a review already
    /// kept stays (two instances may finish one together).
    ///
    /// # Errors
    /// The database failed.
    pub async fn save_review(&self, id: &str, body: &str, now: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO reviews (game_id, body, created_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(id)
        .bind(body)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The kept review of game `id`, as JSON text.
    ///
    /// # Errors
    /// The database failed.
    pub async fn load_review(&self, id: &str) -> Result<Option<String>, StoreError> {
        let body = sqlx::query_scalar("SELECT body FROM reviews WHERE game_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(body)
    }
}
