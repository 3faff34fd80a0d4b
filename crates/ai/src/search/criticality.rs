//! Criticality (Coulom 2009, as Pachi's `crit_rave` uses it): how much owning a move's
//! point at the end of the playouts goes with winning them. A node with many visits
//! gathers who held its point and who won; a critical point's move then gets extra RAVE
//! wins, so that the search looks at the points the game turns on.

use std::collections::HashMap;

use stonefield_rules::Color;

use super::types::{NodeId, SearchConfig};

/// What the playouts through one node said about its point.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct Ownership {
    samples: f32,
    black_wins: f32,
    black_owns: f32,
    winner_owns: f32,
}

impl Ownership {
    /// Adds one playout: who held the point at its end (`None`: nobody's stone), and
    /// Black's value.
    fn add(&mut self, owner: Option<Color>, black_value: f64) {
        let black_won = black_value > 0.5;
        let winner = if black_won {
            Color::Black
        } else {
            Color::White
        };
        self.samples += 1.0;
        self.black_wins += f32::from(u8::from(black_won));
        self.black_owns += f32::from(u8::from(owner == Some(Color::Black)));
        self.winner_owns += f32::from(u8::from(owner == Some(winner)));
    }

    /// The covariance of holding the point and winning, the same for either player:
    /// `P(winner holds) − (P(Black holds)·P(Black wins) + P(White holds)·P(White wins))`,
    /// where only a stone holds a point. 0 without samples.
    pub(super) fn criticality(&self) -> f64 {
        if self.samples <= 0.0 {
            return 0.0;
        }
        let n = f64::from(self.samples);
        let (winner, black, wins) = (
            f64::from(self.winner_owns) / n,
            f64::from(self.black_owns) / n,
            f64::from(self.black_wins) / n,
        );
        winner - (2.0 * black * wins - black - wins + 1.0)
    }
}

/// The ownership of the nodes that have earned it, by node id (carried over by
/// [`Criticality::carry`] when the tree is re-rooted and the ids change).
#[derive(Debug, Clone, Default)]
pub(super) struct Criticality {
    nodes: HashMap<NodeId, Ownership>,
    /// The visits from which nodes gather ([`Criticality::gathers_from`]; visits only
    /// grow): a node with fewer has nothing here, which spares looking it up.
    from_visits: u32,
}

impl Criticality {
    /// Visits from which a node gathers ownership: half of those from which it is used,
    /// so that a node's first use reads about as many samples.
    pub(super) fn gathers_from(config: &SearchConfig) -> u32 {
        config.criticality_visits / 2
    }

    /// The criticality gathered for `id`'s point, if it has gathered any.
    pub(super) fn of(&self, id: NodeId) -> Option<f64> {
        self.nodes.get(&id).map(Ownership::criticality)
    }

    /// Adds one playout's owners of `nodes`' points (same order), and Black's value; the
    /// nodes gather from `from_visits` visits on.
    pub(super) fn add(
        &mut self,
        nodes: &[NodeId],
        owners: &[Option<Color>],
        black_value: f64,
        from_visits: u32,
    ) {
        if self.nodes.is_empty() || from_visits < self.from_visits {
            self.from_visits = from_visits;
        }
        for (&id, &owner) in nodes.iter().zip(owners) {
            self.nodes.entry(id).or_default().add(owner, black_value);
        }
    }

    /// Copies what node `old` (with `visits`) gathered into `into` as node `new`: the
    /// tree was re-rooted and the node kept under a new id.
    pub(super) fn carry(&self, old: NodeId, visits: u32, into: &mut Criticality, new: NodeId) {
        if self.nodes.is_empty() || visits < self.from_visits {
            return;
        }
        if let Some(&ownership) = self.nodes.get(&old) {
            into.nodes.insert(new, ownership);
            into.from_visits = self.from_visits;
        }
    }

    /// The RAVE statistics (visits, wins) of the move into `id` with its criticality's
    /// extra wins: `criticality × AMAF visits × config.criticality` playouts won by the
    /// mover (lost, when negative). `None` when it adds nothing: below
    /// [`SearchConfig::criticality_visits`], or nothing gathered.
    pub(super) fn amaf(
        &self,
        id: NodeId,
        own_visits: u32,
        (amaf_visits, amaf_wins): (f32, f32),
        config: &SearchConfig,
    ) -> Option<(f64, f64)> {
        if config.criticality <= 0.0 || own_visits < config.criticality_visits {
            return None;
        }
        let ownership = self.nodes.get(&id)?;
        let (visits, wins) = (f64::from(amaf_visits), f64::from(amaf_wins));
        let extra = ownership.criticality() * visits * config.criticality;
        (visits + extra > 0.0 && extra != 0.0).then_some((visits + extra, wins + extra))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ownership(playouts: &[(Option<Color>, f64)]) -> Ownership {
        let mut o = Ownership::default();
        for &(owner, value) in playouts {
            o.add(owner, value);
        }
        o
    }

    #[test]
    fn a_point_the_winner_always_holds_is_critical() {
        let (b, w) = (Some(Color::Black), Some(Color::White));
        // Whoever holds it wins: P(winner holds) 1, against 0.5 if it did not matter.
        let decisive = ownership(&[(b, 1.0), (w, 0.0), (b, 1.0), (w, 0.0)]);
        assert!((decisive.criticality() - 0.5).abs() < 1e-9);
        // Whoever holds it loses: as negative.
        let cursed = ownership(&[(b, 0.0), (w, 1.0), (b, 0.0), (w, 1.0)]);
        assert!((cursed.criticality() + 0.5).abs() < 1e-9);
        // Holding it has nothing to do with winning.
        let idle = ownership(&[(b, 1.0), (b, 0.0), (w, 1.0), (w, 0.0)]);
        assert!(idle.criticality().abs() < 1e-9);
        assert_eq!(Ownership::default().criticality(), 0.0);
    }

    #[test]
    fn a_critical_move_gets_extra_rave_wins_once_it_has_the_visits() {
        let config = SearchConfig {
            criticality: 1.0,
            criticality_visits: 100,
            ..SearchConfig::default()
        };
        let mut crit = Criticality::default();
        let (b, w) = (Some(Color::Black), Some(Color::White));
        crit.add(&[7, 8], &[b, b], 1.0, 50);
        crit.add(&[7, 8], &[w, b], 0.0, 50);
        // Node 7's point decides (criticality 0.5), node 8's is Black's either way (0).
        assert_eq!(
            crit.amaf(7, 100, (200.0, 100.0), &config),
            Some((300.0, 200.0))
        );
        assert_eq!(crit.amaf(8, 100, (200.0, 100.0), &config), None);
        // Too few visits, an unknown node, or the knob off: unchanged.
        assert_eq!(crit.amaf(7, 99, (200.0, 100.0), &config), None);
        assert_eq!(crit.amaf(9, 100, (200.0, 100.0), &config), None);
        let off = SearchConfig {
            criticality: 0.0,
            ..config
        };
        assert_eq!(crit.amaf(7, 100, (200.0, 100.0), &off), None);
    }

    #[test]
    fn a_node_kept_under_a_new_id_keeps_what_it_gathered() {
        let mut crit = Criticality::default();
        let (b, w) = (Some(Color::Black), Some(Color::White));
        crit.add(&[7, 8], &[b, b], 1.0, 50);
        crit.add(&[7, 8], &[w, b], 0.0, 50);
        let mut kept = Criticality::default();
        crit.carry(7, 60, &mut kept, 2);
        crit.carry(8, 60, &mut kept, 3);
        assert_eq!(kept.of(2), crit.of(7));
        assert_eq!(kept.of(3), crit.of(8));
        // A node with fewer visits than any that gathered is not even looked up.
        crit.carry(7, 49, &mut kept, 4);
        assert_eq!(kept.of(4), None);
    }
}
