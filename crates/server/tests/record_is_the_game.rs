//! The record is the game: whatever players do over the socket (moves, passes, marks,
//! accepting, resuming after the count, undo), the stored record, the replay API and the
//! SGF replay to the position, score and result the live game shows, in every variant and
//! on both stores.

mod common;

use std::net::SocketAddr;

use common::{Client, game_of, http, pg_drop_schema, pg_fresh_schema, server};
use proptest::prelude::*;
use serde_json::{Value, json};
use stonefield_record::{AnyGame, Record, replay, sgf};
use stonefield_rules::Phase;

/// What a step asks of the game, with two numbers that pick a point or a stone and which
/// player acts where either may.
#[derive(Debug, Clone, Copy)]
enum Step {
    Place(u32, u32, bool),
    Pass,
    Mark(u32, bool),
    Accept(bool),
    Resume(bool),
    UndoRequest(bool),
    UndoAnswer(bool),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        12 => (any::<u32>(), any::<u32>(), any::<bool>()).prop_map(|(a, b, r)| Step::Place(a, b, r)),
        4 => Just(Step::Pass),
        3 => (any::<u32>(), any::<bool>()).prop_map(|(i, w)| Step::Mark(i, w)),
        2 => any::<bool>().prop_map(Step::Accept),
        2 => any::<bool>().prop_map(Step::Resume),
        1 => any::<bool>().prop_map(Step::UndoRequest),
        1 => any::<bool>().prop_map(Step::UndoAnswer),
    ]
}

/// Small boards, so that random games reach passes, counts and captures.
fn rules(variant: &str) -> Value {
    match variant {
        "classic" => json!({"board_size": 5, "preset": "japanese", "komi": 0.5}),
        "continuous" => json!({"board": "square-9"}),
        "margo" => json!({"board_size": 4}),
        _ => json!({"board_size": 6, "reserve_stones": 2}),
    }
}

/// The move message of a placement picked by `a` and `b`.
fn placement(variant: &str, a: u32, b: u32, reserve: bool) -> Value {
    match variant {
        "classic" => json!({"at": [a % 5, b % 5]}),
        "continuous" => json!({"at": [f64::from(a % 900) / 100.0, f64::from(b % 900) / 100.0]}),
        "margo" => {
            let level = b % 3;
            let side = 4 - level;
            json!({"at": [a % side, (a / side) % side, level]})
        }
        _ => json!({"at": [a % 6, b % 6], "reserve": reserve}),
    }
}

/// The two seats' tokens and the game's address.
struct Game {
    addr: SocketAddr,
    id: String,
    variant: String,
    tokens: [String; 2],
}

impl Game {
    /// A fresh connection for a seat (0 Black, 1 White) and the state it is sent on join.
    async fn seat(&self, seat: usize) -> (Client, Value) {
        let mut c = Client::connect(self.addr, &self.id, Some(&self.tokens[seat])).await;
        let state = c.recv_type("state").await["state"].clone();
        (c, state)
    }

    /// Plays `step` on a fresh connection and waits for the room's answer to it.
    async fn play(&self, step: Step) {
        let (_, state) = self.seat(0).await;
        let to_move = usize::from(state["to_move"] == "white");
        let either = |white: bool| usize::from(white);
        let (seat, msg) = match step {
            Step::Place(a, b, r) => (
                to_move,
                json!({"type": "move", "move": placement(&self.variant, a, b, r)}),
            ),
            Step::Pass => (to_move, json!({"type": "pass"})),
            Step::Mark(i, white) => {
                let stones = state["view"]["stones"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                let Some(stone) = stones.get(i as usize % stones.len().max(1)) else {
                    return;
                };
                let at: Vec<Value> =
                    stone.as_array().unwrap()[..stone.as_array().unwrap().len() - 1].to_vec();
                (either(white), json!({"type": "toggle_dead", "at": at}))
            }
            Step::Accept(white) => (either(white), json!({"type": "accept"})),
            Step::Resume(white) => (either(white), json!({"type": "resume"})),
            Step::UndoRequest(white) => (either(white), json!({"type": "undo_request"})),
            Step::UndoAnswer(accept) => {
                // The player asked, if anyone asked; otherwise a refusal.
                let asked = usize::from(state["undo_by"] != "white");
                (asked, json!({"type": "undo_answer", "accept": accept}))
            }
        };
        let (mut c, _) = self.seat(seat).await;
        c.send(msg).await;
        // On a fresh connection nothing else is said: the next message answers the step.
        loop {
            let m = c.recv().await;
            let answered = [
                "moved",
                "state",
                "refused",
                "error",
                "undo_requested",
                "undo_declined",
            ];
            if answered.contains(&m["type"].as_str().unwrap_or("")) {
                return;
            }
        }
    }
}

/// Stones as sorted JSON texts, whatever order a view lists them in.
fn stone_set(stones: &Value) -> Vec<String> {
    let mut s: Vec<String> = stones
        .as_array()
        .into_iter()
        .flatten()
        .map(Value::to_string)
        .collect();
    s.sort();
    s
}

/// Both colours' scores are equal (to rounding), or the assertion names `what`.
fn assert_same_score(live: &Value, other: &Value, what: &str) {
    for c in ["black", "white"] {
        let (a, b) = (live[c].as_f64(), other[c].as_f64());
        assert!(
            a.zip(b).is_some_and(|(a, b)| (a - b).abs() < 1e-9),
            "{what}: {c}, live {live}, against {other}"
        );
    }
}

/// The game the record replays to: its stones, the score players see, and the result.
fn replayed(record: &Record) -> (Vec<String>, Value, Option<String>, Phase) {
    let mut game = AnyGame::from_record(record).expect("the record's rules");
    for m in &record.moves {
        game.apply(m);
    }
    if let Some(dead) = &record.dead {
        game.accept_marked(dead).expect("the recorded dead stones");
    }
    let report = replay(record).expect("replays");
    assert_eq!(report.final_view, game.final_view());
    let s = game.marked_score();
    let result = game.final_view()["result"].as_str().map(str::to_owned);
    (
        stone_set(&game.final_view()["stones"]),
        json!({"black": s.black, "white": s.white}),
        result,
        game.phase(),
    )
}

/// The live game against the record, the replay API and (classic) the SGF.
async fn check_agreement(game: &Game) {
    let (_, live) = game.seat(0).await;
    let live_stones = stone_set(&live["view"]["stones"]);
    let live_result = live["result"].as_str().map(str::to_owned);

    let (status, text) = http(
        game.addr,
        "GET",
        &format!("/api/games/{}/record", game.id),
        "",
    )
    .await;
    assert_eq!(status, 200, "{text}");
    let record = Record::from_json(&text).expect("the record reads");
    let (stones, score, result, phase) = replayed(&record);
    assert_eq!(stones, live_stones, "record stones\n{text}");
    assert_same_score(
        &live["score"],
        &score,
        &format!(
            "record
{text}"
        ),
    );
    assert_eq!(result, live_result, "result\n{text}");
    if live_result.is_none() {
        let name = match phase {
            Phase::Playing => "playing",
            Phase::MarkingDead => "marking",
            Phase::Finished(_) => "finished",
        };
        assert_eq!(live["phase"], name, "{text}");
    }

    let (status, frames) = http(
        game.addr,
        "GET",
        &format!("/api/games/{}/replay", game.id),
        "",
    )
    .await;
    assert_eq!(status, 200, "{frames}");
    let frames: Value = serde_json::from_str(&frames).unwrap();
    let last = frames["frames"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        stone_set(&last["view"]["stones"]),
        live_stones,
        "replay API\n{text}"
    );
    assert_same_score(
        &live["score"],
        &last["score"],
        &format!("replay API\n{text}"),
    );

    if game.variant == "classic" {
        let (status, text) =
            http(game.addr, "GET", &format!("/api/games/{}/sgf", game.id), "").await;
        assert_eq!(status, 200, "{text}");
        let back = sgf::read(&text).expect("the SGF reads").record().clone();
        let (stones, score, result, _) = replayed(&back);
        assert_eq!(stones, live_stones, "SGF stones\n{text}");
        assert_same_score(&live["score"], &score, &format!("SGF\n{text}"));
        assert_eq!(result, live_result, "SGF result\n{text}");
    }
}

/// Plays `steps` in a new two-player game of `variant` on the server at `addr`.
async fn play_and_check(
    addr: SocketAddr,
    state: &stonefield_server::AppState,
    variant: &str,
    steps: &[Step],
) {
    let (id, black, invite) = game_of(state, variant, rules(variant)).await;
    let white = common::claimed_token(addr, &id, &invite).await;
    let game = Game {
        addr,
        id,
        variant: variant.into(),
        tokens: [black, white],
    };
    for &s in steps {
        game.play(s).await;
    }
    check_agreement(&game).await;
}

const VARIANTS: [&str; 4] = ["classic", "continuous", "margo", "topological"];

fn steps() -> impl Strategy<Value = Vec<Step>> {
    prop::collection::vec(step(), 10..60)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn live_and_record_agree_on_sqlite(variant in 0..4usize, steps in steps()) {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async {
            let s = server().await;
            play_and_check(s.addr, &s.state, VARIANTS[variant], &steps).await;
        });
    }

    #[test]
    fn live_and_record_agree_on_postgres(variant in 0..4usize, steps in steps()) {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async {
            let Some(url) = pg_fresh_schema().await else {
                assert!(std::env::var_os("STONEFIELD_REQUIRE_PG").is_none(), "PostgreSQL is required");
                eprintln!("skipped: no PostgreSQL at {}", common::PG_URL);
                return;
            };
            let s = common::server_on(&url).await;
            play_and_check(s.addr, &s.state, VARIANTS[variant], &steps).await;
            pg_drop_schema(&url).await;
        });
    }
}

/// Every variant at least once on each store, whatever the random draw: a fixed game that
/// goes through the count and back to play.
#[tokio::test]
async fn every_variant_agrees_after_a_resumed_count() {
    let s = server().await;
    let fixed = [
        Step::Place(1, 1, false),
        Step::Place(3, 3, false),
        Step::Pass,
        Step::Pass,
        Step::Mark(0, false),
        Step::Resume(true),
        Step::Place(2, 1, false),
        Step::Place(1, 3, false),
        Step::Pass,
        Step::Pass,
        Step::Mark(1, true),
        Step::Accept(false),
        Step::Accept(true),
    ];
    for variant in VARIANTS {
        play_and_check(s.addr, &s.state, variant, &fixed).await;
    }
}

/// The game on 9x9: B, W, pass, pass, resume, B, W. The record, the replay API and
/// the SGF all show the four stones the game shows.
#[tokio::test]
async fn a_game_resumed_after_two_passes_downloads_whole() {
    let s = server().await;
    let (id, black, invite) = game_of(&s.state, "classic", json!({"board_size": 9})).await;
    let white = common::claimed_token(s.addr, &id, &invite).await;
    let game = Game {
        addr: s.addr,
        id: id.clone(),
        variant: "classic".into(),
        tokens: [black, white],
    };
    for step in [
        Step::Place(2, 2, false),
        Step::Place(6, 6, false),
        Step::Pass,
        Step::Pass,
        Step::Resume(false),
        Step::Place(3, 3, false),
        Step::Place(5, 5, false),
    ] {
        game.play(step).await;
    }
    let (_, live) = game.seat(1).await;
    assert_eq!(live["view"]["stones"].as_array().unwrap().len(), 4);
    check_agreement(&game).await;
    let (_, text) = http(s.addr, "GET", &format!("/api/games/{id}/record"), "").await;
    let record: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        record["moves"][4],
        json!({"color": "black", "resume": true})
    );
}

/// A game cannot outgrow its replay: marking one stone dead and alive again over and over
/// ends the game at the length limit, counted as it stands, and it still replays.
#[tokio::test]
async fn a_game_ends_at_the_move_limit_and_still_replays() {
    use futures_util::{SinkExt, StreamExt};
    use stonefield_server::MAX_GAME_ENTRIES;
    use tokio_tungstenite::tungstenite::Message;

    let s = server().await;
    let (id, black, invite) = game_of(&s.state, "classic", rules("classic")).await;
    let white = common::claimed_token(s.addr, &id, &invite).await;
    let game = Game {
        addr: s.addr,
        id: id.clone(),
        variant: "classic".into(),
        tokens: [black.clone(), white],
    };
    for step in [Step::Place(2, 2, false), Step::Pass, Step::Pass] {
        game.play(step).await;
    }
    let url = format!("ws://{}/ws/{id}", s.addr);
    let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let (mut tx, mut rx) = ws.split();
    tx.send(Message::Text(
        json!({"type": "hello", "token": black}).to_string().into(),
    ))
    .await
    .unwrap();
    // Read everything the room says while the marks go out, until the game ends.
    let reader = tokio::spawn(async move {
        while let Some(Ok(m)) = rx.next().await {
            let Message::Text(t) = m else { continue };
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["type"] == "moved" && v["report"]["result"] == "limit" {
                return v;
            }
        }
        panic!("the connection closed before the game ended");
    });
    let toggle = json!({"type": "toggle_dead", "at": [2, 2]}).to_string();
    for _ in 0..MAX_GAME_ENTRIES {
        tx.send(Message::Text(toggle.clone().into())).await.unwrap();
    }
    let ended = tokio::time::timeout(std::time::Duration::from_secs(120), reader)
        .await
        .expect("the game ends")
        .unwrap();
    // Three moves, then marks up to one short of the limit, and the end.
    assert_eq!(ended["report"]["notation"], "move limit");
    let result = ended["result"].as_str().unwrap().to_owned();
    let (status, text) = http(s.addr, "GET", &format!("/api/games/{id}/record"), "").await;
    assert_eq!(status, 200);
    let record: Value = serde_json::from_str(&text).unwrap();
    let moves = record["moves"].as_array().unwrap();
    assert_eq!(moves.len(), MAX_GAME_ENTRIES);
    assert_eq!(moves.last().unwrap()["limit"], true);
    assert_eq!(record["result"], result.as_str());
    let (status, frames) = http(s.addr, "GET", &format!("/api/games/{id}/replay"), "").await;
    assert_eq!(status, 200, "{frames}");
    let r = replay(&Record::from_json(&text).unwrap()).unwrap();
    assert_eq!(r.final_view["result"], result.as_str());
}
