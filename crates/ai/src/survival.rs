//! Dead stones by survival: the stones that most random continuations of a position take
//! off the board. The variants without an ownership count of their own (continuous Go)
//! get the same kind of estimate as classic Go's [`crate::classic::estimate_dead`] this way.

use stonefield_rules::{Game, Phase, Stone};

use crate::search::{Policy, Trace, random_playout};

/// The stones of `game` that fewer than half of `playouts` continuations leave on the
/// board, each continuation `moves` random moves among `policy`'s candidates, played on
/// the game itself ([`random_playout`]: a policy's own playout may run on a copy of the
/// board and leave the game as it was). `game` must be in play (resume a game that is
/// being counted first); in any other phase no stone is called dead.
///
/// ```
/// use stonefield_ai::search::RandomPolicy;
/// use stonefield_ai::survival::dead_by_survival;
/// use stonefield_rules::continuous::{ContinuousGame, ContinuousRules};
///
/// let game = ContinuousGame::new(ContinuousRules::default()).unwrap();
/// let mut rng = fastrand::Rng::with_seed(1);
/// assert!(dead_by_survival(&game, &RandomPolicy { max_moves: 10 }, 4, 10, &mut rng).is_empty());
/// ```
pub fn dead_by_survival<G, P>(
    game: &G,
    policy: &P,
    playouts: u32,
    moves: u32,
    rng: &mut fastrand::Rng,
) -> Vec<Stone<G::Point>>
where
    G: Game,
    G::Point: PartialEq,
    P: Policy<G>,
{
    let mut trace = Trace::default();
    dead_by_continuations(game, playouts, rng, |continued, rng| {
        random_playout(policy, continued, rng, &mut trace, moves);
    })
}

/// The stones of `game` that fewer than half of `playouts` continuations leave on the
/// board, each continuation `continue_game` played on a copy of the game: for a variant
/// whose rules crate has a faster random game than [`random_playout`]. `game` must be in
/// play; in any other phase no stone is called dead.
pub fn dead_by_continuations<G>(
    game: &G,
    playouts: u32,
    rng: &mut fastrand::Rng,
    mut continue_game: impl FnMut(&mut G, &mut fastrand::Rng),
) -> Vec<Stone<G::Point>>
where
    G: Game,
    G::Point: PartialEq,
{
    if game.phase() != Phase::Playing {
        return Vec::new();
    }
    let stones = game.stones();
    let mut kept = vec![0u32; stones.len()];
    let runs = playouts.max(1);
    for _ in 0..runs {
        let mut continued = game.clone();
        continue_game(&mut continued, rng);
        let after = continued.stones();
        for (count, stone) in kept.iter_mut().zip(&stones) {
            if after
                .iter()
                .any(|s| s.at == stone.at && s.color == stone.color)
            {
                *count += 1;
            }
        }
    }
    stones
        .into_iter()
        .zip(kept)
        .filter(|&(_, k)| 2 * k < runs)
        .map(|(s, _)| s)
        .collect()
}

#[cfg(test)]
mod tests {
    use stonefield_rules::Color;
    use stonefield_rules::classic::{ClassicGame, Rules, diagram_stones};

    use super::*;
    use crate::classic::ClassicPolicy;

    #[test]
    fn a_lone_stone_inside_a_wall_dies_and_the_wall_lives() {
        // Black's wall has the whole left side for eyes; White's stone at A5 sits in it.
        let rows = ["O.X..", "..X..", "..X..", "..X.O", "..XOO"];
        let (size, stones) = diagram_stones(&rows).expect("diagram");
        let rules = Rules::preset("chinese", size).expect("rules");
        let game = ClassicGame::from_setup(rules, &stones, Color::Black).expect("setup");
        let mut rng = fastrand::Rng::with_seed(7);
        let dead = dead_by_survival(&game, &ClassicPolicy, 64, 60, &mut rng);
        let corner = dead.iter().find(|s| s.at.x() == 0 && s.at.y() == 0);
        assert_eq!(corner.map(|s| s.color), Some(Color::White), "{dead:?}");
        assert!(dead.iter().all(|s| s.color == Color::White), "{dead:?}");
    }

    #[test]
    fn nothing_is_dead_in_a_game_that_is_not_in_play() {
        let rules = Rules::preset("chinese", 5).expect("rules");
        let mut game = ClassicGame::new(rules).expect("game");
        game.resign(Color::Black).expect("resign");
        let mut rng = fastrand::Rng::with_seed(1);
        assert!(dead_by_survival(&game, &ClassicPolicy, 8, 10, &mut rng).is_empty());
    }
}
