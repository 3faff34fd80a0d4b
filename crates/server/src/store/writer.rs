//! The writers: every game's events go through a queue, and a writer commits together
//! the events that arrived together (group commit), announcing them to other instances on
//! PostgreSQL; each is acknowledged only once it is committed.

use std::sync::Arc;

use sqlx::AnyPool;
use tokio::sync::{Mutex, mpsc, oneshot};

use super::error::StoreError;
use super::time::now_ms;

/// The PostgreSQL channel on which every instance announces the events it stored
/// (`game_id:seq`), the seats it gave (`game_id:claim`) and the open games it deleted
/// (`game_id:expired`).
pub const CHANNEL: &str = "stonefield";

/// An event waiting for the writer, with who to tell once it is committed.
#[derive(Debug)]
pub(super) struct Append {
    pub(super) game_id: String,
    pub(super) seq: i64,
    pub(super) kind: String,
    pub(super) body: String,
    pub(super) clock: Option<String>,
    /// A new status and result, saved in the same transaction.
    pub(super) status: Option<(String, Option<String>)>,
    pub(super) done: oneshot::Sender<Result<(), StoreError>>,
}

/// The most events one commit takes; 6 parameters each stays far below every database's
/// limit on parameters per statement.
pub(super) const MAX_BATCH: usize = 256;

/// Runs a writer, and runs it again should it ever panic (the appends of the batch it held
/// are then reported as failed, never as stored); returns when the queue closes.
pub(super) async fn supervise_writer(
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
            update_status(
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

pub(super) async fn update_status(
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
    // A rated game's end moves its players' ratings with it, in this transaction.
    if status == "finished"
        && let Some(result) = result
    {
        super::rated::apply_rating(tx, id, result).await?;
    }
    Ok(())
}
