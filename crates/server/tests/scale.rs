//! Several instances on one PostgreSQL database serve one game: players and spectators
//! on different instances see the same game, two moves for the same turn through two
//! instances give one move and one refusal, an instance killed with SIGKILL loses no
//! acknowledged move, and a flag falls once. Skipped without PostgreSQL at 127.0.0.1
//! (`STONEFIELD_REQUIRE_PG=1` makes that a failure).

mod common;

use std::net::SocketAddr;
use stonefield_server::store::EventKind;

use common::{Client, PG_URL, Process, Server, claimed_token, http, pg_database, pg_drop_schema};
use serde_json::{Value, json};
use stonefield_server::clock::TimeControl;
use stonefield_server::store::Store;
use stonefield_server::{CreatedGame, NewGame, new_game};

/// A move as `[colour, point or "pass"/"resign"]`, from a stored body or a report.
fn key(colour: &Value, at: Option<&Value>, other: &str) -> Value {
    json!([colour, at.cloned().unwrap_or_else(|| other.into())])
}

fn stored_key(body: &Value) -> Value {
    let other = if body["resign"] == true {
        "resign"
    } else {
        "pass"
    };
    key(&body["color"], body.get("at"), other)
}

fn report_key(report: &Value) -> Value {
    let result = report["result"].as_str().unwrap_or("");
    let at = (result == "placed").then(|| &report["at"]);
    key(&report["color"], at, result)
}

/// A connection and the game as it has been told: every `moved` must come right after
/// the last one it knows (no gap, no duplicate, no fork).
struct View {
    name: &'static str,
    client: Client,
    moves: Vec<Value>,
    status: Value,
    result: Value,
}

impl View {
    async fn connect(name: &'static str, addr: SocketAddr, id: &str, token: Option<&str>) -> View {
        let mut view = View {
            name,
            client: Client::connect(addr, id, token).await,
            moves: Vec::new(),
            status: Value::Null,
            result: Value::Null,
        };
        view.until(|m| m["type"] == "state").await;
        view
    }

    async fn next(&mut self) -> Value {
        let m = self.client.recv().await;
        match m["type"].as_str() {
            Some("state") => {
                let st = &m["state"];
                self.moves = st["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(stored_key)
                    .collect();
                assert_eq!(st["seq"], self.moves.len(), "{}: {st}", self.name);
                self.status = st["status"].clone();
                self.result = st["result"].clone();
            }
            Some("moved") => {
                assert_eq!(
                    m["seq"],
                    self.moves.len() + 1,
                    "{}: each move once, in order: {m}",
                    self.name
                );
                self.moves.push(report_key(&m["report"]));
                self.result = m["result"].clone();
                if !self.result.is_null() {
                    self.status = "finished".into();
                }
            }
            _ => {}
        }
        m
    }

    async fn until(&mut self, done: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self.next().await;
            if done(&m) {
                return m;
            }
        }
    }

    /// Reads until the game has `n` moves.
    async fn moves_reach(&mut self, n: usize) {
        while self.moves.len() != n {
            self.next().await;
        }
    }

    async fn play(&mut self, x: u32, y: u32) {
        self.client.play(x, y).await;
    }
}

/// `POST /api/games`: a private 9x9 classic game created by Black; (id, token, invite).
async fn create_game(addr: SocketAddr) -> (String, String, String) {
    let created = create_game_with(addr, json!({})).await;
    let field = |k: &str| created[k].as_str().unwrap().to_owned();
    (field("id"), field("token"), field("invite"))
}

/// `POST /api/games` of a 9x9 classic game created by Black, with the fields of `more`:
/// the answer.
async fn create_game_with(addr: SocketAddr, more: Value) -> Value {
    let mut body = json!({"variant": "classic", "rules": {"board_size": 9}, "color": "black"});
    for (k, v) in more.as_object().unwrap() {
        body[k] = v.clone();
    }
    let (status, text) = http(addr, "POST", "/api/games", &body.to_string()).await;
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap()
}

/// Everyone reads until the game has `n` moves.
async fn all_reach(views: &mut [&mut View], n: usize) {
    for v in views.iter_mut() {
        v.moves_reach(n).await;
    }
}

#[tokio::test]
async fn two_instances_serve_one_game_through_a_race_and_a_sigkill() {
    let Some(url) = pg_database().await else {
        return;
    };
    let mut a = Process::on(Some(&url));
    let b = Process::on(Some(&url));
    let (id, bt, invite) = create_game(a.addr).await;
    // Black waits on A; White takes the seat on B, and A hears of it.
    let mut black = View::connect("black@A", a.addr, &id, Some(&bt)).await;
    let wt = claimed_token(b.addr, &id, &invite).await;
    black.until(|m| m["state"]["status"] == "live").await;
    let mut white = View::connect("white@B", b.addr, &id, Some(&wt)).await;
    let mut watch_a = View::connect("watcher@A", a.addr, &id, None).await;
    let mut watch_b = View::connect("watcher@B", b.addr, &id, None).await;

    // Moves acknowledged to their player, in order.
    let mut acked: Vec<Value> = Vec::new();
    for i in 0..6u32 {
        let (x, y) = (i, if i % 2 == 0 { 0 } else { 8 });
        let mover = if i % 2 == 0 { &mut black } else { &mut white };
        mover.play(x, y).await;
        mover.moves_reach(acked.len() + 1).await;
        acked.push(mover.moves.last().unwrap().clone());
        all_reach(
            &mut [&mut black, &mut white, &mut watch_a, &mut watch_b],
            acked.len(),
        )
        .await;
    }

    // Black, also on B, sends two moves for the same turn through both instances.
    let mut black_b = View::connect("black@B", b.addr, &id, Some(&bt)).await;
    black.play(4, 4).await;
    black_b.play(5, 5).await;
    let n = acked.len() + 1;
    let mut refused = Vec::new();
    for v in [&mut black, &mut black_b] {
        v.moves_reach(n).await;
        let won = v.moves[n - 1].clone();
        let mine = if v.name == "black@A" {
            json!([4, 4])
        } else {
            json!([5, 5])
        };
        if won[1] != mine {
            let r = v.until(|m| m["type"] == "refused").await;
            refused.push((v.name, r["reason"].clone()));
        }
    }
    assert_eq!(refused.len(), 1, "exactly one move wins: {refused:?}");
    assert_eq!(refused[0].1, "not-your-turn", "{refused:?}");
    acked.push(black.moves[n - 1].clone());
    all_reach(&mut [&mut white, &mut watch_a, &mut watch_b], n).await;
    assert_eq!(black_b.moves, black.moves);

    // An undo asked on A and granted on B.
    black.client.send(json!({"type": "undo_request"})).await;
    white.until(|m| m["type"] == "undo_requested").await;
    white
        .client
        .send(json!({"type": "undo_answer", "accept": true}))
        .await;
    acked.pop();
    for v in [
        &mut black,
        &mut black_b,
        &mut white,
        &mut watch_a,
        &mut watch_b,
    ] {
        v.until(|m| m["type"] == "state" && m["state"]["seq"] == n - 1)
            .await;
    }
    black.play(6, 6).await;
    black.moves_reach(n).await;
    acked.push(black.moves[n - 1].clone());
    white.moves_reach(n).await;
    white.play(7, 7).await;
    white.moves_reach(n + 1).await;
    acked.push(white.moves[n].clone());
    black.moves_reach(n + 1).await;

    // A dies with Black's next move in flight.
    black.play(2, 4).await;
    a.kill();
    let mut black = View::connect("black@B again", b.addr, &id, Some(&bt)).await;
    let mut watch_a = View::connect("watcher@B again", b.addr, &id, None).await;
    assert_eq!(
        black.moves[..acked.len()],
        acked[..],
        "no acknowledged move lost"
    );
    if black.moves.len() == acked.len() {
        black.play(2, 4).await;
        black.moves_reach(acked.len() + 1).await;
    }
    acked.push(black.moves[acked.len()].clone());

    // The game ends on B: two passes, then both accept the count.
    let mut views = [
        &mut black,
        &mut black_b,
        &mut white,
        &mut watch_a,
        &mut watch_b,
    ];
    all_reach(&mut views, acked.len()).await;
    white.client.send(json!({"type": "pass"})).await;
    black.moves_reach(acked.len() + 1).await;
    black.client.send(json!({"type": "pass"})).await;
    let last = black
        .until(|m| m["type"] == "moved" && m["seq"] == acked.len() + 2)
        .await;
    if last["result"].is_null() {
        black.client.send(json!({"type": "accept"})).await;
        white.client.send(json!({"type": "accept"})).await;
    }
    for v in [
        &mut black,
        &mut black_b,
        &mut white,
        &mut watch_a,
        &mut watch_b,
    ] {
        while v.status != "finished" {
            v.next().await;
        }
    }

    // Everyone saw the stored game.
    let store = Store::connect(&url).await.unwrap();
    let (row, events) = store.load(&id).await.unwrap().unwrap();
    let stored: Vec<Value> = events
        .iter()
        .filter(|e| e.kind == EventKind::Move)
        .map(|e| stored_key(&e.body))
        .collect();
    assert_eq!(stored[..acked.len()], acked[..]);
    assert_eq!(stored.len(), acked.len() + 2);
    assert_eq!(row.status, "finished");
    for v in [&black, &black_b, &white, &watch_a, &watch_b] {
        assert_eq!(v.moves, stored, "{}", v.name);
        assert_eq!(v.result.as_str(), row.result.as_deref(), "{}", v.name);
    }
    drop(b);
    pg_drop_schema(&url).await;
}

/// Two instances in this process on `url`, A and B, and a game created on A.
async fn two_instances(url: &str, time_control: TimeControl) -> (Server, Server, CreatedGame) {
    let a = common::server_on(url).await;
    let b = common::server_on(url).await;
    let game = new_game(&a.state.rooms, new_game_request(time_control))
        .await
        .unwrap();
    (a, b, game)
}

fn new_game_request(time_control: TimeControl) -> NewGame {
    NewGame {
        time_control,
        ..NewGame::new("classic", json!({"board_size": 9}))
    }
}

/// The place a move was to take is taken by an event another instance stored (written
/// here straight into the table, unannounced): the append loses, the room reads the
/// missed move and tells everyone, and the move checked again is refused.
#[tokio::test]
async fn a_move_that_loses_its_place_is_checked_again() {
    let Some(url) = pg_database().await else {
        return;
    };
    let server = common::server_on(&url).await;
    let addr = server.addr;
    let game = new_game(&server.state.rooms, new_game_request(TimeControl::None))
        .await
        .unwrap();
    let id = game.id;
    let mut black = View::connect("black", addr, &id, Some(&game.token)).await;
    let wt = claimed_token(addr, &id, &game.invite.unwrap()).await;
    let mut white = View::connect("white", addr, &id, Some(&wt)).await;
    black.play(2, 2).await;
    white.moves_reach(1).await;

    use sqlx::Connection;
    let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
    sqlx::query(
        "INSERT INTO events (game_id, seq, kind, body, clock) VALUES ($1, 1, 'move', $2, NULL)",
    )
    .bind(&id)
    .bind(json!({"color": "white", "at": [3, 3]}).to_string())
    .execute(&mut conn)
    .await
    .unwrap();
    white.play(4, 4).await;
    let refused = white.until(|m| m["type"] == "refused").await;
    assert_eq!(refused["reason"], "not-your-turn", "{refused}");
    assert_eq!(white.moves[1], json!(["white", [3, 3]]));
    black.moves_reach(2).await;
    black.play(5, 5).await;
    black.moves_reach(3).await;
    white.moves_reach(3).await;
    assert_eq!(white.moves, black.moves);
    pg_drop_schema(&url).await;
}

/// Two instances serve a game whose clock runs out: both try to end it, the database
/// keeps one time-out, and both instances' clients see the same result.
#[tokio::test]
async fn a_flag_falls_once_for_every_instance() {
    let Some(url) = pg_database().await else {
        return;
    };
    let (on_a, on_b, game) = two_instances(&url, TimeControl::Absolute { main_ms: 400 }).await;
    let (a, b) = (on_a.addr, on_b.addr);
    let id = game.id;
    let mut black = View::connect("black@A", a, &id, Some(&game.token)).await;
    let wt = claimed_token(b, &id, &game.invite.unwrap()).await;
    let mut white = View::connect("white@B", b, &id, Some(&wt)).await;
    // Black's clock runs from the claim, on both instances; nobody moves.
    for v in [&mut black, &mut white] {
        while v.status != "finished" {
            v.next().await;
        }
        assert_eq!(v.result, "W+T", "{}", v.name);
    }
    let store = Store::connect(&url).await.unwrap();
    let (row, events) = store.load(&id).await.unwrap().unwrap();
    let timeouts = events
        .iter()
        .filter(|e| e.kind == EventKind::Timeout)
        .count();
    assert_eq!((timeouts, row.result.as_deref()), (1, Some("W+T")));
    pg_drop_schema(&url).await;
}

/// The count across instances: two passes, a stone marked dead on one instance, the count
/// accepted by each player on their own instance: both see the same result, stored once.
#[tokio::test]
async fn the_count_is_marked_and_accepted_across_instances() {
    let Some(url) = pg_database().await else {
        return;
    };
    let (on_a, on_b, game) = two_instances(&url, TimeControl::None).await;
    let (a, b) = (on_a.addr, on_b.addr);
    let id = game.id;
    let mut black = View::connect("black@A", a, &id, Some(&game.token)).await;
    let wt = claimed_token(b, &id, &game.invite.unwrap()).await;
    let mut white = View::connect("white@B", b, &id, Some(&wt)).await;
    let mut watcher = View::connect("watcher@B", b, &id, None).await;
    black.play(2, 2).await;
    white.moves_reach(1).await;
    white.play(6, 6).await;
    black.moves_reach(2).await;
    black.client.send(json!({"type": "pass"})).await;
    white.moves_reach(3).await;
    white.client.send(json!({"type": "pass"})).await;
    black.moves_reach(4).await;
    // White (on B) marks Black's stone dead; Black (on A) sees it.
    white
        .client
        .send(json!({"type": "toggle_dead", "at": [2, 2]}))
        .await;
    let dead = |m: &Value| {
        m["type"] == "state"
            && m["state"]["view"]["dead"]
                .as_array()
                .is_some_and(|d| !d.is_empty())
    };
    black.until(dead).await;
    black.client.send(json!({"type": "accept"})).await;
    white
        .until(|m| m["type"] == "state" && m["state"]["accepted"]["black"] == true)
        .await;
    white.client.send(json!({"type": "accept"})).await;
    for v in [&mut black, &mut white, &mut watcher] {
        while v.status != "finished" {
            v.next().await;
        }
    }
    assert_eq!(black.result, white.result);
    assert_eq!(watcher.result, white.result);
    let store = Store::connect(&url).await.unwrap();
    let (row, events) = store.load(&id).await.unwrap().unwrap();
    assert_eq!(row.result.as_deref(), white.result.as_str());
    let accepts = events
        .iter()
        .filter(|e| e.kind == EventKind::Accept)
        .count();
    assert_eq!(accepts, 2);
    pg_drop_schema(&url).await;
}

/// The listening connections are cut (as a restarted database or a proxy would): notices
/// sent meanwhile are lost, and once the listener is back the rooms read what they missed.
#[tokio::test]
async fn a_room_reads_what_it_missed_while_its_listener_was_cut() {
    let Some(url) = pg_database().await else {
        return;
    };
    let (on_a, on_b, game) = two_instances(&url, TimeControl::None).await;
    let (a, b) = (on_a.addr, on_b.addr);
    let id = game.id;
    let mut black = View::connect("black@A", a, &id, Some(&game.token)).await;
    let wt = claimed_token(b, &id, &game.invite.unwrap()).await;
    let mut white = View::connect("white@B", b, &id, Some(&wt)).await;
    black.play(2, 2).await;
    white.moves_reach(1).await;

    use sqlx::Connection;
    let mut conn = sqlx::AnyConnection::connect(PG_URL).await.unwrap();
    // Every listening connection on the server (other tests' listeners recover the same way).
    let cut: i64 = sqlx::query_scalar(
        "SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity \
         WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert!(cut >= 2, "both instances' listeners are cut: {cut}");
    white.play(6, 6).await;
    black.moves_reach(2).await;
    black.play(2, 6).await;
    black.moves_reach(3).await;
    white.moves_reach(3).await;
    assert_eq!(white.moves, black.moves);
    pg_drop_schema(&url).await;
}

/// Names given on one instance reach the other's clients: the invited player's name with
/// the claim, and a name given later from the game page.
#[tokio::test]
async fn names_reach_every_instance() {
    let Some(url) = pg_database().await else {
        return;
    };
    let (on_a, on_b, game) = two_instances(&url, TimeControl::None).await;
    let (a, b) = (on_a.addr, on_b.addr);
    let id = game.id;
    let mut black = View::connect("black@A", a, &id, Some(&game.token)).await;
    let claim = json!({"invite": game.invite.unwrap(), "name": "Bob"}).to_string();
    let (status, body) = http(b, "POST", &format!("/api/games/{id}/claim"), &claim).await;
    assert_eq!(status, 200, "{body}");
    let named = |color: &'static str, name: &'static str| {
        move |m: &Value| m["type"] == "state" && m["state"]["names"][color] == name
    };
    black.until(named("white", "Bob")).await;
    let token: Value = serde_json::from_str(&body).unwrap();
    let mut white = View::connect("white@B", b, &id, token["token"].as_str()).await;
    black
        .client
        .send(json!({"type": "name", "name": "Ann"}))
        .await;
    white.until(named("black", "Ann")).await;
    pg_drop_schema(&url).await;
}

/// `stonefield_searches_total` of the instance at `addr`.
async fn searches(addr: SocketAddr) -> u64 {
    let (status, text) = http(addr, "GET", "/metrics", "").await;
    assert_eq!(status, 200, "{text}");
    text.lines()
        .find_map(|l| l.strip_prefix("stonefield_searches_total "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no searches counter in {text}"))
}

/// Black plays the first of a few points far from the centre that nobody has taken.
async fn black_plays_somewhere(black: &mut View) {
    let free = [(0, 0), (8, 8), (0, 8), (8, 0), (1, 7), (7, 1)]
        .into_iter()
        .find(|&(x, y)| !black.moves.iter().any(|m| m[1] == json!([x, y])))
        .expect("a free point");
    black.play(free.0, free.1).await;
}

/// A game against the computer open on two instances: the instance that stored the
/// person's move answers for the computer, and the other only shows the answer; when the
/// first dies before answering, the second answers once its grace is over.
#[tokio::test]
async fn the_computer_answers_on_one_instance() {
    let Some(url) = pg_database().await else {
        return;
    };
    let mut a = Process::on(Some(&url));
    let b = Process::on(Some(&url));
    let created = create_game_with(a.addr, json!({"computer_level": 10})).await;
    let (id, token) = (created["id"].as_str().unwrap(), created["token"].as_str());
    let mut black = View::connect("black@A", a.addr, id, token).await;
    let mut watch_b = View::connect("watcher@B", b.addr, id, None).await;
    for n in [2, 4] {
        black_plays_somewhere(&mut black).await;
        black.moves_reach(n).await;
        watch_b.moves_reach(n).await;
    }
    assert_eq!(watch_b.moves, black.moves);
    assert_eq!(
        searches(a.addr).await,
        2,
        "A stored Black's moves and answers"
    );
    assert_eq!(searches(b.addr).await, 0, "B leaves the answers to A");

    // A stores Black's third move and dies during the computer's second of search.
    black_plays_somewhere(&mut black).await;
    black.moves_reach(5).await;
    a.kill();
    let started = std::time::Instant::now();
    watch_b.moves_reach(6).await;
    eprintln!("B answered {:?} after A died", started.elapsed());
    assert_eq!(watch_b.moves[5][0], "white", "{:?}", watch_b.moves);
    assert_eq!(searches(b.addr).await, 1, "B answered once A could not");
    drop(b);
    pg_drop_schema(&url).await;
}

/// Black's main time left, as a state message tells it.
fn black_left_ms(state: &Value) -> u64 {
    state["state"]["clock"]["black"]["main_ms"]
        .as_u64()
        .unwrap_or_else(|| panic!("no clock in {state}"))
}

/// A clock does not count the time when no instance was alive: the game's only instance
/// is killed during Black's turn, and one started after the outage shows Black the time
/// it had (the old code charged the outage: Black lost it).
#[tokio::test]
async fn a_clock_does_not_count_an_outage() {
    let Some(url) = pg_database().await else {
        return;
    };
    let mut a = Process::on(Some(&url));
    let clock = json!({"kind": "absolute", "main_ms": 60_000});
    let created = create_game_with(a.addr, json!({"time_control": clock})).await;
    let id = created["id"].as_str().unwrap();
    let invite = created["invite"].as_str().unwrap();
    let mut black = View::connect("black@A", a.addr, id, created["token"].as_str()).await;
    let wt = claimed_token(a.addr, id, invite).await;
    black.until(|m| m["state"]["status"] == "live").await;
    let mut white = View::connect("white@A", a.addr, id, Some(&wt)).await;
    // Black's turn starts with White's move, stored with the clocks.
    black.play(2, 2).await;
    white.moves_reach(1).await;
    white.play(6, 6).await;
    let moved = black.until(|m| m["type"] == "moved" && m["seq"] == 2).await;
    let before = moved["clock"]["black"]["main_ms"]
        .as_u64()
        .expect("a clock");
    let killed = std::time::Instant::now();
    a.kill();
    // Longer than an outage takes to be one, with room for a loaded machine.
    let outage = stonefield_server::outages::STALE + std::time::Duration::from_secs(2);
    tokio::time::sleep(outage).await;
    let b = Process::on(Some(&url));
    let mut watcher = Client::connect(b.addr, id, None).await;
    let state = watcher.recv_type("state").await;
    let after = black_left_ms(&state);
    let charged = before.saturating_sub(after);
    eprintln!(
        "Black had {before} ms, then {after} ms, {:?} after the kill",
        killed.elapsed()
    );
    assert!(
        charged < 2_000,
        "Black was charged {charged} ms across an outage of {outage:?}"
    );
    drop(b);
    pg_drop_schema(&url).await;
}

/// An open game that one instance deletes (nobody joined it in time) is gone on every
/// instance: another with its room open forgets it, and a claim through it is told the
/// game does not exist (the old code kept the room, which answered that the seat was
/// taken).
#[tokio::test]
async fn an_expired_game_is_gone_on_every_instance() {
    let Some(url) = pg_database().await else {
        return;
    };
    let (a, b, game) = two_instances(&url, TimeControl::None).await;
    // The creator waits on B, so B has the room open.
    let _creator = Client::connect(b.addr, &game.id, Some(&game.token)).await;
    let mut rooms_on_b = b.state.rooms.running().await;
    assert_eq!(rooms_on_b, 1);
    let expired = a
        .state
        .rooms
        .expire_open(std::time::Duration::ZERO)
        .await
        .unwrap();
    assert_eq!(expired, 1);
    for _ in 0..250 {
        rooms_on_b = b.state.rooms.running().await;
        if rooms_on_b == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(rooms_on_b, 0, "B still has the room of the deleted game");
    let (status, answer) = common::claim(b.addr, &game.id, game.invite.as_deref()).await;
    assert_eq!(status, 404, "{answer}");
    pg_drop_schema(&url).await;
}
