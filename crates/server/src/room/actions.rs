//! What players ask of a room: moves, passes and resignations, undo requests, and the
//! counting phase (marking dead groups, accepting, resuming). Each change is stored before
//! it is broadcast.

use serde_json::Value;
use stonefield_rules::{Color, Phase};

use stonefield_ai::level::Level;

use super::{Event, Room, replay};
use crate::computer::{HINT_LEVEL, Task};
use crate::engine::{EngineError, phase_name, score_json};
use crate::names::player_name;
use crate::protocol::{ClientMessage, ServerMessage};

impl Room {
    pub(super) async fn on_message(&mut self, conn: u64, seat: Option<Color>, msg: ClientMessage) {
        match msg {
            ClientMessage::Sync => self.sync(conn),
            ClientMessage::Name { name } => self.rename(conn, seat, &name).await,
            ClientMessage::Preview { request } => self.preview(conn, seat, request),
            other => {
                let Some(color) = seat else {
                    return self.refuse(conn, "spectator", "spectators cannot play");
                };
                if self.finished() {
                    return self.refuse(conn, "game-over", "the game is over");
                }
                self.check_flag().await;
                if self.finished() {
                    return;
                }
                self.seated(conn, color, other).await;
            }
        }
    }

    fn preview(&mut self, conn: u64, seat: Option<Color>, request: Value) {
        let Value::Object(mut req) = request.clone() else {
            return self.refuse(conn, "malformed", "a preview request must be an object");
        };
        let color = seat.unwrap_or_else(|| self.engine.to_move());
        req.insert("color".into(), color.name().into());
        match self.engine.preview(&Value::Object(req)) {
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
                m.remove("pass");
                m.remove("resign");
                self.play(conn, color, m).await;
            }
            ClientMessage::Pass => self.play(conn, color, pass_or_resign("pass")).await,
            ClientMessage::Resign => self.play(conn, color, pass_or_resign("resign")).await,
            ClientMessage::UndoRequest => self.undo_request(conn, color),
            ClientMessage::UndoAnswer { accept } => self.undo_answer(conn, color, accept).await,
            ClientMessage::ToggleDead { at } => self.toggle_dead(conn, at).await,
            ClientMessage::Accept => self.accept(conn, color).await,
            ClientMessage::Resume => self.resume(conn).await,
            ClientMessage::Hint => self.hint(conn),
            // The socket reads `hello` before the connection joins, and answers any other.
            ClientMessage::Sync
            | ClientMessage::Preview { .. }
            | ClientMessage::Hello { .. }
            | ClientMessage::Name { .. } => {}
        }
    }

    /// Names the player of `seat` (finished games too: a record names its players), once
    /// the name is checked and stored.
    async fn rename(&mut self, conn: u64, seat: Option<Color>, name: &str) {
        let Some(color) = seat else {
            return self.refuse(conn, "spectator", "spectators have no seat to name");
        };
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

    pub(super) async fn play(
        &mut self,
        conn: u64,
        color: Color,
        mut mv: serde_json::Map<String, Value>,
    ) {
        if !self.row.claimed {
            return self.refuse(conn, "waiting", "the opponent has not joined yet");
        }
        // MarGo's swap exchanges the players' colours, and so their seats, which the server
        // does not do: refused before the engine applies it, so the engine and the stored
        // moves stay one game.
        if mv.contains_key("swap") {
            return self.refuse(
                conn,
                "unsupported",
                "swapping colours is not offered in online games",
            );
        }
        mv.insert("color".into(), color.name().into());
        let mv = Value::Object(mv);
        let report = match self.engine.apply(&mv) {
            Ok(r) => r,
            Err(e) => return self.refuse(conn, "malformed", &e.to_string()),
        };
        let result = report.get("result").and_then(Value::as_str).unwrap_or("");
        if !matches!(result, "placed" | "pass" | "resign") {
            let reason = report
                .get("reason")
                .and_then(Value::as_str)
                .unwrap_or(result)
                .to_owned();
            return self.refuse(conn, &reason, &format!("move refused: {reason}"));
        }
        let now = self.now();
        let _ = self.clock.stop(now);
        if let Phase::Finished(outcome) = self.engine.phase() {
            self.row.result = Some(outcome.to_string());
        }
        self.undo_by = None;
        self.accepted = [false; 2];
        self.restart_clock();
        let event = Event {
            seq: self.next_seq(),
            kind: "move".into(),
            body: mv,
        };
        if !self.persist(conn, event).await {
            return;
        }
        self.last_report = Some(report.clone());
        let seq = self.move_count();
        let msg = ServerMessage::Moved {
            seq,
            report,
            to_move: self.engine.to_move().name().into(),
            phase: phase_name(self.engine.phase()).into(),
            score: score_json(self.engine.score()),
            clock: self.clock.view(self.now()),
            result: self.row.result.clone(),
            view: self.engine.move_view(),
            count: self.engine.count(),
        };
        self.broadcast(&msg);
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

    fn next_seq(&self) -> i64 {
        self.events.last().map_or(0, |e| e.seq + 1)
    }

    pub(super) fn move_count(&self) -> u64 {
        self.events.iter().filter(|e| e.kind == "move").count() as u64
    }

    /// Stores an event already applied to the engine. If the store fails and the event is
    /// not stored after all, the game is rebuilt from the events stored before it and the
    /// sender is told; nobody else hears of it.
    async fn persist(&mut self, conn: u64, event: Event) -> bool {
        let clock = serde_json::to_value(&self.clock).ok();
        // Open and live are saved when a seat is claimed; an event can only finish a game.
        let status = self
            .finished()
            .then_some(("finished", self.row.result.as_deref()));
        let stored = self
            .store
            .append(&self.row.id, &event, clock.as_ref(), status)
            .await;
        match stored {
            Ok(()) => {
                self.events.push(event);
                self.changed();
                true
            }
            Err(e) => {
                tracing::error!(game = %self.row.id, "store failed: {e}");
                if self.stored_after_all(&event).await {
                    self.events.push(event);
                    self.changed();
                    return true;
                }
                self.row.result = None;
                if let Ok(g) = replay(&self.row, &self.events) {
                    self.engine = g;
                }
                self.restart_clock();
                self.send_to(
                    conn,
                    &ServerMessage::Error {
                        message: "the move could not be stored; try again".into(),
                    },
                );
                false
            }
        }
    }

    /// Whether `event` is stored right after the room's events even though its append
    /// failed: a commit whose answer was lost (or reported after a retry) went through.
    async fn stored_after_all(&self, event: &Event) -> bool {
        match self.store.load(&self.row.id).await {
            Ok(Some((_, stored))) => {
                stored.len() == self.events.len() + 1 && stored.last() == Some(event)
            }
            _ => false,
        }
    }

    fn undo_request(&mut self, conn: u64, color: Color) {
        if self.engine.phase() != Phase::Playing || self.move_count() == 0 {
            return self.refuse(conn, "no-undo", "nothing to take back");
        }
        if self.undo_by.is_some() {
            return self.refuse(conn, "undo-pending", "an undo request is already pending");
        }
        self.undo_by = Some(color);
        self.broadcast(&ServerMessage::UndoRequested {
            by: color.name().into(),
        });
    }

    pub(super) async fn undo_answer(&mut self, conn: u64, color: Color, accept: bool) {
        if self.undo_by != Some(color.other()) {
            return self.refuse(conn, "no-undo", "no undo request from the opponent");
        }
        self.undo_by = None;
        if !accept {
            return self.broadcast(&ServerMessage::UndoDeclined);
        }
        let Some(last) = self.undo_point(color) else {
            return;
        };
        let seq = self.events[last].seq;
        let kept = &self.events[..last];
        let Ok(game) = replay(&self.row, kept) else {
            return self.refuse(conn, "internal", "the game cannot be rebuilt");
        };
        let old_engine = std::mem::replace(&mut self.engine, game);
        self.restart_clock();
        let clock = serde_json::to_value(&self.clock).ok();
        if let Err(e) = self
            .store
            .truncate(&self.row.id, seq, clock.as_ref(), self.status())
            .await
        {
            tracing::error!(game = %self.row.id, "undo not stored: {e}");
            self.engine = old_engine;
            return self.refuse(conn, "internal", "the undo could not be stored");
        }
        self.events.truncate(last);
        self.changed();
        self.last_report = None;
        self.broadcast_state();
    }

    /// Where an accepted undo cuts the log: at the last move; when the computer accepts
    /// and that move is its own answer, at the requester's move before it, so that the
    /// requester is to move again rather than the computer.
    fn undo_point(&self, answering: Color) -> Option<usize> {
        let is_move = |e: &Event| e.kind == "move";
        let last = self.events.iter().rposition(is_move)?;
        let by = |i: usize| self.events[i].body.get("color").and_then(Value::as_str);
        let computer_answers = self.row.computer.is_some_and(|c| c.color == answering);
        if computer_answers && by(last) == Some(answering.name()) {
            let before = self.events[..last].iter().rposition(is_move);
            return Some(
                before
                    .filter(|&i| by(i) == Some(answering.other().name()))
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

    pub(super) async fn toggle_dead(&mut self, conn: u64, at: Value) {
        if !self.marking(conn) {
            return;
        }
        if let Err(e) = self.engine.toggle_dead(&at) {
            return self.refuse_engine(conn, &e);
        }
        self.accepted = [false; 2];
        let event = Event {
            seq: self.next_seq(),
            kind: "mark".into(),
            body: at,
        };
        if self.persist(conn, event).await {
            self.broadcast_state();
        }
    }

    pub(super) async fn accept(&mut self, conn: u64, color: Color) {
        if !self.marking(conn) {
            return;
        }
        self.accepted[color.index()] = true;
        if self.accepted == [true, true] {
            match self.engine.accept_count() {
                Ok(outcome) => {
                    self.row.result = Some(outcome.to_string());
                    self.clock.halt();
                    self.save_status().await;
                }
                Err(e) => return self.refuse_engine(conn, &e),
            }
        }
        self.broadcast_state();
    }

    async fn resume(&mut self, conn: u64) {
        if !self.marking(conn) {
            return;
        }
        if let Err(e) = self.engine.resume_play() {
            return self.refuse_engine(conn, &e);
        }
        self.accepted = [false; 2];
        self.restart_clock();
        let event = Event {
            seq: self.next_seq(),
            kind: "resume".into(),
            body: Value::Null,
        };
        if self.persist(conn, event).await {
            self.broadcast_state();
        }
    }
}

impl Room {
    /// Refuses with the game layer's reason: the rules' own code (`unsupported` for a
    /// mark where no stone stands, `wrong-phase`), or `malformed`.
    fn refuse_engine(&mut self, conn: u64, e: &EngineError) {
        match e {
            EngineError::Refused(reason) => {
                let reason = reason.clone();
                self.refuse(conn, &reason, &format!("refused: {reason}"));
            }
            other => self.refuse(conn, "malformed", &other.to_string()),
        }
    }
}

fn pass_or_resign(key: &str) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    m.insert(key.into(), Value::Bool(true));
    m
}
