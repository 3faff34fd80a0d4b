//! Where games live: one SQL code path (sqlx's `Any` driver, `$n` placeholders, portable
//! types) for SQLite and PostgreSQL, with ordered migrations run at start. Moves from all
//! games go through writers that commit together those that arrive together (group
//! commit); each is still acknowledged only once it is committed.
//!
//! ```no_run
//! # async fn demo() -> Result<(), stonefield_server::store::StoreError> {
//! use stonefield_server::store::Store;
//! let store = Store::connect("postgres://postgres@127.0.0.1:5432/test").await?;
//! let open_games = store.list("open", 20).await?;
//! # Ok(()) }
//! ```

use std::path::Path;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::Value;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Connection, Row};
use tokio::sync::{Mutex, mpsc, oneshot};

use crate::computer::ComputerSeat;
use crate::ids;
use crate::seats::{Seats, UnknownSeats};
use stonefield_rules::{ByColor, Color};

/// A store failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or failed.
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// A stored JSON column could not be read.
    #[error("stored data unreadable: {0}")]
    Data(#[from] serde_json::Error),
    /// A stored seat policy could not be read.
    #[error("stored data unreadable: {0}")]
    Seats(#[from] UnknownSeats),
    /// The data directory could not be made.
    #[error("data directory: {0}")]
    Io(#[from] std::io::Error),
    /// The event was not committed because the store's writer stopped (the runtime is
    /// shutting down, or the writer failed and was restarted).
    #[error("the store is closed")]
    Closed,
    /// A batch of events failed together (the database could not be reached).
    #[error("database: {0}")]
    Failed(String),
    /// Another instance stored an event at this sequence number first: the event is not
    /// stored, and the game has moved on.
    #[error("another event was stored first at this place in the game")]
    Conflict,
}

/// The PostgreSQL channel on which every instance announces the events it stored
/// (`game_id:seq`), the seats it gave (`game_id:claim`) and the open games it deleted
/// (`game_id:expired`).
pub const CHANNEL: &str = "stonefield";

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
];

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
    /// The time control as JSON.
    pub time_control: Value,
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
    pub clock: Option<Value>,
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

impl GameRow {
    /// The hash of the seat token of `color`.
    pub fn token(&self, color: Color) -> &str {
        match color {
            Color::Black => &self.black_token,
            Color::White => &self.white_token,
        }
    }
}

/// One stored event of a game: a move (`move`), a step of counting (`mark`, `resume`,
/// `accept`), an undo request and its answer (`undo_request`, `undo_decline`, `undo`:
/// the events from `body.from` on are taken back), or a flag fall (`timeout`). The log
/// only grows, so that every instance serving the game reads the same sequence.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// 0-based position in the game's log.
    pub seq: i64,
    /// `move`, `mark`, `resume`, `accept`, `undo_request`, `undo_decline`, `undo` or
    /// `timeout`.
    pub kind: String,
    /// The record move, or the marked point.
    pub body: Value,
}

/// The events of a log that stand: those an `undo` took back are left out, and so are
/// the undos.
pub fn effective(log: &[Event]) -> Vec<Event> {
    let mut kept: Vec<Event> = Vec::with_capacity(log.len());
    for e in log {
        if e.kind == "undo" {
            let from = e.body.get("from").and_then(Value::as_i64).unwrap_or(e.seq);
            kept.retain(|k| k.seq < from);
        } else {
            kept.push(e.clone());
        }
    }
    kept
}

/// A pool on either database.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    appends: mpsc::Sender<Append>,
    /// The URL of a PostgreSQL store, which other instances may share: appends announce
    /// themselves on [`CHANNEL`]. `None` on SQLite (one instance).
    shared: Option<Arc<str>>,
}

/// An event waiting for the writer, with who to tell once it is committed.
#[derive(Debug)]
struct Append {
    game_id: String,
    seq: i64,
    kind: String,
    body: String,
    clock: Option<String>,
    /// A new status and result, saved in the same transaction.
    status: Option<(String, Option<String>)>,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// The most events one commit takes; 6 parameters each stays far below every database's
/// limit on parameters per statement.
const MAX_BATCH: usize = 256;

/// Runs a writer, and runs it again should it ever panic (the appends of the batch it held
/// are then reported as failed, never as stored); returns when the queue closes.
async fn supervise_writer(
    pool: AnyPool,
    queue: Arc<Mutex<mpsc::Receiver<Append>>>,
    announce: bool,
) {
    loop {
        match tokio::spawn(writer(pool.clone(), Arc::clone(&queue), announce)).await {
            Err(e) if e.is_panic() => tracing::error!("store writer panicked; restarting: {e}"),
            _ => return,
        }
    }
}

/// Commits the appends that queue up while the previous commit runs, all in one statement
/// (one transaction when a status changes too). Writers sharing a queue take turns at it:
/// one gathers a batch while others wait for their commits (on PostgreSQL, for the disk).
async fn writer(pool: AnyPool, queue: Arc<Mutex<mpsc::Receiver<Append>>>, announce: bool) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    loop {
        if queue.lock().await.recv_many(&mut batch, MAX_BATCH).await == 0 {
            return;
        }
        let failure = match write_batch(&pool, &batch, announce).await {
            Ok(()) => {
                for a in batch.drain(..) {
                    let _ = a.done.send(Ok(()));
                }
                continue;
            }
            Err(e) => e,
        };
        tracing::warn!("a batch of {} events failed: {failure}", batch.len());
        // The database refused something in the batch (a seq stored already): each event
        // is tried on its own, so that only the bad one fails. Any other failure (the
        // database out of reach) fails them all at once rather than one timeout each.
        let refused = matches!(&failure, StoreError::Db(sqlx::Error::Database(_)));
        let message = failure.to_string();
        for a in batch.drain(..) {
            let result = if refused {
                write_batch(&pool, std::slice::from_ref(&a), announce)
                    .await
                    .map_err(conflict)
            } else {
                Err(StoreError::Failed(message.clone()))
            };
            let _ = a.done.send(result);
        }
    }
}

/// A refusal of the (game, seq) key is a lost race, told apart from other failures.
fn conflict(e: StoreError) -> StoreError {
    match e {
        StoreError::Db(sqlx::Error::Database(d)) if d.is_unique_violation() => StoreError::Conflict,
        other => other,
    }
}

/// Inserts a batch of events in one statement. When `announce`, the same statement
/// notifies [`CHANNEL`] of each (`game_id:seq`): PostgreSQL delivers the notices when
/// the transaction commits, and never if it does not.
async fn write_batch(pool: &AnyPool, batch: &[Append], announce: bool) -> Result<(), StoreError> {
    let rows: Vec<String> = (0..batch.len())
        .map(|i| {
            let n = 6 * i;
            format!(
                "(${}, ${}, ${}, ${}, ${}, ${})",
                n + 1,
                n + 2,
                n + 3,
                n + 4,
                n + 5,
                n + 6
            )
        })
        .collect();
    let mut sql = format!(
        "INSERT INTO events (game_id, seq, kind, body, clock, at_ms) VALUES {}",
        rows.join(", ")
    );
    if announce {
        sql = format!(
            "WITH stored AS ({sql} RETURNING game_id, seq) \
             SELECT count(pg_notify('{CHANNEL}', game_id || ':' || seq)) AS n FROM stored"
        );
    }
    let mut insert = sqlx::query(&sql);
    let now = now_ms();
    for a in batch {
        insert = insert
            .bind(a.game_id.clone())
            .bind(a.seq)
            .bind(a.kind.clone())
            .bind(a.body.clone())
            .bind(a.clock.clone())
            .bind(now);
    }
    if batch.iter().all(|a| a.status.is_none()) {
        // One statement is atomic on its own: no transaction needed.
        insert.execute(pool).await?;
        return Ok(());
    }
    let mut tx = pool.begin().await?;
    insert.execute(&mut *tx).await?;
    for a in batch {
        if let Some((status, result)) = &a.status {
            Store::update_status(
                &mut tx,
                &a.game_id,
                a.clock.as_deref(),
                status,
                result.as_deref(),
            )
            .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Copies the SQLite write-ahead log into the database every half second, on a
/// connection of its own (a PASSIVE checkpoint never blocks the writer), so that the
/// writer's own automatic checkpoints, which a move waits for, find little left to copy.
async fn checkpoints(mut conn: sqlx::AnyConnection) {
    let mut tick = tokio::time::interval(std::time::Duration::from_millis(500));
    loop {
        tick.tick().await;
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&mut conn)
            .await
        {
            tracing::warn!("WAL checkpoint failed: {e}");
        }
    }
}

/// The default SQLite URL for a data directory (the directory is created if missing).
///
/// # Errors
/// The directory cannot be created.
pub fn sqlite_url(data_dir: &Path) -> Result<String, StoreError> {
    std::fs::create_dir_all(data_dir)?;
    Ok(format!(
        "sqlite://{}?mode=rwc",
        data_dir.join("stonefield.db").display()
    ))
}

/// A stored token or invite as a hash. The migration hashed every plain one; one written
/// since by an instance of an older version sharing the database (upgrade them together)
/// is hashed as it is read, so that it still seats its holder.
fn hashed(stored: String) -> String {
    if ids::is_token_hash(&stored) {
        stored
    } else {
        ids::token_hash(&stored)
    }
}

/// Rows read or deleted per statement by the long walks over the games (hashing their
/// tokens, expiring them): small enough that each statement is short.
const ROWS_AT_ONCE: usize = 500;

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

fn row_to_game(r: &sqlx::any::AnyRow) -> Result<GameRow, StoreError> {
    let json = |s: String| serde_json::from_str::<Value>(&s);
    Ok(GameRow {
        id: r.try_get("id")?,
        variant: r.try_get("variant")?,
        rules: json(r.try_get("rules")?)?,
        setup: r
            .try_get::<Option<String>, _>("setup")?
            .map(json)
            .transpose()?,
        time_control: json(r.try_get("time_control")?)?,
        black_token: hashed(r.try_get("black_token")?),
        white_token: hashed(r.try_get("white_token")?),
        creator: r.try_get("creator")?,
        claimed: r.try_get::<i64, _>("claimed")? != 0,
        status: r.try_get("status")?,
        result: r.try_get("result")?,
        clock: r
            .try_get::<Option<String>, _>("clock")?
            .map(json)
            .transpose()?,
        created_ms: r.try_get("created_ms")?,
        computer: r
            .try_get::<Option<String>, _>("computer")?
            .map(|s| json(s).map(|v| ComputerSeat::from_json(&v)))
            .transpose()?
            .flatten(),
        hints: r.try_get::<i64, _>("hints")? != 0,
        seats: r.try_get::<String, _>("seats")?.parse()?,
        invite: r.try_get::<Option<String>, _>("invite")?.map(hashed),
        names: ByColor {
            black: r.try_get("black_name")?,
            white: r.try_get("white_name")?,
        },
    })
}

const GAME_COLUMNS: &str = "id, variant, rules, setup, time_control, black_token, white_token, \
    creator, claimed, status, result, clock, created_ms, computer, hints, seats, invite, \
    black_name, white_name";

impl Store {
    /// Connects to `url` (`sqlite://...` or `postgres://...`) and runs the migrations.
    ///
    /// # Errors
    /// The database cannot be reached or migrated.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let connections: u32 = if sqlite { 1 } else { 8 };
        let pool = AnyPoolOptions::new()
            .max_connections(connections)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        // WAL + NORMAL: a commit survives a killed process; fast enough
                        // for one write per move.
                        sqlx::query("PRAGMA journal_mode=WAL")
                            .execute(&mut *conn)
                            .await?;
                        sqlx::query("PRAGMA synchronous=NORMAL")
                            .execute(&mut *conn)
                            .await?;
                        sqlx::query("PRAGMA busy_timeout=5000")
                            .execute(&mut *conn)
                            .await?;
                    }
                    Ok(())
                })
            })
            .connect(url)
            .await?;
        let (appends, queue) = mpsc::channel(4 * MAX_BATCH);
        let queue = Arc::new(Mutex::new(queue));
        // SQLite has one connection; PostgreSQL commits on one while the next batch is
        // written on another, and leaves the rest of the pool to reads.
        for _ in 0..connections.div_ceil(2) {
            tokio::spawn(supervise_writer(pool.clone(), Arc::clone(&queue), !sqlite));
        }
        let shared = (!sqlite).then(|| Arc::from(url));
        let store = Store {
            pool,
            appends,
            shared,
        };
        store.migrate().await?;
        if sqlite {
            let conn = sqlx::AnyConnection::connect(url).await?;
            tokio::spawn(checkpoints(conn));
        }
        Ok(store)
    }

    /// The URL of a store other instances may share (PostgreSQL), whose events are
    /// announced on [`CHANNEL`]; `None` on SQLite.
    pub fn shared_url(&self) -> Option<&str> {
        self.shared.as_deref()
    }

    /// Whether the database answers (one trivial query).
    ///
    /// # Errors
    /// The database cannot be reached.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

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

    async fn migrate(&self) -> Result<(), StoreError> {
        sqlx::query(
            "CREATE TABLE IF NOT EXISTS stonefield_migrations (version BIGINT PRIMARY KEY)",
        )
        .execute(&self.pool)
        .await?;
        for (i, step) in MIGRATIONS.iter().enumerate() {
            let version = i64::try_from(i).unwrap_or(i64::MAX) + 1;
            let mut tx = self.pool.begin().await?;
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

    /// Stores a new game.
    ///
    /// # Errors
    /// A database failure (or a duplicate id).
    pub async fn create_game(&self, g: &GameRow) -> Result<(), StoreError> {
        let now = now_ms();
        sqlx::query(
            "INSERT INTO games (id, variant, rules, setup, time_control, black_token, white_token, \
             creator, claimed, status, result, clock, created_ms, updated_ms, computer, hints, \
             seats, invite, black_name, white_name) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
             $18, $19, $20)",
        )
        .bind(&g.id)
        .bind(&g.variant)
        .bind(g.rules.to_string())
        .bind(g.setup.as_ref().map(Value::to_string))
        .bind(g.time_control.to_string())
        .bind(&g.black_token)
        .bind(&g.white_token)
        .bind(&g.creator)
        .bind(i64::from(g.claimed))
        .bind(&g.status)
        .bind(g.result.clone())
        .bind(g.clock.as_ref().map(Value::to_string))
        .bind(g.created_ms)
        .bind(now)
        .bind(g.computer.map(|c| c.to_json().to_string()))
        .bind(i64::from(g.hints))
        .bind(g.seats.name())
        .bind(g.invite.clone())
        .bind(g.names.black.clone())
        .bind(g.names.white.clone())
        .execute(&self.pool)
        .await?;
        Ok(())
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
                kind: r.try_get("kind")?,
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
    ) -> Result<Vec<(Event, Option<Value>)>, StoreError> {
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
                kind: r.try_get("kind")?,
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
            let sql = format!(
                "DELETE FROM events WHERE game_id IN ({})",
                places.join(", ")
            );
            let mut delete = sqlx::query(&sql);
            for id in &ids {
                delete = delete.bind(id);
            }
            delete.execute(&mut *tx).await?;
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
        clock: Option<&Value>,
        status: Option<(&str, Option<&str>)>,
    ) -> Result<(), StoreError> {
        let (done, committed) = oneshot::channel();
        let append = Append {
            game_id: id.to_owned(),
            seq: event.seq,
            kind: event.kind.clone(),
            body: event.body.to_string(),
            clock: clock.map(Value::to_string),
            status: status.map(|(s, r)| (s.to_owned(), r.map(str::to_owned))),
            done,
        };
        self.appends
            .send(append)
            .await
            .map_err(|_| StoreError::Closed)?;
        committed.await.map_err(|_| StoreError::Closed)?
    }

    async fn update_status(
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        id: &str,
        clock: Option<&str>,
        status: &str,
        result: Option<&str>,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE games SET clock = $1, status = $2, result = $3, updated_ms = $4 WHERE id = $5",
        )
        .bind(clock.map(str::to_owned))
        .bind(status)
        .bind(result.map(str::to_owned))
        .bind(now_ms())
        .bind(id)
        .execute(&mut **tx)
        .await?;
        Ok(())
    }

    /// Deletes the events from `seq` on (an accepted undo) and saves clocks and status.
    ///
    /// # Errors
    /// A database failure.
    pub async fn truncate(
        &self,
        id: &str,
        seq: i64,
        clock: Option<&Value>,
        status: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM events WHERE game_id = $1 AND seq >= $2")
            .bind(id)
            .bind(seq)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE events SET clock = $1 WHERE game_id = $2 AND seq = $3")
            .bind(clock.map(Value::to_string))
            .bind(id)
            .bind(seq - 1)
            .execute(&mut *tx)
            .await?;
        let clock = clock.map(Value::to_string);
        Self::update_status(&mut tx, id, clock.as_deref(), status, None).await?;
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
        clock: Option<&Value>,
        status: &str,
        result: Option<&str>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let clock = clock.map(Value::to_string);
        Self::update_status(&mut tx, id, clock.as_deref(), status, result).await?;
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
        let seat = color.name();
        let mut sql = format!(
            "UPDATE games SET claimed = 1, status = $1, updated_ms = $2, {seat}_token = $3, \
             {seat}_name = $4 WHERE id = $5 AND claimed = 0"
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
        let no_clock = serde_json::to_string(&crate::clock::TimeControl::None)?;
        // Where an undo's take-back starts (its body's `from`), as each database reads JSON
        // text; a move counts unless a later undo took it back (as `effective` reads the log).
        let undo_from = if self.shared.is_some() {
            "(u.body::json->>'from')::bigint"
        } else {
            "json_extract(u.body, '$.from')"
        };
        let q = format!(
            "SELECT {GAME_COLUMNS}, updated_ms, \
             (SELECT COUNT(*) FROM events e WHERE e.game_id = games.id AND e.kind = $1 \
                AND NOT EXISTS (SELECT 1 FROM events u WHERE u.game_id = e.game_id \
                    AND u.kind = 'undo' AND u.seq > e.seq \
                    AND COALESCE({undo_from}, u.seq) <= e.seq)) \
                AS move_count, \
             (SELECT MAX(e.at_ms) FROM events e WHERE e.game_id = games.id) AS last_event_ms \
             FROM games WHERE status = $2 AND seats = $3 \
             AND (time_control <> $4 OR updated_ms >= $5 OR EXISTS \
                (SELECT 1 FROM events e WHERE e.game_id = games.id AND e.at_ms >= $5)) \
             ORDER BY updated_ms DESC LIMIT $6"
        );
        let rows = sqlx::query(&q)
            .bind("move")
            .bind(status)
            .bind(Seats::Open.name())
            .bind(no_clock)
            .bind(cutoff)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                let updated: i64 = r.try_get("updated_ms")?;
                let last: Option<i64> = r.try_get("last_event_ms")?;
                Ok(Listed {
                    game: row_to_game(r)?,
                    moves: r.try_get("move_count")?,
                    active_ms: last.map_or(updated, |l| l.max(updated)),
                })
            })
            .collect()
    }
}
