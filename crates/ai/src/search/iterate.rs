//! One search thread's work: iterations down the tree, a playout, and the value back up,
//! until the budget or a limit is reached.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use stonefield_rules::{Game, IllegalMove};

use super::amaf::AmafSet;
use super::policy::{Policy, Trace};
use super::tree::{NewChild, ROOT, Tree};
use super::types::{Action, NodeId, SearchConfig, Selection};

/// One thread's random stream and scratch space.
#[derive(Debug, Clone)]
pub(super) struct Worker {
    rng: fastrand::Rng,
    path: Vec<NodeId>,
    /// The nodes of the path that gather who holds their point (criticality).
    owned: Vec<NodeId>,
    trace: Trace,
    seen: AmafSet,
}

impl Worker {
    pub(super) fn new(seed: u64) -> Self {
        Worker {
            rng: fastrand::Rng::with_seed(seed),
            path: Vec::new(),
            owned: Vec::new(),
            trace: Trace::new(false),
            seen: AmafSet::default(),
        }
    }
}

/// Locks a tree. A thread that panicked while holding the lock left at worst a half-made
/// iteration behind, which the statistics survive.
pub(super) fn lock<M>(tree: &Mutex<Tree<M>>) -> MutexGuard<'_, Tree<M>> {
    tree.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Plays `action` in `game`.
pub(super) fn apply<G: Game>(game: &mut G, action: &Action<G::Move>) -> Result<(), IllegalMove> {
    match action {
        Action::Play(m) => game.play(m).map(|_| ()),
        Action::Pass => game.pass(),
    }
}

/// What ends a search besides its playout budget: a deadline, and a flag another thread
/// sets (pondering).
#[derive(Clone, Copy)]
pub(super) struct Limits<'a> {
    pub(super) deadline: Option<Instant>,
    pub(super) stop: Option<&'a AtomicBool>,
}

impl Limits<'_> {
    fn reached(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// Runs iterations on `tree` until the budget or the limits are spent (at least one, so
/// the root has its moves); returns the playouts made.
pub(super) fn grow<G: Game, P: Policy<G>>(
    w: &mut Worker,
    tree: &Mutex<Tree<G::Move>>,
    game: &G,
    policy: &P,
    config: &SearchConfig,
    budget: Option<u32>,
    limits: Limits<'_>,
) -> u32 {
    let mut made = 0;
    // Every iteration starts from a copy of `game`: one scratch copy, reset in place,
    // keeps a variant's large buffers (classic Go's board) from being allocated anew.
    let mut scratch = game.clone();
    loop {
        scratch.clone_from(game);
        iterate(w, tree, &mut scratch, policy, config);
        made += 1;
        if budget.is_some_and(|b| made >= b) || limits.reached() {
            return made;
        }
    }
}

/// One iteration: down the tree by the selection rule (expanding the leaf reached if it has
/// earned it), one playout, and its value back up the path (RAVE too). The lock is let go
/// while the playout runs and while a new node's children are made; each node on the path
/// counts its visit on the way down, its value on the way up. `game`, a copy of the
/// root's position, is played on.
fn iterate<G: Game, P: Policy<G>>(
    w: &mut Worker,
    shared: &Mutex<Tree<G::Move>>,
    game: &mut G,
    policy: &P,
    config: &SearchConfig,
) {
    let mut tree = lock(shared);
    w.path.clear();
    let mut node = ROOT;
    w.path.push(node);
    loop {
        if tree.is_terminal(node) {
            break;
        }
        if !tree.is_expanded(node) {
            if game.is_over() {
                tree.set_terminal(node);
                break;
            }
            let earned = node == ROOT
                || (tree.visits(node) >= config.expand_after && tree.len() < config.max_nodes);
            if !earned {
                break;
            }
            drop(tree);
            let children = children(policy, game, config);
            tree = lock(shared);
            // Another thread may have expanded it meanwhile: its children stand.
            if !tree.is_expanded(node) {
                tree.expand(node, game.to_move(), children, config);
            }
            if tree.is_terminal(node) {
                break;
            }
        }
        let Some(child) = select_playable(&mut tree, node, game, config) else {
            tree.set_terminal(node);
            break;
        };
        tree.add_visit(node);
        node = child;
        w.path.push(node);
    }
    tree.add_visit(node);
    let terminal = tree.is_terminal(node);
    let rave = config.rave;
    w.trace.reset(rave);
    w.owned.clear();
    if rave {
        for &id in &w.path {
            if let Some(key) = tree.ownership_key(id, config) {
                w.owned.push(id);
                w.trace.want_owner(key);
            }
        }
    }
    drop(tree);
    let value = if game.is_over() || terminal {
        policy.value(game)
    } else {
        policy.playout(game, &mut w.rng, &mut w.trace)
    };
    let mut tree = lock(shared);
    tree.add_value(&w.path, value);
    if w.trace.owners().len() == w.owned.len() {
        tree.add_ownership(&w.owned, w.trace.owners(), value, config);
    }
    if rave && policy.learns_replies() {
        let in_tree = w.path[1..]
            .iter()
            .map(|&id| tree.amaf_key(id).map(|k| (tree.mover(id), k)));
        w.trace.learn_replies(in_tree, value);
    }
    if rave {
        w.seen.clear();
        // The playout's moves follow the path's, one move into each node below the root.
        let mut index = w.path.len() as u32 - 1;
        for (color, key) in w.trace.take() {
            w.seen.insert(color, key, index);
            index += 1;
        }
        tree.backup_amaf(&w.path, &mut w.seen, index, value, config);
    }
}

/// Selects a child of `node` and plays its move in `game`; a move the variant refuses is
/// marked and another selected. `None` when every child is refused.
fn select_playable<G: Game>(
    tree: &mut Tree<G::Move>,
    node: NodeId,
    game: &mut G,
    config: &SearchConfig,
) -> Option<NodeId> {
    loop {
        let child = tree.select(node, config)?;
        let action = tree.action(child).expect("a child has a move");
        if apply(game, action).is_ok() {
            return Some(child);
        }
        tree.refuse(child);
    }
}

/// The children of a leaf: the policy's candidates, then passing where allowed.
fn children<G: Game, P: Policy<G>>(
    policy: &P,
    game: &G,
    config: &SearchConfig,
) -> Vec<NewChild<G::Move>> {
    let mut actions: Vec<Action<G::Move>> = policy
        .candidates(game)
        .into_iter()
        .map(Action::Play)
        .collect();
    if policy.may_pass(game) {
        actions.push(Action::Pass);
    }
    let priors = match config.selection {
        Selection::Puct => policy.priors(game, &actions),
        Selection::Uct => None,
    }
    .filter(|p| p.len() == actions.len());
    let experience = config
        .rave
        .then(|| policy.prior_experience(game, &actions))
        .flatten()
        .filter(|e| e.len() == actions.len());
    let uniform = 1.0 / actions.len().max(1) as f32;
    actions
        .into_iter()
        .enumerate()
        .map(|(i, action)| NewChild {
            amaf_key: match &action {
                Action::Play(m) => policy.amaf_key(m),
                Action::Pass => None,
            },
            prior: priors.as_ref().map_or(uniform, |p| p[i]),
            experience: experience.as_ref().map_or((0, 0.0), |e| e[i]),
            action,
        })
        .collect()
}
