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

mod accounts;
mod chat;
mod connection;
mod error;
mod event;
mod games;
mod instances;
mod lobby;
mod rated;
mod rematch;
mod reviews;
mod rows;
mod schema;
mod time;
mod writer;

pub use accounts::{HistoryPoint, IDLE_MS, Played, SESSION_MS};
pub use chat::{Channel, ChatLine};
pub use connection::{Store, sqlite_url};
pub use error::StoreError;
pub use event::{Event, EventKind, UnknownKind, effective, point_value};
pub use rematch::Rematch;
pub use rows::{GameRow, Listed};
pub use time::now_ms;
pub use writer::CHANNEL;
