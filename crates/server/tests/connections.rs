//! Connection bounds over real sockets, against `serve_on` as `stonefield serve` runs it:
//! silent connections close at the header deadline, one address holds a capped number of
//! connections, a WebSocket that answers no ping is closed, and game creation is rate
//! limited per address.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use stonefield_server::{Config, Limits};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
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
async fn closed_within(tcp: &mut TcpStream, limit: Duration) -> Option<Duration> {
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
    let mut fifth = TcpStream::connect(addr).await.unwrap();
    assert!(
        closed_within(&mut fifth, Duration::from_secs(10))
            .await
            .is_some(),
        "the fifth connection is closed at once"
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
        let mut again = TcpStream::connect(addr).await.unwrap();
        if closed_within(&mut again, Duration::from_millis(200))
            .await
            .is_none()
        {
            admitted = true;
            break;
        }
    }
    assert!(admitted, "the freed slot was never given back");
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
    assert_eq!(post(addr, "/api/games", &body).await, 429);
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
