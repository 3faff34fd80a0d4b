//! `stonefield bench server`: N concurrent games of scripted players (and spectators) over
//! WebSocket on loopback against an in-process server; prints moves per second and the
//! p50/p99 round trip of a move (sent until the mover hears it was played). With
//! `--ai-games M` the same games run twice, alone and then beside M games against the
//! computer that keep it thinking, and both sets of figures are printed. With
//! `--instances N` (PostgreSQL) N servers share the database, each game's two players
//! sit on different instances and its spectators are spread over all of them.
//!
//! It lives in the cli, not the server, so that the server's dependencies carry no
//! WebSocket client.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::Barrier;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use stonefield_server::quota::SocketLimits;
use stonefield_server::seats::Seats;
use stonefield_server::{
    AppState, Config, CreatedGame, Limits, NewGame, new_game, open_state, serve_on,
};

/// The read buffer of the server's own sockets (its `socket::READ_BUFFER_BYTES`, private to
/// the server): the bench's clients read in pieces of the same size.
const READ_BUFFER_BYTES: usize = 4096;

/// What to run (the options of `stonefield bench server`).
#[derive(Debug, Clone, clap::Args)]
pub struct BenchConfig {
    /// Concurrent games.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Moves per game (at most 114; then both pass).
    #[arg(long, default_value_t = 60)]
    pub moves: usize,
    /// Spectators per game.
    #[arg(long, default_value_t = 1)]
    pub spectators: usize,
    /// Pause before each move of a game, ms (0: as fast as possible).
    #[arg(long = "think", default_value_t = 0)]
    pub think_ms: u64,
    /// Store URL; default a SQLite file in a fresh temporary directory.
    #[arg(long)]
    pub database: Option<String>,
    /// Servers sharing the store (more than one needs `--database postgres://...`): each
    /// game's players on different instances, spectators spread over all.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=16))]
    pub instances: u8,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Games against the computer (9x9 classic) running beside the scripted games; the
    /// scripted games are then measured without and with them.
    #[arg(long, default_value_t = 0)]
    pub ai_games: usize,
    /// The computer's level in those games.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub ai_level: u8,
}

impl Default for BenchConfig {
    fn default() -> Self {
        BenchConfig {
            games: 100,
            moves: 60,
            spectators: 1,
            think_ms: 0,
            database: None,
            instances: 1,
            json: false,
            ai_games: 0,
            ai_level: 5,
        }
    }
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Point of scripted move `i` on 19x19: Black fills rows 2, 8, 14 and White rows 5, 11,
/// 17, so no stone is ever captured and every move is legal.
fn scripted(i: usize) -> [usize; 2] {
    let k = i / 2;
    let rows = if i.is_multiple_of(2) {
        [2, 8, 14]
    } else {
        [5, 11, 17]
    };
    [k % 19, rows[(k / 19) % 3]]
}

/// A connection to game `id` that has said hello with `token` (none for a spectator).
async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> anyhow::Result<Ws> {
    let url = format!("ws://{addr}/ws/{id}");
    // The clients read with the server's small buffer, or zeroing theirs dominates the bench.
    let config = WebSocketConfig::default().read_buffer_size(READ_BUFFER_BYTES);
    let (mut ws, _) =
        tokio_tungstenite::connect_async_with_config(url, Some(config), false).await?;
    let hello = json!({"type": "hello", "token": token}).to_string();
    ws.send(Message::Text(hello.into())).await?;
    Ok(ws)
}

/// Reads until a message of type `ty` (other messages are skipped).
async fn until(ws: &mut Ws, ty: &str) -> anyhow::Result<Value> {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .context("no answer within 30 s")?
            .context("connection closed")??;
        if let Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str())?;
            if v["type"] == ty {
                return Ok(v);
            }
            if v["type"] == "refused" || v["type"] == "error" {
                bail!("server refused a scripted move: {v}");
            }
        }
    }
}

/// Game `n` of the bench: Black on instance `n`, White on the next, spectators on the
/// ones after (modulo the number of instances).
async fn play_game(
    n: usize,
    addrs: Arc<[SocketAddr]>,
    state: AppState,
    cfg: BenchConfig,
    ready: Arc<Barrier>,
) -> anyhow::Result<Vec<Duration>> {
    let on = |k: usize| addrs[(n + k) % addrs.len()];
    let req = NewGame {
        seats: Seats::Private,
        ..NewGame::new("classic", json!({"board_size": 19}))
    };
    let game = new_game(&state.rooms, req).await?;
    let (id, b) = (game.id, game.token);
    let room = state
        .rooms
        .get(&id)
        .await?
        .context("the game just created")?;
    let (_, w) = room.claim(game.invite).await?;
    let mut players = [
        connect(on(0), &id, Some(&b)).await?,
        connect(on(1), &id, Some(&w)).await?,
    ];
    until(&mut players[0], "state").await?;
    until(&mut players[1], "state").await?;
    let mut watchers = Vec::with_capacity(cfg.spectators);
    for k in 0..cfg.spectators {
        let mut s = connect(on(k + 2), &id, None).await?;
        until(&mut s, "state").await?;
        watchers.push(s);
    }
    // Every game is set up before any plays: the figures are for moves, not handshakes.
    ready.wait().await;
    // Games start at random moments within one think time, as real games do.
    if cfg.think_ms > 0 {
        // Any random source will do for a start offset: the cli's, not the OS's.
        tokio::time::sleep(Duration::from_millis(fastrand::u64(0..cfg.think_ms))).await;
    }
    let total = cfg.moves.min(114) + 2;
    let mut rtts = Vec::with_capacity(total);
    for i in 0..total {
        if cfg.think_ms > 0 {
            tokio::time::sleep(Duration::from_millis(cfg.think_ms)).await;
        }
        let msg = if i + 2 >= total {
            json!({"type": "pass"})
        } else {
            json!({"type": "move", "move": {"at": scripted(i)}})
        };
        let (me, other) = if i % 2 == 0 { (0, 1) } else { (1, 0) };
        let start = Instant::now();
        players[me]
            .send(Message::Text(msg.to_string().into()))
            .await?;
        until(&mut players[me], "moved").await?;
        rtts.push(start.elapsed());
        until(&mut players[other], "moved").await?;
        for s in &mut watchers {
            until(s, "moved").await?;
        }
    }
    Ok(rtts)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

/// Runs the bench on a runtime of its own and prints the figures.
///
/// # Errors
/// The server cannot start or a scripted game fails.
pub fn run(cfg: BenchConfig) -> anyhow::Result<()> {
    tokio::runtime::Runtime::new()?.block_on(run_async(cfg))
}

async fn run_async(cfg: BenchConfig) -> anyhow::Result<()> {
    let dir = std::env::temp_dir().join(format!(
        "stonefield-bench-{}",
        stonefield_server::ids::game_id()?
    ));
    // Every client of the bench comes from 127.0.0.1: the per-address bounds must not
    // bite.
    let sockets = SocketLimits::default();
    let config = Config {
        data_dir: dir.clone(),
        database: cfg.database.clone(),
        limits: Limits {
            connections_per_ip: u32::MAX,
            busy_connections_per_ip: u32::MAX,
            max_connections: u32::MAX,
            ..Limits::default()
        },
        sockets: SocketLimits {
            outbox_bytes_per_ip: sockets.outbox_bytes_total,
            rates_per_ip: 1e6,
            ..sockets
        },
        ..Config::default()
    };
    let shared = cfg
        .database
        .as_deref()
        .is_some_and(|d| d.starts_with("postgres"));
    if cfg.instances > 1 && !shared {
        bail!("several instances share a PostgreSQL store: give --database postgres://...");
    }
    let mut servers = Vec::new();
    let mut addrs = Vec::new();
    let mut states = Vec::new();
    for _ in 0..cfg.instances {
        let state = open_state(&config).await?;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        addrs.push(listener.local_addr()?);
        servers.push(tokio::spawn(serve_on(
            listener,
            state.clone(),
            std::future::pending(),
        )));
        states.push(state);
    }
    let (addr, state) = (addrs[0], states[0].clone());
    let addrs: Arc<[SocketAddr]> = addrs.into();

    let mut out = summary(&cfg, human_games(&addrs, &state, &cfg).await?);
    if cfg.ai_games > 0 {
        let stop = Arc::new(AtomicBool::new(false));
        let answers = Arc::new(AtomicU64::new(0));
        // Every computer game is under way (its first answer in) before measuring.
        let started = Arc::new(Barrier::new(cfg.ai_games + 1));
        let computers: Vec<_> = (0..cfg.ai_games)
            .map(|_| {
                let ai = ComputerGames {
                    addr,
                    state: state.clone(),
                    level: cfg.ai_level,
                    stop: Arc::clone(&stop),
                    answers: Arc::clone(&answers),
                };
                tokio::spawn(ai.run(Arc::clone(&started)))
            })
            .collect();
        started.wait().await;
        let before = answers.load(Ordering::SeqCst);
        let with_ai = summary(&cfg, human_games(&addrs, &state, &cfg).await?);
        let during = answers.load(Ordering::SeqCst) - before;
        stop.store(true, Ordering::SeqCst);
        for c in computers {
            c.abort();
        }
        let without = out;
        out = with_ai;
        out["ai_games"] = cfg.ai_games.into();
        out["ai_level"] = cfg.ai_level.into();
        out["ai_answers"] = during.into();
        out["without_ai"] = without;
    }
    for server in servers {
        server.abort();
    }
    let _ = std::fs::remove_dir_all(&dir);
    if cfg.json {
        println!("{out}");
    } else {
        if let Some(without) = out.get("without_ai") {
            println!("without the computer games: {}", line(without));
            println!(
                "beside {} games against the computer at level {} ({} answers meanwhile): {}",
                cfg.ai_games,
                cfg.ai_level,
                out["ai_answers"],
                line(&out)
            );
        } else {
            println!("{}", line(&out));
        }
    }
    Ok(())
}

/// The scripted games, all at once: every move's round trip and the seconds they took.
async fn human_games(
    addrs: &Arc<[SocketAddr]>,
    state: &AppState,
    cfg: &BenchConfig,
) -> anyhow::Result<(Vec<Duration>, f64)> {
    let ready = Arc::new(Barrier::new(cfg.games + 1));
    let tasks: Vec<_> = (0..cfg.games)
        .map(|n| {
            tokio::spawn(play_game(
                n,
                Arc::clone(addrs),
                state.clone(),
                cfg.clone(),
                Arc::clone(&ready),
            ))
        })
        .collect();
    ready.wait().await;
    let start = Instant::now();
    let mut rtts = Vec::new();
    for t in tasks {
        rtts.extend(t.await??);
    }
    Ok((rtts, start.elapsed().as_secs_f64()))
}

/// The figures of one run of the scripted games.
fn summary(cfg: &BenchConfig, (mut rtts, secs): (Vec<Duration>, f64)) -> Value {
    rtts.sort_unstable();
    let moves = rtts.len();
    json!({
        "games": cfg.games,
        "instances": cfg.instances,
        "spectators_per_game": cfg.spectators,
        "moves": moves,
        "think_ms": cfg.think_ms,
        "store": if cfg.database.is_some() { "database" } else { "sqlite" },
        "seconds": secs,
        "moves_per_sec": moves as f64 / secs,
        "p50_ms": percentile(&rtts, 0.50),
        "p99_ms": percentile(&rtts, 0.99),
        "max_ms": percentile(&rtts, 1.0),
    })
}

fn line(v: &Value) -> String {
    let f = |k: &str| v[k].as_f64().unwrap_or(0.0);
    format!(
        "{} games on {} instance(s) ({} spectators each, think {} ms): {} moves in {:.2} s = {:.0} moves/s; round trip p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        v["games"],
        v["instances"],
        v["spectators_per_game"],
        v["think_ms"],
        v["moves"],
        f("seconds"),
        f("moves_per_sec"),
        f("p50_ms"),
        f("p99_ms"),
        f("max_ms")
    )
}

/// A scripted person playing the computer, game after game, until told to stop: on 9x9
/// classic, the person tries the points in reading order (the first the server accepts
/// is played) and passes when none is left; a game that reaches its count is left.
struct ComputerGames {
    addr: SocketAddr,
    state: AppState,
    level: u8,
    stop: Arc<AtomicBool>,
    /// The computer's answers, counted over every game.
    answers: Arc<AtomicU64>,
}

impl ComputerGames {
    async fn run(self, started: Arc<Barrier>) -> anyhow::Result<()> {
        let mut started = Some(started);
        while !self.stop.load(Ordering::SeqCst) {
            let req = NewGame {
                computer_level: Some(self.level),
                seats: Seats::Private,
                ..NewGame::new("classic", json!({"board_size": 9}))
            };
            let CreatedGame { id, token, .. } = new_game(&self.state.rooms, req).await?;
            let mut ws = connect(self.addr, &id, Some(&token)).await?;
            until(&mut ws, "state").await?;
            let mut next = 0;
            loop {
                let played = self.person_moves(&mut ws, &mut next).await?;
                if played["phase"] != "playing" {
                    break;
                }
                let answer = until(&mut ws, "moved").await?;
                self.answers.fetch_add(1, Ordering::SeqCst);
                if let Some(s) = started.take() {
                    s.wait().await;
                }
                if answer["phase"] != "playing" || self.stop.load(Ordering::SeqCst) {
                    break;
                }
            }
        }
        Ok(())
    }

    /// Plays the first point from `next` on that the server accepts, or a pass; returns
    /// its `moved` message.
    async fn person_moves(&self, ws: &mut Ws, next: &mut usize) -> anyhow::Result<Value> {
        while *next < 81 {
            let at = [*next % 9, *next / 9];
            *next += 1;
            let msg = json!({"type": "move", "move": {"at": at}});
            ws.send(Message::Text(msg.to_string().into())).await?;
            if let Some(moved) = moved_or_refused(ws).await? {
                return Ok(moved);
            }
        }
        let pass = json!({"type": "pass"});
        ws.send(Message::Text(pass.to_string().into())).await?;
        moved_or_refused(ws)
            .await?
            .context("the server refused a pass")
    }
}

/// The next `moved` message (`Some`) or refusal (`None`), skipping the rest.
async fn moved_or_refused(ws: &mut Ws) -> anyhow::Result<Option<Value>> {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(60), ws.next())
            .await
            .context("no answer within 60 s")?
            .context("connection closed")??;
        if let Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str())?;
            match v["type"].as_str() {
                Some("moved") => return Ok(Some(v)),
                Some("refused") => return Ok(None),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripted_moves_never_repeat_a_point() {
        let pts: std::collections::HashSet<_> = (0..114).map(scripted).collect();
        assert_eq!(pts.len(), 114);
    }

    #[test]
    fn a_small_bench_runs_to_the_end() {
        let cfg = BenchConfig {
            games: 3,
            moves: 10,
            spectators: 2,
            json: true,
            ..BenchConfig::default()
        };
        run(cfg).unwrap();
    }

    #[test]
    fn a_bench_beside_computer_games_runs_to_the_end() {
        let cfg = BenchConfig {
            games: 2,
            moves: 6,
            spectators: 0,
            json: true,
            ai_games: 2,
            ai_level: 1,
            ..BenchConfig::default()
        };
        run(cfg).unwrap();
    }
}
