//! The computer's seat in a room. After every change the room asks what the computer has
//! to do: its move, its dead-stone marks at the count, accepting a count that matches its
//! own, answering an undo request (always yes). Thinking runs on the [`ThinkPool`]; its
//! answer comes back through the room's inbox of thoughts tagged with the version of the
//! game it was asked about, and an answer about a game that has changed since is dropped.
//!
//! On a shared store, the instance that stored the player's action answers for the
//! computer; the others wait [`ANSWER_GRACE_MS`] and answer only if it has not (it may have
//! died), so that a computer does not think on every instance that has the game open.

use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use stonefield_ai::level::Level;
use stonefield_record::RecordMove;
use stonefield_rules::{Color, Phase};

use super::Room;
use super::thinking::Answer;
use crate::game::computer::{ComputerSeat, Task, Thought, think};
use crate::socket::protocol::ServerMessage;
use crate::store::{Event, EventKind};

/// The connection id the computer's own actions go out under: no connection has it, so
/// refusals addressed to it go nowhere.
pub(super) const COMPUTER_CONN: u64 = u64::MAX;

/// How long an instance that learnt of a change from another leaves the computer's answer
/// to that one: the longest search (a second at level 10, less on a clock) and ample room
/// for a busy pool. A computer whose instance died answers this much later.
pub(super) const ANSWER_GRACE_MS: u64 = 10_000;

impl Room {
    /// Records that the game changed: answers about earlier versions are stale.
    pub(super) fn changed(&mut self) {
        self.thinking.version.fetch_add(1, Ordering::SeqCst);
    }

    /// Whether the computer is thinking about the game as it stands.
    pub(super) fn computer_thinking(&self) -> bool {
        self.thinking.asked == Some(self.thinking.version())
    }

    /// Records who changed the game last: this instance (`by_us`), which then answers for
    /// the computer, or another, which is given [`ANSWER_GRACE_MS`] to answer.
    pub(super) fn changed_by(&mut self, by_us: bool) {
        let waits = !by_us && self.row.computer.is_some() && !self.finished();
        self.thinking.others_answer_until = waits.then(|| self.now() + ANSWER_GRACE_MS);
    }

    /// When the computer's answer is this instance's to give, if it is waiting on another.
    pub(super) fn answer_due(&self) -> Option<u64> {
        self.thinking.others_answer_until
    }

    /// Does whatever the computer has to do now; nothing in games between people.
    pub(super) async fn computer_turn(&mut self) {
        if let Some(until) = self.thinking.others_answer_until {
            if self.now() < until {
                return;
            }
            self.thinking.others_answer_until = None;
        }
        let Some(seat) = self.row.computer else {
            return;
        };
        if self.finished() {
            return;
        }
        if self.undo_by == Some(seat.color.other()) {
            self.undo_answer(COMPUTER_CONN, seat.color, true).await;
        }
        match self.engine.phase() {
            Phase::Playing => {
                self.thinking.own_count = None;
                if self.engine.to_move() == seat.color {
                    let opponent_passed = self.opponent_passed();
                    let hopeless_moves = self.thinking.hopeless_moves;
                    self.ask(
                        seat,
                        Task::Move {
                            opponent_passed,
                            hopeless_moves,
                        },
                    );
                }
            }
            Phase::MarkingDead => match self.thinking.own_count {
                None => self.ask(seat, Task::Mark),
                Some(own) if !self.accepted[seat.color.index()] && self.engine.score() == own => {
                    self.accept(COMPUTER_CONN, seat.color).await;
                }
                Some(_) => {}
            },
            Phase::Finished(_) => {}
        }
    }

    /// Whether the last move was a pass (by the opponent of the player to move).
    fn opponent_passed(&self) -> bool {
        let last = self.events.iter().rev().find(|e| e.kind == EventKind::Move);
        last.is_some_and(Event::is_pass)
    }

    /// Starts the computer's thinking on the game as it stands, unless it already is.
    fn ask(&mut self, seat: ComputerSeat, task: Task) {
        let version = self.thinking.version();
        if self.thinking.asked == Some(version) {
            return;
        }
        let Some(mut level) = Level::get(seat.level) else {
            return;
        };
        if let (Task::Move { .. }, Some(ms)) =
            (task, self.clock.thinking_ms(seat.color, self.now()))
        {
            // The clock's share, not the level's budget, when that is shorter: the computer
            // never loses on time.
            level = level.within(Duration::from_millis(ms).as_secs_f64());
        }
        self.thinking.asked = Some(version);
        self.think_about(level, task, None);
        self.broadcast(&ServerMessage::Thinking {
            color: seat.color.name().into(),
        });
    }

    /// Starts a search of the game as it stands on the pool; its answer comes back
    /// through the room's inbox of answers, for `asker` when a player asked.
    pub(super) fn think_about(&mut self, level: Level, task: Task, asker: Option<u64>) {
        let version = self.thinking.version();
        let game = self.engine.game().clone();
        let seed = self.seed(version);
        let (pool, answers) = (self.thinking.pool.clone(), self.thinking.answers.clone());
        let current = Arc::clone(&self.thinking.version);
        self.metrics.searches.fetch_add(1, Ordering::Relaxed);
        tokio::spawn(async move {
            let wanted = move || current.load(Ordering::SeqCst) == version;
            let job = move || think(&game, level, task, seed);
            let thought = pool.run(wanted, job).await;
            let answer = Answer {
                version,
                asker,
                thought,
            };
            let _ = answers.send(answer).await;
        });
    }

    /// A seed that differs from game to game and move to move.
    fn seed(&self, version: u64) -> u64 {
        let mut h = std::hash::DefaultHasher::new();
        (&self.row.id, self.events.len(), version).hash(&mut h);
        h.finish()
    }

    /// Plays or marks what the computer answered, or passes a hint to who asked, if the
    /// game is still the one it was asked about.
    pub(super) async fn on_answer(&mut self, answer: Answer) {
        let Answer {
            version,
            asker,
            thought,
        } = answer;
        if let Some(conn) = asker {
            self.thinking.hint_pending = false;
            if version == self.thinking.version()
                && let Some(Thought::Hint { mv, win_rate }) = thought
            {
                let seq = self.move_count();
                // Named as the move list will name it once played.
                let notation = self.engine.game().clone().apply(&mv).notation;
                let mv = mv.to_value(self.engine.game().variant());
                let hint = ServerMessage::Hint {
                    seq,
                    mv,
                    notation,
                    win_rate,
                };
                self.send_to(conn, &hint);
            }
            return;
        }
        if self.thinking.asked == Some(version) {
            self.thinking.asked = None;
        }
        let Some(seat) = self.row.computer else {
            return;
        };
        let Some(thought) = thought else {
            return;
        };
        if version != self.thinking.version() || self.finished() {
            return;
        }
        match thought {
            Thought::Move { mv, hopeless_moves } => {
                self.thinking.hopeless_moves = hopeless_moves;
                self.computer_plays(seat.color, mv).await;
            }
            Thought::Hint { .. } => {}
            Thought::Dead(points) => {
                for at in points {
                    if !self.marked_dead(&at) {
                        self.toggle_dead(COMPUTER_CONN, seat.color, &at).await;
                    }
                }
                self.thinking.own_count = Some(self.engine.score());
                self.accept(COMPUTER_CONN, seat.color).await;
            }
        }
    }

    /// Plays the computer's move through the players' path. A move the rules refuse
    /// (which the search never chooses) becomes a pass, or failing that a resignation,
    /// so that the game never waits on a computer that keeps asking for it.
    async fn computer_plays(&mut self, color: Color, mv: RecordMove) {
        let version = self.thinking.version();
        if mv.color == color {
            self.play(COMPUTER_CONN, mv).await;
        } else {
            tracing::error!(game = %self.row.id, "the computer played for the wrong side: {mv:?}");
        }
        for fallback in [RecordMove::pass(color), RecordMove::resign(color)] {
            if self.thinking.version() != version || self.finished() {
                return;
            }
            tracing::error!(game = %self.row.id, "the computer's move was refused; it plays {:?}", fallback.kind);
            self.play(COMPUTER_CONN, fallback).await;
        }
    }

    /// Whether the stone at record point `at` is marked dead.
    fn marked_dead(&self, at: &[f64]) -> bool {
        self.engine.is_marked_dead(at)
    }
}
