//! What WebSockets may cost, bounded per connection, per address and in total: the bytes
//! of states a connection may ask for again (`sync`) and how often it may ask for a
//! preview or a pong, each a second, and how many bytes of unsent messages its outbox
//! ([`crate::socket::outbox`]) may hold. The connections of one address share one entry of a table
//! (their rates and their bytes), removed when the last of them closes; every connection
//! shares the count of all unsent bytes.
//!
//! ```
//! use std::net::IpAddr;
//! use std::sync::Arc;
//! use stonefield_server::quota::{Ask, Quotas, SocketLimits};
//!
//! let quotas = Arc::new(Quotas::new(SocketLimits { preview_rate: 1.0, ..SocketLimits::default() }));
//! let ip: IpAddr = [192, 0, 2, 1].into();
//! let mut quota = quotas.enter(ip);
//! // A burst of two seconds' worth, then one a second.
//! assert!(quota.allow(Ask::Preview, 1) && quota.allow(Ask::Preview, 1));
//! assert!(!quota.allow(Ask::Preview, 1));
//! // States are counted in bytes: 2 MiB a second by default.
//! assert!(quota.allow(Ask::Sync, 3 << 20));
//! assert!(!quota.allow(Ask::Sync, 3 << 20));
//! drop(quota);
//! assert_eq!(quotas.addresses(), 0, "the last connection of an address takes its entry away");
//! ```

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// The bounds on each WebSocket (options of `stonefield serve`).
#[derive(Debug, Clone, clap::Args)]
pub struct SocketLimits {
    /// Bytes of messages a WebSocket's outbox may hold behind the one being sent (`K`, `M`,
    /// `G`: KiB, MiB, GiB): a client that does not read is cut off beyond them, and
    /// reconnects for a full state.
    #[arg(long, env = "STONEFIELD_OUTBOX_BYTES", default_value = "4M", value_parser = parse_size)]
    pub outbox_bytes: usize,
    /// The same bound for all the WebSockets of one IP address together.
    #[arg(long, env = "STONEFIELD_OUTBOX_BYTES_PER_IP", default_value = "32M", value_parser = parse_size)]
    pub outbox_bytes_per_ip: usize,
    /// The same bound for all the instance's WebSockets together.
    #[arg(long, env = "STONEFIELD_OUTBOX_BYTES_TOTAL", default_value = "256M", value_parser = parse_size)]
    pub outbox_bytes_total: usize,
    /// Seconds a message may wait to be written to a WebSocket: a client that does not
    /// read for longer is closed.
    #[arg(long = "send-timeout", env = "STONEFIELD_SEND_TIMEOUT", default_value_t = 15, value_parser = clap::value_parser!(u64).range(1..))]
    pub send_timeout_secs: u64,
    /// Bytes of states asked for again (`sync`) per second and connection, after a burst
    /// of two seconds' worth (`K`, `M`, `G` as above); more are refused as `too-often`. A
    /// small game's state is a few kilobytes, a crowded continuous one hundreds.
    #[arg(long, env = "STONEFIELD_SYNC_BYTES_RATE", default_value = "2M", value_parser = parse_size)]
    pub sync_bytes_rate: usize,
    /// Move previews per second and connection, after a burst of two seconds' worth; more
    /// are refused as `too-often`. The browser asks at most one a frame, on its turn.
    #[arg(long, env = "STONEFIELD_PREVIEW_RATE", default_value_t = 60.0, value_parser = parse_rate)]
    pub preview_rate: f64,
    /// WebSocket pings per second and connection (each is answered with a pong), after a
    /// burst of two seconds' worth; a connection that pings faster is closed.
    #[arg(long, env = "STONEFIELD_PING_RATE", default_value_t = 1.0, value_parser = parse_rate)]
    pub ping_rate: f64,
    /// Chat lines (and rematch offers) per second and connection, after a burst of
    /// ten seconds' worth (5 lines at the default); more are refused as
    /// `too-often`.
    #[arg(long, env = "STONEFIELD_CHAT_RATE", default_value_t = 0.5, value_parser = parse_rate)]
    pub chat_rate: f64,
    /// How many connections' worth of the rates above all the WebSockets of one IP
    /// address share.
    #[arg(long, env = "STONEFIELD_RATES_PER_IP", default_value_t = 4.0, value_parser = parse_rate)]
    pub rates_per_ip: f64,
}

impl Default for SocketLimits {
    fn default() -> SocketLimits {
        SocketLimits {
            outbox_bytes: 4 << 20,
            outbox_bytes_per_ip: 32 << 20,
            outbox_bytes_total: 256 << 20,
            send_timeout_secs: 15,
            sync_bytes_rate: 2 << 20,
            preview_rate: 60.0,
            ping_rate: 1.0,
            chat_rate: 0.5,
            rates_per_ip: 4.0,
        }
    }
}

impl SocketLimits {
    /// How long a message may wait to be written.
    pub fn send_timeout(&self) -> Duration {
        Duration::from_secs(self.send_timeout_secs)
    }

    fn rate(&self, ask: Ask) -> f64 {
        match ask {
            Ask::Sync => self.sync_bytes_rate as f64,
            Ask::Preview => self.preview_rate,
            Ask::Ping => self.ping_rate,
            Ask::Chat => self.chat_rate,
        }
    }
}

/// A byte count as the outbox options take it: a whole number with an optional unit `K`,
/// `M` or `G` (binary: KiB, MiB, GiB; bytes when none).
///
/// # Errors
/// Not a number with one of those units, or too large.
pub fn parse_size(text: &str) -> Result<usize, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let n: usize = number
        .parse()
        .map_err(|_| format!("{text:?}: expected a number of bytes (65536, 64K, 4M, 1G)"))?;
    let shift = match unit.trim_end_matches(['i', 'B']) {
        "" => 0,
        "K" | "k" => 10,
        "M" | "m" => 20,
        "G" | "g" => 30,
        other => return Err(format!("{other:?}: expected the unit K, M or G")),
    };
    n.checked_mul(1 << shift)
        .ok_or_else(|| format!("{text:?}: too large"))
}

/// A rate as the rate options take it: a positive number (fractions allowed).
///
/// # Errors
/// Not a positive finite number.
pub fn parse_rate(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(r) if r.is_finite() && r > 0.0 => Ok(r),
        _ => Err(format!("{text:?}: expected a positive number")),
    }
}

/// What a connection asks that costs the server work or memory for each time it asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// The whole state again (its cost: the state's bytes).
    Sync,
    /// What a move would do.
    Preview,
    /// A pong (WebSocket ping frames are answered by the protocol layer).
    Ping,
    /// A chat line or a rematch offer: people's words, at people's pace.
    Chat,
}

/// Every kind of ask, in the order of their buckets.
const ASKS: [Ask; Ask::ALL] = [Ask::Sync, Ask::Preview, Ask::Ping, Ask::Chat];

impl Ask {
    const ALL: usize = 4;

    fn index(self) -> usize {
        match self {
            Ask::Sync => 0,
            Ask::Preview => 1,
            Ask::Ping => 2,
            Ask::Chat => 3,
        }
    }

    /// The seconds' worth of its rate a full bucket holds.
    fn burst_secs(self) -> f64 {
        match self {
            Ask::Chat => CHAT_BURST_SECS,
            _ => BURST_SECS,
        }
    }
}

/// The seconds' worth of its rate a bucket holds when full.
const BURST_SECS: f64 = 2.0;

/// The seconds' worth a chat bucket holds: a few lines said at once, then the rate.
pub const CHAT_BURST_SECS: f64 = 10.0;

/// A token bucket: `rate` tokens a second, at most `rate * BURST_SECS` (and at least one).
/// An ask may cost more than a full bucket holds (a state larger than the burst): it is
/// allowed from a full bucket, which it leaves in debt.
#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn full(rate: f64, burst: f64, now: Instant) -> Bucket {
        Bucket {
            tokens: capacity(rate, burst),
            at: now,
        }
    }

    /// Whether the bucket holds `cost` at `now` (after refilling it).
    fn holds(&mut self, cost: f64, rate: f64, burst: f64, now: Instant) -> bool {
        let gained = now.saturating_duration_since(self.at).as_secs_f64() * rate;
        self.tokens = (self.tokens + gained).min(capacity(rate, burst));
        self.at = now;
        self.tokens >= cost.min(capacity(rate, burst))
    }
}

fn capacity(rate: f64, burst: f64) -> f64 {
    (rate * burst).max(1.0)
}

/// One address's share: its rates and the unsent bytes of its connections.
#[derive(Debug)]
struct Address {
    buckets: Mutex<[Bucket; Ask::ALL]>,
    queued: Arc<AtomicUsize>,
}

/// Every address with a WebSocket open, and the unsent bytes of all of them.
#[derive(Debug)]
pub struct Quotas {
    limits: SocketLimits,
    table: Mutex<HashMap<IpAddr, Arc<Address>>>,
    queued: Arc<AtomicUsize>,
}

impl Quotas {
    /// No connection yet.
    pub fn new(limits: SocketLimits) -> Quotas {
        Quotas {
            limits,
            table: Mutex::default(),
            queued: Arc::default(),
        }
    }

    /// The bounds applied.
    pub fn limits(&self) -> &SocketLimits {
        &self.limits
    }

    fn table(&self) -> MutexGuard<'_, HashMap<IpAddr, Arc<Address>>> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The quota of a new connection from `ip`, sharing that address's entry.
    pub fn enter(self: &Arc<Quotas>, ip: IpAddr) -> Quota {
        let now = Instant::now();
        let per_ip = |ask: Ask| self.limits.rate(ask) * self.limits.rates_per_ip;
        let address = self
            .table()
            .entry(ip)
            .or_insert_with(|| {
                Arc::new(Address {
                    buckets: Mutex::new(
                        ASKS.map(|ask| Bucket::full(per_ip(ask), ask.burst_secs(), now)),
                    ),
                    queued: Arc::default(),
                })
            })
            .clone();
        let own = |ask: Ask| Bucket::full(self.limits.rate(ask), ask.burst_secs(), now);
        Quota {
            ip,
            own: ASKS.map(own),
            address,
            quotas: self.clone(),
        }
    }

    /// How many addresses have a connection open.
    pub fn addresses(&self) -> usize {
        self.table().len()
    }
}

/// One connection's rates, and its share of its address's.
#[derive(Debug)]
pub struct Quota {
    ip: IpAddr,
    own: [Bucket; Ask::ALL],
    address: Arc<Address>,
    quotas: Arc<Quotas>,
}

impl Quota {
    /// Whether the connection may `ask` now at `cost` (1 for a preview or a ping, the
    /// state's bytes for a sync), within both its own rate and its address's; if so, the
    /// cost is counted in both.
    pub fn allow(&mut self, ask: Ask, cost: usize) -> bool {
        let now = Instant::now();
        let limits = &self.quotas.limits;
        let (rate, cost) = (limits.rate(ask), cost as f64);
        let burst = ask.burst_secs();
        let own = &mut self.own[ask.index()];
        if !own.holds(cost, rate, burst, now) {
            return false;
        }
        let mut shared = self
            .address
            .buckets
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let address = &mut shared[ask.index()];
        if !address.holds(cost, rate * limits.rates_per_ip, burst, now) {
            return false;
        }
        address.tokens -= cost;
        own.tokens -= cost;
        true
    }

    /// The bounds applied.
    pub fn limits(&self) -> &SocketLimits {
        &self.quotas.limits
    }

    /// The unsent bytes of this connection's address and of every connection, for its
    /// outbox.
    pub(crate) fn counters(&self) -> (Arc<AtomicUsize>, Arc<AtomicUsize>) {
        (self.address.queued.clone(), self.quotas.queued.clone())
    }
}

impl Drop for Quota {
    fn drop(&mut self) {
        let mut table = self.quotas.table();
        // The table's reference and this one: no other connection of the address is left
        // (new ones take theirs under the same lock).
        if Arc::strong_count(&self.address) == 2 {
            table.remove(&self.ip);
        }
    }
}

/// A share of one task's time for some kind of work (spectators' previews in a room):
/// the work may start while the account is positive, and what it took is charged after.
/// The account fills at `share` seconds a second, to at most one second's share.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TimeShare {
    share: f64,
    left: f64,
    at: Instant,
}

impl TimeShare {
    /// A full account of `share` (0 to 1) of the task's time.
    pub(crate) fn new(share: f64) -> TimeShare {
        TimeShare {
            share,
            left: share,
            at: Instant::now(),
        }
    }

    /// Whether the work may start at `now`.
    pub(crate) fn may_start(&mut self, now: Instant) -> bool {
        let gained = now.saturating_duration_since(self.at).as_secs_f64() * self.share;
        self.left = (self.left + gained).min(self.share);
        self.at = now;
        self.left > 0.0
    }

    /// Charges the time the work took.
    pub(crate) fn charge(&mut self, took: Duration) {
        self.left -= took.as_secs_f64();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quotas(limits: SocketLimits) -> Arc<Quotas> {
        Arc::new(Quotas::new(limits))
    }

    #[test]
    fn a_connection_gets_a_burst_then_its_rate() {
        let q = quotas(SocketLimits {
            preview_rate: 5.0,
            ..SocketLimits::default()
        });
        let mut a = q.enter([10, 0, 0, 1].into());
        let allowed = (0..20).filter(|_| a.allow(Ask::Preview, 1)).count();
        assert_eq!(allowed, 10, "two seconds' worth");
        // Other asks have buckets of their own.
        assert!(a.allow(Ask::Ping, 1));
        // Time refills the bucket.
        a.own[Ask::Preview.index()].at -= Duration::from_secs(1);
        a.address.buckets.lock().unwrap()[Ask::Preview.index()].at -= Duration::from_secs(1);
        assert_eq!((0..20).filter(|_| a.allow(Ask::Preview, 1)).count(), 5);
    }

    #[test]
    fn chat_allows_five_lines_then_one_every_two_seconds() {
        let q = quotas(SocketLimits::default());
        let mut a = q.enter([10, 0, 0, 1].into());
        assert_eq!((0..20).filter(|_| a.allow(Ask::Chat, 1)).count(), 5);
        a.own[Ask::Chat.index()].at -= Duration::from_secs(2);
        a.address.buckets.lock().unwrap()[Ask::Chat.index()].at -= Duration::from_secs(2);
        assert_eq!((0..20).filter(|_| a.allow(Ask::Chat, 1)).count(), 1);
    }

    #[test]
    fn states_are_counted_in_bytes_and_a_large_one_leaves_a_debt() {
        let q = quotas(SocketLimits {
            sync_bytes_rate: 1000,
            ..SocketLimits::default()
        });
        let mut a = q.enter([10, 0, 0, 1].into());
        assert_eq!((0..100).filter(|_| a.allow(Ask::Sync, 100)).count(), 20);
        let mut b = q.enter([10, 0, 0, 2].into());
        assert!(
            b.allow(Ask::Sync, 5000),
            "larger than the burst: from a full bucket"
        );
        assert!(!b.allow(Ask::Sync, 1));
        b.own[Ask::Sync.index()].at -= Duration::from_secs(2);
        assert!(!b.allow(Ask::Sync, 1), "still in debt");
    }

    #[test]
    fn an_address_shares_its_rates_among_its_connections() {
        let q = quotas(SocketLimits {
            ping_rate: 1.0,
            rates_per_ip: 3.0,
            ..SocketLimits::default()
        });
        let ip: IpAddr = [10, 0, 0, 1].into();
        let mut conns: Vec<Quota> = (0..10).map(|_| q.enter(ip)).collect();
        let allowed: usize = conns
            .iter_mut()
            .map(|c| (0..5).filter(|_| c.allow(Ask::Ping, 1)).count())
            .sum();
        assert_eq!(allowed, 6, "three connections' worth of two-second bursts");
        let mut other = q.enter([10, 0, 0, 2].into());
        assert!(other.allow(Ask::Ping, 1), "another address has its own");
        assert_eq!(q.addresses(), 2);
        drop(conns);
        assert_eq!(q.addresses(), 1);
        drop(other);
        assert_eq!(q.addresses(), 0);
    }

    #[test]
    fn a_time_share_lets_work_start_while_its_account_lasts() {
        let t0 = Instant::now();
        let mut share = TimeShare::new(0.25);
        assert!(share.may_start(t0));
        share.charge(Duration::from_millis(200));
        assert!(share.may_start(t0), "50 ms left");
        share.charge(Duration::from_millis(100));
        assert!(!share.may_start(t0), "50 ms overdrawn");
        // A quarter of each second: the overdraft is paid back in 200 ms.
        assert!(!share.may_start(t0 + Duration::from_millis(150)));
        assert!(share.may_start(t0 + Duration::from_millis(250)));
        assert!(share.may_start(t0 + Duration::from_secs(100)));
        assert!(share.left <= 0.25, "it holds one second's share at most");
    }

    #[test]
    fn sizes_and_rates_are_read_with_their_units() {
        assert_eq!(parse_size("65536"), Ok(65536));
        assert_eq!(parse_size("64K"), Ok(64 << 10));
        assert_eq!(parse_size("4MiB"), Ok(4 << 20));
        assert_eq!(parse_size("1G"), Ok(1 << 30));
        assert!(parse_size("4 furlongs").is_err());
        assert!(parse_size("M").is_err());
        assert_eq!(parse_rate("0.5"), Ok(0.5));
        assert!(parse_rate("0").is_err());
        assert!(parse_rate("inf").is_err());
        assert!(parse_rate("-1").is_err());
    }
}
