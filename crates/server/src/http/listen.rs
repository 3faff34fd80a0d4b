//! Accepting connections within bounds, in time and in number. In time: a deadline for
//! each request's headers (which also closes kept-alive connections left idle), another for
//! its body (answered 408), and a connection whose client takes nothing it is sent for as
//! long is closed (`deadline.rs`). In number: a cap on the connections open in all (answered
//! 503) and per client, smaller once the server is busy (answered 429; `gate.rs`). Then the
//! limits the handlers apply (WebSocket pings, request rates). Behind a trusted reverse proxy,
//! the client is the one the proxy names in `X-Forwarded-For`, and its share counts that
//! client's requests and WebSockets.

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use ipnet::IpNet;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower::ServiceExt;

use crate::app_state::AppState;
use crate::http::app;
use crate::http::deadline::{BodyDeadline, Stalled};
use crate::http::gate::{ConnSlot, Gate, Limits, Open, Refusal};

/// Refused connections answered at once, at most: each holds a descriptor until its
/// answer is out. Beyond these, a refused connection is closed without an answer.
const REFUSALS_AT_ONCE: usize = 256;

/// How long a refused connection is given to send its request and take the answer.
const REFUSAL_PATIENCE: Duration = Duration::from_secs(2);

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
    let gate = Gate::new(&limits);
    let refusals = Arc::new(Semaphore::new(REFUSALS_AT_ONCE));
    let header_timeout = Duration::from_secs(limits.header_timeout_secs);
    let request_timeout = Duration::from_secs(limits.request_timeout_secs);
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
        let admit = match admit(&gate, &limits, peer) {
            Ok(admit) => admit,
            Err(refusal) => {
                tracing::debug!(%peer, "connection refused: {refusal}");
                refuse(tcp, refusal, &refusals);
                continue;
            }
        };
        // Moves are small messages: send them at once.
        let _ = tcp.set_nodelay(true);
        let service = request_service(router.clone(), peer, admit, request_timeout);
        tokio::spawn(async move {
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(Stalled::new(tcp, request_timeout)), service)
                .with_upgrades();
            if let Err(e) = conn.await {
                tracing::debug!(%peer, "connection ended: {e}");
            }
        });
    }
}

/// A place for a new connection from `peer`: in the total, and unless `peer` is a trusted
/// proxy (whose requests each take their client's), in its address's share.
fn admit(gate: &Arc<Gate>, limits: &Arc<Limits>, peer: SocketAddr) -> Result<Admit, Refusal> {
    let conn = gate.open()?;
    if trusted(&limits.trusted_proxies, peer.ip()) {
        return Ok(Admit::Proxied {
            gate: gate.clone(),
            limits: limits.clone(),
            conn,
        });
    }
    Ok(Admit::Direct(gate.enter(peer.ip(), &conn)?))
}

/// The answer to a refused connection or request: 503 when the server is full (try again
/// soon), 429 when the client holds its share. A refused connection closes after it; a
/// trusted proxy's, which carries other clients' requests too, stays.
fn refusal_response(refusal: Refusal) -> Response {
    let status = match refusal {
        Refusal::Full(_) => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::TOO_MANY_REQUESTS,
    };
    let mut answer = (status, format!("{refusal}\n")).into_response();
    answer
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
    answer
}

/// Answers a connection that was not let in with its refusal (a short HTTP answer, then
/// close, which hyper says in a `Connection: close`, so that a browser shows why rather than
/// a reset), without counting it: its request
/// must come and its answer go within [`REFUSAL_PATIENCE`]. When [`REFUSALS_AT_ONCE`] are
/// being answered already, the connection is closed at once.
fn refuse(tcp: TcpStream, refusal: Refusal, refusals: &Arc<Semaphore>) {
    let Ok(permit) = refusals.clone().try_acquire_owned() else {
        return;
    };
    tokio::spawn(async move {
        let _permit = permit;
        let service = hyper::service::service_fn(move |_: Request<Incoming>| async move {
            Ok::<_, std::convert::Infallible>(refusal_response(refusal))
        });
        let conn = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(REFUSAL_PATIENCE)
            .keep_alive(false)
            .serve_connection(TokioIo::new(tcp), service);
        let _ = tokio::time::timeout(REFUSAL_PATIENCE, conn).await;
    });
}

/// How the requests of one connection get their client's address and slot.
#[derive(Clone)]
enum Admit {
    /// A client's own connection: its address, and the slot it took when accepted.
    Direct(Arc<ConnSlot>),
    /// A trusted proxy's: each request names its client and takes a slot of its own.
    Proxied {
        gate: Arc<Gate>,
        limits: Arc<Limits>,
        /// The proxy's connection's place in the total.
        conn: Arc<Open>,
    },
}

impl Admit {
    /// The client's address and slot for `req`.
    ///
    /// # Errors
    /// The [`Refusal`] when that client holds its share.
    fn admit(
        &self,
        peer: SocketAddr,
        req: &Request<Incoming>,
    ) -> Result<(SocketAddr, Arc<ConnSlot>), Refusal> {
        match self {
            Admit::Direct(slot) => Ok((peer, slot.clone())),
            Admit::Proxied { gate, limits, conn } => {
                let client = forwarded_client(req.headers(), &limits.trusted_proxies)
                    .map_or(peer, |ip| SocketAddr::new(ip, 0));
                let slot = gate.enter(client.ip(), conn)?;
                Ok((client, slot))
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
/// client's share is answered 429. Its body must arrive within `body_limit`, else it is
/// answered 408 and the connection closed.
fn request_service(
    router: axum::Router,
    peer: SocketAddr,
    admit: Admit,
    body_limit: Duration,
) -> TowerToHyperService<
    impl tower::Service<
        Request<Incoming>,
        Response = axum::response::Response,
        Error = std::convert::Infallible,
        Future = impl Send,
    > + Clone,
> {
    TowerToHyperService::new(tower::service_fn(move |req: Request<Incoming>| {
        let router = router.clone();
        let admitted = admit.admit(peer, &req);
        async move {
            let (client, slot) = match admitted {
                Ok(admitted) => admitted,
                Err(refusal) => {
                    tracing::debug!(%peer, "request refused: {refusal}");
                    return Ok(refusal_response(refusal));
                }
            };
            let late = Arc::new(AtomicBool::new(false));
            let mut req = req.map(|body| BodyDeadline::new(body, body_limit, late.clone()));
            req.extensions_mut().insert(ConnectInfo(client));
            req.extensions_mut().insert(slot);
            let answer = router.oneshot(req).await;
            if late.load(Ordering::Acquire) {
                // Whatever the handler made of the failed read (a 400), the client was late.
                tracing::debug!(%peer, "request body late");
                let message = format!(
                    "the request body did not arrive within {} s\n",
                    body_limit.as_secs()
                );
                let mut answer = (StatusCode::REQUEST_TIMEOUT, message).into_response();
                answer
                    .headers_mut()
                    .insert(header::CONNECTION, HeaderValue::from_static("close"));
                return Ok(answer);
            }
            answer
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
}
