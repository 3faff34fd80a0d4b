//! Who may hold a connection: at most `--max-connections` in all, at most
//! `--connections-per-ip` per client, and once half of the total is taken only
//! `--busy-connections-per-ip` per client, so that a crowd of addresses that fills the first
//! half cannot take the second: it stays for clients that hold few connections, such as a
//! new player loading the page. A client is an address, or for IPv6 its /64 network (what
//! one subscriber is given).
//!
//! ```
//! # use stonefield_server::Limits;
//! let limits = Limits { max_connections: 10_000, ..Limits::default() };
//! assert_eq!(limits.busy_from(), 5_000);
//! ```

use ipnet::IpNet;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// The bounds on what one client may hold or ask (options of `stonefield serve`).
#[derive(Debug, Clone, clap::Args)]
pub struct Limits {
    /// Seconds a client has to send a request's headers; a kept-alive connection that sends
    /// no next request within this time is closed too.
    #[arg(long = "header-timeout", env = "STONEFIELD_HEADER_TIMEOUT", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    pub header_timeout_secs: u64,
    /// Seconds a client has to send a request's body once its headers are in (so a whole
    /// request takes at most --header-timeout plus this), else it is answered 408 and its
    /// connection closed. A connection (WebSocket too) whose client takes nothing of what
    /// it is sent for this long is closed as well.
    #[arg(long = "request-timeout", env = "STONEFIELD_REQUEST_TIMEOUT", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
    pub request_timeout_secs: u64,
    /// Connections (HTTP and WebSocket) open at once in all; one more is answered 503 and
    /// closed. Once half of them are open, each address may hold only
    /// --busy-connections-per-ip: a crowd of addresses that filled the first half cannot
    /// take the second, which stays for newcomers. The default is three quarters of the
    /// process's limit on open files (`ulimit -n`), at most 10,000.
    #[arg(long, env = "STONEFIELD_MAX_CONNECTIONS", default_value_t = default_max_connections(), value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections: u32,
    /// Connections open at once from one IP address (an IPv6 client's /64 network); one
    /// more is answered 429 and closed.
    #[arg(long, env = "STONEFIELD_CONNECTIONS_PER_IP", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..))]
    pub connections_per_ip: u32,
    /// Connections open at once from one IP address while half of --max-connections are
    /// open (enough for a browser loading the page and its game).
    #[arg(long, env = "STONEFIELD_BUSY_CONNECTIONS_PER_IP", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..))]
    pub busy_connections_per_ip: u32,
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
            request_timeout_secs: 30,
            max_connections: default_max_connections(),
            connections_per_ip: 64,
            busy_connections_per_ip: 8,
            ping_interval_secs: 20,
            creations_per_minute: 20,
            trusted_proxies: Vec::new(),
        }
    }
}

/// Why a connection or request was not let in; its message names the bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// `--max-connections` are open.
    #[error("the server is full ({0} connections open): try again in a moment")]
    Full(u32),
    /// The client holds its share: `--connections-per-ip`, or while the server is busy
    /// (half of `--max-connections` open) `--busy-connections-per-ip`.
    #[error("too many connections from this address: {cap} at once{}", busy_note(.busy))]
    Crowded {
        /// The share the client holds.
        cap: u32,
        /// Whether that is the busy share.
        busy: bool,
    },
}

/// What a refusal of the busy share adds.
fn busy_note(busy: &bool) -> &'static str {
    if *busy {
        " while the server is busy"
    } else {
        ""
    }
}

/// The counts of open connections, in all and per client.
#[derive(Debug)]
pub struct Gate {
    open: AtomicU32,
    per_client: Mutex<HashMap<IpAddr, u32>>,
    max: u32,
    per_ip: u32,
    busy_per_ip: u32,
}

/// One TCP connection's place in the total, given back when the last clone drops: the
/// connection's task holds it, and so does every slot taken through it (a WebSocket
/// outlives the task that upgraded it).
#[derive(Debug)]
pub struct Open(Arc<Gate>);

/// A connection's (or behind a trusted proxy, a request's) place in the count of its
/// client, given back when the last clone drops: the HTTP connection holds one, and a
/// WebSocket upgraded from it another. It keeps its TCP connection's place in the total.
#[derive(Debug)]
pub struct ConnSlot {
    client: IpAddr,
    gate: Arc<Gate>,
    _open: Arc<Open>,
}

/// The client an address belongs to: itself for IPv4 (an IPv4-mapped IPv6 address is its
/// IPv4 address), its /64 network for IPv6.
pub fn client_of(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(v6.to_bits() & !u128::from(u64::MAX))),
        },
    }
}

impl Gate {
    /// Empty counts under `limits`.
    pub fn new(limits: &Limits) -> Arc<Gate> {
        Arc::new(Gate {
            open: AtomicU32::new(0),
            per_client: Mutex::default(),
            max: limits.max_connections,
            per_ip: limits.connections_per_ip,
            busy_per_ip: limits
                .busy_connections_per_ip
                .min(limits.connections_per_ip),
        })
    }

    fn counts(&self) -> MutexGuard<'_, HashMap<IpAddr, u32>> {
        self.per_client
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// A place in the total for a new TCP connection.
    ///
    /// # Errors
    /// [`Refusal::Full`] when `--max-connections` are open.
    pub fn open(self: &Arc<Gate>) -> Result<Arc<Open>, Refusal> {
        self.open
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.max).then_some(n + 1)
            })
            .map_err(|_| Refusal::Full(self.max))?;
        Ok(Arc::new(Open(self.clone())))
    }

    /// A slot for a connection of the client at `ip`, kept with its TCP connection `conn`.
    ///
    /// # Errors
    /// [`Refusal::Crowded`] when the client holds its share.
    pub fn enter(self: &Arc<Gate>, ip: IpAddr, conn: &Arc<Open>) -> Result<Arc<ConnSlot>, Refusal> {
        let client = client_of(ip);
        // The connection asking is counted already: busy once more than half are open.
        let busy = self.open.load(Ordering::Acquire) > busy_from(self.max);
        let cap = if busy { self.busy_per_ip } else { self.per_ip };
        let mut counts = self.counts();
        let held = counts.entry(client).or_insert(0);
        if *held >= cap {
            if *held == 0 {
                counts.remove(&client);
            }
            return Err(Refusal::Crowded { cap, busy });
        }
        *held += 1;
        Ok(Arc::new(ConnSlot {
            client,
            gate: self.clone(),
            _open: conn.clone(),
        }))
    }

    /// TCP connections open.
    #[cfg(test)]
    fn open_now(&self) -> u32 {
        self.open.load(Ordering::Acquire)
    }
}

/// The number of open connections beyond which the server is busy: half of `max`.
fn busy_from(max: u32) -> u32 {
    max.div_ceil(2)
}

impl Limits {
    /// The number of open connections beyond which each client may hold only
    /// `--busy-connections-per-ip`: half of `--max-connections`.
    pub fn busy_from(&self) -> u32 {
        busy_from(self.max_connections)
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Drop for ConnSlot {
    fn drop(&mut self) {
        let mut counts = self.gate.counts();
        if let Some(held) = counts.get_mut(&self.client) {
            *held -= 1;
            if *held == 0 {
                counts.remove(&self.client);
            }
        }
    }
}

/// The default of `--max-connections`: three quarters of the process's limit on open
/// files (the rest for the store, the logs and the connections being refused), at most
/// 10,000 (each WebSocket holds buffers); 10,000 where the limit cannot be read.
pub fn default_max_connections() -> u32 {
    const MOST: u64 = 10_000;
    let quarters = open_file_limit().map_or(MOST, |fds| fds / 4 * 3);
    u32::try_from(quarters.clamp(1, MOST)).unwrap_or(10_000)
}

/// The soft limit on open files (`RLIMIT_NOFILE`), as Linux shows it in
/// `/proc/self/limits`; `None` elsewhere, or when unlimited.
fn open_file_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    limits
        .lines()
        .find_map(|l| l.strip_prefix("Max open files"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(max: u32, per_ip: u32, busy: u32) -> Limits {
        Limits {
            max_connections: max,
            connections_per_ip: per_ip,
            busy_connections_per_ip: busy,
            ..Limits::default()
        }
    }

    #[test]
    fn an_address_holds_at_most_its_cap_and_gets_slots_back() {
        let gate = Gate::new(&limits(100, 2, 2));
        let conn = gate.open().unwrap();
        let ip: IpAddr = [10, 0, 0, 1].into();
        let other: IpAddr = [10, 0, 0, 2].into();
        let a = gate.enter(ip, &conn).unwrap();
        let b = gate.enter(ip, &conn).unwrap();
        assert_eq!(
            gate.enter(ip, &conn).unwrap_err(),
            Refusal::Crowded {
                cap: 2,
                busy: false
            }
        );
        assert!(
            gate.enter(other, &conn).is_ok(),
            "another address has its own count"
        );
        let upgraded = b.clone();
        drop(b);
        assert!(
            gate.enter(ip, &conn).is_err(),
            "a WebSocket keeps its connection's slot"
        );
        drop(upgraded);
        let c = gate.enter(ip, &conn).unwrap();
        drop((a, c));
        assert!(gate.counts().is_empty());
    }

    #[test]
    fn the_total_is_capped_and_each_connection_gives_its_place_back() {
        let gate = Gate::new(&limits(2, 64, 8));
        let a = gate.open().unwrap();
        let slot = gate.enter([10, 0, 0, 1].into(), &a).unwrap();
        let _b = gate.open().unwrap();
        assert_eq!(gate.open().unwrap_err(), Refusal::Full(2));
        drop(a);
        assert_eq!(gate.open_now(), 2, "the slot keeps its connection's place");
        drop(slot);
        assert!(gate.open().is_ok());
    }

    #[test]
    fn once_half_are_open_an_address_holds_only_the_busy_share() {
        let gate = Gate::new(&limits(8, 64, 2));
        let crowd: IpAddr = [10, 0, 0, 1].into();
        let conns: Vec<_> = (0..3).map(|_| gate.open().unwrap()).collect();
        let mut held: Vec<_> = conns
            .iter()
            .map(|c| gate.enter(crowd, c).unwrap())
            .collect();
        let fourth = gate.open().unwrap();
        held.push(gate.enter(crowd, &fourth).unwrap());
        let fifth = gate.open().unwrap();
        assert_eq!(
            gate.enter(crowd, &fifth).unwrap_err(),
            Refusal::Crowded { cap: 2, busy: true }
        );
        let newcomer: IpAddr = [10, 0, 0, 2].into();
        let _n = gate.enter(newcomer, &fifth).unwrap();
        let _m = gate.enter(newcomer, &fifth).unwrap();
        assert!(gate.enter(newcomer, &fifth).is_err());
    }

    #[test]
    fn an_ipv6_client_is_its_64_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(client_of(a), client_of(b));
        assert_ne!(client_of(a), client_of(c));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(client_of(mapped), IpAddr::from([192, 0, 2, 7]));
        let gate = Gate::new(&limits(100, 1, 1));
        let conn = gate.open().unwrap();
        let _a = gate.enter(a, &conn).unwrap();
        assert!(gate.enter(b, &conn).is_err(), "one /64, one share");
        assert!(gate.enter(c, &conn).is_ok());
    }

    #[test]
    fn the_default_total_stays_below_the_open_file_limit() {
        let max = u64::from(default_max_connections());
        assert!((1..=10_000).contains(&max));
        if let Some(fds) = open_file_limit() {
            assert!(max < fds, "{max} of {fds}");
        }
    }
}
