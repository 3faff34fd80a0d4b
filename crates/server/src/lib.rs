//! stonefield's game server: games in rooms (one task each), seats as capability tokens,
//! clocks, a SQLite or PostgreSQL store, the WebSocket protocol and the embedded browser
//! client. [`run`] is what `stonefield serve` calls; [`app`] builds the router for tests.
//!
//! ```no_run
//! // What `stonefield serve --addr 127.0.0.1:8080 --data stonefield-data` does:
//! stonefield_server::run(stonefield_server::Config::default()).unwrap();
//! ```

pub mod accounts;
pub mod app_state;
mod cluster;
mod error;
mod game;
mod http;
pub mod ids;
pub mod metrics;
pub mod names;
mod socket;
pub mod store;

pub use cluster::{notices, outages};
pub use game::{clock, computer, live_game, room, rooms, seats};
pub use http::replay;
pub use socket::{outbox, protocol, quota};

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

pub use app_state::AppState;
pub use error::AppError;
pub use game::game_record::{MAX_GAME_ENTRIES, record_of};
pub use http::app;
pub use http::gate::{Limits, Refusal};
pub use http::heavy_pool::HeavyPool;
pub use http::listen::serve_on;
pub use http::new_game::{CreatedGame, GameSpec, NewGame, create, new_game};
pub use http::replay::frames;

/// How to run the server (the options of `stonefield serve`). Every option can also be
/// given in the environment variable named in `--help` (a flag wins over its variable).
#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "STONEFIELD_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Directory of the default SQLite database (created if missing).
    #[arg(
        long = "data",
        env = "STONEFIELD_DATA",
        default_value = "stonefield-data"
    )]
    pub data_dir: PathBuf,
    /// A database URL (`postgres://user@host/db` or `sqlite://file`) instead of the default.
    /// Several instances may serve the same PostgreSQL database (behind one address), each
    /// game from any of them.
    #[arg(long, env = "STONEFIELD_DATABASE")]
    pub database: Option<String>,
    /// Seconds after which an open game that nobody joined is deleted (finished games stay
    /// forever).
    #[arg(long, env = "STONEFIELD_OPEN_GAME_EXPIRY", default_value_t = 7 * 24 * 3600, value_parser = clap::value_parser!(u64).range(60..))]
    pub open_game_expiry: u64,
    /// How long a live game without a clock stays in the lobby's list of live games when
    /// nobody moves: `90s`, `30m`, `2h`, `1d` (a bare number counts seconds). The game
    /// itself goes on; it is only no longer listed.
    #[arg(long, env = "STONEFIELD_IDLE_AFTER", default_value = "30m", value_parser = parse_duration)]
    pub idle_after: Duration,
    /// Seconds a stopping server (SIGTERM, Ctrl-C) gives its connections to close: it stops
    /// accepting, lets the moves under way commit, and closes every WebSocket with "server
    /// restarting" (browsers reconnect, to any instance).
    #[arg(long = "drain", env = "STONEFIELD_DRAIN", default_value_t = 10)]
    pub drain_secs: u64,
    /// Connection and request limits.
    #[command(flatten)]
    pub limits: Limits,
    /// What each WebSocket may cost.
    #[command(flatten)]
    pub sockets: quota::SocketLimits,
    /// Mark the session cookie `Secure` on every answer (the server is reached over HTTPS
    /// only, behind a proxy that may not send `X-Forwarded-Proto: https`).
    #[arg(long, env = "STONEFIELD_SECURE_COOKIES")]
    pub secure_cookies: bool,
}

/// A duration as `--idle-after` takes it: a whole number with an optional unit `s`, `m`,
/// `h` or `d` (seconds when none).
///
/// # Errors
/// Not a number with one of those units.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (number, unit) = text.split_at(
        text.find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len()),
    );
    let n: u64 = number
        .parse()
        .map_err(|_| format!("{text:?}: expected a number and a unit (90s, 30m, 2h, 1d)"))?;
    let secs = match unit {
        "" | "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        other => return Err(format!("{other:?}: expected the unit s, m, h or d")),
    };
    n.checked_mul(secs)
        .map(Duration::from_secs)
        .ok_or_else(|| format!("{text:?}: too long"))
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("stonefield-data"),
            database: None,
            open_game_expiry: 7 * 24 * 3600,
            idle_after: Duration::from_secs(30 * 60),
            drain_secs: 10,
            limits: Limits::default(),
            sockets: quota::SocketLimits::default(),
            secure_cookies: false,
        }
    }
}

/// Opens the store and returns the shared state. No game is read: each room opens when
/// its game is first asked for, so start-up takes as long with a million stored games as
/// with none.
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
    notices::listen(&rooms).await?;
    outages::start(&rooms).await?;
    Ok(AppState {
        rooms,
        heavy: HeavyPool::for_this_machine(),
        limits: config.limits.clone(),
        idle_after: config.idle_after,
        quotas: Arc::new(quota::Quotas::new(config.sockets.clone())),
        accounts: Arc::new(accounts::Accounts::new(config.secure_cookies)),
        reviews: Arc::default(),
    })
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

/// Serves on the current runtime until the process is stopped (SIGTERM or Ctrl-C), then
/// drains: no new connection, the moves under way committed, every WebSocket closed with
/// "server restarting" (within `--drain` seconds).
///
/// # Errors
/// The store cannot be opened or the address cannot be bound.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    let state = open_state(&config).await?;
    tokio::spawn(expire_open_games(
        state.rooms.clone(),
        Duration::from_secs(config.open_game_expiry),
    ));
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    println!("stonefield: serving on http://{addr}/ (open it in a browser)");
    let rooms = state.rooms.clone();
    serve_on(listener, state, stop_signal()).await?;
    tracing::info!("stopping: closing connections");
    rooms
        .drain(Duration::from_secs(config.drain_secs), rooms.metrics())
        .await;
    Ok(())
}

/// Completes on SIGTERM (what service managers and container runtimes send) or Ctrl-C.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Deletes open games nobody joined in `idle`, and sessions past their time, now and then
/// (a tenth of `idle`, at most hourly), for as long as the server runs.
async fn expire_open_games(rooms: Arc<rooms::Rooms>, idle: Duration) {
    let every = (idle / 10).min(Duration::from_secs(3600));
    loop {
        match rooms.expire_open(idle).await {
            Ok(0) => {}
            Ok(n) => tracing::info!("{n} open games nobody joined have expired"),
            Err(e) => tracing::warn!("expiring open games: {e}"),
        }
        // Sessions past their time are refused when used; the rest are swept here.
        if let Err(e) = rooms.store().expire_sessions().await {
            tracing::warn!("expiring sessions: {e}");
        }
        tokio::time::sleep(every).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `serve` option reads an environment variable too, and `--help` names it.
    #[test]
    fn every_serve_flag_has_an_environment_variable() {
        use clap::Args;
        let mut cmd = Config::augment_args(clap::Command::new("serve"));
        for arg in cmd.get_arguments() {
            if arg.get_id() == "help" {
                continue;
            }
            let env = arg.get_env().map(|e| e.to_string_lossy().into_owned());
            assert!(
                env.as_deref().is_some_and(|e| e.starts_with("STONEFIELD_")),
                "--{} has no STONEFIELD_ variable",
                arg.get_id()
            );
        }
        let help = cmd.render_long_help().to_string();
        assert!(help.contains("STONEFIELD_DATABASE"), "{help}");
    }
}
