//! Runs the real `stonefield` binary in a temporary directory: replay as text and JSON,
//! convert both ways and back, and every kind of bad input (exit status 2, a message on
//! stderr naming the place, nothing on stdout).

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

/// A temporary directory to run the binary in.
struct Dir(tempfile::TempDir);

impl Dir {
    fn new() -> Dir {
        Dir(tempfile::tempdir().expect("temporary directory"))
    }

    fn write(&self, name: &str, text: &str) {
        std::fs::write(self.0.path().join(name), text).expect("write test file");
    }

    fn read(&self, name: &str) -> String {
        stonefield_testdata::read(&self.0.path().join(name))
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_stonefield"))
            .args(args)
            .current_dir(self.0.path())
            .output()
            .expect("run stonefield")
    }
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const GAME: &str = r#"{"format": "stonefield-record/1", "variant": "classic",
  "rules": {"preset": "japanese", "board_size": 5, "komi": 0.5},
  "players": {"black": {"name": "Ann"}, "white": {"name": "Bob"}},
  "moves": [{"color": "black", "at": [1, 0]}, {"color": "white", "at": [0, 0]},
            {"color": "black", "at": [0, 1]}, {"color": "white", "at": [1, 0]},
            {"color": "white", "at": [4, 4]}, {"color": "black", "pass": true},
            {"color": "black", "at": [2, 2]}]}"#;

const SGF: &str =
    "(;GM[1]FF[4]SZ[9]KM[7]RU[NZ]PB[Ann]C[root note];B[ee];W[cc](;B[gg]C[main];W[gc])(;B[cg]))";

/// Asserts a failure with status 2, nothing on stdout and `needle` in the message.
fn assert_bad_input(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(o));
    assert!(o.stdout.is_empty(), "stdout: {}", stdout(o));
    let err = stderr(o);
    assert!(err.starts_with("stonefield: "), "{err}");
    assert!(err.contains(needle), "expected {needle:?} in {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn replay_json_reports_every_move_and_the_final_board() {
    let d = Dir::new();
    d.write("game.json", GAME);
    let o = d.run(&["replay", "game.json", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).expect("JSON on stdout");
    let moves = v["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 7);
    assert_eq!(moves[2]["captured"], serde_json::json!([[0, 0, "white"]]));
    assert_eq!(moves[3]["reason"], "occupied");
    assert_eq!(moves[6]["reason"], "not-your-turn", "black played twice");
    assert_eq!(moves[4]["result"], "placed");
    assert_eq!(v["final"]["stones"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["final"]["to_move"], "white");
}

#[test]
fn replay_text_draws_the_board_and_the_score() {
    let d = Dir::new();
    d.write("game.json", GAME);
    let o = d.run(&["replay", "game.json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("    A B C D E\n"), "{out}");
    assert!(out.contains(" 5  . X . . . 5\n"), "{out}");
    assert!(
        out.contains(" 1  . . . .(O)1\n"),
        "the last stone is marked: {out}"
    );
    assert!(out.contains("2 illegal"), "{out}");
    assert!(out.contains("result: game not finished"), "{out}");
}

#[test]
fn replay_reads_sgf_by_content_whatever_the_extension() {
    let d = Dir::new();
    d.write("game.txt", SGF);
    let o = d.run(&["replay", "game.txt", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(
        v["moves"].as_array().map(Vec::len),
        Some(4),
        "the main line is played"
    );
}

#[test]
fn convert_sgf_to_json_and_back_keeps_variations_and_comments() {
    let d = Dir::new();
    d.write("in.sgf", SGF);
    assert!(d.run(&["convert", "in.sgf", "direct.sgf"]).status.success());
    let o = d.run(&["convert", "in.sgf", "mid.json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(d.run(&["convert", "mid.json", "back.sgf"]).status.success());
    let back = d.read("back.sgf");
    assert_eq!(back, d.read("direct.sgf"));
    assert!(
        back.contains("C[root note]") && back.contains("(;B[cg])"),
        "{back}"
    );
    let rec: Value = serde_json::from_str(&d.read("mid.json")).expect("record");
    assert_eq!(rec["rules"]["preset"], "new-zealand");
    assert_eq!(rec["players"]["black"]["name"], "Ann");
}

#[test]
fn convert_json_to_sgf_and_back_replays_the_same() {
    let d = Dir::new();
    d.write("game.json", GAME);
    let o = d.run(&["convert", "game.json", "game.sgf"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("2 illegal attempts are left out"),
        "{}",
        stderr(&o)
    );
    let sgf = d.read("game.sgf");
    assert!(
        sgf.contains("SZ[5]") && sgf.contains("PB[Ann]") && sgf.contains(";B[]"),
        "{sgf}"
    );
    assert!(
        d.run(&["convert", "game.sgf", "again.json"])
            .status
            .success()
    );
    let final_of = |name: &str| -> Value {
        let o = d.run(&["replay", name, "--json"]);
        serde_json::from_str::<Value>(&stdout(&o)).expect("JSON")["final"].clone()
    };
    assert_eq!(final_of("again.json"), final_of("game.json"));
    assert!(
        d.run(&["convert", "again.json", "again.sgf"])
            .status
            .success()
    );
    assert_eq!(d.read("again.sgf"), sgf);
}

#[test]
fn truncated_sgf_is_refused_with_its_line_and_column() {
    let d = Dir::new();
    d.write("t.sgf", "(;GM[1]SZ[9]\n;B[ee];W[c");
    assert_bad_input(&d.run(&["replay", "t.sgf"]), "t.sgf: SGF line 2, column 9");
    d.write("u.sgf", "(;GM[1]SZ[9];B[ee]");
    assert_bad_input(&d.run(&["replay", "u.sgf", "--json"]), "never closed");
}

#[test]
fn moves_off_the_board_are_refused() {
    let d = Dir::new();
    d.write("off.sgf", "(;GM[1]SZ[9];B[ee];W[jj])");
    assert_bad_input(
        &d.run(&["replay", "off.sgf"]),
        "SGF node 2: W[jj] is off the 9x9 board",
    );
    d.write("off.json", r#"{"variant": "classic", "rules": {"board_size": 9}, "moves": [{"color": "black", "at": [9, 0]}]}"#);
    assert_bad_input(
        &d.run(&["replay", "off.json", "--json"]),
        "moves[0].at: [9,0] is not a point of the 9x9 board",
    );
}

#[test]
fn wrong_types_unknown_names_and_bad_json_are_refused() {
    let d = Dir::new();
    let cases = [
        (
            r#"{"variant": "classic", "moves": [{"color": "black", "at": ["a", 1]}]}"#,
            "moves[0].at[0]: expected a number",
        ),
        (
            r#"{"variant": "classic", "moves": [{"color": "black", "at": [1]}]}"#,
            "moves[0].at: expected 2 numbers",
        ),
        (
            r#"{"variant": "classic", "rules": {"preset": "korean"}}"#,
            "rules.preset: unknown preset \"korean\"",
        ),
        (
            r#"{"variant": "classic", "rules": {"komi": "six"}}"#,
            "rules.komi: expected a number",
        ),
        (
            r#"{"variant": "classic", "rules": {"board_size": 1e300}}"#,
            "rules.board_size: expected a whole number",
        ),
        (
            r#"{"variant": "classic", "rules": {"speed": 1}}"#,
            "rules: unknown field \"speed\"",
        ),
        (
            r#"{"variant": "chess"}"#,
            "variant: unknown variant \"chess\"",
        ),
        (
            r#"{"variant": "classic", "moves": [{"color": "black", "pass": true, "x": 1}]}"#,
            "moves[0]: unknown field \"x\"",
        ),
        (
            r#"{"variant": "classic", "moves": [ {"color": "black""#,
            "invalid JSON",
        ),
    ];
    for (i, (text, needle)) in cases.iter().enumerate() {
        let name = format!("bad{i}.json");
        d.write(&name, text);
        assert_bad_input(&d.run(&["replay", &name, "--json"]), needle);
        assert_bad_input(&d.run(&["convert", &name, "out.sgf"]), needle);
        assert!(
            !d.0.path().join("out.sgf").exists(),
            "nothing written for bad input"
        );
    }
}

#[test]
fn missing_files_and_unknown_formats_exit_2() {
    let d = Dir::new();
    assert_bad_input(
        &d.run(&["replay", "nowhere.json"]),
        "cannot read nowhere.json",
    );
    assert_bad_input(
        &d.run(&["convert", "nowhere.sgf", "x.json"]),
        "cannot read nowhere.sgf",
    );
    d.write("game.json", GAME);
    assert_bad_input(
        &d.run(&["convert", "game.json", "game.txt"]),
        "game.txt: unknown output format",
    );
    d.write("empty.dat", "");
    assert_bad_input(
        &d.run(&["replay", "empty.dat"]),
        "neither a JSON record nor SGF",
    );
    assert!(!Path::new(&d.0.path().join("x.json")).exists());
}
