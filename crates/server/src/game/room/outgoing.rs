//! What a room tells its connections: the full state (written once per kind of seat and
//! shared), moves and other messages, refusals.

use std::sync::Arc;

use serde_json::Value;
use stonefield_rules::{ByColor, Color};

use super::Room;
use crate::game::seats::creator_invite;
use crate::socket::protocol::{GameState, ServerMessage};
use crate::store::{Channel, EventKind};

impl Room {
    /// The full state as the connection `seat` may see it.
    pub(super) fn state_for(&self, seat: Option<Color>) -> GameState {
        // Only the creator is shown the invite, and only while it can still seat someone:
        // worked out again from the token the creator came with (the row has its hash).
        let creator = self.row.creator.parse::<Color>().ok();
        let invite = match (seat, creator) {
            (Some(s), Some(c)) if s == c && !self.row.claimed => self
                .clients
                .iter()
                .filter(|client| client.seat == Some(c))
                .find_map(|client| client.token.as_deref())
                .and_then(|token| creator_invite(token, self.row.invite.as_deref())),
            _ => None,
        };
        let moves: Vec<Value> = self
            .events
            .iter()
            .filter(|e| e.kind == EventKind::Move)
            .map(|e| e.body.clone())
            .collect();
        GameState {
            id: self.row.id.clone(),
            variant: self.row.variant.clone(),
            offers: self.engine.game().variant().offers(),
            rules: self.row.rules.clone(),
            you: seat,
            creator: self.row.creator.clone(),
            invite,
            seats: self.row.seats.name(),
            status: self.status().to_owned(),
            phase: self.engine.phase(),
            to_move: self.engine.to_move(),
            view: self.engine.view(),
            score: self.engine.score(),
            count: self.engine.count(),
            clock: self.clock.view(self.now()),
            seq: moves.len(),
            moves,
            notation: self.engine.move_names().to_vec(),
            result: self.row.result.clone(),
            undo_by: self.undo_by,
            accepted: ByColor {
                black: self.accepted[0],
                white: self.accepted[1],
            },
            last: self.last_report.clone(),
            hints: self.hints_allowed(),
            names: self.row.names.clone(),
            accounts: self.row.accounts.clone(),
            ratings: self
                .ratings
                .map(|r| r.map(crate::accounts::ratings::tenths)),
            rated: self.row.rated,
            computer: self.row.computer.map(|c| {
                let mut seat = c.to_json();
                seat["thinking"] = self.computer_thinking().into();
                seat
            }),
            chat: self.chat_for(Channel::of(seat)),
            rematch: self.rematch_view(),
        }
    }

    pub(super) fn send_to(&mut self, conn: u64, msg: &ServerMessage) {
        self.deliver(conn, msg.to_text().into());
    }

    /// Queues `text` for `conn`; a connection whose outbox is over its bound is dropped
    /// (its socket closes; it gets the full state when it joins again).
    pub(super) fn deliver(&mut self, conn: u64, text: Arc<str>) {
        let Some(i) = self.clients.iter().position(|c| c.conn == conn) else {
            return;
        };
        if self.clients[i].out.send(text).is_err() {
            self.clients.remove(i);
        }
    }

    /// Answers a `sync` (the socket keeps to the connection's and its address's rate).
    pub(super) fn sync(&mut self, conn: u64) {
        self.send_state(conn);
    }

    /// Sends the whole state to `conn`: the text written since the game last changed,
    /// shared with every connection of the same kind of seat, or a new one.
    pub(super) fn send_state(&mut self, conn: u64) {
        let Some(seat) = self.clients.iter().find(|c| c.conn == conn).map(|c| c.seat) else {
            return;
        };
        let now = std::time::Instant::now();
        let clock_runs = self.clock.running().is_some();
        let text = match self.states.get(seat, clock_runs, now) {
            Some(text) => text,
            None => {
                let text: Arc<str> = ServerMessage::State {
                    state: Box::new(self.state_for(seat)),
                }
                .to_text()
                .into();
                self.states.put(seat, Arc::clone(&text), now);
                text
            }
        };
        self.deliver(conn, text);
    }

    /// The state to every connection: written once per kind of seat (Black, White,
    /// spectator) and shared, so a big position costs one copy, not one per connection.
    pub(super) fn broadcast_state(&mut self) {
        let mut written: Vec<(Option<Color>, Arc<str>)> = Vec::with_capacity(3);
        let texts: Vec<Arc<str>> = self
            .clients
            .iter()
            .map(|c| {
                if let Some((_, text)) = written.iter().find(|(seat, _)| *seat == c.seat) {
                    return Arc::clone(text);
                }
                let text: Arc<str> = ServerMessage::State {
                    state: Box::new(self.state_for(c.seat)),
                }
                .to_text()
                .into();
                written.push((c.seat, Arc::clone(&text)));
                text
            })
            .collect();
        let mut dead = Vec::new();
        for (c, t) in self.clients.iter().zip(texts) {
            if c.out.send(t).is_err() {
                dead.push(c.conn);
            }
        }
        self.clients.retain(|c| !dead.contains(&c.conn));
    }

    /// Sends the same text to everyone; a connection too slow to keep up is dropped (it
    /// gets the full state when it joins again).
    pub(super) fn broadcast(&mut self, msg: &ServerMessage) {
        let text: Arc<str> = msg.to_text().into();
        self.clients
            .retain(|c| c.out.send(Arc::clone(&text)).is_ok());
    }

    pub(super) fn refuse(&mut self, conn: u64, reason: &str, message: &str) {
        self.send_to(conn, &ServerMessage::refused(reason, message));
    }
}
