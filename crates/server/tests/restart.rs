//! Durability: kill the server process with SIGKILL mid-game, start it again on the same
//! data directory, and find every move that was acknowledged; clocks flag over the socket.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};

use common::{Client, spawn_server};
use serde_json::{Value, json};

/// A bare HTTP/1.1 POST (the tests need no HTTP client library).
fn post_json(addr: SocketAddr, path: &str, body: &Value) -> Value {
    let body = body.to_string();
    let mut s = TcpStream::connect(addr).unwrap();
    write!(s, "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len()).unwrap();
    let mut resp = String::new();
    s.read_to_string(&mut resp).unwrap();
    let (_, json) = resp.split_once("\r\n\r\n").unwrap();
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {resp}"))
}

#[tokio::test]
async fn sigkill_loses_no_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let (mut server, addr) = spawn_server(dir.path());
    let created = post_json(
        addr,
        "/api/games",
        &json!({"variant": "classic", "rules": {"board_size": 9}, "color": "black"}),
    );
    let id = created["id"].as_str().unwrap().to_owned();
    let b = created["token"].as_str().unwrap().to_owned();
    let invite = created["invite"].as_str().unwrap().to_owned();
    let mut black = Client::connect(addr, &id, Some(&b)).await;
    let w = common::claimed_token(addr, &id, &invite).await;
    let mut white = Client::connect(addr, &id, Some(&w)).await;
    // Play starts once Black hears that White took the seat and White is in the room
    // (a join handled after Black's first move would hear it in its state, not as a
    // `moved`).
    while black.recv_type("state").await["state"]["status"] != "live" {}
    white.recv_type("state").await;
    let mut acked = Vec::new();
    for i in 0..12u32 {
        let (x, y) = (i % 9, if i % 2 == 0 { 0 } else { 2 });
        let (me, other) = if i % 2 == 0 {
            (&mut black, &mut white)
        } else {
            (&mut white, &mut black)
        };
        me.play(x, y).await;
        let m = me.recv_type("moved").await;
        assert_eq!(m["report"]["at"], json!([x, y]));
        acked.push(m["report"]["at"].clone());
        other.recv_type("moved").await;
    }
    // One more move in flight when the process dies: it may or may not be stored.
    black.play(5, 5).await;
    server.kill().unwrap();
    server.wait().unwrap();

    let (mut server, addr) = spawn_server(dir.path());
    let mut again = Client::connect(addr, &id, Some(&w)).await;
    let st = again.recv_type("state").await["state"].clone();
    let stored: Vec<Value> = st["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["at"].clone())
        .collect();
    assert!(stored.len() >= acked.len(), "{stored:?}");
    assert_eq!(stored[..acked.len()], acked[..]);
    assert_eq!(st["status"], "live");
    // The resumed game goes on.
    let expect_seq = stored.len() + 1;
    // Black stays connected until the move is heard: a client gone at once may lose what
    // it sent while the server was still answering its hello.
    let mut black = Client::connect(addr, &id, Some(&b)).await;
    if stored.len() == acked.len() {
        black.play(5, 5).await;
    } else {
        again.play(6, 6).await;
    }
    assert_eq!(again.recv_type("moved").await["seq"], expect_seq);
    server.kill().unwrap();
    server.wait().unwrap();
}

#[tokio::test]
async fn the_server_flags_a_player_out_of_time() {
    let s = common::server().await;
    let req = stonefield_server::NewGame {
        time_control: stonefield_server::clock::TimeControl::Absolute { main_ms: 300 },
        color: Some("white".into()),
        ..stonefield_server::NewGame::new("classic", json!({"board_size": 9}))
    };
    let game = stonefield_server::new_game(&s.state.rooms, req)
        .await
        .unwrap();
    let (id, w) = (game.id, game.token);
    let mut white = Client::connect(s.addr, &id, Some(&w)).await;
    white.recv_type("state").await;
    let mut black = Client::join(s.addr, &id, &game.invite.unwrap()).await;
    let st = black.recv_type("state").await["state"].clone();
    assert_eq!(st["clock"]["running"], "black");
    let end = loop {
        let st = white.recv_type("state").await["state"].clone();
        if st["status"] == "finished" {
            break st;
        }
    };
    assert_eq!(end["result"], "W+T");
    black.play(1, 1).await;
    assert_eq!(black.recv_type("refused").await["reason"], "game-over");
    // The record ends the game on time too, so that it replays to the same result.
    let (_, text) = common::http(s.addr, "GET", &format!("/api/games/{id}/record"), "").await;
    let record = stonefield_record::Record::from_json(&text).unwrap();
    let replayed = stonefield_record::replay(&record).unwrap();
    assert_eq!(replayed.final_view["result"], "W+T", "{text}");
}

#[tokio::test]
async fn clocks_are_restored_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let config = stonefield_server::Config {
        data_dir: dir.path().to_owned(),
        ..stonefield_server::Config::default()
    };
    let state = stonefield_server::open_state(&config).await.unwrap();
    let req = stonefield_server::NewGame {
        time_control: stonefield_server::clock::TimeControl::Fischer {
            main_ms: 60_000,
            increment_ms: 0,
        },
        ..stonefield_server::NewGame::new("classic", json!({"board_size": 9}))
    };
    let game = stonefield_server::new_game(&state.rooms, req)
        .await
        .unwrap();
    let (id, b, invite) = (game.id, game.token, game.invite.unwrap());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = tokio::spawn(axum::serve(listener, stonefield_server::app(state)).into_future());
    let mut black = Client::connect(addr, &id, Some(&b)).await;
    black.recv_type("state").await;
    let _white = Client::join(addr, &id, &invite).await;
    black.recv_type("state").await; // live
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    black.play(2, 2).await;
    black.recv_type("moved").await;
    server.abort();

    let again = stonefield_server::open_state(&config).await.unwrap();
    let room = again.rooms.get(&id).await.unwrap().unwrap();
    let (row, _) = room.snapshot().await.unwrap();
    let clock = serde_json::to_value(row.clock.unwrap()).unwrap();
    let left = clock["left"][0]["main_ms"].as_u64().unwrap();
    assert!(
        (50_000..=59_700).contains(&left),
        "black used about 300 ms: {left}"
    );
}

/// A game against the computer survives SIGKILL: the seat's kind is stored, the room
/// reopens at start, and the computer answers the move it was thinking about when the
/// process died, then goes on answering.
#[tokio::test]
async fn after_sigkill_the_computer_still_answers() {
    let dir = tempfile::tempdir().unwrap();
    let (mut server, addr) = spawn_server(dir.path());
    let created = post_json(
        addr,
        "/api/games",
        &json!({"variant": "classic", "rules": {"board_size": 9}, "color": "black", "computer_level": 10}),
    );
    assert_eq!(created["invite_url"], Value::Null, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let token = created["token"].as_str().unwrap().to_owned();
    let mut me = Client::connect(addr, &id, Some(&token)).await;
    me.recv_type("state").await;
    me.play(2, 2).await;
    assert_eq!(me.recv_type("moved").await["seq"], 1);
    // Level 10 thinks a second a move: the process dies while it does.
    server.kill().unwrap();
    server.wait().unwrap();

    let (mut server, addr) = spawn_server(dir.path());
    let mut me = Client::connect(addr, &id, Some(&token)).await;
    let st = me.recv_type("state").await["state"].clone();
    assert_eq!(st["computer"]["color"], "white");
    if st["seq"] == 1 {
        let answer = me.recv_type("moved").await;
        assert_eq!(
            (answer["seq"].as_u64(), answer["report"]["color"].as_str()),
            (Some(2), Some("white")),
            "{answer}"
        );
    }
    // The next move, on the first free point of a row the computer may have played in.
    'tries: for x in 0..9 {
        me.play(x, 6).await;
        loop {
            let m = me.recv().await;
            if m["type"] == "refused" {
                break;
            }
            if m["type"] == "moved" {
                assert_eq!(m["seq"], 3);
                break 'tries;
            }
        }
    }
    let answer = me.recv_type("moved").await;
    assert_eq!(answer["report"]["color"], "white", "{answer}");
    server.kill().unwrap();
    server.wait().unwrap();
}
