//! The learnt gammas of classic Go's move features ([`super::features`]): a move's
//! strength is the product of its features' gammas. Kept as text, one feature a line
//! (`crates/ai/src/classic/gammas.txt` is built in), and read into a table by raw shape
//! key and a map of spatial pattern keys, so that rating a move is a few lookups.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use super::features::{
    ALL_GROUPS, Features, GROUPS, Group, SHAPE_KEYS, canonical_shape, canonical_with, symmetries,
};
use super::spatial::KeyMap;

/// Learnt gammas: a move's strength is the product of its features' gammas (1 for a
/// level 0).
#[derive(Debug, Clone)]
pub struct Gammas {
    /// By raw shape key (every symmetry filled in).
    shape: Vec<f32>,
    /// By group (not the shape) and level.
    levels: [Vec<f32>; GROUPS],
    /// The spatial patterns with a gamma of their own: their level, by key.
    spatial: KeyMap<u32>,
}

/// What is wrong with a gammas file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("gammas line {line}: {what}")]
pub struct GammasError {
    pub line: usize,
    pub what: String,
}

impl Gammas {
    /// Gammas from the learnt levels: `levels[g][l]` for group `g` at level `l` (index 0
    /// unused), `shapes` by canonical shape key, `rare_shape` for a shape not among them,
    /// and the spatial patterns by key, their levels 1, 2... in that order.
    pub fn new(
        mut levels: [Vec<f32>; GROUPS],
        shapes: &HashMap<u32, f32>,
        rare_shape: f32,
        spatial: &[(u64, f32)],
    ) -> Gammas {
        let at = Group::Spatial.index();
        levels[at] = vec![1.0];
        let mut dictionary = KeyMap::default();
        for &(key, gamma) in spatial {
            levels[at].push(gamma);
            dictionary.insert(key, levels[at].len() as u32 - 1);
        }
        let symmetries = symmetries();
        let shape = (0..SHAPE_KEYS)
            .map(|k| {
                *shapes
                    .get(&canonical_with(&symmetries, k))
                    .unwrap_or(&rare_shape)
            })
            .collect();
        Gammas {
            shape,
            levels,
            spatial: dictionary,
        }
    }

    /// The spatial patterns' levels by key, for [`Position::with_dictionary`](super::features::Position::with_dictionary).
    pub fn spatial_dictionary(&self) -> &KeyMap<u32> {
        &self.spatial
    }

    /// The gammas built into stonefield, learnt from the game records `learn-patterns`
    /// names in their file's header.
    pub fn builtin() -> &'static Gammas {
        static BUILTIN: OnceLock<Gammas> = OnceLock::new();
        BUILTIN.get_or_init(|| {
            Gammas::parse(include_str!("gammas.txt")).expect("the built-in gammas parse")
        })
    }

    /// The strength of a move with these features.
    #[inline]
    pub fn strength(&self, f: &Features) -> f32 {
        let mut s = self.shape[f[0] as usize % self.shape.len()];
        for (levels, &level) in self.levels.iter().zip(f).skip(1) {
            if level > 0 {
                s *= levels.get(level as usize).copied().unwrap_or(1.0);
            }
        }
        s
    }

    /// Reads the text [`write()`] writes: `#` comments, then one line each
    /// `GROUP LEVEL GAMMA`, where a shape's level is its canonical key in hex or `rare`,
    /// and a spatial pattern's is its key in hex (its level is its place among them).
    ///
    /// # Errors
    /// A line that is not of that form, an unknown group, a level out of range, a spatial
    /// key given twice or a gamma that is not a positive number.
    pub fn parse(text: &str) -> Result<Gammas, GammasError> {
        let mut levels: [Vec<f32>; GROUPS] =
            std::array::from_fn(|g| vec![1.0; ALL_GROUPS[g].max_level() as usize + 1]);
        levels[0] = Vec::new();
        let mut shapes = HashMap::new();
        let mut spatial = Vec::new();
        let mut spatial_keys = HashSet::new();
        let mut rare = 1.0;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let err = |what: &str| GammasError {
                line: n + 1,
                what: what.to_owned(),
            };
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [group, level, gamma] = fields[..] else {
                return Err(err("expected GROUP LEVEL GAMMA"));
            };
            let gamma: f32 = gamma
                .parse()
                .ok()
                .filter(|g: &f32| g.is_finite() && *g > 0.0)
                .ok_or_else(|| err("the gamma is not a positive number"))?;
            let g = ALL_GROUPS
                .iter()
                .position(|x| x.name() == group)
                .ok_or_else(|| err("unknown group"))?;
            if g == 0 {
                if level == "rare" {
                    rare = gamma;
                    continue;
                }
                let key = u32::from_str_radix(level.trim_start_matches("0x"), 16)
                    .ok()
                    .filter(|&k| k < SHAPE_KEYS && canonical_shape(k) == k)
                    .ok_or_else(|| err("not a canonical shape key"))?;
                shapes.insert(key, gamma);
            } else if g == Group::Spatial.index() {
                let key = u64::from_str_radix(level, 16)
                    .map_err(|_| err("a spatial key is 16 hex digits"))?;
                if !spatial_keys.insert(key) {
                    return Err(err("a spatial key given twice"));
                }
                spatial.push((key, gamma));
            } else {
                let l: usize = level
                    .parse()
                    .ok()
                    .filter(|&l| l >= 1 && l < levels[g].len())
                    .ok_or_else(|| err("level out of range"))?;
                levels[g][l] = gamma;
            }
        }
        Ok(Gammas::new(levels, &shapes, rare, &spatial))
    }
}

/// Writes learnt gammas in the form [`Gammas::parse`] reads, after a `header` of comment
/// lines: the levels of each group, then the shapes by canonical key, then the spatial
/// patterns in the order of their levels.
pub fn write(
    header: &str,
    levels: &[Vec<f32>; GROUPS],
    shapes: &[(u32, f32)],
    rare_shape: f32,
    spatial: &[(u64, f32)],
) -> String {
    let mut out = String::new();
    for line in header.lines() {
        out.push_str(&format!("# {line}\n"));
    }
    for (g, group) in ALL_GROUPS.iter().enumerate().skip(1) {
        if *group == Group::Spatial {
            continue;
        }
        for (l, gamma) in levels[g].iter().enumerate().skip(1) {
            out.push_str(&format!("{} {l} {gamma:.4}\n", group.name()));
        }
    }
    out.push_str(&format!("shape rare {rare_shape:.4}\n"));
    for (key, gamma) in shapes {
        out.push_str(&format!("shape {key:05x} {gamma:.4}\n"));
    }
    for (key, gamma) in spatial {
        out.push_str(&format!("spatial {key:016x} {gamma:.4}\n"));
    }
    out
}
