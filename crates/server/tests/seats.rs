//! Seats against the attacks of issue 14, over real sockets against the server binary: a
//! stranger cannot take a private game's seat, an invite seats one person once with a
//! token of their own, an open game's seat goes to its first comer only, pages forbid
//! foreign scripts and framing, and seat tokens travel in the socket's first message, not
//! in its URL. From issue 30: the store keeps no token or invite in plain text, yet the
//! creator is shown the invite again after a restart; names hide no direction controls or
//! zero-width characters; and a refused creation names the bound it broke.

mod common;

use common::{Client, Process, claim, http, http_with_headers};
use serde_json::{Value, json};

/// Creates a 9x9 game over HTTP with `seats` (`None`: the field left out); returns the
/// creation answer (id, creator's token, invite).
async fn create(addr: std::net::SocketAddr, seats: Option<&str>) -> Value {
    let mut body = json!({"variant": "classic", "rules": {"board_size": 9}, "color": "black"});
    if let Some(seats) = seats {
        body["seats"] = seats.into();
    }
    let (status, text) = http(addr, "POST", "/api/games", &body.to_string()).await;
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap()
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("no {key} in {v}"))
}

/// The ids of the games in the lobby.
async fn lobby(addr: std::net::SocketAddr) -> Vec<String> {
    let (_, list) = http(addr, "GET", "/api/games", "").await;
    let list: Value = serde_json::from_str(&list).unwrap();
    list["open"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| text(g, "id").to_owned())
        .collect()
}

#[tokio::test]
async fn a_strangers_claim_of_a_private_game_is_refused() {
    let server = Process::start();
    let addr = server.addr;
    let game = create(addr, Some("private")).await;
    let (id, mine, invite) = (
        text(&game, "id"),
        text(&game, "token"),
        text(&game, "invite"),
    );
    assert_eq!(
        text(&game, "invite_url"),
        format!("/game/{id}#invite={invite}"),
        "the invite rides in the fragment, which is never sent to a server"
    );
    assert!(
        !lobby(addr).await.contains(&id.to_owned()),
        "private games are not listed"
    );

    // The stranger: no invite, a made-up one, or the creator's own seat token.
    let (status, answer) = claim(addr, id, None).await;
    assert_eq!(status, 403, "{answer}");
    assert!(text(&answer, "error").contains("private"), "{answer}");
    for wrong in ["0123456789abcdef0123456789abcdef", mine] {
        let (status, answer) = claim(addr, id, Some(wrong)).await;
        assert_eq!(status, 403, "{answer}");
        assert!(text(&answer, "error").contains("invite"), "{answer}");
    }
    // The invite is no seat token: its holder watches until it claims, and cannot resign.
    let mut early = Client::connect(addr, id, Some(invite)).await;
    assert_eq!(early.recv_type("state").await["state"]["you"], Value::Null);
    early.send(json!({"type": "resign"})).await;
    assert_eq!(early.recv_type("refused").await["reason"], "spectator");

    // The friend: a token of their own, unlike the invite and the creator's.
    let (status, seated) = claim(addr, id, Some(invite)).await;
    assert_eq!(status, 200, "{seated}");
    assert_eq!(seated["color"], "white");
    let theirs = text(&seated, "token");
    assert_ne!(theirs, invite);
    assert_ne!(theirs, mine);
    let mut friend = Client::connect(addr, id, Some(theirs)).await;
    let st = friend.recv_type("state").await["state"].clone();
    assert_eq!(
        (st["you"].as_str(), st["status"].as_str()),
        (Some("white"), Some("live"))
    );

    // The invite was for one claim: a second one, the friend's own again or a stranger's
    // who copied the link, is refused with a reason.
    let (status, answer) = claim(addr, id, Some(invite)).await;
    assert_eq!(status, 410, "{answer}");
    assert_eq!(
        answer["error"],
        "invite already used: the seat has been taken"
    );
    let (status, _) = claim(addr, id, None).await;
    assert_eq!(status, 409);
    let mut late = Client::connect(addr, id, Some(invite)).await;
    assert_eq!(late.recv_type("state").await["state"]["you"], Value::Null);

    // The creator still plays Black, the friend White.
    let mut me = Client::connect(addr, id, Some(mine)).await;
    assert_eq!(me.recv_type("state").await["state"]["you"], "black");
    me.play(2, 2).await;
    assert_eq!(friend.recv_type("moved").await["seq"], 1);
}

#[tokio::test]
async fn an_open_games_first_comer_gets_a_fresh_token_and_the_invite_then_fails() {
    let server = Process::start();
    let addr = server.addr;
    let game = create(addr, Some("open")).await;
    let (id, mine, invite) = (
        text(&game, "id"),
        text(&game, "token"),
        text(&game, "invite"),
    );
    assert!(lobby(addr).await.contains(&id.to_owned()));

    let mut creator = Client::connect(addr, id, Some(mine)).await;
    let st = creator.recv_type("state").await["state"].clone();
    assert_eq!(
        (st["seats"].as_str(), st["invite"].as_str()),
        (Some("open"), Some(invite))
    );

    let (status, first) = claim(addr, id, None).await;
    assert_eq!(status, 200, "{first}");
    let token = text(&first, "token");
    assert!(token != invite && token != mine, "a fresh token");
    let live = creator.recv_type("state").await["state"].clone();
    assert_eq!(live["status"], "live");
    assert_eq!(
        live["invite"],
        Value::Null,
        "the used invite is not shown again"
    );

    let (status, answer) = claim(addr, id, Some(invite)).await;
    assert_eq!(status, 410, "the invite stops working: {answer}");
    let (status, answer) = claim(addr, id, None).await;
    assert_eq!(status, 409, "{answer}");
    assert!(!lobby(addr).await.contains(&id.to_owned()));
    let mut joiner = Client::connect(addr, id, Some(token)).await;
    assert_eq!(joiner.recv_type("state").await["state"]["you"], "white");
}

#[tokio::test]
async fn a_game_created_without_a_policy_is_open_and_the_invite_claims_it_too() {
    let server = Process::start();
    let addr = server.addr;
    let game = create(addr, None).await;
    let (id, invite) = (text(&game, "id"), text(&game, "invite"));
    assert!(lobby(addr).await.contains(&id.to_owned()));
    let (status, seated) = claim(addr, id, Some(invite)).await;
    assert_eq!(status, 200, "{seated}");
    assert_ne!(text(&seated, "token"), invite);
    assert_eq!(claim(addr, id, None).await.0, 409);

    let (status, text) = http(
        addr,
        "POST",
        "/api/games",
        r#"{"variant": "classic", "seats": "public"}"#,
    )
    .await;
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("seats"), "the error names the field: {text}");
    let (status, text) = http(addr, "POST", &format!("/api/games/{id}/claim"), "[1]").await;
    assert_eq!(status, 400, "{text}");
}

#[tokio::test]
async fn a_game_against_the_computer_has_no_seat_to_claim() {
    let server = Process::start();
    let body = json!({"variant": "classic", "rules": {"board_size": 9}, "computer_level": 1});
    let (status, created) = http(server.addr, "POST", "/api/games", &body.to_string()).await;
    assert_eq!(status, 200, "{created}");
    let created: Value = serde_json::from_str(&created).unwrap();
    assert_eq!(
        (&created["invite"], &created["invite_url"]),
        (&Value::Null, &Value::Null)
    );
    let id = text(&created, "id");
    assert_eq!(claim(server.addr, id, None).await.0, 409);
    assert_eq!(
        claim(server.addr, id, Some(text(&created, "token")))
            .await
            .0,
        403
    );
}

/// The value of header `name` in a response head (names are case-insensitive).
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().skip(1).find_map(|line| {
        let (n, v) = line.split_once(':')?;
        n.trim().eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

/// Whether `html` has an attribute `on...=` (an inline event handler).
fn has_inline_handler(html: &str) -> bool {
    html.match_indices(" on").any(|(at, _)| {
        let rest = &html[at + 3..];
        let name_len = rest.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(0);
        name_len > 0 && rest[name_len..].starts_with('=')
    })
}

#[tokio::test]
async fn pages_and_assets_forbid_foreign_scripts_framing_sniffing_and_referrers() {
    let server = Process::start();
    let game = create(server.addr, None).await;
    let pages = [
        "/".to_owned(),
        format!("/game/{}", text(&game, "id")),
        "/replay".to_owned(),
        "/static/game.js".to_owned(),
        "/static/home.js".to_owned(),
        "/static/style.css".to_owned(),
        "/api/games".to_owned(),
        "/static/no-such-file.js".to_owned(),
    ];
    for path in &pages {
        let (_, head, body) = http_with_headers(server.addr, "GET", path, "").await;
        let csp = header(&head, "content-security-policy")
            .unwrap_or_else(|| panic!("{path}: no CSP in {head}"));
        for directive in ["default-src 'self'", "frame-ancestors 'none'"] {
            assert!(csp.contains(directive), "{path}: {csp}");
        }
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(
            header(&head, "x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(
            header(&head, "referrer-policy"),
            Some("no-referrer"),
            "{path}"
        );
        // The policy forbids inline code: the pages must have none, or they would break.
        if path.starts_with("/static") || path.starts_with("/api") {
            continue;
        }
        let html = body.to_lowercase();
        assert!(!html.contains("<style"), "{path} has an inline style sheet");
        assert!(!html.contains(" style="), "{path} has an inline style");
        assert!(
            !has_inline_handler(&html),
            "{path} has an inline event handler"
        );
        for script in html.split("<script").skip(1) {
            let tag = script.split('>').next().unwrap();
            assert!(
                tag.contains("src="),
                "{path} has an inline script: <script{tag}>"
            );
        }
    }
}

#[tokio::test]
async fn the_seat_token_travels_in_the_hello_and_not_in_the_url() {
    let server = Process::start();
    let addr = server.addr;
    let game = create(addr, Some("private")).await;
    let (id, mine) = (text(&game, "id"), text(&game, "token"));

    // A token in the query string is not read: that connection watches.
    let mut by_url = Client::connect_url(&format!("ws://{addr}/ws/{id}?token={mine}")).await;
    // Before its hello a connection gets errors, not the game.
    by_url.send(json!({"type": "sync"})).await;
    let first = by_url.recv().await;
    assert_eq!(first["type"], "error", "{first}");
    assert!(text(&first, "message").contains("hello"), "{first}");
    by_url.send(json!({"type": "hello"})).await;
    let st = by_url.recv_type("state").await["state"].clone();
    assert_eq!(
        (st["you"].clone(), st["invite"].clone()),
        (Value::Null, Value::Null)
    );

    let mut seated = Client::connect(addr, id, Some(mine)).await;
    let st = seated.recv_type("state").await["state"].clone();
    assert_eq!(st["you"], "black");
    assert_eq!(st["invite"], text(&game, "invite"));
    // Hello comes once: a second one changes nothing.
    seated
        .send(json!({"type": "hello", "token": "0123456789abcdef0123456789abcdef"}))
        .await;
    assert_eq!(seated.recv_type("error").await["type"], "error");
    assert_eq!(seated.sync().await["you"], "black");
}

/// Every file of the data directory as text (the SQLite database and its write-ahead log):
/// what someone who copies the store would read.
fn store_files(dir: &std::path::Path) -> String {
    let mut all = String::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        all.push_str(&String::from_utf8_lossy(&bytes));
    }
    all
}

#[tokio::test]
async fn the_store_keeps_no_secret_yet_the_creator_sees_the_invite_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let (mut first, addr) = common::spawn_server(dir.path());
    let game = create(addr, Some("private")).await;
    let (id, mine, invite) = (
        text(&game, "id").to_owned(),
        text(&game, "token").to_owned(),
        text(&game, "invite").to_owned(),
    );
    first.kill().unwrap();
    first.wait().unwrap();
    let stored = store_files(dir.path());
    assert!(stored.contains(&id), "the game is in these files");
    assert!(
        !stored.contains(&mine),
        "the creator's token is stored in plain text"
    );
    assert!(
        !stored.contains(&invite),
        "the invite is stored in plain text"
    );

    // After the restart the creator's page still offers the link to send...
    let (mut second, addr) = common::spawn_server(dir.path());
    let mut creator = Client::connect(addr, &id, Some(&mine)).await;
    let st = creator.recv_type("state").await["state"].clone();
    assert_eq!(st["you"], "black");
    assert_eq!(st["invite"].as_str(), Some(invite.as_str()));
    let mut stranger = Client::connect(addr, &id, None).await;
    assert_eq!(
        stranger.recv_type("state").await["state"]["invite"],
        Value::Null
    );
    // ...and it seats the friend, whose token is not stored either.
    let theirs = common::claimed_token(addr, &id, &invite).await;
    let mut friend = Client::connect(addr, &id, Some(&theirs)).await;
    assert_eq!(friend.recv_type("state").await["state"]["you"], "white");
    second.kill().unwrap();
    second.wait().unwrap();
    assert!(!store_files(dir.path()).contains(&theirs));
}

#[tokio::test]
async fn names_with_direction_controls_or_zero_width_characters_are_refused() {
    let server = Process::start();
    let addr = server.addr;
    for (name, code) in [("Ann\u{202e}nnA", "U+202E"), ("Bo\u{200b}b", "U+200B")] {
        let body = json!({"variant": "classic", "name": name});
        let (status, answer) = http(addr, "POST", "/api/games", &body.to_string()).await;
        assert_eq!(status, 400, "{answer}");
        assert!(
            answer.contains(code),
            "the answer names the character: {answer}"
        );
    }
    let game = create(addr, Some("open")).await;
    let path = format!("/api/games/{}/claim", text(&game, "id"));
    let body = json!({"name": "\u{2066}Eve"}).to_string();
    let (status, answer) = http(addr, "POST", &path, &body).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer.contains("U+2066"), "{answer}");
    let (status, answer) = claim(addr, text(&game, "id"), None).await;
    assert_eq!(status, 200, "a refused name takes no seat: {answer}");
}

#[tokio::test]
async fn a_refused_creation_names_the_bound_it_broke() {
    let server = Process::start();
    let addr = server.addr;
    let refusal = |body: Value| async move {
        let (status, answer) = http(addr, "POST", "/api/games", &body.to_string()).await;
        assert_eq!(status, 400, "{answer}");
        let answer: Value = serde_json::from_str(&answer).unwrap();
        text(&answer, "error").to_owned()
    };
    let komi = refusal(json!({"variant": "classic", "rules": {"komi": -10000}})).await;
    assert!(komi.contains("1000") && !komi.contains("0.5"), "{komi}");
    let half = refusal(json!({"variant": "classic", "rules": {"komi": 6.3}})).await;
    assert!(half.contains("multiple of 0.5"), "{half}");
    let long = json!({"kind": "absolute", "main_ms": 40u64 * 24 * 3600 * 1000});
    let clock = refusal(json!({"variant": "classic", "time_control": long})).await;
    assert!(
        clock.contains("main_ms") && clock.contains("30 days"),
        "{clock}"
    );
    let periods = json!({"kind": "byo-yomi", "main_ms": 0, "period_ms": 30000, "periods": 500});
    let clock = refusal(json!({"variant": "classic", "time_control": periods})).await;
    assert!(
        clock.contains("periods 500") && clock.contains("1 to 100"),
        "{clock}"
    );
}
