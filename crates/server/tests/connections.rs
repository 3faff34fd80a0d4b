//! Connection bounds over real sockets, against `serve_on` as `stonefield serve` runs it:
//! silent connections close at the header deadline, a slow body at the request deadline
//! (408), a client that takes nothing of its answer at the same deadline; one address holds
//! a capped number of connections (429), the server a capped total (503), and once half of
//! it is taken a crowd of addresses holds only a small share each, so a newcomer still gets
//! in; a WebSocket that answers no ping is closed, and game creation is rate limited per
//! address.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use stonefield_server::{Config, Limits};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A server with `limits` on 127.0.0.1; keeps its data directory alive.
async fn serve(limits: Limits) -> (SocketAddr, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let config = Config {
        data_dir: dir.path().to_owned(),
        limits,
        ..Config::default()
    };
    let state = stonefield_server::open_state(&config).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(stonefield_server::serve_on(
        listener,
        state,
        std::future::pending(),
    ));
    (addr, dir)
}

/// How long until the server closes `tcp` (reads until end of stream), at most `limit`.
async fn closed_within(tcp: &mut (impl AsyncRead + Unpin), limit: Duration) -> Option<Duration> {
    let started = Instant::now();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at((started + limit).into(), tcp.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0) | Err(_)) => return Some(started.elapsed()),
            Ok(Ok(_)) => {}
        }
    }
}

async fn post(addr: SocketAddr, path: &str, body: &str) -> u16 {
    common::http(addr, "POST", path, body).await.0
}

#[tokio::test]
async fn silent_and_idle_connections_close_at_the_header_deadline() {
    let (addr, _dir) = serve(Limits {
        header_timeout_secs: 1,
        ..Limits::default()
    })
    .await;
    let mut silent = TcpStream::connect(addr).await.unwrap();
    let took = closed_within(&mut silent, Duration::from_secs(10)).await;
    eprintln!("a silent connection closed after {took:?}");
    assert!(took.is_some(), "a silent connection stays open");

    // A kept-alive connection that asks once and then idles is closed the same way.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(format!("GET /api/games HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    assert!(
        closed_within(&mut idle, Duration::from_secs(10))
            .await
            .is_some()
    );
}

#[tokio::test]
async fn one_address_holds_a_capped_number_of_connections() {
    let (addr, _dir) = serve(Limits {
        connections_per_ip: 4,
        ..Limits::default()
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(TcpStream::connect(addr).await.unwrap());
    }
    let (status, answer) = ask(addr, LOCAL).await;
    assert_eq!(status, 429, "the fifth connection is refused: {answer}");
    assert!(
        answer.contains("4 at once"),
        "the answer names the cap: {answer}"
    );
    for tcp in &mut held {
        assert!(
            closed_within(tcp, Duration::from_millis(200))
                .await
                .is_none(),
            "the first four stay open"
        );
    }
    // A slot freed is a slot for the next connection, once the server has seen the close.
    drop(held.pop());
    let mut admitted = false;
    for _ in 0..50 {
        if ask(addr, LOCAL).await.0 == 200 {
            admitted = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(admitted, "the freed slot was never given back");
}

const LOCAL: [u8; 4] = [127, 0, 0, 1];

/// A connection from the loopback address `from` (any of 127.0.0.0/8 reaches the server)
/// that has asked `GET /healthz` and kept the connection: the answer's status and text.
async fn hold(addr: SocketAddr, from: [u8; 4]) -> (TcpStream, u16, String) {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    let mut tcp = socket.connect(addr).await.unwrap();
    tcp.write_all(format!("GET /healthz HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let (status, text) = read_answer(&mut tcp).await;
    (tcp, status, text)
}

/// [`hold`], the connection let go: (status, text).
async fn ask(addr: SocketAddr, from: [u8; 4]) -> (u16, String) {
    let (_, status, text) = hold(addr, from).await;
    (status, text)
}

/// One HTTP answer with a `Content-Length` (or up to the close): its status and whole text.
async fn read_answer(tcp: &mut (impl AsyncRead + Unpin)) -> (u16, String) {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    let read = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let text = String::from_utf8_lossy(&got).into_owned();
            if let Some((head, body)) = text.split_once("\r\n\r\n") {
                let length = head.lines().find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length:")
                        .map(|v| v.trim().parse::<usize>().unwrap())
                });
                if length.is_some_and(|n| body.len() >= n) {
                    return;
                }
            }
            match tcp.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    assert!(read.is_ok(), "no answer in 10 s");
    let text = String::from_utf8_lossy(&got).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP answer: {text:?}"));
    (status, text)
}

#[tokio::test]
async fn a_body_sent_a_byte_at_a_time_is_cut_off_at_the_request_deadline() {
    let (addr, _dir) = serve(Limits {
        request_timeout_secs: 1,
        ..Limits::default()
    })
    .await;
    let (mut slow, mut body) = TcpStream::connect(addr).await.unwrap().into_split();
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
    );
    body.write_all(head.as_bytes()).await.unwrap();
    let started = Instant::now();
    let (status, answer) = tokio::select! {
        answer = read_answer(&mut slow) => answer,
        () = async {
            // One byte every 300 ms: the body would take 30 s.
            loop {
                tokio::time::sleep(Duration::from_millis(300)).await;
                if body.write_all(b" ").await.is_err() {
                    std::future::pending::<()>().await;
                }
            }
        } => unreachable!(),
    };
    eprintln!(
        "a slow body was answered {status} after {:?}",
        started.elapsed()
    );
    assert_eq!(status, 408, "{answer}");
    assert!(
        answer.contains("1 s"),
        "the answer names the deadline: {answer}"
    );
    assert!(
        closed_within(&mut slow, Duration::from_secs(5))
            .await
            .is_some(),
        "the connection is closed after the 408"
    );
}

#[tokio::test]
async fn a_client_that_takes_nothing_it_is_sent_is_closed() {
    let (addr, _dir) = serve(Limits {
        request_timeout_secs: 1,
        header_timeout_secs: 30,
        ..Limits::default()
    })
    .await;
    // A small receive window, and answers that outgrow every buffer: 20 copies of three.js.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut tcp = socket.connect(addr).await.unwrap();
    let path = "/static/vendor/three/three.core.min.js";
    let one = common::http(addr, "GET", path, "").await.1.len();
    let ask = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").repeat(20);
    tcp.write_all(ask.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_secs(3)).await;
    // What was in flight when the server gave up still arrives; the rest never does.
    let mut got = 0;
    let mut buf = vec![0u8; 1 << 16];
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match tcp.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => got += n,
            }
        }
    })
    .await;
    eprintln!(
        "a client that read nothing for 3 s got {got} of {} bytes",
        20 * one
    );
    assert!(ended.is_ok(), "the connection stayed open");
    assert!(got < 20 * one, "every answer was sent: {got} bytes");
}

#[tokio::test]
async fn the_total_is_capped_and_answered_503() {
    let (addr, _dir) = serve(Limits {
        max_connections: 4,
        busy_connections_per_ip: 8,
        ..Limits::default()
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..4 {
        let (tcp, status, answer) = hold(addr, LOCAL).await;
        assert_eq!(status, 200, "{answer}");
        held.push(tcp);
    }
    let (status, answer) = ask(addr, [127, 0, 0, 2]).await;
    assert_eq!(status, 503, "{answer}");
    assert!(
        answer.contains("4 connections"),
        "the answer names the cap: {answer}"
    );
    drop(held.pop());
    let mut admitted = false;
    for _ in 0..50 {
        if ask(addr, [127, 0, 0, 2]).await.0 == 200 {
            admitted = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(admitted, "a closed connection's place was never given back");
}

#[tokio::test]
async fn a_crowd_of_addresses_leaves_room_for_a_newcomer() {
    let (addr, _dir) = serve(Limits {
        max_connections: 20,
        connections_per_ip: 64,
        busy_connections_per_ip: 2,
        header_timeout_secs: 60,
        ..Limits::default()
    })
    .await;
    // Three addresses each take all they are given.
    let mut crowd = Vec::new();
    let mut refusal = String::new();
    for host in 2..5 {
        loop {
            let (tcp, status, answer) = hold(addr, [127, 0, 0, host]).await;
            if status != 200 {
                assert_eq!(status, 429, "{answer}");
                refusal = answer;
                break;
            }
            crowd.push(tcp);
        }
    }
    eprintln!(
        "a crowd of three addresses holds {} of 20 connections",
        crowd.len()
    );
    // The first took the first half; past it each holds two.
    assert_eq!(crowd.len(), 10 + 2 + 2);
    assert!(
        refusal.contains("2 at once while the server is busy"),
        "the answer names the busy share: {refusal}"
    );
    // A newcomer loads the page and the game list, on connections of its own.
    let newcomer = [127, 0, 0, 9];
    let (_page, status, _) = hold(addr, newcomer).await;
    assert_eq!(status, 200);
    let (_list, status, _) = hold(addr, newcomer).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_websocket_that_answers_no_ping_is_closed() {
    let (addr, dir) = serve(Limits {
        ping_interval_secs: 1,
        ..Limits::default()
    })
    .await;
    // The game is created through the API of the running server.
    assert_eq!(
        post(addr, "/api/games", r#"{"variant":"classic"}"#).await,
        200
    );
    let state = stonefield_server::open_state(&Config {
        data_dir: dir.path().to_owned(),
        ..Config::default()
    })
    .await
    .unwrap();
    let id = state.rooms.store().list("open", 1).await.unwrap()[0]
        .id
        .clone();

    // A client that reads answers pings (tungstenite pongs as it reads) and stays.
    let hello = || tokio_tungstenite::tungstenite::Message::Text(r#"{"type":"hello"}"#.into());
    let (mut reader, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/{id}"))
        .await
        .unwrap();
    reader.send(hello()).await.unwrap();
    let read_for = tokio::time::timeout(Duration::from_millis(3500), async {
        while let Some(Ok(_)) = reader.next().await {}
    })
    .await;
    assert!(read_for.is_err(), "a client that answers pings was closed");

    // A client that never reads sends no pong: closed after two silent intervals.
    let (mut deaf, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/{id}"))
        .await
        .unwrap();
    deaf.send(hello()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(3500)).await;
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match deaf.next().await {
                Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_)))
                | None
                | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(
        ended.is_ok(),
        "a client that answers no ping stays connected"
    );
}

#[tokio::test]
async fn game_creation_is_rate_limited_per_address() {
    let (addr, _dir) = serve(Limits {
        creations_per_minute: 3,
        ..Limits::default()
    })
    .await;
    let body = json!({"variant": "classic", "rules": {"board_size": 9}}).to_string();
    for _ in 0..3 {
        assert_eq!(post(addr, "/api/games", &body).await, 200);
    }
    let (status, answer) = common::http(addr, "POST", "/api/games", &body).await;
    assert_eq!(status, 429);
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("a JSON error");
    let error = answer["error"].as_str().unwrap();
    assert!(
        error.contains("at most 3 a minute"),
        "the answer names the quota: {error}"
    );
    // Listing games is not limited.
    assert_eq!(common::http(addr, "GET", "/api/games", "").await.0, 200);
}

/// `POST /api/games` whose request says it was forwarded for `client`: (status, body).
async fn create_as(addr: SocketAddr, client: &str) -> (u16, String) {
    let body = json!({"variant": "classic", "rules": {"board_size": 9}}).to_string();
    let forwarded = format!("X-Forwarded-For: {client}\r\n");
    let (status, _, answer) =
        common::http_request(addr, "POST", "/api/games", &forwarded, &body).await;
    (status, answer)
}

/// A WebSocket to game `id` forwarded for `client`: the handshake's status.
async fn socket_as(
    addr: SocketAddr,
    id: &str,
    client: &str,
) -> Result<tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>, u16> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{addr}/ws/{id}")
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("x-forwarded-for", client.parse().unwrap());
    match tokio_tungstenite::connect_async(request).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => Err(answer.status().as_u16()),
        Err(e) => panic!("the handshake failed: {e}"),
    }
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_client_has_its_own_bounds() {
    let (addr, _dir) = serve(Limits {
        connections_per_ip: 2,
        creations_per_minute: 2,
        trusted_proxies: vec!["127.0.0.0/8".parse().unwrap()],
        ..Limits::default()
    })
    .await;
    // Creations: each client its own budget, whatever the proxy's address.
    let (status, answer) = create_as(addr, "203.0.113.1").await;
    assert_eq!(status, 200, "{answer}");
    let id = answer
        .split("\"id\":\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("a game id")
        .to_owned();
    assert_eq!(create_as(addr, "203.0.113.1").await.0, 200);
    assert_eq!(create_as(addr, "203.0.113.1").await.0, 429);
    // What the client wrote before the proxy's own entry is not believed.
    assert_eq!(create_as(addr, "198.51.100.9, 203.0.113.1").await.0, 429);
    assert_eq!(create_as(addr, "203.0.113.2").await.0, 200);

    // Connections: two sockets per client, more through the same proxy address.
    let a1 = socket_as(addr, &id, "203.0.113.1").await.expect("first");
    let a2 = socket_as(addr, &id, "203.0.113.1").await.expect("second");
    assert_eq!(socket_as(addr, &id, "203.0.113.1").await.err(), Some(429));
    let b1 = socket_as(addr, &id, "203.0.113.2")
        .await
        .expect("another client");
    let b2 = socket_as(addr, &id, "203.0.113.2")
        .await
        .expect("its second");
    // A socket closed is a slot given back, once the server has seen the close.
    drop(a1);
    let mut again = None;
    for _ in 0..50 {
        if let Ok(ws) = socket_as(addr, &id, "203.0.113.1").await {
            again = Some(ws);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        again.is_some(),
        "the closed socket's slot was never given back"
    );
    drop((a2, b1, b2));
}

#[tokio::test]
async fn forwarded_addresses_from_anyone_else_are_ignored() {
    let (addr, _dir) = serve(Limits {
        connections_per_ip: 2,
        creations_per_minute: 2,
        ..Limits::default()
    })
    .await;
    assert_eq!(create_as(addr, "203.0.113.1").await.0, 200);
    assert_eq!(create_as(addr, "203.0.113.2").await.0, 200);
    // All three come from 127.0.0.1, whatever they claim.
    assert_eq!(create_as(addr, "203.0.113.3").await.0, 429);
}
