//! What can go wrong with the store.

use super::event::UnknownKind;
use crate::game::seats::UnknownSeats;

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
    /// A stored computer's seat that is not a colour and a level from 1 to 10.
    #[error("stored data unreadable: computer seat {0}")]
    Computer(serde_json::Value),
    /// A stored event of a kind this version does not know.
    #[error("stored data unreadable: {0}")]
    Kind(#[from] UnknownKind),
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
