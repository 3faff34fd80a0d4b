//! The rating update a rated game's end makes, in the transaction that stores the end, at
//! most once (see [`apply_rating`]).

use sqlx::Row;
use stonefield_rules::{ByColor, Color, Outcome};

use super::error::StoreError;
use super::time::now_ms;
use crate::accounts::ratings::{Rating, after_game};

pub(super) fn rating_of(r: &sqlx::any::AnyRow) -> Result<Rating, StoreError> {
    Ok(Rating {
        rating: r.try_get("rating")?,
        deviation: r.try_get("deviation")?,
        volatility: r.try_get("volatility")?,
        games: r.try_get("games")?,
    })
}

/// Applies a rated game's `result` to its players' ratings, inside the transaction that
/// stores its end: the game is marked applied by an update that only a game not yet
/// applied passes, so that the rating moves once however many instances store the end.
/// The two accounts' rows are locked (in name order, so that two games cannot wait on
/// each other) before they are read.
pub(super) async fn apply_rating(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: &str,
    result: &str,
) -> Result<(), StoreError> {
    let marked = sqlx::query(
        "UPDATE games SET rated_applied = 1 WHERE id = $1 AND rated = 1 AND rated_applied = 0 \
         AND black_account IS NOT NULL AND white_account IS NOT NULL",
    )
    .bind(id)
    .execute(&mut **tx)
    .await?;
    if marked.rows_affected() != 1 {
        return Ok(());
    }
    let Ok(outcome) = result.parse::<Outcome>() else {
        tracing::warn!(game = %id, "a rated game's result cannot be read: no rating applied");
        return Ok(());
    };
    let game = sqlx::query("SELECT variant, black_account, white_account FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&mut **tx)
        .await?;
    let variant: String = game.try_get("variant")?;
    let accounts = ByColor::<String> {
        black: game.try_get("black_account")?,
        white: game.try_get("white_account")?,
    };
    let mut order = [Color::Black, Color::White];
    order.sort_by(|a, b| accounts[*a].cmp(&accounts[*b]));
    let start = Rating::default();
    let mut before = ByColor::<Rating>::default();
    for c in order {
        sqlx::query(
            "INSERT INTO ratings (account, variant, rating, deviation, volatility, games) \
             VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT DO NOTHING",
        )
        .bind(&accounts[c])
        .bind(&variant)
        .bind(start.rating)
        .bind(start.deviation)
        .bind(start.volatility)
        .execute(&mut **tx)
        .await?;
        // A no-op update takes the row's lock on PostgreSQL (SQLite has one writer).
        sqlx::query("UPDATE ratings SET games = games WHERE account = $1 AND variant = $2")
            .bind(&accounts[c])
            .bind(&variant)
            .execute(&mut **tx)
            .await?;
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, games FROM ratings \
             WHERE account = $1 AND variant = $2",
        )
        .bind(&accounts[c])
        .bind(&variant)
        .fetch_one(&mut **tx)
        .await?;
        before[c] = rating_of(&row)?;
    }
    let after = after_game(before, outcome);
    let now = now_ms();
    for c in Color::ALL {
        let r = after[c];
        sqlx::query(
            "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, games = $4 \
             WHERE account = $5 AND variant = $6",
        )
        .bind(r.rating)
        .bind(r.deviation)
        .bind(r.volatility)
        .bind(r.games)
        .bind(&accounts[c])
        .bind(&variant)
        .execute(&mut **tx)
        .await?;
        sqlx::query(
            "INSERT INTO rating_history (account, game_id, variant, at_ms, rating, deviation) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&accounts[c])
        .bind(id)
        .bind(&variant)
        .bind(now)
        .bind(r.rating)
        .bind(r.deviation)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
