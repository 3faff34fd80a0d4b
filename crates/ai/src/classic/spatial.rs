//! Large patterns around a move ("spatial" patterns, as Coulom and Pachi call them): the
//! points within Manhattan distance 2 to [`MAX_RADIUS`] of the move, each empty, the
//! mover's, the opponent's or off the board, hashed so that a pattern's eight rotations and
//! reflections share one key. A move's [`Group::Spatial`](super::features::Group) feature is
//! the largest of its patterns that a learnt dictionary holds.

use std::collections::HashMap;
use std::sync::OnceLock;

use stonefield_rules::Color;
use stonefield_rules::classic::Board;
/// Pattern keys are hashes already: a map of them does not hash them again.
pub use stonefield_rules::key_hasher::KeyMap;

/// The smallest pattern's radius (radius 1 is the 3x3 shape's business).
pub const MIN_RADIUS: usize = 2;
/// The largest pattern's radius.
pub const MAX_RADIUS: usize = 5;
/// How many pattern sizes a move has.
pub const RADII: usize = MAX_RADIUS - MIN_RADIUS + 1;

/// A move's pattern keys, smallest radius first.
pub type SpatialKeys = [u64; RADII];

/// The offsets of every pattern point, ring by ring, with for each symmetry the random
/// numbers of its three non-empty states at the point the symmetry takes it to.
struct Tables {
    offsets: Vec<(i32, i32)>,
    /// `ring_ends[r - MIN_RADIUS]`: where the points of radius at most `r` end.
    ring_ends: [usize; RADII],
    /// By offset, symmetry and state (own, opponent's, off the board).
    numbers: Vec<[[u64; 3]; 8]>,
    /// Told into each radius's key, so that a pattern differs from its inner part.
    radius_salt: [u64; RADII],
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let r = MAX_RADIUS as i32;
        let mut offsets = Vec::new();
        let mut ring_ends = [0; RADII];
        for d in 1..=r {
            for dy in -d..=d {
                let dx = d - dy.abs();
                offsets.push((dx, dy));
                if dx != 0 {
                    offsets.push((-dx, dy));
                }
            }
            if d as usize >= MIN_RADIUS {
                ring_ends[d as usize - MIN_RADIUS] = offsets.len();
            }
        }
        // Fixed numbers: the keys are written in gammas files and must not change.
        let mut seed = 0x5E_ED0F_5A7A_u64;
        let mut base: HashMap<(i32, i32), [u64; 3]> = HashMap::new();
        for &o in &offsets {
            base.insert(o, std::array::from_fn(|_| splitmix(&mut seed)));
        }
        let numbers = offsets
            .iter()
            .map(|&o| std::array::from_fn(|t| base[&symmetric(o, t)]))
            .collect();
        let radius_salt = std::array::from_fn(|_| splitmix(&mut seed));
        Tables {
            offsets,
            ring_ends,
            numbers,
            radius_salt,
        }
    })
}

/// Symmetry `t` (0 to 7) of offset `o`: bit 2 swaps the axes, bits 0 and 1 mirror them.
pub(crate) fn symmetric((dx, dy): (i32, i32), t: usize) -> (i32, i32) {
    let (dx, dy) = if t & 4 != 0 { (dy, dx) } else { (dx, dy) };
    let dx = if t & 1 != 0 { -dx } else { dx };
    let dy = if t & 2 != 0 { -dy } else { dy };
    (dx, dy)
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The pattern keys of a move of `me` at the empty cell `i`, ring by ring: `each` gets the
/// radius's key (smallest first) and says whether to go on.
pub fn each_key(board: &Board, i: u16, me: Color, mut each: impl FnMut(u64) -> bool) {
    let t = tables();
    let s = i32::from(board.stride());
    let n = i32::from(board.size());
    let (x, y) = (i32::from(i) % s - 1, i32::from(i) / s - 1);
    let mut hashes = [0u64; 8];
    let mut from = 0;
    for (ring, &end) in t.ring_ends.iter().enumerate() {
        for k in from..end {
            let (dx, dy) = t.offsets[k];
            let (px, py) = (x + dx, y + dy);
            let state = if px < 0 || py < 0 || px >= n || py >= n {
                2
            } else {
                match board.stone_at((i32::from(i) + dy * s + dx) as u16) {
                    None => continue,
                    Some(c) if c == me => 0,
                    Some(_) => 1,
                }
            };
            for (h, numbers) in hashes.iter_mut().zip(&t.numbers[k]) {
                *h ^= numbers[state];
            }
        }
        from = end;
        let key = hashes.iter().copied().min().unwrap_or(0) ^ t.radius_salt[ring];
        if !each(key) {
            return;
        }
    }
}

/// Every pattern key of a move of `me` at the empty cell `i`, smallest radius first.
pub fn keys(board: &Board, i: u16, me: Color) -> SpatialKeys {
    let mut keys = [0; RADII];
    let mut k = 0;
    each_key(board, i, me, |key| {
        keys[k] = key;
        k += 1;
        true
    });
    keys
}

/// The level of the largest of a move's patterns in `dictionary` (pattern key to level),
/// 0 if none is. A dictionary harvested from played moves holds the inner patterns of any
/// pattern it holds, so the search stops at the first radius missing.
pub fn largest_level(board: &Board, i: u16, me: Color, dictionary: &KeyMap<u32>) -> u32 {
    let mut level = 0;
    each_key(board, i, me, |key| match dictionary.get(&key) {
        Some(&l) => {
            level = l;
            true
        }
        None => false,
    });
    level
}

#[cfg(test)]
mod tests;
