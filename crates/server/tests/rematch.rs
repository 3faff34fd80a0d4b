//! Rematches over a real socket: offered, accepted or declined once the game is over; the
//! new game has the same settings with the colours swapped and each player's seat token
//! holds the other colour there; it is created once when both offer at once (also through
//! two instances on PostgreSQL); against the computer it starts at once.

mod common;

use common::{Client, pg_database, pg_drop_schema, server};
use serde_json::{Value, json};
use stonefield_server::clock::TimeControl;
use stonefield_server::seats::Seats;
use stonefield_server::{AppState, NewGame, new_game};

/// A private 9x9 game with hints and a clock, created by White; (id, White's token,
/// invite).
async fn game(state: &AppState) -> (String, String, String) {
    let req = NewGame {
        color: Some("white".into()),
        hints: true,
        seats: Seats::Private,
        time_control: TimeControl::Absolute { main_ms: 600_000 },
        ..NewGame::new("classic", json!({"board_size": 9, "komi": 0.5}))
    };
    let game = new_game(&state.rooms, req).await.unwrap();
    (game.id, game.token, game.invite.unwrap())
}

/// The state `token` is given in game `id`.
async fn state_of(addr: std::net::SocketAddr, id: &str, token: &str) -> Value {
    let mut c = Client::connect(addr, id, Some(token)).await;
    c.recv_type("state").await["state"].clone()
}

/// The claimed token of the second seat, and both players connected: (white, black).
async fn players(
    addr: std::net::SocketAddr,
    id: &str,
    white_token: &str,
    invite: &str,
) -> (Client, Client, String) {
    let black_token = common::claimed_token(addr, id, invite).await;
    let mut white = Client::connect(addr, id, Some(white_token)).await;
    let mut black = Client::connect(addr, id, Some(&black_token)).await;
    white.recv_type("state").await;
    black.recv_type("state").await;
    (white, black, black_token)
}

async fn resign(c: &mut Client) {
    c.send(json!({"type": "resign"})).await;
    c.recv_type("moved").await;
}

#[tokio::test]
async fn an_accepted_rematch_swaps_the_colours_and_keeps_the_settings() {
    let s = server().await;
    let (id, white_token, invite) = game(&s.state).await;
    let (mut white, mut black, black_token) = players(s.addr, &id, &white_token, &invite).await;
    let mut watcher = Client::connect(s.addr, &id, None).await;
    watcher.recv_type("state").await;

    white.send(json!({"type": "rematch"})).await;
    let refused = white.recv_type("refused").await;
    assert_eq!(refused["reason"], "not-over");
    resign(&mut black).await;
    watcher.send(json!({"type": "rematch"})).await;
    assert_eq!(watcher.recv_type("refused").await["reason"], "spectator");

    white.send(json!({"type": "rematch"})).await;
    assert_eq!(black.recv_type("rematch_offered").await["by"], "white");
    let state = black.sync().await;
    assert_eq!(state["rematch"], json!({"by": "white", "game": null}));
    black
        .send(json!({"type": "rematch_answer", "accept": true}))
        .await;
    let new_id = black.recv_type("rematch_ready").await["game"].clone();
    assert_eq!(white.recv_type("rematch_ready").await["game"], new_id);
    assert_eq!(
        watcher.recv_type("rematch_ready").await["game"],
        new_id,
        "spectators are told"
    );
    let new_id = new_id.as_str().unwrap().to_owned();
    assert_ne!(new_id, id);
    assert_eq!(
        state_of(s.addr, &id, &white_token).await["rematch"]["game"],
        new_id
    );

    // Each player's token holds the other colour in the new game.
    let as_white = state_of(s.addr, &new_id, &black_token).await;
    let as_black = state_of(s.addr, &new_id, &white_token).await;
    assert_eq!(
        (&as_white["you"], &as_black["you"]),
        (&json!("white"), &json!("black"))
    );
    assert_eq!(as_black["rules"], json!({"board_size": 9, "komi": 0.5}));
    assert_eq!(
        (&as_black["variant"], &as_black["hints"]),
        (&json!("classic"), &json!(true))
    );
    assert_eq!(
        (&as_black["status"], &as_black["seq"]),
        (&json!("live"), &json!(0))
    );
    assert_eq!(as_black["creator"], "black", "White created the first game");
    assert_eq!(as_black["rematch"], Value::Null, "not over");
    let row = s.state.rooms.store().game(&new_id).await.unwrap().unwrap();
    assert_eq!(row.time_control, TimeControl::Absolute { main_ms: 600_000 });
    assert_eq!(row.seats, Seats::Private);

    // Asking again gives the same game.
    white.send(json!({"type": "rematch"})).await;
    assert_eq!(white.recv_type("rematch_ready").await["game"], new_id);
}

#[tokio::test]
async fn a_declined_rematch_is_not_played() {
    let s = server().await;
    let (id, white_token, invite) = game(&s.state).await;
    let (mut white, mut black, _) = players(s.addr, &id, &white_token, &invite).await;
    resign(&mut white).await;
    black.recv_type("moved").await;
    black.send(json!({"type": "rematch"})).await;
    assert_eq!(white.recv_type("rematch_offered").await["by"], "black");
    white
        .send(json!({"type": "rematch_answer", "accept": false}))
        .await;
    assert_eq!(black.recv_type("rematch_declined").await["by"], "white");
    assert_eq!(white.recv_type("rematch_declined").await["by"], "white");
    assert_eq!(
        black.sync().await["rematch"],
        json!({"by": null, "game": null})
    );
    white
        .send(json!({"type": "rematch_answer", "accept": false}))
        .await;
    assert_eq!(white.recv_type("refused").await["reason"], "no-rematch");
    assert_eq!(
        s.state.rooms.store().list("live", 10).await.unwrap().len(),
        0
    );
}

#[tokio::test]
async fn both_offering_at_once_make_one_game() {
    let s = server().await;
    let (id, white_token, invite) = game(&s.state).await;
    let (mut white, mut black, _) = players(s.addr, &id, &white_token, &invite).await;
    resign(&mut white).await;
    black.recv_type("moved").await;
    white.send(json!({"type": "rematch"})).await;
    black.send(json!({"type": "rematch"})).await;
    let a = white.recv_type("rematch_ready").await["game"].clone();
    let b = black.recv_type("rematch_ready").await["game"].clone();
    assert_eq!(a, b);
    let live = s.state.rooms.store().list("live", 10).await.unwrap();
    assert_eq!(live.len(), 1, "one game made");
}

#[tokio::test]
async fn a_rematch_against_the_computer_starts_at_once() {
    let s = server().await;
    let req = NewGame {
        computer_level: Some(1),
        ..NewGame::new("classic", json!({"board_size": 9}))
    };
    let game = new_game(&s.state.rooms, req).await.unwrap();
    let mut me = Client::connect(s.addr, &game.id, Some(&game.token)).await;
    me.recv_type("state").await;
    resign(&mut me).await;
    me.send(json!({"type": "rematch"})).await;
    let new_id = me.recv_type("rematch_ready").await["game"].clone();
    let new_id = new_id.as_str().unwrap();
    // The computer plays Black now, and opens.
    let mut again = Client::connect(s.addr, new_id, Some(&game.token)).await;
    let state = again.recv_type("state").await["state"].clone();
    assert_eq!(state["you"], "white");
    assert_eq!(state["computer"]["color"], "black");
    assert_eq!(state["computer"]["level"], 1);
    // (Its first move may come before the state or after it.)
    if state["seq"] == 0 {
        let moved = again.recv_type("moved").await;
        assert_eq!(moved["report"]["color"], "black");
    } else {
        assert_eq!(state["moves"][0]["color"], "black");
    }
}

/// Two instances on PostgreSQL, each player on one: both offer at the same time, one
/// game is made, and both are sent it.
#[tokio::test]
async fn a_rematch_across_instances_is_made_once() {
    let Some(url) = pg_database().await else {
        return;
    };
    let a = common::server_on(&url).await;
    let b = common::server_on(&url).await;
    let (id, white_token, invite) = game(&a.state).await;
    let black_token = common::claimed_token(b.addr, &id, &invite).await;
    let mut white = Client::connect(a.addr, &id, Some(&white_token)).await;
    let mut black = Client::connect(b.addr, &id, Some(&black_token)).await;
    white.recv_type("state").await;
    black.recv_type("state").await;
    resign(&mut white).await;
    black.recv_type("moved").await;
    // An offer made on A reaches B...
    white.send(json!({"type": "rematch"})).await;
    assert_eq!(black.recv_type("rematch_offered").await["by"], "white");
    // ... and a decline on B reaches A.
    black
        .send(json!({"type": "rematch_answer", "accept": false}))
        .await;
    assert_eq!(white.recv_type("rematch_declined").await["by"], "black");
    // Then both offer at once.
    white.send(json!({"type": "rematch"})).await;
    black.send(json!({"type": "rematch"})).await;
    let on_a = white.recv_type("rematch_ready").await["game"].clone();
    let on_b = black.recv_type("rematch_ready").await["game"].clone();
    assert_eq!(on_a, on_b);
    assert_eq!(
        a.state.rooms.store().list("live", 10).await.unwrap().len(),
        1
    );
    let new_id = on_a.as_str().unwrap();
    assert_eq!(state_of(b.addr, new_id, &white_token).await["you"], "black");
    drop((a, b));
    pg_drop_schema(&url).await;
}
