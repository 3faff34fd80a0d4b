//! Why a move was refused: one vocabulary shared by every variant, so that replay and the
//! server report reasons without knowing the game.

use std::fmt;

/// The reason a move, a pass or a resignation was refused. The game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The point already holds a stone.
    #[error("the point is occupied")]
    Occupied,
    /// The stone would overlap a stone on the board (continuous Go).
    #[error("the stone would overlap another stone")]
    Overlap,
    /// The point is off the board, or the stone would not fit inside it.
    #[error("the point is outside the board")]
    Outside,
    /// The move would leave its own group without a liberty.
    #[error("the move is suicide")]
    Suicide,
    /// The move retakes a ko at once.
    #[error("the move retakes a ko at once")]
    Ko,
    /// The move repeats an earlier position.
    #[error("the move repeats an earlier position")]
    Superko,
    /// The other player is to move.
    #[error("it is not this player's turn")]
    NotYourTurn,
    /// A ball without its four supports (MarGo), or a move this variant does not have.
    #[error("the move is not supported here")]
    Unsupported,
    /// The variant has no pass (MarGo).
    #[error("passing is not allowed in this variant")]
    PassNotAllowed,
    /// Play has ended.
    #[error("the game is over")]
    GameOver,
    /// A normal stone that touches no stone of the mover (Topological Go).
    #[error("the stone must touch one of the mover's stones")]
    NotConnected,
    /// A reserve stone that touches a stone of the mover (Topological Go).
    #[error("a reserve stone must not touch the mover's stones")]
    ReserveTouches,
    /// No stone of that kind is left (Topological Go).
    #[error("no stone of that kind is left")]
    NoStonesLeft,
    /// The point lies in an enclosed region (Topological Go).
    #[error("the point is in an enclosed region")]
    Enclosed,
    /// The action belongs to another phase of the game (a move while dead stones are marked).
    #[error("that is not possible in this phase of the game")]
    WrongPhase,
}

impl IllegalMove {
    /// Every reason, for front ends that must explain each one (a test checks it lists
    /// them all).
    pub const ALL: [IllegalMove; 15] = [
        IllegalMove::Occupied,
        IllegalMove::Overlap,
        IllegalMove::Outside,
        IllegalMove::Suicide,
        IllegalMove::Ko,
        IllegalMove::Superko,
        IllegalMove::NotYourTurn,
        IllegalMove::Unsupported,
        IllegalMove::PassNotAllowed,
        IllegalMove::GameOver,
        IllegalMove::NotConnected,
        IllegalMove::ReserveTouches,
        IllegalMove::NoStonesLeft,
        IllegalMove::Enclosed,
        IllegalMove::WrongPhase,
    ];

    /// The short kebab-case name used in `replay --json` and on the wire.
    pub const fn reason(self) -> &'static str {
        match self {
            IllegalMove::Occupied => "occupied",
            IllegalMove::Overlap => "overlap",
            IllegalMove::Outside => "outside",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Ko => "ko",
            IllegalMove::Superko => "superko",
            IllegalMove::NotYourTurn => "not-your-turn",
            IllegalMove::Unsupported => "unsupported",
            IllegalMove::PassNotAllowed => "pass-not-allowed",
            IllegalMove::GameOver => "game-over",
            IllegalMove::NotConnected => "not-connected",
            IllegalMove::ReserveTouches => "reserve-touches",
            IllegalMove::NoStonesLeft => "no-stones-left",
            IllegalMove::Enclosed => "enclosed",
            IllegalMove::WrongPhase => "wrong-phase",
        }
    }
}

/// A reason name as printed by [`IllegalMove::reason`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reason(pub IllegalMove);

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.reason())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_lists_every_reason_once() {
        for r in IllegalMove::ALL {
            // A new reason makes this match fail to compile until it is listed in ALL.
            match r {
                IllegalMove::Occupied
                | IllegalMove::Overlap
                | IllegalMove::Outside
                | IllegalMove::Suicide
                | IllegalMove::Ko
                | IllegalMove::Superko
                | IllegalMove::NotYourTurn
                | IllegalMove::Unsupported
                | IllegalMove::PassNotAllowed
                | IllegalMove::GameOver
                | IllegalMove::NotConnected
                | IllegalMove::ReserveTouches
                | IllegalMove::NoStonesLeft
                | IllegalMove::Enclosed
                | IllegalMove::WrongPhase => {}
            }
        }
        let names: std::collections::HashSet<_> =
            IllegalMove::ALL.iter().map(|r| r.reason()).collect();
        assert_eq!(names.len(), IllegalMove::ALL.len());
    }
}
