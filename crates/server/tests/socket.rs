//! The protocol over a real socket: seats, spectators, refusals that keep the connection and
//! leave the game unchanged, reconnecting, malformed and oversized messages.

mod common;

use common::{Client, classic_game, server};
use serde_json::json;
use stonefield_server::store::EventKind;

#[tokio::test]
async fn two_players_and_a_spectator_see_each_move() {
    let s = server().await;
    let (id, b, w) = classic_game(&s.state).await;
    let mut black = Client::connect(s.addr, &id, Some(&b)).await;
    let st = black.recv_type("state").await;
    assert_eq!(st["state"]["you"], "black");
    assert_eq!(st["state"]["status"], "open");
    assert_eq!(st["state"]["invite"], w.as_str());
    assert_eq!(st["state"]["seats"], "private");
    let mut white = Client::join(s.addr, &id, &w).await;
    assert_eq!(white.recv_type("state").await["state"]["you"], "white");
    let live = black.recv_type("state").await;
    assert_eq!(live["state"]["status"], "live");
    assert_eq!(live["state"]["invite"], serde_json::Value::Null);
    let mut watcher = Client::connect(s.addr, &id, None).await;
    let st = watcher.recv_type("state").await;
    assert_eq!(st["state"]["you"], serde_json::Value::Null);
    assert_eq!(st["state"]["invite"], serde_json::Value::Null);

    black.play(2, 2).await;
    for c in [&mut black, &mut white, &mut watcher] {
        let m = c.recv_type("moved").await;
        assert_eq!(m["seq"], 1);
        assert_eq!(m["report"]["at"], json!([2, 2]));
        assert_eq!(m["to_move"], "white");
    }
    white.send(json!({"type": "pass"})).await;
    let pass = watcher.recv_type("moved").await;
    assert_eq!(pass["report"]["result"], "pass");
    assert!(
        pass.get("view").is_none(),
        "classic clients apply the report: {pass}"
    );
}

/// Continuous Go draws territory and atari that a client cannot work out from a report:
/// every move comes with the whole view, equal to what a full state would show.
#[tokio::test]
async fn a_continuous_move_comes_with_its_view() {
    let s = server().await;
    let (id, b, w) = common::game_of(&s.state, "continuous", json!({"board": "square-9"})).await;
    let mut black = Client::connect(s.addr, &id, Some(&b)).await;
    black.recv_type("state").await;
    let mut white = Client::join(s.addr, &id, &w).await;
    white.recv_type("state").await;
    let mut watcher = Client::connect(s.addr, &id, None).await;
    watcher.recv_type("state").await;
    let moves = [
        ("black", [4.5, 0.5]),
        ("white", [3.5, 0.5]),
        ("black", [7.0, 7.0]),
        ("white", [5.5, 0.5]),
    ];
    let mut last = json!(null);
    for (who, at) in moves {
        let c = if who == "black" {
            &mut black
        } else {
            &mut white
        };
        c.send(json!({"type": "move", "move": {"at": at}})).await;
        last = watcher.recv_type("moved").await;
    }
    let view = &last["view"];
    assert_eq!(view["stones"].as_array().map(Vec::len), Some(4), "{last}");
    assert_eq!(view["display"]["cells"].as_array().map(Vec::len), Some(4));
    assert_eq!(
        view["display"]["atari"][0]["stones"],
        json!([[4.5, 0.5, "black"]])
    );
    assert_eq!(
        &watcher.sync().await["view"],
        view,
        "the same view as a full state"
    );
}

/// MarGo's state and every move name the points where the player to move may place a
/// ball, upper levels included, so that a client can mark them without knowing the rules.
#[tokio::test]
async fn a_margo_view_lists_the_playable_points_of_every_level() {
    let s = server().await;
    let (id, b, invite) = common::game_of(&s.state, "margo", json!({"board_size": 3})).await;
    let w = common::claimed_token(s.addr, &id, &invite).await;
    let mut black = Client::connect(s.addr, &id, Some(&b)).await;
    let first = black.recv_type("state").await;
    let mut white = Client::connect(s.addr, &id, Some(&w)).await;
    white.recv_type("state").await;
    let playable = |view: &serde_json::Value| view["playable"].as_array().cloned().unwrap();
    let holes = playable(&first["state"]["view"]);
    assert_eq!(holes.len(), 9, "every hole of the bottom level: {holes:?}");
    assert!(holes.iter().all(|p| p[2] == 0));
    // Four balls around the hole [0, 0] of level 1 make it playable; the apex is not yet.
    let mut last = json!(null);
    for (i, at) in [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]]
        .into_iter()
        .enumerate()
    {
        let c = if i % 2 == 0 { &mut white } else { &mut black };
        c.send(json!({"type": "move", "move": {"at": at}})).await;
        last = black.recv_type("moved").await;
    }
    let points = playable(&last["view"]);
    assert!(points.contains(&json!([0, 0, 1])), "{points:?}");
    assert!(
        !points.contains(&json!([1, 1, 1])),
        "unsupported: {points:?}"
    );
    assert!(
        !points.contains(&json!([0, 0, 2])),
        "unsupported: {points:?}"
    );
    assert!(!points.contains(&json!([0, 0, 0])), "occupied: {points:?}");
    assert_eq!(points.len(), 5 + 1, "five holes and one point above");
    assert_eq!(&black.sync().await["view"], &last["view"]);
}

async fn live_game() -> (common::Server, Client, Client, Client, String) {
    let s = server().await;
    let (id, b, w) = classic_game(&s.state).await;
    let mut black = Client::connect(s.addr, &id, Some(&b)).await;
    black.recv_type("state").await;
    let mut white = Client::join(s.addr, &id, &w).await;
    white.recv_type("state").await;
    black.recv_type("state").await;
    let mut watcher = Client::connect(s.addr, &id, None).await;
    watcher.recv_type("state").await;
    black.play(4, 4).await;
    black.recv_type("moved").await;
    white.recv_type("moved").await;
    watcher.recv_type("moved").await;
    (s, black, white, watcher, id)
}

/// Sends `msg` from `c`, expects a refusal with `reason`, and checks that the connection
/// still works and that the game did not change.
async fn refused(c: &mut Client, msg: serde_json::Value, reason: &str) {
    let before = c.sync().await;
    c.send(msg).await;
    let r = c.recv().await;
    assert_eq!(r["type"], "refused", "{r}");
    assert_eq!(r["reason"], reason);
    let after = c.sync().await;
    assert_eq!(before["seq"], after["seq"]);
    assert_eq!(before["view"], after["view"]);
    assert_eq!(before["to_move"], after["to_move"]);
}

/// A continuous-Go request that resolves to no point (on a stone, too close to its
/// centre) is refused as `no-point`, the code the browser explains, and changes nothing.
#[tokio::test]
async fn a_request_on_a_stone_s_centre_is_refused_as_no_point() {
    let s = server().await;
    let (id, b, w) = common::game_of(&s.state, "continuous", json!({"board": "square-9"})).await;
    let mut black = Client::connect(s.addr, &id, Some(&b)).await;
    black.recv_type("state").await;
    let mut white = Client::join(s.addr, &id, &w).await;
    white.recv_type("state").await;
    black.recv_type("state").await;
    black
        .send(json!({"type": "move", "move": {"request": [3, 3], "snap": "nearest"}}))
        .await;
    black.recv_type("moved").await;
    white.recv_type("moved").await;
    refused(
        &mut white,
        json!({"type": "move", "move": {"request": [3, 3], "snap": "nearest"}}),
        "no-point",
    )
    .await;
}

#[tokio::test]
async fn illegal_moves_are_refused_and_change_nothing() {
    let (s, mut black, mut white, mut watcher, id) = live_game().await;
    refused(
        &mut white,
        json!({"type": "move", "move": {"at": [4, 4]}}),
        "occupied",
    )
    .await;
    refused(
        &mut white,
        json!({"type": "move", "move": {"at": [9, 0]}}),
        "outside",
    )
    .await;
    refused(
        &mut black,
        json!({"type": "move", "move": {"at": [1, 1]}}),
        "not-your-turn",
    )
    .await;
    // The colour comes from the seat: Black's token cannot play for White, nor White's
    // connection for Black by naming the colour in the move.
    refused(
        &mut black,
        json!({"type": "move", "move": {"at": [1, 1], "color": "white"}}),
        "not-your-turn",
    )
    .await;
    refused(
        &mut black,
        json!({"type": "pass", "color": "white"}),
        "not-your-turn",
    )
    .await;
    refused(
        &mut watcher,
        json!({"type": "move", "move": {"at": [1, 1]}}),
        "spectator",
    )
    .await;
    refused(&mut watcher, json!({"type": "resign"}), "spectator").await;
    // A token of another game's seat is no seat here.
    let (_other, ob, _) = classic_game(&s.state).await;
    let mut stranger = Client::connect(s.addr, &id, Some(&ob)).await;
    assert_eq!(
        stranger.recv_type("state").await["state"]["you"],
        serde_json::Value::Null
    );
    refused(
        &mut stranger,
        json!({"type": "move", "move": {"at": [1, 1]}}),
        "spectator",
    )
    .await;
    // The game goes on.
    white.play(3, 3).await;
    assert_eq!(black.recv_type("moved").await["seq"], 2);
}

#[tokio::test]
async fn malformed_and_oversized_messages_get_an_error_and_keep_the_connection() {
    let (_s, mut black, _white, _watcher, _id) = live_game().await;
    for bad in [
        "{".to_owned(),
        r#"{"type":"teleport"}"#.to_owned(),
        r#"{"type":"move"}"#.to_owned(),
        format!(r#"{{"type":"preview","request":"{}"}}"#, "x".repeat(40_000)),
    ] {
        black.send_text(bad).await;
        let r = black.recv().await;
        assert_eq!(r["type"], "error", "{r}");
    }
    black.send(json!({"type": "move", "move": [1, 2]})).await;
    assert_eq!(black.recv().await["reason"], "malformed");
    black
        .send(json!({"type": "move", "move": {"at": "a1"}}))
        .await;
    let r = black.recv().await;
    assert_eq!(r["reason"], "malformed");
    assert!(r["message"].as_str().unwrap().contains("at"), "{r}");
    assert_eq!(black.sync().await["seq"], 1);
}

#[tokio::test]
async fn a_reconnecting_player_gets_the_whole_state_and_plays_on() {
    let s = server().await;
    let (id, token, w) = classic_game(&s.state).await;
    let mut black = Client::connect(s.addr, &id, Some(&token)).await;
    black.recv_type("state").await;
    let mut white = Client::join(s.addr, &id, &w).await;
    white.recv_type("state").await;
    black.recv_type("state").await;
    black.play(4, 4).await;
    black.recv_type("moved").await;
    white.recv_type("moved").await;
    drop(black);
    white.play(0, 0).await;
    white.recv_type("moved").await;
    let mut black = Client::connect(s.addr, &id, Some(&token)).await;
    let st = black.recv_type("state").await["state"].clone();
    assert_eq!(st["you"], "black");
    assert_eq!(st["seq"], 2);
    assert_eq!(st["to_move"], "black");
    assert_eq!(st["view"]["stones"].as_array().unwrap().len(), 2);
    black.play(1, 1).await;
    assert_eq!(white.recv_type("moved").await["seq"], 3);
}

#[tokio::test]
async fn undo_needs_the_opponents_consent() {
    let (_s, mut black, mut white, mut watcher, _id) = live_game().await;
    black.send(json!({"type": "undo_request"})).await;
    assert_eq!(white.recv_type("undo_requested").await["by"], "black");
    black
        .send(json!({"type": "undo_answer", "accept": true}))
        .await;
    assert_eq!(black.recv_type("refused").await["reason"], "no-undo");
    white
        .send(json!({"type": "undo_answer", "accept": true}))
        .await;
    let st = watcher.recv_type("state").await["state"].clone();
    assert_eq!(st["seq"], 0);
    assert_eq!(st["to_move"], "black");
    assert_eq!(st["view"]["stones"], json!([]));
}

#[tokio::test]
async fn two_passes_then_marking_and_acceptance_store_the_result() {
    let (s, mut black, mut white, mut watcher, id) = live_game().await;
    white.play(0, 0).await;
    black.recv_type("moved").await;
    black.send(json!({"type": "pass"})).await;
    black.recv_type("moved").await;
    white.send(json!({"type": "pass"})).await;
    let m = black.recv_type("moved").await;
    assert_eq!(m["phase"], "marking");
    white
        .send(json!({"type": "toggle_dead", "at": [0, 0]}))
        .await;
    let st = black.recv_type("state").await["state"].clone();
    assert_eq!(st["view"]["dead"], json!([[0, 0, "white"]]));
    watcher.send(json!({"type": "accept"})).await;
    assert_eq!(watcher.recv_type("refused").await["reason"], "spectator");
    black.send(json!({"type": "accept"})).await;
    white.send(json!({"type": "accept"})).await;
    let end = loop {
        let st = watcher.recv_type("state").await["state"].clone();
        if st["status"] == "finished" {
            break st;
        }
    };
    // 81 points for Black with the white stone dead, 6.5 komi for White.
    assert_eq!(end["result"], "B+74.5");
    let (row, _) = s.state.rooms.store().load(&id).await.unwrap().unwrap();
    assert_eq!(row.result.as_deref(), Some("B+74.5"));
    assert_eq!(row.status, "finished");
    black.play(1, 1).await;
    assert_eq!(black.recv_type("refused").await["reason"], "game-over");
}

#[tokio::test]
async fn resignation_ends_the_game_for_everyone() {
    let (s, mut black, mut white, mut watcher, id) = live_game().await;
    white.send(json!({"type": "resign"})).await;
    for c in [&mut black, &mut white, &mut watcher] {
        let m = c.recv_type("moved").await;
        assert_eq!(m["result"], "B+R");
        assert_eq!(m["phase"], "finished");
    }
    let (row, _) = s.state.rooms.store().load(&id).await.unwrap().unwrap();
    assert_eq!(row.result.as_deref(), Some("B+R"));
    assert_eq!(row.status, "finished");

    // Once nobody is left, the finished game's room stops; it opens again on demand.
    drop((black, white, watcher));
    let mut waited = 0;
    while s.state.rooms.running().await > 0 {
        assert!(waited < 100, "the room did not stop");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        waited += 1;
    }
    let mut late = Client::connect(s.addr, &id, None).await;
    let st = late.recv_type("state").await["state"].clone();
    assert_eq!(
        (st["status"].as_str(), st["result"].as_str()),
        (Some("finished"), Some("B+R"))
    );
    assert_eq!(st["seq"], 2);
}

/// A commit that went through although its append reported a failure (an answer lost on
/// the way back) counts as stored: the move is played, not refused and rebuilt away. A
/// different event in the store at that place is a real failure.
#[tokio::test]
async fn a_move_stored_despite_a_failed_append_is_played() {
    let (s, mut black, mut white, mut watcher, id) = live_game().await;
    let store = s.state.rooms.store();
    let event = |seq, at: [u32; 2], color: &str| stonefield_server::store::Event {
        seq,
        kind: EventKind::Move,
        body: json!({"color": color, "at": at}),
    };
    // The room's next append (seq 1, White at 2,2) finds its event stored already.
    store
        .append(&id, &event(1, [2, 2], "white"), None, None)
        .await
        .unwrap();
    white.play(2, 2).await;
    let m = watcher.recv_type("moved").await;
    assert_eq!(m["report"]["at"], json!([2, 2]));
    assert_eq!(m["seq"], 2);
    black.recv_type("moved").await;
    white.recv_type("moved").await;
    // Seq 2 holds another move in the store: Black's move there cannot be stored.
    store
        .append(&id, &event(2, [6, 6], "black"), None, None)
        .await
        .unwrap();
    black.play(5, 5).await;
    let e = black.recv_type("error").await;
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("could not be stored"),
        "{e}"
    );
    assert_eq!(
        black.sync().await["seq"],
        2,
        "the refused move is not played"
    );
}

/// A state can be hundreds of kilobytes: a connection asking for it in a loop gets a few
/// megabytes of them at once, then two megabytes a second; a small game never meets the
/// limit.
#[tokio::test]
async fn sync_in_a_loop_is_cut_to_a_budget_of_bytes() {
    let s = server().await;
    let (id, b, _) = classic_game(&s.state).await;
    let mut small = Client::connect(s.addr, &id, Some(&b)).await;
    small.recv_type("state").await;
    for _ in 0..50 {
        assert_eq!(small.sync().await["you"], "black");
    }

    let stones: Vec<serde_json::Value> = (0..1000)
        .map(|i| {
            json!([
                1.0 + 2.1 * f64::from(i % 32),
                1.0 + 2.1 * f64::from(i / 32),
                "black"
            ])
        })
        .collect();
    let req = stonefield_server::NewGame {
        setup: Some(json!({"stones": stones, "to_move": "white"})),
        ..stonefield_server::NewGame::new(
            "continuous",
            json!({"board": {"polygon": [[0, 0], [70, 0], [70, 70], [0, 70]]}}),
        )
    };
    let big = stonefield_server::new_game(&s.state.rooms, req)
        .await
        .unwrap()
        .id;
    let mut watcher = Client::connect(s.addr, &big, None).await;
    let first = watcher.recv_type("state").await.to_string().len();
    for _ in 0..60 {
        watcher.send(json!({"type": "sync"})).await;
    }
    let (mut states, mut refused) = (0, 0);
    for _ in 0..60 {
        let m = watcher.recv().await;
        match m["type"].as_str() {
            Some("state") => states += 1,
            Some("refused") => {
                assert_eq!(m["reason"], "too-often");
                refused += 1;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    eprintln!("states of {first} bytes: {states} sent, {refused} refused");
    assert!(
        refused > 0 && states * first <= 6 << 20,
        "{states} states of {first} bytes"
    );
}
