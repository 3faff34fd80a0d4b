//! What `GET /metrics` reports, in the Prometheus text format (version 0.0.4): games open,
//! WebSocket connections, moves stored and searches started (counters: Prometheus takes
//! their rates), the move round trip and the store's commit latency as histograms. A
//! handful of atomics written by hand: the format is a few lines, and a metrics library
//! would bring a registry and a global recorder for six numbers.
//!
//! ```
//! use std::time::Duration;
//! use stonefield_server::metrics::Metrics;
//!
//! let m = Metrics::default();
//! m.store_latency.observe(Duration::from_millis(3));
//! assert!(m.render(0).contains("stonefield_store_latency_seconds_count 1"));
//! ```

use std::fmt::Write as _;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

/// Upper bounds of the histogram buckets, in seconds.
const BOUNDS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

/// A latency histogram with fixed buckets.
#[derive(Debug, Default)]
pub struct Histogram {
    /// Observations at or below each bound (not cumulative; summed when written).
    buckets: [AtomicU64; BOUNDS.len()],
    count: AtomicU64,
    sum_micros: AtomicU64,
}

impl Histogram {
    /// Counts one observation.
    pub fn observe(&self, d: Duration) {
        let secs = d.as_secs_f64();
        if let Some(i) = BOUNDS.iter().position(|&b| secs <= b) {
            self.buckets[i].fetch_add(1, Ordering::Relaxed);
        }
        self.count.fetch_add(1, Ordering::Relaxed);
        let micros = u64::try_from(d.as_micros()).unwrap_or(u64::MAX);
        self.sum_micros.fetch_add(micros, Ordering::Relaxed);
    }

    fn write(&self, name: &str, help: &str, out: &mut String) {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} histogram");
        let mut total = 0;
        for (bound, n) in BOUNDS.iter().zip(&self.buckets) {
            total += n.load(Ordering::Relaxed);
            let _ = writeln!(out, "{name}_bucket{{le=\"{bound}\"}} {total}");
        }
        let count = self.count.load(Ordering::Relaxed);
        let sum = self.sum_micros.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {count}");
        let _ = writeln!(out, "{name}_sum {sum}\n{name}_count {count}");
    }
}

/// The instance's numbers, shared by the rooms and the sockets.
#[derive(Debug, Default)]
pub struct Metrics {
    /// WebSocket connections open.
    pub connections: AtomicI64,
    /// Moves stored by this instance.
    pub moves: AtomicU64,
    /// From a move's arrival in its room to its broadcast.
    pub move_round_trip: Histogram,
    /// The store's answer to an append (the commit).
    pub store_latency: Histogram,
    /// Searches started for computers' moves, marks and players' hints.
    pub searches: AtomicU64,
}

impl Metrics {
    /// The text of `GET /metrics`, with the number of rooms open.
    pub fn render(&self, games_open: usize) -> String {
        let mut out = String::new();
        let connections = self.connections.load(Ordering::Relaxed);
        let moves = self.moves.load(Ordering::Relaxed);
        let searches = self.searches.load(Ordering::Relaxed);
        let _ = writeln!(
            out,
            "# HELP stonefield_games_open Games with a room open on this instance.\n\
             # TYPE stonefield_games_open gauge\nstonefield_games_open {games_open}\n\
             # HELP stonefield_connections WebSocket connections open.\n\
             # TYPE stonefield_connections gauge\nstonefield_connections {connections}\n\
             # HELP stonefield_moves_total Moves stored by this instance.\n\
             # TYPE stonefield_moves_total counter\nstonefield_moves_total {moves}\n\
             # HELP stonefield_searches_total Searches started for computers and hints.\n\
             # TYPE stonefield_searches_total counter\nstonefield_searches_total {searches}"
        );
        self.move_round_trip.write(
            "stonefield_move_round_trip_seconds",
            "From a move's arrival in its room to its broadcast.",
            &mut out,
        );
        self.store_latency.write(
            "stonefield_store_latency_seconds",
            "The store's answer to an event (its commit).",
            &mut out,
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_cumulative() {
        let h = Histogram::default();
        h.observe(Duration::from_micros(100));
        h.observe(Duration::from_millis(15));
        h.observe(Duration::from_secs(9));
        let mut out = String::new();
        h.write("x", "help", &mut out);
        assert!(out.contains("x_bucket{le=\"0.0005\"} 1\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"0.02\"} 2\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"2.5\"} 2\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"+Inf\"} 3\n"), "{out}");
        assert!(out.contains("x_count 3\n"), "{out}");
    }
}
