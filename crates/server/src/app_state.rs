//! What every HTTP and WebSocket handler shares: the rooms (and through them the store),
//! the pool for heavy work, and the limits.

use std::sync::Arc;
use std::time::Duration;

use crate::accounts::Accounts;
use crate::error::AppError;
use crate::game::rooms::Rooms;
use crate::http::gate::Limits;
use crate::http::heavy_pool::HeavyPool;
use crate::http::review_jobs::Reviews;
use crate::ids;
use crate::socket::quota::Quotas;
use crate::store::{Event, GameRow};

/// What every handler shares.
#[derive(Debug, Clone)]
pub struct AppState {
    /// The running rooms (and through them, the store).
    pub rooms: Arc<Rooms>,
    /// Where replays and SGF decoding run, off the async workers.
    pub heavy: HeavyPool,
    /// Connection and request limits.
    pub limits: Limits,
    /// How long a game without a clock stays in the lobby's `live` list with no move.
    pub idle_after: Duration,
    /// What each WebSocket may cost, per connection, per address and in total.
    pub quotas: Arc<Quotas>,
    /// The sign-in throttles and cookie settings.
    pub accounts: Arc<Accounts>,
    /// The computer's reviews being made.
    pub reviews: Arc<Reviews>,
}

impl AppState {
    /// The game `id` as its room holds it: its row and the events that stand.
    ///
    /// # Errors
    /// Not a game id, no such game, or a store failure.
    pub async fn snapshot(&self, id: &str) -> Result<(GameRow, Vec<Event>), AppError> {
        if !ids::is_game_id(id) {
            return Err(AppError::NotFound);
        }
        // A finished game's room may stop between finding it and asking it: open it again.
        for _ in 0..3 {
            let room = self.rooms.get(id).await?.ok_or(AppError::NotFound)?;
            if let Some(snapshot) = room.snapshot().await {
                return Ok(snapshot);
            }
        }
        Err(AppError::Internal("the game's room keeps stopping".into()))
    }
}
