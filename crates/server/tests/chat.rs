//! The chat over a real socket: the players' and the spectators' chats stay apart, bad and
//! too frequent lines are refused, lines are stored (in the state after a reconnection, in
//! the record once the game is over) and cross instances on PostgreSQL.

mod common;

use common::{Client, classic_game, http, pg_database, pg_drop_schema, server};
use serde_json::{Value, json};

/// Says `text` in `client`'s channel.
async fn say(client: &mut Client, text: &str) {
    client.send(json!({"type": "chat", "text": text})).await;
}

/// The next chat line `client` is told.
async fn heard(client: &mut Client) -> Value {
    client.recv_type("chat").await
}

/// The texts of a list of chat lines.
fn texts(lines: &Value) -> Vec<&str> {
    lines
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn each_chat_reaches_its_channel_only() {
    let s = server().await;
    let (id, black_token, invite) = classic_game(&s.state).await;
    let mut black = Client::connect(s.addr, &id, Some(&black_token)).await;
    let mut white = Client::join(s.addr, &id, &invite).await;
    let mut watcher = Client::connect(s.addr, &id, None).await;
    black.play(2, 2).await;
    white.recv_type("moved").await;

    say(&mut black, "  good luck  ").await;
    let line = heard(&mut white).await;
    assert_eq!(line["channel"], "players");
    assert_eq!(
        (&line["color"], &line["from"]),
        (&json!("black"), &json!("black"))
    );
    assert_eq!(
        (&line["text"], &line["move"]),
        (&json!("good luck"), &json!(1))
    );
    assert!(line["at_ms"].as_i64().unwrap() > 0);
    assert_eq!(
        heard(&mut black).await["text"],
        "good luck",
        "the sayer too"
    );

    // The watcher's first chat line is its own: it never heard the players'.
    say(&mut watcher, "nice opening").await;
    let own = heard(&mut watcher).await;
    assert_eq!(
        (&own["text"], &own["channel"]),
        (&json!("nice opening"), &json!("spectators"))
    );
    assert_eq!(
        (&own["color"], &own["from"]),
        (&Value::Null, &json!("spectator"))
    );
    // And the players' next line is White's: the watcher's never reached them.
    say(&mut white, "thanks").await;
    assert_eq!(heard(&mut black).await["text"], "thanks");
    assert_eq!(heard(&mut white).await["text"], "thanks");
    say(&mut watcher, "second").await;
    assert_eq!(heard(&mut watcher).await["text"], "second");
    assert!(black.silent(300).await, "nothing more for Black");
}

#[tokio::test]
async fn empty_long_and_control_lines_are_refused() {
    let s = server().await;
    let (id, black_token, _) = classic_game(&s.state).await;
    let mut black = Client::connect(s.addr, &id, Some(&black_token)).await;
    black.recv_type("state").await;
    for (text, reason) in [
        (" \n ".to_owned(), "chat-empty"),
        ("x".repeat(501), "chat-too-long"),
        ("ring\u{7}".to_owned(), "chat-control"),
    ] {
        say(&mut black, &text).await;
        let refused = black.recv().await;
        assert_eq!(refused["type"], "refused", "{refused}");
        assert_eq!(refused["reason"], reason, "{refused}");
    }
    // 500 characters (not bytes) is the limit; markup stays text.
    let long = format!("<b>{}</b>", "é".repeat(493));
    say(&mut black, &long).await;
    assert_eq!(heard(&mut black).await["text"], long);
}

#[tokio::test]
async fn a_connection_says_five_lines_at_once_then_waits() {
    let s = server().await;
    let (id, black_token, _) = classic_game(&s.state).await;
    let mut black = Client::connect(s.addr, &id, Some(&black_token)).await;
    black.recv_type("state").await;
    for i in 0..6 {
        say(&mut black, &format!("line {i}")).await;
    }
    let mut said = 0;
    let mut refused = Vec::new();
    while said + refused.len() < 6 {
        let m = black.recv().await;
        match m["type"].as_str() {
            Some("chat") => said += 1,
            Some("refused") => refused.push(m["reason"].clone()),
            _ => {}
        }
    }
    assert_eq!((said, refused), (5, vec![json!("too-often")]));
}

#[tokio::test]
async fn chat_is_stored_in_the_state_and_in_the_finished_record() {
    let s = server().await;
    let (id, black_token, invite) = classic_game(&s.state).await;
    let mut black = Client::connect(s.addr, &id, Some(&black_token)).await;
    let mut white = Client::join(s.addr, &id, &invite).await;
    let mut watcher = Client::connect(s.addr, &id, None).await;
    say(&mut black, "hello").await;
    heard(&mut white).await;
    black.play(2, 2).await;
    white.recv_type("moved").await;
    say(&mut white, "hi").await;
    heard(&mut black).await;
    say(&mut watcher, "who wins?").await;
    heard(&mut watcher).await;

    // A new connection gets its channel's chat so far in the state.
    let mut again = Client::connect(s.addr, &id, Some(&black_token)).await;
    let state = again.recv_type("state").await["state"].clone();
    assert_eq!(texts(&state["chat"]), ["hello", "hi"]);
    let mut watcher2 = Client::connect(s.addr, &id, None).await;
    let state = watcher2.recv_type("state").await["state"].clone();
    assert_eq!(texts(&state["chat"]), ["who wins?"]);

    // While the game is played its record holds no chat: anyone may download it.
    let (_, record) = http(s.addr, "GET", &format!("/api/games/{id}/record"), "").await;
    let record: Value = serde_json::from_str(&record).unwrap();
    assert!(record.get("chat").is_none(), "{record}");

    white.send(json!({"type": "resign"})).await;
    black.recv_type("moved").await;
    let (_, record) = http(s.addr, "GET", &format!("/api/games/{id}/record"), "").await;
    let record: Value = serde_json::from_str(&record).unwrap();
    let chat = &record["chat"];
    assert_eq!(texts(chat), ["hello", "hi", "who wins?"], "{record}");
    assert_eq!(chat[0]["move"], 0);
    assert_eq!(chat[1]["move"], 1);
    assert_eq!(chat[1]["color"], "white");
    assert_eq!(chat[2]["channel"], "spectators");
    // The record still reads as a record, and the replay carries the chat.
    stonefield_record::Record::from_value(&record).unwrap();
    let (status, replay) = http(s.addr, "GET", &format!("/api/games/{id}/replay"), "").await;
    assert_eq!(status, 200, "{replay}");
    let replay: Value = serde_json::from_str(&replay).unwrap();
    assert_eq!(replay["chat"], *chat);
}

/// On PostgreSQL a line said through one instance reaches the channel's connections on
/// another.
#[tokio::test]
async fn chat_crosses_instances() {
    let Some(url) = pg_database().await else {
        return;
    };
    let a = common::server_on(&url).await;
    let b = common::server_on(&url).await;
    let (id, black_token, invite) = classic_game(&a.state).await;
    let mut black = Client::connect(a.addr, &id, Some(&black_token)).await;
    let mut white = Client::join(b.addr, &id, &invite).await;
    let mut watch_a = Client::connect(a.addr, &id, None).await;
    let mut watch_b = Client::connect(b.addr, &id, None).await;
    for c in [&mut black, &mut white, &mut watch_a, &mut watch_b] {
        c.recv_type("state").await;
    }
    say(&mut black, "from A").await;
    assert_eq!(heard(&mut white).await["text"], "from A");
    say(&mut watch_b, "watching on B").await;
    assert_eq!(heard(&mut watch_a).await["text"], "watching on B");
    say(&mut white, "from B").await;
    assert_eq!(heard(&mut black).await["text"], "from A");
    assert_eq!(heard(&mut black).await["text"], "from B");
    // Both instances hold the same chat, in the same order.
    let mut late = Client::connect(b.addr, &id, Some(&black_token)).await;
    let state = late.recv_type("state").await["state"].clone();
    assert_eq!(texts(&state["chat"]), ["from A", "from B"]);
    assert_eq!(heard(&mut watch_b).await["text"], "watching on B");
    assert!(
        watch_b.silent(300).await,
        "no players' line reached a watcher"
    );
    drop((a, b));
    pg_drop_schema(&url).await;
}

/// A line whose place another instance took (written here straight into the table,
/// unannounced) is stored at the next place, after the room told the line it missed.
#[tokio::test]
async fn a_line_that_loses_its_place_comes_after_the_missed_one() {
    let Some(url) = pg_database().await else {
        return;
    };
    let s = common::server_on(&url).await;
    let (id, black_token, invite) = classic_game(&s.state).await;
    let mut black = Client::connect(s.addr, &id, Some(&black_token)).await;
    let mut white = Client::join(s.addr, &id, &invite).await;
    black.recv_type("state").await;
    use sqlx::Connection;
    let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
    sqlx::query(
        "INSERT INTO chat (game_id, seq, channel, color, sender, body, at_ms, moves) \
         VALUES ($1, 0, 'players', 'white', 'white', 'first', 1, 0)",
    )
    .bind(&id)
    .execute(&mut conn)
    .await
    .unwrap();
    say(&mut black, "second").await;
    assert_eq!(heard(&mut white).await["text"], "first");
    assert_eq!(heard(&mut white).await["text"], "second");
    let stored = s.state.rooms.store().chat_after(&id, -1).await.unwrap();
    let places: Vec<(i64, &str)> = stored.iter().map(|l| (l.seq, l.text.as_str())).collect();
    assert_eq!(places, [(0, "first"), (1, "second")]);
    drop(s);
    pg_drop_schema(&url).await;
}
