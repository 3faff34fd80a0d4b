//! Learning the gammas of move features ([`super::features`]) by minorization-maximization,
//! after Coulom, "Computing Elo Ratings of Move Patterns in the Game of Go" (2007): each
//! recorded move is a win of its features' team over the teams of every other move the
//! position allowed, and a sweep sets each group's gammas in turn to the wins of each
//! feature over the strength it met. A virtual win and loss against a gamma of 1 keep rare
//! features near 1.

use std::collections::HashMap;

use super::features::{
    ALL_GROUPS, Features, GROUPS, Position, Symmetries, canonical_with, symmetries,
};
use super::gammas::{self, Gammas};

/// Recorded positions: every allowed move's features, the played move first.
#[derive(Debug)]
pub struct TrainingSet {
    symmetries: Symmetries,
    /// Per candidate move, its features with the shape as its canonical key.
    candidates: Vec<Features>,
    /// Per position, the index of its first candidate (the played move); one more at the
    /// end.
    starts: Vec<usize>,
}

impl Default for TrainingSet {
    fn default() -> Self {
        TrainingSet {
            symmetries: symmetries(),
            candidates: Vec::new(),
            starts: vec![0],
        }
    }
}

/// The gammas learnt, with how well they predict the recorded moves.
#[derive(Debug, Clone)]
pub struct Learnt {
    pub levels: [Vec<f32>; GROUPS],
    /// The shapes seen often enough to get a gamma of their own, by canonical key.
    pub shapes: Vec<(u32, f32)>,
    /// The gamma of every other shape.
    pub rare_shape: f32,
    /// The share of positions in which the recorded move is the strongest.
    pub top1: f64,
    /// The mean log-probability of the recorded move.
    pub log_likelihood: f64,
}

impl TrainingSet {
    /// Adds `position` and the move played there, at cell `played`; false (and nothing
    /// added) if the position does not allow that move.
    pub fn add(&mut self, position: &Position, played: u16, empty_cells: &[u16]) -> bool {
        if !position.allows(played) {
            return false;
        }
        let start = self.candidates.len();
        self.push(position.features(played));
        for &i in empty_cells {
            if i != played && position.allows(i) {
                self.push(position.features(i));
            }
        }
        debug_assert!(self.candidates.len() > start);
        self.starts.push(self.candidates.len());
        true
    }

    fn push(&mut self, mut f: Features) {
        f[0] = canonical_with(&self.symmetries, f[0]);
        self.candidates.push(f);
    }

    /// Positions added.
    pub fn positions(&self) -> usize {
        self.starts.len() - 1
    }

    /// Candidate moves in all positions.
    pub fn candidates(&self) -> usize {
        self.candidates.len()
    }

    /// Learns the gammas in `sweeps` sweeps over the groups; a shape seen among fewer
    /// than `min_shape` candidates shares the gamma of rare shapes. `progress(sweep)` is
    /// called after each sweep.
    pub fn learn(&self, sweeps: usize, min_shape: u32, mut progress: impl FnMut(usize)) -> Learnt {
        let (shape_keys, model) = self.model(min_shape);
        let mut gammas = model.initial_gammas(shape_keys.len() + 1);
        let wins = model.wins(&gammas);
        for sweep in 0..sweeps {
            for g in 0..GROUPS {
                let met = model.strength_met(&gammas, g);
                for (l, gamma) in gammas[g].iter_mut().enumerate() {
                    if g > 0 && l == 0 {
                        continue;
                    }
                    let prior = 2.0 / (*gamma + 1.0);
                    *gamma = (wins[g][l] + 1.0) / (met[l] + prior);
                }
            }
            progress(sweep + 1);
        }
        let (top1, log_likelihood) = model.fit(&gammas);
        let as_f32 = |v: &Vec<f64>| v.iter().map(|&x| x as f32).collect::<Vec<f32>>();
        let mut levels: [Vec<f32>; GROUPS] = std::array::from_fn(|g| as_f32(&gammas[g]));
        levels[0] = Vec::new();
        Learnt {
            levels,
            shapes: shape_keys
                .iter()
                .zip(&gammas[0][1..])
                .map(|(&k, &g)| (k, g as f32))
                .collect(),
            rare_shape: gammas[0][0] as f32,
            top1,
            log_likelihood,
        }
    }

    /// The candidates with each shape replaced by its index (0 for a rare shape, else one
    /// more than its place in the returned keys, sorted).
    fn model(&self, min_shape: u32) -> (Vec<u32>, Model<'_>) {
        let mut counts: HashMap<u32, u32> = HashMap::new();
        for f in &self.candidates {
            *counts.entry(f[0]).or_default() += 1;
        }
        let mut keys: Vec<u32> = counts
            .into_iter()
            .filter(|&(_, n)| n >= min_shape)
            .map(|(k, _)| k)
            .collect();
        keys.sort_unstable();
        let index: HashMap<u32, u32> = keys
            .iter()
            .enumerate()
            .map(|(i, &k)| (k, i as u32 + 1))
            .collect();
        let candidates = self
            .candidates
            .iter()
            .map(|f| {
                let mut f = *f;
                f[0] = index.get(&f[0]).copied().unwrap_or(0);
                f
            })
            .collect();
        (
            keys,
            Model {
                candidates,
                starts: &self.starts,
            },
        )
    }
}

/// The training set with shapes as indices into the shape gammas.
struct Model<'a> {
    candidates: Vec<Features>,
    starts: &'a [usize],
}

type GroupGammas = [Vec<f64>; GROUPS];

impl Model<'_> {
    fn initial_gammas(&self, shapes: usize) -> GroupGammas {
        std::array::from_fn(|g| {
            let n = if g == 0 {
                shapes
            } else {
                ALL_GROUPS[g].max_level() as usize + 1
            };
            vec![1.0; n]
        })
    }

    fn strength(gammas: &GroupGammas, f: &Features) -> f64 {
        f.iter()
            .enumerate()
            .map(|(g, &l)| gammas[g].get(l as usize).copied().unwrap_or(1.0))
            .product()
    }

    fn positions(&self) -> impl Iterator<Item = &[Features]> + '_ {
        self.starts.windows(2).map(|w| &self.candidates[w[0]..w[1]])
    }

    /// How often each feature was in the played move's team.
    fn wins(&self, gammas: &GroupGammas) -> GroupGammas {
        let mut wins = gammas.clone().map(|v| vec![0.0; v.len()]);
        for position in self.positions() {
            for (g, &l) in position[0].iter().enumerate() {
                wins[g][l as usize] += 1.0;
            }
        }
        wins
    }

    /// For each level of group `g`, the sum over positions of the strength of its
    /// teammates over the position's total strength: the denominator of the MM update.
    fn strength_met(&self, gammas: &GroupGammas, g: usize) -> Vec<f64> {
        let parts = self.starts.len().div_ceil(2);
        let halves = [&self.starts[..parts], &self.starts[parts - 1..]];
        let sums: Vec<Vec<f64>> = std::thread::scope(|s| {
            let handles: Vec<_> = halves
                .iter()
                .map(|starts| {
                    s.spawn(move || {
                        let mut met = vec![0.0; gammas[g].len()];
                        let mut strengths = Vec::new();
                        for w in starts.windows(2) {
                            let position = &self.candidates[w[0]..w[1]];
                            strengths.clear();
                            strengths.extend(position.iter().map(|f| Self::strength(gammas, f)));
                            let total: f64 = strengths.iter().sum();
                            for (f, &strength) in position.iter().zip(&strengths) {
                                let l = f[g] as usize;
                                met[l] += strength / gammas[g][l] / total;
                            }
                        }
                        met
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a sweep thread does not panic"))
                .collect()
        });
        let mut met = vec![0.0; gammas[g].len()];
        for part in sums {
            for (m, p) in met.iter_mut().zip(part) {
                *m += p;
            }
        }
        met
    }

    /// The share of positions whose played move is the strongest, and the mean
    /// log-probability of the played move.
    fn fit(&self, gammas: &GroupGammas) -> (f64, f64) {
        let (mut top, mut log, mut n) = (0.0, 0.0, 0.0_f64);
        for position in self.positions() {
            let strengths: Vec<f64> = position.iter().map(|f| Self::strength(gammas, f)).collect();
            let total: f64 = strengths.iter().sum();
            if strengths[1..].iter().all(|&s| s < strengths[0]) {
                top += 1.0;
            }
            log += (strengths[0] / total).ln();
            n += 1.0;
        }
        (top / n.max(1.0), log / n.max(1.0))
    }
}

impl Learnt {
    /// The gammas, ready to rate moves.
    pub fn gammas(&self) -> Gammas {
        let shapes = self.shapes.iter().copied().collect();
        Gammas::new(self.levels.clone(), &shapes, self.rare_shape)
    }

    /// The text of a gammas file ([`Gammas::parse`]), after `header` as comments.
    pub fn to_text(&self, header: &str) -> String {
        gammas::write(header, &self.levels, &self.shapes, self.rare_shape)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::features::Group;
    use stonefield_rules::Game;
    use stonefield_rules::classic::{ClassicGame, Rules};

    /// Positions of random 9x9 games where the recorded move is drawn by a teacher who
    /// weighs each move by `teacher` of its features and nothing else.
    fn taught_set(teacher: impl Fn(&Features) -> f64, games: u64) -> TrainingSet {
        let mut set = TrainingSet::default();
        for seed in 0..games {
            let mut rng = fastrand::Rng::with_seed(seed);
            let rules = Rules::preset("chinese", 9).expect("preset");
            let mut game = ClassicGame::new(rules).expect("rules");
            for _ in 0..60 {
                let board = game.board();
                let position = Position::of(&game);
                let moves: Vec<(u16, f64)> = board
                    .empty_cells()
                    .iter()
                    .filter(|&&i| position.allows(i))
                    .map(|&i| (i, teacher(&position.features(i))))
                    .collect();
                let total: f64 = moves.iter().map(|m| m.1).sum();
                let mut pick = rng.f64() * total;
                let Some(&(cell, _)) = moves.iter().find(|m| {
                    pick -= m.1;
                    pick <= 0.0
                }) else {
                    break;
                };
                assert!(set.add(&position, cell, board.empty_cells()));
                let p = board.cell_point(cell);
                if game.play(&p).is_err() {
                    break;
                }
            }
        }
        set
    }

    fn group(g: Group) -> usize {
        ALL_GROUPS.iter().position(|&x| x == g).expect("a group")
    }

    #[test]
    fn learning_recovers_what_the_teacher_prefers() {
        // The teacher likes moves next to the last one eight times as much as others,
        // and the third line three times.
        let near = group(Group::LastDistance);
        let line = group(Group::Line);
        let teacher = |f: &Features| {
            let near = if f[near] == 1 { 8.0 } else { 1.0 };
            let third = if f[line] == 3 || f[line] == 8 {
                3.0
            } else {
                1.0
            };
            near * third
        };
        let set = taught_set(teacher, 30);
        assert!(set.positions() > 1000, "{}", set.positions());
        let learnt = set.learn(10, 20, |_| {});
        let levels = &learnt.levels;
        let far = levels[near][8];
        let ratio = levels[near][1] / far;
        assert!((5.0..12.0).contains(&ratio), "near / far {ratio}");
        let third = levels[line][3] / levels[line][2];
        assert!((2.0..4.5).contains(&third), "third / second line {third}");
        // Rating the moves as learnt predicts the teacher's moves better than chance.
        let uniform = set.learn(0, 20, |_| {});
        assert!(learnt.log_likelihood > uniform.log_likelihood + 0.2);
    }

    #[test]
    fn a_learnt_file_reads_back_as_the_same_ratings() {
        let set = taught_set(|_| 1.0, 3);
        let learnt = set.learn(3, 5, |_| {});
        let text = learnt.to_text("a test");
        let read = Gammas::parse(&text).expect("parses");
        let direct = learnt.gammas();
        for f in &set.candidates {
            let (a, b) = (read.strength(f), direct.strength(f));
            assert!((a - b).abs() <= 1e-3 * b.max(1.0), "{a} {b}");
        }
    }
}
