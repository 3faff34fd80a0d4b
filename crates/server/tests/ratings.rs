//! Rated games between accounts over a real socket: who may take the second seat, the
//! accounts and ratings in the game's state, both ratings moved exactly once when the game
//! ends (also with the room open on a second instance, and the end stored again), the
//! players' profiles and their lists of games, and the record's accounts and rated flag.

mod common;

use std::net::SocketAddr;

use common::Client;
use common::accounts::{account, call};
use serde_json::{Value, json};
use stonefield_server::store::Store;

const PASSWORD: &str = "correct horse battery";

/// Creates a rated private 9x9 game as `cookie`'s account (Black): (id, token, invite).
async fn rated_game(addr: SocketAddr, cookie: &str) -> (String, String, String) {
    let body = json!({
        "variant": "classic", "rules": {"board_size": 9}, "seats": "private", "rated": true,
    });
    let a = call(
        addr,
        "POST",
        "/api/games",
        Some(cookie),
        "",
        &body.to_string(),
    )
    .await;
    assert_eq!(a.status, 200, "{:?}", a.body);
    let s = |k: &str| a.body[k].as_str().unwrap().to_owned();
    (s("id"), s("token"), s("invite"))
}

/// `POST /api/games/{id}/claim` with `invite`, as `cookie`'s account if any.
async fn claim(addr: SocketAddr, id: &str, invite: &str, cookie: Option<&str>) -> (u16, Value) {
    let body = json!({"invite": invite}).to_string();
    let a = call(
        addr,
        "POST",
        &format!("/api/games/{id}/claim"),
        cookie,
        "",
        &body,
    )
    .await;
    (a.status, a.body)
}

/// GET `path` as JSON, expecting 200.
async fn get(addr: SocketAddr, path: &str, cookie: Option<&str>) -> Value {
    let a = call(addr, "GET", path, cookie, "", "").await;
    assert_eq!(a.status, 200, "{path}: {:?}", a.body);
    a.body
}

#[tokio::test]
async fn rated_games_need_two_accounts_and_a_person() {
    let s = common::server().await;
    let body = json!({"variant": "classic", "rules": {"board_size": 9}, "rated": true});
    let anonymous = call(s.addr, "POST", "/api/games", None, "", &body.to_string()).await;
    assert_eq!(anonymous.status, 403, "{:?}", anonymous.body);
    let alice = account(s.addr, "Alice", PASSWORD).await;
    let computer = json!({"variant": "classic", "rated": true, "computer_level": 1});
    let refused = call(
        s.addr,
        "POST",
        "/api/games",
        Some(&alice),
        "",
        &computer.to_string(),
    )
    .await;
    assert_eq!(refused.status, 400);
    let (id, _, invite) = rated_game(s.addr, &alice).await;
    let (status, answer) = claim(s.addr, &id, &invite, None).await;
    assert_eq!(status, 403, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("sign in"),
        "{answer}"
    );
    let (status, answer) = claim(s.addr, &id, &invite, Some(&alice)).await;
    assert_eq!(status, 403, "{answer}");
    let bob = account(s.addr, "Bob", PASSWORD).await;
    let (status, answer) = claim(s.addr, &id, &invite, Some(&bob)).await;
    assert_eq!(
        (status, answer["color"].as_str()),
        (200, Some("white")),
        "{answer}"
    );
}

#[tokio::test]
async fn a_rated_game_moves_both_ratings_once_and_shows_on_the_profiles() {
    let s = common::server().await;
    play_rated_to_resignation(s.addr, s.addr, s.state.rooms.store()).await;
}

/// Alice (Black, on `a`) and Bob (White, joining on `b`) play a rated game that Bob
/// resigns; every check of the ratings, profiles, game lists and the record. Returns their
/// session cookies.
async fn play_rated_to_resignation(
    a: SocketAddr,
    b: SocketAddr,
    store: &Store,
) -> (String, String) {
    let alice = account(a, "Alice", PASSWORD).await;
    let bob = account(b, "Bob", PASSWORD).await;
    let (id, token, invite) = rated_game(a, &alice).await;
    let (status, seat) = claim(b, &id, &invite, Some(&bob)).await;
    assert_eq!(status, 200, "{seat}");
    let mut black = Client::connect(a, &id, Some(&token)).await;
    let mut white = Client::connect(b, &id, seat["token"].as_str()).await;
    let mut watcher = Client::connect(b, &id, None).await;
    let state = black.recv_type("state").await["state"].clone();
    assert_eq!(state["rated"], true);
    assert_eq!(state["accounts"], json!({"black": "Alice", "white": "Bob"}));
    assert_eq!(state["names"], json!({"black": "Alice", "white": "Bob"}));
    assert_eq!(state["ratings"], json!({"black": 1500.0, "white": 1500.0}));
    white.recv_type("state").await;

    // Alice's list: the game is ongoing and her turn.
    let mine = get(a, "/api/me/games", Some(&alice)).await;
    let row = &mine["games"][0];
    assert_eq!(
        (row["id"].as_str(), row["color"].as_str()),
        (Some(id.as_str()), Some("black"))
    );
    assert_eq!(
        (row["your_turn"].as_bool(), row["rated"].as_bool()),
        (Some(true), Some(true))
    );
    let theirs = get(b, "/api/me/games", Some(&bob)).await;
    assert_eq!(theirs["games"][0]["your_turn"], false);

    black.play(2, 2).await;
    black.recv_type("moved").await;
    white.recv_type("moved").await;
    white.send(json!({"type": "resign"})).await;
    for c in [&mut black, &mut white] {
        assert_eq!(c.recv_type("moved").await["result"], "B+R");
    }
    // The state sent after the end carries the new ratings.
    let after = loop {
        let st = watcher.recv_type("state").await["state"].clone();
        if st["ratings"]["black"].as_f64() != Some(1500.0) {
            break st;
        }
    };
    let (up, down) = (
        after["ratings"]["black"].as_f64().unwrap(),
        after["ratings"]["white"].as_f64().unwrap(),
    );
    assert!(up > 1500.0 && down < 1500.0, "{after}");

    // Storing the end again (as a second instance would) moves nothing.
    store
        .set_status(&id, None, "finished", Some("B+R"))
        .await
        .unwrap();
    let profile = get(a, "/api/players/alice", None).await;
    let classic = &profile["ratings"]["classic"];
    assert_eq!(
        (profile["name"].as_str(), classic["games"].as_i64()),
        (Some("Alice"), Some(1))
    );
    assert_eq!(classic["rating"].as_f64(), Some(up));
    assert_eq!(classic["history"].as_array().unwrap().len(), 1);
    assert_eq!(classic["history"][0]["game"], id.as_str());
    assert_eq!(
        (profile["wins"].as_i64(), profile["losses"].as_i64()),
        (Some(1), Some(0))
    );
    let game = &profile["games"][0];
    assert_eq!(
        (game["id"].as_str(), game["result"].as_str()),
        (Some(id.as_str()), Some("B+R"))
    );
    assert_eq!(
        (game["black"].as_str(), game["white"].as_str()),
        (Some("Alice"), Some("Bob"))
    );
    assert_eq!(game["rated"], true);
    let loser = get(b, "/api/players/Bob", None).await;
    assert_eq!(loser["ratings"]["classic"]["rating"].as_f64(), Some(down));
    assert_eq!(loser["ratings"]["classic"]["games"], 1);
    assert_eq!(
        (loser["wins"].as_i64(), loser["losses"].as_i64()),
        (Some(0), Some(1))
    );
    assert_eq!(loser["ratings"]["margo"]["games"], 0);
    let me = get(b, "/api/me", Some(&bob)).await;
    assert_eq!(me["ratings"]["classic"]["rating"].as_f64(), Some(down));
    assert_eq!(
        call(a, "GET", "/api/players/nobody", None, "", "")
            .await
            .status,
        404
    );

    // Finished, the game is listed after ongoing ones.
    let (other, _, _) = rated_game(a, &alice).await;
    let mine = get(a, "/api/me/games", Some(&alice)).await;
    let ids: Vec<&str> = mine["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [other.as_str(), id.as_str()]);
    assert_eq!(mine["games"][1]["result"], "B+R");

    // The record names the accounts and says the game was rated.
    let record = get(a, &format!("/api/games/{id}/record"), None).await;
    assert_eq!(record["rated"], true);
    assert_eq!(
        record["accounts"],
        json!({"black": "Alice", "white": "Bob"})
    );
    (alice, bob)
}

#[tokio::test]
async fn two_instances_seeing_the_end_move_the_ratings_once() {
    let Some(url) = common::pg_database().await else {
        return;
    };
    let (a, b) = (common::server_on(&url).await, common::server_on(&url).await);
    let (alice, bob) = play_rated_to_resignation(a.addr, b.addr, b.state.rooms.store()).await;
    // Both instances store the end of another rated game at the same moment: one of them
    // moves the ratings.
    let (id, _, invite) = rated_game(a.addr, &alice).await;
    assert_eq!(claim(b.addr, &id, &invite, Some(&bob)).await.0, 200);
    let (on_a, on_b) = (a.state.rooms.store(), b.state.rooms.store());
    let (x, y) = tokio::join!(
        on_a.set_status(&id, None, "finished", Some("W+T")),
        on_b.set_status(&id, None, "finished", Some("W+T")),
    );
    x.unwrap();
    y.unwrap();
    for name in ["Alice", "Bob"] {
        let profile = get(a.addr, &format!("/api/players/{name}"), None).await;
        let classic = &profile["ratings"]["classic"];
        assert_eq!(classic["games"], 2, "{profile}");
        assert_eq!(classic["history"].as_array().unwrap().len(), 2, "{profile}");
    }
    drop((a, b));
    common::pg_drop_schema(&url).await;
}

#[tokio::test]
async fn a_seat_taken_without_an_account_stays_anonymous_in_the_record() {
    let s = common::server().await;
    let (id, _, invite) = common::classic_game(&s.state).await;
    let cookie = account(s.addr, "Mira", PASSWORD).await;
    let (status, _) = claim(s.addr, &id, &invite, Some(&cookie)).await;
    assert_eq!(status, 200);
    let record = get(s.addr, &format!("/api/games/{id}/record"), None).await;
    assert_eq!(record["accounts"], json!({"black": null, "white": "Mira"}));
    assert_eq!(record["players"]["white"]["name"], "Mira");
    assert!(record.get("rated").is_none(), "{record}");
    // An older record (no accounts, no rated flag) and this one both load.
    for text in [
        record.to_string(),
        json!({"variant": "classic", "moves": []}).to_string(),
    ] {
        stonefield_record::Record::from_json(&text).unwrap();
    }
}
