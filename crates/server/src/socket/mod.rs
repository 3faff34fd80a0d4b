//! One WebSocket connection: first the client's `hello` (its seat token, kept out of the
//! URL), then a send task draining the connection's outbox and pinging, and a receive task
//! parsing messages into room commands, joined by `select!`. A connection that sends
//! nothing, not even a pong, for two ping intervals is closed.
//!
//! What a connection costs is bounded ([`crate::socket::quota`]): its outbox in bytes (beyond
//! them the room cuts it, and it closes at once), each write in time (a client that does
//! not read for `--send-timeout` is closed), and its `sync`s, previews and pings in rate,
//! its own and its address's: states and previews asked too often are refused as
//! `too-often` here, before they reach the room; pings too often (each makes the protocol
//! layer queue a pong, read or not) close the connection.

pub mod outbox;
pub mod protocol;
pub mod quota;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{oneshot, watch};

use crate::game::room::{Command, RoomHandle};
use crate::game::rooms::Rooms;
use crate::metrics::Metrics;
use crate::socket::outbox::Bounds;
use crate::socket::protocol::{ClientMessage, ServerMessage, parse_client};
use crate::socket::quota::{Ask, Quota};

/// How long a closing handshake may take: a client that does not read never answers it.
const CLOSE_WAIT: Duration = Duration::from_secs(1);

/// How a state message starts (its tag is written first).
const STATE_PREFIX: &str = r#"{"type":"state""#;

/// The read buffer of one connection. Messages are small, and the WebSocket codec zeroes
/// the whole buffer before every read: its default of 128 KiB cost more CPU than the game
/// (and 128 KiB of memory per connection).
pub const READ_BUFFER_BYTES: usize = 4096;

/// The most the protocol layer's write buffer may hold: the message being written and the
/// pongs queued behind it (as many as the ping rate lets a client ask for). It must hold
/// the largest message: a crowded continuous state runs to a few hundred kilobytes.
pub const MAX_WRITE_BUFFER_BYTES: usize = 4 << 20;

/// The close code of a server going away for a restart (RFC 6455 registry: Service
/// Restart); browsers reconnect on it, to any instance.
pub const RESTARTING: u16 = 1012;

/// What a connection is served with besides its socket and room.
#[derive(Debug)]
pub struct Served {
    /// The interval of the server's pings.
    pub ping: Duration,
    /// The instance's numbers.
    pub metrics: Arc<Metrics>,
    /// Turns true when the server drains.
    pub draining: watch::Receiver<bool>,
    /// The connection's rates and bounds, shared with its address's other connections.
    pub quota: Quota,
}

/// Serves `socket` in `room` until either side closes, or the client is silent for two
/// `ping` intervals, or it goes beyond its bounds (see the module), or the server drains
/// (`draining` turns true): then what the client sent is handled, what the room answered
/// is sent, and the socket closes with [`RESTARTING`] and "server restarting".
pub async fn serve(socket: WebSocket, rooms: Arc<Rooms>, id: String, served: Served) {
    let Served {
        ping,
        metrics,
        mut draining,
        mut quota,
    } = served;
    let _counted = Counted::new(metrics);
    let limits = quota.limits().clone();
    let send_timeout = limits.send_timeout();
    let (mut sink, mut stream) = socket.split();
    let heard_hello = hello(&mut sink, &mut stream, ping.saturating_mul(2), &mut quota).await;
    let Some(token) = heard_hello else {
        let _ = tokio::time::timeout(CLOSE_WAIT, sink.close()).await;
        return;
    };
    // The room holds the only sender of `outbox`: when it drops a connection (its outbox
    // over a bound), `outbox` ends and the socket closes; the client reconnects for a full
    // state.
    let (address, total) = quota.counters();
    let bounds = || {
        Bounds::shared(
            limits.outbox_bytes,
            (Arc::clone(&address), limits.outbox_bytes_per_ip),
            (Arc::clone(&total), limits.outbox_bytes_total),
        )
    };
    let Some((room, conn, mut outbox)) = join(&rooms, &id, token, bounds).await else {
        return;
    };
    let cut = outbox.cut_signal();
    let (errors, mut error_box) = tokio::sync::mpsc::channel::<Arc<str>>(8);
    let start = Instant::now();
    // Milliseconds from `start` when the client last sent anything.
    let heard = Arc::new(AtomicU64::new(0));
    let last_heard = heard.clone();
    // The length of the last state sent: what the next `sync` costs.
    let state_bytes = Arc::new(AtomicUsize::new(0));
    let sent_state = state_bytes.clone();
    let (close, mut closing) = oneshot::channel::<()>();
    let mut send_task = tokio::spawn(async move {
        let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + ping, ping);
        loop {
            // A queued message counts in the outbox's bounds until it is written.
            let (message, _queued) = tokio::select! {
                q = outbox.recv() => match q {
                    Some(q) => {
                        if q.text().starts_with(STATE_PREFIX) {
                            sent_state.store(q.text().len(), Ordering::Relaxed);
                        }
                        (shared_text(q.text()), Some(q))
                    }
                    None => break,
                },
                Some(t) = error_box.recv() => (shared_text(&t), None),
                _ = &mut closing => {
                    while let Some(q) = outbox.try_recv() {
                        if !send_within(&mut sink, shared_text(q.text()), send_timeout).await {
                            return;
                        }
                    }
                    let frame = CloseFrame { code: RESTARTING, reason: "server restarting".into() };
                    let _ = send_within(&mut sink, Message::Close(Some(frame)), send_timeout).await;
                    return;
                }
                _ = pings.tick() => {
                    let silent = elapsed_ms(start).saturating_sub(last_heard.load(Ordering::Relaxed));
                    if silent > duration_ms(ping).saturating_mul(2) {
                        break;
                    }
                    (Message::Ping(Default::default()), None)
                }
            };
            if !send_within(&mut sink, message, send_timeout).await {
                break;
            }
        }
        let _ = tokio::time::timeout(CLOSE_WAIT, sink.close()).await;
    });
    let inbox = room.clone();
    let mut recv_task = tokio::spawn(async move {
        while let Some(Ok(msg)) = stream.next().await {
            heard.store(elapsed_ms(start), Ordering::Relaxed);
            let answer = match msg {
                Message::Text(text) => match parse_client(text.as_str()) {
                    Ok(ClientMessage::Hello { .. }) => {
                        error("hello comes once, as the first message")
                    }
                    Ok(msg) => {
                        let state = state_bytes.load(Ordering::Relaxed);
                        match too_often(&msg, &mut quota, state) {
                            Some(refusal) => refusal,
                            None if inbox.send(Command::Client { conn, msg }).await => continue,
                            None => break,
                        }
                    }
                    Err(e) => error(&e),
                },
                Message::Binary(_) => error("binary messages are not understood"),
                Message::Close(_) => break,
                // The protocol layer has queued its pong.
                Message::Ping(_) if quota.allow(Ask::Ping, 1) => continue,
                Message::Ping(_) => {
                    tracing::debug!("closed: pings too often");
                    break;
                }
                Message::Pong(_) => continue,
            };
            // The answer waits for the client to read it: a client that does not read
            // is not read either.
            if errors.send(answer).await.is_err() {
                break;
            }
        }
    });
    tokio::select! {
        _ = &mut send_task => recv_task.abort(),
        _ = &mut recv_task => send_task.abort(),
        () = cut.cut() => {
            // Nothing more is written: what waits is dropped with the tasks, and the
            // connection closes without a handshake the client would not read.
            tracing::debug!("cut: its outbox went over its bound");
            send_task.abort();
            recv_task.abort();
        }
        true = async { draining.wait_for(|d| *d).await.is_ok() } => {
            recv_task.abort();
            // The room handles its inbox in order: once it answers, every move this
            // connection handed it is committed and its answer is in the outbox.
            let _ = room.snapshot().await;
            let _ = close.send(());
            let _ = send_task.await;
        }
    }
    room.send(Command::Leave { conn }).await;
}

/// Joins the room of game `id` with an outbox of `bounds`. A finished game's room stops
/// when its last viewer leaves, maybe between the upgrade and this join: the room is then
/// opened again.
async fn join(
    rooms: &Rooms,
    id: &str,
    token: Option<String>,
    bounds: impl Fn() -> Bounds,
) -> Option<(RoomHandle, u64, outbox::Drain)> {
    for _ in 0..3 {
        let room = rooms.get(id).await.ok()??;
        let (out, outbox) = outbox::channel(bounds());
        if let Some(conn) = room.join(token.clone(), out).await {
            return Some((room, conn, outbox));
        }
    }
    None
}

/// Reads the client's first messages until its `hello`: the seat token it brings (`None`
/// for a spectator). Anything else is answered with an error. `None` when the connection
/// closes first, sends nothing for `silence`, or pings beyond its `quota`.
async fn hello(
    sink: &mut SplitSink<WebSocket, Message>,
    stream: &mut SplitStream<WebSocket>,
    silence: Duration,
    quota: &mut Quota,
) -> Option<Option<String>> {
    loop {
        let msg = tokio::time::timeout(silence, stream.next())
            .await
            .ok()??
            .ok()?;
        let answer = match msg {
            Message::Text(text) => match parse_client(text.as_str()) {
                Ok(ClientMessage::Hello { token }) => return Some(token),
                Ok(_) => error(r#"say hello first: {"type":"hello","token":...}"#),
                Err(e) => error(&e),
            },
            Message::Binary(_) => error("binary messages are not understood"),
            Message::Close(_) => return None,
            Message::Ping(_) if !quota.allow(Ask::Ping, 1) => return None,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        if !send_within(sink, shared_text(&answer), silence).await {
            return None;
        }
    }
}

/// One open connection in the instance's count, for as long as it lives.
struct Counted(Arc<Metrics>);

impl Counted {
    fn new(metrics: Arc<Metrics>) -> Counted {
        metrics.connections.fetch_add(1, Ordering::Relaxed);
        Counted(metrics)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Writes `message`; false if it fails or takes longer than `limit` (the client does not
/// read).
async fn send_within(
    sink: &mut SplitSink<WebSocket, Message>,
    message: Message,
    limit: Duration,
) -> bool {
    matches!(
        tokio::time::timeout(limit, sink.send(message)).await,
        Ok(Ok(()))
    )
}

/// The refusal of a `sync`, a preview or a chat line (or rematch offer) beyond the connection's or its address's rate (a
/// state costs the bytes of the last one sent, `state_bytes`).
fn too_often(msg: &ClientMessage, quota: &mut Quota, state_bytes: usize) -> Option<Arc<str>> {
    let (ask, cost, what) = match msg {
        ClientMessage::Sync => (Ask::Sync, state_bytes.max(1), "states asked for"),
        ClientMessage::Preview { .. } => (Ask::Preview, 1, "previews asked for"),
        ClientMessage::Chat { .. }
        | ClientMessage::Rematch
        | ClientMessage::RematchAnswer { .. } => (Ask::Chat, 1, "messages sent"),
        _ => return None,
    };
    if quota.allow(ask, cost) {
        return None;
    }
    let message = format!("too many {what}: wait a moment");
    Some(
        ServerMessage::refused("too-often", message)
            .to_text()
            .into(),
    )
}

/// A text message sharing `text` (a state sent to many connections is not copied for
/// each).
fn shared_text(text: &Arc<str>) -> Message {
    struct Shared(Arc<str>);
    impl AsRef<[u8]> for Shared {
        fn as_ref(&self) -> &[u8] {
            self.0.as_bytes()
        }
    }
    let bytes = Bytes::from_owner(Shared(Arc::clone(text)));
    // Always UTF-8 (a `str`); a copy otherwise.
    Utf8Bytes::try_from(bytes).map_or_else(|_| Message::Text(text.as_ref().into()), Message::Text)
}

fn error(message: &str) -> Arc<str> {
    ServerMessage::Error {
        message: message.to_owned(),
    }
    .to_text()
    .into()
}

fn duration_ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn elapsed_ms(since: Instant) -> u64 {
    duration_ms(since.elapsed())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_message_starts_with_its_tag() {
        use crate::socket::protocol::GameState;
        use stonefield_rules::{ByColor, Color, Phase};
        let game = crate::game::live_game::LiveGame::open("classic", &serde_json::json!({}), None)
            .expect("a game");
        let state = ServerMessage::State {
            state: Box::new(GameState {
                id: "x".into(),
                variant: "classic".into(),
                offers: stonefield_record::Variant::Classic.offers(),
                rules: serde_json::json!({}),
                you: None,
                creator: "black".into(),
                invite: None,
                seats: "open",
                status: "open".into(),
                phase: Phase::Playing,
                to_move: Color::Black,
                view: game.view(),
                score: game.score(),
                count: None,
                clock: serde_json::Value::Null,
                seq: 0,
                moves: Vec::new(),
                notation: Vec::new(),
                result: None,
                undo_by: None,
                accepted: ByColor::default(),
                last: None,
                hints: false,
                names: ByColor::default(),
                accounts: ByColor::default(),
                ratings: ByColor::default(),
                rated: false,
                computer: None,
                chat: Vec::new(),
                rematch: None,
            }),
        };
        assert!(state.to_text().starts_with(STATE_PREFIX));
        let moved = ServerMessage::refused("too-often", "wait");
        assert!(!moved.to_text().starts_with(STATE_PREFIX));
    }
}
