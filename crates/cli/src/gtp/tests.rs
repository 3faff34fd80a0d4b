use super::*;

fn say(engine: &mut Engine, line: &str) -> String {
    engine.handle(line).0.unwrap_or_default()
}

#[test]
fn replies_carry_the_command_id() {
    let mut e = Engine::new(Options::playouts(50, 1));
    assert_eq!(say(&mut e, "7 protocol_version"), "=7 2\n\n");
    assert_eq!(say(&mut e, "name"), "= stonefield\n\n");
    assert_eq!(say(&mut e, "known_command genmove"), "= true\n\n");
    assert_eq!(say(&mut e, "3 frobnicate"), "?3 unknown command\n\n");
    assert_eq!(e.handle("   # only a comment").0, None);
    assert!(e.handle("quit").1);
}

#[test]
fn pondering_goes_on_between_commands_and_feeds_the_next_move() {
    let mut e = Engine::new(Options {
        ponder: true,
        ..Options::playouts(200, 3)
    });
    say(&mut e, "boardsize 9");
    assert!(!say(&mut e, "genmove b").starts_with('?'));
    // The opponent's move stops the pondering; the next search counts what it made.
    let reply = say(&mut e, "genmove w");
    assert!(!reply.starts_with('?'), "{reply}");
    let stats = say(&mut e, "stonefield-search_stats");
    let pondered: u32 = stats
        .split_whitespace()
        .skip_while(|w| *w != "pondered")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{stats}"));
    assert!(pondered >= 1, "{stats}");
    assert!(stats.contains("playouts 200 "), "{stats}");
    // Commands that change the position while it ponders still work.
    assert_eq!(say(&mut e, "undo"), "=\n\n");
    assert_eq!(say(&mut e, "play w E5"), "=\n\n");
    assert!(!say(&mut e, "genmove b").starts_with('?'));
    assert_eq!(say(&mut e, "clear_board"), "=\n\n");
    assert!(e.handle("quit").1);
}

#[test]
fn reading_commands_let_the_thinking_on_the_opponents_time_go_on() {
    for ponder in [false, true] {
        let mut e = Engine::new(Options {
            ponder,
            ..Options::playouts(200, 1)
        });
        say(&mut e, "boardsize 9");
        assert!(!say(&mut e, "genmove b").starts_with('?'));
        // Without --ponder the thread only moves the tree to the new position.
        assert!(e.player.is_pondering(), "ponder {ponder}");
        for command in ["stonefield-search_stats", "showboard", "time_left w 60 0"] {
            assert!(say(&mut e, command).starts_with('='), "{command}");
            assert!(e.player.is_pondering(), "{command} stopped it");
        }
        assert_eq!(say(&mut e, "play w E5"), "=\n\n");
        assert!(!e.player.is_pondering());
        assert!(!say(&mut e, "genmove b").starts_with('?'));
    }
}

#[test]
fn illegal_and_malformed_moves_are_errors_not_crashes() {
    let mut e = Engine::new(Options::playouts(50, 1));
    say(&mut e, "boardsize 9");
    assert_eq!(say(&mut e, "play black D4"), "=\n\n");
    assert!(say(&mut e, "play white D4").starts_with("? illegal move (occupied)"));
    assert!(say(&mut e, "play white Z99").starts_with("? invalid coordinate"));
    assert!(say(&mut e, "play purple D5").starts_with("? invalid color"));
    assert!(say(&mut e, "play white").starts_with("? missing argument"));
    assert!(say(&mut e, "boardsize 40").starts_with("? unacceptable size"));
    assert!(say(&mut e, "komi lots").starts_with("? komi not a float"));
}

#[test]
fn undo_takes_back_the_last_move() {
    let mut e = Engine::new(Options::playouts(50, 1));
    say(&mut e, "boardsize 5");
    say(&mut e, "play b C3");
    say(&mut e, "undo");
    assert!(e.game.stones().is_empty());
    assert!(say(&mut e, "undo").starts_with("? cannot undo"));
}

#[test]
fn genmove_plays_a_legal_move_on_the_board() {
    let mut e = Engine::new(Options::playouts(200, 1));
    say(&mut e, "boardsize 7");
    let reply = say(&mut e, "genmove black");
    let vertex = reply.trim_start_matches("= ").trim();
    let p = Point::from_gtp(vertex, 7).expect("a vertex");
    assert_eq!(e.game.board().get(p), Some(Color::Black));
}

#[test]
fn printsgf_and_loadsgf_round_trip() {
    let dir = std::env::temp_dir().join(format!("stonefield-gtp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("game.sgf");
    let file = file.to_str().expect("utf-8 path");
    let mut e = Engine::new(Options::playouts(50, 1));
    for line in [
        "boardsize 9",
        "komi 6.5",
        "play b C3",
        "play w G7",
        "play b pass",
    ] {
        say(&mut e, line);
    }
    assert_eq!(say(&mut e, &format!("printsgf {file}")), "=\n\n");
    let mut f = Engine::new(Options::playouts(50, 1));
    assert_eq!(say(&mut f, &format!("loadsgf {file}")), "= white\n\n");
    assert_eq!(f.game.stones(), e.game.stones());
    assert_eq!(f.rules.komi, 6.5);
    assert_eq!(say(&mut f, &format!("loadsgf {file} 2")), "= white\n\n");
    assert_eq!(f.game.stones().len(), 1);
    assert!(say(&mut f, "loadsgf /nonexistent/file.sgf").starts_with("? cannot open file"));
    std::fs::write(dir.join("bad.sgf"), "(;GM[1]SZ[9];B[").expect("write");
    let bad = dir.join("bad.sgf");
    assert!(say(&mut f, &format!("loadsgf {}", bad.display())).starts_with("? cannot load file"));
    assert_eq!(f.game.stones().len(), 1, "a failed load changes nothing");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn handicap_commands_place_stones_and_give_white_the_move() {
    let mut e = Engine::new(Options::playouts(50, 1));
    say(&mut e, "boardsize 19");
    assert_eq!(say(&mut e, "fixed_handicap 3"), "= D4 Q16 D16\n\n");
    assert_eq!(e.game.to_move(), Color::White);
    assert!(say(&mut e, "fixed_handicap 2").starts_with("? board not empty"));
    say(&mut e, "clear_board");
    let free = say(&mut e, "place_free_handicap 9");
    let placed: Vec<&str> = free.trim_start_matches("= ").split_whitespace().collect();
    assert_eq!(placed.len(), 9, "{free}");
    assert_eq!(e.game.stones().len(), 9);
    say(&mut e, "clear_board");
    assert_eq!(say(&mut e, "set_free_handicap A1 T19 K10"), "=\n\n");
    assert_eq!(e.game.stones().len(), 3);
    let sgf = say(&mut e, "printsgf");
    assert!(sgf.contains("AB[") && sgf.contains("PL[W]"), "{sgf}");
    for bad in [
        "set_free_handicap A1 A1",
        "set_free_handicap A1",
        "set_free_handicap A1 Z30",
        "fixed_handicap 1",
        "fixed_handicap ten",
    ] {
        say(&mut e, "clear_board");
        assert!(say(&mut e, bad).starts_with('?'), "{bad}");
        assert!(e.game.stones().is_empty(), "{bad} changed the board");
    }
    say(&mut e, "boardsize 7");
    assert!(say(&mut e, "fixed_handicap 5").starts_with("? invalid number of stones"));
    assert!(say(&mut e, "place_free_handicap 5").starts_with('='));
}

#[test]
fn time_commands_are_read_and_checked() {
    let mut e = Engine::new(Options::playouts(50, 1));
    assert_eq!(say(&mut e, "time_settings 300 30 5"), "=\n\n");
    assert_eq!(say(&mut e, "time_left b 12.5 3"), "=\n\n");
    assert_eq!(
        e.clocks.black,
        Some(Left {
            seconds: 12.5,
            stones: 3
        })
    );
    assert_eq!(say(&mut e, "kgs-time_settings byoyomi 60 10 3"), "=\n\n");
    assert!(say(&mut e, "kgs-time_settings hourglass 60").starts_with('?'));
    assert!(say(&mut e, "time_left b soon 0").starts_with('?'));
    assert!(say(&mut e, "time_settings 1 2").starts_with('?'));
    assert_eq!(say(&mut e, "kgs-time_settings none"), "=\n\n");
    assert_eq!(e.time_control, TimeControl::Unlimited);
}

#[test]
fn komi_keeps_the_handicap_and_a_failed_load_changes_nothing() {
    let mut e = Engine::new(Options::playouts(50, 1));
    say(&mut e, "boardsize 9");
    say(&mut e, "fixed_handicap 2");
    say(&mut e, "play w E5");
    assert_eq!(say(&mut e, "komi 0.5"), "=\n\n");
    assert_eq!(
        e.game.stones().len(),
        3,
        "handicap stones and White's move kept"
    );
    assert_eq!(e.game.to_move(), Color::Black);
    // An SGF whose second move is illegal: refused, the game as it was.
    let dir = std::env::temp_dir().join(format!("stonefield-gtp-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("illegal.sgf");
    std::fs::write(&file, "(;GM[1]SZ[9];B[cc];W[cc])").expect("write");
    let reply = say(&mut e, &format!("loadsgf {}", file.display()));
    assert!(reply.starts_with("? cannot load file"), "{reply}");
    assert_eq!(e.game.stones().len(), 3);
    assert_eq!(e.rules.komi, 0.5);
    let _ = std::fs::remove_dir_all(&dir);
    say(&mut e, "boardsize 19");
    assert!(say(&mut e, "place_free_handicap 40").starts_with("? invalid number"));
    assert!(e.game.stones().is_empty());
}

#[test]
fn the_engine_runs_its_own_clock_down() {
    let mut e = Engine::new(Options::playouts(20, 1));
    say(&mut e, "boardsize 9");
    say(&mut e, "time_settings 30 0 0");
    say(&mut e, "genmove b");
    let left = e.clocks.black.expect("a clock");
    assert!(left.seconds < 30.0 && left.seconds > 20.0, "{left:?}");
    assert_eq!(e.clocks.white.map(|l| l.seconds), Some(30.0));
    // A huge clock is a valid budget, not an overflow.
    say(&mut e, "time_settings 1e300 0 0");
    assert!(!say(&mut e, "genmove w").starts_with('?'));
}

#[test]
fn final_score_counts_an_empty_board_as_komi() {
    let mut e = Engine::new(Options::playouts(50, 1));
    say(&mut e, "boardsize 9");
    say(&mut e, "komi 7.5");
    assert_eq!(say(&mut e, "final_score"), "= W+7.5\n\n");
}
