//! The store itself: a pool on either database, its writers, and the SQLite housekeeping.

use std::path::Path;
use std::sync::Arc;

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Connection};
use tokio::sync::{Mutex, mpsc};

use super::error::StoreError;
use super::writer::{Append, MAX_BATCH, supervise_writer};

/// A pool on either database.
#[derive(Debug, Clone)]
pub struct Store {
    pub(super) pool: AnyPool,
    pub(super) appends: mpsc::Sender<Append>,
    /// The URL of a PostgreSQL store, which other instances may share: appends announce
    /// themselves on [`CHANNEL`](super::CHANNEL). `None` on SQLite (one instance).
    pub(super) shared: Option<Arc<str>>,
}

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
        super::schema::migrate(&store.pool).await?;
        if sqlite {
            let conn = sqlx::AnyConnection::connect(url).await?;
            tokio::spawn(checkpoints(conn));
        }
        Ok(store)
    }

    /// The URL of a store other instances may share (PostgreSQL), whose events are
    /// announced on [`CHANNEL`](super::CHANNEL); `None` on SQLite.
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
