//! The running rooms by game id. A room opens on demand, when someone first asks for its
//! game (so start-up reads no game, however many are stored), and a finished game's room
//! closes when its last viewer leaves. Open games nobody joined expire. On a shared store
//! the instance's listener ([`crate::cluster::notices`]) pokes the rooms open here about events
//! other instances stored.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Mutex, watch};

use crate::game::computer::ThinkPool;
use crate::game::room::{self, Poke, RoomError, RoomHandle};
use crate::metrics::Metrics;
use crate::store::{Store, now_ms};

/// Every running room.
#[derive(Debug)]
pub struct Rooms {
    store: Store,
    map: Mutex<HashMap<String, RoomHandle>>,
    /// Where the computers of every room think.
    pool: ThinkPool,
    /// The instance's numbers, which the rooms keep up to date.
    metrics: Arc<Metrics>,
    /// Set when the server stops: every WebSocket closes with "server restarting".
    draining: watch::Sender<bool>,
    /// When no instance was alive (ms, from and to): no clock counts that time.
    outages: std::sync::OnceLock<Vec<(i64, i64)>>,
}

impl Rooms {
    /// No rooms yet; computers think on half the cores ([`ThinkPool::for_cores`]).
    pub fn new(store: Store) -> Rooms {
        Rooms::with_pool(store, ThinkPool::for_cores())
    }

    /// No rooms yet; computers think on `pool`.
    pub fn with_pool(store: Store, pool: ThinkPool) -> Rooms {
        Rooms {
            store,
            map: Mutex::new(HashMap::new()),
            pool,
            metrics: Arc::default(),
            draining: watch::Sender::new(false),
            outages: std::sync::OnceLock::new(),
        }
    }

    /// The times no instance was alive (see [`crate::cluster::outages`]), set once at start.
    pub fn set_outages(&self, outages: Vec<(i64, i64)>) {
        let _ = self.outages.set(outages);
    }

    /// Changes to `true` when the server stops (what each WebSocket watches).
    pub fn draining(&self) -> watch::Receiver<bool> {
        self.draining.subscribe()
    }

    /// Closes every WebSocket, each once the moves it sent are committed and answered,
    /// and waits for them to be gone, at most `patience`.
    pub async fn drain(&self, patience: Duration, metrics: &Metrics) {
        self.draining.send_replace(true);
        let deadline = tokio::time::Instant::now() + patience;
        let open = || {
            metrics
                .connections
                .load(std::sync::atomic::Ordering::Relaxed)
        };
        while open() > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if open() > 0 {
            tracing::warn!("{} connections still open after the drain", open());
        }
    }

    /// The instance's numbers.
    pub fn metrics(&self) -> &Arc<Metrics> {
        &self.metrics
    }

    /// Tells the room of game `id`, if one is open here, what the listener heard.
    pub async fn poke(&self, id: &str, poke: Poke) {
        if let Some(room) = self.map.lock().await.get(id) {
            room.poke(poke);
        }
    }

    /// Forgets the room of game `id`, deleted by another instance: the next to ask for
    /// the game is told it is gone.
    pub async fn forget(&self, id: &str) {
        self.map.lock().await.remove(id);
    }

    /// Tells every open room to read what it may have missed.
    pub async fn poke_all(&self, poke: Poke) {
        for room in self.map.lock().await.values() {
            room.poke(poke);
        }
    }

    /// Where the computers think (analysis searches too).
    pub fn pool(&self) -> &ThinkPool {
        &self.pool
    }

    /// The store the rooms write to.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The room of game `id`, started from the store if needed; `None` if no such game.
    ///
    /// # Errors
    /// The store failed or the game cannot be rebuilt.
    pub async fn get(&self, id: &str) -> Result<Option<RoomHandle>, RoomError> {
        // Held across the load so that one game never gets two rooms.
        let mut map = self.map.lock().await;
        if let Some(h) = map.get(id).filter(|h| !h.is_closed()) {
            return Ok(Some(h.clone()));
        }
        let Some((row, events)) = self.store.load_log(id).await? else {
            return Ok(None);
        };
        let outages = self.outages.get().map_or(&[][..], Vec::as_slice);
        let handle = room::start(
            self.store.clone(),
            row,
            events,
            self.pool.clone(),
            Arc::clone(&self.metrics),
            outages,
        )?;
        map.insert(id.to_owned(), handle.clone());
        Ok(Some(handle))
    }

    /// How many rooms are running.
    pub async fn running(&self) -> usize {
        let mut map = self.map.lock().await;
        map.retain(|_, h| !h.is_closed());
        map.len()
    }

    /// Deletes the open games nobody joined in `idle` (and stops their rooms); returns how
    /// many. They go [`EXPIRED_AT_ONCE`] to a transaction, and between two the other rooms'
    /// moves are stored: however many have expired, no game waits on them. A player still on
    /// the page of such a game is told on their next action that it is gone.
    ///
    /// # Errors
    /// The store failed (the games deleted until then stay deleted).
    pub async fn expire_open(&self, idle: Duration) -> Result<usize, RoomError> {
        let idle_ms = i64::try_from(idle.as_millis()).unwrap_or(i64::MAX);
        let before = now_ms().saturating_sub(idle_ms);
        let mut expired = 0;
        loop {
            let ids = self.store.expire_open(before, EXPIRED_AT_ONCE).await?;
            expired += ids.len();
            let mut map = self.map.lock().await;
            for id in &ids {
                map.remove(id);
            }
            drop(map);
            if ids.len() < EXPIRED_AT_ONCE {
                return Ok(expired);
            }
            // The store's connections go to whoever waits for them (fairly) before the next batch.
            tokio::task::yield_now().await;
        }
    }
}

/// Open games deleted per transaction by [`Rooms::expire_open`].
pub const EXPIRED_AT_ONCE: usize = 500;
