//! Dead stones by survival: the stones that most random continuations of a position take
//! off the board. The variants without an ownership count of their own (continuous Go)
//! get the same kind of estimate as classic Go's [`crate::classic::estimate_dead`] this way.

use stonefield_rules::{Game, Phase, Stone};

use crate::search::{Policy, Trace};

/// The stones of `game` that fewer than half of `playouts` continuations under `policy`
/// leave on the board. `game` must be in play (resume a game that is being counted first);
/// in any other phase no stone is called dead.
///
/// ```
/// use stonefield_ai::search::RandomPolicy;
/// use stonefield_ai::survival::dead_by_survival;
/// use stonefield_rules::continuous::{ContinuousGame, ContinuousRules};
///
/// let game = ContinuousGame::new(ContinuousRules::default()).unwrap();
/// let mut rng = fastrand::Rng::with_seed(1);
/// assert!(dead_by_survival(&game, &RandomPolicy { max_moves: 10 }, 4, &mut rng).is_empty());
/// ```
pub fn dead_by_survival<G, P>(
    game: &G,
    policy: &P,
    playouts: u32,
    rng: &mut fastrand::Rng,
) -> Vec<Stone<G::Point>>
where
    G: Game,
    G::Point: PartialEq,
    P: Policy<G>,
{
    if game.phase() != Phase::Playing {
        return Vec::new();
    }
    let stones = game.stones();
    let mut kept = vec![0u32; stones.len()];
    let runs = playouts.max(1);
    let mut trace = Trace::default();
    for _ in 0..runs {
        let mut continued = game.clone();
        policy.playout(&mut continued, rng, &mut trace);
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
    use stonefield_rules::continuous::{ContinuousGame, ContinuousRules, Point};

    use super::*;
    use crate::search::RandomPolicy;

    fn stone(x: f64, y: f64, color: Color) -> Stone<Point> {
        Stone {
            at: Point::new(x, y).expect("finite"),
            color,
        }
    }

    #[test]
    fn a_lone_stone_inside_a_wall_dies_and_the_wall_lives() {
        // A white stone at the centre of a ring of black stones on square-9: random
        // continuations fill its last space and take it; the ring stays.
        let mut stones = vec![stone(4.5, 4.5, Color::White)];
        for i in 0..10 {
            let a = f64::from(i) * std::f64::consts::TAU / 10.0;
            stones.push(stone(
                4.5 + 1.65 * a.cos(),
                4.5 + 1.65 * a.sin(),
                Color::Black,
            ));
        }
        let game = ContinuousGame::from_setup(ContinuousRules::default(), &stones, Color::Black)
            .expect("setup");
        let mut rng = fastrand::Rng::with_seed(7);
        let dead = dead_by_survival(&game, &RandomPolicy { max_moves: 60 }, 24, &mut rng);
        assert!(dead.iter().all(|s| s.color == Color::White), "{dead:?}");
        assert_eq!(dead.len(), 1, "{dead:?}");
    }
}
