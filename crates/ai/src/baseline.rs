//! Baseline players for any variant, to measure the search against: the random player (a
//! uniformly random legal candidate) and the greedy player (one ply: the legal candidate
//! after which the mover's live score lead is largest, as each variant's rules page
//! counts it: area for classic and continuous Go, balls for MarGo, trees for Topological
//! Go, whose greedy player also places its reserve stones: [`Greedy`]). Both pass only when
//! no candidate is legal, but for continuous Go's greedy player, which also passes when no
//! stone gains area or its best stone would die.

use stonefield_rules::Game;

use crate::search::Choice;

/// Each variant's greedy player: [`greedy_choice`] unless the variant's rules make the
/// count one ply ahead mislead it. Each variant's module implements it for its game.
pub trait Greedy: Game + Sized {
    fn greedy_choice(&self, rng: &mut fastrand::Rng) -> Choice<Self::Move> {
        greedy_choice(self, rng)
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
    best_lead(game, rng).map_or(Choice::Pass, |(_, mv)| Choice::Play(mv))
}

/// [`greedy_choice`], but a pass also when no move gains on the lead as it stands: where
/// stones can always be added (continuous Go), a greedy player that never passed would
/// fill its own area to the last gap and the game would not end.
pub fn greedy_or_pass<G: Game>(game: &G, rng: &mut fastrand::Rng) -> Choice<G::Move> {
    let me = game.to_move();
    let now = game.score();
    let lead_now = now[me] - now[me.other()];
    match best_lead(game, rng) {
        Some((lead, _)) if lead <= lead_now + GAIN && game.clone().pass().is_ok() => Choice::Pass,
        Some((_, mv)) => Choice::Play(mv),
        None => Choice::Pass,
    }
}

/// The least gain in the lead that is worth a move rather than a pass: rounding aside,
/// a stone placed in one's own area gains nothing.
const GAIN: f64 = 1e-6;

/// The legal candidate after which the player to move leads by the most, with that lead.
fn best_lead<G: Game>(game: &G, rng: &mut fastrand::Rng) -> Option<(f64, G::Move)> {
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
    best
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
    fn continuous_greedy_passes_when_no_stone_gains_area() {
        use stonefield_rules::continuous::{self, ContinuousGame, ContinuousRules, Preset};
        use stonefield_rules::{Color, Stone};
        let rules = ContinuousRules {
            board: continuous::BoardShape::Preset(Preset::Square9),
            ..ContinuousRules::default()
        };
        let mut rng = fastrand::Rng::with_seed(3);
        // On an empty board any stone takes the whole board.
        let empty = ContinuousGame::new(rules.clone()).expect("rules");
        assert!(matches!(empty.greedy_choice(&mut rng), Choice::Play(_)));
        // Black owns the whole board already: another black stone gains nothing.
        let centre = Stone {
            at: continuous::Point::new(4.5, 4.5).expect("finite"),
            color: Color::Black,
        };
        let owned = ContinuousGame::from_setup(rules, &[centre], Color::Black).expect("setup");
        assert_eq!(owned.greedy_choice(&mut rng), Choice::Pass);
        // White, with nothing, gains by any stone.
        let mut white = owned.clone();
        white.pass().expect("pass");
        assert!(matches!(white.greedy_choice(&mut rng), Choice::Play(_)));
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
