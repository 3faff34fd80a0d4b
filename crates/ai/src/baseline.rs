//! Baseline players for any variant, to measure the search against: the random player (a
//! uniformly random legal candidate) and the greedy player (one ply: the legal candidate
//! after which the mover's live score lead is largest, as each variant's rules page
//! counts it: area for classic and continuous Go, balls for MarGo, trees for Topological
//! Go, whose greedy player also places its reserve stones: [`Greedy`]). Both pass only when
//! no candidate is legal.

use stonefield_rules::Game;
use stonefield_rules::classic::ClassicGame;
use stonefield_rules::continuous::ContinuousGame;
use stonefield_rules::margo::MargoGame;
use stonefield_rules::topological::TopoGame;

use crate::search::Choice;

/// Each variant's greedy player: [`greedy_choice`] unless the variant's rules make the
/// count one ply ahead mislead it.
pub trait Greedy: Game + Sized {
    fn greedy_choice(&self, rng: &mut fastrand::Rng) -> Choice<Self::Move> {
        greedy_choice(self, rng)
    }
}

impl Greedy for ClassicGame {}
impl Greedy for ContinuousGame {}
impl Greedy for MargoGame {}

/// Places its reserve stones, which no count one ply ahead asks for
/// ([`crate::topological::greedy_choice`]).
impl Greedy for TopoGame {
    fn greedy_choice(&self, rng: &mut fastrand::Rng) -> Choice<Self::Move> {
        crate::topological::greedy_choice(self, rng)
    }
}

/// A uniformly random legal candidate of the player to move; a pass when none is legal.
pub fn random_choice<G: Game>(game: &G, rng: &mut fastrand::Rng) -> Choice<G::Move> {
    let mut candidates = game.candidate_moves();
    while !candidates.is_empty() {
        let mv = candidates.swap_remove(rng.usize(..candidates.len()));
        if game.check(&mv).is_ok() {
            return Choice::Play(mv);
        }
    }
    Choice::Pass
}

/// The legal candidate after which the player to move leads by the most on the live
/// count, ties broken at random; a pass when none is legal.
pub fn greedy_choice<G: Game>(game: &G, rng: &mut fastrand::Rng) -> Choice<G::Move> {
    let me = game.to_move();
    let mut best: Option<(f64, G::Move)> = None;
    let mut ties = 0u32;
    for mv in game.candidate_moves() {
        let mut next = game.clone();
        if next.play(&mv).is_err() {
            continue;
        }
        let score = next.score();
        let lead = score[me] - score[me.other()];
        match &best {
            Some((b, _)) if lead < *b => {}
            Some((b, _)) if lead == *b => {
                // Reservoir sampling: each of the tied moves is kept with equal chance.
                ties += 1;
                if rng.u32(..=ties) == 0 {
                    best = Some((lead, mv));
                }
            }
            _ => {
                ties = 0;
                best = Some((lead, mv));
            }
        }
    }
    best.map_or(Choice::Pass, |(_, mv)| Choice::Play(mv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use stonefield_rules::classic::{ClassicGame, Point, Rules};

    fn game(moves: &[(u32, u32)]) -> ClassicGame {
        let mut g = ClassicGame::new(Rules::preset("chinese", 5).expect("preset")).expect("rules");
        for &(x, y) in moves {
            g.play(&Point::new(x, y, 5).expect("on board"))
                .expect("legal");
        }
        g
    }

    #[test]
    fn the_greedy_player_takes_the_capture() {
        // White (1,0) is in atari at (2,0) after Black (0,0)... Black to move captures it.
        let g = game(&[(0, 0), (1, 0), (1, 1), (4, 4)]);
        let mut rng = fastrand::Rng::with_seed(1);
        assert_eq!(
            greedy_choice(&g, &mut rng),
            Choice::Play(Point::new(2, 0, 5).expect("on board"))
        );
    }

    #[test]
    fn the_random_player_plays_legal_moves_and_varies() {
        let g = game(&[]);
        let mut rng = fastrand::Rng::with_seed(2);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..50 {
            let Choice::Play(p) = random_choice(&g, &mut rng) else {
                panic!("an empty board has moves");
            };
            assert_eq!(g.check(&p), Ok(()));
            seen.insert(p);
        }
        assert!(seen.len() > 10, "{} distinct moves", seen.len());
    }
}
