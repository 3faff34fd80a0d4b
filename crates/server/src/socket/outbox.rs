//! A connection's outbox, bounded in bytes: the room puts messages in ([`Outbox::send`]),
//! the socket takes them out ([`Drain::recv`]) and each message counts until the socket
//! has written it. What waits counts three times: for the connection, for its address and
//! for the instance. A message that would take any of them past its bound (once something
//! already waits for the connection: its first message always fits, however large) cuts
//! the connection instead: the room forgets it, its socket closes, and the client
//! reconnects for a full state. A count of messages is no bound on memory; this is.
//!
//! Texts are shared, not copied: a state sent to many connections is one allocation, but
//! counts for each connection it waits for (what a client has not read is its backlog,
//! shared or not).
//!
//! ```
//! use std::sync::Arc;
//! use stonefield_server::outbox::{Bounds, channel};
//!
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! let (out, mut drain) = channel(Bounds::for_one(100));
//! let big: Arc<str> = "x".repeat(500).into();
//! assert!(out.send(big.clone()).is_ok(), "the first message always fits");
//! assert!(out.send("y".repeat(50).into()).is_err(), "beyond the bound: cut");
//! assert!(out.is_cut());
//! let first = drain.recv().await.unwrap();
//! assert!(Arc::ptr_eq(first.text(), &big));
//! # });
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use tokio::sync::{Notify, mpsc};

/// What a message costs beyond its text: the channel's node and the counters' bookkeeping.
const OVERHEAD: usize = 64;

/// The bounds on unsent bytes and the counters they are checked against: the
/// connection's own, its address's and the instance's (shared with other connections).
#[derive(Debug)]
pub struct Bounds {
    own: usize,
    address: (Arc<AtomicUsize>, usize),
    total: (Arc<AtomicUsize>, usize),
}

impl Bounds {
    /// A connection bounded to `own` bytes, alone at its address and on its instance.
    pub fn for_one(own: usize) -> Bounds {
        Bounds {
            own,
            address: (Arc::default(), usize::MAX),
            total: (Arc::default(), usize::MAX),
        }
    }

    /// A connection bounded to `own` bytes, sharing the counters `address` and `total`
    /// with the other connections of its address and instance, bounded to `per_address`
    /// and `all` bytes.
    pub fn shared(
        own: usize,
        (address, per_address): (Arc<AtomicUsize>, usize),
        (total, all): (Arc<AtomicUsize>, usize),
    ) -> Bounds {
        Bounds {
            own,
            address: (address, per_address),
            total: (total, all),
        }
    }
}

/// The count of one connection's unsent bytes, and whether it was cut.
#[derive(Debug)]
struct Meter {
    queued: AtomicUsize,
    bounds: Bounds,
    cut: AtomicBool,
    cut_signal: Notify,
}

impl Meter {
    /// Counts `cost` more bytes; whether they fit. Counted either way: the caller releases
    /// what does not fit.
    fn take(&self, cost: usize) -> bool {
        let before = self.queued.fetch_add(cost, Ordering::AcqRel);
        let address = self.bounds.address.0.fetch_add(cost, Ordering::AcqRel);
        let total = self.bounds.total.0.fetch_add(cost, Ordering::AcqRel);
        before == 0
            || (before + cost <= self.bounds.own
                && address + cost <= self.bounds.address.1
                && total + cost <= self.bounds.total.1)
    }

    fn release(&self, cost: usize) {
        self.queued.fetch_sub(cost, Ordering::AcqRel);
        self.bounds.address.0.fetch_sub(cost, Ordering::AcqRel);
        self.bounds.total.0.fetch_sub(cost, Ordering::AcqRel);
    }

    fn cut(&self) {
        if !self.cut.swap(true, Ordering::AcqRel) {
            // A permit is kept if the socket is not waiting yet.
            self.cut_signal.notify_one();
        }
    }
}

/// A message waiting in an outbox; its bytes count until it is dropped (once written, or
/// with the outbox).
#[derive(Debug)]
pub struct Queued {
    text: Arc<str>,
    cost: usize,
    meter: Arc<Meter>,
}

impl Queued {
    /// The text to send.
    pub fn text(&self) -> &Arc<str> {
        &self.text
    }
}

impl Drop for Queued {
    fn drop(&mut self) {
        self.meter.release(self.cost);
    }
}

/// The room's end of a connection's outbox.
#[derive(Debug)]
pub struct Outbox {
    tx: mpsc::UnboundedSender<Queued>,
    meter: Arc<Meter>,
}

/// The connection was cut (or had closed): it gets nothing more.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the connection's outbox is over its bound, or closed")]
pub struct Cut;

impl Outbox {
    /// Queues `text`, or cuts the connection when it would take an unsent-bytes count
    /// past its bound.
    ///
    /// # Errors
    /// [`Cut`]: the connection was cut now or before, or its socket has gone.
    pub fn send(&self, text: Arc<str>) -> Result<(), Cut> {
        if self.is_cut() {
            return Err(Cut);
        }
        let cost = text.len() + OVERHEAD;
        let fits = self.meter.take(cost);
        let queued = Queued {
            text,
            cost,
            meter: self.meter.clone(),
        };
        if !fits {
            drop(queued);
            self.meter.cut();
            return Err(Cut);
        }
        // A message the socket will never take is released as it is dropped.
        self.tx.send(queued).map_err(|_| Cut)
    }

    /// Whether the connection was cut.
    pub fn is_cut(&self) -> bool {
        self.meter.cut.load(Ordering::Acquire)
    }
}

/// The socket's end of a connection's outbox.
#[derive(Debug)]
pub struct Drain {
    rx: mpsc::UnboundedReceiver<Queued>,
    meter: Arc<Meter>,
}

impl Drain {
    /// The next message; `None` once the room has let go of the connection.
    pub async fn recv(&mut self) -> Option<Queued> {
        self.rx.recv().await
    }

    /// The next message if one waits.
    pub fn try_recv(&mut self) -> Option<Queued> {
        self.rx.try_recv().ok()
    }

    /// A handle that completes when the connection is cut.
    pub fn cut_signal(&self) -> CutSignal {
        CutSignal(self.meter.clone())
    }

    /// The bytes waiting (the message being written included).
    pub fn queued(&self) -> usize {
        self.meter.queued.load(Ordering::Acquire)
    }
}

/// Completes when a connection's outbox is cut ([`CutSignal::cut`]).
#[derive(Debug, Clone)]
pub struct CutSignal(Arc<Meter>);

impl CutSignal {
    /// Waits until the connection is cut.
    pub async fn cut(&self) {
        while !self.0.cut.load(Ordering::Acquire) {
            self.0.cut_signal.notified().await;
        }
    }
}

/// A new outbox under `bounds`.
pub fn channel(bounds: Bounds) -> (Outbox, Drain) {
    let (tx, rx) = mpsc::unbounded_channel();
    let meter = Arc::new(Meter {
        queued: AtomicUsize::new(0),
        bounds,
        cut: AtomicBool::new(false),
        cut_signal: Notify::new(),
    });
    (
        Outbox {
            tx,
            meter: meter.clone(),
        },
        Drain { rx, meter },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(n: usize) -> Arc<str> {
        "x".repeat(n).into()
    }

    #[tokio::test]
    async fn bytes_count_until_written_and_a_connection_over_its_bound_is_cut() {
        let (out, mut drain) = channel(Bounds::for_one(1000));
        out.send(text(400)).unwrap();
        out.send(text(400)).unwrap();
        assert_eq!(drain.queued(), 800 + 2 * OVERHEAD);
        let first = drain.recv().await.unwrap();
        assert_eq!(drain.queued(), 800 + 2 * OVERHEAD, "until written");
        drop(first);
        assert_eq!(drain.queued(), 400 + OVERHEAD);
        out.send(text(400)).unwrap();
        assert_eq!(out.send(text(400)), Err(Cut));
        assert!(out.is_cut());
        assert_eq!(out.send(text(1)), Err(Cut), "cut for good");
        tokio::time::timeout(std::time::Duration::from_secs(1), drain.cut_signal().cut())
            .await
            .expect("the socket hears of the cut");
        drop(drain);
        assert_eq!(out.meter.queued.load(Ordering::Acquire), 0);
    }

    #[test]
    fn an_address_and_the_instance_bound_their_connections_together() {
        let address = (Arc::new(AtomicUsize::new(0)), 1000);
        let total = (Arc::new(AtomicUsize::new(0)), 3000);
        let open = |address: &(Arc<AtomicUsize>, usize)| {
            channel(Bounds::shared(10_000, address.clone(), total.clone()))
        };
        let (a1, d1) = open(&address);
        let (a2, d2) = open(&address);
        a1.send(text(400)).unwrap();
        a1.send(text(400)).unwrap();
        a2.send(text(400)).unwrap();
        assert_eq!(a2.send(text(400)), Err(Cut), "the address holds too much");
        assert_eq!(address.0.load(Ordering::Acquire), 800 + 400 + 3 * OVERHEAD);
        // Another address is bounded by the instance's total only.
        let other = (Arc::new(AtomicUsize::new(0)), usize::MAX);
        let (b, _db) = open(&other);
        for _ in 0..3 {
            b.send(text(400)).unwrap();
        }
        assert_eq!(b.send(text(900)), Err(Cut), "the instance holds too much");
        drop((d1, d2));
        assert_eq!(
            address.0.load(Ordering::Acquire),
            0,
            "released with the outboxes"
        );
        assert_eq!(total.0.load(Ordering::Acquire), 3 * (400 + OVERHEAD));
    }
}
