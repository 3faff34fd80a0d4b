//! Learning the gammas of move features ([`super::features`]) by minorization-maximization,
//! after Coulom, "Computing Elo Ratings of Move Patterns in the Game of Go" (2007): each
//! recorded move is a win of its features' team over the teams of every other move the
//! position allowed, and a sweep sets each group's gammas in turn to the wins of each
//! feature over the strength it met. A virtual win and loss against a gamma of 1 keep rare
//! features near 1.

use std::collections::HashMap;

use super::features::{
    ALL_GROUPS, Features, GROUPS, Group, Position, Symmetries, canonical_with, symmetries,
};
use super::gammas::{self, Gammas};
use super::spatial::{KeyMap, SpatialKeys};

/// Recorded positions: every allowed move's features, the played move first.
#[derive(Debug)]
pub struct TrainingSet {
    symmetries: Symmetries,
    /// Per candidate move, its features with the shape as its canonical key.
    candidates: Vec<Features>,
    /// Per candidate move, its spatial pattern keys.
    spatial: Vec<SpatialKeys>,
    /// Per position, the index of its first candidate (the played move); one more at the
    /// end.
    starts: Vec<usize>,
}

impl Default for TrainingSet {
    fn default() -> Self {
        TrainingSet {
            symmetries: symmetries(),
            candidates: Vec::new(),
            spatial: Vec::new(),
            starts: vec![0],
        }
    }
}

/// The gammas learnt, with how well they predict the recorded moves.
#[derive(Debug, Clone)]
pub struct Learnt {
    /// By group and level, as [`Gammas::new`] takes them (the shapes and spatial patterns
    /// apart).
    pub levels: [Vec<f32>; GROUPS],
    /// The shapes seen often enough to get a gamma of their own, by canonical key.
    pub shapes: Vec<(u32, f32)>,
    /// The gamma of every other shape.
    pub rare_shape: f32,
    /// The spatial patterns played often enough to be features, by key, in level order.
    pub spatial: Vec<(u64, f32)>,
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
        self.push(position, played);
        for &i in empty_cells {
            if i != played && position.allows(i) {
                self.push(position, i);
            }
        }
        debug_assert!(self.candidates.len() > start);
        self.starts.push(self.candidates.len());
        true
    }

    fn push(&mut self, position: &Position, i: u16) {
        let mut f = position.features(i);
        f[0] = canonical_with(&self.symmetries, f[0]);
        self.candidates.push(f);
        self.spatial.push(position.spatial_keys(i));
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
    /// than `min_shape` candidates shares the gamma of rare shapes, and a spatial pattern
    /// played fewer than `min_spatial` times is no feature. `progress(sweep)` is called
    /// after each sweep.
    pub fn learn(
        &self,
        sweeps: usize,
        (min_shape, min_spatial): (u32, u32),
        mut progress: impl FnMut(usize),
    ) -> Learnt {
        let (shape_keys, spatial_keys, model) = self.model(min_shape, min_spatial);
        let mut gammas = model.initial_gammas(shape_keys.len() + 1, spatial_keys.len() + 1);
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
        levels[Group::Spatial.index()] = vec![1.0];
        Learnt {
            levels,
            shapes: shape_keys
                .iter()
                .zip(&gammas[0][1..])
                .map(|(&k, &g)| (k, g as f32))
                .collect(),
            rare_shape: gammas[0][0] as f32,
            spatial: spatial_keys
                .iter()
                .zip(&gammas[Group::Spatial.index()][1..])
                .map(|(&k, &g)| (k, g as f32))
                .collect(),
            top1,
            log_likelihood,
        }
    }

    /// The spatial patterns played at least `min_spatial` times, sorted, each with its
    /// level (one more than its place).
    fn spatial_dictionary(&self, min_spatial: u32) -> (Vec<u64>, KeyMap<u32>) {
        let mut counts: KeyMap<u32> = KeyMap::default();
        for &start in &self.starts[..self.starts.len() - 1] {
            for &key in &self.spatial[start] {
                *counts.entry(key).or_default() += 1;
            }
        }
        let mut keys: Vec<u64> = counts
            .into_iter()
            .filter(|&(_, n)| n >= min_spatial.max(1))
            .map(|(k, _)| k)
            .collect();
        keys.sort_unstable();
        let levels = keys
            .iter()
            .enumerate()
            .map(|(i, &k)| (k, i as u32 + 1))
            .collect();
        (keys, levels)
    }

    /// The candidates with each shape replaced by its index (0 for a rare shape, else one
    /// more than its place in the returned keys, sorted) and their largest spatial
    /// pattern's level among the returned spatial keys.
    fn model(&self, min_shape: u32, min_spatial: u32) -> (Vec<u32>, Vec<u64>, Model<'_>) {
        let (spatial_keys, dictionary) = self.spatial_dictionary(min_spatial);
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
            .zip(&self.spatial)
            .map(|(f, spatial)| {
                let mut f = *f;
                f[0] = index.get(&f[0]).copied().unwrap_or(0);
                f[Group::Spatial.index()] = spatial
                    .iter()
                    .map_while(|k| dictionary.get(k))
                    .last()
                    .copied()
                    .unwrap_or(0);
                f
            })
            .collect();
        (
            keys,
            spatial_keys,
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
    fn initial_gammas(&self, shapes: usize, spatial: usize) -> GroupGammas {
        std::array::from_fn(|g| {
            let n = if g == 0 {
                shapes
            } else if g == Group::Spatial.index() {
                spatial
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
        Gammas::new(self.levels.clone(), &shapes, self.rare_shape, &self.spatial)
    }

    /// The text of a gammas file ([`Gammas::parse`]), after `header` as comments.
    pub fn to_text(&self, header: &str) -> String {
        gammas::write(
            header,
            &self.levels,
            &self.shapes,
            self.rare_shape,
            &self.spatial,
        )
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
        let learnt = set.learn(10, (20, 5), |_| {});
        let levels = &learnt.levels;
        let far = levels[near][8];
        let ratio = levels[near][1] / far;
        assert!((5.0..12.0).contains(&ratio), "near / far {ratio}");
        let third = levels[line][3] / levels[line][2];
        assert!((2.0..4.5).contains(&third), "third / second line {third}");
        // Rating the moves as learnt predicts the teacher's moves better than chance.
        let uniform = set.learn(0, (20, 5), |_| {});
        assert!(learnt.log_likelihood > uniform.log_likelihood + 0.2);
    }

    #[test]
    fn a_learnt_file_reads_back_as_the_same_ratings() {
        let set = taught_set(|_| 1.0, 3);
        let learnt = set.learn(3, (5, 2), |_| {});
        let text = learnt.to_text("a test");
        let read = Gammas::parse(&text).expect("parses");
        let direct = learnt.gammas();
        assert!(
            !learnt.spatial.is_empty(),
            "random games repeat small patterns"
        );
        assert_eq!(read.spatial_dictionary(), direct.spatial_dictionary());
        let spatial = Group::Spatial.index();
        for f in &set.candidates {
            let mut f = *f;
            for level in [0, 1, learnt.spatial.len() as u32] {
                f[spatial] = level;
                let (a, b) = (read.strength(&f), direct.strength(&f));
                assert!((a - b).abs() <= 1e-3 * b.max(1.0), "{a} {b}");
            }
        }
    }

    #[test]
    fn the_spatial_patterns_are_those_played_often_enough_and_a_move_gets_its_largest() {
        let set = taught_set(|_| 1.0, 5);
        let min = 3;
        let (keys, dictionary) = set.spatial_dictionary(min);
        let mut played: HashMap<u64, u32> = HashMap::new();
        for &start in &set.starts[..set.starts.len() - 1] {
            for &k in &set.spatial[start] {
                *played.entry(k).or_default() += 1;
            }
        }
        let often: Vec<u64> = played
            .iter()
            .filter(|&(_, &n)| n >= min)
            .map(|(&k, _)| k)
            .collect();
        assert_eq!(keys.len(), often.len());
        assert!(often.iter().all(|k| dictionary.contains_key(k)));
        let (_, _, model) = set.model(1, min);
        let spatial = Group::Spatial.index();
        for (f, keys) in model.candidates.iter().zip(&set.spatial) {
            let largest = keys.iter().rposition(|k| dictionary.contains_key(k));
            let expected = largest.map_or(0, |r| dictionary[&keys[r]]);
            assert_eq!(f[spatial], expected);
        }
    }
}
