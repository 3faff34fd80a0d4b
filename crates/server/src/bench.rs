//! `stonefield bench server`: N concurrent games of scripted players (and spectators) over
//! WebSocket on loopback against an in-process server; prints moves per second and the
//! p50/p99 round trip of a move (sent until the mover hears it was played).
//!
//! ```no_run
//! use stonefield_server::bench::{BenchConfig, run};
//! run(BenchConfig { games: 10, json: true, ..BenchConfig::default() }).unwrap();
//! ```

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::Barrier;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::{AppState, Config, NewGame, app, new_game, open_state};

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
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

impl Default for BenchConfig {
    fn default() -> Self {
        BenchConfig {
            games: 100,
            moves: 60,
            spectators: 1,
            think_ms: 0,
            database: None,
            json: false,
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

async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> anyhow::Result<Ws> {
    let url = match token {
        Some(t) => format!("ws://{addr}/ws/{id}?token={t}"),
        None => format!("ws://{addr}/ws/{id}"),
    };
    // The clients read with the server's small buffer, or zeroing theirs dominates the bench.
    let config = WebSocketConfig::default().read_buffer_size(crate::socket::READ_BUFFER_BYTES);
    let (ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), false).await?;
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

async fn play_game(
    addr: SocketAddr,
    state: AppState,
    cfg: BenchConfig,
    ready: Arc<Barrier>,
) -> anyhow::Result<Vec<Duration>> {
    let req = NewGame {
        variant: "classic".into(),
        rules: json!({"board_size": 19}),
        setup: None,
        time_control: Default::default(),
        color: Some("black".into()),
        computer_level: None,
    };
    let (id, b, _, w) = new_game(&state.rooms, req).await?;
    let mut players = [
        connect(addr, &id, Some(&b)).await?,
        connect(addr, &id, Some(&w)).await?,
    ];
    until(&mut players[0], "state").await?;
    until(&mut players[1], "state").await?;
    let mut watchers = Vec::with_capacity(cfg.spectators);
    for _ in 0..cfg.spectators {
        let mut s = connect(addr, &id, None).await?;
        until(&mut s, "state").await?;
        watchers.push(s);
    }
    // Every game is set up before any plays: the figures are for moves, not handshakes.
    ready.wait().await;
    // Games start at random moments within one think time, as real games do.
    if cfg.think_ms > 0 {
        let mut b = [0u8; 8];
        getrandom::fill(&mut b)?;
        tokio::time::sleep(Duration::from_millis(u64::from_le_bytes(b) % cfg.think_ms)).await;
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
    let dir = std::env::temp_dir().join(format!("stonefield-bench-{}", crate::ids::game_id()?));
    let config = Config {
        data_dir: dir.clone(),
        database: cfg.database.clone(),
        ..Config::default()
    };
    let state = open_state(&config).await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let router = app(state.clone());
    let server = tokio::spawn(async move { axum::serve(listener, router).await });

    let ready = Arc::new(Barrier::new(cfg.games + 1));
    let tasks: Vec<_> = (0..cfg.games)
        .map(|_| {
            tokio::spawn(play_game(
                addr,
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
    let secs = start.elapsed().as_secs_f64();
    server.abort();
    let _ = std::fs::remove_dir_all(&dir);

    rtts.sort_unstable();
    let moves = rtts.len();
    let out = json!({
        "games": cfg.games,
        "spectators_per_game": cfg.spectators,
        "moves": moves,
        "think_ms": cfg.think_ms,
        "store": if cfg.database.is_some() { "database" } else { "sqlite" },
        "seconds": secs,
        "moves_per_sec": moves as f64 / secs,
        "p50_ms": percentile(&rtts, 0.50),
        "p99_ms": percentile(&rtts, 0.99),
        "max_ms": percentile(&rtts, 1.0),
    });
    if cfg.json {
        println!("{out}");
    } else {
        println!(
            "{} games ({} spectators each, think {} ms): {} moves in {:.2} s = {:.0} moves/s; round trip p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            cfg.games,
            cfg.spectators,
            cfg.think_ms,
            moves,
            secs,
            out["moves_per_sec"].as_f64().unwrap_or(0.0),
            out["p50_ms"].as_f64().unwrap_or(0.0),
            out["p99_ms"].as_f64().unwrap_or(0.0),
            out["max_ms"].as_f64().unwrap_or(0.0)
        );
    }
    Ok(())
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
}
