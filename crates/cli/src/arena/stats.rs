//! What a match measures: wins per player and per colour with a 95% confidence interval
//! (Wilson's score interval, draws counted as half a win), time and playouts per move, and
//! the running score shown while the games are played.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::{Value, json};

use super::config::GameResult;

/// One generated move: who made it, how long it took, and the playouts its search made
/// when the engine reports them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveMeasure {
    pub seat: usize,
    pub spent: Duration,
    pub playouts: Option<u64>,
}

impl MoveMeasure {
    /// `stats` is the answer to `stonefield-search_stats` (`playouts N ...`), if asked.
    pub fn new(seat: usize, spent: Duration, stats: Option<&str>) -> MoveMeasure {
        let playouts = stats.and_then(|s| {
            let mut words = s.split_whitespace();
            while let Some(w) = words.next() {
                if w == "playouts" {
                    return words.next()?.parse().ok();
                }
            }
            None
        });
        MoveMeasure {
            seat,
            spent,
            playouts,
        }
    }
}

/// Per-seat sums over the moves it generated.
#[derive(Debug, Clone, Default, PartialEq)]
struct MoveTotals {
    moves: u64,
    seconds: f64,
    max_seconds: f64,
    searched: u64,
    playouts: u64,
}

/// The games so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Tally {
    pub names: [String; 2],
    pub commands: [String; 2],
    games: Vec<GameResult>,
    totals: [MoveTotals; 2],
}

impl Tally {
    pub fn new(names: [String; 2]) -> Tally {
        Tally {
            names,
            commands: [String::new(), String::new()],
            games: Vec::new(),
            totals: Default::default(),
        }
    }

    pub fn add(&mut self, result: &GameResult, measured: &[MoveMeasure]) {
        self.games.push(result.clone());
        for m in measured {
            let t = &mut self.totals[m.seat];
            let s = m.spent.as_secs_f64();
            t.moves += 1;
            t.seconds += s;
            t.max_seconds = t.max_seconds.max(s);
            if let Some(p) = m.playouts {
                t.searched += 1;
                t.playouts = t.playouts.saturating_add(p);
            }
        }
    }

    /// Points of `seat`: a win 1, a draw 1/2; optionally only in games where it had `black`.
    fn points(&self, seat: usize, as_black: Option<bool>) -> (f64, u32) {
        let mut points = 0.0;
        let mut games = 0;
        for g in &self.games {
            if as_black.is_some_and(|b| (g.black == seat) != b) {
                continue;
            }
            games += 1;
            points += match g.winner() {
                Some(w) if w == seat => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        (points, games)
    }

    /// `A 3 - B 1` for the progress bar.
    pub fn running(&self) -> String {
        let (a, _) = self.points(0, None);
        let (b, _) = self.points(1, None);
        format!("{} {a} - {b} {}", self.names[0], self.names[1])
    }

    /// The win table, ready to print.
    pub fn table(&self) -> String {
        let mut out = String::new();
        out.push_str(&format!(
            "{:<3} {:<28} {:>6} {:>8} {:>9} {:>18} {:>9} {:>9} {:>11}\n",
            "",
            "player",
            "points",
            "as black",
            "as white",
            "win rate (95% CI)",
            "s/move",
            "max s",
            "playouts/mv"
        ));
        for seat in 0..2 {
            let (p, n) = self.points(seat, None);
            let (pb, nb) = self.points(seat, Some(true));
            let (pw, nw) = self.points(seat, Some(false));
            let (lo, hi) = wilson(p, n);
            let t = &self.totals[seat];
            let playouts = if t.searched > 0 {
                format!("{:.0}", t.playouts as f64 / t.searched as f64)
            } else {
                "-".to_owned()
            };
            out.push_str(&format!(
                "{:<3} {:<28} {:>6} {:>8} {:>9} {:>18} {:>9.2} {:>9.2} {:>11}\n",
                ["A", "B"][seat],
                truncate(&self.names[seat], 28),
                format!("{p}/{n}"),
                format!("{pb}/{nb}"),
                format!("{pw}/{nw}"),
                format!(
                    "{:.0}% ({:.0}-{:.0}%)",
                    100.0 * p / f64::from(n.max(1)),
                    100.0 * lo,
                    100.0 * hi
                ),
                t.seconds / t.moves.max(1) as f64,
                t.max_seconds,
                playouts,
            ));
        }
        for (seat, command) in self.commands.iter().enumerate() {
            out.push_str(&format!("{}: {command}\n", ["A", "B"][seat]));
        }
        out
    }

    pub fn to_json(&self) -> Value {
        let players: Vec<Value> = (0..2)
            .map(|seat| {
                let (p, n) = self.points(seat, None);
                let (pb, nb) = self.points(seat, Some(true));
                let (lo, hi) = wilson(p, n);
                let t = &self.totals[seat];
                json!({
                    "name": self.names[seat],
                    "command": self.commands[seat],
                    "points": p,
                    "games": n,
                    "points_as_black": pb,
                    "games_as_black": nb,
                    "win_rate": p / f64::from(n.max(1)),
                    "ci95": [lo, hi],
                    "seconds_per_move": t.seconds / t.moves.max(1) as f64,
                    "max_seconds_per_move": t.max_seconds,
                    "playouts_per_move": (t.searched > 0)
                        .then(|| t.playouts as f64 / t.searched as f64),
                })
            })
            .collect();
        let games: Vec<Value> = self
            .games
            .iter()
            .enumerate()
            .map(|(i, g)| {
                json!({
                    "game": i + 1,
                    "black": g.black,
                    "white": g.white,
                    "result": g.outcome.to_string(),
                    "moves": g.moves,
                    "reason": g.reason,
                })
            })
            .collect();
        json!({"players": players, "games": games})
    }
}

/// Wilson's 95% score interval for `points` out of `n` games.
pub fn wilson(points: f64, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = f64::from(n);
    let z = 1.959_963_984_540_054_f64;
    let p = points / n;
    let z2n = z * z / n;
    let centre = (p + z2n / 2.0) / (1.0 + z2n);
    let half = z * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt() / (1.0 + z2n);
    // The interval always holds the observed rate; rounding could push an end past it
    // (a lower end of 5e-17 at no wins).
    ((centre - half).clamp(0.0, p), (centre + half).clamp(p, 1.0))
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// A bar on standard error with the running score; hidden with `--json` or off a terminal.
pub fn progress_bar(games: u32, quiet: bool) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(
        Some(u64::from(games)),
        if quiet {
            ProgressDrawTarget::hidden()
        } else {
            ProgressDrawTarget::stderr()
        },
    );
    if let Ok(style) =
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  [{elapsed}]")
    {
        bar.set_style(style);
    }
    bar
}

/// Today's date (UTC) as SGF's `DT` writes it, `YYYY-MM-DD`.
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's method).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use stonefield_rules::{Color, Outcome, WinBy};

    #[test]
    fn wilson_interval_matches_known_values() {
        // 18 of 20: 0.699-0.972 (Wilson, z = 1.96).
        let (lo, hi) = wilson(18.0, 20);
        assert!(
            (lo - 0.699).abs() < 0.001 && (hi - 0.972).abs() < 0.001,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(20.0, 20);
        assert!((lo - 0.839).abs() < 0.001 && hi == 1.0, "{lo} {hi}");
        assert_eq!(wilson(0.0, 0), (0.0, 1.0));
        for n in 1..=40 {
            for w in 0..=n {
                let p = f64::from(w) / f64::from(n);
                let (lo, hi) = wilson(f64::from(w), n);
                assert!(lo <= p && p <= hi, "{w}/{n}: {lo} {hi}");
            }
            assert_eq!(wilson(0.0, n).0, 0.0);
            assert_eq!(wilson(f64::from(n), n).1, 1.0);
        }
    }

    #[test]
    fn dates_are_civil() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_781), (2026, 11, 24));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn points_count_colours_and_draws() {
        let mut t = Tally::new(["a".into(), "b".into()]);
        let win = |black, winner| GameResult {
            black,
            white: 1 - black,
            outcome: Outcome::Win {
                winner,
                by: WinBy::Resignation,
            },
            moves: 10,
            reason: "resignation".into(),
        };
        t.add(&win(0, Color::Black), &[]);
        t.add(&win(1, Color::Black), &[]);
        t.add(
            &GameResult {
                outcome: Outcome::Draw,
                ..win(0, Color::White)
            },
            &[MoveMeasure::new(
                0,
                Duration::from_millis(500),
                Some("playouts 1200 x 1"),
            )],
        );
        assert_eq!(t.points(0, None), (1.5, 3));
        assert_eq!(t.points(1, None), (1.5, 3));
        assert_eq!(t.points(0, Some(true)), (1.5, 2));
        assert_eq!(t.totals[0].playouts, 1200);
        assert!(t.table().contains("1.5/3"), "{}", t.table());
        assert_eq!(t.to_json()["games"].as_array().map(Vec::len), Some(3));
    }
}
