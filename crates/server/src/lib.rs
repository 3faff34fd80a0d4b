//! stonefield's game server: games in rooms (one task each), seats as capability tokens,
//! clocks, a SQLite or PostgreSQL store, the WebSocket protocol and the embedded browser
//! client. [`run`] is what `stonefield serve` calls; [`app`] builds the router for tests.
//!
//! ```no_run
//! // What `stonefield serve --addr 127.0.0.1:8080 --data stonefield-data` does:
//! stonefield_server::run(stonefield_server::Config::default()).unwrap();
//! ```

mod analysis;
mod any_engine;
mod assets;
pub mod bench;
pub mod clock;
pub mod computer;
pub mod engine;
mod error;
mod http;
pub mod ids;
pub mod protocol;
pub mod room;
pub mod rooms;
mod socket;
pub mod store;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use error::AppError;
pub use http::{AppState, NewGame, app, frames, new_game, record_of};

/// How to run the server (the options of `stonefield serve`).
#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Directory of the default SQLite database (created if missing).
    #[arg(long = "data", default_value = "stonefield-data")]
    pub data_dir: PathBuf,
    /// A database URL (`postgres://user@host/db` or `sqlite://file`) instead of the default.
    #[arg(long)]
    pub database: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("stonefield-data"),
            database: None,
        }
    }
}

/// Opens the store, resumes unfinished games, and returns the shared state.
///
/// # Errors
/// The store cannot be opened.
pub async fn open_state(config: &Config) -> anyhow::Result<AppState> {
    let url = match &config.database {
        Some(u) => u.clone(),
        None => store::sqlite_url(&config.data_dir)?,
    };
    let store = store::Store::connect(&url).await?;
    let rooms = Arc::new(rooms::Rooms::new(store));
    let resumed = rooms.resume_all().await?;
    tracing::info!("resumed {resumed} unfinished games");
    Ok(AppState { rooms })
}

/// Serves until the process is stopped, on a runtime of its own.
///
/// # Errors
/// The store cannot be opened or the address cannot be bound.
pub fn run(config: Config) -> anyhow::Result<()> {
    use std::io::IsTerminal;
    // Colour codes only on a terminal: logs captured by a service manager or a test stay
    // plain text.
    let _ = tracing_subscriber::fmt()
        .with_target(false)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr)
        .try_init();
    tokio::runtime::Runtime::new()?.block_on(serve(config))
}

/// Serves on the current runtime until the process is stopped (or Ctrl-C).
///
/// # Errors
/// The store cannot be opened or the address cannot be bound.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    let state = open_state(&config).await?;
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    println!("stonefield: serving on http://{addr}/ (open it in a browser)");
    axum::serve(listener, app(state))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}
