//! Requests and previews: what a pointer resolves to, and what placing a stone there would
//! do (legality, captures, score) without changing the game, so a client can show the
//! hovered move; and playing a request in one call, as replay does.

use super::game::ContinuousGame;
use super::point::{Point, V};
use super::resolve::SnapMode;
use crate::{ByColor, Color, Game, IllegalMove, Placed, Stone};

/// What playing at a point would do.
#[derive(Debug, Clone, PartialEq)]
pub struct Preview {
    /// The resolved point.
    pub at: Point,
    /// The effect of the move, or why it is illegal.
    pub verdict: Result<Hypothetical, IllegalMove>,
}

/// The effect of a legal move that has not been played.
#[derive(Debug, Clone, PartialEq)]
pub struct Hypothetical {
    /// Every stone the move would remove, of either colour.
    pub captured: Vec<Stone<Point>>,
    /// The live score after the move.
    pub score: ByColor<f64>,
}

/// Why a request made no move.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum RequestError {
    /// The request resolved to no point (a click on a stone, or nothing qualifies).
    #[error("the request resolves to no point")]
    NoPoint,
    /// The request resolved to `at`, where the move is illegal.
    #[error("the move at {at} is illegal: {reason}")]
    Illegal {
        /// The resolved point.
        at: Point,
        /// Why the move there is illegal.
        reason: IllegalMove,
    },
}

impl ContinuousGame {
    /// The point a request by the player to move resolves to (rules section 3), or `None`.
    pub fn resolve(&self, request: Point, mode: SnapMode) -> Option<Point> {
        self.resolve_for(self.to_move(), request, mode)
    }

    /// The point a request by `mover` resolves to, or `None`; `own` and `opponent` are
    /// relative to `mover`.
    pub fn resolve_for(&self, mover: Color, request: Point, mode: SnapMode) -> Option<Point> {
        self.pos
            .resolve(V::from(request), mode, mover)
            .map(Point::from_v)
    }

    /// What the request would do if the player to move made it, or `None` when it resolves
    /// to no point. The game is not changed.
    pub fn preview(&self, request: Point, mode: SnapMode) -> Option<Preview> {
        self.resolve(request, mode).map(|at| self.preview_at(at))
    }

    /// What placing a stone exactly at `at` would do. The game is not changed.
    pub fn preview_at(&self, at: Point) -> Preview {
        let verdict = self.plan(V::from(at)).map(|plan| {
            let areas = self.pos.area_plan(&plan);
            Hypothetical {
                captured: plan
                    .removed
                    .iter()
                    .map(|&id| self.public_stone(id))
                    .collect(),
                score: self.score_of(areas.totals),
            }
        });
        Preview { at, verdict }
    }

    /// Resolves the request for the player to move and plays the point.
    ///
    /// # Errors
    /// [`RequestError::NoPoint`] when it resolves to nothing, [`RequestError::Illegal`]
    /// (with the point) when the move there is illegal; the game is then unchanged.
    pub fn play_request(
        &mut self,
        request: Point,
        mode: SnapMode,
    ) -> Result<(Point, Placed<Point>), RequestError> {
        let at = self.resolve(request, mode).ok_or(RequestError::NoPoint)?;
        self.play(&at)
            .map(|placed| (at, placed))
            .map_err(|reason| RequestError::Illegal { at, reason })
    }
}
