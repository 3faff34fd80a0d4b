//! The JSON record reader on arbitrary text: never a panic; what reads is replayed, and
//! what we write reads back equal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stonefield_record::{Record, replay, sgf};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(record) = Record::from_json(text) else { return };
    let report = replay(&record);
    let json = record.to_json();
    let back = Record::from_json(&json).expect("our JSON reads back");
    assert_eq!(back, record);
    if let Ok(report) = report {
        let _ = report.to_json();
        if let Ok(s) = sgf::write(&record) {
            sgf::read(&s).expect("the SGF we write reads back");
        }
    }
});
