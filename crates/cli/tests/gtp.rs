//! `stonefield gtp` as a controller sees it: the real binary driven through a whole game
//! with every command it lists, errors answered with `?` and the engine still alive after
//! each, and a game against GNU Go over GTP when GNU Go is installed.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start(program: &str, args: &[&str]) -> Engine {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    fn stonefield(args: &[&str]) -> Engine {
        let mut all = vec!["gtp"];
        all.extend_from_slice(args);
        Engine::start(env!("CARGO_BIN_EXE_stonefield"), &all)
    }

    /// The answer to `command`: `Ok(text)` for `=`, `Err(text)` for `?`.
    fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.stdin, "{command}").expect("send");
        self.stdin.flush().expect("flush");
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("read");
            assert!(n > 0, "the engine died after {command:?}");
            let line = line.trim_end().to_owned();
            if line.is_empty() && !lines.is_empty() {
                break;
            }
            if !line.is_empty() {
                lines.push(line);
            }
        }
        let text = lines.join("\n");
        let body = text[1..]
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_owned();
        match text.chars().next() {
            Some('=') => Ok(body),
            Some('?') => Err(body),
            _ => panic!("not a GTP answer to {command:?}: {text:?}"),
        }
    }

    fn ok(&mut self, command: &str) -> String {
        self.send(command)
            .unwrap_or_else(|e| panic!("{command:?} failed: {e}"))
    }

    fn fails(&mut self, command: &str) -> String {
        let e = self
            .send(command)
            .expect_err(&format!("{command:?} should fail"));
        // Still alive and answering.
        assert_eq!(self.ok("protocol_version"), "2", "after {command:?}");
        e
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

#[test]
fn a_whole_game_with_every_listed_command() {
    let mut e = Engine::stonefield(&["--playouts", "100", "--threads", "1"]);
    let dir = tempfile::tempdir().expect("temporary directory");
    let listed: Vec<String> = e.ok("list_commands").lines().map(str::to_owned).collect();
    let mut used = std::collections::HashSet::new();
    let mut run = |e: &mut Engine, c: &str| {
        used.insert(c.split_whitespace().next().unwrap_or("").to_owned());
        e.ok(c)
    };
    assert_eq!(run(&mut e, "protocol_version"), "2");
    assert_eq!(run(&mut e, "name"), "stonefield");
    assert!(!run(&mut e, "version").is_empty());
    assert_eq!(run(&mut e, "known_command genmove"), "true");
    assert_eq!(run(&mut e, "known_command fly"), "false");
    run(&mut e, "list_commands");
    run(&mut e, "kgs-rules chinese");
    run(&mut e, "stonefield-rules chinese");
    run(&mut e, "boardsize 9");
    run(&mut e, "clear_board");
    run(&mut e, "komi 7.5");
    run(&mut e, "time_settings 60 5 1");
    run(&mut e, "kgs-time_settings byoyomi 60 5 3");
    run(&mut e, "time_left b 60 0");
    assert_eq!(
        run(&mut e, "fixed_handicap 2").split_whitespace().count(),
        2
    );
    run(&mut e, "clear_board");
    assert_eq!(
        run(&mut e, "place_free_handicap 3")
            .split_whitespace()
            .count(),
        3
    );
    run(&mut e, "clear_board");
    run(&mut e, "set_free_handicap C3 G7");
    run(&mut e, "clear_board");
    // A short game: both sides generated, one undo, a cleanup move, then both pass.
    for turn in 0..12 {
        let color = if turn % 2 == 0 { "b" } else { "w" };
        let command = if turn == 11 {
            "kgs-genmove_cleanup"
        } else {
            "genmove"
        };
        let mv = run(&mut e, &format!("{command} {color}"));
        assert!(!mv.is_empty(), "{command}");
        assert!(run(&mut e, "stonefield-search_stats").starts_with("playouts "));
    }
    run(&mut e, "undo");
    run(&mut e, "play w pass");
    run(&mut e, "play b pass");
    assert!(run(&mut e, "showboard").contains("komi 7.5"));
    let score = run(&mut e, "final_score");
    assert!(
        score.starts_with("B+") || score.starts_with("W+") || score == "0",
        "{score}"
    );
    run(&mut e, "final_status_list dead");
    assert!(!run(&mut e, "final_status_list alive").is_empty());
    run(&mut e, "final_status_list seki");
    let sgf = run(&mut e, "printsgf");
    assert!(sgf.starts_with("(;") && sgf.contains("SZ[9]"), "{sgf}");
    let file = dir.path().join("game.sgf");
    let file = file.to_str().expect("utf-8 path");
    run(&mut e, &format!("printsgf {file}"));
    run(&mut e, &format!("loadsgf {file}"));
    run(&mut e, "quit");
    let missing: Vec<&String> = listed.iter().filter(|c| !used.contains(*c)).collect();
    assert!(missing.is_empty(), "listed but not exercised: {missing:?}");
}

#[test]
fn errors_are_answered_and_the_engine_lives_on() {
    let mut e = Engine::stonefield(&["--playouts", "50", "--threads", "1"]);
    assert_eq!(e.fails("frobnicate"), "unknown command");
    e.ok("boardsize 9");
    e.ok("play b E5");
    assert!(e.fails("play w E5").starts_with("illegal move"));
    assert!(e.fails("play w Z42").contains("invalid coordinate"));
    assert!(e.fails("boardsize 99").contains("unacceptable size"));
    assert!(e.fails("boardsize nine").contains("not an integer"));
    assert!(e.fails("komi much").contains("komi"));
    assert!(e.fails("genmove purple").contains("color"));
    assert!(e.fails("time_left b soon 0").contains("time"));
    assert!(e.fails("fixed_handicap 2").contains("board not empty"));
    assert!(e.fails("loadsgf /nonexistent.sgf").contains("cannot open"));
    assert!(e.fails("final_status_list undead").contains("status"));
    // The game is as it was before the errors.
    assert!(e.ok("showboard").contains('X'));
}

#[test]
fn bad_options_are_refused_before_the_protocol_starts() {
    for args in [&["--level", "11"][..], &["--level", "0"], &["--time", "-1"]] {
        let o = Command::new(env!("CARGO_BIN_EXE_stonefield"))
            .arg("gtp")
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("run");
        assert!(!o.status.success(), "{args:?}");
        assert!(!o.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn a_game_against_gnu_go_over_gtp() {
    let gnugo = "/usr/games/gnugo";
    if !std::path::Path::new(gnugo).exists() {
        eprintln!("GNU Go not installed: skipped");
        return;
    }
    let mut us = Engine::stonefield(&["--playouts", "200", "--threads", "1"]);
    let mut them = Engine::start(gnugo, &["--mode", "gtp", "--level", "1", "--chinese-rules"]);
    for e in [&mut us, &mut them] {
        e.ok("boardsize 9");
        e.ok("komi 7.5");
    }
    let mut passes = 0;
    let mut moves = 0;
    for turn in 0..160 {
        let (color, mover, other) = if turn % 2 == 0 {
            ("b", &mut us, &mut them)
        } else {
            ("w", &mut them, &mut us)
        };
        let mv = mover.ok(&format!("genmove {color}"));
        if mv.eq_ignore_ascii_case("resign") {
            break;
        }
        // Each side accepts the other's move: nothing illegal crossed over.
        other.ok(&format!("play {color} {mv}"));
        moves += 1;
        passes = if mv.eq_ignore_ascii_case("pass") {
            passes + 1
        } else {
            0
        };
        if passes == 2 {
            break;
        }
    }
    assert!(moves >= 2, "{moves} moves");
    let ours = us.ok("final_score");
    let theirs = them.ok("final_score");
    assert!(!ours.is_empty() && !theirs.is_empty());
}
