//! Enclosed regions: the 8-connected parts of the board outside one player's stones that
//! do not touch two opposite sides. Kept up to date move by move: a placement can only
//! split the mover's own region around the new stone, and most placements provably split
//! nothing, which a look at the eight points around the stone shows.

use super::point::Point;
use super::point_set::{PointSet, Step};

/// The eight points around a point, in circular order: N, NE, E, SE, S, SW, W, NW.
const RING: [(isize, isize); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];
const N: u8 = 1 << 0;
const E: u8 = 1 << 2;
const S: u8 = 1 << 4;
const W: u8 = 1 << 6;

/// Whether the ring points in `mask` are joined among themselves by orthogonal and
/// diagonal steps: consecutive ring points always are, and so are two orthogonal
/// neighbours of the centre (N and E are diagonal to each other).
const fn ring_connected(mask: u8) -> bool {
    if mask == 0 {
        return true;
    }
    let orthogonal = N | E | S | W;
    let mut reach = mask & mask.wrapping_neg();
    let mut i = 0;
    while i < 8 {
        let straight = reach & orthogonal;
        reach |= reach.rotate_left(1)
            | reach.rotate_right(1)
            | straight.rotate_left(2)
            | straight.rotate_right(2);
        reach &= mask;
        i += 1;
    }
    reach == mask
}

const fn ring_table() -> [bool; 256] {
    let mut t = [false; 256];
    let mut m = 0;
    while m < 256 {
        t[m] = ring_connected(m as u8);
        m += 1;
    }
    t
}

static RING_CONNECTED: [bool; 256] = ring_table();

/// Every point (empty or the opponent's) in a region enclosed by the player whose stones
/// are `own`, on a board of side `n`: the full computation, for setups and checks.
pub(super) fn enclosed_by(own: &PointSet, n: usize) -> PointSet {
    let free = PointSet::full(n) & !*own;
    let mut rest = free;
    let mut enclosed = PointSet::EMPTY;
    while let Some(p) = rest.first() {
        let region = PointSet::fill(PointSet::single(p), &free, n, Step::King);
        if !region.spans(n) {
            enclosed |= region;
        }
        rest &= !region;
    }
    enclosed
}

/// Brings `enclosed` (the mover's enclosed points before the move) up to date after the
/// mover placed a stone at `p`; `own` holds the mover's stones with the new one.
///
/// `p` was open (a stone is never placed in an enclosed region), so only the open region
/// that held `p` can change; the other player's regions cannot change at all, as the new
/// stone was already outside their player's stones.
pub(super) fn update(enclosed: &mut PointSet, own: &PointSet, p: Point, n: usize) {
    let free = PointSet::full(n) & !*own;
    let (mask, ring) = free_ring(&free, p, n);
    if mask == 0 || RING_CONNECTED[usize::from(mask)] && keeps_sides(p, mask, n) {
        // The region lost only `p`: still one region, on the same sides, still open.
        return;
    }
    // Each piece the ring shows is filled until it proves open by spanning the board (a
    // pocket settles fast, the big open region stops after a round or two). Pieces found
    // inside a region already filled are skipped.
    let mut seen = PointSet::EMPTY;
    for q in ring.into_iter().flatten() {
        if seen.contains(q) {
            continue;
        }
        let region =
            PointSet::fill_until(PointSet::single(q), &free, n, Step::King, |r| r.spans(n));
        if !region.spans(n) {
            *enclosed |= region;
        }
        seen |= region;
    }
}

/// The ring points of `p` in `free`, as a mask in [`RING`] order and as points.
fn free_ring(free: &PointSet, p: Point, n: usize) -> (u8, [Option<Point>; 8]) {
    let mut mask = 0;
    let mut points = [None; 8];
    let (x, y) = (usize::from(p.x()), usize::from(p.y()));
    for (i, (dx, dy)) in RING.iter().enumerate() {
        let q = x
            .checked_add_signed(*dx)
            .zip(y.checked_add_signed(*dy))
            .filter(|&(qx, qy)| qx < n && qy < n)
            .map(|(qx, qy)| Point::from_indices(qx, qy));
        if let Some(q) = q.filter(|&q| free.contains(q)) {
            mask |= 1 << i;
            points[i] = Some(q);
        }
    }
    (mask, points)
}

/// Whether, for each side `p` lies on, a free ring point on that same side still carries
/// the region to it.
fn keeps_sides(p: Point, mask: u8, n: usize) -> bool {
    let last = n - 1;
    let (x, y) = (usize::from(p.x()), usize::from(p.y()));
    let along_row = mask & (E | W) != 0;
    let along_column = mask & (N | S) != 0;
    (y != 0 && y != last || along_row) && (x != 0 && x != last || along_column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_connectivity_counts_diagonal_joins() {
        assert!(ring_connected(0b1111_1111));
        assert!(ring_connected(N | E));
        assert!(ring_connected(0b0000_0111));
        assert!(!ring_connected(N | S));
        assert!(!ring_connected(0b0000_0010 | 0b0000_1000));
        assert!(!ring_connected(E | W));
        // Everything but W: one arc.
        assert!(ring_connected(!W));
        // N, E, SE, S and W: the orthogonal points join across the missing corners.
        assert!(ring_connected(N | E | 0b0000_1000 | S | W));
        // N and SE: E would join them, but it is missing.
        assert!(!ring_connected(N | 0b0000_1000));
    }

    /// Plays random placements (no rules but "never inside an enclosed region") and checks
    /// the incremental update against the full computation after every stone.
    #[test]
    fn incremental_update_matches_full_computation() {
        let mut rng = fastrand::Rng::with_seed(3);
        for game in 0..300 {
            let n = 6 + game % 8;
            let mut own = [PointSet::EMPTY; 2];
            let mut enclosed = [PointSet::EMPTY; 2];
            for turn in 0..n * n {
                let c = turn % 2;
                let open = PointSet::full(n) & !(own[0] | own[1] | enclosed[0] | enclosed[1]);
                let Some(p) = open.nth(rng.u32(..open.count().max(1))) else {
                    break;
                };
                own[c].insert(p);
                update(&mut enclosed[c], &own[c], p, n);
                assert_eq!(
                    enclosed[c],
                    enclosed_by(&own[c], n),
                    "game {game} turn {turn}"
                );
            }
        }
    }

    #[test]
    fn lines_between_adjacent_sides_and_loops_enclose_but_across_does_not() {
        let n = 7;
        let line = |pts: &[(usize, usize)]| {
            let mut b = PointSet::EMPTY;
            for &(x, y) in pts {
                b.insert(Point::from_indices(x, y));
            }
            b
        };
        let corner_cut = line(&[(2, 0), (2, 1), (2, 2), (1, 2), (0, 2)]);
        assert_eq!(enclosed_by(&corner_cut, n).count(), 4);
        let across = line(&[(3, 0), (3, 1), (3, 2), (3, 3), (3, 4), (3, 5), (3, 6)]);
        assert!(enclosed_by(&across, n).is_empty());
        let ring = line(&[
            (2, 2),
            (3, 2),
            (4, 2),
            (4, 3),
            (4, 4),
            (3, 4),
            (2, 4),
            (2, 3),
        ]);
        assert_eq!(
            enclosed_by(&ring, n),
            PointSet::single(Point::from_indices(3, 3))
        );
    }
}
