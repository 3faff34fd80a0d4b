//! The body of `POST /api/games` as the server reads it (`NewGame::from_json`, what the
//! handler's JSON extractor runs) and checks it against the rules (`NewGame::validate`:
//! variant, rules, setup, clock, colour, computer level, seats): never a panic, however
//! odd the rules or setup.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stonefield_server::NewGame;

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = NewGame::from_json(data) {
        let _ = game.validate();
    }
});
