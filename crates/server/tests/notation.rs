//! Move names over the socket: every accepted move's report carries its `notation`, and
//! the state carries the whole list beside `moves` (after an undo too), so the browser's
//! move list shows `E7`, `C5` or `pass` without knowing any board.

mod common;

use common::{Client, game_of};
use serde_json::json;

#[tokio::test]
async fn classic_moves_are_named_in_reports_and_in_the_state() {
    let s = common::server().await;
    let (id, b, invite) = game_of(&s.state, "classic", json!({"board_size": 9})).await;
    let mut black = Client::connect(s.addr, &id, Some(&b)).await;
    let mut white = Client::join(s.addr, &id, &invite).await;
    while black.recv_type("state").await["state"]["status"] != "live" {}
    white.recv_type("state").await;

    black.play(4, 2).await;
    let moved = black.recv_type("moved").await;
    assert_eq!(moved["report"]["notation"], "E7");
    white.recv_type("moved").await;
    // A refused move is named nowhere.
    white.play(4, 2).await;
    assert_eq!(white.recv_type("refused").await["reason"], "occupied");
    white.send(json!({"type": "pass"})).await;
    assert_eq!(white.recv_type("moved").await["report"]["notation"], "pass");

    let watcher_state = Client::connect(s.addr, &id, None)
        .await
        .recv_type("state")
        .await;
    assert_eq!(watcher_state["state"]["notation"], json!(["E7", "pass"]));
    assert_eq!(watcher_state["state"]["moves"].as_array().unwrap().len(), 2);

    // An undo takes the name back with the move.
    white.send(json!({"type": "undo_request"})).await;
    black.recv_type("undo_requested").await;
    black
        .send(json!({"type": "undo_answer", "accept": true}))
        .await;
    assert_eq!(
        black.recv_type("state").await["state"]["notation"],
        json!(["E7"])
    );
}

#[tokio::test]
async fn margo_moves_are_the_books_cells() {
    let s = common::server().await;
    let (id, b, invite) = game_of(&s.state, "margo", json!({"board_size": 7})).await;
    let mut black = Client::connect(s.addr, &id, Some(&b)).await;
    let mut white = Client::join(s.addr, &id, &invite).await;
    while black.recv_type("state").await["state"]["status"] != "live" {}
    white.recv_type("state").await;
    // White moves first in MarGo; [1, 4, 0] is column 2x+k = C, row 2n-1-(2y+k) = 5.
    white
        .send(json!({"type": "move", "move": {"at": [1, 4, 0]}}))
        .await;
    assert_eq!(white.recv_type("moved").await["report"]["notation"], "C5");
    let state = black.sync().await;
    assert_eq!(state["notation"], json!(["C5"]));
}
