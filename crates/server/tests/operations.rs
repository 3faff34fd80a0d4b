//! What operators see and do: `GET /healthz`, `GET /metrics` in the Prometheus text format,
//! and a stop with SIGTERM that lets a move under way commit and closes the sockets with
//! "server restarting".

mod common;

use std::process::Command;

use common::{Client, classic_game, http, server, spawn_server};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn health_and_metrics_report_the_instance() {
    let s = server().await;
    let (status, body) = http(s.addr, "GET", "/healthz", "").await;
    assert_eq!((status, body.as_str()), (200, "ok\n"));
    let (id, b, invite) = classic_game(&s.state).await;
    let mut black = Client::connect(s.addr, &id, Some(&b)).await;
    let mut white = Client::join(s.addr, &id, &invite).await;
    black.play(2, 2).await;
    black.recv_type("moved").await;
    white.recv_type("moved").await;
    let (status, head, text) = common::http_with_headers(s.addr, "GET", "/metrics", "").await;
    assert_eq!(status, 200);
    assert!(head.contains("text/plain; version=0.0.4"), "{head}");
    for line in [
        "stonefield_games_open 1\n",
        "stonefield_connections 2\n",
        "stonefield_moves_total 1\n",
        "stonefield_move_round_trip_seconds_count 1\n",
        "# TYPE stonefield_store_latency_seconds histogram\n",
    ] {
        assert!(text.contains(line), "{line:?} in\n{text}");
    }
}

#[tokio::test]
async fn sigterm_commits_the_move_under_way_and_closes_with_restarting() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, addr) = spawn_server(dir.path());
    let body = json!({"variant": "classic", "rules": {"board_size": 9}, "color": "black"});
    let (_, created) = http(addr, "POST", "/api/games", &body.to_string()).await;
    let created: serde_json::Value = serde_json::from_str(&created).unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let b = created["token"].as_str().unwrap().to_owned();
    let invite = created["invite"].as_str().unwrap().to_owned();
    let mut black = Client::connect(addr, &id, Some(&b)).await;
    black.recv_type("state").await;
    let _white = Client::join(addr, &id, &invite).await;
    while black.recv_type("state").await["state"]["status"] != "live" {}
    black.play(4, 4).await;
    let term = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(term.success());
    // Whatever the room answered comes before the close; the close says why.
    let mut acknowledged = false;
    let close = loop {
        match black.recv_frame().await {
            Some(Message::Text(t)) => {
                let m: serde_json::Value = serde_json::from_str(t.as_str()).unwrap();
                acknowledged |= m["type"] == "moved";
            }
            Some(Message::Close(frame)) => break frame.expect("a close frame with a reason"),
            Some(_) => {}
            None => panic!("the stream ended without a close frame"),
        }
    };
    assert_eq!(u16::from(close.code), 1012);
    assert_eq!(close.reason.as_str(), "server restarting");
    assert!(
        child.wait().unwrap().success(),
        "a drained server exits cleanly"
    );

    let (mut again, addr) = spawn_server(dir.path());
    let mut black = Client::connect(addr, &id, Some(&b)).await;
    let st = black.recv_type("state").await["state"].clone();
    if acknowledged {
        assert_eq!(st["moves"][0]["at"], json!([4, 4]), "{st}");
    }
    again.kill().unwrap();
    again.wait().unwrap();
}
