//! Accounts, their sessions and ratings: creating an account, checking a session (expiry
//! and idle timeout), changing a password (every other session revoked), reading ratings,
//! their history and an account's results (the update itself is in `rated`).

use std::collections::HashMap;

use sqlx::Row;
use stonefield_rules::{ByColor, Color, Outcome};

use super::connection::Store;
use super::error::StoreError;
use super::rated::rating_of;
use super::schema::ROWS_AT_ONCE;
use super::time::now_ms;
use crate::accounts::ratings::Rating;

/// A session's life: 30 days from sign-in, and 7 days without a request.
pub const SESSION_MS: i64 = 30 * 86_400_000;
/// How long a session lasts without a request.
pub const IDLE_MS: i64 = 7 * 86_400_000;
/// A session's last request is written at most this often.
const TOUCH_EVERY_MS: i64 = 60_000;

/// A point of an account's rating history.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryPoint {
    /// The variant.
    pub variant: String,
    /// When the game ended, ms since the epoch.
    pub at_ms: i64,
    /// The rating after it.
    pub rating: f64,
    /// The game.
    pub game: String,
}

/// A finished game of an account, as its wins and losses are counted.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// Whether the account won, lost (or `None`: a draw or an unreadable result).
    pub won: Option<bool>,
}

impl Store {
    /// Stores a new account; false when the name is taken (whatever its case).
    ///
    /// # Errors
    /// A database failure.
    pub async fn create_account(&self, name: &str, phc: &str) -> Result<bool, StoreError> {
        let r = sqlx::query(
            "INSERT INTO accounts (name, name_key, password, created_ms) VALUES ($1, $2, $3, $4) \
             ON CONFLICT DO NOTHING",
        )
        .bind(name)
        .bind(name.to_lowercase())
        .bind(phc)
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        Ok(r.rows_affected() == 1)
    }

    /// The account called `name` (whatever its case): its name as written and its
    /// password's PHC string.
    ///
    /// # Errors
    /// A database failure.
    pub async fn account(&self, name: &str) -> Result<Option<(String, String)>, StoreError> {
        let row = sqlx::query("SELECT name, password FROM accounts WHERE name_key = $1")
            .bind(name.to_lowercase())
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| Ok((r.try_get("name")?, r.try_get("password")?)))
            .transpose()
    }

    /// Starts a session of `account` whose cookie hashes to `id`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn create_session(&self, id: &str, account: &str) -> Result<(), StoreError> {
        let mut conn = self.pool.acquire().await?;
        insert_session(&mut conn, id, account, now_ms()).await?;
        Ok(())
    }

    /// The account of the session `id` if it is neither expired nor idle too long; its
    /// last request is noted.
    ///
    /// # Errors
    /// A database failure.
    pub async fn session(&self, id: &str) -> Result<Option<String>, StoreError> {
        let now = now_ms();
        let Some(row) =
            sqlx::query("SELECT account, expires_ms, seen_ms FROM sessions WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?
        else {
            return Ok(None);
        };
        let expires: i64 = row.try_get("expires_ms")?;
        let seen: i64 = row.try_get("seen_ms")?;
        if now >= expires || now - seen >= IDLE_MS {
            self.delete_session(id).await?;
            return Ok(None);
        }
        if now - seen >= TOUCH_EVERY_MS {
            sqlx::query("UPDATE sessions SET seen_ms = $1 WHERE id = $2")
                .bind(now)
                .bind(id)
                .execute(&self.pool)
                .await?;
        }
        Ok(Some(row.try_get("account")?))
    }

    /// Ends the session `id`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn delete_session(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Deletes the sessions past their expiry or idle too long; returns how many.
    ///
    /// # Errors
    /// A database failure.
    pub async fn expire_sessions(&self) -> Result<u64, StoreError> {
        let now = now_ms();
        let r = sqlx::query("DELETE FROM sessions WHERE expires_ms <= $1 OR seen_ms <= $2")
            .bind(now)
            .bind(now - IDLE_MS)
            .execute(&self.pool)
            .await?;
        Ok(r.rows_affected())
    }

    /// Replaces `account`'s password with `phc`, ends every session of it and starts the
    /// session `new_session` instead, in one transaction.
    ///
    /// # Errors
    /// A database failure.
    pub async fn change_password(
        &self,
        account: &str,
        phc: &str,
        new_session: &str,
    ) -> Result<(), StoreError> {
        let now = now_ms();
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE accounts SET password = $1 WHERE name = $2")
            .bind(phc)
            .bind(account)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sessions WHERE account = $1")
            .bind(account)
            .execute(&mut *tx)
            .await?;
        insert_session(&mut tx, new_session, account, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// `account`'s ratings, per variant it has played rated games of.
    ///
    /// # Errors
    /// A database failure.
    pub async fn ratings(&self, account: &str) -> Result<Vec<(String, Rating)>, StoreError> {
        let rows = sqlx::query(
            "SELECT variant, rating, deviation, volatility, games FROM ratings \
             WHERE account = $1 ORDER BY variant",
        )
        .bind(account)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("variant")?, rating_of(r)?)))
            .collect()
    }

    /// The ratings in `variant` of the seats' accounts (an account that never played a
    /// rated game of it has the starting rating; a seat without one has none).
    ///
    /// # Errors
    /// A database failure.
    pub async fn seat_ratings(
        &self,
        accounts: &ByColor<Option<String>>,
        variant: &str,
    ) -> Result<ByColor<Option<f64>>, StoreError> {
        let mut out = ByColor::<Option<f64>>::default();
        for c in Color::ALL {
            let Some(account) = &accounts[c] else {
                continue;
            };
            let row = sqlx::query("SELECT rating FROM ratings WHERE account = $1 AND variant = $2")
                .bind(account)
                .bind(variant)
                .fetch_optional(&self.pool)
                .await?;
            out[c] = Some(match row {
                Some(r) => r.try_get("rating")?,
                None => Rating::default().rating,
            });
        }
        Ok(out)
    }

    /// The ratings of `accounts` in every variant they played rated, by (account, variant).
    ///
    /// # Errors
    /// A database failure.
    pub async fn ratings_of(
        &self,
        accounts: &[String],
    ) -> Result<HashMap<(String, String), f64>, StoreError> {
        let mut out = HashMap::new();
        for chunk in accounts.chunks(ROWS_AT_ONCE) {
            let places: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
            let sql = format!(
                "SELECT account, variant, rating FROM ratings WHERE account IN ({})",
                places.join(", ")
            );
            let mut q = sqlx::query(&sql);
            for a in chunk {
                q = q.bind(a);
            }
            for r in q.fetch_all(&self.pool).await? {
                out.insert(
                    (r.try_get("account")?, r.try_get("variant")?),
                    r.try_get("rating")?,
                );
            }
        }
        Ok(out)
    }

    /// `account`'s rating history, oldest first.
    ///
    /// # Errors
    /// A database failure.
    pub async fn rating_history(&self, account: &str) -> Result<Vec<HistoryPoint>, StoreError> {
        let rows = sqlx::query(
            "SELECT variant, at_ms, rating, game_id FROM rating_history WHERE account = $1 \
             ORDER BY at_ms, game_id",
        )
        .bind(account)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(HistoryPoint {
                    variant: r.try_get("variant")?,
                    at_ms: r.try_get("at_ms")?,
                    rating: r.try_get("rating")?,
                    game: r.try_get("game_id")?,
                })
            })
            .collect()
    }

    /// Every finished game of `account`, won or lost.
    ///
    /// # Errors
    /// A database failure.
    pub async fn results_of(&self, account: &str) -> Result<Vec<Played>, StoreError> {
        let rows = sqlx::query(
            "SELECT result, black_account FROM games WHERE status = $1 \
             AND (black_account = $2 OR white_account = $2)",
        )
        .bind("finished")
        .bind(account)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let result: Option<String> = r.try_get("result")?;
                let black: Option<String> = r.try_get("black_account")?;
                let color = if black.as_deref() == Some(account) {
                    Color::Black
                } else {
                    Color::White
                };
                let winner = result
                    .and_then(|r| r.parse::<Outcome>().ok())
                    .and_then(Outcome::winner);
                Ok(Played {
                    won: winner.map(|w| w == color),
                })
            })
            .collect()
    }
}

/// Stores the session `id` (its hash) of `account`, made at `now`, on `conn` (a pooled
/// connection or a transaction's).
async fn insert_session(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    account: &str,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO sessions (id, account, created_ms, expires_ms, seen_ms) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(id)
    .bind(account)
    .bind(now)
    .bind(now + SESSION_MS)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
