//! Time control for `stonefield gtp`: the settings GTP and KGS send (`time_settings`,
//! `kgs-time_settings`, `time_left`) and the thinking time they leave for one move, so that
//! the engine spends more where it matters and never loses on time.

use std::time::Duration;

/// Held back from every budget for the controller's and the network's delays.
const SAFETY: Duration = Duration::from_millis(250);
/// The shortest budget ever handed out (a move is always searched a little).
const FLOOR: Duration = Duration::from_millis(20);

/// The overtime after main time, as GTP (Canadian) and KGS (also Japanese) express it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Overtime {
    /// Main time only: when it is gone, the game is lost.
    Absolute,
    /// `stones` moves in every period of `period` seconds (GTP's own kind).
    Canadian { period: f64, stones: u32 },
    /// `periods` periods of `period` seconds, one move each.
    Japanese { period: f64, periods: u32 },
}

/// The clock of the game as the controller last described it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TimeControl {
    /// No limit (the default, and GTP's `time_settings 0 1 0`).
    Unlimited,
    Limited {
        main: f64,
        overtime: Overtime,
    },
}

/// What `time_left` said of one player: seconds left in the current phase, and the stones
/// (Canadian) or periods (Japanese) left, 0 while in main time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Left {
    pub seconds: f64,
    pub stones: u32,
}

/// How long to think about one move: `target` for an ordinary move, up to `limit` when the
/// search is still undecided.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    pub target: Duration,
    pub limit: Duration,
}

impl Budget {
    /// A fixed time per move (`--time`, a level's time): no extension.
    pub fn fixed(seconds: f64) -> Budget {
        let d = secs(seconds);
        Budget {
            target: d,
            limit: d,
        }
    }

    /// The shorter of two budgets, part by part.
    pub fn min(self, other: Budget) -> Budget {
        Budget {
            target: self.target.min(other.target),
            limit: self.limit.min(other.limit),
        }
    }
}

impl TimeControl {
    /// GTP `time_settings main byo_yomi_time byo_yomi_stones`.
    ///
    /// # Errors
    /// Negative or non-numeric values.
    pub fn from_gtp(args: &[&str]) -> Result<TimeControl, String> {
        let main = seconds_arg(args, 0)?;
        let period = seconds_arg(args, 1)?;
        let stones = count_arg(args, 2)?;
        Ok(match (period > 0.0, stones) {
            // The specification's way to say "no time limit".
            (true, 0) => TimeControl::Unlimited,
            (false, _) => TimeControl::Limited {
                main,
                overtime: Overtime::Absolute,
            },
            (true, stones) => TimeControl::Limited {
                main,
                overtime: Overtime::Canadian { period, stones },
            },
        })
    }

    /// KGS `kgs-time_settings none | absolute M | byoyomi M P N | canadian M P S`.
    ///
    /// # Errors
    /// An unknown system or malformed numbers.
    pub fn from_kgs(args: &[&str]) -> Result<TimeControl, String> {
        let system = args.first().ok_or("missing argument")?;
        let rest = &args[1..];
        Ok(match system.to_ascii_lowercase().as_str() {
            "none" => TimeControl::Unlimited,
            "absolute" => TimeControl::Limited {
                main: seconds_arg(rest, 0)?,
                overtime: Overtime::Absolute,
            },
            "byoyomi" => {
                let (period, periods) = (seconds_arg(rest, 1)?, count_arg(rest, 2)?);
                TimeControl::Limited {
                    main: seconds_arg(rest, 0)?,
                    // No period to fall into is main time alone.
                    overtime: if periods == 0 || period == 0.0 {
                        Overtime::Absolute
                    } else {
                        Overtime::Japanese { period, periods }
                    },
                }
            }
            "canadian" => TimeControl::Limited {
                main: seconds_arg(rest, 0)?,
                overtime: Overtime::Canadian {
                    period: seconds_arg(rest, 1)?,
                    stones: count_arg(rest, 2)?.max(1),
                },
            },
            _ => return Err("unknown time system".into()),
        })
    }

    /// What is left on a clock after a move of `spent` seconds, for the controllers that
    /// do not send `time_left`: main time first, then the overtime periods as they work.
    /// `None` once the time is up (the engine keeps playing; the controller decides).
    pub fn after_move(self, left: Left, spent: f64) -> Option<Left> {
        let TimeControl::Limited { overtime, .. } = self else {
            return None;
        };
        let mut left = left;
        let mut spent = spent.max(0.0);
        if left.stones == 0 {
            if spent <= left.seconds {
                left.seconds -= spent;
                return Some(left);
            }
            // Main time ran out during the move: the rest comes from the first period.
            spent -= left.seconds;
            left = match overtime {
                Overtime::Absolute => return None,
                Overtime::Canadian { period, stones } => Left {
                    seconds: period,
                    stones,
                },
                Overtime::Japanese { period, periods } => Left {
                    seconds: period,
                    stones: periods,
                },
            };
        }
        match overtime {
            Overtime::Absolute => None,
            Overtime::Canadian { period, stones } => {
                let seconds = left.seconds - spent;
                if seconds < 0.0 {
                    return None;
                }
                // The period's last stone played: a new period starts.
                Some(if left.stones <= 1 {
                    Left {
                        seconds: period,
                        stones,
                    }
                } else {
                    Left {
                        seconds,
                        stones: left.stones - 1,
                    }
                })
            }
            Overtime::Japanese { period, .. } => {
                // Each whole period the move used up is gone; the next starts full.
                let lost = (spent / period).floor() as u32;
                let periods = left.stones.checked_sub(lost).filter(|&p| p > 0)?;
                Some(Left {
                    seconds: period,
                    stones: periods,
                })
            }
        }
    }

    /// The clock of a player who has not moved yet under these settings.
    pub fn start(self) -> Option<Left> {
        match self {
            TimeControl::Unlimited => None,
            TimeControl::Limited { main, .. } => Some(Left {
                seconds: main,
                stones: 0,
            }),
        }
    }

    /// The thinking time for one move with `left` on the clock, when about `moves_to_go` of
    /// this player's moves may still come; `None` when the clock sets no limit.
    pub fn budget(self, left: Left, moves_to_go: u32) -> Option<Budget> {
        let TimeControl::Limited { overtime, .. } = self else {
            return None;
        };
        let moves_to_go = f64::from(moves_to_go.max(1));
        let in_main = left.stones == 0;
        // Seconds this move may safely use, and the share it should aim for.
        let (limit, target) = match overtime {
            Overtime::Absolute => (left.seconds / 4.0, left.seconds / moves_to_go),
            Overtime::Canadian { period, stones } if in_main => {
                let next = period / f64::from(stones.max(1));
                (
                    left.seconds / 4.0 + next * 0.5,
                    left.seconds / moves_to_go + next * 0.5,
                )
            }
            // The period's last stone: time it leaves unused is lost, not saved.
            Overtime::Canadian { .. } if left.stones <= 1 => {
                (left.seconds * 0.9, left.seconds * 0.9)
            }
            Overtime::Canadian { .. } => {
                let each = left.seconds / f64::from(left.stones);
                (each * 0.9, each * 0.75)
            }
            Overtime::Japanese { period, .. } if in_main => (
                left.seconds / 4.0 + period * 0.8,
                left.seconds / moves_to_go + period * 0.5,
            ),
            // A period is lost only when a move takes all of it.
            Overtime::Japanese { period, .. } => {
                let now = left.seconds.min(period);
                (now * 0.85, now * 0.6)
            }
        };
        let limit = secs(limit).saturating_sub(SAFETY).max(FLOOR);
        let target = secs(target).saturating_sub(SAFETY).clamp(FLOOR, limit);
        Some(Budget { target, limit })
    }
}

/// Seconds as a duration, at most a day: no single move needs more, and any clock a
/// controller sends stays a valid budget.
fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s.clamp(0.0, 86_400.0))
}

fn seconds_arg(args: &[&str], i: usize) -> Result<f64, String> {
    let s = args.get(i).ok_or("missing argument")?;
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!("time not a non-negative number: {s}")),
    }
}

fn count_arg(args: &[&str], i: usize) -> Result<u32, String> {
    let s = args.get(i).ok_or("missing argument")?;
    s.parse::<u32>()
        .map_err(|_| format!("not a non-negative integer: {s}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn left(seconds: f64, stones: u32) -> Left {
        Left { seconds, stones }
    }

    #[test]
    fn gtp_settings_read_as_the_specification_says() {
        assert_eq!(
            TimeControl::from_gtp(&["0", "1", "0"]),
            Ok(TimeControl::Unlimited)
        );
        assert_eq!(
            TimeControl::from_gtp(&["300", "0", "0"]),
            Ok(TimeControl::Limited {
                main: 300.0,
                overtime: Overtime::Absolute
            })
        );
        assert_eq!(
            TimeControl::from_gtp(&["60", "30", "5"]),
            Ok(TimeControl::Limited {
                main: 60.0,
                overtime: Overtime::Canadian {
                    period: 30.0,
                    stones: 5
                }
            })
        );
        assert!(TimeControl::from_gtp(&["-1", "0", "0"]).is_err());
        assert!(TimeControl::from_gtp(&["1", "x", "0"]).is_err());
        assert!(TimeControl::from_gtp(&["1"]).is_err());
    }

    #[test]
    fn kgs_settings_cover_every_system() {
        assert_eq!(TimeControl::from_kgs(&["none"]), Ok(TimeControl::Unlimited));
        assert_eq!(
            TimeControl::from_kgs(&["byoyomi", "600", "30", "5"]),
            Ok(TimeControl::Limited {
                main: 600.0,
                overtime: Overtime::Japanese {
                    period: 30.0,
                    periods: 5
                }
            })
        );
        assert!(matches!(
            TimeControl::from_kgs(&["canadian", "0", "300", "25"]),
            Ok(TimeControl::Limited {
                overtime: Overtime::Canadian { stones: 25, .. },
                ..
            })
        ));
        assert!(TimeControl::from_kgs(&["fischer", "1"]).is_err());
        assert!(TimeControl::from_kgs(&[]).is_err());
    }

    #[test]
    fn budgets_never_use_up_the_clock() {
        let controls = [
            TimeControl::from_gtp(&["60", "0", "0"]).expect("absolute"),
            TimeControl::from_gtp(&["60", "10", "5"]).expect("canadian"),
            TimeControl::from_kgs(&["byoyomi", "60", "10", "3"]).expect("byoyomi"),
        ];
        for tc in controls {
            for l in [left(60.0, 0), left(0.5, 0), left(10.0, 5), left(1.0, 1)] {
                for to_go in [1, 10, 100] {
                    let b = tc.budget(l, to_go).expect("limited");
                    assert!(b.target <= b.limit, "{tc:?} {l:?}: {b:?}");
                    // In main time, a quarter of it plus at most one overtime period.
                    let ceiling = if l.stones == 0 {
                        l.seconds / 4.0 + 10.0
                    } else {
                        l.seconds
                    };
                    assert!(
                        b.limit.as_secs_f64() <= ceiling.max(FLOOR.as_secs_f64()),
                        "{tc:?} {l:?} {to_go}: {b:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn more_moves_to_go_means_less_time_each() {
        let tc = TimeControl::from_gtp(&["600", "0", "0"]).expect("absolute");
        let early = tc.budget(left(600.0, 0), 60).expect("limited");
        let late = tc.budget(left(600.0, 0), 10).expect("limited");
        assert!(early.target < late.target);
        assert!(
            (early.target.as_secs_f64() - 9.75).abs() < 0.01,
            "{early:?}"
        );
        assert_eq!(TimeControl::Unlimited.budget(left(1.0, 0), 1), None);
    }

    #[test]
    fn the_clock_runs_down_without_time_left() {
        let absolute = TimeControl::from_gtp(&["10", "0", "0"]).expect("absolute");
        assert_eq!(absolute.after_move(left(10.0, 0), 4.0), Some(left(6.0, 0)));
        assert_eq!(absolute.after_move(left(3.0, 0), 4.0), None);
        let canadian = TimeControl::from_gtp(&["10", "30", "2"]).expect("canadian");
        // 4 s over main time: the first period, one stone played.
        assert_eq!(canadian.after_move(left(6.0, 0), 10.0), Some(left(26.0, 1)));
        // The period's last stone: a fresh period.
        assert_eq!(canadian.after_move(left(26.0, 1), 5.0), Some(left(30.0, 2)));
        assert_eq!(canadian.after_move(left(5.0, 2), 6.0), None);
        let byoyomi = TimeControl::from_kgs(&["byoyomi", "0", "10", "3"]).expect("byoyomi");
        assert_eq!(byoyomi.after_move(left(10.0, 3), 9.0), Some(left(10.0, 3)));
        assert_eq!(byoyomi.after_move(left(10.0, 3), 12.0), Some(left(10.0, 2)));
        assert_eq!(byoyomi.after_move(left(10.0, 1), 12.0), None);
        assert_eq!(TimeControl::Unlimited.after_move(left(1.0, 0), 1.0), None);
        // No periods: main time alone.
        assert_eq!(
            TimeControl::from_kgs(&["byoyomi", "60", "10", "0"]),
            Ok(TimeControl::Limited {
                main: 60.0,
                overtime: Overtime::Absolute
            })
        );
    }

    #[test]
    fn canadian_overtime_shares_the_period_among_its_stones() {
        let tc = TimeControl::from_gtp(&["0", "50", "10"]).expect("canadian");
        let b = tc.budget(left(50.0, 10), 30).expect("limited");
        assert!((b.target.as_secs_f64() - 3.5).abs() < 0.01, "{b:?}");
        assert!((b.limit.as_secs_f64() - 4.25).abs() < 0.01, "{b:?}");
        // The last stone of a period (a match's `time_settings 0 5 1`) may use it all
        // but the safety margins: nothing is carried over.
        let one = TimeControl::from_gtp(&["0", "5", "1"]).expect("canadian");
        let b = one.budget(left(5.0, 1), 30).expect("limited");
        assert_eq!(b.target, b.limit);
        assert!((b.target.as_secs_f64() - 4.25).abs() < 0.01, "{b:?}");
        let b = tc.budget(left(4.0, 1), 30).expect("limited");
        assert!((b.target.as_secs_f64() - 3.35).abs() < 0.01, "{b:?}");
    }
}
