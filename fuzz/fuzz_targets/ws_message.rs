//! A WebSocket client message as the server's socket reads it (`parse_client`, the text of
//! one frame): never a panic, and what reads writes back and reads again equal. A move, a
//! preview or a dead mark then goes, shaped as the room shapes it (the seat's colour
//! added), to a fresh game of every variant: never a panic there either.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use stonefield_server::engine;
use stonefield_server::protocol::{ClientMessage, parse_client};

/// A small game of each variant, with its rules as a creation body would give them.
const GAMES: &[(&str, &str)] = &[
    ("classic", r#"{"board_size": 5}"#),
    ("continuous", r#"{"board": "square-9"}"#),
    ("margo", r#"{"board_size": 3}"#),
    ("topological", r#"{"board_size": 6}"#),
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(msg) = parse_client(text) else { return };
    // Not through parse_client again: a number written back (1e9 as 1000000000.0) can
    // outgrow the size limit the first reading met.
    let written = serde_json::to_string(&msg).expect("a message writes");
    let back: ClientMessage = serde_json::from_str(&written).expect("what we write reads back");
    assert_eq!(back, msg);
    for (variant, rules) in GAMES {
        let rules: Value = serde_json::from_str(rules).unwrap();
        let mut game = engine::open(variant, &rules, None).expect("the rules above make a game");
        let color = game.to_move().name();
        match &msg {
            ClientMessage::Move {
                mv: Value::Object(m),
            } => {
                let mut m = m.clone();
                m.remove("pass");
                m.remove("resign");
                m.insert("color".into(), color.into());
                let _ = game.apply(&Value::Object(m));
            }
            ClientMessage::Preview {
                request: Value::Object(r),
            } => {
                let mut r = r.clone();
                r.insert("color".into(), color.into());
                let _ = game.preview(&Value::Object(r));
            }
            ClientMessage::ToggleDead { at } => {
                let _ = game.toggle_dead(at);
            }
            _ => return,
        }
        let _ = game.view();
    }
});
