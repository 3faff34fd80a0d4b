//! The room with connections of its own making (no socket): what it sends them.

use std::sync::Arc;

use serde_json::json;

use super::{Command, RoomHandle};
use crate::game::rooms::Rooms;
use crate::game::seats::Seats;
use crate::socket::outbox::{self, Bounds, Drain, Outbox};
use crate::socket::protocol::ClientMessage;
use crate::store::{Store, sqlite_url};
use crate::{NewGame, new_game};

/// A private 9x9 game's room, over a fresh SQLite file: (room, invite, the file's dir).
async fn room() -> (RoomHandle, String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::connect(&sqlite_url(dir.path()).unwrap())
        .await
        .unwrap();
    let rooms = Rooms::new(store);
    let req = NewGame {
        seats: Seats::Private,
        ..NewGame::new("classic", json!({"board_size": 9}))
    };
    let game = new_game(&rooms, req).await.unwrap();
    let room = rooms.get(&game.id).await.unwrap().unwrap();
    (room, game.invite.unwrap(), dir)
}

fn connection() -> (Outbox, Drain) {
    outbox::channel(Bounds::for_one(1 << 20))
}

async fn next(drain: &mut Drain) -> Arc<str> {
    Arc::clone(drain.recv().await.unwrap().text())
}

#[tokio::test]
async fn a_state_is_written_once_and_shared_by_every_connection() {
    let (room, invite, _dir) = room().await;
    let (out, mut a) = connection();
    let first = room.join(None, out).await.unwrap();
    let (out, mut b) = connection();
    room.join(None, out).await.unwrap();
    let (sa, sb) = (next(&mut a).await, next(&mut b).await);
    assert!(sa.contains(r#""type":"state""#), "{sa}");
    assert!(
        Arc::ptr_eq(&sa, &sb),
        "each connection has a copy of the state"
    );
    // Asked for again with no change: the same text.
    let sync = ClientMessage::Sync;
    room.send(Command::Client {
        conn: first,
        msg: sync,
    })
    .await;
    assert!(Arc::ptr_eq(&next(&mut a).await, &sa));
    // A change is a new state, shared too.
    room.claim(Some(invite)).await.unwrap();
    let (la, lb) = (next(&mut a).await, next(&mut b).await);
    assert!(
        !Arc::ptr_eq(&la, &sa) && la.contains(r#""status":"live""#),
        "{la}"
    );
    assert!(Arc::ptr_eq(&la, &lb));
    room.send(Command::Client {
        conn: first,
        msg: ClientMessage::Sync,
    })
    .await;
    assert_eq!(next(&mut a).await, la, "the state as it is now");
}
