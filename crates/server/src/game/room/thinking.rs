//! The room's side of the computer's thinking: which version of the game it was asked
//! about, where its answers arrive, and the hint a player is waiting for.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use stonefield_rules::ByColor;
use tokio::sync::mpsc;

use crate::game::computer::{ThinkPool, Thought};

/// A computer's answer, the version of the game it was about, and for a hint the
/// connection that asked.
/// No thought when the search was skipped (the game moved on) or failed.
#[derive(Debug)]
pub(super) struct Answer {
    pub(super) version: u64,
    pub(super) asker: Option<u64>,
    pub(super) thought: Option<Thought>,
}

/// The room's side of the computer's thinking.
#[derive(Debug)]
pub(super) struct Thinking {
    pub(super) pool: ThinkPool,
    /// Bumped by every stored change of the game; shared with queued jobs so that a job
    /// whose game has moved on is skipped before it starts.
    pub(super) version: Arc<AtomicU64>,
    /// The version the computer was last asked about, while it has not answered.
    pub(super) asked: Option<u64>,
    pub(super) answers: mpsc::Sender<Answer>,
    /// The score under the computer's own marks, once it has marked.
    pub(super) own_count: Option<ByColor<f64>>,
    /// The computer's own moves in a row whose search found its game hopeless
    /// ([`Task::Move`](crate::game::computer::Task)): kept in memory only, so a restart
    /// at worst delays a resignation.
    pub(super) hopeless_moves: u32,
    /// A player's hint is being searched: one at a time per game.
    pub(super) hint_pending: bool,
    /// Until this time (ms) the instance that stored the last change answers for the
    /// computer, not this one.
    pub(super) others_answer_until: Option<u64>,
}

impl Thinking {
    /// Thinking on `pool`; answers arrive on the returned receiver.
    pub(super) fn new(pool: ThinkPool) -> (Thinking, mpsc::Receiver<Answer>) {
        let (answers, rx) = mpsc::channel(4);
        let thinking = Thinking {
            pool,
            version: Arc::new(AtomicU64::new(0)),
            asked: None,
            answers,
            own_count: None,
            hopeless_moves: 0,
            hint_pending: false,
            others_answer_until: None,
        };
        (thinking, rx)
    }

    pub(super) fn version(&self) -> u64 {
        self.version.load(Ordering::SeqCst)
    }
}
