//! GNU Go 3.8 referees classic Go. Random games on 5x5 to 19x19 where, at every turn, both
//! engines judge every point of the board and a few random probes (occupied and off-board
//! points included), play the same move, and must then show the same board and captures.
//! GNU Go's default rules (simple ko, no suicide) are our `japanese` preset; its superko and
//! suicide flags referee the other ko and suicide options.
//!
//! GNU Go is required: without it these tests fail with a message saying how to install it.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use common::gtp::{GnuGo, vertex};
use common::{draw, legal_points, pt, stone_map};
use stonefield_rules::classic::{ClassicGame, KoRule, Point, Rules, SuicideRule, fixed_points};
use stonefield_rules::{Color, Game, IllegalMove, Stone};

/// What the random games went through, so that a test can insist that captures, ko and
/// suicide were really met rather than assume it.
#[derive(Debug, Default)]
struct Tally {
    moves: u32,
    passes: u32,
    captured_stones: u32,
    /// Moves that removed the mover's own stones.
    suicides: u32,
    /// Turns with a point refused for each reason (from the full-board census).
    refusals: BTreeMap<&'static str, u32>,
    probes: u32,
}

impl Tally {
    fn refused(&self, why: IllegalMove) -> u32 {
        self.refusals.get(why.reason()).copied().unwrap_or(0)
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} moves, {} passes, {} stones captured, {} suicides, {} probes, \
             turns with refusals: {:?}",
            self.moves,
            self.passes,
            self.captured_stones,
            self.suicides,
            self.probes,
            self.refusals
        )
    }
}

/// One random game played on both engines at once.
struct Referee<'t> {
    ours: ClassicGame,
    gnugo: GnuGo,
    rng: fastrand::Rng,
    size: u8,
    /// The moves so far as GTP vertices, to replay a failure by hand.
    moves: Vec<String>,
    last_was_pass: bool,
    tally: &'t mut Tally,
}

impl Referee<'_> {
    fn context(&self) -> String {
        format!(
            "{0}x{0}, ko {1}, suicide {2}, after moves {3}\n{4}",
            self.size,
            self.ours.rules().ko,
            self.ours.rules().suicide,
            self.moves.join(" "),
            draw(&self.ours)
        )
    }

    /// Both engines must agree on the legality of every point of the board.
    fn compare_legal_sets(&mut self) -> BTreeSet<Point> {
        let color = self.ours.to_move();
        let ours = legal_points(&self.ours);
        let theirs = self.gnugo.all_legal(color);
        if ours != theirs {
            let only_ours: Vec<_> = ours.difference(&theirs).map(|&p| self.gtp(p)).collect();
            let only_gnugo: Vec<_> = theirs.difference(&ours).map(|&p| self.gtp(p)).collect();
            panic!(
                "legal points for {color} differ: only we allow {only_ours:?}, only GNU Go \
                 allows {only_gnugo:?}\n{}",
                self.context()
            );
        }
        let mut reasons = BTreeSet::new();
        for p in self.ours.board().points() {
            if let Err(why) = self.ours.check(&p) {
                reasons.insert(why.reason());
            }
        }
        for why in reasons {
            *self.tally.refusals.entry(why).or_default() += 1;
        }
        ours
    }

    /// A random point: mostly on the board (occupied or not), sometimes just off it.
    fn random_point(&mut self) -> Point {
        let size = u32::from(self.size);
        let (mut x, mut y) = (self.rng.u32(0..size), self.rng.u32(0..size));
        if self.rng.u32(0..8) == 0 {
            let off = size + self.rng.u32(0..3);
            if self.rng.bool() { x = off } else { y = off }
        }
        pt(x, y)
    }

    /// Asks both engines about a few random points; returns the first legal one.
    fn probe(&mut self) -> Option<Point> {
        let color = self.ours.to_move();
        let mut first_legal = None;
        for _ in 0..3 {
            let p = self.random_point();
            let ours = self.ours.check(&p);
            let theirs = self.gnugo.is_legal(color, p);
            self.tally.probes += 1;
            assert_eq!(
                ours.is_ok(),
                theirs,
                "{color} at {} ({p}): we say {ours:?}, GNU Go says legal={theirs}\n{}",
                vertex(p, self.size),
                self.context()
            );
            if p.x() >= self.size || p.y() >= self.size {
                assert_eq!(ours, Err(IllegalMove::Outside), "off-board {p}");
            }
            if ours.is_ok() && first_legal.is_none() {
                first_legal = Some(p);
            }
        }
        first_legal
    }

    fn gtp(&self, p: Point) -> String {
        vertex(p, self.size)
    }

    /// Plays `p` on both engines and compares the boards, the captured stones and the
    /// prisoner counts.
    fn play(&mut self, p: Point) {
        let color = self.ours.to_move();
        let before = stone_map(&self.ours);
        let placed = self
            .ours
            .play(&p)
            .unwrap_or_else(|e| panic!("{p} checked legal but play says {e}"));
        self.gnugo
            .play(color, Some(p))
            .unwrap_or_else(|e| panic!("GNU Go refused {}: {e}\n{}", self.gtp(p), self.context()));
        self.moves.push(self.gtp(p));
        self.last_was_pass = false;
        self.tally.moves += 1;
        self.tally.captured_stones += placed.captured.len() as u32;
        if placed.captured.iter().any(|s| s.color == color) {
            self.tally.suicides += 1;
        }
        self.compare_boards();
        let ours: BTreeSet<(Point, Color)> =
            placed.captured.iter().map(|s| (s.at, s.color)).collect();
        assert_eq!(ours.len(), placed.captured.len(), "a stone captured twice");
        let after = stone_map(&self.ours);
        // Suicide removes the stone just played too.
        let vanished: BTreeSet<(Point, Color)> = before
            .into_iter()
            .chain([(p, color)])
            .filter(|(q, _)| !after.contains_key(q))
            .collect();
        assert_eq!(
            ours,
            vanished,
            "captured stones of {}\n{}",
            self.gtp(p),
            self.context()
        );
        for c in Color::ALL {
            assert_eq!(
                self.ours.prisoners()[c],
                self.gnugo.captures(c),
                "stones captured by {c}\n{}",
                self.context()
            );
        }
    }

    fn compare_boards(&mut self) {
        for c in Color::ALL {
            let theirs = self.gnugo.stones(c);
            let ours = common::stones_of(&self.ours, c);
            assert_eq!(ours, theirs, "{c} stones differ\n{}", self.context());
        }
    }

    fn pass(&mut self) {
        let color = self.ours.to_move();
        self.ours.pass().expect("pass while playing");
        self.gnugo.play(color, None).expect("GNU Go pass");
        self.moves.push("pass".to_owned());
        self.last_was_pass = true;
        self.tally.passes += 1;
    }

    /// One turn: judge, probe, then play a probed point, a random legal point, or pass.
    /// Never passes twice in a row, which would end play; returns false when the player to
    /// move has only that left.
    fn turn(&mut self) -> bool {
        let legal = self.compare_legal_sets();
        let probed = self.probe();
        let wants_pass = self.rng.u32(0..40) == 0;
        if legal.is_empty() || (wants_pass && !self.last_was_pass) {
            if self.last_was_pass {
                return false;
            }
            self.pass();
            return true;
        }
        let p = probed.unwrap_or_else(|| {
            let legal: Vec<Point> = legal.into_iter().collect();
            legal[self.rng.usize(0..legal.len())]
        });
        self.play(p);
        true
    }
}

/// Plays `games` random games of at most `max_moves` turns each on both engines.
///
/// `STONEFIELD_REFEREE_SOAK=N` plays N times as many games, for a longer search by hand.
fn referee(rules: Rules, flags: &[&str], seed: u64, games: u32, max_moves: u32) -> Tally {
    let soak: u32 = std::env::var("STONEFIELD_REFEREE_SOAK")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let mut tally = Tally::default();
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut gnugo = GnuGo::start(flags, rules.board_size);
    for _ in 0..games * soak.max(1) {
        gnugo.ok("clear_board");
        let mut referee = Referee {
            ours: ClassicGame::new(rules).expect("valid rules"),
            gnugo,
            rng: rng.fork(),
            size: rules.board_size,
            moves: Vec::new(),
            last_was_pass: false,
            tally: &mut tally,
        };
        for _ in 0..max_moves {
            if !referee.turn() {
                break;
            }
        }
        gnugo = referee.gnugo;
    }
    tally
}

fn japanese(size: u8) -> Rules {
    common::rules("japanese", size)
}

/// Runs the simple-ko games on one board size and insists that they reached captures, ko
/// and suicide situations.
fn simple_ko_games(size: u8, seed: u64, games: u32, max_moves: u32) {
    let tally = referee(japanese(size), &[], seed, games, max_moves);
    eprintln!("{size}x{size}: {tally}");
    assert!(tally.captured_stones > 0, "no capture in {tally}");
    assert!(
        tally.refused(IllegalMove::Suicide) > 0,
        "no suicide in {tally}"
    );
    assert!(tally.refused(IllegalMove::Ko) > 0, "no ko in {tally}");
    assert!(
        tally.refused(IllegalMove::Occupied) > 0,
        "no occupied point in {tally}"
    );
}

#[test]
fn gnugo_agrees_on_5x5() {
    simple_ko_games(5, 0x5e5e, 10, 150);
}

#[test]
fn gnugo_agrees_on_9x9() {
    simple_ko_games(9, 0x9a9a, 4, 300);
}

#[test]
fn gnugo_agrees_on_13x13() {
    simple_ko_games(13, 0x1313, 2, 500);
}

#[test]
fn gnugo_agrees_on_19x19() {
    simple_ko_games(19, 0x1919, 2, 700);
}

#[test]
fn gnugo_agrees_on_positional_superko() {
    let rules = common::rules("chinese", 5);
    let tally = referee(rules, &["--positional-superko"], 0xc4c4, 10, 150);
    eprintln!("positional superko: {tally}");
    assert!(
        tally.refused(IllegalMove::Superko) > 0,
        "no superko in {tally}"
    );
}

#[test]
fn gnugo_agrees_on_situational_superko() {
    let rules = common::rules("aga", 5);
    let tally = referee(rules, &["--situational-superko"], 0xa6a6, 10, 150);
    eprintln!("situational superko: {tally}");
    assert!(
        tally.refused(IllegalMove::Superko) > 0,
        "no superko in {tally}"
    );
}

#[test]
fn gnugo_agrees_on_suicide_allowed() {
    let rules = Rules {
        suicide: SuicideRule::Allowed,
        ..japanese(7)
    };
    assert_eq!(rules.ko, KoRule::Simple);
    let tally = referee(rules, &["--allow-all-suicide"], 0x5a5a, 3, 200);
    eprintln!("suicide allowed: {tally}");
    assert!(tally.refused(IllegalMove::Ko) > 0, "no ko in {tally}");
    assert!(tally.suicides > 0, "no suicide played in {tally}");
    assert_eq!(tally.refused(IllegalMove::Suicide), 0, "{tally}");
}

/// GTP section 4.1.1 places fixed handicaps on the third line below 13x13 and on the fourth
/// from 13x13 up; GNU Go 3.8 already uses the fourth line on 12x12, so 12x12 is left out.
#[test]
fn fixed_handicap_points_match_gnugo() {
    let mut gnugo = GnuGo::start(&[], 19);
    for size in (7..=19).filter(|&s| s != 12) {
        gnugo.ok(&format!("boardsize {size}"));
        for stones in 2..=9 {
            gnugo.ok("clear_board");
            let theirs = gnugo.send(&format!("fixed_handicap {stones}"));
            let ours = fixed_points(size, stones);
            match (ours, theirs) {
                (Some(ours), Ok(theirs)) => {
                    let ours: BTreeSet<String> = ours.iter().map(|p| p.to_gtp(size)).collect();
                    let theirs: BTreeSet<String> =
                        theirs.split_whitespace().map(str::to_owned).collect();
                    assert_eq!(ours, theirs, "{stones} stones on {size}x{size}");
                }
                (None, Err(_)) => {}
                (ours, theirs) => {
                    panic!("{stones} stones on {size}x{size}: ours {ours:?}, GNU Go {theirs:?}")
                }
            }
        }
    }
}

/// After a fixed handicap White moves first, on both engines, from the same stones.
#[test]
fn fixed_handicap_game_starts_like_gnugo() {
    let mut rules = japanese(9);
    rules.handicap.stones = 4;
    let game = ClassicGame::new(rules).expect("valid handicap");
    assert_eq!(game.to_move(), Color::White);
    let mut gnugo = GnuGo::start(&[], 9);
    gnugo.ok("fixed_handicap 4");
    assert_eq!(
        common::stones_of(&game, Color::Black),
        gnugo.stones(Color::Black)
    );
    assert!(gnugo.stones(Color::White).is_empty());
    let setup: Vec<Stone<Point>> = game.stones();
    assert_eq!(setup.len(), 4);
    assert_eq!(legal_points(&game), gnugo.all_legal(Color::White));
}
