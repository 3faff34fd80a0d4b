//! Requests that used to exhaust the server, over a real socket: records beyond the limits
//! are refused before any work, a long replay answers one bounded slice, and replays run
//! off the async workers so that another game's moves keep their round trip.

mod common;

use std::time::{Duration, Instant};

use common::{Client, classic_game, http, server};
use serde_json::{Value, json};
use stonefield_server::replay::MAX_ANSWER_BYTES;

/// Alternating passes: any number of moves that any variant reads, each a frame.
fn passes(n: usize) -> Vec<Value> {
    (0..n)
        .map(|i| json!({"color": if i % 2 == 0 { "black" } else { "white" }, "pass": true}))
        .collect()
}

/// A continuous record with `stones` setup stones 2.1 apart (each with room to breathe) on a wide board, then `moves`
/// moves that land on those stones (each refused, each a frame with the whole view).
fn crowded_continuous(stones: usize, moves: usize) -> Value {
    let at = |i: usize| [1.0 + 2.1 * (i % 32) as f64, 1.0 + 2.1 * (i / 32) as f64];
    let setup: Vec<Value> = (0..stones)
        .map(|i| {
            let [x, y] = at(i);
            json!([x, y, if i % 2 == 0 { "black" } else { "white" }])
        })
        .collect();
    let moves: Vec<Value> = (0..moves)
        .map(|i| json!({"color": if i % 2 == 0 { "black" } else { "white" }, "at": at(i % stones)}))
        .collect();
    json!({
        "variant": "continuous",
        "rules": {"board": {"polygon": [[0, 0], [70, 0], [70, 70], [0, 70]]}},
        "setup": {"stones": setup},
        "moves": moves,
    })
}

/// The resident memory of this process (the server runs inside the test), in MiB.
fn rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let kib: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    kib / 1024.0
}

#[tokio::test]
async fn records_beyond_the_limits_are_refused_by_name() {
    let s = server().await;
    let long = json!({"variant": "classic", "rules": {"board_size": 9}, "moves": passes(30_000)});
    let started = Instant::now();
    let (status, body) = http(s.addr, "POST", "/api/replay", &long.to_string()).await;
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("10000"), "the answer names the limit: {body}");
    assert!(body.len() < 200, "{body}");
    eprintln!("30,000 moves refused in {:?}", started.elapsed());

    let mut crowded = crowded_continuous(1_001, 0);
    let (status, body) = http(s.addr, "POST", "/api/replay", &crowded.to_string()).await;
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("setup") && body.contains("1000"), "{body}");
    crowded["moves"] = json!([]);
    let game =
        json!({"variant": "continuous", "rules": crowded["rules"], "setup": crowded["setup"]});
    let (status, body) = http(s.addr, "POST", "/api/games", &game.to_string()).await;
    assert_eq!(status, 413, "a new game has the same limit: {body}");

    let (status, body) = http(
        s.addr,
        "POST",
        "/api/replay?from=99",
        &json!({"variant": "classic", "moves": passes(3)}).to_string(),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("4 frames"), "{body}");
}

/// A long record answers one slice at a time, and stepping through it stays within a small
/// bound of memory; meanwhile another game's moves keep their round trip.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_replays_answer_slices_and_leave_other_games_alone() {
    let s = server().await;
    let record = crowded_continuous(1_000, 300).to_string();
    let (status, body) = http(s.addr, "POST", "/api/replay", &record).await;
    assert_eq!(status, 200, "{}", &body[..body.len().min(300)]);
    let d: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(d["total"], 301);
    let got = d["frames"].as_array().unwrap().len();
    assert_eq!(d["from"], 301 - 32, "the last 32 frames asked for");
    // One frame holds the view of 1,000 stones and their cells (about 200 KB): the answer
    // stops at its byte budget, which one frame may overrun.
    let per_frame = body.len() / got;
    eprintln!("a slice of {got} frames: {} bytes", body.len());
    assert!((1..32).contains(&got), "{got} frames");
    assert!(
        body.len() <= MAX_ANSWER_BYTES + per_frame,
        "{} bytes",
        body.len()
    );
    let (_, big) = http(s.addr, "POST", "/api/replay?from=0&count=100000", &record).await;
    assert!(
        big.len() <= MAX_ANSWER_BYTES + per_frame,
        "{} bytes",
        big.len()
    );

    let (id, b, w) = classic_game(&s.state).await;
    let mut black = Client::connect(s.addr, &id, Some(&b)).await;
    black.recv_type("state").await;
    let mut white = Client::join(s.addr, &id, &w).await;
    white.recv_type("state").await;
    let before = rss_mib();
    let attackers: Vec<_> = (0..8)
        .map(|k| {
            let record = record.clone();
            let addr = s.addr;
            tokio::spawn(async move {
                let path = format!("/api/replay?from={}&count=64", k * 37);
                http(addr, "POST", &path, &record).await.0
            })
        })
        .collect();
    let mut worst = Duration::ZERO;
    for i in 0..8u32 {
        let (player, x) = if i % 2 == 0 {
            (&mut black, i)
        } else {
            (&mut white, i)
        };
        let sent = Instant::now();
        player.play(x, 4).await;
        player.recv_type("moved").await;
        worst = worst.max(sent.elapsed());
    }
    let mut answered = 0;
    for a in attackers {
        let status = a.await.unwrap();
        assert!(status == 200 || status == 503, "{status}");
        answered += usize::from(status == 200);
    }
    let grown = rss_mib() - before;
    eprintln!(
        "8 replays of 1,000 stones and 300 moves ({answered} answered): worst move round trip {worst:?}, memory +{grown:.0} MiB"
    );
    assert!(answered > 0);
    // Bounds with room for a loaded machine: the unbounded replay took +770 MiB for one
    // such record, and held the workers for seconds.
    assert!(grown < 256.0, "memory grew by {grown:.0} MiB");
    assert!(worst < Duration::from_secs(2), "a move took {worst:?}");
}
