//! The search tree: an arena of nodes whose children lie side by side, the per-move
//! statistics that UCT, PUCT and RAVE read, and the re-rooting that keeps a subtree when a
//! move is played.

use std::ops::Range;

use stonefield_rules::Color;

use super::amaf::AmafSet;
use super::criticality::Criticality;
use super::types::{Action, NodeId, RaveSchedule, SearchConfig, Selection};

/// The root of every tree.
pub const ROOT: NodeId = 0;

/// The stored key of a move RAVE leaves out (sentinels keep a node small: the tree
/// holds millions).
const NO_KEY: u64 = u64::MAX;

/// The stored expansion count of a leaf.
const LEAF: u32 = u32::MAX;

/// One position of the tree, reached from its parent by `action`.
#[derive(Debug, Clone)]
pub(super) struct Node<M> {
    /// The move into this node; `None` at the root.
    action: Option<Action<M>>,
    /// Who made `action`: statistics are kept from this player's side.
    mover: Color,
    /// The key under which RAVE pools `action` across turns, or [`NO_KEY`].
    amaf_key: u64,
    visits: u32,
    /// Sum of the playout values for `mover`.
    value: f32,
    /// Weighted: a playout's move can count for more or less than one visit
    /// ([`SearchConfig::rave_distance`]).
    amaf_visits: f32,
    amaf_value: f32,
    /// Prior experience counted in the node's own mean ([`SearchConfig::prior_in_mean`]):
    /// visits and wins for `mover`.
    prior_visits: f32,
    prior_value: f32,
    prior: f32,
    first_child: u32,
    child_count: u32,
    /// The node's visit count when it was expanded, or [`LEAF`].
    expanded_at: u32,
    /// No move can be made here: the game is over (or every candidate was refused).
    terminal: bool,
    /// The variant refused the move although it was a candidate: never selected again.
    refused: bool,
    /// Iterations down through this node whose value has not come back yet (other
    /// threads' playouts in flight).
    pending: u16,
}

impl<M> Node<M> {
    fn new(action: Option<Action<M>>, mover: Color, amaf_key: Option<u64>, prior: f32) -> Self {
        Node {
            action,
            mover,
            amaf_key: amaf_key.filter(|&k| k != NO_KEY).unwrap_or(NO_KEY),
            visits: 0,
            value: 0.0,
            amaf_visits: 0.0,
            amaf_value: 0.0,
            prior_visits: 0.0,
            prior_value: 0.0,
            prior,
            first_child: 0,
            child_count: 0,
            expanded_at: LEAF,
            terminal: false,
            refused: false,
            pending: 0,
        }
    }

    /// The mean value for `mover`, if the node has been visited.
    fn mean(&self) -> Option<f64> {
        (self.visits > 0).then(|| f64::from(self.value) / f64::from(self.visits))
    }
}

/// A candidate child handed to [`Tree::expand`].
#[derive(Debug)]
pub(super) struct NewChild<M> {
    pub action: Action<M>,
    pub amaf_key: Option<u64>,
    pub prior: f32,
    /// Prior (visits, wins for the mover) that start the AMAF statistics.
    pub experience: (u32, f32),
}

/// A search tree. Invariant, for every expanded node:
/// `visits == expanded_at + Σ children's visits` (each iteration that passes through an
/// expanded node goes on into exactly one child), and the root's visits are the playouts
/// made into this tree since it was created or last re-rooted onto a child, plus that
/// child's visits then.
#[derive(Debug, Clone)]
pub struct Tree<M> {
    nodes: Vec<Node<M>>,
    /// The arena the last re-rooting copied out of, emptied, kept for the next one: a tree
    /// re-rooted every move reuses its memory rather than have fresh pages zeroed for a
    /// new arena (a twentieth of a 1 s search's time before).
    spare: Vec<Node<M>>,
    criticality: Criticality,
}

impl<M: Clone + PartialEq> Tree<M> {
    /// A tree of one unexpanded root, where `to_move` is to play.
    pub(super) fn new(to_move: Color) -> Self {
        Tree {
            nodes: vec![Self::root(to_move)],
            spare: Vec::new(),
            criticality: Criticality::default(),
        }
    }

    fn root(to_move: Color) -> Node<M> {
        Node::new(None, to_move.other(), None, 1.0)
    }

    /// Drops every node but a new unexpanded root, where `to_move` is to play; the arena
    /// keeps its memory.
    pub(super) fn restart(&mut self, to_move: Color) {
        self.nodes.clear();
        self.nodes.push(Self::root(to_move));
        self.criticality = Criticality::default();
    }

    fn node(&self, id: NodeId) -> &Node<M> {
        &self.nodes[id as usize]
    }

    fn node_mut(&mut self, id: NodeId) -> &mut Node<M> {
        &mut self.nodes[id as usize]
    }

    /// Nodes in the arena.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a tree has at least its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Times an iteration passed through `id`.
    pub fn visits(&self, id: NodeId) -> u32 {
        self.node(id).visits
    }

    /// The mean playout value of `id` for the player who moved into it.
    pub fn win_rate(&self, id: NodeId) -> Option<f64> {
        self.node(id).mean()
    }

    /// The move into `id` (`None` at the root).
    pub fn action(&self, id: NodeId) -> Option<&Action<M>> {
        self.node(id).action.as_ref()
    }

    /// The prior the policy gave the move into `id` (uniform without priors).
    pub fn prior(&self, id: NodeId) -> f32 {
        self.node(id).prior
    }

    /// RAVE's count of playouts in which the move into `id` was played later on.
    pub fn amaf_visits(&self, id: NodeId) -> f32 {
        self.node(id).amaf_visits
    }

    /// How much holding the point of the move into `id` went with winning the playouts
    /// through it, from -1 to 1 ([`SearchConfig::criticality`]); `None` until it has
    /// gathered any.
    pub fn criticality(&self, id: NodeId) -> Option<f64> {
        self.criticality.of(id)
    }

    /// The visit count `id` had when it was expanded; `None` for a leaf.
    pub fn expanded_at(&self, id: NodeId) -> Option<u32> {
        let at = self.node(id).expanded_at;
        (at != LEAF).then_some(at)
    }

    /// Whether the variant refused the move into `id` although it was a candidate.
    pub fn refused(&self, id: NodeId) -> bool {
        self.node(id).refused
    }

    /// The children of `id` (empty for a leaf).
    pub fn children(&self, id: NodeId) -> Range<NodeId> {
        let n = self.node(id);
        n.first_child..n.first_child + n.child_count
    }

    pub(super) fn is_expanded(&self, id: NodeId) -> bool {
        self.node(id).expanded_at != LEAF
    }

    pub(super) fn is_terminal(&self, id: NodeId) -> bool {
        self.node(id).terminal
    }

    pub(super) fn set_terminal(&mut self, id: NodeId) {
        self.node_mut(id).terminal = true;
    }

    pub(super) fn refuse(&mut self, id: NodeId) {
        self.node_mut(id).refused = true;
    }

    pub(super) fn amaf_key(&self, id: NodeId) -> Option<u64> {
        let key = self.node(id).amaf_key;
        (key != NO_KEY).then_some(key)
    }

    pub(super) fn mover(&self, id: NodeId) -> Color {
        self.node(id).mover
    }

    /// Gives `id` its children, which `mover` (the player to move at `id`) may play. With
    /// no children the node is terminal instead.
    pub(super) fn expand(
        &mut self,
        id: NodeId,
        mover: Color,
        children: Vec<NewChild<M>>,
        config: &SearchConfig,
    ) {
        if children.is_empty() {
            self.set_terminal(id);
            return;
        }
        let first = self.nodes.len() as u32;
        let count = children.len() as u32;
        self.nodes.extend(children.into_iter().map(|c| {
            let mut node = Node::new(Some(c.action), mover, c.amaf_key, c.prior);
            let experience = (c.experience.0 as f32, c.experience.1);
            if config.prior_in_mean {
                (node.prior_visits, node.prior_value) = experience;
            } else {
                (node.amaf_visits, node.amaf_value) = experience;
            }
            node
        }));
        let node = self.node_mut(id);
        node.first_child = first;
        node.child_count = count;
        // A node visited u32::MAX times would read as a leaf: far beyond any budget.
        node.expanded_at = node.visits;
    }

    /// The child of the expanded node `id` to descend into; `None` if every child was
    /// refused. Ties go to the first child, so selection is deterministic.
    pub(super) fn select(&self, id: NodeId, config: &SearchConfig) -> Option<NodeId> {
        let parent = self.node(id);
        let n = f64::from(parent.visits);
        let ln_n = (n + 1.0).ln();
        let sqrt_n = n.sqrt().max(1.0);
        // PUCT values an unvisited move as the position itself, seen by the player to move.
        let parent_q = parent.mean().map_or(0.5, |q| 1.0 - q);
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for c in self.children(id) {
            let child = self.node(c);
            if child.refused {
                continue;
            }
            // Another thread's playout in flight through the child counts as a loss
            // (virtual loss), of the blend below as well: with RAVE a move's first
            // visits hardly move its value, and a loss only in its own mean would
            // hardly turn the next thread away.
            let pending = f64::from(child.pending);
            let visits = f64::from(child.visits) - pending + f64::from(child.prior_visits);
            let value = f64::from(child.value) + f64::from(child.prior_value);
            let unvisited = match config.selection {
                Selection::Uct => config.first_play_urgency,
                Selection::Puct => parent_q,
            };
            let mut q = if visits > 0.0 {
                value / visits
            } else {
                unvisited
            };
            if config.rave && child.amaf_visits > 0.0 {
                let stats = (child.amaf_visits, child.amaf_value);
                let (r, amaf) = match self.criticality.amaf(c, child.visits, stats, config) {
                    Some((r, wins)) => (r, wins / r),
                    None => (
                        f64::from(child.amaf_visits),
                        f64::from(child.amaf_value / child.amaf_visits),
                    ),
                };
                let beta = rave_beta(config, visits, r);
                q = beta * amaf + (1.0 - beta) * q;
            }
            if pending > 0.0 {
                q *= (visits + 1.0) / (visits + 1.0 + pending);
            }
            let explore = match config.selection {
                Selection::Uct => config.exploration * (ln_n / (visits + 1.0)).sqrt(),
                Selection::Puct => {
                    config.exploration * f64::from(child.prior) * sqrt_n / (1.0 + visits)
                }
            };
            let score = q + explore;
            if score > best_score || best.is_none() {
                best_score = score;
                best = Some(c);
            }
        }
        best
    }

    /// Counts a visit of `id` before its value is known: until [`Tree::add_value`] it is
    /// pending, and selection reads it as a loss for the mover (the virtual loss that
    /// spreads threads out).
    pub(super) fn add_visit(&mut self, id: NodeId) {
        let node = self.node_mut(id);
        node.visits += 1;
        node.pending = node.pending.saturating_add(1);
    }

    /// Adds `black_value` (Black's value in [0, 1]) to every node of `path`, whose visits
    /// [`Tree::add_visit`] counted.
    pub(super) fn add_value(&mut self, path: &[NodeId], black_value: f64) {
        for &id in path {
            let node = self.node_mut(id);
            node.value += value_for(node.mover, black_value);
            node.pending = node.pending.saturating_sub(1);
        }
    }

    /// The key of `id`'s move if the node has the visits to gather who holds its point at
    /// the playouts' end ([`SearchConfig::criticality`]).
    pub(super) fn ownership_key(&self, id: NodeId, config: &SearchConfig) -> Option<u64> {
        let gathers = config.criticality > 0.0
            && id != ROOT
            && self.node(id).visits >= Criticality::gathers_from(config);
        self.amaf_key(id).filter(|_| gathers)
    }

    /// Adds one playout's owners of the points of `nodes` (same order) and its value to
    /// their criticality; the nodes gather from `config`'s threshold on
    /// ([`Tree::ownership_key`]).
    pub(super) fn add_ownership(
        &mut self,
        nodes: &[NodeId],
        owners: &[Option<Color>],
        black_value: f64,
        config: &SearchConfig,
    ) {
        let from_visits = Criticality::gathers_from(config);
        self.criticality
            .add(nodes, owners, black_value, from_visits);
    }

    /// Adds one visit with `black_value` to every node of `path`.
    #[cfg(test)]
    fn backup(&mut self, path: &[NodeId], black_value: f64) {
        for &id in path {
            self.add_visit(id);
        }
        self.add_value(path, black_value);
    }

    /// Credits RAVE: for every node of `path`, each child whose move its mover made later
    /// in the iteration (further down `path` or in the playout, already in `seen`, indexed
    /// from the first tree move; `moves` in all) gets the playout's value, weighed by how
    /// soon after the node the move came ([`SearchConfig::rave_distance`]). `seen` ends
    /// holding the tree moves too.
    pub(super) fn backup_amaf(
        &mut self,
        path: &[NodeId],
        seen: &mut AmafSet,
        moves: u32,
        black_value: f64,
        config: &SearchConfig,
    ) {
        for (depth, &id) in path.iter().enumerate().rev() {
            // The index of the move after `id`'s: its children's first possible play.
            let start = depth as u32;
            if self.is_expanded(id) {
                for c in self.children(id) {
                    let child = &mut self.nodes[c as usize];
                    if child.amaf_key == NO_KEY {
                        continue;
                    }
                    let credit = seen.credit(child.mover, child.amaf_key, config.rave_first_play);
                    if let Some(first) = credit {
                        let weight = amaf_weight(config.rave_distance, first, start, moves);
                        child.amaf_visits += weight;
                        child.amaf_value += weight * value_for(child.mover, black_value);
                    }
                }
            }
            // The move into `id` comes after every move above it on the path.
            if let (Some(key), Some(index)) = (self.amaf_key(id), start.checked_sub(1)) {
                seen.insert_earliest(self.mover(id), key, index);
            }
        }
    }

    /// The root child whose move is `action`.
    pub fn root_child(&self, action: &Action<M>) -> Option<NodeId> {
        self.children(ROOT)
            .find(|&c| self.node(c).action.as_ref() == Some(action))
    }

    /// Keeps only the subtree under `id`, which becomes the root; children stay side by
    /// side (copied breadth first, into the spare arena).
    pub(super) fn reroot(&mut self, id: NodeId) {
        let mut nodes = std::mem::take(&mut self.spare);
        nodes.clear();
        let mut root = self.node(id).clone();
        root.action = None;
        nodes.push(root);
        let mut criticality = Criticality::default();
        let mut queue = std::collections::VecDeque::from([(id, ROOT)]);
        while let Some((old, new)) = queue.pop_front() {
            self.criticality
                .carry(old, self.visits(old), &mut criticality, new);
            let children = self.children(old);
            if children.is_empty() {
                continue;
            }
            let first = nodes.len() as u32;
            nodes[new as usize].first_child = first;
            for (k, c) in children.enumerate() {
                nodes.push(self.node(c).clone());
                queue.push_back((c, first + k as u32));
            }
        }
        self.criticality = criticality;
        self.spare = std::mem::replace(&mut self.nodes, nodes);
        self.spare.clear();
    }
}

/// The RAVE weight of a move first played as move `first` of an iteration of `moves`,
/// seen from the node whose children's moves start at `start`: with `distance` d, from
/// 1 + d for the move right after the node down to 1 for the last, divided by 1 + d/2 so
/// that a playout's moves weigh about one each on average (as many as without it).
/// Pachi's `distance_rave`: a move played sooner has more to do with the node's position.
fn amaf_weight(distance: f64, first: u32, start: u32, moves: u32) -> f32 {
    if distance <= 0.0 {
        return 1.0;
    }
    let left = f64::from(moves.saturating_sub(first)) / f64::from(moves.saturating_sub(start) + 1);
    ((1.0 + distance * left) / (1.0 + distance / 2.0)) as f32
}

/// The weight of a move's AMAF value against its own mean, with `visits` of its own and
/// `amaf_visits` (positive) in RAVE ([`RaveSchedule`]).
fn rave_beta(config: &SearchConfig, visits: f64, amaf_visits: f64) -> f64 {
    let k = config.rave_equivalence;
    match config.rave_schedule {
        RaveSchedule::Gelly => (k / (3.0 * visits + k)).sqrt(),
        RaveSchedule::MinimumError if visits <= 0.0 => 1.0,
        RaveSchedule::MinimumError if k <= 0.0 => 0.0,
        RaveSchedule::MinimumError => {
            amaf_visits / (amaf_visits + visits + visits * amaf_visits / k)
        }
    }
}

/// `black_value` seen by `color`.
fn value_for(color: Color, black_value: f64) -> f32 {
    match color {
        Color::Black => black_value as f32,
        Color::White => (1.0 - black_value) as f32,
    }
}

#[cfg(test)]
mod tests;
