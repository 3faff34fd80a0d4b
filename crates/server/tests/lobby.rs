//! Issue 13's lobby and records over real sockets: names given on creating and on taking
//! the seat reach every page's state and the lobby rows (bad ones refused with 400),
//! private games are in no list, idle games without a clock leave the live list, and the
//! record of a game that ended by an accepted count replays to the same result.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::{Client, Server, http};
use serde_json::{Value, json};
use stonefield_server::Config;

/// A server on a real socket whose lobby drops unclocked games idle for `idle_after`.
async fn serve(idle_after: Duration) -> Server {
    common::server_with(Config {
        idle_after,
        ..Config::default()
    })
    .await
}

async fn post(addr: SocketAddr, path: &str, body: &Value) -> (u16, Value) {
    let (status, text) = http(addr, "POST", path, &body.to_string()).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Creates a 9x9 game; `extra` fields are added to the body. Returns the answer.
async fn create(addr: SocketAddr, extra: Value) -> (u16, Value) {
    let mut body = json!({"variant": "classic", "rules": {"board_size": 9, "komi": 6.5}});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    post(addr, "/api/games", &body).await
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("no {key} in {v}"))
}

async fn lists(addr: SocketAddr) -> Value {
    let (status, body) = http(addr, "GET", "/api/games", "").await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// The row of game `id` in the lobby's list `which`, if listed.
async fn row_in(addr: SocketAddr, which: &str, id: &str) -> Option<Value> {
    let all = lists(addr).await;
    all[which]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id)
        .cloned()
}

/// Reads states until one satisfies `done`.
async fn state_until(c: &mut Client, done: impl Fn(&Value) -> bool) -> Value {
    loop {
        let st = c.recv_type("state").await["state"].clone();
        if done(&st) {
            return st;
        }
    }
}

#[tokio::test]
async fn names_given_on_creating_and_joining_reach_the_state_and_the_lobby() {
    let s = serve(Duration::from_secs(1800)).await;
    let (status, game) = create(s.addr, json!({"seats": "open", "name": "  Ann  "})).await;
    assert_eq!(status, 200, "{game}");
    let id = text(&game, "id");
    let open = row_in(s.addr, "open", id).await.expect("listed as open");
    assert_eq!(open["names"], json!({"black": "Ann", "white": null}));
    assert_eq!(open["moves"], 0);
    assert!(open["active_ms"].as_i64().unwrap() >= open["created_ms"].as_i64().unwrap());

    let mut black = Client::connect(s.addr, id, Some(text(&game, "token"))).await;
    let st = black.recv_type("state").await["state"].clone();
    assert_eq!(st["names"], json!({"black": "Ann", "white": null}));

    let claim = format!("/api/games/{id}/claim");
    let (status, seat) = post(s.addr, &claim, &json!({"name": "Bob"})).await;
    assert_eq!(status, 200, "{seat}");
    // The claim is told to everyone, name included.
    let st = state_until(&mut black, |st| st["status"] == "live").await;
    assert_eq!(st["names"], json!({"black": "Ann", "white": "Bob"}));
    let mut white = Client::connect(s.addr, id, Some(text(&seat, "token"))).await;
    assert_eq!(
        white.recv_type("state").await["state"]["names"]["white"],
        "Bob"
    );

    black.play(2, 2).await;
    white.recv_type("moved").await;
    let live = row_in(s.addr, "live", id).await.expect("listed as live");
    assert_eq!(live["names"], json!({"black": "Ann", "white": "Bob"}));
    assert_eq!(live["moves"], 1);
    assert_eq!(live["time_control"], json!({"kind": "none"}));

    // A move taken back is not counted (the log keeps it, with the undo after it).
    white.play(6, 6).await;
    black.recv_type("moved").await;
    black.send(json!({"type": "undo_request"})).await;
    white.recv_type("undo_requested").await;
    white
        .send(json!({"type": "undo_answer", "accept": true}))
        .await;
    state_until(&mut black, |st| st["seq"] == 1).await;
    let live = row_in(s.addr, "live", id).await.expect("listed as live");
    assert_eq!(live["moves"], 1, "{live}");
}

#[tokio::test]
async fn bad_names_are_refused_with_400_and_take_no_seat() {
    let s = serve(Duration::from_secs(1800)).await;
    for bad in [
        json!(""),
        json!("   "),
        json!("x".repeat(41)),
        json!("a\nb"),
        json!(7),
    ] {
        let (status, answer) = create(s.addr, json!({"name": bad})).await;
        assert_eq!(status, 400, "{bad}: {answer}");
        assert!(text(&answer, "error").starts_with("name:"), "{answer}");
    }
    let (status, game) = create(s.addr, json!({"seats": "open", "name": null})).await;
    assert_eq!(status, 200, "a null name is no name: {game}");
    let id = text(&game, "id");
    let claim = format!("/api/games/{id}/claim");
    let (status, answer) = post(s.addr, &claim, &json!({"name": "\u{1b}[31m"})).await;
    assert_eq!(status, 400, "{answer}");
    // The seat is still free, for a good name.
    let (status, answer) = post(s.addr, &claim, &json!({"name": "é".repeat(40)})).await;
    assert_eq!(status, 200, "{answer}");
    let live = row_in(s.addr, "live", id).await.expect("live");
    assert_eq!(
        live["names"],
        json!({"black": null, "white": "é".repeat(40)})
    );
}

#[tokio::test]
async fn private_games_are_in_no_list() {
    let s = serve(Duration::from_secs(1800)).await;
    let (_, private) = create(s.addr, json!({"seats": "private", "name": "Ann"})).await;
    let (_, open) = create(s.addr, json!({"seats": "open"})).await;
    let (p, o) = (text(&private, "id"), text(&open, "id"));
    assert!(row_in(s.addr, "open", p).await.is_none());
    assert!(row_in(s.addr, "open", o).await.is_some());
    let white = |game: &Value| {
        let invite = text(game, "invite").to_owned();
        let id = text(game, "id").to_owned();
        async move { common::claimed_token(s.addr, &id, &invite).await }
    };
    let (pw, ow) = (white(&private).await, white(&open).await);
    assert!(row_in(s.addr, "live", p).await.is_none());
    assert!(row_in(s.addr, "live", o).await.is_some());
    for (id, token) in [(p, &pw), (o, &ow)] {
        let mut c = Client::connect(s.addr, id, Some(token)).await;
        c.recv_type("state").await;
        c.send(json!({"type": "resign"})).await;
        c.recv_type("moved").await;
    }
    assert!(row_in(s.addr, "finished", p).await.is_none());
    let done = row_in(s.addr, "finished", o).await.expect("finished");
    assert_eq!(done["result"], "B+R");
}

#[tokio::test]
async fn a_game_without_a_clock_leaves_the_live_list_once_idle() {
    // Idle at once: the unclocked game leaves `live` as soon as a millisecond passes with
    // no move; the clocked one stays.
    let s = serve(Duration::ZERO).await;
    let clock = json!({"kind": "absolute", "main_ms": 600_000});
    let (_, idle) = create(s.addr, json!({"seats": "open"})).await;
    let (_, clocked) = create(s.addr, json!({"seats": "open", "time_control": clock})).await;
    for g in [&idle, &clocked] {
        common::claimed_token(s.addr, text(g, "id"), text(g, "invite")).await;
    }
    let mut gone = false;
    for _ in 0..10_000 {
        if row_in(s.addr, "live", text(&idle, "id")).await.is_none() {
            gone = true;
            break;
        }
    }
    assert!(gone, "the idle game left the live list");
    let row = row_in(s.addr, "live", text(&clocked, "id")).await;
    assert_eq!(row.expect("the clocked game stays")["time_control"], clock);
    // The default (30 minutes) keeps a fresh game listed.
    let patient = serve(Duration::from_secs(1800)).await;
    let (_, fresh) = create(patient.addr, json!({"seats": "open"})).await;
    common::claimed_token(patient.addr, text(&fresh, "id"), text(&fresh, "invite")).await;
    assert!(
        row_in(patient.addr, "live", text(&fresh, "id"))
            .await
            .is_some()
    );
}

#[test]
fn idle_after_reads_durations_with_units() {
    use stonefield_server::parse_duration;
    assert_eq!(parse_duration("30m"), Ok(Duration::from_secs(1800)));
    assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
    assert_eq!(parse_duration("2h"), Ok(Duration::from_secs(7200)));
    assert_eq!(parse_duration("1d"), Ok(Duration::from_secs(86_400)));
    assert!(parse_duration("soon").is_err());
    assert!(parse_duration("5w").is_err());
}

/// A finished game with a dead stone marked: the downloaded record holds names, date,
/// clock and the marks, and replays (the record crate's replay, which `stonefield replay`
/// runs, and the replay API) to the same result, with the count in the last frame.
#[tokio::test]
async fn a_downloaded_record_replays_to_the_same_result_marks_included() {
    let s = serve(Duration::from_secs(1800)).await;
    let body = json!({"seats": "private", "name": "Ann", "rules": {"board_size": 9, "komi": 6.5, "preset": "japanese"}});
    let (_, game) = create(s.addr, body).await;
    let id = text(&game, "id");
    let claim = format!("/api/games/{id}/claim");
    let invite = text(&game, "invite");
    let (_, seat) = post(s.addr, &claim, &json!({"invite": invite, "name": "Bob"})).await;
    let mut black = Client::connect(s.addr, id, Some(text(&game, "token"))).await;
    let mut white = Client::connect(s.addr, id, Some(text(&seat, "token"))).await;
    black.recv_type("state").await;
    white.recv_type("state").await;
    black.play(4, 4).await;
    white.recv_type("moved").await;
    white.play(0, 0).await;
    black.recv_type("moved").await;
    black.send(json!({"type": "pass"})).await;
    white.recv_type("moved").await;
    white.send(json!({"type": "pass"})).await;
    black.recv_type("moved").await;
    white
        .send(json!({"type": "toggle_dead", "at": [0, 0]}))
        .await;
    state_until(&mut black, |st| {
        st["view"]["dead"] == json!([[0, 0, "white"]])
    })
    .await;
    black.send(json!({"type": "accept"})).await;
    white.send(json!({"type": "accept"})).await;
    let end = state_until(&mut black, |st| st["status"] == "finished").await;
    let result = text(&end, "result").to_owned();

    let (status, record) = http(s.addr, "GET", &format!("/api/games/{id}/record"), "").await;
    assert_eq!(status, 200, "{record}");
    let v: Value = serde_json::from_str(&record).unwrap();
    assert_eq!(v["dead"], json!([[0, 0, "white"]]));
    assert_eq!(v["players"]["black"]["name"], "Ann");
    assert_eq!(v["players"]["white"]["name"], "Bob");
    assert_eq!(v["time_control"], json!({"kind": "none"}));
    assert_eq!(v["date"].as_str().map(str::len), Some(10));

    let parsed = stonefield_record::Record::from_json(&record).unwrap();
    let report = stonefield_record::replay(&parsed).unwrap();
    assert_eq!(report.final_view["result"], result.as_str());

    let (status, frames) = http(s.addr, "POST", "/api/replay?count=1", &record).await;
    assert_eq!(status, 200, "{frames}");
    let frames: Value = serde_json::from_str(&frames).unwrap();
    let last = &frames["frames"][0];
    assert_eq!(last["view"]["dead"], json!([[0, 0, "white"]]));
    let total = &last["count"]["total"];
    let (b, w) = (
        total["black"].as_f64().unwrap(),
        total["white"].as_f64().unwrap(),
    );
    let margin = format!("{}+{}", if b > w { "B" } else { "W" }, (b - w).abs());
    assert_eq!(margin, result, "the last frame's count gives the result");
    assert!(!last["count"]["owned"].as_array().unwrap().is_empty());

    let (status, sgf) = http(s.addr, "GET", &format!("/api/games/{id}/sgf"), "").await;
    assert_eq!(status, 200, "{sgf}");
    for prop in [
        "PB[Ann]",
        "PW[Bob]",
        "RU[Japanese]",
        &format!("RE[{result}]"),
        "TB[",
        "DT[",
    ] {
        assert!(sgf.contains(prop), "{prop} in {sgf}");
    }
}

#[tokio::test]
async fn a_player_seated_without_a_name_may_name_the_seat() {
    let s = serve(Duration::from_secs(1800)).await;
    let (_, game) = create(s.addr, json!({"seats": "private"})).await;
    let id = text(&game, "id");
    let token = common::claimed_token(s.addr, id, text(&game, "invite")).await;
    let mut black = Client::connect(s.addr, id, Some(text(&game, "token"))).await;
    let mut white = Client::connect(s.addr, id, Some(&token)).await;
    let mut watcher = Client::connect(s.addr, id, None).await;
    for c in [&mut black, &mut white, &mut watcher] {
        assert_eq!(
            c.recv_type("state").await["state"]["names"]["white"],
            Value::Null
        );
    }
    white.send(json!({"type": "name", "name": "a\tb"})).await;
    assert_eq!(white.recv_type("refused").await["reason"], "bad-name");
    watcher.send(json!({"type": "name", "name": "Eve"})).await;
    assert_eq!(watcher.recv_type("refused").await["reason"], "spectator");
    white.send(json!({"type": "name", "name": " Zoe "})).await;
    let st = state_until(&mut black, |st| st["names"]["white"] == "Zoe").await;
    assert_eq!(st["names"], json!({"black": null, "white": "Zoe"}));
    let (_, record) = http(s.addr, "GET", &format!("/api/games/{id}/record"), "").await;
    let record: Value = serde_json::from_str(&record).unwrap();
    assert_eq!(record["players"]["white"]["name"], "Zoe");
    assert_eq!(record["players"]["black"]["name"], "Black");
}
