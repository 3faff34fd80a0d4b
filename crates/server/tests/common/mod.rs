//! Shared helpers for the server tests: a server on a real loopback socket, WebSocket
//! clients that read JSON with a timeout, and a fresh PostgreSQL schema per run.

#![allow(dead_code)]

pub mod accounts;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use stonefield_server::seats::Seats;
use stonefield_server::{AppState, Config, NewGame, app, new_game};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Starts the server binary (what `stonefield serve` runs) on a free port over `data`;
/// returns the process and its address.
pub fn spawn_server(data: &std::path::Path) -> (Child, SocketAddr) {
    spawn_server_on(data, None)
}

/// [`spawn_server`], storing games at the `database` URL when one is given.
pub fn spawn_server_on(data: &std::path::Path, database: Option<&str>) -> (Child, SocketAddr) {
    let mut args = vec!["127.0.0.1:0", data.to_str().unwrap()];
    args.extend(database);
    let mut child = Command::new(env!("CARGO_BIN_EXE_stonefield-server"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split("http://")
        .nth(1)
        .expect("the server prints its URL");
    let addr = url
        .trim()
        .trim_end_matches(|c| c != '/')
        .trim_end_matches('/')
        .split(' ')
        .next()
        .unwrap();
    (child, addr.parse().unwrap())
}

/// The server binary over a fresh data directory, killed when dropped.
pub struct Process {
    pub addr: SocketAddr,
    child: Child,
    _dir: tempfile::TempDir,
}

impl Process {
    pub fn start() -> Process {
        Process::on(None)
    }

    /// The server binary storing games at `database` (a fresh SQLite file without one).
    pub fn on(database: Option<&str>) -> Process {
        let dir = tempfile::tempdir().unwrap();
        let (child, addr) = spawn_server_on(dir.path(), database);
        Process {
            addr,
            child,
            _dir: dir,
        }
    }

    /// Kills the process at once (SIGKILL), as a crash would.
    pub fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub const PG_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

pub struct Server {
    pub addr: SocketAddr,
    pub state: AppState,
    pub _dir: tempfile::TempDir,
}

/// A server on 127.0.0.1:0 over a fresh SQLite file.
pub async fn server() -> Server {
    server_with(Config::default()).await
}

/// A server on 127.0.0.1:0 under `config`, over a fresh data directory.
pub async fn server_with(config: Config) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let config = Config {
        data_dir: dir.path().to_owned(),
        ..config
    };
    let state = stonefield_server::open_state(&config).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app(state.clone());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    Server {
        addr,
        state,
        _dir: dir,
    }
}

/// A private 9x9 classic game; returns (id, black token, White's invite).
pub async fn classic_game(state: &AppState) -> (String, String, String) {
    game_of(state, "classic", json!({"board_size": 9, "komi": 6.5})).await
}

/// A private game of `variant` under `rules`, created by Black, no clocks; returns (id,
/// black token, White's invite: [`Client::join`] takes the seat with it).
pub async fn game_of(state: &AppState, variant: &str, rules: Value) -> (String, String, String) {
    let req = NewGame {
        seats: Seats::Private,
        ..NewGame::new(variant, rules)
    };
    let game = new_game(&state.rooms, req).await.unwrap();
    (game.id, game.token, game.invite.unwrap())
}

/// `POST /api/games/{id}/claim` with `invite` (none: an empty body): (status, JSON body).
pub async fn claim(addr: SocketAddr, id: &str, invite: Option<&str>) -> (u16, Value) {
    let body = invite.map_or_else(String::new, |i| json!({"invite": i}).to_string());
    let (status, text) = http(addr, "POST", &format!("/api/games/{id}/claim"), &body).await;
    let answer = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (status, answer)
}

/// The fresh seat token a claim with `invite` gives (the claim must succeed).
pub async fn claimed_token(addr: SocketAddr, id: &str, invite: &str) -> String {
    let (status, answer) = claim(addr, id, Some(invite)).await;
    assert_eq!(status, 200, "{answer}");
    answer["token"].as_str().unwrap().to_owned()
}

/// One HTTP/1.1 request on a fresh connection: (status, body).
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let (status, _, body) = http_with_headers(addr, method, path, body).await;
    (status, body)
}

/// One HTTP/1.1 request on a fresh connection: (status, header block, body).
pub async fn http_with_headers(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, String, String) {
    http_request(addr, method, path, "", body).await
}

/// [`http_with_headers`] with `extra` header lines (each ending in `\r\n`).
pub async fn http_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    extra: &str,
    body: &str,
) -> (u16, String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut tcp = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    tcp.write_all(head.as_bytes()).await.unwrap();
    tcp.write_all(body.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8_lossy(&answer);
    let (head, body) = answer.split_once("\r\n\r\n").expect("an HTTP answer");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, head.to_owned(), dechunk(body))
}

/// The body of a chunked answer (axum chunks what it streams), or the body as it is.
fn dechunk(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            return body.to_owned();
        };
        if n == 0 {
            return out;
        }
        out.push_str(&tail[..n]);
        rest = &tail[n + 2..];
    }
    body.to_owned()
}

pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// A connection to game `id` that has said hello with the seat `token` (none: a
    /// spectator).
    pub async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> Client {
        let mut c = Client::connect_url(&format!("ws://{addr}/ws/{id}")).await;
        c.send(json!({"type": "hello", "token": token})).await;
        c
    }

    /// A connection to `url` that has said nothing yet.
    pub async fn connect_url(url: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Client { ws }
    }

    /// Takes the second seat of game `id` with `invite` over HTTP, then connects with the
    /// fresh token it gives.
    pub async fn join(addr: SocketAddr, id: &str, invite: &str) -> Client {
        let token = claimed_token(addr, id, invite).await;
        Client::connect(addr, id, Some(&token)).await
    }

    pub async fn send(&mut self, v: Value) {
        self.send_text(v.to_string()).await;
    }

    pub async fn send_text(&mut self, t: String) {
        self.ws.send(Message::Text(t.into())).await.unwrap();
    }

    /// The next JSON message (panics after 30 s: a guard against a hang, long enough for
    /// a computer thinking on a loaded machine). The server's keep-alive pings, which a
    /// long test on a loaded machine meets, are skipped (the library answers them).
    pub async fn recv(&mut self) -> Value {
        self.recv_within(30_000)
            .await
            .expect("a message within 30 s before the socket ended")
    }

    /// Reads messages until one has `type` == `ty`.
    pub async fn recv_type(&mut self, ty: &str) -> Value {
        loop {
            let m = self.recv().await;
            if m["type"] == ty {
                return m;
            }
        }
    }

    /// The next frame as it comes, close frames included (`None` once the stream ends;
    /// panics after 30 s).
    pub async fn recv_frame(&mut self) -> Option<Message> {
        let next = tokio::time::timeout(Duration::from_secs(30), self.ws.next()).await;
        next.expect("timed out waiting for a frame")
            .map(|m| m.expect("a readable frame"))
    }

    /// The next JSON message if one arrives within `ms` (`None` also when the socket ends).
    pub async fn recv_within(&mut self, ms: u64) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + Duration::from_millis(ms);
        loop {
            match tokio::time::timeout_at(deadline, self.ws.next()).await {
                Ok(Some(Ok(Message::Text(t)))) => {
                    return Some(serde_json::from_str(t.as_str()).unwrap());
                }
                Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => {}
                Ok(Some(Ok(other))) => panic!("unexpected {other:?}"),
                Ok(_) | Err(_) => return None,
            }
        }
    }

    /// Nothing arrives within `ms`.
    pub async fn silent(&mut self, ms: u64) -> bool {
        tokio::time::timeout(Duration::from_millis(ms), self.ws.next())
            .await
            .is_err()
    }

    /// The state after a sync request.
    pub async fn sync(&mut self) -> Value {
        self.send(json!({"type": "sync"})).await;
        self.recv_type("state").await["state"].clone()
    }

    pub async fn play(&mut self, x: u32, y: u32) {
        self.send(json!({"type": "move", "move": {"at": [x, y]}}))
            .await;
    }
}

/// A database URL for PostgreSQL in a fresh schema (so parallel runs do not collide), or
/// `None` if the server is not reachable.
pub async fn pg_fresh_schema() -> Option<String> {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(PG_URL).await.ok()?;
    let schema = format!("t_{}", stonefield_server::ids::seat_token().unwrap());
    sqlx::query(&format!("CREATE SCHEMA {schema}"))
        .execute(&mut conn)
        .await
        .unwrap();
    Some(format!("{PG_URL}?options=-c%20search_path%3D{schema}"))
}

/// [`pg_fresh_schema`] for a test that needs PostgreSQL: `None` (the test is skipped, and
/// says so) when the server is not reachable, a failure instead where CI requires it
/// (`STONEFIELD_REQUIRE_PG`).
pub async fn pg_database() -> Option<String> {
    let url = pg_fresh_schema().await;
    if url.is_none() {
        assert!(
            std::env::var_os("STONEFIELD_REQUIRE_PG").is_none(),
            "PostgreSQL at {PG_URL} is required"
        );
        eprintln!("skipped: no PostgreSQL at {PG_URL}");
    }
    url
}

/// An instance in this process on the database at `url` (its data directory lives as long
/// as it); several on one PostgreSQL `url` share their games.
pub async fn server_on(url: &str) -> Server {
    server_with(Config {
        database: Some(url.to_owned()),
        ..Config::default()
    })
    .await
}

/// Drops the schema named in a URL made by [`pg_fresh_schema`].
pub async fn pg_drop_schema(url: &str) {
    use sqlx::Connection;
    let schema = url.rsplit("%3D").next().unwrap();
    let mut conn = sqlx::AnyConnection::connect(PG_URL).await.unwrap();
    sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
        .execute(&mut conn)
        .await
        .unwrap();
}
