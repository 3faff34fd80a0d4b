//! The HTTP API without a socket (Router::oneshot): create, list, claim, record and SGF
//! downloads, replay frames, and errors as JSON.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// Sends a request with a body of content type `kind`; the status and the body's text.
async fn request(
    s: &common::Server,
    method: &str,
    uri: &str,
    body: Body,
    kind: &str,
) -> (StatusCode, String) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", kind)
        .body(body)
        .unwrap();
    let resp = stonefield_server::app(s.state.clone())
        .oneshot(req)
        .await
        .unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

async fn call(
    s: &common::Server,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, String) {
    let body = body.map_or_else(Body::empty, |b| Body::from(b.to_string()));
    request(s, method, uri, body, "application/json").await
}

/// Posts a text body (an uploaded file) with its content type.
async fn post_text(s: &common::Server, uri: &str, body: &str, kind: &str) -> (StatusCode, String) {
    request(s, "POST", uri, Body::from(body.to_owned()), kind).await
}

fn json_of(t: &str) -> Value {
    serde_json::from_str(t).unwrap_or_else(|e| panic!("{e}: {t}"))
}

#[tokio::test]
async fn create_list_claim_and_download() {
    let s = common::server().await;
    let (st, body) = call(
        &s,
        "POST",
        "/api/games",
        Some(json!({"variant": "classic", "rules": {"board_size": 9}, "color": "white"})),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let created = json_of(&body);
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(created["color"], "white");
    let list = json_of(&call(&s, "GET", "/api/games", None).await.1);
    assert_eq!(list["open"][0]["id"], id.as_str());
    assert!(
        list["open"][0].get("black_token").is_none(),
        "tokens are never listed"
    );

    assert_eq!(
        list["open"][0]["seats"], "open",
        "open unless asked otherwise"
    );
    let invite = created["invite"].as_str().unwrap();
    assert_eq!(
        created["invite_url"],
        format!("/game/{id}#invite={invite}").as_str()
    );

    // An open game's seat goes to the first comer, without the invite.
    let (st, body) = call(&s, "POST", &format!("/api/games/{id}/claim"), None).await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let claim = json_of(&body);
    assert_eq!(claim["color"], "black");
    let token = claim["token"].as_str().unwrap();
    assert_ne!(token, invite);
    assert_ne!(token, created["token"].as_str().unwrap());
    let (st, body) = call(&s, "POST", &format!("/api/games/{id}/claim"), None).await;
    assert_eq!(st, StatusCode::CONFLICT, "{body}");
    assert_eq!(json_of(&body)["error"], "both seats are taken");

    let rec = json_of(
        &call(&s, "GET", &format!("/api/games/{id}/record"), None)
            .await
            .1,
    );
    assert_eq!(rec["format"], "stonefield-record/1");
    assert_eq!(rec["moves"], json!([]));
    let (st, sgf) = call(&s, "GET", &format!("/api/games/{id}/sgf"), None).await;
    assert_eq!(st, StatusCode::OK);
    assert!(sgf.contains("SZ[9]"), "{sgf}");
}

#[tokio::test]
async fn replay_frames_and_bad_records() {
    let s = common::server().await;
    let rec = json!({"variant": "classic", "rules": {"board_size": 9},
        "moves": [{"color": "black", "at": [2, 2]}, {"color": "black", "at": [3, 3]}, {"color": "white", "pass": true}]});
    let (st, body) = call(&s, "POST", "/api/replay", Some(rec)).await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let frames = json_of(&body)["frames"].as_array().unwrap().clone();
    assert_eq!(frames.len(), 4);
    assert_eq!(frames[2]["report"]["reason"], "not-your-turn");
    assert_eq!(frames[3]["view"]["stones"], json!([[2, 2, "black"]]));

    let bad = json!({"variant": "classic", "moves": [{"color": "black", "at": [1]}]});
    let (st, body) = call(&s, "POST", "/api/replay", Some(bad)).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert!(
        json_of(&body)["error"]
            .as_str()
            .unwrap()
            .contains("moves[0]"),
        "{body}"
    );
    let (st, _) = call(&s, "POST", "/api/games", Some(json!({"variant": "chess"}))).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    let (st, _) = call(&s, "GET", "/api/games/000000000000/record", None).await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    let (st, _) = call(&s, "GET", "/api/games/..%2Fx/record", None).await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    for path in [
        "/static/../Cargo.toml",
        "/static/..%2F..%2FCargo.toml",
        "/static/nope.js",
    ] {
        let (st, _) = call(&s, "GET", path, None).await;
        assert_eq!(st, StatusCode::NOT_FOUND, "{path}");
    }
    let (st, page) = call(&s, "GET", "/static/game.js", None).await;
    assert_eq!(st, StatusCode::OK);
    assert!(page.contains("import"));
}

/// three.js (MarGo's 3D view) is served from the binary as JavaScript modules, its
/// licence beside it.
#[tokio::test]
async fn the_vendored_three_js_is_served_as_javascript() {
    let s = common::server().await;
    for path in [
        "/static/vendor/three/three.module.min.js",
        "/static/vendor/three/three.core.min.js",
        "/static/vendor/three/OrbitControls.js",
        "/static/margo3d.js",
        "/static/vendor/three/LICENSE",
    ] {
        let req = Request::builder().uri(path).body(Body::empty()).unwrap();
        let resp = stonefield_server::app(s.state.clone())
            .oneshot(req)
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "{path}");
        let kind = resp.headers()["content-type"].to_str().unwrap().to_owned();
        let text = resp.into_body().collect().await.unwrap().to_bytes();
        let text = String::from_utf8_lossy(&text);
        if path.ends_with(".js") {
            assert_eq!(kind, "text/javascript; charset=utf-8", "{path}");
            // Relative imports only: the page has no import map and loads nothing elsewhere.
            assert!(!text.contains("from 'three'"), "{path}");
        } else {
            assert!(
                kind.starts_with("text/plain") && text.contains("MIT"),
                "{kind}"
            );
        }
    }
}

#[tokio::test]
async fn an_uploaded_sgf_is_replayed_like_a_record() {
    let s = common::server().await;
    let sgf = "(;GM[1]FF[4]SZ[9]KM[6.5];B[cc];W[dd];B[])";
    let (st, body) = post_text(&s, "/api/replay", sgf, "application/x-go-sgf").await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let d = json_of(&body);
    assert_eq!(d["variant"], "classic");
    let frames = d["frames"].as_array().unwrap();
    assert_eq!(frames.len(), 4);
    assert_eq!(
        frames[2]["view"]["stones"],
        json!([[2, 2, "black"], [3, 3, "white"]])
    );
    assert_eq!(frames[3]["report"]["result"], "pass");

    // A byte-order mark, leading blank lines or a header before the game are fine.
    for text in [
        format!("\u{feff}\n{sgf}"),
        format!("Game of the week\n{sgf}"),
    ] {
        let (st, body) = post_text(&s, "/api/replay", &text, "text/plain").await;
        assert_eq!(st, StatusCode::OK, "{body}");
    }
    // A comment in a legacy encoding (Latin-1 bytes, not UTF-8) does not hide the moves.
    let mut latin1 = b"(;GM[1]FF[4]CA[ISO-8859-1]SZ[9]C[caf".to_vec();
    latin1.extend_from_slice(&[0xe9]);
    latin1.extend_from_slice(b"];B[cc])");
    let (st, body) = request(&s, "POST", "/api/replay", Body::from(latin1), "text/plain").await;
    assert_eq!(st, StatusCode::OK, "{body}");

    // The deepest line of play the reader takes, on a server thread's stack.
    let deep = format!(
        "(;GM[1]FF[4]SZ[9]{})",
        ";B[aa]".repeat(stonefield_record::sgf::MAX_DEPTH - 1)
    );
    let (st, body) = post_text(&s, "/api/replay", &deep, "application/x-go-sgf").await;
    assert_eq!(st, StatusCode::OK, "{}", &body[..body.len().min(300)]);
    let deeper = format!("({})", ";".repeat(stonefield_record::sgf::MAX_DEPTH + 1));
    let (st, body) = post_text(&s, "/api/replay", &deeper, "application/x-go-sgf").await;
    assert_eq!(st, StatusCode::BAD_REQUEST, "{body}");

    for (bad, says) in [
        ("(;GM[1]FF[4]SZ[9];B[cc", "never closed"),
        ("(;GM[1]FF[4]SZ[9];B[zz])", "off the 9x9 board"),
        ("not a record", "neither a JSON record nor SGF"),
    ] {
        let (st, body) = post_text(&s, "/api/replay", bad, "application/octet-stream").await;
        assert_eq!(st, StatusCode::BAD_REQUEST, "{bad}: {body}");
        let error = json_of(&body)["error"].as_str().unwrap().to_owned();
        assert!(error.contains(says), "{bad}: {error}");
    }
}

/// The replay page's analysis: the suggested move is legal in the position asked about,
/// and the win estimates are probabilities that agree with each other; a finished
/// position has none. Uploaded records and stored games alike.
#[tokio::test]
async fn analysis_suggests_a_legal_move_for_any_position_of_a_record() {
    use stonefield_record::{AnyGame, Record, RecordMove, Variant};
    let s = common::server().await;
    let record = json!({"variant": "classic", "rules": {"board_size": 9}, "moves": [
        {"color": "black", "at": [2, 2]}, {"color": "white", "at": [6, 6]},
        {"color": "black", "pass": true}, {"color": "white", "pass": true}]});
    let upload = record.to_string();
    let (status, body) = post_text(&s, "/api/analysis?moves=1", &upload, "application/json").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let a = json_of(&body);
    assert_eq!(
        (a["to_move"].as_str(), a["move"]["color"].as_str()),
        (Some("white"), Some("white"))
    );
    let (w, b) = (
        a["win_rate"].as_f64().unwrap(),
        a["black_win_rate"].as_f64().unwrap(),
    );
    assert!(
        (0.0..=1.0).contains(&w) && (w + b - 1.0).abs() < 1e-9,
        "{a}"
    );
    // The suggestion is legal after the first move.
    let mut game = AnyGame::from_record(&Record::from_value(&record).unwrap()).unwrap();
    game.apply(&RecordMove::from_value(&record["moves"][0], Variant::Classic, "m").unwrap());
    let suggested = RecordMove::from_value(&a["move"], Variant::Classic, "move").unwrap();
    let report = game.apply(&suggested);
    assert!(report.accepted(), "{a}");
    // Named in the variant's notation, as the replay's move list names it.
    assert_eq!(a["notation"].as_str(), report.notation.as_deref(), "{a}");

    let (_, body) = post_text(&s, "/api/analysis?moves=4", &upload, "application/json").await;
    assert_eq!(
        json_of(&body)["move"],
        Value::Null,
        "a counted position: {body}"
    );
    let sgf = "(;GM[1]FF[4]SZ[9];B[cc];W[gg])";
    let (status, body) = post_text(&s, "/api/analysis?moves=2", sgf, "application/x-go-sgf").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(json_of(&body)["to_move"], "black");
    let (status, _) = post_text(
        &s,
        "/api/analysis?moves=0",
        r#"{"variant": "chess"}"#,
        "application/json",
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let (id, _, _) = common::classic_game(&s.state).await;
    let (status, body) = call(
        &s,
        "GET",
        &format!("/api/games/{id}/analysis?moves=0"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(json_of(&body)["move"]["color"], "black");
    let (status, _) = call(&s, "GET", "/api/games/000000000000/analysis?moves=0", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
