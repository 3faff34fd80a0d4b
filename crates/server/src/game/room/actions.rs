//! What players ask of a room: moves, passes and resignations, undo requests, and the
//! counting phase (marking dead groups, accepting, resuming). Each change is an event,
//! stored before it is broadcast (`events.rs`).

use serde_json::Value;
use stonefield_record::{MoveKind, MoveResult, RecordMove};
use stonefield_rules::{Color, Phase};

use stonefield_ai::level::Level;

use super::computer_seat::COMPUTER_CONN;
use super::{Event, EventKind, Room};
use crate::game::computer::{HINT_LEVEL, Task};
use crate::game::game_record::{MAX_GAME_ENTRIES, entry_count};
use crate::game::live_game::GameError;
use crate::game::rebuild::replay;
use crate::names::player_name;
use crate::socket::protocol::{ClientMessage, ServerMessage, point};

/// How many times an action is checked again after losing its place to another
/// instance's event before the player is asked to try again.
const TRIES: usize = 4;

impl Room {
    pub(super) async fn on_message(&mut self, conn: u64, seat: Option<Color>, msg: ClientMessage) {
        match msg {
            ClientMessage::Sync => self.sync(conn),
            ClientMessage::Name { name } => self.rename(conn, seat, &name).await,
            ClientMessage::Preview { request } => self.preview(conn, seat, request),
            ClientMessage::Chat { text } => self.say(conn, seat, &text).await,
            ClientMessage::Rematch => self.offer_rematch(conn, seat).await,
            ClientMessage::RematchAnswer { accept } => {
                self.answer_rematch(conn, seat, accept).await;
            }
            other => {
                let Some(color) = seat else {
                    return self.refuse(conn, "spectator", "spectators cannot play");
                };
                self.since = Some(std::time::Instant::now());
                self.act(conn, color, other).await;
                self.since = None;
            }
        }
    }

    /// A seated player's action. One whose event lost its place to another instance's is
    /// checked again against the game as it now stands.
    async fn act(&mut self, conn: u64, color: Color, msg: ClientMessage) {
        for _ in 0..TRIES {
            self.raced = false;
            if self.finished() {
                return self.refuse(conn, "game-over", "the game is over");
            }
            self.check_flag().await;
            if self.finished() {
                return;
            }
            if self.raced {
                continue;
            }
            self.seated(conn, color, msg.clone()).await;
            if !self.raced {
                return;
            }
        }
        // No code of its own: the browser's table of refusals is not this crate's.
        let message = "the game kept changing: try again".to_owned();
        self.send_to(conn, &ServerMessage::Error { message });
    }

    /// What `request` would do. Spectators' previews together take at most a share of
    /// the room's time ([`SPECTATOR_PREVIEWS`]): however many ask, the players' moves wait
    /// little behind them. (Each connection's previews are held to its rate before they
    /// reach the room.)
    fn preview(&mut self, conn: u64, seat: Option<Color>, request: Value) {
        let started = std::time::Instant::now();
        if seat.is_none() && !self.spectator_previews.may_start(started) {
            let message = "spectators ask for too many previews here: wait a moment";
            return self.refuse(conn, "too-often", message);
        }
        let Value::Object(mut req) = request.clone() else {
            return self.refuse(conn, "malformed", "a preview request must be an object");
        };
        let color = seat.unwrap_or_else(|| self.engine.to_move());
        req.insert("color".into(), color.name().into());
        let answer = self.engine.preview(&Value::Object(req));
        if seat.is_none() {
            self.spectator_previews.charge(started.elapsed());
        }
        match answer {
            Ok(result) => self.send_to(conn, &ServerMessage::Preview { request, result }),
            Err(e) => self.refuse(conn, "malformed", &e.to_string()),
        }
    }

    async fn seated(&mut self, conn: u64, color: Color, msg: ClientMessage) {
        match msg {
            ClientMessage::Move { mv } => {
                let Value::Object(mut m) = mv else {
                    return self.refuse(conn, "malformed", "a move must be an object");
                };
                // The colour is the seat's; a pass or resignation has a message of its own.
                m.insert("color".into(), color.name().into());
                m.remove("pass");
                m.remove("resign");
                let mv = match self.engine.read_move(&Value::Object(m)) {
                    Ok(mv) => mv,
                    Err(e) => return self.refuse(conn, "malformed", &e.to_string()),
                };
                if let Some(name) = not_a_move(&mv.kind) {
                    return self.refuse(
                        conn,
                        "malformed",
                        &format!("a move places a stone; \"{name}\" is not a move"),
                    );
                }
                self.play(conn, mv).await;
            }
            ClientMessage::Pass => self.play(conn, RecordMove::pass(color)).await,
            ClientMessage::Resign => self.play(conn, RecordMove::resign(color)).await,
            ClientMessage::UndoRequest => self.undo_request(conn, color).await,
            ClientMessage::UndoAnswer { accept } => self.undo_answer(conn, color, accept).await,
            ClientMessage::ToggleDead { at } => match point(&at) {
                Ok(at) => self.toggle_dead(conn, color, &at).await,
                Err(message) => self.refuse(conn, "malformed", &message),
            },
            ClientMessage::Accept => self.accept(conn, color).await,
            ClientMessage::Resume => self.resume(conn, color).await,
            ClientMessage::Hint => self.hint(conn),
            // The socket reads `hello` before the connection joins, and answers any other.
            ClientMessage::Sync
            | ClientMessage::Preview { .. }
            | ClientMessage::Hello { .. }
            | ClientMessage::Name { .. }
            | ClientMessage::Chat { .. }
            | ClientMessage::Rematch
            | ClientMessage::RematchAnswer { .. } => {}
        }
    }

    /// Names the player of `seat` (finished games too: a record names its players), once
    /// the name is checked and stored.
    async fn rename(&mut self, conn: u64, seat: Option<Color>, name: &str) {
        let Some(color) = seat else {
            return self.refuse(conn, "spectator", "spectators have no seat to name");
        };
        if self.row.accounts[color].is_some() {
            return self.refuse(conn, "bad-name", "this seat is named by its account");
        }
        let name = match player_name(name) {
            Ok(name) => name,
            Err(e) => return self.refuse(conn, "bad-name", &e.to_string()),
        };
        if let Err(e) = self.store.set_name(&self.row.id, color, &name).await {
            tracing::error!(game = %self.row.id, "saving a name failed: {e}");
            return self.refuse(conn, "failed", "the name could not be saved; try again");
        }
        self.row.names[color] = Some(name);
        self.broadcast_state();
    }

    pub(super) async fn play(&mut self, conn: u64, mv: RecordMove) {
        if !self.row.claimed {
            self.reload_seats().await;
        }
        if !self.row.claimed {
            return self.refuse(conn, "waiting", "the opponent has not joined yet");
        }
        // MarGo's swap exchanges the players' colours, and so their seats, which the server
        // does not do: refused before the engine applies it, so the engine and the stored
        // moves stay one game.
        if mv.kind == MoveKind::Swap {
            return self.refuse(
                conn,
                "unsupported",
                "swapping colours is not offered in online games",
            );
        }
        let report = self.engine.apply(&mv);
        if !changes_game(report.result) {
            // The rules' reason, or the result itself where it is the refusal (`no-point`).
            let reason = report
                .reason
                .map_or(report.result.name(), |r| r.reason())
                .to_owned();
            return self.refuse(conn, &reason, &format!("move refused: {reason}"));
        }
        let now = self.now();
        let mut clock = self.clock.clone();
        let _ = clock.stop(now);
        let result = match self.engine.phase() {
            Phase::Finished(outcome) => Some(outcome.to_string()),
            _ => None,
        };
        let clock = self.clock_after(clock, result.is_some(), now);
        let event = Event::played(self.next_seq(), &mv, self.engine.game().variant());
        self.commit(conn, event, clock, result, Some(report)).await;
    }

    /// Ends the game, counted as it stands, once its record is one entry short of
    /// [`MAX_GAME_ENTRIES`]: the end is the last entry, so every stored game replays.
    pub(super) async fn end_at_limit(&mut self) {
        if self.finished() || entry_count(&self.events) + 1 < MAX_GAME_ENTRIES {
            return;
        }
        let mv = RecordMove::of(self.engine.to_move(), MoveKind::Limit);
        let report = self.engine.apply(&mv);
        if report.result != MoveResult::Limit {
            return tracing::error!(game = %self.row.id, "the move limit cannot end the game: {report:?}");
        }
        let result = match self.engine.phase() {
            Phase::Finished(outcome) => Some(outcome.to_string()),
            _ => None,
        };
        let mut clock = self.clock.clone();
        let _ = clock.stop(self.now());
        clock.halt();
        tracing::info!(game = %self.row.id, "the game reached {MAX_GAME_ENTRIES} entries and ends");
        let event = Event::played(self.next_seq(), &mv, self.engine.game().variant());
        self.commit(COMPUTER_CONN, event, clock, result, Some(report))
            .await;
    }

    /// Whether players may ask for hints: in games against the computer, and in games
    /// between people created with hints on.
    pub(super) fn hints_allowed(&self) -> bool {
        self.row.computer.is_some() || self.row.hints
    }

    /// Asks the computer for the move it would play and the win estimate, for the asker.
    fn hint(&mut self, conn: u64) {
        if !self.hints_allowed() {
            return self.refuse(conn, "hints-off", "hints are off in this game");
        }
        if self.engine.phase() != Phase::Playing {
            return self.refuse(conn, "wrong-phase", "hints are for positions in play");
        }
        if self.thinking.hint_pending {
            return self.refuse(conn, "hint-pending", "a hint is already being looked for");
        }
        if let Some(level) = Level::get(HINT_LEVEL) {
            self.thinking.hint_pending = true;
            self.think_about(level, Task::Hint, Some(conn));
        }
    }

    pub(super) fn next_seq(&self) -> i64 {
        self.last_seq + 1
    }

    pub(super) fn move_count(&self) -> u64 {
        self.events
            .iter()
            .filter(|e| e.kind == EventKind::Move)
            .count() as u64
    }

    /// Stores what `color` did that changes no position, with the clocks as they run.
    async fn note(&mut self, conn: u64, kind: EventKind, color: Color) -> bool {
        let event = Event::by(self.next_seq(), kind, color);
        self.commit(conn, event, self.clock.clone(), None, None)
            .await
    }

    async fn undo_request(&mut self, conn: u64, color: Color) {
        if self.engine.phase() != Phase::Playing || self.move_count() == 0 {
            return self.refuse(conn, "no-undo", "nothing to take back");
        }
        if self.undo_by.is_some() {
            return self.refuse(conn, "undo-pending", "an undo request is already pending");
        }
        self.note(conn, EventKind::UndoRequest, color).await;
    }

    pub(super) async fn undo_answer(&mut self, conn: u64, color: Color, accept: bool) {
        if self.undo_by != Some(color.other()) {
            return self.refuse(conn, "no-undo", "no undo request from the opponent");
        }
        if !accept {
            self.note(conn, EventKind::UndoDecline, color).await;
            return;
        }
        let Some(last) = self.undo_point(color) else {
            return;
        };
        let from = self.events[last].seq;
        // The clocks after the undo: the side to move then, from now.
        let Ok(game) = replay(&self.row, &self.events[..last]) else {
            return self.refuse(conn, "internal", "the game cannot be rebuilt");
        };
        let mut clock = self.clock.clone();
        if game.phase() == Phase::Playing {
            clock.start(game.to_move(), self.now());
        }
        let event = Event::undo(self.next_seq(), color, from);
        self.commit(conn, event, clock, None, None).await;
    }

    /// Where an accepted undo cuts the log: at the last move; when the computer accepts
    /// and that move is its own answer, at the requester's move before it, so that the
    /// requester is to move again rather than the computer.
    fn undo_point(&self, answering: Color) -> Option<usize> {
        let is_move = |e: &Event| e.kind == EventKind::Move;
        let last = self.events.iter().rposition(is_move)?;
        let by = |i: usize| self.events[i].color();
        let computer_answers = self.row.computer.is_some_and(|c| c.color == answering);
        if computer_answers && by(last) == Some(answering) {
            let before = self.events[..last].iter().rposition(is_move);
            return Some(
                before
                    .filter(|&i| by(i) == Some(answering.other()))
                    .unwrap_or(last),
            );
        }
        Some(last)
    }

    fn marking(&mut self, conn: u64) -> bool {
        let ok = self.engine.phase() == Phase::MarkingDead;
        if !ok {
            self.refuse(
                conn,
                "wrong-phase",
                "dead stones are marked after two passes",
            );
        }
        ok
    }

    pub(super) async fn toggle_dead(&mut self, conn: u64, color: Color, at: &[f64]) {
        if !self.marking(conn) {
            return;
        }
        if let Err(e) = self.engine.toggle_dead(at) {
            return self.refuse_engine(conn, &e);
        }
        let event = Event::mark(self.next_seq(), color, at);
        self.commit(conn, event, self.clock.clone(), None, None)
            .await;
    }

    pub(super) async fn accept(&mut self, conn: u64, color: Color) {
        if !self.marking(conn) {
            return;
        }
        if self.accepted[color.index()] {
            return self.broadcast_state();
        }
        let mut clock = self.clock.clone();
        let mut result = None;
        if self.accepted[color.other().index()] {
            match self.engine.accept_count() {
                Ok(outcome) => result = Some(outcome.to_string()),
                Err(e) => return self.refuse_engine(conn, &e),
            }
            clock.halt();
        }
        let event = Event::by(self.next_seq(), EventKind::Accept, color);
        self.commit(conn, event, clock, result, None).await;
    }

    async fn resume(&mut self, conn: u64, color: Color) {
        if !self.marking(conn) {
            return;
        }
        if let Err(e) = self.engine.resume_play() {
            return self.refuse_engine(conn, &e);
        }
        let clock = self.clock_after(self.clock.clone(), false, self.now());
        let event = Event::by(self.next_seq(), EventKind::Resume, color);
        self.commit(conn, event, clock, None, None).await;
    }
}

impl Room {
    /// Refuses with the game layer's reason: the rules' own code (`unsupported` for a
    /// mark where no stone stands, `wrong-phase`), or `malformed`.
    fn refuse_engine(&mut self, conn: u64, e: &GameError) {
        match e {
            GameError::Refused(reason) => {
                let reason = reason.clone();
                self.refuse(conn, &reason, &format!("refused: {reason}"));
            }
            other => self.refuse(conn, "malformed", &other.to_string()),
        }
    }
}

/// Whether a move report's `result` is one that changed the game and is stored: a stone,
/// a pass, a resignation, or the end at the length limit.
pub(super) fn changes_game(result: MoveResult) -> bool {
    matches!(
        result,
        MoveResult::Placed | MoveResult::Pass | MoveResult::Resign | MoveResult::Limit
    )
}

/// The record key of a record move that players may not send as a move: marks,
/// resumption and the ends from outside play have messages (or clocks) of their own,
/// which check the phase and keep the room's books.
fn not_a_move(kind: &MoveKind) -> Option<&'static str> {
    match kind {
        MoveKind::Mark(_) => Some("mark"),
        MoveKind::Resume => Some("resume"),
        MoveKind::Timeout => Some("timeout"),
        MoveKind::Limit => Some("limit"),
        _ => None,
    }
}
