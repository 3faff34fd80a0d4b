//! Reviewing a game as a teacher does: Black's win estimate before and after every move,
//! how much each move lost for its player, and the move the computer preferred where it
//! did. Any variant, through the record layer; the same review for `stonefield review`
//! and the game server, which runs it on its thinking pool.

use serde_json::{Value, json};
use stonefield_record::{AnyGame, MoveKind, Record, RecordError, RecordMove};
use stonefield_rules::{ByColor, Color, Outcome, Phase};

use crate::level::Level;
use crate::player::{Task, Thought, think};

/// The playouts of a reviewed position: a hint's search ([`crate::player::HINT_LEVEL`])
/// is the default.
pub const REVIEW_LEVEL: u8 = crate::player::HINT_LEVEL;

/// How many of the moves that lost most a review marks.
pub const SWINGS: usize = 5;
/// A move that lost less than this is never marked.
const SWING_AT_LEAST: f64 = 0.05;

/// One move of play (a stone, a pass or a resignation) and what the review says of it.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveReview {
    /// The move's place in the record's `moves`, from 1.
    pub number: usize,
    /// Its player.
    pub color: Color,
    /// Black's win estimate before the move and after it, in [0, 1].
    pub black_before: f64,
    pub black_after: f64,
    /// What the move cost its player's estimate (0 when it gained).
    pub lost: f64,
    /// The move the computer preferred in the position before, as a record move (JSON);
    /// `None` where the game was not in play, or where it is the move played.
    pub preferred: Option<Value>,
    /// The move played and the preferred move in the variant's notation (`D4`, MarGo's
    /// cell names...), where it has one.
    pub notation: Option<String>,
    pub preferred_notation: Option<String>,
    /// Whether this is one of the [`SWINGS`] moves that lost the most.
    pub swing: bool,
}

/// A whole game's review.
#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    /// Black's estimate of the start position.
    pub black_start: f64,
    pub moves: Vec<MoveReview>,
}

/// Reviews `record` at `level` (seeded, so the same game gives the same review), calling
/// `progress(done, total)` after each move reviewed.
///
/// # Errors
/// A record whose start position cannot be built.
pub fn review(
    record: &Record,
    level: Level,
    seed: u64,
    mut progress: impl FnMut(usize, usize),
) -> Result<Review, RecordError> {
    let mut reviewer = Reviewer::new(record, level, seed)?;
    while reviewer.step() {
        progress(reviewer.done(), reviewer.total());
    }
    Ok(reviewer.finish())
}

/// A review made one position at a time, so that a server can run each search as a job
/// of its own on a shared pool and tell the progress in between.
#[derive(Debug, Clone)]
pub struct Reviewer {
    record: Record,
    level: Level,
    seed: u64,
    game: AnyGame,
    /// The next entry of the record's moves to play.
    next: usize,
    total: usize,
    black_start: f64,
    /// The estimate of the position before the next move.
    estimate: Estimate,
    moves: Vec<MoveReview>,
}

impl Reviewer {
    /// A review of `record` at `level`; the start position is searched at once.
    ///
    /// # Errors
    /// A record whose start position cannot be built.
    pub fn new(record: &Record, level: Level, seed: u64) -> Result<Reviewer, RecordError> {
        let game = AnyGame::from_record(record)?;
        let estimate = Estimate::of(&game, level, seed);
        Ok(Reviewer {
            total: record.moves.iter().filter(|m| m.is_play()).count(),
            record: record.clone(),
            level,
            seed,
            black_start: estimate.black,
            estimate,
            game,
            next: 0,
            moves: Vec::new(),
        })
    }

    /// Moves of play reviewed so far, and in all.
    pub fn done(&self) -> usize {
        self.moves.len()
    }

    pub fn total(&self) -> usize {
        self.total
    }

    /// Reviews the next move of play (one search); false when none was left.
    pub fn step(&mut self) -> bool {
        while let Some(mv) = self.record.moves.get(self.next) {
            let i = self.next;
            self.next += 1;
            let preferred = self.estimate.preferred.clone().filter(|p| !is_same(p, mv));
            let preferred_notation = preferred
                .as_ref()
                .and_then(|p| self.game.clone().apply(p).notation);
            let report = self.game.apply(mv);
            if !mv.is_play() || !report.accepted() {
                continue;
            }
            let after = Estimate::of(&self.game, self.level, self.seed.wrapping_add(i as u64 + 1));
            let before = std::mem::replace(&mut self.estimate, after);
            let black_after = self.estimate.black;
            let mover = |b: f64| if mv.color == Color::Black { b } else { 1.0 - b };
            self.moves.push(MoveReview {
                number: i + 1,
                color: mv.color,
                black_before: before.black,
                black_after,
                lost: (mover(before.black) - mover(black_after)).max(0.0),
                preferred: preferred.map(|p| p.to_value(self.record.variant)),
                notation: report.notation,
                preferred_notation,
                swing: false,
            });
            return true;
        }
        false
    }

    /// The review of the moves reviewed, with its swings marked.
    pub fn finish(mut self) -> Review {
        mark_swings(&mut self.moves);
        Review {
            black_start: self.black_start,
            moves: self.moves,
        }
    }
}

/// Whether the preferred move is the move played (a continuous request aside, which
/// resolves to a point the preference may name differently).
fn is_same(preferred: &RecordMove, played: &RecordMove) -> bool {
    match (&preferred.kind, &played.kind) {
        (MoveKind::At(a), MoveKind::At(b)) => a == b,
        (a, b) => a == b,
    }
}

/// Marks the [`SWINGS`] moves that lost most, each at least [`SWING_AT_LEAST`].
fn mark_swings(moves: &mut [MoveReview]) {
    let mut order: Vec<usize> = (0..moves.len()).collect();
    order.sort_by(|&a, &b| moves[b].lost.total_cmp(&moves[a].lost));
    for &i in order.iter().take(SWINGS) {
        if moves[i].lost >= SWING_AT_LEAST {
            moves[i].swing = true;
        }
    }
}

/// Black's estimate of a position, and the move the computer prefers there.
#[derive(Debug, Clone)]
struct Estimate {
    black: f64,
    preferred: Option<RecordMove>,
}

impl Estimate {
    fn of(game: &AnyGame, level: Level, seed: u64) -> Estimate {
        match game.phase() {
            Phase::Playing => {
                let Thought::Hint { mv, win_rate } = think(game, level, Task::Hint, seed) else {
                    return Estimate::counted(game);
                };
                let mover = win_rate.unwrap_or(0.5).clamp(0.0, 1.0);
                let black = if game.to_move() == Color::Black {
                    mover
                } else {
                    1.0 - mover
                };
                Estimate {
                    black,
                    preferred: Some(mv),
                }
            }
            Phase::MarkingDead => Estimate::counted(game),
            Phase::Finished(outcome) => Estimate {
                black: match outcome {
                    Outcome::Win {
                        winner: Color::Black,
                        ..
                    } => 1.0,
                    Outcome::Win { .. } => 0.0,
                    _ => 0.5,
                },
                preferred: None,
            },
        }
    }

    /// A position being counted: the live count decides.
    fn counted(game: &AnyGame) -> Estimate {
        Estimate {
            black: leads_black(game.score()),
            preferred: None,
        }
    }
}

/// 1 when Black leads `score`, 0 when White does, ½ on a tie.
fn leads_black(score: ByColor<f64>) -> f64 {
    match score.black.total_cmp(&score.white) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Less => 0.0,
        std::cmp::Ordering::Equal => 0.5,
    }
}

impl Review {
    /// The review as JSON (`stonefield review --json`, the server's review): estimates
    /// rounded to three places.
    pub fn to_json(&self) -> Value {
        json!({
            "black_start": round(self.black_start),
            "moves": self.moves.iter().map(MoveReview::to_json).collect::<Vec<_>>(),
        })
    }
}

impl MoveReview {
    fn to_json(&self) -> Value {
        json!({
            "number": self.number,
            "color": self.color.name(),
            "black_before": round(self.black_before),
            "black_after": round(self.black_after),
            "lost": round(self.lost),
            "preferred": self.preferred,
            "notation": self.notation,
            "preferred_notation": self.preferred_notation,
            "swing": self.swing,
        })
    }
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level() -> Level {
        Level::get(REVIEW_LEVEL).expect("review level")
    }

    /// 9x9: a White group of six stones on the left edge with one liberty at (2, 5),
    /// where it would join the White stones to its right; White, to move, plays far away
    /// (move 1), and Black takes the six (move 2).
    fn capture_record() -> Record {
        Record::from_json(
            r#"{"variant": "classic", "rules": {"board_size": 9, "komi": 0.5},
            "setup": {"stones": [
                [0, 3, "white"], [1, 3, "white"], [0, 4, "white"], [1, 4, "white"],
                [0, 5, "white"], [1, 5, "white"], [3, 5, "white"], [4, 5, "white"],
                [5, 5, "white"], [3, 6, "white"],
                [0, 2, "black"], [1, 2, "black"], [2, 3, "black"], [2, 4, "black"],
                [0, 6, "black"], [1, 6, "black"], [3, 3, "black"], [5, 3, "black"],
                [2, 7, "black"]],
                "to_move": "white"},
            "moves": [
                {"color": "white", "at": [7, 1]},
                {"color": "black", "at": [2, 5]},
                {"color": "white", "at": [6, 6]},
                {"color": "black", "at": [6, 2]}
            ]}"#,
        )
        .expect("record")
    }

    #[test]
    fn every_move_has_one_estimate_in_range_and_progress_is_told() {
        let record = capture_record();
        let mut told = Vec::new();
        let r =
            review(&record, level(), 7, |done, total| told.push((done, total))).expect("review");
        assert_eq!(r.moves.len(), 4);
        assert_eq!(told, vec![(1, 4), (2, 4), (3, 4), (4, 4)]);
        assert!((0.0..=1.0).contains(&r.black_start));
        for m in &r.moves {
            for x in [m.black_before, m.black_after, m.lost] {
                assert!((0.0..=1.0).contains(&x), "{m:?}");
            }
        }
        // Each move starts where the one before ended.
        for w in r.moves.windows(2) {
            assert_eq!(w[0].black_after, w[1].black_before);
        }
    }

    #[test]
    fn the_move_that_lets_a_large_group_be_taken_is_the_largest_swing() {
        let r = review(&capture_record(), level(), 7, |_, _| {}).expect("review");
        let worst = r
            .moves
            .iter()
            .max_by(|a, b| a.lost.total_cmp(&b.lost))
            .expect("moves");
        assert_eq!(worst.number, 1, "{:#?}", r.moves);
        assert!(worst.swing && worst.lost > 0.2, "{worst:?}");
        // What White should have done: save the group at its last liberty.
        assert_eq!(
            worst.preferred,
            Some(json!({"color": "white", "at": [2, 5]}))
        );
        assert_eq!(r.to_json()["moves"].as_array().map(Vec::len), Some(4));
    }

    #[test]
    fn the_same_game_and_seed_give_the_same_review() {
        let a = review(&capture_record(), level(), 3, |_, _| {}).expect("review");
        let b = review(&capture_record(), level(), 3, |_, _| {}).expect("review");
        assert_eq!(a, b);
    }
}
