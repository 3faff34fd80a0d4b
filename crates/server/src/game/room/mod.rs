//! One game room: a task that owns the game, its clocks and its connections, and takes
//! commands from an mpsc inbox, so a game's moves are handled one at a time. Every change is
//! an event written to the store before anyone is told about it; on a shared (PostgreSQL)
//! store, rooms of the same game on other instances read the events they did not make and
//! apply them the same way (see `events.rs`).

use std::sync::Arc;
use std::time::Duration;

use stonefield_record::MoveReport;
use stonefield_rules::{ByColor, Color, Phase};
use tokio::sync::{mpsc, oneshot};
use tracing::Instrument;

use crate::game::clock::Clock;
use crate::game::live_game::{GameError, LiveGame};
use crate::socket::protocol::ClientMessage;
mod actions;
mod chat;
mod computer_seat;
mod events;
mod outgoing;
mod rematch;
mod seating;
mod state_cache;
#[cfg(test)]
mod tests;
mod thinking;

use crate::game::computer::ThinkPool;
use crate::game::rebuild::{pending, replay};
use crate::game::seats::ClaimError;
use crate::metrics::Metrics;
use crate::socket::quota::TimeShare;
use crate::store::{
    self, ChatLine, Event, EventKind, GameRow, Rematch, Store, StoreError, effective,
};
use state_cache::StateCache;
use thinking::{Answer, Thinking};

/// Outgoing text for one connection, bounded in bytes ([`crate::socket::outbox`]).
pub use crate::socket::outbox::Outbox;

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
        /// The claimant's account, when signed in.
        account: Option<String>,
        /// Gets the seat.
        reply: oneshot::Sender<Result<(Color, String), ClaimError>>,
    },
    /// The stored row and events, for downloads and replays.
    Snapshot {
        /// Gets them.
        reply: oneshot::Sender<(GameRow, Vec<Event>)>,
    },
}

/// What the instance's listener tells a room about its game on a shared store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Poke {
    /// An event was stored at this sequence number (maybe by this room itself).
    Stored(i64),
    /// The second seat was taken.
    Claimed,
    /// A chat line was stored (maybe by this room itself).
    Chat,
    /// The rematch was offered, declined or made.
    Rematch,
    /// Notices may have been missed (the listener reconnected): read what is new.
    Resync,
}

impl Command {
    /// Whether handling the command leaves the game as it was (the states written stay
    /// good).
    fn only_reads(&self) -> bool {
        match self {
            Command::Leave { .. } | Command::Snapshot { .. } => true,
            // A join may read seats another instance gave: it forgets the states itself.
            Command::Join { .. } => true,
            Command::Client { msg, .. } => {
                matches!(msg, ClientMessage::Sync | ClientMessage::Preview { .. })
            }
            Command::Claim { .. } => false,
        }
    }
}

/// A handle to send commands to a running room.
#[derive(Debug, Clone)]
pub struct RoomHandle {
    tx: mpsc::Sender<Command>,
    pokes: mpsc::UnboundedSender<Poke>,
}

impl RoomHandle {
    /// Tells the room what the listener heard; never waits (a room reads what is new
    /// from the store, however many pokes it gets).
    pub fn poke(&self, poke: Poke) {
        let _ = self.pokes.send(poke);
    }

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
        self.claim_as(invite, name, None).await
    }

    /// [`RoomHandle::claim_named`] by the signed-in `account` (`None`: without one), which
    /// the seat is tied to. A rated game's seat goes only to an account, and not to the
    /// one holding the other seat.
    ///
    /// # Errors
    /// As [`RoomHandle::claim`].
    pub async fn claim_as(
        &self,
        invite: Option<String>,
        name: Option<String>,
        account: Option<String>,
    ) -> Result<(Color, String), ClaimError> {
        let (reply, rx) = oneshot::channel();
        let claim = Command::Claim {
            invite,
            name,
            account,
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
    /// The token it came with: its seat is looked up again when another instance gives
    /// the second seat.
    token: Option<String>,
    out: Outbox,
}

/// Why a room could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum RoomError {
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The stored game cannot be rebuilt.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// The share of a room's time its spectators' previews may take together.
pub(super) const SPECTATOR_PREVIEWS: f64 = 0.2;

/// The room's state; owned by its task.
#[derive(Debug)]
struct Room {
    row: GameRow,
    engine: LiveGame,
    /// The events that stand (without those an undo took back).
    events: Vec<Event>,
    /// The sequence number of the last stored event (-1 before the first).
    last_seq: i64,
    clock: Clock,
    clients: Vec<Client>,
    next_conn: u64,
    undo_by: Option<Color>,
    accepted: [bool; 2],
    last_report: Option<MoveReport>,
    store: Store,
    /// The computer's thinking, in games against the computer.
    thinking: Thinking,
    /// Set when an event lost the race for its place to another instance's: the room has
    /// caught up, and the action that made it is checked again.
    raced: bool,
    /// The instance's numbers (moves, round trips, store latency).
    metrics: Arc<Metrics>,
    /// When the player's action being handled arrived (for the round trip).
    since: Option<std::time::Instant>,
    /// Not before this time (ms) is a time-out the store failed to take tried again.
    flag_retry_at: u64,
    /// The full states written since the game last changed.
    states: StateCache,
    /// The room's time its spectators' previews may still take.
    spectator_previews: TimeShare,
    /// When (ms) the room next reads the store for events it was not told of.
    next_look_at: u64,
    /// The seats' accounts' ratings in the game's variant (`None`: no account).
    ratings: ByColor<Option<f64>>,
    /// Whether the ratings were read again since the game finished (a rated game's end
    /// moves them).
    ratings_after_end: bool,
    /// The game's chat, both channels, in order ([`chat`]).
    chat: Vec<ChatLine>,
    /// The place of the last chat line read (-1 before the first).
    chat_seq: i64,
    /// Where the rematch stands, once the game is over ([`rematch`]).
    rematch: Rematch,
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
    metrics: Arc<Metrics>,
    outages: &[(i64, i64)],
) -> Result<RoomHandle, RoomError> {
    let last_seq = events.last().map_or(-1, |e| e.seq);
    let events = effective(&events);
    let engine = replay(&row, &events)?;
    let (undo_by, accepted) = pending(&events);
    let clock = row
        .clock
        .clone()
        .unwrap_or_else(|| Clock::new(row.time_control));
    let (thinking, answers) = Thinking::new(pool);
    let mut room = Room {
        row,
        engine,
        events,
        last_seq,
        clock,
        clients: Vec::new(),
        next_conn: 0,
        undo_by,
        accepted,
        last_report: None,
        store,
        thinking,
        raced: false,
        metrics,
        since: None,
        flag_retry_at: 0,
        states: StateCache::default(),
        spectator_previews: TimeShare::new(SPECTATOR_PREVIEWS),
        next_look_at: 0,
        ratings: ByColor::default(),
        ratings_after_end: false,
        chat: Vec::new(),
        chat_seq: -1,
        rematch: Rematch::default(),
    };
    room.resume_clock(outages);
    let (tx, rx) = mpsc::channel(256);
    let (pokes, poked) = mpsc::unbounded_channel();
    // Every line the room logs names its game.
    let span = tracing::info_span!("game", id = %room.row.id);
    tokio::spawn(room.run(rx, answers, poked).instrument(span));
    Ok(RoomHandle { tx, pokes })
}

impl Room {
    /// Wall-clock milliseconds: the clocks of every instance count in the same time.
    fn now(&self) -> u64 {
        u64::try_from(store::now_ms()).unwrap_or(0)
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

    /// `clock` with the side to move's running from `now` when the game is under way (and
    /// not `finished`), halted otherwise.
    fn clock_after(&self, mut clock: Clock, finished: bool, now: u64) -> Clock {
        if self.row.claimed && !finished && self.engine.phase() == Phase::Playing {
            clock.start(self.engine.to_move(), now);
        } else {
            clock.halt();
        }
        clock
    }

    /// Runs the side to move's clock when the game is under way.
    fn restart_clock(&mut self) {
        self.clock = self.clock_after(self.clock.clone(), self.finished(), self.now());
    }

    /// The clock of a room being opened. On a shared store the stored turn goes on (other
    /// instances count to the same deadline), less the `outages` when no instance was
    /// alive; a single instance restarts the turn's count. Either way, time when no server
    /// was there to take a move is nobody's.
    fn resume_clock(&mut self, outages: &[(i64, i64)]) {
        let counting =
            self.row.claimed && !self.finished() && self.engine.phase() == Phase::Playing;
        let shared = self.store.shared_url().is_some();
        if !(shared && counting && self.clock.running() == Some(self.engine.to_move())) {
            self.restart_clock();
            return;
        }
        let ms = |t: u64| i64::try_from(t).unwrap_or(i64::MAX);
        let since = self.clock.running_since().map_or(i64::MAX, ms);
        let missed = crate::game::clock::overlap(outages, since, ms(self.now()));
        self.clock.forgive(u64::try_from(missed).unwrap_or(0));
    }

    async fn run(
        mut self,
        mut rx: mpsc::Receiver<Command>,
        mut answers: mpsc::Receiver<Answer>,
        mut pokes: mpsc::UnboundedReceiver<Poke>,
    ) {
        self.refresh_ratings().await;
        self.ratings_after_end = self.finished();
        // The chat and the rematch are read before the first connection joins.
        self.catch_up_chat().await;
        if self.finished() {
            self.reload_rematch().await;
        }
        // A game against the computer resumed at its turn: it answers without being asked.
        self.computer_turn().await;
        loop {
            let flag = self
                .clock
                .deadline()
                .map(|(_, at)| at.max(self.flag_retry_at));
            let deadline = flag
                .into_iter()
                .chain(self.answer_due())
                .chain(self.look_due())
                .min();
            let sleep = async {
                match deadline {
                    Some(at) => {
                        let wait = at.saturating_sub(self.now());
                        tokio::time::sleep(Duration::from_millis(wait)).await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            // Anything but a command that only reads may change the game: the states
            // written before it are forgotten.
            let changes = tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => {
                        let changes = !cmd.only_reads();
                        self.handle(cmd).await;
                        changes
                    }
                    None => break,
                },
                Some(answer) = answers.recv() => {
                    self.on_answer(answer).await;
                    true
                }
                Some(poke) = pokes.recv() => {
                    self.on_poke(poke, &mut pokes).await;
                    true
                }
                () = sleep => {
                    self.check_flag().await;
                    self.look_if_due().await;
                    true
                }
            };
            if changes {
                self.states.clear();
            }
            let before = (self.last_seq, self.computer_thinking());
            self.computer_turn().await;
            self.end_at_limit().await;
            if before != (self.last_seq, self.computer_thinking()) {
                self.states.clear();
            }
            if self.finished() && !self.ratings_after_end {
                self.ratings_after_end = true;
                if self.row.rated && self.refresh_ratings().await {
                    self.broadcast_state();
                }
            }
            // A finished game nobody watches needs no room; it is opened again on demand.
            if self.finished() && self.clients.is_empty() {
                break;
            }
        }
    }

    async fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::Join { token, out, reply } => {
                let conn = self.join(token, out).await;
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
                account,
                reply,
            } => {
                let seat = self.claim_seat(invite.as_deref(), name, account).await;
                let _ = reply.send(seat);
            }
            Command::Snapshot { reply } => {
                let _ = reply.send((self.row.clone(), self.events.clone()));
            }
        }
    }
}
