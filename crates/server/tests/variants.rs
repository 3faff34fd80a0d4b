//! `GET /api/variants` over a real socket: every variant, its sizes within the rules
//! crate's limits, classic presets with `Rules::preset`'s komi, and games created from
//! what it offers start.

mod common;

use common::{Client, http};
use serde_json::{Map, Value, json};
use stonefield_rules::classic::Rules;
use stonefield_rules::{classic, margo, topological};
use stonefield_server::store::EventKind;

async fn variants(addr: std::net::SocketAddr) -> Vec<Value> {
    let (status, text) = http(addr, "GET", "/api/variants", "").await;
    assert_eq!(status, 200, "{text}");
    let answer: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    answer["variants"].as_array().expect("a list").clone()
}

fn sizes_of(v: &Value) -> Vec<u8> {
    v["board"]["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| u8::try_from(s.as_u64().unwrap()).unwrap())
        .collect()
}

#[tokio::test]
async fn every_variant_with_the_rules_crates_limits() {
    let s = common::server().await;
    let all = variants(s.addr).await;
    let names: Vec<&str> = all.iter().map(|v| v["variant"].as_str().unwrap()).collect();
    assert_eq!(names, ["classic", "continuous", "margo", "topological"]);
    for v in &all {
        assert!(!v["help"].as_str().unwrap().is_empty());
        let (min, max) = match v["variant"].as_str().unwrap() {
            "classic" => (classic::MIN_SIZE, classic::MAX_SIZE),
            "margo" => (margo::MIN_SIZE, margo::MAX_SIZE),
            "topological" => (topological::MIN_SIZE, topological::MAX_SIZE),
            _ => continue,
        };
        assert_eq!(v["board"]["key"], "board_size");
        assert_eq!(sizes_of(v), (min..=max).collect::<Vec<_>>());
    }
    let classic = &all[0];
    assert_eq!(classic["preset_default"], Rules::DEFAULT_PRESET);
    let presets = classic["presets"].as_array().unwrap();
    assert_eq!(presets.len(), Rules::PRESETS.len());
    for p in presets {
        let rules = Rules::preset(p["name"].as_str().unwrap(), 19).unwrap();
        assert_eq!(p["komi"], rules.komi, "{p}");
    }
    let continuous = &all[1];
    assert_eq!(continuous["board"]["key"], "board");
    assert_eq!(
        continuous["board"]["values"],
        json!(["square-9", "square-13", "square-19", "hexagon"])
    );
    assert_eq!(continuous["snap"], json!(["nearest", "own", "opponent"]));
    for v in &all[2..] {
        assert!(v["komi"].is_null() && v["handicap"].is_null(), "{v}");
    }
}

#[tokio::test]
async fn games_from_the_offered_options_start() {
    let s = common::server().await;
    for v in variants(s.addr).await {
        let board = &v["board"];
        // A value other than the default: the last one offered.
        let mut rules = Map::new();
        let last = board["values"].as_array().unwrap().last().unwrap().clone();
        rules.insert(board["key"].as_str().unwrap().into(), last);
        if let Some(p) = v["presets"].as_array().unwrap().last() {
            rules.insert("preset".into(), p["name"].clone());
            rules.insert("komi".into(), p["komi"].clone());
        }
        // The other options away from their defaults: switches flipped, numbers at the least.
        for o in v["options"].as_array().unwrap() {
            let value = match o["kind"].as_str().unwrap() {
                "boolean" => json!(!o["default"].as_bool().unwrap()),
                _ => o["min"].clone(),
            };
            rules.insert(o["key"].as_str().unwrap().into(), value);
        }
        let body = json!({"variant": v["variant"], "rules": rules, "color": "black"});
        let (status, text) = http(s.addr, "POST", "/api/games", &body.to_string()).await;
        assert_eq!(status, 200, "{body}: {text}");
    }
}

/// MarGo's swap would exchange the seats, which online games do not do: it is refused
/// before the engine sees it, and the game goes on as stored.
#[tokio::test]
async fn a_margo_swap_is_refused_and_the_game_goes_on() {
    let s = common::server().await;
    let (id, black_token, invite) =
        common::game_of(&s.state, "margo", json!({"board_size": 3, "swap": true})).await;
    let white_token = common::claimed_token(s.addr, &id, &invite).await;
    let mut white = Client::connect(s.addr, &id, Some(&white_token)).await;
    let mut black = Client::connect(s.addr, &id, Some(&black_token)).await;
    white.recv_type("state").await;
    black.recv_type("state").await;
    white
        .send(json!({"type": "move", "move": {"at": [0, 0, 0]}}))
        .await;
    assert_eq!(black.recv_type("moved").await["seq"], 1);
    black
        .send(json!({"type": "move", "move": {"swap": true}}))
        .await;
    let refused = black.recv_type("refused").await;
    assert_eq!(refused["reason"], "unsupported", "{refused}");
    black
        .send(json!({"type": "move", "move": {"at": [2, 2, 0]}}))
        .await;
    let moved = black.recv_type("moved").await;
    assert_eq!(
        (moved["seq"].as_u64(), moved["to_move"].as_str()),
        (Some(2), Some("white"))
    );
    let (_, events) = s.state.rooms.store().load(&id).await.unwrap().unwrap();
    assert_eq!(
        events.iter().filter(|e| e.kind == EventKind::Move).count(),
        2
    );
    let st = white.sync().await;
    assert_eq!(
        (st["seq"].as_u64(), st["view"]["swapped"].as_bool()),
        (Some(2), None),
        "{st}"
    );
}
