//! Rooms open on demand: start-up reads no game, so a store of 100,000 unfinished games
//! answers its first request at once; open games nobody joined expire, the others stay.

mod common;

use std::time::{Duration, Instant};

use serde_json::json;
use sqlx::Connection;
use stonefield_server::Config;

/// The status of `GET path`.
async fn status_of(addr: std::net::SocketAddr, path: &str) -> u16 {
    common::http(addr, "GET", path, "").await.0
}

#[tokio::test]
async fn a_store_of_100000_unfinished_games_starts_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let config = Config {
        data_dir: dir.path().to_owned(),
        ..Config::default()
    };
    // The schema, then 100,000 live games written straight into the store (the columns
    // named: later ones keep their defaults).
    drop(stonefield_server::open_state(&config).await.unwrap());
    let url = format!("sqlite://{}", dir.path().join("stonefield.db").display());
    let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query(
        "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999) \
         INSERT INTO games (id, variant, rules, setup, time_control, black_token, white_token, \
         creator, claimed, status, result, clock, created_ms, updated_ms, computer, hints, seats, \
         invite, black_name, white_name) SELECT printf('%012d', i), 'classic', '{\"board_size\":9}', NULL, \
         '{\"kind\":\"none\"}', 'b' || i, 'w' || i, 'black', 1, 'live', NULL, NULL, 0, 0, NULL, 0, \
         'private', NULL, NULL, NULL FROM n",
    )
    .execute(&mut db)
    .await
    .unwrap();
    drop(db);

    let started = Instant::now();
    let state = stonefield_server::open_state(&config).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(axum::serve(listener, stonefield_server::app(state.clone())).into_future());
    let status = status_of(addr, "/api/games").await;
    let took = started.elapsed();
    eprintln!("first answer {took:?} after start with 100,000 stored games");
    assert_eq!(status, 200);
    assert!(took < Duration::from_secs(2), "start-up took {took:?}");
    assert_eq!(state.rooms.running().await, 0, "no room opened at start");
    // A stored game still opens when asked for.
    assert_eq!(status_of(addr, "/api/games/000000000042/record").await, 200);
    assert_eq!(state.rooms.running().await, 1);
}

/// Both players of game `id` at the board, once it is live.
async fn seat_both(
    addr: std::net::SocketAddr,
    id: &str,
    black: &str,
    white: &str,
) -> (common::Client, common::Client) {
    let mut b = common::Client::connect(addr, id, Some(black)).await;
    b.recv_type("state").await;
    let mut w = common::Client::join(addr, id, white).await;
    w.recv_type("state").await;
    b.recv_type("state").await; // live
    (b, w)
}

#[tokio::test]
async fn open_games_nobody_joined_expire_and_the_rest_stay() {
    let s = common::server().await;
    let (waiting, _, _) = common::classic_game(&s.state).await;
    let (joined, b, w) = common::classic_game(&s.state).await;
    let (mut black, _white) = seat_both(s.addr, &joined, &b, &w).await;
    black.play(2, 2).await;
    black.recv_type("moved").await;
    let (finished, b, w) = common::classic_game(&s.state).await;
    let (mut resigner, _white) = seat_both(s.addr, &finished, &b, &w).await;
    resigner.send(json!({"type": "resign"})).await;
    assert_eq!(resigner.recv_type("moved").await["result"], "W+R");

    // A game younger than the limit stays.
    let rooms = &s.state.rooms;
    assert_eq!(
        rooms.expire_open(Duration::from_secs(3600)).await.unwrap(),
        0
    );
    assert_eq!(rooms.expire_open(Duration::ZERO).await.unwrap(), 1);
    assert!(rooms.store().load(&waiting).await.unwrap().is_none());
    assert!(rooms.store().load(&joined).await.unwrap().is_some());
    assert!(rooms.store().load(&finished).await.unwrap().is_some());
    let gone = format!("/api/games/{waiting}/record");
    assert_eq!(status_of(s.addr, &gone).await, 404);
}
