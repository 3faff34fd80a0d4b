//! The end of play of the variants that count with dead stones (classic and continuous
//! Go): two passes in a row stop play, the players mark dead groups, then accept the count
//! or resume play. Each variant keeps only what is its own: how a pass changes its
//! position, what a group is, how the count is made.

use crate::{ByColor, IllegalMove, Outcome, Phase};

/// How the marked stones are kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DeadOrder {
    /// In the order they were marked (classic Go lists them so).
    Marked,
    /// Sorted, so that a count can look a stone up by binary search (continuous Go).
    Sorted,
}

/// The phase, the passes in a row and the stones marked dead of a game; `S` names a stone
/// (a board index, a stone id).
#[derive(Debug, Clone)]
pub(crate) struct Ending<S> {
    phase: Phase,
    passes: u8,
    dead: Vec<S>,
    order: DeadOrder,
    /// What a pass while dead stones are marked is refused with: classic Go has always
    /// answered [`IllegalMove::GameOver`], continuous Go [`IllegalMove::WrongPhase`], and
    /// both are pinned by their tests.
    pass_while_marking: IllegalMove,
}

impl<S: Copy + Ord> Ending<S> {
    /// Play going on, no pass yet.
    pub(crate) fn new(order: DeadOrder, pass_while_marking: IllegalMove) -> Ending<S> {
        Ending {
            phase: Phase::Playing,
            passes: 0,
            dead: Vec::new(),
            order,
            pass_while_marking,
        }
    }

    pub(crate) fn phase(&self) -> Phase {
        self.phase
    }

    /// The stones marked dead.
    pub(crate) fn dead(&self) -> &[S] {
        &self.dead
    }

    /// Whether the player to move may pass as far as the phase goes.
    pub(crate) fn may_pass(&self) -> Result<(), IllegalMove> {
        match self.phase {
            Phase::Playing => Ok(()),
            Phase::MarkingDead => Err(self.pass_while_marking),
            Phase::Finished(_) => Err(IllegalMove::GameOver),
        }
    }

    /// Counts a pass; true when it is the second in a row, which stops play.
    pub(crate) fn passed(&mut self) -> bool {
        self.passes += 1;
        self.passes >= 2
    }

    /// A stone was placed: passes in a row start again from none.
    pub(crate) fn placed(&mut self) {
        self.passes = 0;
    }

    /// Play stopped: dead stones are marked now.
    pub(crate) fn start_marking(&mut self) {
        self.phase = Phase::MarkingDead;
    }

    /// The game has a result unless it has one already.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] when it has.
    pub(crate) fn end(&mut self, outcome: Outcome) -> Result<(), IllegalMove> {
        crate::finish(&mut self.phase, outcome)
    }

    /// Refuses anything but the marking phase.
    ///
    /// # Errors
    /// [`IllegalMove::WrongPhase`] outside it.
    pub(crate) fn marking(&self) -> Result<(), IllegalMove> {
        if self.phase == Phase::MarkingDead {
            Ok(())
        } else {
            Err(IllegalMove::WrongPhase)
        }
    }

    /// Marks `group` (the group of `stone`) dead, or alive again if `stone` is marked.
    ///
    /// # Errors
    /// [`IllegalMove::WrongPhase`] outside the marking phase.
    pub(crate) fn toggle(&mut self, stone: S, group: &[S]) -> Result<(), IllegalMove> {
        self.marking()?;
        if self.dead.contains(&stone) {
            self.dead.retain(|s| !group.contains(s));
        } else {
            self.dead.extend_from_slice(group);
            if self.order == DeadOrder::Sorted {
                self.dead.sort_unstable();
            }
        }
        Ok(())
    }

    /// Both players accepted the marks: the game ends with the result of `count` (the
    /// variant's count without the marked stones, komi included).
    ///
    /// # Errors
    /// [`IllegalMove::WrongPhase`] outside the marking phase.
    pub(crate) fn accept(&mut self, count: ByColor<f64>) -> Result<Outcome, IllegalMove> {
        self.marking()?;
        let outcome = Outcome::from_scores(count.black, count.white);
        self.phase = Phase::Finished(outcome);
        Ok(outcome)
    }

    /// The players disagree about the marks: the marks go and play resumes.
    ///
    /// # Errors
    /// [`IllegalMove::WrongPhase`] outside the marking phase.
    pub(crate) fn resume(&mut self) -> Result<(), IllegalMove> {
        self.marking()?;
        self.phase = Phase::Playing;
        self.passes = 0;
        self.dead.clear();
        Ok(())
    }
}
