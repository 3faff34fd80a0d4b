//! The account routes (`docs/api.md`): sign up, sign in and out, the signed-in player and
//! their games, the password change, public profiles. No body of these routes is ever
//! logged; a request's password lives only as long as its hashing.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode, header::SET_COOKIE};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use stonefield_record::Variant;
use stonefield_rules::{Color, Phase};

use super::password;
use super::ratings::{Rating, tenths};
use super::session;
use crate::app_state::AppState;
use crate::error::AppError;
use crate::http::gate::client_of;
use crate::ids;
use crate::names::player_name;
use crate::store::Listed;

/// The fewest and most characters of an account name.
pub const ACCOUNT_NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=24;
/// The most ongoing games whose turn `/api/me/games` works out.
const TURNS_AT_MOST: usize = 30;

/// A sign-up or sign-in body. No `Debug`: it holds a password.
#[derive(Deserialize)]
struct Credentials {
    name: String,
    password: String,
}

/// A password change's body. No `Debug`: it holds passwords.
#[derive(Deserialize)]
struct NewPassword {
    old: String,
    new: String,
}

/// Reads a JSON body without echoing any of it (it holds a password).
fn body_of<T: for<'a> Deserialize<'a>>(body: &[u8], shape: &str) -> Result<T, AppError> {
    serde_json::from_slice(body).map_err(|_| AppError::BadRequest(format!("expected {shape}")))
}

/// A name an account may take: a player name ([`crate::names`]) of 2 to 24 characters.
///
/// # Errors
/// The name breaks a rule of player names, or its length.
pub fn account_name(raw: &str) -> Result<String, AppError> {
    let name = player_name(raw)?;
    if !ACCOUNT_NAME_CHARS.contains(&name.chars().count()) {
        return Err(AppError::BadRequest(
            "name: expected 2 to 24 characters".into(),
        ));
    }
    Ok(name)
}

/// `POST /api/accounts`: a new account, signed in at once (201 and the cookie).
pub async fn sign_up(
    State(s): State<AppState>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Response, AppError> {
    let c: Credentials = body_of(&body, r#"{"name", "password"}"#)?;
    let name = account_name(&c.name)?;
    password::check_new(&c.password)?;
    let phc = password::hash(c.password).await?;
    if !s.rooms.store().create_account(&name, &phc).await? {
        return Err(AppError::Conflict("name taken".into()));
    }
    let cookie = session::start(&s, &headers, &name).await?;
    let body = account_json(&s, &name).await?;
    Ok((StatusCode::CREATED, [cookie], Json(body)).into_response())
}

/// `POST /api/session`: signs in (200 and the cookie). An unknown name and a wrong
/// password get the same answer after the same work; too many failures from the address or
/// for the name get 429 with `Retry-After`.
pub async fn sign_in(
    State(s): State<AppState>,
    headers: HeaderMap,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    body: axum::body::Bytes,
) -> Result<Response, AppError> {
    let c: Credentials = body_of(&body, r#"{"name", "password"}"#)?;
    let address = peer.map_or_else(
        || "local".to_owned(),
        |Extension(ConnectInfo(a))| client_of(a.ip()).to_string(),
    );
    let name_key = c.name.trim().to_lowercase();
    let throttles = &s.accounts;
    if let Err(wait) = throttles
        .by_address
        .check(&address)
        .and_then(|()| throttles.by_name.check(&name_key))
    {
        let secs = wait.as_secs().max(1);
        return Err(AppError::Throttled {
            message: format!("too many failed sign-ins: try again in {secs} s"),
            retry_after_secs: secs,
        });
    }
    let stored = s.rooms.store().account(&name_key).await?;
    let (name, phc) = match stored {
        Some((name, phc)) => (Some(name), Some(phc)),
        None => (None, None),
    };
    let right = password::verify(c.password, phc).await?;
    let Some(name) = name.filter(|_| right) else {
        throttles.by_address.fail(&address);
        throttles.by_name.fail(&name_key);
        return Err(AppError::Unauthorized("wrong name or password".into()));
    };
    throttles.by_name.clear(&name_key);
    let cookie = session::start(&s, &headers, &name).await?;
    let body = account_json(&s, &name).await?;
    Ok(([cookie], Json(body)).into_response())
}

/// `DELETE /api/session`: signs out (204): the session is deleted and the cookie cleared.
pub async fn sign_out(State(s): State<AppState>, headers: HeaderMap) -> Result<Response, AppError> {
    if let Some(secret) = session::secret_in(&headers) {
        s.rooms
            .store()
            .delete_session(&ids::token_hash(&secret))
            .await?;
    }
    let clear = session::cookie(None, session::over_https(&s, &headers));
    Ok((StatusCode::NO_CONTENT, [(SET_COOKIE, clear)]).into_response())
}

/// `GET /api/me`: the signed-in player's name and ratings, or 401.
pub async fn me(State(s): State<AppState>, headers: HeaderMap) -> Result<Json<Value>, AppError> {
    let name = session::required(&s, &headers).await?;
    Ok(Json(account_json(&s, &name).await?))
}

/// `PUT /api/me/password`: a new password (204); every session of the account ends and a
/// new one is started (the cookie renewed).
pub async fn change_password(
    State(s): State<AppState>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Response, AppError> {
    let name = session::required(&s, &headers).await?;
    let p: NewPassword = body_of(&body, r#"{"old", "new"}"#)?;
    let key = name.to_lowercase();
    if let Err(wait) = s.accounts.by_name.check(&key) {
        let secs = wait.as_secs().max(1);
        return Err(AppError::Throttled {
            message: format!("too many wrong passwords: try again in {secs} s"),
            retry_after_secs: secs,
        });
    }
    password::check_new(&p.new)?;
    let stored = s.rooms.store().account(&name).await?.map(|(_, phc)| phc);
    if !password::verify(p.old, stored).await? {
        s.accounts.by_name.fail(&key);
        return Err(AppError::Forbidden("wrong password".into()));
    }
    let phc = password::hash(p.new).await?;
    let secret = session::new_secret()?;
    s.rooms
        .store()
        .change_password(&name, &phc, &ids::token_hash(&secret))
        .await?;
    let cookie = session::cookie(Some(&secret), session::over_https(&s, &headers));
    Ok((StatusCode::NO_CONTENT, [(SET_COOKIE, cookie)]).into_response())
}

/// The stored rating of `variant` among `stored`, or the starting one where none was played.
fn rating_in(stored: &[(String, Rating)], variant: Variant) -> Rating {
    stored
        .iter()
        .find(|(k, _)| k == variant.name())
        .map_or_else(Rating::default, |(_, r)| *r)
}

/// `{"name", "ratings": {variant: {"rating", "deviation", "games"}}}`, every variant listed
/// (the starting rating where none was played).
async fn account_json(s: &AppState, name: &str) -> Result<Value, AppError> {
    let stored = s.rooms.store().ratings(name).await?;
    let mut ratings = Map::new();
    for v in Variant::ALL {
        let r = rating_in(&stored, v);
        ratings.insert(v.name().into(), r.to_json());
    }
    Ok(json!({"name": name, "ratings": ratings}))
}

/// The seat `account` holds in a listed game.
fn seat_of(listed: &Listed, account: &str) -> Option<Color> {
    Color::ALL
        .into_iter()
        .find(|c| listed.game.accounts[*c].as_deref() == Some(account))
}

/// `GET /api/me/games`: the signed-in player's games, the lobby's rows with `color`,
/// `your_turn`, `result` and `rated`: ongoing first (those at their turn first), then
/// finished, each group most recently active first.
pub async fn my_games(
    State(s): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<Value>, AppError> {
    let name = session::required(&s, &headers).await?;
    let store = s.rooms.store();
    let games = store.games_of(&name, 200).await?;
    let mut rows = Vec::with_capacity(games.len());
    let mut turns_worked_out = 0;
    for listed in &games {
        let color = seat_of(listed, &name);
        let live = listed.game.status == "live";
        let mut your_turn = false;
        if live && turns_worked_out < TURNS_AT_MOST {
            turns_worked_out += 1;
            your_turn = match (color, to_move(&s, &listed.game.id).await) {
                (Some(c), Some(next)) => c == next,
                _ => false,
            };
        }
        let mut row = listed.summary();
        row["color"] = color.map(Color::name).into();
        row["your_turn"] = your_turn.into();
        row["rated"] = listed.game.rated.into();
        row["updated_ms"] = listed.active_ms.into();
        let finished = listed.game.status == "finished";
        rows.push(((finished, !your_turn), row));
    }
    // A stable sort keeps each group's most recent first.
    rows.sort_by_key(|(key, _)| *key);
    let games: Vec<Value> = rows.into_iter().map(|(_, r)| r).collect();
    Ok(Json(json!({"games": games})))
}

/// Who is to play in the stored game `id` (`None` while the players mark dead stones, or
/// when it cannot be read), worked out on the heavy pool.
async fn to_move(s: &AppState, id: &str) -> Option<Color> {
    let (row, events) = s.rooms.store().load(id).await.ok()??;
    let engine = s
        .heavy
        .run(move || crate::game::rebuild::replay(&row, &events))
        .await
        .ok()?
        .ok()?;
    (engine.phase() == Phase::Playing).then(|| engine.to_move())
}

/// `GET /api/players/{name}`: a public profile: ratings per variant with their history,
/// wins and losses, and recent games (finished ones, and live ones of open seats: a
/// private game's link is not given away); 404 for no such account.
pub async fn profile(
    State(s): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<Value>, AppError> {
    let store = s.rooms.store();
    let (name, _) = store
        .account(name.trim())
        .await?
        .ok_or(AppError::NotFound)?;
    let stored = store.ratings(&name).await?;
    let history = store.rating_history(&name).await?;
    let mut ratings = Map::new();
    for v in Variant::ALL {
        let r = rating_in(&stored, v);
        let mut entry = r.to_json();
        entry["history"] = history
            .iter()
            .filter(|h| h.variant == v.name())
            .map(|h| json!({"at_ms": h.at_ms, "rating": tenths(h.rating), "game": h.game}))
            .collect::<Vec<_>>()
            .into();
        ratings.insert(v.name().into(), entry);
    }
    let results = store.results_of(&name).await?;
    let wins = results.iter().filter(|p| p.won == Some(true)).count();
    let losses = results.iter().filter(|p| p.won == Some(false)).count();
    let games: Vec<Value> = store
        .games_of(&name, 100)
        .await?
        .iter()
        .filter(|l| {
            l.game.status == "finished"
                || (l.game.status == "live" && l.game.seats.name() == "open")
        })
        .take(30)
        .map(|l| {
            let g = &l.game;
            json!({
                "id": g.id, "url": format!("/game/{}", g.id), "variant": g.variant,
                "black": g.names.black, "white": g.names.white,
                "accounts": {"black": g.accounts.black, "white": g.accounts.white},
                "color": seat_of(l, &name).map(Color::name),
                "status": g.status, "result": g.result, "rated": g.rated,
                "updated_ms": l.active_ms,
            })
        })
        .collect();
    Ok(Json(json!({
        "name": name, "ratings": ratings, "wins": wins, "losses": losses, "games": games,
    })))
}
