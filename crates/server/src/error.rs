//! The one error type of the HTTP handlers, turned into a JSON response with a status code.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::engine::EngineError;
use crate::room::RoomError;
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
    /// The server cannot take the request now; the client may try again.
    #[error("{0}")]
    Busy(String),
    /// The seat was already taken.
    #[error("{0}")]
    Conflict(String),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The game layer refused the game.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// Anything else.
    #[error("{0}")]
    Internal(String),
}

impl From<RoomError> for AppError {
    fn from(e: RoomError) -> Self {
        match e {
            RoomError::Store(s) => AppError::Store(s),
            RoomError::Engine(g) => AppError::Engine(g),
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = match &self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::BadRequest(_) | AppError::Engine(_) => StatusCode::BAD_REQUEST,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Store(_) | AppError::Internal(_) => {
                tracing::error!("request failed: {self}");
                StatusCode::INTERNAL_SERVER_ERROR
            }
        };
        (status, Json(serde_json::json!({"error": self.to_string()}))).into_response()
    }
}
