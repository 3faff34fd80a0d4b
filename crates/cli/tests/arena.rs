//! `stonefield match` through the real binary: two engines play whole games with colours
//! alternating, every game is written as SGF and JSON that replay to the same result, and
//! the JSON summary adds up; one short game against GNU Go when it is installed.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn stonefield(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stonefield"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run stonefield")
}

fn summary(o: &Output) -> Value {
    assert!(
        o.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).expect("JSON summary")
}

#[test]
fn builtin_engines_play_alternating_colours_and_every_game_is_saved() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let o = stonefield(
        &[
            "match",
            "-p",
            "builtin --playouts 60 --seed 1",
            "-p",
            "builtin --playouts 20 --seed 2",
            "--games",
            "3",
            "--size",
            "5",
            "--komi",
            "0.5",
            "--out",
            "games",
            "--json",
        ],
        dir.path(),
    );
    let v = summary(&o);
    let games = v["games"].as_array().expect("games");
    assert_eq!(games.len(), 3);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["black"], i % 2, "colours alternate: {g}");
        assert_eq!(g["white"], 1 - i % 2, "{g}");
        let n = i + 1;
        let json = dir.path().join(format!("games/game-{n:03}.json"));
        let replayed = stonefield(&["replay", "--json", &json.to_string_lossy()], dir.path());
        assert!(replayed.status.success(), "{}", json.display());
        let sgf = dir.path().join(format!("games/game-{n:03}.sgf"));
        let text = stonefield_testdata::read(&sgf);
        let result = g["result"].as_str().expect("result");
        assert!(text.contains(&format!("RE[{result}]")), "{text}");
        assert!(
            text.contains("DT[") && text.contains("PB[stonefield"),
            "{text}"
        );
    }
    let players = v["players"].as_array().expect("players");
    let points: f64 = players
        .iter()
        .map(|p| p["points"].as_f64().expect("points"))
        .sum();
    assert_eq!(points, 3.0, "every game gives out one point");
    for p in players {
        let [lo, hi] = [p["ci95"][0].as_f64(), p["ci95"][1].as_f64()].map(|x| x.expect("ci"));
        let rate = p["win_rate"].as_f64().expect("rate");
        assert!(lo <= rate && rate <= hi, "{p}");
    }
}

#[test]
fn bad_players_are_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let one = stonefield(&["match", "-p", "builtin"], dir.path());
    assert!(!one.status.success());
    assert!(String::from_utf8_lossy(&one.stderr).contains("exactly two"));
    let missing = stonefield(
        &["match", "-p", "builtin", "-p", "/nonexistent/engine"],
        dir.path(),
    );
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/nonexistent/engine"));
}

#[test]
fn one_game_against_gnu_go() {
    let gnugo = Path::new("/usr/games/gnugo");
    if !gnugo.exists() {
        eprintln!("GNU Go not installed: skipped");
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let o = stonefield(
        &[
            "match",
            "-p",
            "builtin --playouts 200",
            "-p",
            "/usr/games/gnugo --mode gtp --level 1 --chinese-rules",
            "--games",
            "1",
            "--size",
            "9",
            "--referee",
            "/usr/games/gnugo --mode gtp --chinese-rules",
            "--json",
        ],
        dir.path(),
    );
    let v = summary(&o);
    let game = &v["games"][0];
    assert!(
        game["moves"].as_u64().expect("moves") >= 2,
        "both engines moved: {game}"
    );
    assert!(
        !game["reason"].as_str().expect("reason").contains("illegal"),
        "neither engine played an illegal move: {game}"
    );
    assert_eq!(v["players"][1]["name"], "GNU Go 3.8");
}

#[test]
fn built_in_players_play_the_other_variants() {
    let dir = tempfile::tempdir().expect("temporary directory");
    // Continuous Go plays its default board; the move limit keeps its games short.
    let variants = [
        ("margo", ["--size", "4"]),
        ("topological", ["--size", "6"]),
        ("continuous", ["--max-moves", "30"]),
    ];
    for (variant, options) in variants {
        let mut args = vec!["match", "--variant", variant];
        args.extend(options);
        args.extend([
            "-p",
            "ai --playouts 40",
            "-p",
            "random",
            "--games",
            "2",
            "--out",
            variant,
            "--json",
        ]);
        let o = stonefield(&args, dir.path());
        let v = summary(&o);
        let games = v["games"].as_array().expect("games");
        assert_eq!(games.len(), 2, "{variant}");
        for (i, g) in games.iter().enumerate() {
            assert_eq!(g["black"], i % 2, "{variant}: colours alternate: {g}");
            let reason = g["reason"].as_str().expect("a reason");
            assert!(!reason.contains("illegal"), "{variant}: {g}");
            check_written_game(dir.path(), variant, i + 1, g);
        }
    }
    let nan = stonefield(
        &[
            "match",
            "--variant",
            "margo",
            "-p",
            "ai --time nan",
            "-p",
            "random",
        ],
        dir.path(),
    );
    assert!(!nan.status.success());
    assert!(String::from_utf8_lossy(&nan.stderr).contains("not a number of seconds"));
    let bad = stonefield(
        &["match", "--variant", "margo", "-p", "gnugo", "-p", "random"],
        dir.path(),
    );
    assert!(!bad.status.success());
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("`random`, `greedy` or `ai"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
}

#[test]
fn continuous_games_against_the_greedy_player_end_by_passes_or_resignation() {
    // Without the limit such a game went on for ever: the greedy player invaded settled
    // areas, whose stones gain area on the live count at once. The limit is only a net.
    let dir = tempfile::tempdir().expect("temporary directory");
    let o = stonefield(
        &[
            "match",
            "--variant",
            "continuous",
            "-p",
            "ai --playouts 100",
            "-p",
            "greedy",
            "--games",
            "2",
            "--max-moves",
            "2000",
            "--json",
        ],
        dir.path(),
    );
    let v = summary(&o);
    for g in v["games"].as_array().expect("games") {
        let reason = g["reason"].as_str().expect("a reason");
        assert!(
            reason == "two passes" || reason == "resignation",
            "the game ended by its players: {g}"
        );
    }
}

/// The record a variant match wrote for game `number` names the variant and the result of
/// `summary`, and replays move by move to the same end.
fn check_written_game(dir: &Path, variant: &str, number: usize, summary: &Value) {
    let path = dir.join(variant).join(format!("game-{number:03}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let record: Value = serde_json::from_str(&text).expect("a JSON record");
    assert_eq!(record["variant"], variant);
    assert_eq!(record["result"], summary["result"], "{}", path.display());
    let moves = record["moves"].as_array().expect("moves").len();
    let file = path.to_str().expect("a UTF-8 path");
    let o = stonefield(&["replay", file, "--json"], dir);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let replay: Value = serde_json::from_slice(&o.stdout).expect("replay JSON");
    let replayed = replay["moves"].as_array().expect("replayed moves");
    assert_eq!(replayed.len(), moves, "{}", path.display());
    for m in replayed {
        assert_ne!(m["result"], "illegal", "{}: {m}", path.display());
    }
    if replay["final"]["over"] == true {
        assert_eq!(
            replay["final"]["result"],
            record["result"],
            "{}",
            path.display()
        );
    }
}
