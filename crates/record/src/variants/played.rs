//! What every adapter shares between a record move and its report: resignation, a loss on
//! time and the length limit, from either player; the turn check, passes, the report's
//! shape, and the `final` object. Each variant only says how a placement (or its own
//! special move: a swap, a mark, a resumption) is played and written.

use serde_json::{Value, json};
use stonefield_rules::{ByColor, Game, IllegalMove, Outcome, Phase, Stone, WinBy};

use crate::report::score_json;
use crate::{MoveKind, MoveReport, MoveResult, RecordMove};

/// What a record move did, already written in the variant's notation.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Played {
    /// A stone at `at` that removed `captured`.
    Stone {
        at: Value,
        captured: Vec<Value>,
    },
    Pass,
    /// MarGo's colour swap.
    Swap,
    Resign,
    /// The group at `at` marked dead, or alive again.
    Mark(Value),
    Resume,
    Timeout,
    Limit,
}

/// Why a record move did nothing.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Refused {
    /// Illegal, at the (resolved) point when there was one.
    Illegal(IllegalMove, Option<Value>),
    /// A request that resolved to no point (continuous Go).
    NoPoint,
}

impl From<IllegalMove> for Refused {
    fn from(reason: IllegalMove) -> Refused {
        Refused::Illegal(reason, None)
    }
}

/// Plays `mv` on `game`: a resignation, a loss on time and the length limit are accepted
/// from either player at any time before the result, and so are marks and resumption
/// (which `place` plays where the variant has them, with the limit's count); any other move must come from the
/// player to move while play goes on; a pass (not marked reserve) is the game's pass;
/// `place` plays the rest (placements, requests, swaps).
pub(crate) fn play<G: Game>(
    game: &mut G,
    mv: &RecordMove,
    place: impl FnOnce(&mut G) -> Result<Played, Refused>,
) -> Result<Played, Refused> {
    match mv.kind {
        MoveKind::Resign => Ok(game.resign(mv.color).map(|()| Played::Resign)?),
        MoveKind::Timeout => {
            let lost = Outcome::Win {
                winner: mv.color.other(),
                by: WinBy::Time,
            };
            Ok(game.end(lost).map(|()| Played::Timeout)?)
        }
        MoveKind::Mark(_) | MoveKind::Resume | MoveKind::Limit => place(game),
        _ if game.phase() == Phase::Playing && mv.color != game.to_move() => {
            Err(IllegalMove::NotYourTurn.into())
        }
        MoveKind::Pass if !mv.reserve => Ok(game.pass().map(|()| Played::Pass)?),
        _ => place(game),
    }
}

/// Ends `game` at the length limit, counted as it stands: `count` is the variant's count
/// under its rules (territory or area with no stone marked dead, MarGo's balls,
/// Topological Go's trees), the one an ended game shows.
pub(crate) fn limit<G: Game>(game: &mut G, count: ByColor<f64>) -> Result<Played, Refused> {
    let counted = Outcome::from_scores(count.black, count.white);
    Ok(game.end(counted).map(|()| Played::Limit)?)
}

/// The report of move `index`: placements carry `at`, `captured` and the score after
/// them; passes, swaps and unresolved requests the score; illegal moves their reason.
pub(crate) fn report(
    index: usize,
    mv: &RecordMove,
    outcome: Result<Played, Refused>,
    score: ByColor<f64>,
) -> MoveReport {
    let plain = |result| MoveReport::plain(index, mv.color, result);
    let scored = |result| MoveReport {
        score: Some(score),
        ..plain(result)
    };
    match outcome {
        Ok(Played::Stone { at, captured }) => MoveReport {
            at: Some(at),
            captured: Some(captured),
            ..scored(MoveResult::Placed)
        },
        Ok(Played::Pass) => scored(MoveResult::Pass),
        Ok(Played::Swap) => scored(MoveResult::Swap),
        Ok(Played::Resign) => plain(MoveResult::Resign),
        Ok(Played::Mark(at)) => MoveReport {
            at: Some(at),
            ..scored(MoveResult::Mark)
        },
        Ok(Played::Resume) => scored(MoveResult::Resume),
        Ok(Played::Timeout) => plain(MoveResult::Timeout),
        Ok(Played::Limit) => scored(MoveResult::Limit),
        Err(Refused::NoPoint) => scored(MoveResult::NoPoint),
        Err(Refused::Illegal(reason, at)) => MoveReport {
            at,
            ..MoveReport::illegal(index, mv.color, reason)
        },
    }
}

/// `{"stones", "to_move", "over", "score"}`, plus `"result"` once finished: the `final`
/// object of `replay --json`, with stones written by `stone`.
pub(crate) fn final_view<G: Game>(game: &G, stone: impl Fn(&Stone<G::Point>) -> Value) -> Value {
    let stones: Vec<Value> = game.stones().iter().map(stone).collect();
    let mut v = json!({
        "stones": stones,
        "to_move": game.to_move().name(),
        "over": game.is_over(),
        "score": score_json(game.score()),
    });
    if let Some(o) = game.outcome() {
        v["result"] = Value::from(o.to_string());
    }
    v
}
