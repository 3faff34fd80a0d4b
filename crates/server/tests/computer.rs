//! Games against the computer over a real socket, in every variant: the computer answers
//! each move legally (its moves are broadcast to spectators and stored), accepts undo
//! requests, marks and accepts the count, and a finished game's result is stored.

mod common;

use std::sync::{Arc, Barrier};

use common::{Client, server};
use serde_json::{Value, json};
use stonefield_server::clock::TimeControl;
use stonefield_server::{AppState, NewGame, new_game, record_of};

/// A game of `variant` against the computer at level 1, the person playing `human`;
/// returns (id, the person's token).
async fn computer_game(
    state: &AppState,
    variant: &str,
    rules: Value,
    human: &str,
) -> (String, String) {
    let req = NewGame {
        color: Some(human.into()),
        computer_level: Some(1),
        ..NewGame::new(variant, rules)
    };
    let game = new_game(&state.rooms, req).await.unwrap();
    assert_eq!(game.color.name(), human);
    assert_eq!(game.invite, None, "no free seat, no invite");
    (game.id, game.token)
}

/// Moves a person may try in `variant`, in order: the first the server accepts is played.
fn tries(variant: &str) -> Vec<Value> {
    let grid = |n: u32| (0..n * n).map(move |i| (i % n, i / n));
    match variant {
        "continuous" => grid(8)
            .map(|(x, y)| json!({"request": [f64::from(x) + 0.7, f64::from(y) + 0.7], "snap": "nearest"}))
            .collect(),
        "margo" => (0..4u32)
            .flat_map(|l| grid(4 - l).map(move |(x, y)| json!({"at": [x, y, l]})))
            .collect(),
        "topological" => grid(6).map(|(x, y)| json!({"at": [x, y]})).collect(),
        _ => grid(9).map(|(x, y)| json!({"at": [x, y]})).collect(),
    }
}

/// The next move report of `color`'s, skipping everything else.
async fn moved_by(c: &mut Client, color: &str) -> Value {
    loop {
        let m = c.recv_type("moved").await;
        if m["report"]["color"] == color {
            return m;
        }
    }
}

/// The move report numbered `seq`, skipping everything else.
async fn moved_seq(c: &mut Client, seq: u64) -> Value {
    loop {
        let m = c.recv_type("moved").await;
        if m["seq"].as_u64() == Some(seq) {
            return m;
        }
    }
}

/// The next state that `pred` accepts, skipping everything else.
async fn state_where(c: &mut Client, pred: impl Fn(&Value) -> bool) -> Value {
    loop {
        let st = c.recv_type("state").await["state"].clone();
        if pred(&st) {
            return st;
        }
    }
}

/// Plays the first move of `tries` the server accepts; returns its `moved` message.
async fn play_any(c: &mut Client, tries: &[Value]) -> Value {
    for mv in tries {
        c.send(json!({"type": "move", "move": mv})).await;
        loop {
            let m = c.recv().await;
            match m["type"].as_str() {
                Some("moved") => return m,
                Some("refused") => break,
                _ => {}
            }
        }
    }
    panic!("no move accepted among {} tries", tries.len());
}

async fn answers_and_accepts_undo(variant: &str, rules: Value, human: &str) {
    let s = server().await;
    let (id, token) = computer_game(&s.state, variant, rules, human).await;
    let computer = if human == "black" { "white" } else { "black" };
    let mut me = Client::connect(s.addr, &id, Some(&token)).await;
    let st = me.recv_type("state").await["state"].clone();
    assert_eq!(
        (st["status"].as_str(), st["invite"].clone()),
        (Some("live"), Value::Null)
    );
    assert_eq!(st["computer"]["color"], computer);
    assert_eq!(st["computer"]["level"], 1);
    let mut watcher = Client::connect(s.addr, &id, None).await;
    watcher.recv_type("state").await;
    let mut seq = st["seq"].as_u64().unwrap();
    if st["to_move"] == computer && seq == 0 {
        seq = moved_by(&mut me, computer).await["seq"].as_u64().unwrap();
    }
    let tries = tries(variant);
    for _ in 0..3 {
        let mine = play_any(&mut me, &tries).await;
        assert_eq!(mine["seq"].as_u64(), Some(seq + 1));
        let answer = moved_by(&mut me, computer).await;
        assert_eq!(answer["seq"].as_u64(), Some(seq + 2), "{answer}");
        let result = answer["report"]["result"].as_str().unwrap();
        assert!(["placed", "pass"].contains(&result), "{answer}");
        // The spectator sees the same answer.
        assert_eq!(
            moved_seq(&mut watcher, seq + 2).await["report"],
            answer["report"]
        );
        seq += 2;
    }
    // Undo: the computer takes back its answer and the move it answered.
    me.send(json!({"type": "undo_request"})).await;
    let st = loop {
        let st = me.recv_type("state").await["state"].clone();
        if st["seq"].as_u64() != Some(seq) {
            break st;
        }
    };
    assert_eq!(st["seq"].as_u64(), Some(seq - 2), "{st}");
    assert_eq!(st["to_move"], human);
    let stored = s.state.rooms.store().load(&id).await.unwrap().unwrap().1;
    assert_eq!(stored.len() as u64, seq - 2);

    me.send(json!({"type": "resign"})).await;
    let end = moved_by(&mut me, human).await;
    let want = format!("{}+R", &computer[..1].to_uppercase());
    assert_eq!(end["result"].as_str(), Some(want.as_str()));
    let (row, events) = s.state.rooms.store().load(&id).await.unwrap().unwrap();
    assert_eq!(
        (row.status.as_str(), row.result.as_deref()),
        ("finished", Some(want.as_str()))
    );
    let record = record_of(&row, &events);
    assert_eq!(
        record["players"][computer]["computer"]["level"], 1,
        "{record}"
    );
}

#[tokio::test]
async fn classic_the_computer_answers_and_accepts_undo() {
    answers_and_accepts_undo("classic", json!({"board_size": 9, "komi": 6.5}), "black").await;
}

#[tokio::test]
async fn continuous_the_computer_answers_and_accepts_undo() {
    answers_and_accepts_undo("continuous", json!({"board": "square-9"}), "white").await;
}

#[tokio::test]
async fn margo_the_computer_moves_first_answers_and_accepts_undo() {
    // White moves first in MarGo: the computer, as White, opens without being asked.
    answers_and_accepts_undo("margo", json!({"board_size": 4}), "black").await;
}

#[tokio::test]
async fn topological_the_computer_answers_and_accepts_undo() {
    answers_and_accepts_undo("topological", json!({"board_size": 6}), "white").await;
}

/// The person passes until the game is counted: the computer passes back once it wins,
/// marks what it thinks dead and accepts; the person accepts and the result is stored.
async fn passes_to_a_counted_end(variant: &str, rules: Value) {
    let s = server().await;
    let (id, token) = computer_game(&s.state, variant, rules, "black").await;
    let mut me = Client::connect(s.addr, &id, Some(&token)).await;
    let mut st = me.recv_type("state").await["state"].clone();
    for _ in 0..60 {
        if st["phase"] != "playing" {
            break;
        }
        me.send(json!({"type": "pass"})).await;
        let mine = moved_by(&mut me, "black").await;
        if mine["phase"] == "playing" {
            moved_by(&mut me, "white").await;
        }
        st = me.sync().await;
    }
    assert_eq!(st["phase"], "marking", "{st}");
    if st["accepted"]["white"] != true {
        state_where(&mut me, |st| st["accepted"]["white"] == true).await;
    }
    me.send(json!({"type": "accept"})).await;
    let st = state_where(&mut me, |st| st["status"] == "finished").await;
    let (row, _) = s.state.rooms.store().load(&id).await.unwrap().unwrap();
    assert_eq!(row.result, st["result"].as_str().map(str::to_owned));
    assert!(row.result.unwrap().starts_with("W+"), "Black only passed");
}

#[tokio::test]
async fn classic_a_count_the_computer_marked_and_accepted() {
    passes_to_a_counted_end("classic", json!({"board_size": 9, "komi": 6.5})).await;
}

#[tokio::test]
async fn continuous_a_count_the_computer_marked_and_accepted() {
    passes_to_a_counted_end("continuous", json!({"board": "square-9"})).await;
}

/// The computer keeps its count: marks that change the score lose its acceptance, and
/// marks that bring the score back to its own win it again.
#[tokio::test]
async fn the_computer_accepts_only_a_count_that_matches_its_own() {
    let s = server().await;
    let (id, token) = computer_game(
        &s.state,
        "classic",
        json!({"board_size": 9, "preset": "japanese"}),
        "black",
    )
    .await;
    let mut me = Client::connect(s.addr, &id, Some(&token)).await;
    me.recv_type("state").await;
    me.play(4, 4).await;
    moved_by(&mut me, "white").await;
    let mut st = me.sync().await;
    for _ in 0..60 {
        if st["phase"] != "playing" {
            break;
        }
        me.send(json!({"type": "pass"})).await;
        if moved_by(&mut me, "black").await["phase"] == "playing" {
            moved_by(&mut me, "white").await;
        }
        st = me.sync().await;
    }
    if st["accepted"]["white"] != true {
        st = state_where(&mut me, |st| st["accepted"]["white"] == true).await;
    }
    let own = st["score"].clone();
    let marked = |st: &Value| st["view"]["dead"].as_array().map(Vec::len);
    let before = marked(&st);
    // Any stone on the board now (the computer, playing on while Black passed, may have
    // taken Black's only stone): under territory scoring a stone marked dead is a
    // prisoner, so the count changes whichever colour it is.
    let stone = &st["view"]["stones"][0];
    let at = json!([stone[0], stone[1]]);
    me.send(json!({"type": "toggle_dead", "at": at})).await;
    let changed = state_where(&mut me, |s| marked(s) != before).await;
    assert_ne!(changed["score"], own);
    assert_eq!(changed["accepted"]["white"], false);
    me.send(json!({"type": "toggle_dead", "at": at})).await;
    let back = state_where(&mut me, |s| marked(s) == before).await;
    let back = if back["accepted"]["white"] == true {
        back
    } else {
        state_where(&mut me, |st| st["accepted"]["white"] == true).await
    };
    assert_eq!(back["score"], own);
}

/// Hints: answered in games against the computer (a legal move, a win estimate), refused
/// in games between people unless the game was created with hints on.
#[tokio::test]
async fn hints_in_games_against_the_computer_and_only_on_request_between_people() {
    let s = server().await;
    let (id, token) = computer_game(&s.state, "classic", json!({"board_size": 9}), "black").await;
    let mut me = Client::connect(s.addr, &id, Some(&token)).await;
    assert_eq!(me.recv_type("state").await["state"]["hints"], true);
    me.send(json!({"type": "hint"})).await;
    let hint = me.recv_type("hint").await;
    assert_eq!(
        (hint["seq"].as_u64(), hint["move"]["color"].as_str()),
        (Some(0), Some("black"))
    );
    let rate = hint["win_rate"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&rate), "{hint}");
    let mut mv = hint["move"].clone();
    mv.as_object_mut().unwrap().remove("color");
    me.send(json!({"type": "move", "move": mv})).await;
    let report = moved_by(&mut me, "black").await["report"].clone();
    assert_eq!(report["result"], "placed");
    // The hint was named as the move list names the move once played.
    assert_eq!(hint["notation"], report["notation"], "{hint}");

    let (id, b, _) = common::classic_game(&s.state).await;
    let mut black = Client::connect(s.addr, &id, Some(&b)).await;
    assert_eq!(black.recv_type("state").await["state"]["hints"], false);
    black.send(json!({"type": "hint"})).await;
    assert_eq!(black.recv_type("refused").await["reason"], "hints-off");

    let req = NewGame {
        hints: true,
        ..NewGame::new("classic", json!({"board_size": 9}))
    };
    let game = new_game(&s.state.rooms, req).await.unwrap();
    let (id, b) = (game.id, game.token);
    let mut black = Client::connect(s.addr, &id, Some(&b)).await;
    black.recv_type("state").await;
    let _white = Client::join(s.addr, &id, &game.invite.unwrap()).await;
    black.send(json!({"type": "hint"})).await;
    assert_eq!(black.recv_type("hint").await["move"]["color"], "black");
}

/// Holds every thinking thread of the server's pool until released: jobs queued meanwhile
/// (the computer's searches) wait behind it, first come first served.
async fn hold_the_pool(s: &common::Server) -> Arc<Barrier> {
    let pool = s.state.rooms.pool().clone();
    let gate = Arc::new(Barrier::new(pool.threads() + 1));
    for _ in 0..pool.threads() {
        let (pool, gate) = (pool.clone(), Arc::clone(&gate));
        tokio::spawn(async move { pool.run(|| true, move || gate.wait()).await });
    }
    gate
}

async fn release(gate: Arc<Barrier>) {
    tokio::task::spawn_blocking(move || gate.wait())
        .await
        .unwrap();
}

/// An undo while the computer thinks takes back the person's move, and the answer the
/// computer was preparing for it is never played: the person's next move is answered.
#[tokio::test]
async fn an_answer_to_a_move_taken_back_is_dropped() {
    let s = server().await;
    let (id, token) = computer_game(&s.state, "classic", json!({"board_size": 9}), "black").await;
    let mut me = Client::connect(s.addr, &id, Some(&token)).await;
    me.recv_type("state").await;
    let gate = hold_the_pool(&s).await;
    me.play(2, 2).await;
    moved_by(&mut me, "black").await;
    assert_eq!(me.recv_type("thinking").await["color"], "white");
    me.send(json!({"type": "undo_request"})).await;
    let st = state_where(&mut me, |st| st["seq"] == 0).await;
    assert_eq!(st["to_move"], "black");
    release(gate).await;
    me.play(6, 6).await;
    assert_eq!(moved_by(&mut me, "black").await["seq"], 1);
    assert_eq!(moved_by(&mut me, "white").await["seq"], 2);
    let (_, events) = s.state.rooms.store().load(&id).await.unwrap().unwrap();
    let colors: Vec<&str> = events
        .iter()
        .filter_map(|e| e.body["color"].as_str())
        .collect();
    assert_eq!(colors, ["black", "white"]);
    assert_eq!(events[0].body["at"], json!([6, 6]));
}

/// A resignation while the computer thinks ends the game; its answer is never played.
#[tokio::test]
async fn a_resignation_while_the_computer_thinks_ends_the_game() {
    let s = server().await;
    let (id, token) = computer_game(&s.state, "classic", json!({"board_size": 9}), "black").await;
    let mut me = Client::connect(s.addr, &id, Some(&token)).await;
    me.recv_type("state").await;
    let gate = hold_the_pool(&s).await;
    me.play(2, 2).await;
    me.recv_type("thinking").await;
    me.send(json!({"type": "resign"})).await;
    assert_eq!(moved_by(&mut me, "black").await["result"], "W+R");
    release(gate).await;
    // Once a later job has run, the computer's (queued before it) has been dropped.
    let pool = s.state.rooms.pool().clone();
    for _ in 0..pool.threads() {
        pool.run(|| true, || ()).await;
    }
    me.play(3, 3).await;
    assert_eq!(me.recv_type("refused").await["reason"], "game-over");
    let (row, events) = s.state.rooms.store().load(&id).await.unwrap().unwrap();
    assert_eq!(row.result.as_deref(), Some("W+R"));
    assert_eq!(events.len(), 2, "the move and the resignation: {events:?}");
}

/// One hint at a time per game: a second request while the first is searched is refused,
/// and the first is answered once the search runs.
#[tokio::test]
async fn one_hint_at_a_time() {
    let s = server().await;
    let (id, token) =
        computer_game(&s.state, "topological", json!({"board_size": 6}), "white").await;
    let mut me = Client::connect(s.addr, &id, Some(&token)).await;
    me.recv_type("state").await;
    let gate = hold_the_pool(&s).await;
    me.send(json!({"type": "hint"})).await;
    me.send(json!({"type": "hint"})).await;
    assert_eq!(me.recv_type("refused").await["reason"], "hint-pending");
    release(gate).await;
    assert_eq!(me.recv_type("hint").await["move"]["color"], "white");
}

/// The full-strength computer thinks a second a move without a clock; on a 3-second clock
/// it shares its time out instead, and a quick opponent never sees it lose on time.
#[tokio::test]
async fn the_computer_keeps_to_its_clock() {
    let s = server().await;
    let req = NewGame {
        time_control: TimeControl::Absolute { main_ms: 3_000 },
        computer_level: Some(10),
        ..NewGame::new("classic", json!({"board_size": 9}))
    };
    let game = new_game(&s.state.rooms, req).await.unwrap();
    let mut me = Client::connect(s.addr, &game.id, Some(&game.token)).await;
    me.recv_type("state").await;
    let tries = tries("classic");
    for _ in 0..6 {
        play_any(&mut me, &tries).await;
        let answer = loop {
            let m = me.recv().await;
            match m["type"].as_str() {
                Some("moved") if m["report"]["color"] == "white" => break m,
                Some("state") => assert_ne!(m["state"]["status"], "finished", "{m}"),
                _ => {}
            }
        };
        assert_eq!(answer["result"], Value::Null, "{answer}");
    }
    let st = me.sync().await;
    assert_eq!(st["status"], "live", "{st}");
    assert!(st["clock"]["white"]["main_ms"].as_u64() > Some(0), "{st}");
}
