//! Times when no instance was alive, so that clocks do not count them. On a shared
//! (PostgreSQL) store every instance says every [`HEARTBEAT`] that it is alive; one that
//! starts when none has for [`STALE`] records the outage since the last that did. A
//! game's running turn, reopened later, is not charged for an outage (on SQLite the one
//! instance restarts the turn's count instead). While any instance lives, time counts:
//! the game could be played there.

use std::sync::Arc;
use std::time::Duration;

use crate::game::rooms::Rooms;
use crate::ids;
use crate::store::{Store, StoreError, now_ms};

/// How often an instance says it is alive.
pub const HEARTBEAT: Duration = Duration::from_secs(1);

/// Instances not heard of for this long are forgotten (ms).
const DAY_MS: i64 = 86_400_000;

/// How long without a heartbeat from any instance makes an outage.
pub const STALE: Duration = Duration::from_secs(3);

/// Records the outage this instance ends, if any, gives `rooms` every outage recorded,
/// and keeps saying that this instance is alive (nothing to do on SQLite).
///
/// # Errors
/// The store failed.
pub async fn start(rooms: &Arc<Rooms>) -> Result<(), StoreError> {
    let store = rooms.store();
    if store.shared_url().is_none() {
        return Ok(());
    }
    let stale = i64::try_from(STALE.as_millis()).unwrap_or(i64::MAX);
    let now = now_ms();
    if let Some((from, to)) = store.end_outage(now, stale).await? {
        tracing::info!(
            from,
            to,
            "no instance was alive; clocks do not count that time"
        );
    }
    store.forget_instances(now.saturating_sub(DAY_MS)).await?;
    // Any name unique among the instances; the process id and the time if the system's
    // random source fails.
    let id = ids::game_id().unwrap_or_else(|_| format!("{}-{}", std::process::id(), now_ms()));
    store.heartbeat(&id, now_ms()).await?;
    // Only an instance starting with none alive records an outage: this one's list stays
    // right for as long as it beats.
    rooms.set_outages(store.outages().await?);
    tokio::spawn(beat(store.clone(), id));
    Ok(())
}

async fn beat(store: Store, id: String) {
    let mut every = tokio::time::interval(HEARTBEAT);
    loop {
        every.tick().await;
        if let Err(e) = store.heartbeat(&id, now_ms()).await {
            tracing::warn!("the heartbeat failed: {e}");
        }
    }
}
