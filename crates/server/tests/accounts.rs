//! Accounts over a real socket: signing up, in and out, the same answer for an unknown
//! name and a wrong password, throttling, the origin check, the password change, sessions
//! across instances (PostgreSQL), and no password in plain text in the database or logs.

mod common;

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::accounts::{Answer, account, call, me, sign_in, sign_up};
use serde_json::json;

const PASSWORD: &str = "correct horse battery";

#[tokio::test]
async fn sign_up_gives_a_session_and_names_are_checked() {
    let s = common::server().await;
    let up = sign_up(s.addr, "Alice", PASSWORD).await;
    assert_eq!(up.status, 201, "{:?}", up.body);
    assert_eq!(up.body["name"], "Alice");
    assert_eq!(up.body["ratings"]["classic"]["rating"], 1500.0);
    let set = up.header("set-cookie").unwrap();
    for part in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(set.contains(part), "{set}");
    }
    assert!(!set.contains("Secure"), "plain HTTP: {set}");
    let cookie = up.cookie().unwrap();
    let who = me(s.addr, &cookie).await;
    assert_eq!(
        (who.status, who.body["name"].as_str()),
        (200, Some("Alice"))
    );
    let nobody = call(s.addr, "GET", "/api/me", None, "", "").await;
    assert_eq!(nobody.status, 401);
    let forged = me(s.addr, &format!("stonefield_session={}", "0".repeat(64))).await;
    assert_eq!(forged.status, 401);

    let taken = sign_up(s.addr, "alice", "another password").await;
    assert_eq!(
        (taken.status, &taken.body),
        (409, &json!({"error": "name taken"}))
    );
    assert_eq!(sign_up(s.addr, "B", PASSWORD).await.status, 400);
    assert_eq!(sign_up(s.addr, &"x".repeat(25), PASSWORD).await.status, 400);
    assert_eq!(sign_up(s.addr, "Bob", "short").await.status, 400);
    // Behind an HTTPS proxy the cookie is Secure.
    let body = json!({"name": "Carol", "password": PASSWORD}).to_string();
    let https = call(
        s.addr,
        "POST",
        "/api/accounts",
        None,
        "X-Forwarded-Proto: https\r\n",
        &body,
    )
    .await;
    assert!(https.header("set-cookie").unwrap().contains("; Secure"));
}

#[tokio::test]
async fn sign_in_works_with_the_right_password_whatever_the_names_case() {
    let s = common::server().await;
    account(s.addr, "Dora", PASSWORD).await;
    let ok = sign_in(s.addr, "dora", PASSWORD).await;
    assert_eq!((ok.status, ok.body["name"].as_str()), (200, Some("Dora")));
    assert_eq!(me(s.addr, &ok.cookie().unwrap()).await.status, 200);
}

/// The status and body of sign-in, and the time it took.
async fn timed_sign_in(s: &common::Server, name: &str, password: &str) -> (Answer, Duration) {
    let started = Instant::now();
    let a = sign_in(s.addr, name, password).await;
    (a, started.elapsed())
}

#[tokio::test]
async fn an_unknown_name_and_a_wrong_password_answer_alike() {
    let s = common::server().await;
    account(s.addr, "Erin", PASSWORD).await;
    let mut wrong = Vec::new();
    let mut unknown = Vec::new();
    for i in 0..5 {
        let (w, tw) = timed_sign_in(&s, "Erin", "not the password").await;
        let (u, tu) = timed_sign_in(&s, &format!("nobody{i}"), "not the password").await;
        assert_eq!((w.status, &w.body), (u.status, &u.body));
        assert_eq!(w.status, 401);
        assert_eq!(w.body, json!({"error": "wrong name or password"}));
        assert!(w.cookie().is_none() && u.cookie().is_none());
        wrong.push(tw);
        unknown.push(tu);
    }
    wrong.sort();
    unknown.sort();
    // Both check a password hash: an unknown name is not answered at once.
    let (w, u) = (wrong[2].as_secs_f64(), unknown[2].as_secs_f64());
    assert!(
        u > w * 0.3 && w > u * 0.3,
        "wrong password {w:.3} s, unknown name {u:.3} s"
    );
}

#[tokio::test]
async fn failed_sign_ins_are_throttled_per_name_and_per_address() {
    let s = common::server().await;
    account(s.addr, "Finn", PASSWORD).await;
    account(s.addr, "Gail", PASSWORD).await;
    for _ in 0..5 {
        assert_eq!(sign_in(s.addr, "Finn", "wrong password").await.status, 401);
    }
    // The right password too is refused now, and says when to come back.
    let refused = sign_in(s.addr, "finn", PASSWORD).await;
    assert_eq!(refused.status, 429, "{:?}", refused.body);
    let wait: u64 = refused.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=900).contains(&wait), "{wait}");
    assert!(refused.cookie().is_none());
    // Another account from the same address is not held up by Finn's failures...
    assert_eq!(sign_in(s.addr, "Gail", PASSWORD).await.status, 200);
    // ...until the address itself has failed 20 times.
    for i in 0..15 {
        assert_eq!(
            sign_in(s.addr, &format!("ghost{i}"), "wrong password")
                .await
                .status,
            401
        );
    }
    let held = sign_in(s.addr, "Gail", PASSWORD).await;
    assert_eq!(held.status, 429);
    assert!(held.header("retry-after").is_some());
}

#[tokio::test]
async fn state_changing_requests_from_another_origin_are_refused() {
    let s = common::server().await;
    let body = json!({"variant": "classic", "rules": {"board_size": 9}}).to_string();
    let evil = "Origin: http://evil.example\r\n";
    let refused = call(s.addr, "POST", "/api/games", None, evil, &body).await;
    assert_eq!(refused.status, 403);
    assert_eq!(
        refused.body,
        json!({"error": "cross-origin request refused"})
    );
    let signup = json!({"name": "Hana", "password": PASSWORD}).to_string();
    assert_eq!(
        call(s.addr, "POST", "/api/accounts", None, evil, &signup)
            .await
            .status,
        403
    );
    let cross = "Sec-Fetch-Site: cross-site\r\n";
    assert_eq!(
        call(s.addr, "POST", "/api/games", None, cross, &body)
            .await
            .status,
        403
    );
    // The server's own pages pass, and reading needs no check.
    let own = format!("Origin: http://{}\r\n", s.addr);
    let created = call(s.addr, "POST", "/api/games", None, &own, &body).await;
    assert_eq!(created.status, 200, "{:?}", created.body);
    assert_eq!(
        call(s.addr, "GET", "/api/games", None, evil, "")
            .await
            .status,
        200
    );

    // The WebSocket upgrade is checked too.
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let id = created.body["id"].as_str().unwrap();
    let url = format!("ws://{}/ws/{id}", s.addr);
    let mut request = url.as_str().into_client_request().unwrap();
    request
        .headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    match tokio_tungstenite::connect_async(request).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => {
            assert_eq!(answer.status(), 403);
        }
        other => panic!("a foreign socket was let in: {:?}", other.map(|_| ())),
    }
    let mut own = url.as_str().into_client_request().unwrap();
    let origin = format!("http://{}", s.addr);
    own.headers_mut().insert("origin", origin.parse().unwrap());
    assert!(tokio_tungstenite::connect_async(own).await.is_ok());
}

#[tokio::test]
async fn sign_out_revokes_the_session() {
    let s = common::server().await;
    let cookie = account(s.addr, "Ines", PASSWORD).await;
    let out = call(s.addr, "DELETE", "/api/session", Some(&cookie), "", "").await;
    assert_eq!(out.status, 204);
    assert!(out.header("set-cookie").unwrap().contains("Max-Age=0"));
    // The old cookie, sent again (as a copy of it would be), signs nobody in.
    assert_eq!(me(s.addr, &cookie).await.status, 401);
    let games = call(s.addr, "GET", "/api/me/games", Some(&cookie), "", "").await;
    assert_eq!(games.status, 401);
}

#[tokio::test]
async fn a_password_change_renews_the_session_and_revokes_the_others() {
    let s = common::server().await;
    let first = account(s.addr, "Jude", PASSWORD).await;
    let elsewhere = sign_in(s.addr, "Jude", PASSWORD).await.cookie().unwrap();
    let change = |old: &str, new: &str| json!({"old": old, "new": new}).to_string();
    let wrong = call(
        s.addr,
        "PUT",
        "/api/me/password",
        Some(&first),
        "",
        &change("nope nope", "new password 1"),
    )
    .await;
    assert_eq!(wrong.status, 403);
    let short = call(
        s.addr,
        "PUT",
        "/api/me/password",
        Some(&first),
        "",
        &change(PASSWORD, "short"),
    )
    .await;
    assert_eq!(short.status, 400);
    let done = call(
        s.addr,
        "PUT",
        "/api/me/password",
        Some(&first),
        "",
        &change(PASSWORD, "new password 1"),
    )
    .await;
    assert_eq!(done.status, 204, "{:?}", done.body);
    let renewed = done.cookie().unwrap();
    assert_ne!(renewed, first);
    assert_eq!(me(s.addr, &renewed).await.status, 200);
    assert_eq!(me(s.addr, &first).await.status, 401);
    assert_eq!(me(s.addr, &elsewhere).await.status, 401);
    assert_eq!(sign_in(s.addr, "Jude", PASSWORD).await.status, 401);
    assert_eq!(sign_in(s.addr, "Jude", "new password 1").await.status, 200);
}

#[tokio::test]
async fn a_session_made_on_one_instance_works_on_another() {
    let Some(url) = common::pg_database().await else {
        return;
    };
    let (a, b) = (common::server_on(&url).await, common::server_on(&url).await);
    let cookie = account(a.addr, "Kofi", PASSWORD).await;
    let there = me(b.addr, &cookie).await;
    assert_eq!(
        (there.status, there.body["name"].as_str()),
        (200, Some("Kofi"))
    );
    let from_b = sign_in(b.addr, "kofi", PASSWORD).await.cookie().unwrap();
    assert_eq!(me(a.addr, &from_b).await.status, 200);
    // Signed out on B, the session is gone on A too.
    call(b.addr, "DELETE", "/api/session", Some(&cookie), "", "").await;
    assert_eq!(me(a.addr, &cookie).await.status, 401);
    drop((a, b));
    common::pg_drop_schema(&url).await;
}

#[tokio::test]
async fn no_password_is_kept_in_plain_text_in_the_database_or_the_logs() {
    let dir = tempfile::tempdir().unwrap();
    let log_path = dir.path().join("server.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let data = dir.path().join("data");
    let mut child = Command::new(env!("CARGO_BIN_EXE_stonefield-server"))
        .args(["127.0.0.1:0", data.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .unwrap();
    let mut first = [0u8; 256];
    let n = child.stdout.as_mut().unwrap().read(&mut first).unwrap();
    let line = String::from_utf8_lossy(&first[..n]).into_owned();
    let addr: std::net::SocketAddr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .expect("the server prints its URL")
        .parse()
        .unwrap();
    let secret = "Zebra-Quartz-41-secret";
    let up = sign_up(addr, "Lena", secret).await;
    assert_eq!(up.status, 201);
    assert_eq!(sign_in(addr, "Lena", secret).await.status, 200);
    assert_eq!(
        sign_in(addr, "Lena", "Zebra-Quartz-42-wrong").await.status,
        401
    );
    let change = json!({"old": secret, "new": "Yak-Onyx-77-secret"}).to_string();
    let cookie = up.cookie().unwrap();
    assert_eq!(
        call(addr, "PUT", "/api/me/password", Some(&cookie), "", &change)
            .await
            .status,
        204
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let _ = child.kill();
    let _ = child.wait();
    let mut stored = Vec::new();
    for entry in std::fs::read_dir(&data).unwrap() {
        stored.extend(std::fs::read(entry.unwrap().path()).unwrap());
    }
    let logs = std::fs::read(&log_path).unwrap();
    let contains =
        |hay: &[u8], needle: &str| hay.windows(needle.len()).any(|w| w == needle.as_bytes());
    assert!(
        contains(&stored, "$argon2id$"),
        "the hashes are in the files read"
    );
    assert!(contains(&stored, "Lena"));
    for plain in [secret, "Zebra-Quartz-42-wrong", "Yak-Onyx-77-secret"] {
        assert!(!contains(&stored, plain), "{plain} is in the database");
        assert!(!contains(&logs, plain), "{plain} is in the logs");
    }
    // The cookie's secret is not stored either, only its hash.
    let session = cookie.split_once('=').unwrap().1;
    assert!(!contains(&stored, session));
}
