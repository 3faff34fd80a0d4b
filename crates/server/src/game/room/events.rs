//! The one path every change of a game takes: an event is stored at the next place of the
//! game's log, and only then applied to the room and told to its connections. The store's
//! (game, seq) key orders events from every instance: an event that loses its place to
//! another instance's is not stored, the room reads what it missed and applies it, and the
//! action is checked again against the new position. Events other instances store are
//! announced by the listener (a [`Poke`]) and applied the same way, in order, each once.

use std::sync::atomic::Ordering;

use serde_json::Value;
use stonefield_record::MoveReport;
use stonefield_rules::{Color, Phase};
use tokio::sync::mpsc;

use super::computer_seat::COMPUTER_CONN;
use super::{Poke, Room};
use crate::game::clock::Clock;
use crate::game::live_game::GameError;
use crate::game::rebuild::{pending, replay};
use crate::socket::protocol::{Moved, ServerMessage};
use crate::store::{Event, EventKind, StoreError, effective};

/// How often (ms) a watched room on a shared store reads it without a notice.
const LOOK_EVERY_MS: u64 = 5_000;

/// A stored event the room could not apply: the room is reloaded from the store.
#[derive(Debug, thiserror::Error)]
enum Diverged {
    #[error(transparent)]
    Game(#[from] GameError),
    #[error("a stored move the rules refuse: {0}")]
    Refused(Value),
}

impl Room {
    /// Stores `event` at the next place with the clocks after it (and the result it
    /// brings), then applies it and tells everyone. `report` is a move's, from the engine
    /// it was already played on. False if it was not stored: the engine is rebuilt, and
    /// either the sender is told (a store failure) or, when another instance's event took
    /// the place, the room has caught up and `raced` is set.
    pub(super) async fn commit(
        &mut self,
        conn: u64,
        event: Event,
        clock: Clock,
        result: Option<String>,
        report: Option<MoveReport>,
    ) -> bool {
        let status = result.as_deref().map(|r| ("finished", Some(r)));
        let started = std::time::Instant::now();
        let stored = self
            .store
            .append(&self.row.id, &event, Some(&clock), status)
            .await;
        self.metrics.store_latency.observe(started.elapsed());
        if let Err(e) = stored {
            // A commit whose answer was lost (or reported after a retry) went through.
            let ours = self.stored_after_all(&event).await;
            let shared = self.store.shared_url().is_some();
            if !ours && matches!(e, StoreError::Conflict) && shared {
                tracing::debug!(game = %self.row.id, seq = event.seq, "another instance stored first");
                self.rebuild();
                self.raced = true;
                self.catch_up().await;
                return false;
            }
            if !ours {
                // On one instance nobody else writes: another event at this place is a
                // failure like any other.
                tracing::error!(game = %self.row.id, "store failed: {e}");
                self.rebuild();
                self.send_to(
                    conn,
                    &ServerMessage::Error {
                        message: "the move could not be stored; try again".into(),
                    },
                );
                return false;
            }
        }
        if event.kind == EventKind::Move {
            self.metrics.moves.fetch_add(1, Ordering::Relaxed);
            // A player's move, from its arrival in the room (the computer's have none).
            if let Some(since) = self.since.take() {
                self.metrics.move_round_trip.observe(since.elapsed());
            }
        }
        self.settle(event, clock, result, report);
        self.changed_by(true);
        true
    }

    /// The engine again from the events that stand (an event applied to it was not
    /// stored).
    fn rebuild(&mut self) {
        match replay(&self.row, &self.events) {
            Ok(g) => self.engine = g,
            Err(e) => tracing::error!(game = %self.row.id, "the game cannot be rebuilt: {e}"),
        }
    }

    /// Whether `event` is stored at its place even though its append failed.
    async fn stored_after_all(&self, event: &Event) -> bool {
        match self.store.events_after(&self.row.id, event.seq - 1).await {
            Ok(stored) => stored.first().is_some_and(|(e, _)| e == event),
            Err(_) => false,
        }
    }

    /// Applies a stored event to the room's bookkeeping (the engine already has it) and
    /// tells every connection.
    fn settle(
        &mut self,
        event: Event,
        clock: Clock,
        result: Option<String>,
        report: Option<MoveReport>,
    ) {
        self.last_seq = event.seq;
        self.clock = clock;
        if result.is_some() {
            self.row.result = result;
            self.row.status = "finished".into();
        }
        match event.kind {
            EventKind::Move => {
                self.undo_by = None;
                self.accepted = [false; 2];
                self.events.push(event);
                self.changed();
                self.last_report.clone_from(&report);
                self.broadcast_moved(report);
            }
            EventKind::Mark | EventKind::Resume => {
                self.accepted = [false; 2];
                self.events.push(event);
                self.changed();
                self.broadcast_state();
            }
            EventKind::Accept => {
                if let Some(c) = event.color() {
                    self.accepted[c.index()] = true;
                }
                self.events.push(event);
                self.broadcast_state();
            }
            EventKind::UndoRequest => {
                self.undo_by = event.color();
                let by = self.undo_by.map_or("", Color::name).to_owned();
                self.events.push(event);
                self.broadcast(&ServerMessage::UndoRequested { by });
            }
            EventKind::UndoDecline => {
                self.undo_by = None;
                self.events.push(event);
                self.broadcast(&ServerMessage::UndoDeclined);
            }
            EventKind::Undo => {
                self.events.push(event);
                self.events = effective(&self.events);
                self.rebuild();
                self.undo_by = None;
                self.last_report = None;
                self.changed();
                self.broadcast_state();
            }
            EventKind::Timeout => {
                self.events.push(event);
                self.broadcast_state();
            }
        }
    }

    fn broadcast_moved(&mut self, report: Option<MoveReport>) {
        let msg = ServerMessage::Moved(Box::new(Moved {
            seq: self.move_count(),
            report,
            to_move: self.engine.to_move(),
            phase: self.engine.phase(),
            score: self.engine.score(),
            clock: self.clock.view(self.now()),
            result: self.row.result.clone(),
            view: self.engine.move_view(),
            count: self.engine.count(),
        }));
        self.broadcast(&msg);
    }

    /// When the room next reads the store unasked, if it does: on a shared store, while
    /// someone watches a game in play. A notice can be lost (a listener that reconnects
    /// misses what was sent meanwhile), and this bounds how long a room stays behind.
    pub(super) fn look_due(&self) -> Option<u64> {
        let watched = !self.clients.is_empty() && !self.finished();
        (watched && self.store.shared_url().is_some()).then_some(self.next_look_at)
    }

    /// Reads what other instances stored if [`Room::look_due`] says it is time.
    pub(super) async fn look_if_due(&mut self) {
        if self.look_due().is_some_and(|at| at <= self.now()) {
            self.catch_up().await;
            self.catch_up_chat().await;
        }
    }

    /// Reads and applies, in order, the events stored after the room's last one (by other
    /// instances). A stored event the room cannot apply makes it reload the game.
    pub(super) async fn catch_up(&mut self) {
        self.next_look_at = self.now().saturating_add(LOOK_EVERY_MS);
        let fresh = match self.store.events_after(&self.row.id, self.last_seq).await {
            Ok(fresh) => fresh,
            Err(e) => {
                tracing::warn!(game = %self.row.id, "reading new events failed: {e}");
                return;
            }
        };
        for (event, clock) in fresh {
            if event.seq <= self.last_seq {
                continue;
            }
            let seq = event.seq;
            if let Err(e) = self.apply_stored(event, clock) {
                tracing::error!(game = %self.row.id, seq, "a stored event does not apply: {e}");
                self.reload().await;
                return;
            }
        }
    }

    /// Plays an event another instance stored, with the clocks it stored.
    fn apply_stored(&mut self, event: Event, clock: Option<Clock>) -> Result<(), Diverged> {
        let mut report = None;
        let mut result = None;
        match event.kind {
            EventKind::Move => {
                let r = self.engine.apply(&self.engine.read_move(&event.body)?);
                if !super::actions::changes_game(r.result) {
                    self.rebuild();
                    return Err(Diverged::Refused(event.body));
                }
                if let Phase::Finished(outcome) = self.engine.phase() {
                    result = Some(outcome.to_string());
                }
                report = Some(r);
            }
            EventKind::Mark => {
                let at = event
                    .marked_point()
                    .ok_or_else(|| GameError::Malformed(format!("stored mark {}", event.body)))?;
                self.engine.toggle_dead(&at)?;
            }
            EventKind::Resume => self.engine.resume_play()?,
            EventKind::Accept => {
                if let Some(c) = event.color()
                    && self.accepted[c.other().index()]
                {
                    result = Some(self.engine.accept_count()?.to_string());
                }
            }
            EventKind::Timeout => {
                result = event.color().map(|c| format!("{}+T", c.other().letter()));
            }
            EventKind::UndoRequest | EventKind::UndoDecline | EventKind::Undo => {}
        }
        // The clocks stored with the event; without them, the side to move's from now.
        let clock = match clock {
            Some(clock) => clock,
            None => self.clock_after(self.clock.clone(), result.is_some(), self.now()),
        };
        self.settle(event, clock, result, report);
        self.changed_by(false);
        Ok(())
    }

    /// The whole game again from the store, and its state to everyone.
    async fn reload(&mut self) {
        let Ok(Some((row, log))) = self.store.load_log(&self.row.id).await else {
            return;
        };
        let events = effective(&log);
        let Ok(engine) = replay(&row, &events) else {
            return;
        };
        self.last_seq = log.last().map_or(-1, |e| e.seq);
        (self.undo_by, self.accepted) = pending(&events);
        self.row = row;
        self.engine = engine;
        self.events = events;
        self.changed();
        self.restart_clock();
        self.broadcast_state();
    }

    /// Reads everything the listener announced since the room last looked: several pokes
    /// are read with one query.
    pub(super) async fn on_poke(&mut self, first: Poke, pokes: &mut mpsc::UnboundedReceiver<Poke>) {
        let (mut newest, mut claimed, mut resync) = (-1, false, false);
        let (mut chat, mut rematch) = (false, false);
        let mut next = Some(first);
        while let Some(poke) = next {
            match poke {
                Poke::Stored(seq) => newest = newest.max(seq),
                Poke::Claimed => claimed = true,
                Poke::Chat => chat = true,
                Poke::Rematch => rematch = true,
                Poke::Resync => resync = true,
            }
            next = pokes.try_recv().ok();
        }
        if claimed || resync {
            self.reload_seats().await;
        }
        if chat || resync {
            self.catch_up_chat().await;
        }
        if rematch || (resync && self.finished()) {
            self.reload_rematch().await;
        }
        if resync || newest > self.last_seq {
            self.catch_up().await;
        }
    }

    /// Learns of what another instance changed in the seats: the players' names, and a
    /// second seat given (the new token, the game live; the connections that came with
    /// that token take the seat).
    pub(super) async fn reload_seats(&mut self) {
        if self.store.shared_url().is_none() {
            return;
        }
        let row = match self.store.game(&self.row.id).await {
            Ok(Some(row)) => row,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(game = %self.row.id, "reading the seats failed: {e}");
                return;
            }
        };
        let renamed = row.names != self.row.names || row.accounts != self.row.accounts;
        self.row.names = row.names.clone();
        self.row.accounts = row.accounts.clone();
        if renamed {
            self.refresh_ratings().await;
        }
        if self.row.claimed || !row.claimed {
            if renamed {
                self.broadcast_state();
            }
            return;
        }
        self.row.claimed = true;
        if self.row.result.is_none() {
            self.row.status = "live".into();
        }
        self.row.black_token = row.black_token;
        self.row.white_token = row.white_token;
        for i in 0..self.clients.len() {
            let seat = self.clients[i]
                .token
                .as_deref()
                .and_then(|t| self.seat_of(t));
            self.clients[i].seat = seat;
        }
        self.restart_clock();
        self.broadcast_state();
    }

    /// Ends the game on time if the side to move's deadline has passed: a `timeout`
    /// event, which only one instance can store at its place.
    pub(super) async fn check_flag(&mut self) {
        let now = self.now();
        let Some((color, at)) = self.clock.deadline() else {
            return;
        };
        if now < at.max(self.flag_retry_at) || self.finished() {
            return;
        }
        let mut clock = self.clock.clone();
        let _ = clock.stop(now);
        clock.halt();
        let result = format!("{}+T", color.other().letter());
        let event = Event::by(self.next_seq(), EventKind::Timeout, color);
        let stored = self
            .commit(COMPUTER_CONN, event, clock, Some(result), None)
            .await;
        if !stored && !self.raced {
            // The store is out of reach: try again in a second, not in a loop.
            self.flag_retry_at = now.saturating_add(1000);
        }
    }
}
