//! `stonefield learn-patterns`: the real binary learns gammas from SGF records in a
//! directory, writes a file that reads back as gammas, and refuses bad input.

use std::process::{Command, Output};

use stonefield_ai::classic::gammas::Gammas;

fn learn(dir: &tempfile::TempDir, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stonefield"))
        .arg("learn-patterns")
        .args(args)
        .current_dir(dir.path())
        .output()
        .expect("run stonefield")
}

/// A 9x9 game where Black answers every White move next to it.
const GAME: &str = "(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc];B[cd];W[gc];B[gd];W[cg];B[dg];\
                    W[gg];B[fg];W[dc];B[ec];W[hd];B[he];W[ch];B[dh])";

#[test]
fn learns_gammas_that_read_back_from_a_directory_of_records() {
    let dir = tempfile::tempdir().expect("temporary directory");
    std::fs::create_dir(dir.path().join("games")).expect("mkdir");
    for n in 0..3 {
        std::fs::write(dir.path().join(format!("games/g{n}.sgf")), GAME).expect("write");
    }
    std::fs::write(dir.path().join("games/notes.txt"), "not a record").expect("write");
    std::fs::write(dir.path().join("games/broken.sgf"), "(;GM[1]SZ[9];B[ee]").expect("write");
    let o = learn(
        &dir,
        &[
            "games",
            "--sample",
            "1",
            "--sweeps",
            "3",
            "--min-shape",
            "2",
            "--min-spatial",
            "3",
            "--out",
            "g.txt",
        ],
    );
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    assert!(
        stderr.contains("3 games, 1 file unreadable or not classic Go"),
        "{stderr}"
    );
    assert!(
        stderr.contains("broken.sgf"),
        "the unreadable file is named: {stderr}"
    );
    let text = std::fs::read_to_string(dir.path().join("g.txt")).expect("the gammas");
    assert!(
        text.starts_with("# Gammas of classic Go's move features"),
        "{text}"
    );
    let gammas = Gammas::parse(&text).expect("the file reads back");
    // The three games are the same: every pattern played is played three times.
    let spatial = text.lines().filter(|l| l.starts_with("spatial ")).count();
    assert!(spatial > 0, "{text}");
    assert_eq!(gammas.spatial_dictionary().len(), spatial);
    assert!(text.contains("--min-spatial 3"), "{text}");
    // Every recorded Black move is next to the last one: learnt, that distance outweighs
    // the far ones.
    let gamma = |name: &str| -> f64 {
        text.lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(2))
            .and_then(|g| g.parse().ok())
            .unwrap_or_else(|| panic!("{name} in {text}"))
    };
    assert!(gamma("last-distance 1 ") > 2.0 * gamma("last-distance 8 "));
}

#[test]
fn bad_input_is_refused_with_status_2_and_nothing_written() {
    let dir = tempfile::tempdir().expect("temporary directory");
    std::fs::write(dir.path().join("g.sgf"), GAME).expect("write");
    std::fs::create_dir(dir.path().join("empty")).expect("mkdir");
    for (args, needle) in [
        (&["missing", "--out", "g.txt"][..], "missing does not exist"),
        (
            &["g.sgf", "--sample", "0", "--out", "g.txt"][..],
            "--sample 0 is outside",
        ),
        (&["empty", "--out", "g.txt"][..], "no .sgf or .json record"),
    ] {
        let o = learn(&dir, args);
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(!dir.path().join("g.txt").exists(), "{args:?}");
    }
}
