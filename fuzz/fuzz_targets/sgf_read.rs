//! The SGF reader on arbitrary text: never a panic; what reads is replayed, and what we
//! write reads back and writes again identically.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stonefield_record::{replay, sgf};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(game) = sgf::read(text) else { return };
    let _ = replay(game.record());
    let written = game.to_sgf();
    let again = sgf::read(&written).expect("the SGF we write reads back");
    assert_eq!(again.to_sgf(), written, "SGF rewrite is stable");
    assert_eq!(again.record(), game.record(), "the record survives the rewrite");
    let json = game.record_keeping_tree().to_json();
    let back = stonefield_record::Record::from_json(&json).expect("our JSON reads back");
    assert_eq!(sgf::write(&back).expect("write"), written, "SGF -> JSON -> SGF");
});
