//! The HTTP side: pages (embedded client), the game list, creating and joining games,
//! record downloads, replays, and the WebSocket upgrade.

pub(crate) mod analysis;
pub(crate) mod assets;
pub(crate) mod deadline;
pub mod gate;
pub mod heavy_pool;
pub mod listen;
pub mod new_game;
pub mod replay;
pub mod review;
pub mod review_jobs;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State, WebSocketUpgrade};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Extension, Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use tower_governor::GovernorError;
use tower_governor::GovernorLayer;
use tower_governor::governor::GovernorConfigBuilder;
use tower_governor::key_extractor::KeyExtractor;
use tower_http::set_header::SetResponseHeaderLayer;
use tracing::Instrument;

use crate::accounts::ratings::{Rating, tenths};
use crate::accounts::session::signed_in;
use crate::accounts::{handlers, origin};
use crate::app_state::AppState;
use crate::error::AppError;
use crate::game::game_record::{add_chat, record_of};
use crate::http::gate::ConnSlot;
use crate::http::gate::client_of;
use crate::http::new_game::{NewGame, create};
use crate::http::replay::{Slice, frames, read_upload};
use crate::ids;
use crate::names::{NameField, player_name};
use crate::socket;
use crate::socket::protocol::MAX_MESSAGE_BYTES;
use crate::store::{GameRow, now_ms};

/// The whole application, without a socket (tests drive it directly or bind port 0).
pub fn app(state: AppState) -> Router {
    // One quota per address for creating games and claiming seats together.
    let per_minute = state.limits.creations_per_minute.max(1);
    let quota = GovernorLayer::new(
        GovernorConfigBuilder::default()
            .key_extractor(PeerAddress)
            .period(Duration::from_secs(60) / per_minute)
            .burst_size(per_minute)
            .finish()
            .expect("a positive period and burst"),
    )
    .error_handler(move |e| quota_refusal(e, per_minute));
    Router::new()
        .route("/", get(|| async { assets::serve("index.html") }))
        .route("/game/{id}", get(|| async { assets::serve("game.html") }))
        // Browsers ask for it on their own; the pages link the same picture.
        .route(
            "/favicon.ico",
            get(|| async { assets::serve("favicon.svg") }),
        )
        .route("/replay", get(|| async { assets::serve("replay.html") }))
        .route(
            "/replay/{id}",
            get(|| async { assets::serve("replay.html") }),
        )
        .route(
            "/player/{name}",
            get(|| async { assets::serve("player.html") }),
        )
        .route(
            "/static/{*path}",
            get(|Path(p): Path<String>| async move { assets::serve(&p) }),
        )
        .route(
            "/api/games",
            get(list_games).merge(post(create_game).layer(quota.clone())),
        )
        .route("/api/variants", get(list_variants))
        .route(
            "/api/games/{id}/claim",
            post(claim_seat).layer(quota.clone()),
        )
        .route("/api/accounts", post(handlers::sign_up).layer(quota))
        .route(
            "/api/session",
            post(handlers::sign_in).delete(handlers::sign_out),
        )
        .route("/api/me", get(handlers::me))
        .route("/api/me/password", put(handlers::change_password))
        .route("/api/me/games", get(handlers::my_games))
        .route("/api/players/{name}", get(handlers::profile))
        .route("/api/games/{id}/record", get(download_record))
        .route("/api/games/{id}/sgf", get(download_sgf))
        .route("/api/games/{id}/replay", get(replay_game))
        .route("/api/replay", post(replay_record))
        .route("/api/analysis", post(crate::http::analysis::analyse_upload))
        .route(
            "/api/games/{id}/analysis",
            get(crate::http::analysis::analyse_game),
        )
        .route(
            "/api/games/{id}/review",
            get(review::game_review).post(review::review_game),
        )
        .route("/api/review", post(review::review_upload))
        .route("/api/review/{key}", get(review::upload_review))
        .route("/ws/{id}", get(ws_upgrade))
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .layer(DefaultBodyLimit::max(1 << 20))
        .layer(axum::middleware::from_fn(origin::same_origin))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .with_state(state)
}

/// The answer to a creation or claim beyond the quota: JSON as every API error, naming the
/// quota and when the next one is let in.
fn quota_refusal(e: GovernorError, per_minute: u32) -> Response {
    let GovernorError::TooManyRequests { wait_time, headers } = e else {
        return Response::from(e);
    };
    let message = format!(
        "too many games created and seats claimed from this address: at most {per_minute} a \
         minute (the next in {wait_time} s)"
    );
    let mut answer = (
        axum::http::StatusCode::TOO_MANY_REQUESTS,
        Json(json!({"error": message})),
    )
        .into_response();
    answer.headers_mut().extend(headers.unwrap_or_default());
    answer
}

/// What pages may load: the app's own scripts, styles and sockets only (no inline script
/// or style, nothing from elsewhere), and no page may frame them. `'self'` (through
/// `default-src`, as `connect-src`) covers the same-origin `ws:`/`wss:` socket (CSP level
/// 3). Set on every response, the API's too: a JSON answer opened as a page gets it too.
const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// What the new-game form may offer per variant: sizes, presets and their komi, defaults,
/// help (`stonefield_record::options::describe`).
async fn list_variants() -> Json<Value> {
    Json(stonefield_record::options::describe())
}

/// The lobby's three lists (private games in none): open games waiting for an opponent,
/// live games (less those without a clock where nothing happened for `idle_after`), and
/// finished games.
async fn list_games(State(s): State<AppState>) -> Result<Json<Value>, AppError> {
    let store = s.rooms.store();
    let idle_ms = i64::try_from(s.idle_after.as_millis()).unwrap_or(i64::MAX);
    let idle_before = now_ms().saturating_sub(idle_ms);
    let lists = [
        store.listed("open", 50, None).await?,
        store.listed("live", 50, Some(idle_before)).await?,
        store.listed("finished", 50, None).await?,
    ];
    // The players' ratings beside their names (accounts only).
    let mut accounts: Vec<String> = lists
        .iter()
        .flatten()
        .flat_map(|l| [&l.game.accounts.black, &l.game.accounts.white])
        .flatten()
        .cloned()
        .collect();
    accounts.sort();
    accounts.dedup();
    let ratings = store.ratings_of(&accounts).await?;
    let rating = |account: &Option<String>, variant: &str| {
        account.as_ref().map(|a| {
            let r = ratings.get(&(a.clone(), variant.to_owned()));
            tenths(r.copied().unwrap_or(Rating::default().rating))
        })
    };
    let [open, live, finished] = lists.map(|l| {
        l.iter()
            .map(|g| {
                let mut row = g.summary();
                let (a, v) = (&g.game.accounts, g.game.variant.as_str());
                row["ratings"] =
                    json!({"black": rating(&a.black, v), "white": rating(&a.white, v)});
                row
            })
            .collect::<Vec<Value>>()
    });
    Ok(Json(
        json!({"open": open, "live": live, "finished": finished}),
    ))
}

async fn create_game(
    State(s): State<AppState>,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<Value>, AppError> {
    let mut spec = NewGame::from_json(&body)?.validate()?;
    spec.creator_name = name_in(&body)?;
    // Signed in, the seat is the account's, under its name.
    if let Some(account) = signed_in(&s, &headers).await? {
        spec.creator_name = Some(account.clone());
        spec.creator_account = Some(account);
    } else if spec.rated {
        return Err(AppError::Forbidden("sign in to create a rated game".into()));
    }
    let game = create(&s.rooms, spec).await?;
    // The invite rides in the fragment, which browsers never send to a server or proxy.
    let invite_url = game
        .invite
        .as_ref()
        .map(|invite| format!("/game/{}#invite={invite}", game.id));
    Ok(Json(json!({
        "id": game.id, "token": game.token, "color": game.color.name(),
        "invite": game.invite, "invite_url": invite_url,
    })))
}

/// The checked `name` of a request body (`None`: anonymous).
fn name_in(body: &[u8]) -> Result<Option<String>, AppError> {
    let field: NameField =
        serde_json::from_slice(body).map_err(|e| AppError::BadRequest(format!("name: {e}")))?;
    Ok(field.checked()?)
}

/// The body of a claim: the invite, if the claimant has one (an open game's seat is
/// taken without), and the claimant's name, if any.
#[derive(Debug, Default, Deserialize)]
struct Claim {
    #[serde(default)]
    invite: Option<String>,
    #[serde(default)]
    name: Option<String>,
}

async fn claim_seat(
    State(s): State<AppState>,
    Path(id): Path<String>,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<Value>, AppError> {
    let claim: Claim = if body.is_empty() {
        Claim::default()
    } else {
        serde_json::from_slice(&body)
            .map_err(|e| AppError::BadRequest(format!("claim body: {e}")))?
    };
    if !ids::is_game_id(&id) {
        return Err(AppError::NotFound);
    }
    let mut name = claim.name.as_deref().map(player_name).transpose()?;
    let account = signed_in(&s, &headers).await?;
    if account.is_some() {
        name.clone_from(&account);
    }
    let room = s.rooms.get(&id).await?.ok_or(AppError::NotFound)?;
    let (color, token) = room.claim_as(claim.invite, name, account).await?;
    Ok(Json(
        json!({"id": id, "color": color.name(), "token": token}),
    ))
}

async fn download_record(
    State(s): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let (row, events) = s.snapshot(&id).await?;
    let mut record = record_of(&row, &events);
    add_chat(&mut record, &row, &finished_chat(&s, &row).await?);
    let body =
        serde_json::to_string_pretty(&record).map_err(|e| AppError::Internal(e.to_string()))?;
    let disposition = format!("attachment; filename=\"stonefield-{id}.json\"");
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response())
}

async fn download_sgf(
    State(s): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let (row, events) = s.snapshot(&id).await?;
    if row.variant != "classic" {
        return Err(AppError::BadRequest("SGF is for classic games only".into()));
    }
    let record = stonefield_record::Record::from_value(&record_of(&row, &events))
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let sgf =
        stonefield_record::sgf::write(&record).map_err(|e| AppError::Internal(e.to_string()))?;
    let disposition = format!("attachment; filename=\"stonefield-{id}.sgf\"");
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-go-sgf".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        sgf,
    )
        .into_response())
}

async fn replay_game(
    State(s): State<AppState>,
    Path(id): Path<String>,
    Query(slice): Query<Slice>,
) -> Result<Response, AppError> {
    let (row, events) = s.snapshot(&id).await?;
    let chat = finished_chat(&s, &row).await?;
    // The record replays the game to find the marks of its count: off the async workers too.
    let answer = s
        .heavy
        .run(move || {
            let mut record = record_of(&row, &events);
            add_chat(&mut record, &row, &chat);
            frames(&record, slice)
        })
        .await??;
    Ok(json_text(answer))
}

/// The chat of a finished game, both channels (none while it is played: see
/// [`add_chat`]).
async fn finished_chat(
    s: &AppState,
    row: &GameRow,
) -> Result<Vec<crate::store::ChatLine>, AppError> {
    if row.result.is_none() {
        return Ok(Vec::new());
    }
    Ok(s.rooms.store().chat_after(&row.id, -1).await?)
}

/// JSON already written out.
fn json_text(text: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text).into_response()
}

/// A record uploaded to be viewed: a JSON record of any variant (an object), or an SGF
/// file of a classic game, read from its first `(`. SGF files in legacy encodings are read
/// with their undecodable bytes replaced: the moves are ASCII.
async fn replay_record(
    State(s): State<AppState>,
    Query(slice): Query<Slice>,
    body: axum::body::Bytes,
) -> Result<Response, AppError> {
    Ok(json_text(
        s.heavy.run(move || uploaded_frames(&body, slice)).await??,
    ))
}

/// [`frames`] of an uploaded record (see [`replay_record`]).
fn uploaded_frames(body: &[u8], slice: Slice) -> Result<String, AppError> {
    frames(&read_upload(body)?, slice)
}

/// The key of the rate limits: the peer's address (an IPv6 peer's /64 network); requests
/// that come through no socket (the router driven in-process) share one key.
#[derive(Debug, Clone, Copy)]
struct PeerAddress;

impl KeyExtractor for PeerAddress {
    type Key = IpAddr;

    fn extract<T>(&self, req: &axum::http::Request<T>) -> Result<IpAddr, GovernorError> {
        Ok(req
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::from([127, 0, 0, 1]), |c| client_of(c.0.ip())))
    }
}

/// 200 when the store answers within two seconds, else 503 (for load balancers).
async fn healthz(State(s): State<AppState>) -> Response {
    let ping = s.rooms.store().ping();
    match tokio::time::timeout(Duration::from_secs(2), ping).await {
        Ok(Ok(())) => "ok\n".into_response(),
        Ok(Err(e)) => {
            let body = format!("store unreachable: {e}\n");
            (axum::http::StatusCode::SERVICE_UNAVAILABLE, body).into_response()
        }
        Err(_) => (
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            "store unreachable: no answer in 2 s\n",
        )
            .into_response(),
    }
}

/// The instance's numbers in the Prometheus text format.
async fn metrics(State(s): State<AppState>) -> Response {
    let text = s.rooms.metrics().render(s.rooms.running().await);
    let kind = "text/plain; version=0.0.4; charset=utf-8";
    ([(header::CONTENT_TYPE, kind)], text).into_response()
}

async fn ws_upgrade(
    State(s): State<AppState>,
    Path(id): Path<String>,
    slot: Option<Extension<Arc<ConnSlot>>>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    ws: WebSocketUpgrade,
) -> Result<Response, AppError> {
    if !ids::is_game_id(&id) {
        return Err(AppError::NotFound);
    }
    // The game must exist; the socket joins its room once the client has said hello.
    s.rooms.get(&id).await?.ok_or(AppError::NotFound)?;
    let rooms = Arc::clone(&s.rooms);
    // Sockets that come through no listener (the router driven in-process) share one
    // address, as the rate limits' key does.
    let ip = peer.map_or(IpAddr::from([127, 0, 0, 1]), |Extension(ConnectInfo(a))| {
        a.ip()
    });
    let served = socket::Served {
        ping: Duration::from_secs(s.limits.ping_interval_secs),
        metrics: Arc::clone(s.rooms.metrics()),
        draining: s.rooms.draining(),
        quota: s.quotas.enter(ip),
    };
    // Frames up to 64 times the message limit are read and answered with an error;
    // larger ones close the connection.
    Ok(ws
        .read_buffer_size(socket::READ_BUFFER_BYTES)
        .max_message_size(MAX_MESSAGE_BYTES * 64)
        .max_frame_size(MAX_MESSAGE_BYTES * 64)
        .max_write_buffer_size(socket::MAX_WRITE_BUFFER_BYTES)
        .on_upgrade(move |socket| async move {
            // The connection's slot in its address's count stays taken while the
            // WebSocket lives.
            let _slot = slot;
            let span = tracing::info_span!("socket", game = %id);
            socket::serve(socket, rooms, id, served)
                .instrument(span)
                .await;
        }))
}
