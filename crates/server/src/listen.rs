//! Accepting connections within bounds: a deadline for each request's headers (which also
//! closes kept-alive connections left idle), a cap on the connections open from one
//! address, and the limits the handlers apply (WebSocket pings, request rates). Behind a
//! trusted reverse proxy, the address is the client's that the proxy names in
//! `X-Forwarded-For`, and the cap counts that client's requests and WebSockets.

use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::extract::Request;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use ipnet::IpNet;
use tokio::net::TcpListener;
use tower::ServiceExt;

use crate::http::{AppState, app};

/// The bounds on what one client may hold or ask (options of `stonefield serve`).
#[derive(Debug, Clone, clap::Args)]
pub struct Limits {
    /// Seconds a client has to send a request's headers; a kept-alive connection that sends
    /// no next request within this time is closed too.
    #[arg(long = "header-timeout", env = "STONEFIELD_HEADER_TIMEOUT", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    pub header_timeout_secs: u64,
    /// Connections (HTTP and WebSocket) open at once from one IP address.
    #[arg(long, env = "STONEFIELD_CONNECTIONS_PER_IP", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..))]
    pub connections_per_ip: u32,
    /// Seconds between the pings a WebSocket is sent; one that has sent nothing (not even a
    /// pong) for two of them is closed.
    #[arg(long = "ping-interval", env = "STONEFIELD_PING_INTERVAL", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..))]
    pub ping_interval_secs: u64,
    /// Games created plus seats claimed from one IP address per minute (a burst of this
    /// many, then one every 60/N seconds).
    #[arg(long, env = "STONEFIELD_CREATIONS_PER_MINUTE", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    pub creations_per_minute: u32,
    /// Reverse proxies (addresses or networks such as `10.0.0.0/8`, comma-separated in the
    /// variable) whose `X-Forwarded-For` names the client: behind them the bounds above
    /// apply to each client, not to the proxy. Others' `X-Forwarded-For` is ignored.
    #[arg(
        long = "trusted-proxy",
        env = "STONEFIELD_TRUSTED_PROXIES",
        value_delimiter = ','
    )]
    pub trusted_proxies: Vec<IpNet>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_timeout_secs: 10,
            connections_per_ip: 64,
            ping_interval_secs: 20,
            creations_per_minute: 20,
            trusted_proxies: Vec::new(),
        }
    }
}

/// Open connections per address.
#[derive(Debug, Default)]
struct Table(Mutex<HashMap<IpAddr, u32>>);

/// One connection's place in the count of its address, given back when the last clone
/// drops: the HTTP connection holds one, and a WebSocket upgraded from it another.
#[derive(Debug)]
pub struct ConnSlot {
    ip: IpAddr,
    table: Arc<Table>,
}

impl Table {
    fn counts(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, u32>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A slot for a connection from `ip`, or `None` when `cap` are open already.
    fn enter(self: &Arc<Table>, ip: IpAddr, cap: u32) -> Option<Arc<ConnSlot>> {
        let mut counts = self.counts();
        let open = counts.entry(ip).or_insert(0);
        if *open >= cap {
            return None;
        }
        *open += 1;
        Some(Arc::new(ConnSlot {
            ip,
            table: self.clone(),
        }))
    }
}

impl Drop for ConnSlot {
    fn drop(&mut self) {
        let mut counts = self.table.counts();
        if let Some(open) = counts.get_mut(&self.ip) {
            *open -= 1;
            if *open == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

/// Serves the application on `listener` until `shutdown` completes.
///
/// # Errors
/// None so far: a failed accept (out of file descriptors, say) is logged and retried.
pub async fn serve_on(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send,
) -> std::io::Result<()> {
    let limits = Arc::new(state.limits.clone());
    let router = app(state);
    let table = Arc::new(Table::default());
    let header_timeout = Duration::from_secs(limits.header_timeout_secs);
    tokio::pin!(shutdown);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(conn) => conn,
                Err(e) => {
                    tracing::warn!("accept failed: {e}");
                    // Out of descriptors: give the open connections a moment to close.
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => return Ok(()),
        };
        let admit = if trusted(&limits.trusted_proxies, peer.ip()) {
            // A proxy carries many clients: each request takes its client's slot.
            Admit::Proxied {
                table: table.clone(),
                limits: limits.clone(),
            }
        } else {
            let Some(slot) = table.enter(peer.ip(), limits.connections_per_ip) else {
                tracing::debug!(%peer, "connection refused: too many from this address");
                continue;
            };
            Admit::Direct(slot)
        };
        // Moves are small messages: send them at once.
        let _ = tcp.set_nodelay(true);
        let service = request_service(router.clone(), peer, admit);
        tokio::spawn(async move {
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(tcp), service)
                .with_upgrades();
            if let Err(e) = conn.await {
                tracing::debug!(%peer, "connection ended: {e}");
            }
        });
    }
}

/// How the requests of one connection get their client's address and slot.
#[derive(Clone)]
enum Admit {
    /// A client's own connection: its address, and the slot it took when accepted.
    Direct(Arc<ConnSlot>),
    /// A trusted proxy's: each request names its client and takes a slot of its own.
    Proxied {
        table: Arc<Table>,
        limits: Arc<Limits>,
    },
}

impl Admit {
    /// The client's address and slot for `req`, or `None` when that client holds its cap.
    fn admit(
        &self,
        peer: SocketAddr,
        req: &Request<Incoming>,
    ) -> Option<(SocketAddr, Arc<ConnSlot>)> {
        match self {
            Admit::Direct(slot) => Some((peer, slot.clone())),
            Admit::Proxied { table, limits } => {
                let client = forwarded_client(req.headers(), &limits.trusted_proxies)
                    .map_or(peer, |ip| SocketAddr::new(ip, 0));
                let slot = table.enter(client.ip(), limits.connections_per_ip)?;
                Some((client, slot))
            }
        }
    }
}

/// Whether `ip` is one of the trusted proxies.
fn trusted(proxies: &[IpNet], ip: IpAddr) -> bool {
    proxies.iter().any(|net| net.contains(&ip))
}

/// The client a trusted proxy forwarded the request for: the last address of
/// `X-Forwarded-For` that is not itself a trusted proxy (the entries before it were
/// written by the client or by proxies nobody vouches for). `None` when the header is
/// missing or that entry is not an address.
fn forwarded_client(headers: &HeaderMap, proxies: &[IpNet]) -> Option<IpAddr> {
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    for hop in hops.iter().rev() {
        let ip: IpAddr = hop.parse().ok()?;
        if !trusted(proxies, ip) {
            return Some(ip);
        }
    }
    None
}

/// The router for one connection: each request carries its client's address (for the
/// rate limits) and the client's slot (which a WebSocket keeps); a request beyond its
/// client's cap is answered 429.
fn request_service(
    router: axum::Router,
    peer: SocketAddr,
    admit: Admit,
) -> TowerToHyperService<
    impl tower::Service<
        Request<Incoming>,
        Response = axum::response::Response,
        Error = std::convert::Infallible,
        Future = impl Send,
    > + Clone,
> {
    TowerToHyperService::new(tower::service_fn(move |mut req: Request<Incoming>| {
        let router = router.clone();
        let admitted = admit.admit(peer, &req);
        async move {
            let Some((client, slot)) = admitted else {
                tracing::debug!(%peer, "request refused: too many from its client");
                let refusal = (
                    StatusCode::TOO_MANY_REQUESTS,
                    "too many connections from this address\n",
                );
                return Ok(refusal.into_response());
            };
            req.extensions_mut().insert(ConnectInfo(client));
            req.extensions_mut().insert(slot);
            router.oneshot(req).await
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forwarded(values: &[&str], proxies: &[&str]) -> Option<IpAddr> {
        let mut headers = HeaderMap::new();
        for v in values {
            headers.append("x-forwarded-for", v.parse().unwrap());
        }
        let proxies: Vec<IpNet> = proxies.iter().map(|p| p.parse().unwrap()).collect();
        forwarded_client(&headers, &proxies)
    }

    #[test]
    fn the_client_is_the_last_hop_no_trusted_proxy_vouches_for() {
        let ip = |s: &str| Some(s.parse::<IpAddr>().unwrap());
        assert_eq!(
            forwarded(&["203.0.113.7"], &["10.0.0.1/32"]),
            ip("203.0.113.7")
        );
        // Entries the client wrote come before the one its proxy appended.
        assert_eq!(
            forwarded(&["1.2.3.4, 203.0.113.7"], &["10.0.0.0/8"]),
            ip("203.0.113.7")
        );
        // Trusted proxies in a chain are skipped, across header lines too.
        assert_eq!(
            forwarded(&["203.0.113.7, 10.0.0.2", "10.0.0.3"], &["10.0.0.0/8"]),
            ip("203.0.113.7")
        );
        assert_eq!(
            forwarded(&["2001:db8::5"], &["10.0.0.0/8"]),
            ip("2001:db8::5")
        );
        // Nothing usable: the proxy's own address stands.
        assert_eq!(forwarded(&[], &["10.0.0.0/8"]), None);
        assert_eq!(forwarded(&["unknown"], &["10.0.0.0/8"]), None);
        assert_eq!(forwarded(&["10.0.0.4"], &["10.0.0.0/8"]), None);
    }

    #[test]
    fn an_address_holds_at_most_its_cap_and_gets_slots_back() {
        let table = Arc::new(Table::default());
        let ip: IpAddr = [10, 0, 0, 1].into();
        let other: IpAddr = [10, 0, 0, 2].into();
        let a = table.enter(ip, 2).unwrap();
        let b = table.enter(ip, 2).unwrap();
        assert!(table.enter(ip, 2).is_none());
        assert!(
            table.enter(other, 2).is_some(),
            "another address has its own count"
        );
        let upgraded = b.clone();
        drop(b);
        assert!(
            table.enter(ip, 2).is_none(),
            "a WebSocket keeps its connection's slot"
        );
        drop(upgraded);
        let c = table.enter(ip, 2).unwrap();
        drop((a, c));
        assert!(table.counts().is_empty());
    }
}
