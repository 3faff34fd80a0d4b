//! How the computer ends a game as a good opponent does: it passes only on a settled
//! board, passes back when passing cannot lose, and resigns (from level 4) once its win
//! estimate has stayed hopeless for several of its moves. One rule for the game server's
//! computer and `stonefield match`.

use stonefield_rules::classic::ClassicGame;
use stonefield_rules::{Color, Game, Outcome, Phase};

use crate::classic;
use crate::search::{Action, Choice, Policy, SearchResult, Trace};

/// A win estimate below this is hopeless.
pub const HOPELESS_BELOW: f64 = 0.08;
/// Resignation comes on the computer's move that makes this many hopeless estimates in a
/// row: one bad search (a tactic misread for a move) does not end a game.
pub const HOPELESS_MOVES: u32 = 3;
/// A board is settled when random continuations end with the same winner as the count
/// now in at least this share of them, or (classic Go) when at most [`UNSETTLED_SHARE`]
/// of its points have an owner that playouts disagree on.
pub const SETTLED_AGREEMENT: f64 = 0.9;
pub const UNSETTLED_SHARE: f64 = 0.1;
/// Playouts of the settledness test (of the variants without an ownership map).
const SETTLED_PLAYOUTS: u32 = 64;
/// Playouts of classic Go's ownership map for the settledness test.
const OWNERSHIP_PLAYOUTS: u32 = 400;
/// A point's owner is in doubt when between these shares of playouts give it to Black.
/// Light playouts are random enough to kill a living wall one time in five or six, so a
/// settled point reads about 0.8, and an open one about 0.5.
const DOUBT: (f64, f64) = (0.3, 0.7);

/// The computer's ending rules in one game: whether it may resign, and how many of its
/// moves in a row so far had a hopeless estimate (the caller keeps this between moves).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Ending {
    /// Whether this player resigns lost games (levels 4 and up).
    pub resigns: bool,
    /// Its own moves just before this one whose search found the game hopeless.
    pub hopeless_moves: u32,
}

impl Ending {
    /// The choice to play after `result`, given the level's `picked` choice: resignation
    /// after [`HOPELESS_MOVES`] hopeless estimates in a row where this player resigns
    /// (never on a single search's word), a pass where it does not resign, `may_pass`, and
    /// the board is settled and hopeless, and a pass only where `settled` says the board is (else
    /// the search's most visited stone). Updates the count of hopeless moves.
    pub fn after_search<M: Clone>(
        &mut self,
        result: &SearchResult<M>,
        picked: Choice<M>,
        may_pass: bool,
        mut settled: impl FnMut() -> bool,
    ) -> Choice<M> {
        let mut known = None;
        let mut settled = || *known.get_or_insert_with(&mut settled);
        let hopeless = !result.moves.is_empty() && result.win_rate < HOPELESS_BELOW;
        self.hopeless_moves = if hopeless { self.hopeless_moves + 1 } else { 0 };
        if self.resigns && self.hopeless_moves >= HOPELESS_MOVES {
            return Choice::Resign;
        }
        // A player that does not resign stops adding stones to a lost, settled board.
        if hopeless && !self.resigns && may_pass && settled() {
            return Choice::Pass;
        }
        match picked {
            // The search alone resigns on one estimate; here only the streak does.
            Choice::Resign => best_stone(result).unwrap_or(Choice::Pass),
            Choice::Pass if !settled() => best_stone(result).unwrap_or(Choice::Pass),
            other => other,
        }
    }
}

/// The most visited root move that plays a stone.
fn best_stone<M: Clone>(result: &SearchResult<M>) -> Option<Choice<M>> {
    result.moves.iter().find_map(|m| match &m.action {
        Action::Play(mv) => Some(Choice::Play(mv.clone())),
        Action::Pass => None,
    })
}

/// Whether passing back cannot lose for the player to move: the opponent passed, the
/// count now (`count_wins`) is a win, and the board is settled.
pub fn passes_back(
    opponent_passed: bool,
    count_wins: bool,
    settled: impl FnOnce() -> bool,
) -> bool {
    opponent_passed && count_wins && settled()
}

/// Whether a classic board is settled: at most [`UNSETTLED_SHARE`] of its points have an
/// owner that light playouts disagree on. An open board is not, however the count stands
/// with komi; a finished one is, its neutral points aside.
pub fn classic_settled(game: &ClassicGame, rng: &mut fastrand::Rng) -> bool {
    if game.phase() != Phase::Playing {
        return true;
    }
    let owned = classic::ownership(game, OWNERSHIP_PLAYOUTS, rng);
    let in_doubt = owned
        .iter()
        .filter(|&&b| b > DOUBT.0 && b < DOUBT.1)
        .count();
    (in_doubt as f64) <= UNSETTLED_SHARE * owned.len() as f64
}

/// Whether a board of a variant counted by its live score is settled: random
/// continuations (the policy's playouts) end with the winner of the count now
/// ([`Game::count_now`]) ahead in at least [`SETTLED_AGREEMENT`] of them. A tie now is
/// never settled.
pub fn settled_by_playouts<G: Game, P: Policy<G>>(
    game: &G,
    policy: &P,
    rng: &mut fastrand::Rng,
) -> bool {
    if game.phase() != Phase::Playing {
        return true;
    }
    let Outcome::Win { winner: leader, .. } = game.count_now() else {
        return false;
    };
    let mut trace = Trace::default();
    let mut agree = 0u32;
    for _ in 0..SETTLED_PLAYOUTS {
        let mut continued = game.clone();
        let black_value = policy.playout(&mut continued, rng, &mut trace);
        let winner = if black_value > 0.5 {
            Some(Color::Black)
        } else if black_value < 0.5 {
            Some(Color::White)
        } else {
            None
        };
        if winner == Some(leader) {
            agree += 1;
        }
    }
    f64::from(agree) >= SETTLED_AGREEMENT * f64::from(SETTLED_PLAYOUTS)
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::classic::tests::game_with;
    use crate::search::MoveStats;

    fn result(win_rate: f64, moves: Vec<Action<u32>>) -> SearchResult<u32> {
        let moves = moves
            .into_iter()
            .map(|action| MoveStats {
                action,
                visits: 10,
                win_rate,
                prior: 0.0,
            })
            .collect();
        SearchResult {
            choice: Choice::Pass,
            win_rate,
            moves,
            playouts: 10,
            root_visits: 10,
        }
    }

    #[test]
    fn resigns_only_after_several_hopeless_moves_and_only_where_it_resigns() {
        let lost = result(0.01, vec![Action::Play(3), Action::Pass]);
        let mut ending = Ending {
            resigns: true,
            hopeless_moves: 0,
        };
        for n in 1..HOPELESS_MOVES {
            assert_eq!(
                ending.after_search(&lost, Choice::Play(3), true, || true),
                Choice::Play(3)
            );
            assert_eq!(ending.hopeless_moves, n);
        }
        assert_eq!(
            ending.after_search(&lost, Choice::Play(3), true, || true),
            Choice::Resign
        );

        let mut beginner = Ending::default();
        for _ in 0..2 * HOPELESS_MOVES {
            assert_eq!(
                beginner.after_search(&lost, Choice::Play(3), true, || false),
                Choice::Play(3)
            );
        }
        assert_eq!(
            beginner.after_search(&lost, Choice::Play(3), true, || true),
            Choice::Pass
        );
    }

    #[test]
    fn a_good_estimate_restarts_the_count_and_a_single_bad_search_never_resigns() {
        let mut ending = Ending {
            resigns: true,
            hopeless_moves: HOPELESS_MOVES - 1,
        };
        let fine = result(0.4, vec![Action::Play(1)]);
        assert_eq!(
            ending.after_search(&fine, Choice::Play(1), true, || true),
            Choice::Play(1)
        );
        assert_eq!(ending.hopeless_moves, 0);
        let lost = result(0.01, vec![Action::Play(1)]);
        assert_eq!(
            ending.after_search(&lost, Choice::Resign, true, || true),
            Choice::Play(1)
        );
    }

    #[test]
    fn a_pass_on_an_unsettled_board_becomes_the_best_stone() {
        let mut ending = Ending::default();
        let r = result(0.6, vec![Action::Pass, Action::Play(7)]);
        assert_eq!(
            ending.after_search(&r, Choice::Pass, true, || false),
            Choice::Play(7)
        );
        assert_eq!(
            ending.after_search(&r, Choice::Pass, true, || true),
            Choice::Pass
        );
        let only_pass = result(0.6, vec![Action::Pass]);
        assert_eq!(
            ending.after_search(&only_pass, Choice::Pass, true, || false),
            Choice::Pass
        );
    }

    #[test]
    fn an_open_board_is_unsettled_and_a_walled_one_settled() {
        let mut rng = fastrand::Rng::with_seed(3);
        let open = game_with(19, &[(3, 3), (15, 15), (9, 9)], &[(15, 3), (3, 15)]);
        assert!(!classic_settled(&open, &mut rng));
        // 7x7: Black walls the left four columns, White the right three, each with two
        // eyes' worth of room and nothing left to play for.
        let black: Vec<(u32, u32)> = (0..7).map(|y| (3, y)).collect();
        let white: Vec<(u32, u32)> = (0..7).map(|y| (4, y)).collect();
        let walled = game_with(7, &black, &white);
        assert!(classic_settled(&walled, &mut rng));
    }

    #[test]
    fn passing_back_needs_the_pass_the_win_and_a_settled_board() {
        assert!(passes_back(true, true, || true));
        assert!(!passes_back(false, true, || true));
        assert!(!passes_back(true, false, || true));
        assert!(!passes_back(true, true, || false));
    }
}
