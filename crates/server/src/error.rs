//! The one error type of the HTTP handlers, turned into a JSON response with a status code.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::game::live_game::GameError;
use crate::game::room::RoomError;
use crate::game::seats::ClaimError;
use crate::names::NameError;
use crate::store::StoreError;

/// What went wrong in a request.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// No such game or file.
    #[error("not found")]
    NotFound,
    /// The request cannot be served as asked.
    #[error("{0}")]
    BadRequest(String),
    /// A request beyond a size limit, which the message names.
    #[error("{0}")]
    TooLarge(String),
    /// The server cannot take the request now; the client may try again.
    #[error("{0}")]
    Busy(String),
    /// The request needs a signed-in account (or a right password).
    #[error("{0}")]
    Unauthorized(String),
    /// The request is not allowed to this client.
    #[error("{0}")]
    Forbidden(String),
    /// The request conflicts with what is stored (a name taken).
    #[error("{0}")]
    Conflict(String),
    /// Too many attempts: the client may try again after `retry_after_secs`.
    #[error("{message}")]
    Throttled {
        /// What was refused and why.
        message: String,
        /// Seconds before the next attempt (the `Retry-After` header).
        retry_after_secs: u64,
    },
    /// The second seat was refused (taken, private, or the invite wrong or used).
    #[error(transparent)]
    Claim(#[from] ClaimError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The game layer refused the game.
    #[error(transparent)]
    Game(#[from] GameError),
    /// Anything else.
    #[error("{0}")]
    Internal(String),
}

impl From<NameError> for AppError {
    fn from(e: NameError) -> Self {
        AppError::BadRequest(e.to_string())
    }
}

impl From<RoomError> for AppError {
    fn from(e: RoomError) -> Self {
        match e {
            RoomError::Store(s) => AppError::Store(s),
            RoomError::Game(g) => AppError::Game(g),
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = match &self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::BadRequest(_) | AppError::Game(_) => StatusCode::BAD_REQUEST,
            AppError::Claim(e) => match e {
                ClaimError::Private
                | ClaimError::WrongInvite
                | ClaimError::RatedNeedsAccount
                | ClaimError::OwnGame => StatusCode::FORBIDDEN,
                ClaimError::InviteUsed => StatusCode::GONE,
                ClaimError::Taken => StatusCode::CONFLICT,
                ClaimError::Failed => StatusCode::SERVICE_UNAVAILABLE,
            },
            AppError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::Throttled { .. } => StatusCode::TOO_MANY_REQUESTS,
            AppError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Store(_) | AppError::Internal(_) => {
                tracing::error!("request failed: {self}");
                StatusCode::INTERNAL_SERVER_ERROR
            }
        };
        let retry_after = match &self {
            AppError::Throttled {
                retry_after_secs, ..
            } => Some(*retry_after_secs),
            _ => None,
        };
        let mut answer =
            (status, Json(serde_json::json!({"error": self.to_string()}))).into_response();
        if let Some(secs) = retry_after {
            answer
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, secs.into());
        }
        answer
    }
}
