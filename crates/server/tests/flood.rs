//! Floods over a real socket, under the default bounds: a socket that does not read is cut
//! after a bounded backlog of bytes, states and previews asked too often are refused as
//! `too-often` (per connection and per address), and a socket flooding pings is closed;
//! all the while the players' moves are answered.

mod common;

use std::sync::atomic::Ordering;
use std::time::Duration;

use common::{Client, classic_game, server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use stonefield_server::NewGame;
use stonefield_server::seats::Seats;
use tokio_tungstenite::tungstenite::Message;

/// A live 9x9 game: (server, black, white, game id).
async fn live_game() -> (common::Server, Client, Client, String) {
    let s = server().await;
    let (id, b, w) = classic_game(&s.state).await;
    let mut black = Client::connect(s.addr, &id, Some(&b)).await;
    black.recv_type("state").await;
    let mut white = Client::join(s.addr, &id, &w).await;
    white.recv_type("state").await;
    black.recv_type("state").await;
    (s, black, white, id)
}

/// A spectator of game `id` that has had its first state.
async fn spectator(s: &common::Server, id: &str) -> Client {
    let mut c = Client::connect(s.addr, id, None).await;
    c.recv_type("state").await;
    c
}

/// Reads what `c` is sent until it has been silent for half a second: (answers of type
/// `ty`, `too-often` refusals).
async fn tally(c: &mut Client, ty: &str) -> (usize, usize) {
    let (mut answered, mut refused) = (0, 0);
    while let Some(m) = c.recv_within(500).await {
        if m["type"] == ty {
            answered += 1;
        } else if m["type"] == "refused" && m["reason"] == "too-often" {
            refused += 1;
        }
    }
    (answered, refused)
}

/// `mover` plays `at` and both players hear it was played.
async fn moves_go_on(mover: &mut Client, other: &mut Client, at: Value) {
    mover
        .send(json!({"type": "move", "move": {"at": at}}))
        .await;
    let moved = mover.recv_type("moved").await;
    assert_eq!(moved["report"]["at"], at, "{moved}");
    other.recv_type("moved").await;
}

/// States are counted in bytes (2 MiB a second and connection by default, four times that
/// for an address), so a crowded continuous game's are the ones a flood asks for.
#[tokio::test]
async fn states_asked_for_too_often_are_refused_per_connection_and_per_address() {
    let s = server().await;
    let (id, b, w) = crowded_game(&s, 1000).await;
    let mut black = Client::connect(s.addr, &id, Some(&b)).await;
    let size = black.recv_type("state").await.to_string().len();
    let mut white = Client::connect(s.addr, &id, Some(&w)).await;
    white.recv_type("state").await;
    let mut flooder = spectator(&s, &id).await;
    for _ in 0..40 {
        flooder.send(json!({"type": "sync"})).await;
    }
    let (states, refused) = tally(&mut flooder, "state").await;
    assert!(
        refused > 0,
        "40 states of {size} bytes at once, none refused"
    );
    assert!(states < 40);
    moves_go_on(&mut black, &mut white, json!([1.0, 80.0])).await;

    // Many connections of one address, each asking within its own rate, share one.
    let mut crowd = Vec::new();
    for _ in 0..12 {
        crowd.push(spectator(&s, &id).await);
    }
    for c in &mut crowd {
        for _ in 0..12 {
            c.send(json!({"type": "sync"})).await;
        }
    }
    let (mut states, mut refused) = (0, 0);
    for c in &mut crowd {
        let (a, r) = tally(c, "state").await;
        states += a;
        refused += r;
    }
    assert!(
        refused > 0,
        "{states} states of {size} bytes for 144 syncs from one address"
    );
    moves_go_on(&mut white, &mut black, json!([3.1, 80.0])).await;
}

#[tokio::test]
async fn previews_asked_for_too_often_are_refused_per_connection_and_per_address() {
    let (s, mut black, mut white, id) = live_game().await;
    let preview = |i: u32| json!({"type": "preview", "request": {"at": [i % 9, (i / 9) % 9]}});
    let mut flooder = spectator(&s, &id).await;
    for i in 0..300 {
        flooder.send(preview(i)).await;
    }
    let (previews, refused) = tally(&mut flooder, "preview").await;
    assert!(refused > 0, "300 previews at once, none refused");
    assert!(previews < 300, "every one of 300 previews answered");
    moves_go_on(&mut black, &mut white, json!([2, 2])).await;

    // Eight spectators of one address, each asking within its own burst (120 by default,
    // 480 for an address).
    let mut crowd = Vec::new();
    for _ in 0..8 {
        crowd.push(spectator(&s, &id).await);
    }
    for c in &mut crowd {
        for i in 0..100 {
            c.send(preview(i)).await;
        }
    }
    let (mut previews, mut refused) = (0, 0);
    for c in &mut crowd {
        let (a, r) = tally(c, "preview").await;
        previews += a;
        refused += r;
    }
    assert!(refused > 0, "{previews} previews for 800 from one address");
    moves_go_on(&mut white, &mut black, json!([3, 3])).await;
}

/// A continuous game with `stones` setup stones 2.1 apart on a 140 x 140 board (filling its
/// lower half) whose second seat is taken: (id, black token, white token).
async fn crowded_game(s: &common::Server, stones: usize) -> (String, String, String) {
    let setup: Vec<Value> = (0..stones)
        .map(|i| {
            let (x, y) = (1.0 + 2.1 * (i % 65) as f64, 1.0 + 2.1 * (i / 65) as f64);
            json!([x, y, if i % 2 == 0 { "black" } else { "white" }])
        })
        .collect();
    let req = NewGame {
        setup: Some(json!({"stones": setup})),
        seats: Seats::Private,
        ..NewGame::new(
            "continuous",
            json!({"board": {"polygon": [[0, 0], [140, 0], [140, 140], [0, 140]]}}),
        )
    };
    let game = stonefield_server::new_game(&s.state.rooms, req)
        .await
        .unwrap();
    let white = common::claimed_token(s.addr, &game.id, &game.invite.unwrap()).await;
    (game.id, game.token, white)
}

/// A spectator that says hello and never reads again is cut once what waits for it goes
/// past the bound in bytes (4 MiB by default), well before the count of messages that
/// used to bound it; the players play on.
#[tokio::test]
async fn a_spectator_that_does_not_read_is_cut_after_a_bounded_backlog() {
    let s = server().await;
    let (id, b, w) = crowded_game(&s, 1000).await;
    let mut black = Client::connect(s.addr, &id, Some(&b)).await;
    let state = black.recv_type("state").await;
    let mut white = Client::connect(s.addr, &id, Some(&w)).await;
    white.recv_type("state").await;
    let (mut deaf, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws/{id}", s.addr))
        .await
        .unwrap();
    deaf.send(Message::Text(r#"{"type":"hello"}"#.into()))
        .await
        .unwrap();
    let connections = || s.state.rooms.metrics().connections.load(Ordering::Relaxed);
    let view_bytes = state["state"]["view"].to_string().len();
    // Every move is sent with the whole view: 80 of them are many times the bound, and
    // fewer than the 128 messages an outbox used to hold.
    const MOVES: usize = 80;
    assert!(MOVES * view_bytes > 12 << 20, "views of {view_bytes} bytes");
    for i in 0..MOVES {
        let at = [1.0 + 2.1 * (i % 65) as f64, 80.0 + 2.1 * (i / 65) as f64];
        let mover = if i % 2 == 0 { &mut black } else { &mut white };
        mover
            .send(json!({"type": "move", "move": {"at": at}}))
            .await;
        for player in [&mut black, &mut white] {
            let moved = player.recv_type("moved").await;
            assert_eq!(moved["seq"], i + 1, "{}", moved["report"]);
        }
    }
    let mut cut = false;
    for _ in 0..100 {
        if connections() == 2 {
            cut = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(cut, "the spectator that does not read is still served");
    // What it reads now ends before the last moves: they were never queued for it.
    let mut heard = 0;
    while let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_secs(10), deaf.next()).await {
        if let Message::Text(t) = m {
            heard += usize::from(t.contains(r#""type":"moved""#));
        }
    }
    assert!(heard < MOVES, "heard all {heard} moves");
}

/// Every ping is answered with a pong that waits for a client that does not read: one
/// that pings faster than the rate is closed.
#[tokio::test]
async fn a_socket_flooding_pings_is_closed() {
    let (s, mut black, mut white, id) = live_game().await;
    let (mut flooder, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws/{id}", s.addr))
        .await
        .unwrap();
    flooder
        .send(Message::Text(r#"{"type":"hello"}"#.into()))
        .await
        .unwrap();
    let mut closed = false;
    for _ in 0..2000 {
        if flooder
            .feed(Message::Ping(vec![7; 125].into()))
            .await
            .is_err()
        {
            closed = true;
            break;
        }
    }
    let _ = flooder.flush().await;
    let mut pongs = 0;
    while !closed {
        match tokio::time::timeout(Duration::from_secs(10), flooder.next()).await {
            Ok(Some(Ok(Message::Pong(_)))) => pongs += 1,
            Ok(Some(Ok(Message::Close(_)) | Err(_)) | None) => closed = true,
            Ok(Some(Ok(_))) => {}
            Err(_) => break,
        }
    }
    assert!(closed, "still open after {pongs} pongs");
    assert!(pongs < 2000, "every ping answered");
    moves_go_on(&mut black, &mut white, json!([2, 2])).await;
}
