//! The standard fixed handicap points, in the order of the GTP specification
//! (`fixed_handicap`): opposite corners first, then the other corners, sides and centre.

use super::point::Point;

/// The points of a fixed handicap of `stones` on a board of side `size`, or `None` where
/// the board has no such points ([`super::Rules::validate`] refuses those rules).
pub fn fixed_points(size: u8, stones: u8) -> Option<Vec<Point>> {
    if size < 7 || stones > 9 || (stones > 4 && (size.is_multiple_of(2) || size == 7)) {
        return None;
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let (lo, mid, hi) = (edge, size / 2, size - 1 - edge);
    // (x, y) with y down: GTP's D4 is the lower left corner point.
    let corners = [(lo, hi), (hi, lo), (lo, lo), (hi, hi)];
    let sides = [(lo, mid), (hi, mid), (mid, hi), (mid, lo)];
    let centre = (mid, mid);
    let mut pts: Vec<(u8, u8)> = corners
        .iter()
        .copied()
        .take(usize::from(stones.min(4)))
        .collect();
    match stones {
        5 => pts.push(centre),
        6 => pts.extend(&sides[..2]),
        7 => {
            pts.extend(&sides[..2]);
            pts.push(centre);
        }
        8 => pts.extend(&sides),
        9 => {
            pts.extend(&sides);
            pts.push(centre);
        }
        _ => {}
    }
    pts.into_iter()
        .map(|(x, y)| Point::new(u32::from(x), u32::from(y), size))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nineteen_by_nineteen_follows_gtp() {
        let gtp = |n| -> Vec<String> {
            fixed_points(19, n)
                .expect("points")
                .iter()
                .map(|p| p.to_gtp(19))
                .collect()
        };
        assert_eq!(gtp(2), ["D4", "Q16"]);
        assert_eq!(gtp(3), ["D4", "Q16", "D16"]);
        assert_eq!(gtp(5), ["D4", "Q16", "D16", "Q4", "K10"]);
        assert_eq!(gtp(6), ["D4", "Q16", "D16", "Q4", "D10", "Q10"]);
        assert_eq!(
            gtp(8),
            ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16"]
        );
        assert_eq!(gtp(9).len(), 9);
    }

    #[test]
    fn small_boards_use_the_third_line() {
        let p = fixed_points(9, 2).expect("points");
        assert_eq!(p[0].to_gtp(9), "C3");
        assert!(fixed_points(8, 5).is_none());
        assert!(fixed_points(5, 2).is_none());
    }
}
