//! The tables and their migrations, in order, run once each at start inside a transaction;
//! one step (hashing stored tokens) needs code.

use sqlx::{AnyPool, Row};

use super::error::StoreError;
use super::rows::hashed;
use crate::ids;

/// One migration: SQL statements, or a step that needs code.
#[derive(Debug)]
enum Step {
    /// Statements separated by `;`, the same on both databases.
    Sql(&'static str),
    /// Seat tokens and invites stored in plain text are replaced by their hashes
    /// ([`crate::ids::token_hash`]): SQLite has no SHA-256 of its own.
    HashTokens,
}

/// Migrations in order; each runs once, inside a transaction, on both databases.
const MIGRATIONS: &[Step] = &[
    Step::Sql(
        "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        variant TEXT NOT NULL,
        rules TEXT NOT NULL,
        setup TEXT,
        time_control TEXT NOT NULL,
        black_token TEXT NOT NULL,
        white_token TEXT NOT NULL,
        creator TEXT NOT NULL,
        claimed BIGINT NOT NULL,
        status TEXT NOT NULL,
        result TEXT,
        clock TEXT,
        created_ms BIGINT NOT NULL,
        updated_ms BIGINT NOT NULL
    );
    CREATE TABLE events (
        game_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        kind TEXT NOT NULL,
        body TEXT NOT NULL,
        clock TEXT,
        PRIMARY KEY (game_id, seq)
    );
    CREATE INDEX games_status ON games (status, updated_ms)",
    ),
    // The seat the computer holds, as `{"color", "level"}`; null in games between people.
    Step::Sql("ALTER TABLE games ADD COLUMN computer TEXT"),
    // Whether players may ask for hints (always in games against the computer).
    Step::Sql("ALTER TABLE games ADD COLUMN hints BIGINT NOT NULL DEFAULT 0"),
    // Who may take the second seat, and the invite that takes it (a secret of its own).
    // Games stored before had invite links carrying the second seat's token itself: that
    // token becomes their invite, so those links still seat the friend once, and they are
    // private, since their creators sent a link to someone.
    Step::Sql(
        "ALTER TABLE games ADD COLUMN seats TEXT NOT NULL DEFAULT 'private';
    ALTER TABLE games ADD COLUMN invite TEXT;
    UPDATE games SET invite = CASE WHEN creator = 'black' THEN white_token ELSE black_token END
        WHERE computer IS NULL",
    ),
    // Players' names (null: anonymous), and when each event was stored, so that the lobby
    // can tell an idle game (events stored before have none: their game's own time counts).
    Step::Sql(
        "ALTER TABLE games ADD COLUMN black_name TEXT;
    ALTER TABLE games ADD COLUMN white_name TEXT;
    ALTER TABLE events ADD COLUMN at_ms BIGINT",
    ),
    // On a shared store: when each instance last said it was alive, and the times when
    // none was (whose clocks count nobody's time).
    Step::Sql(
        "CREATE TABLE instances (id TEXT PRIMARY KEY, seen_ms BIGINT NOT NULL);
    CREATE TABLE outages (from_ms BIGINT PRIMARY KEY, to_ms BIGINT NOT NULL)",
    ),
    // Seat tokens and invites are stored as their hashes from here on.
    Step::HashTokens,
    // Accounts (a name unique whatever its case, an Argon2id PHC string), their sessions
    // (the SHA-256 of the cookie), Glicko-2 ratings per variant and their history; games
    // tied to accounts, rated or not, and whether their rating was applied (once).
    Step::Sql(
        "CREATE TABLE accounts (
        name TEXT PRIMARY KEY,
        name_key TEXT NOT NULL UNIQUE,
        password TEXT NOT NULL,
        created_ms BIGINT NOT NULL
    );
    CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        account TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        expires_ms BIGINT NOT NULL,
        seen_ms BIGINT NOT NULL
    );
    CREATE INDEX sessions_account ON sessions (account);
    CREATE TABLE ratings (
        account TEXT NOT NULL,
        variant TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        PRIMARY KEY (account, variant)
    );
    CREATE TABLE rating_history (
        account TEXT NOT NULL,
        game_id TEXT NOT NULL,
        variant TEXT NOT NULL,
        at_ms BIGINT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (account, game_id)
    );
    ALTER TABLE games ADD COLUMN black_account TEXT;
    ALTER TABLE games ADD COLUMN white_account TEXT;
    ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN rated_applied BIGINT NOT NULL DEFAULT 0;
    CREATE INDEX games_black_account ON games (black_account, updated_ms);
    CREATE INDEX games_white_account ON games (white_account, updated_ms)",
    ),
    // The computer's review of a finished game, made once (`/api/games/{id}/review`).
    Step::Sql(
        "CREATE TABLE reviews (game_id TEXT PRIMARY KEY, body TEXT NOT NULL, created_ms BIGINT NOT NULL)",
    ),
    // Each game's chat, both channels, numbered per game (`seq`) so that rooms on every
    // instance read the lines they have not seen.
    Step::Sql(
        "CREATE TABLE chat (
        game_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        channel TEXT NOT NULL,
        color TEXT,
        sender TEXT NOT NULL,
        body TEXT NOT NULL,
        at_ms BIGINT NOT NULL,
        moves BIGINT NOT NULL,
        PRIMARY KEY (game_id, seq)
    )",
    ),
    // A finished game's rematch: the colour offering it, then the game it became.
    Step::Sql(
        "ALTER TABLE games ADD COLUMN rematch_offer TEXT;
    ALTER TABLE games ADD COLUMN rematch TEXT",
    ),
];

/// Rows read or deleted per statement by the long walks over the games (hashing their
/// tokens, expiring them): small enough that each statement is short.
pub(super) const ROWS_AT_ONCE: usize = 500;

/// [`Step::HashTokens`]: replaces every plain seat token and invite with its hash, the
/// games read [`ROWS_AT_ONCE`] at a time, inside the migration's transaction (all of them
/// or none).
async fn hash_tokens(tx: &mut sqlx::Transaction<'_, sqlx::Any>) -> Result<(), StoreError> {
    let mut after = String::new();
    loop {
        let rows = sqlx::query(
            "SELECT id, black_token, white_token, invite FROM games WHERE id > $1 \
             ORDER BY id LIMIT $2",
        )
        .bind(&after)
        .bind(ROWS_AT_ONCE as i64)
        .fetch_all(&mut **tx)
        .await?;
        for r in &rows {
            let id: String = r.try_get("id")?;
            let black: String = r.try_get("black_token")?;
            let white: String = r.try_get("white_token")?;
            let invite: Option<String> = r.try_get("invite")?;
            let plain = |t: &str| !ids::is_token_hash(t);
            if !(plain(&black) || plain(&white) || invite.as_deref().is_some_and(plain)) {
                continue;
            }
            sqlx::query(
                "UPDATE games SET black_token = $1, white_token = $2, invite = $3 WHERE id = $4",
            )
            .bind(hashed(black))
            .bind(hashed(white))
            .bind(invite.map(hashed))
            .bind(&id)
            .execute(&mut **tx)
            .await?;
        }
        if rows.len() < ROWS_AT_ONCE {
            return Ok(());
        }
        if let Some(last) = rows.last() {
            after = last.try_get("id")?;
        }
    }
}

/// Runs the migrations not yet run, each in a transaction of its own.
pub(super) async fn migrate(pool: &AnyPool) -> Result<(), StoreError> {
    sqlx::query("CREATE TABLE IF NOT EXISTS stonefield_migrations (version BIGINT PRIMARY KEY)")
        .execute(pool)
        .await?;
    for (i, step) in MIGRATIONS.iter().enumerate() {
        let version = i64::try_from(i).unwrap_or(i64::MAX) + 1;
        let mut tx = pool.begin().await?;
        let done = sqlx::query("SELECT version FROM stonefield_migrations WHERE version = $1")
            .bind(version)
            .fetch_optional(&mut *tx)
            .await?;
        if done.is_some() {
            continue;
        }
        match step {
            Step::Sql(sql) => {
                for stmt in sql.split(';').map(str::trim).filter(|s| !s.is_empty()) {
                    sqlx::query(stmt).execute(&mut *tx).await?;
                }
            }
            Step::HashTokens => hash_tokens(&mut tx).await?,
        }
        sqlx::query("INSERT INTO stonefield_migrations (version) VALUES ($1)")
            .bind(version)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
    }
    Ok(())
}
