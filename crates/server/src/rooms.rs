//! The running rooms by game id: a room is started when a game is created, resumed at
//! server start for every unfinished game, and opened on demand for finished ones.

use std::collections::HashMap;

use tokio::sync::Mutex;

use crate::computer::ThinkPool;
use crate::room::{self, RoomError, RoomHandle};
use crate::store::Store;

/// Every running room.
#[derive(Debug)]
pub struct Rooms {
    store: Store,
    map: Mutex<HashMap<String, RoomHandle>>,
    /// Where the computers of every room think.
    pool: ThinkPool,
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
        let Some((row, events)) = self.store.load(id).await? else {
            return Ok(None);
        };
        let handle = room::start(self.store.clone(), row, events, self.pool.clone())?;
        map.insert(id.to_owned(), handle.clone());
        Ok(Some(handle))
    }

    /// How many rooms are running.
    pub async fn running(&self) -> usize {
        let mut map = self.map.lock().await;
        map.retain(|_, h| !h.is_closed());
        map.len()
    }

    /// Starts the room of every unfinished game; returns how many. A game that cannot be
    /// rebuilt is logged and skipped.
    ///
    /// # Errors
    /// The store failed.
    pub async fn resume_all(&self) -> Result<usize, RoomError> {
        let ids = self.store.unfinished().await?;
        let mut n = 0;
        for id in ids {
            match self.get(&id).await {
                Ok(Some(_)) => n += 1,
                Ok(None) => {}
                Err(e) => tracing::error!(game = %id, "cannot resume: {e}"),
            }
        }
        Ok(n)
    }
}
