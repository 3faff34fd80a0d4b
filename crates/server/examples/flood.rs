//! A WebSocket flood against a running `stonefield serve`, for measuring what hostile
//! clients cost (issue 30): a continuous game with many setup stones, two players who keep
//! playing and time each move's round trip, and flooding sockets spread over several
//! loopback source addresses (127.0.0.1, 127.0.0.2, ...) that ask for `sync`, `preview` or
//! WebSocket pings without end and (unless `--read`) never read. Samples the server's
//! resident memory from /proc and prints one JSON line of figures.
//!
//! ```text
//! stonefield serve --addr 127.0.0.1:8090 --data /tmp/d --connections-per-ip 1000 &
//! cargo run --release -p stonefield-server --example flood -- \
//!     --server 127.0.0.1:8090 --pid $! --flood sync --sockets 60 --addresses 1 --secs 60
//! ```
//!
//! Not part of the test suite: a run takes a minute and its figures depend on the machine.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The command line, `--name value` pairs.
#[derive(Debug, Clone)]
struct Args {
    server: SocketAddr,
    pid: Option<u32>,
    /// `sync`, `preview`, `ping` or `none`.
    flood: String,
    sockets: usize,
    addresses: u8,
    every_ms: u64,
    secs: u64,
    stones: usize,
    /// Flooding sockets read what they are sent (and so measure CPU, not memory).
    read: bool,
    /// Pause between a player's move and the next, ms.
    think_ms: u64,
    /// Messages a flooding socket sends at each tick (written out together).
    burst: usize,
}

fn args() -> anyhow::Result<Args> {
    let mut a = Args {
        server: "127.0.0.1:8090".parse()?,
        pid: None,
        flood: "sync".into(),
        sockets: 60,
        addresses: 1,
        every_ms: 20,
        secs: 60,
        stones: 1000,
        read: false,
        think_ms: 50,
        burst: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--read" {
            a.read = true;
            continue;
        }
        let value = it.next().with_context(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--server" => a.server = value.parse()?,
            "--pid" => a.pid = Some(value.parse()?),
            "--flood" => a.flood = value,
            "--sockets" => a.sockets = value.parse()?,
            "--addresses" => a.addresses = value.parse()?,
            "--every-ms" => a.every_ms = value.parse()?,
            "--secs" => a.secs = value.parse()?,
            "--stones" => a.stones = value.parse()?,
            "--think-ms" => a.think_ms = value.parse()?,
            "--burst" => a.burst = value.parse()?,
            other => bail!("unknown flag {other}"),
        }
    }
    Ok(a)
}

/// Side of the square board; setup stones fill its lower half, the players the upper.
const SIDE: f64 = 140.0;
const GAP: f64 = 2.1;

fn grid(i: usize, y0: f64) -> [f64; 2] {
    let per_row = ((SIDE - 2.0) / GAP) as usize;
    [
        1.0 + GAP * (i % per_row) as f64,
        y0 + GAP * (i / per_row) as f64,
    ]
}

/// One HTTP/1.1 request on a fresh connection: the JSON body of the answer.
async fn http(addr: SocketAddr, path: &str, body: &str) -> anyhow::Result<Value> {
    let mut tcp = TcpStream::connect(addr).await?;
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    tcp.write_all(head.as_bytes()).await?;
    tcp.write_all(body.as_bytes()).await?;
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer).await?;
    let answer = String::from_utf8_lossy(&answer);
    let (_, body) = answer.split_once("\r\n\r\n").context("an HTTP answer")?;
    serde_json::from_str(body).with_context(|| format!("not JSON: {body}"))
}

/// A WebSocket to game `id` from source address `from`, hello said.
async fn connect(
    server: SocketAddr,
    from: IpAddr,
    id: &str,
    token: Option<&str>,
) -> anyhow::Result<Ws> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    let tcp = socket.connect(server).await?;
    tcp.set_nodelay(true)?;
    let url = format!("ws://{server}/ws/{id}");
    let (mut ws, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(tcp)).await?;
    let hello = json!({"type": "hello", "token": token}).to_string();
    ws.send(Message::Text(hello.into())).await?;
    Ok(ws)
}

async fn until(ws: &mut Ws, ty: &str) -> anyhow::Result<Value> {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(60), ws.next())
            .await
            .context("no answer within 60 s")?
            .context("closed")??;
        if let Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str())?;
            if v["type"] == ty {
                return Ok(v);
            }
            if v["type"] == "refused" && ty == "moved" {
                bail!("a player's move was refused: {v}");
            }
        }
    }
}

/// (VmRSS, VmHWM) of `pid` in MiB.
fn memory(pid: u32) -> Option<(f64, f64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| -> Option<f64> {
        let kib: f64 = status
            .lines()
            .find_map(|l| l.strip_prefix(name))?
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        Some(kib / 1024.0)
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// One flooding socket: asks without end until `stop`; counts itself in `closed` when the
/// server closes it (seen on a failed send, or when reading).
async fn flood(mut ws: Ws, a: Arc<Args>, stop: Arc<AtomicBool>, closed: Arc<AtomicU64>, n: usize) {
    let ask = match a.flood.as_str() {
        "sync" => Some(Message::Text(r#"{"type":"sync"}"#.into())),
        "ping" => Some(Message::Ping(vec![0u8; 125].into())),
        _ => None,
    };
    let mut tick = tokio::time::interval(Duration::from_millis(a.every_ms.max(1)));
    let mut i = n * 7919;
    while !stop.load(Ordering::Relaxed) {
        let mut burst = Vec::with_capacity(a.burst);
        for _ in 0..a.burst.max(1) {
            burst.push(match (&ask, a.flood.as_str()) {
                (Some(m), _) => m.clone(),
                (None, "preview") => {
                    i += 1;
                    let at = grid(i % a.stones.max(1), 1.5);
                    Message::Text(
                        json!({"type": "preview", "request": {"at": at}})
                            .to_string()
                            .into(),
                    )
                }
                _ => return,
            });
        }
        let send = async {
            for m in burst {
                ws.feed(m).await?;
            }
            ws.flush().await
        };
        let sent = tokio::select! {
            r = send => r.is_ok(),
            _ = tokio::time::sleep(Duration::from_secs(5)) => true,
        };
        if !sent {
            closed.fetch_add(1, Ordering::Relaxed);
            return;
        }
        if a.read {
            // Reads what came meanwhile, then waits for the next tick.
            loop {
                tokio::select! {
                    biased;
                    m = ws.next() => match m {
                        Some(Ok(_)) => continue,
                        _ => { closed.fetch_add(1, Ordering::Relaxed); return; }
                    },
                    _ = tick.tick() => break,
                }
            }
        } else {
            tick.tick().await;
        }
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let a = Arc::new(args()?);
    let stones: Vec<Value> = (0..a.stones)
        .map(|i| {
            let [x, y] = grid(i, 1.0);
            json!([x, y, if i % 2 == 0 { "black" } else { "white" }])
        })
        .collect();
    let side = SIDE;
    let game = json!({
        "variant": "continuous",
        "rules": {"board": {"polygon": [[0, 0], [side, 0], [side, side], [0, side]]}},
        "setup": {"stones": stones},
        "color": "black",
        "seats": "private",
    });
    let created = http(a.server, "/api/games", &game.to_string()).await?;
    let id = created["id"].as_str().context("a game id")?.to_owned();
    let black = created["token"].as_str().context("a token")?.to_owned();
    let invite = json!({"invite": created["invite"]}).to_string();
    let claimed = http(a.server, &format!("/api/games/{id}/claim"), &invite).await?;
    let white = claimed["token"]
        .as_str()
        .context("a claimed token")?
        .to_owned();
    let home = IpAddr::V4(Ipv4Addr::LOCALHOST);
    let mut players = [
        connect(a.server, home, &id, Some(&black)).await?,
        connect(a.server, home, &id, Some(&white)).await?,
    ];
    let state = until(&mut players[0], "state").await?;
    until(&mut players[1], "state").await?;
    let state_bytes = state.to_string().len();

    let stop = Arc::new(AtomicBool::new(false));
    let closed = Arc::new(AtomicU64::new(0));
    let mut flooders = Vec::new();
    for n in 0..a.sockets {
        let from = IpAddr::V4(Ipv4Addr::new(
            127,
            0,
            0,
            1 + (n % usize::from(a.addresses.max(1))) as u8,
        ));
        let ws = connect(a.server, from, &id, None).await?;
        flooders.push(tokio::spawn(flood(
            ws,
            a.clone(),
            stop.clone(),
            closed.clone(),
            n,
        )));
    }

    // Memory, sampled twice a second.
    let peak = Arc::new(std::sync::Mutex::new((0.0f64, Vec::<(f64, f64)>::new())));
    let sampler = {
        let (peak, stop, pid) = (peak.clone(), stop.clone(), a.pid);
        let start = Instant::now();
        tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                if let Some((rss, _)) = pid.and_then(memory) {
                    let mut p = peak.lock().unwrap();
                    p.0 = p.0.max(rss);
                    p.1.push((start.elapsed().as_secs_f64(), rss));
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        })
    };

    let started = Instant::now();
    let mut rtts = Vec::new();
    let mut failure = None;
    let mut i = 0;
    while started.elapsed() < Duration::from_secs(a.secs) {
        tokio::time::sleep(Duration::from_millis(a.think_ms)).await;
        let at = grid(i, SIDE / 2.0 + 1.0);
        let (me, other) = if i % 2 == 0 { (0, 1) } else { (1, 0) };
        let t = Instant::now();
        let msg = json!({"type": "move", "move": {"at": at}}).to_string();
        let played = async {
            players[me].send(Message::Text(msg.into())).await?;
            until(&mut players[me], "moved").await?;
            anyhow::Ok(())
        };
        if let Err(e) = played.await {
            failure = Some(e.to_string());
            break;
        }
        rtts.push(t.elapsed().as_secs_f64() * 1000.0);
        if let Err(e) = until(&mut players[other], "moved").await {
            failure = Some(e.to_string());
            break;
        }
        i += 1;
    }
    let open_at_end = flooders.iter().filter(|f| !f.is_finished()).count();
    stop.store(true, Ordering::Relaxed);
    let _ = sampler.await;
    for f in &flooders {
        f.abort();
    }
    rtts.sort_by(f64::total_cmp);
    let (peak_rss, samples) = peak.lock().unwrap().clone();
    let hwm = a.pid.and_then(memory).map(|m| m.1);
    let rss_end = samples.last().map(|s| s.1);
    let out = json!({
        "flood": a.flood, "sockets": a.sockets, "addresses": a.addresses,
        "every_ms": a.every_ms, "burst": a.burst, "read": a.read, "secs": a.secs, "stones": a.stones,
        "state_bytes": state_bytes,
        "moves": rtts.len(),
        "p50_ms": percentile(&rtts, 0.5), "p99_ms": percentile(&rtts, 0.99),
        "max_ms": percentile(&rtts, 1.0),
        "peak_rss_mib": peak_rss, "vm_hwm_mib": hwm, "rss_end_mib": rss_end,
        "flooders_closed": closed.load(Ordering::Relaxed),
        "flooders_open_at_end": open_at_end,
        "players_failed": failure,
    });
    println!("{out}");
    Ok(())
}
