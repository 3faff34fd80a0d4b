//! One WebSocket connection: first the client's `hello` (its seat token, kept out of the
//! URL), then a send task draining the connection's outbox and pinging, and a receive task
//! parsing messages into room commands, joined by `select!`. A connection that sends
//! nothing, not even a pong, for two ping intervals is closed.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{mpsc, oneshot, watch};

use crate::metrics::Metrics;
use crate::protocol::{ClientMessage, ServerMessage, parse_client};
use crate::room::{Command, Outbox, RoomHandle};
use crate::rooms::Rooms;

/// How many messages may wait for a slow connection before it is dropped.
const OUTBOX: usize = 128;

/// The read buffer of one connection. Messages are small, and the WebSocket codec zeroes
/// the whole buffer before every read: its default of 128 KiB cost more CPU than the game
/// (and 128 KiB of memory per connection).
pub const READ_BUFFER_BYTES: usize = 4096;

/// The most a connection's unsent output may hold: a client that never reads (and makes
/// the server queue pongs) is cut off here. A crowded continuous view runs to a few
/// hundred kilobytes.
pub const MAX_WRITE_BUFFER_BYTES: usize = 4 << 20;

/// The close code of a server going away for a restart (RFC 6455 registry: Service
/// Restart); browsers reconnect on it, to any instance.
pub const RESTARTING: u16 = 1012;

/// Serves `socket` in `room` until either side closes, or the client is silent for two
/// `ping` intervals, or the server drains (`draining` turns true): then what the client
/// sent is handled, what the room answered is sent, and the socket closes with
/// [`RESTARTING`] and "server restarting".
pub async fn serve(
    socket: WebSocket,
    rooms: Arc<Rooms>,
    id: String,
    ping: Duration,
    metrics: Arc<Metrics>,
    mut draining: watch::Receiver<bool>,
) {
    let _counted = Counted::new(metrics);
    let (mut sink, mut stream) = socket.split();
    let Some(token) = hello(&mut sink, &mut stream, ping.saturating_mul(2)).await else {
        let _ = sink.close().await;
        return;
    };
    // The room holds the only sender of `outbox`: when it drops a connection that cannot
    // keep up, `outbox` ends and so does the socket; the client reconnects for a full state.
    let (out, mut outbox) = mpsc::channel::<Arc<str>>(OUTBOX);
    let (errors, mut error_box) = mpsc::channel::<Arc<str>>(8);
    let Some((room, conn)) = join(&rooms, &id, token, out).await else {
        return;
    };
    let start = Instant::now();
    // Milliseconds from `start` when the client last sent anything.
    let heard = Arc::new(AtomicU64::new(0));
    let last_heard = heard.clone();
    let (close, mut closing) = oneshot::channel::<()>();
    let mut send_task = tokio::spawn(async move {
        let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + ping, ping);
        loop {
            let message = tokio::select! {
                t = outbox.recv() => match t {
                    Some(t) => Message::Text(t.as_ref().into()),
                    None => break,
                },
                Some(t) = error_box.recv() => Message::Text(t.as_ref().into()),
                _ = &mut closing => {
                    while let Ok(t) = outbox.try_recv() {
                        if sink.send(Message::Text(t.as_ref().into())).await.is_err() {
                            return;
                        }
                    }
                    let frame = CloseFrame { code: RESTARTING, reason: "server restarting".into() };
                    let _ = sink.send(Message::Close(Some(frame))).await;
                    return;
                }
                _ = pings.tick() => {
                    let silent = elapsed_ms(start).saturating_sub(last_heard.load(Ordering::Relaxed));
                    if silent > duration_ms(ping).saturating_mul(2) {
                        break;
                    }
                    Message::Ping(Default::default())
                }
            };
            if sink.send(message).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let inbox = room.clone();
    let mut recv_task = tokio::spawn(async move {
        while let Some(Ok(msg)) = stream.next().await {
            heard.store(elapsed_ms(start), Ordering::Relaxed);
            let text = match msg {
                Message::Text(t) => t,
                Message::Binary(_) => {
                    let _ = errors.try_send(error("binary messages are not understood"));
                    continue;
                }
                Message::Close(_) => break,
                Message::Ping(_) | Message::Pong(_) => continue,
            };
            match parse_client(text.as_str()) {
                Ok(ClientMessage::Hello { .. }) => {
                    let _ = errors.try_send(error("hello comes once, as the first message"));
                }
                Ok(msg) => {
                    if !inbox.send(Command::Client { conn, msg }).await {
                        break;
                    }
                }
                Err(e) => {
                    let _ = errors.try_send(error(&e));
                }
            }
        }
    });
    tokio::select! {
        _ = &mut send_task => recv_task.abort(),
        _ = &mut recv_task => send_task.abort(),
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

/// Joins the room of game `id`. A finished game's room stops when its last viewer leaves,
/// maybe between the upgrade and this join: the room is then opened again.
async fn join(
    rooms: &Rooms,
    id: &str,
    token: Option<String>,
    out: Outbox,
) -> Option<(RoomHandle, u64)> {
    for _ in 0..3 {
        let room = rooms.get(id).await.ok()??;
        if let Some(conn) = room.join(token.clone(), out.clone()).await {
            return Some((room, conn));
        }
    }
    None
}

/// Reads the client's first messages until its `hello`: the seat token it brings (`None`
/// for a spectator). Anything else is answered with an error. `None` when the connection
/// closes first, or sends nothing for `silence`.
async fn hello(
    sink: &mut SplitSink<WebSocket, Message>,
    stream: &mut SplitStream<WebSocket>,
    silence: Duration,
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
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        sink.send(Message::Text(answer.as_ref().into()))
            .await
            .ok()?;
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
