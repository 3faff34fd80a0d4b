//! One game room: a task that owns the game, its clocks and its connections, and takes
//! commands from an mpsc inbox, so a game's moves are handled one at a time. Every change is
//! written to the store before anyone is told about it.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use stonefield_rules::{Color, Phase};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use crate::clock::{Clock, TimeControl};
use crate::engine::{self, Engine, EngineError, phase_name, score_json};
use crate::protocol::{ClientMessage, ServerMessage};
mod actions;
mod computer_seat;

use crate::computer::ThinkPool;
use crate::ids::{self, same_token};
use crate::seats::{ClaimError, check_claim};
use crate::store::{Event, GameRow, Store, StoreError};
use computer_seat::{Answer, Thinking};

/// Outgoing text for one connection.
pub type Outbox = mpsc::Sender<Arc<str>>;

/// Commands a room takes.
#[derive(Debug)]
pub enum Command {
    /// A connection joins with an optional seat token; the reply is its connection id.
    Join {
        /// Seat token, if any.
        token: Option<String>,
        /// Where the room sends this connection's messages.
        out: Outbox,
        /// Gets the connection id.
        reply: oneshot::Sender<u64>,
    },
    /// A connection closed.
    Leave {
        /// Connection id.
        conn: u64,
    },
    /// A message from a connection.
    Client {
        /// Connection id.
        conn: u64,
        /// The message.
        msg: ClientMessage,
    },
    /// Takes the second seat for a newcomer who brings `invite` (or none, in an open
    /// game): its colour and a fresh token, or why not.
    Claim {
        /// The invite token, if the claimant has one.
        invite: Option<String>,
        /// The claimant's checked name (`None`: anonymous).
        name: Option<String>,
        /// Gets the seat.
        reply: oneshot::Sender<Result<(Color, String), ClaimError>>,
    },
    /// The stored row and events, for downloads and replays.
    Snapshot {
        /// Gets them.
        reply: oneshot::Sender<(GameRow, Vec<Event>)>,
    },
}

/// A handle to send commands to a running room.
#[derive(Debug, Clone)]
pub struct RoomHandle {
    tx: mpsc::Sender<Command>,
}

impl RoomHandle {
    /// Sends a command; false if the room has stopped.
    pub async fn send(&self, cmd: Command) -> bool {
        self.tx.send(cmd).await.is_ok()
    }

    /// Whether the room has stopped (a finished game nobody watched any more).
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// Joins the room; `None` if the room has stopped.
    pub async fn join(&self, token: Option<String>, out: Outbox) -> Option<u64> {
        let (reply, rx) = oneshot::channel();
        if !self.send(Command::Join { token, out, reply }).await {
            return None;
        }
        rx.await.ok()
    }

    /// Takes the second seat with `invite` (or without one, in an open game): its colour
    /// and the taker's fresh token.
    ///
    /// # Errors
    /// Why the seat is refused; [`ClaimError::Failed`] if the room has stopped.
    pub async fn claim(&self, invite: Option<String>) -> Result<(Color, String), ClaimError> {
        self.claim_named(invite, None).await
    }

    /// [`RoomHandle::claim`] by a player called `name` (checked by the caller; `None`:
    /// anonymous).
    ///
    /// # Errors
    /// As [`RoomHandle::claim`].
    pub async fn claim_named(
        &self,
        invite: Option<String>,
        name: Option<String>,
    ) -> Result<(Color, String), ClaimError> {
        let (reply, rx) = oneshot::channel();
        let claim = Command::Claim {
            invite,
            name,
            reply,
        };
        if !self.send(claim).await {
            return Err(ClaimError::Failed);
        }
        rx.await.unwrap_or(Err(ClaimError::Failed))
    }

    /// The stored row and events; `None` if the room has stopped.
    pub async fn snapshot(&self) -> Option<(GameRow, Vec<Event>)> {
        let (reply, rx) = oneshot::channel();
        if !self.send(Command::Snapshot { reply }).await {
            return None;
        }
        rx.await.ok()
    }
}

#[derive(Debug)]
struct Client {
    conn: u64,
    seat: Option<Color>,
    out: Outbox,
    /// Bytes of asked-for states (`sync`) this connection may still get, and when that
    /// was counted.
    sync_budget: (f64, Instant),
}

/// The bytes of asked-for states a connection may get at once, and then per second: a
/// state can be hundreds of kilobytes, and a client asking in a loop would make the room
/// write them without end. A small game's state is a few kilobytes: its players never
/// meet the limit.
const SYNC_BURST_BYTES: f64 = 4.0 * 1024.0 * 1024.0;
const SYNC_BYTES_PER_SEC: f64 = 1024.0 * 1024.0;

/// Why a room could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum RoomError {
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The stored game cannot be rebuilt.
    #[error(transparent)]
    Engine(#[from] EngineError),
}

/// Rebuilds a game from its stored events.
///
/// # Errors
/// Rules that cannot make a game or an event that cannot be read.
pub fn replay(row: &GameRow, events: &[Event]) -> Result<Box<dyn Engine>, EngineError> {
    let mut game = engine::open(&row.variant, &row.rules, row.setup.as_ref())?;
    for e in events {
        match e.kind.as_str() {
            "move" => {
                game.apply(&e.body)?;
            }
            "mark" => game.toggle_dead(&e.body)?,
            "resume" => game.resume_play()?,
            other => {
                return Err(EngineError::Malformed(format!(
                    "stored event kind {other:?}"
                )));
            }
        }
    }
    Ok(game)
}

/// The room's state; owned by its task.
#[derive(Debug)]
struct Room {
    row: GameRow,
    engine: Box<dyn Engine>,
    events: Vec<Event>,
    clock: Clock,
    epoch: Instant,
    clients: Vec<Client>,
    next_conn: u64,
    undo_by: Option<Color>,
    accepted: [bool; 2],
    last_report: Option<Value>,
    store: Store,
    /// The computer's thinking, in games against the computer.
    thinking: Thinking,
}

/// Opens the room of a stored game and starts its task; a computer's seat thinks on
/// `pool`.
///
/// # Errors
/// The store failed or the stored game cannot be rebuilt.
pub fn start(
    store: Store,
    row: GameRow,
    events: Vec<Event>,
    pool: ThinkPool,
) -> Result<RoomHandle, RoomError> {
    let engine = replay(&row, &events)?;
    let control: TimeControl = serde_json::from_value(row.time_control.clone()).unwrap_or_default();
    let clock = row
        .clock
        .as_ref()
        .and_then(|c| serde_json::from_value::<Clock>(c.clone()).ok())
        .unwrap_or_else(|| Clock::new(control));
    let (thinking, answers) = Thinking::new(pool);
    let mut room = Room {
        row,
        engine,
        events,
        clock,
        epoch: Instant::now(),
        clients: Vec::new(),
        next_conn: 0,
        undo_by: None,
        accepted: [false; 2],
        last_report: None,
        store,
        thinking,
    };
    room.restart_clock();
    let (tx, rx) = mpsc::channel(256);
    tokio::spawn(room.run(rx, answers));
    Ok(RoomHandle { tx })
}

fn other_color(c: Color) -> Color {
    c.other()
}

impl Room {
    fn now(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn finished(&self) -> bool {
        self.row.result.is_some()
    }

    fn status(&self) -> &'static str {
        if self.finished() {
            "finished"
        } else if self.row.claimed {
            "live"
        } else {
            "open"
        }
    }

    /// Runs the side to move's clock when the game is under way.
    fn restart_clock(&mut self) {
        let now = self.now();
        if self.row.claimed && !self.finished() && self.engine.phase() == Phase::Playing {
            self.clock.start(self.engine.to_move(), now);
        } else {
            self.clock.halt();
        }
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Command>, mut answers: mpsc::Receiver<Answer>) {
        // A game against the computer resumed at its turn: it answers without being asked.
        self.computer_turn().await;
        loop {
            let deadline = self.clock.deadline().map(|(_, at)| at);
            let sleep = async {
                match deadline {
                    Some(at) => {
                        let wait = at.saturating_sub(self.now());
                        tokio::time::sleep(Duration::from_millis(wait)).await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    None => break,
                },
                Some(answer) = answers.recv() => self.on_answer(answer).await,
                () = sleep => self.check_flag().await,
            }
            self.computer_turn().await;
            // A finished game nobody watches needs no room; it is opened again on demand.
            if self.finished() && self.clients.is_empty() {
                break;
            }
        }
    }

    async fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::Join { token, out, reply } => {
                let conn = self.join(token, out);
                let _ = reply.send(conn);
            }
            Command::Leave { conn } => self.clients.retain(|c| c.conn != conn),
            Command::Client { conn, msg } => {
                let Some(seat) = self.clients.iter().find(|c| c.conn == conn).map(|c| c.seat)
                else {
                    return;
                };
                self.on_message(conn, seat, msg).await;
            }
            Command::Claim {
                invite,
                name,
                reply,
            } => {
                let seat = self.claim_seat(invite.as_deref(), name).await;
                let _ = reply.send(seat);
            }
            Command::Snapshot { reply } => {
                let _ = reply.send((self.row.clone(), self.events.clone()));
            }
        }
    }

    fn join(&mut self, token: Option<String>, out: Outbox) -> u64 {
        let seat = token.as_deref().and_then(|t| self.seat_of(t));
        let conn = self.next_conn;
        self.next_conn += 1;
        self.clients.push(Client {
            conn,
            seat,
            out,
            sync_budget: (SYNC_BURST_BYTES, Instant::now()),
        });
        self.send_state(conn);
        conn
    }

    /// Gives the second seat to the claimant of `invite` under the game's policy: a fresh
    /// token, stored before it is handed out, so the invite (and the placeholder token the
    /// seat had) never seats anyone. Stores the taker's `name` with the seat. Tells everyone
    /// the game is live (and the name).
    async fn claim_seat(
        &mut self,
        invite: Option<&str>,
        name: Option<String>,
    ) -> Result<(Color, String), ClaimError> {
        check_claim(
            self.row.seats,
            self.row.claimed,
            self.row.invite.as_deref(),
            invite,
        )?;
        let seat = self
            .row
            .creator
            .parse::<Color>()
            .map_err(|_| ClaimError::Taken)?
            .other();
        let game = &self.row.id;
        let token = ids::seat_token().map_err(|e| {
            tracing::error!(%game, "no token for a claim: {e}");
            ClaimError::Failed
        })?;
        match self
            .store
            .claim_named(game, seat, &token, name.as_deref())
            .await
        {
            Ok(true) => {}
            Ok(false) => return Err(ClaimError::Taken),
            Err(e) => {
                tracing::error!(%game, "claim failed: {e}");
                return Err(ClaimError::Failed);
            }
        }
        self.row.claimed = true;
        self.row.status = "live".into();
        self.row.names[seat] = name;
        match seat {
            Color::Black => self.row.black_token.clone_from(&token),
            Color::White => self.row.white_token.clone_from(&token),
        }
        // claim() saved the status; the clock is saved with the first move.
        self.restart_clock();
        self.broadcast_state();
        Ok((seat, token))
    }

    fn seat_of(&self, token: &str) -> Option<Color> {
        [Color::Black, Color::White]
            .into_iter()
            .find(|&c| same_token(token, self.row.token(c)))
    }

    /// The full state as the connection `seat` may see it.
    fn state_for(&self, seat: Option<Color>) -> Value {
        // Only the creator is shown the invite, and only while it can still seat someone.
        let creator = self.row.creator.parse::<Color>().ok();
        let invite = match (seat, creator) {
            (Some(s), Some(c)) if s == c && !self.row.claimed => self.row.invite.clone(),
            _ => None,
        };
        let moves: Vec<&Value> = self
            .events
            .iter()
            .filter(|e| e.kind == "move")
            .map(|e| &e.body)
            .collect();
        json!({
            "id": self.row.id,
            "variant": self.row.variant,
            "rules": self.row.rules,
            "you": seat.map(Color::name),
            "creator": self.row.creator,
            "invite": invite,
            "seats": self.row.seats.name(),
            "status": self.status(),
            "phase": phase_name(self.engine.phase()),
            "to_move": self.engine.to_move().name(),
            "view": self.engine.view(),
            "score": score_json(self.engine.score()),
            "count": self.engine.count(),
            "clock": self.clock.view(self.now()),
            "seq": moves.len(),
            "moves": moves,
            // Each move of `moves` in the variant's notation, for the move list.
            "notation": self.engine.move_names(),
            "result": self.row.result,
            "undo_by": self.undo_by.map(Color::name),
            "accepted": {"black": self.accepted[0], "white": self.accepted[1]},
            "last": self.last_report,
            "hints": self.hints_allowed(),
            "names": {"black": self.row.names.black, "white": self.row.names.white},
            "computer": self.row.computer.map(|c| {
                let mut seat = c.to_json();
                seat["thinking"] = self.computer_thinking().into();
                seat
            }),
        })
    }

    fn send_to(&mut self, conn: u64, msg: &ServerMessage) {
        let text: Arc<str> = msg.to_text().into();
        if let Some(c) = self.clients.iter().find(|c| c.conn == conn) {
            let _ = c.out.try_send(text);
        }
    }

    /// Answers a `sync` while the connection's budget of state bytes lasts.
    fn sync(&mut self, conn: u64) {
        let now = Instant::now();
        let Some(client) = self.clients.iter_mut().find(|c| c.conn == conn) else {
            return;
        };
        let (left, since) = client.sync_budget;
        let left = (left + now.duration_since(since).as_secs_f64() * SYNC_BYTES_PER_SEC)
            .min(SYNC_BURST_BYTES);
        client.sync_budget = (left, now);
        if left <= 0.0 {
            return self.refuse(
                conn,
                "too-often",
                "too many states asked for: wait a moment",
            );
        }
        let sent = self.send_state(conn);
        if let Some(client) = self.clients.iter_mut().find(|c| c.conn == conn) {
            client.sync_budget.0 -= sent as f64;
        }
    }

    /// Sends the whole state to `conn`; returns its length in bytes.
    fn send_state(&mut self, conn: u64) -> usize {
        let Some(seat) = self.clients.iter().find(|c| c.conn == conn).map(|c| c.seat) else {
            return 0;
        };
        let text: Arc<str> = ServerMessage::State {
            state: self.state_for(seat),
        }
        .to_text()
        .into();
        let len = text.len();
        if let Some(c) = self.clients.iter().find(|c| c.conn == conn) {
            let _ = c.out.try_send(text);
        }
        len
    }

    /// The state to every connection: written once per kind of seat (Black, White,
    /// spectator) and shared, so a big position costs one copy, not one per connection.
    fn broadcast_state(&mut self) {
        let mut written: Vec<(Option<Color>, Arc<str>)> = Vec::with_capacity(3);
        let texts: Vec<Arc<str>> = self
            .clients
            .iter()
            .map(|c| {
                if let Some((_, text)) = written.iter().find(|(seat, _)| *seat == c.seat) {
                    return Arc::clone(text);
                }
                let text: Arc<str> = ServerMessage::State {
                    state: self.state_for(c.seat),
                }
                .to_text()
                .into();
                written.push((c.seat, Arc::clone(&text)));
                text
            })
            .collect();
        let mut dead = Vec::new();
        for (c, t) in self.clients.iter().zip(texts) {
            if c.out.try_send(t).is_err() {
                dead.push(c.conn);
            }
        }
        self.clients.retain(|c| !dead.contains(&c.conn));
    }

    /// Sends the same text to everyone; a connection too slow to keep up is dropped (it
    /// gets the full state when it joins again).
    fn broadcast(&mut self, msg: &ServerMessage) {
        let text: Arc<str> = msg.to_text().into();
        self.clients
            .retain(|c| c.out.try_send(Arc::clone(&text)).is_ok());
    }

    fn refuse(&mut self, conn: u64, reason: &str, message: &str) {
        self.send_to(conn, &ServerMessage::refused(reason, message));
    }

    async fn save_status(&mut self) {
        let clock = serde_json::to_value(&self.clock).ok();
        let status = self.status();
        if let Err(e) = self
            .store
            .set_status(
                &self.row.id,
                clock.as_ref(),
                status,
                self.row.result.as_deref(),
            )
            .await
        {
            tracing::error!(game = %self.row.id, "saving status failed: {e}");
        }
    }

    async fn check_flag(&mut self) {
        let now = self.now();
        let Some((color, at)) = self.clock.deadline() else {
            return;
        };
        if now < at || self.finished() {
            return;
        }
        let _ = self.clock.stop(now);
        self.clock.halt();
        self.row.result = Some(format!("{}+T", other_color(color).letter()));
        self.save_status().await;
        self.broadcast_state();
    }
}
