//! The instance's one `LISTEN` connection on a shared (PostgreSQL) store. Every instance
//! announces the events it stores on [`CHANNEL`] (`game_id:seq`, sent by the database when
//! the commit is made), the seats it gives (`game_id:claim`), the chat lines and rematch
//! changes it stores (`game_id:chat`, `game_id:rematch`) and the open games it deletes
//! (`game_id:expired`); this task hears them all and pokes the rooms open on this
//! instance, which read what is new from the events table, or forgets their rooms. When
//! the connection drops, notices are lost: once it is back, every room is told to read
//! what it missed.

use std::sync::{Arc, Weak};
use std::time::Duration;

use sqlx::Executor;
use sqlx::postgres::PgListener;

use crate::game::room::Poke;
use crate::game::rooms::Rooms;
use crate::store::{CHANNEL, StoreError};

/// Starts listening for `rooms` if their store is shared (nothing to do on SQLite);
/// returns once notices are heard, so no room opened after it misses one.
///
/// # Errors
/// The listening connection cannot be opened.
pub async fn listen(rooms: &Arc<Rooms>) -> Result<(), StoreError> {
    let Some(url) = rooms.store().shared_url() else {
        return Ok(());
    };
    let mut listener = PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    tokio::spawn(dispatch(listener, Arc::downgrade(rooms)));
    Ok(())
}

/// Reads notices until the rooms are gone.
async fn dispatch(mut listener: PgListener, rooms: Weak<Rooms>) {
    loop {
        let notice = listener.try_recv().await;
        let Some(rooms) = rooms.upgrade() else {
            return;
        };
        match notice {
            Ok(Some(n)) => match parse(n.payload()) {
                Some(Notice::Room(id, poke)) => rooms.poke(id, poke).await,
                Some(Notice::Expired(id)) => rooms.forget(id).await,
                None => tracing::warn!(payload = n.payload(), "a notice not understood"),
            },
            Ok(None) => {
                tracing::warn!("the listening connection dropped; rooms read what they missed");
                // Listening again first: what is stored between the rooms' reading and a
                // later reconnection would be missed.
                if let Err(e) = listener.execute("SELECT 1").await {
                    tracing::warn!("listening again failed: {e}");
                }
                rooms.poke_all(Poke::Resync).await;
            }
            Err(e) => {
                tracing::warn!("listening failed: {e}; trying again");
                // Reconnection failed (the database is out of reach): try again shortly.
                tokio::time::sleep(Duration::from_secs(1)).await;
                rooms.poke_all(Poke::Resync).await;
            }
        }
    }
}

/// What a notice says of a game.
#[derive(Debug, PartialEq)]
enum Notice<'a> {
    /// News for the game's room, if one is open here.
    Room(&'a str, Poke),
    /// The game was deleted (an open game nobody joined in time).
    Expired(&'a str),
}

/// `game_id:seq`, `game_id:claim`, `game_id:chat`, `game_id:rematch` or `game_id:expired`.
fn parse(payload: &str) -> Option<Notice<'_>> {
    let (id, what) = payload.rsplit_once(':')?;
    let poke = match what {
        "expired" => return Some(Notice::Expired(id)),
        "claim" => Poke::Claimed,
        "chat" => Poke::Chat,
        "rematch" => Poke::Rematch,
        seq => Poke::Stored(seq.parse().ok()?),
    };
    Some(Notice::Room(id, poke))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_name_a_game_and_what_changed() {
        assert_eq!(parse("abc:12"), Some(Notice::Room("abc", Poke::Stored(12))));
        assert_eq!(parse("abc:claim"), Some(Notice::Room("abc", Poke::Claimed)));
        assert_eq!(parse("abc:expired"), Some(Notice::Expired("abc")));
        assert_eq!(parse("abc:chat"), Some(Notice::Room("abc", Poke::Chat)));
        assert_eq!(
            parse("abc:rematch"),
            Some(Notice::Room("abc", Poke::Rematch))
        );
        assert_eq!(parse("abc"), None);
        assert_eq!(parse("abc:x"), None);
    }
}
