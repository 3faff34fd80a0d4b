//! Moves as players write them, for move lists: `E7` on classic and Topological grids
//! (column letters without I, rows counted from the bottom, as GTP and GNU Go write them),
//! the book's `C5` in MarGo, and the point to two decimals in continuous Go.

use serde_json::Value;

use crate::variants::margo_notation;
use crate::{MoveReport, MoveResult, Variant};

/// Column letters of a grid: no `I`, so 25 columns at most.
const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// `E7` for the point `[x, y]` of a `size`x`size` grid, counted from the top-left.
pub fn grid_point(x: usize, y: usize, size: usize) -> Option<String> {
    let letter = LETTERS.get(x).filter(|_| x < size && y < size)?;
    Some(format!("{}{}", char::from(*letter), size - y))
}

fn coords(at: &Value) -> Vec<f64> {
    at.as_array()
        .into_iter()
        .flatten()
        .map_while(Value::as_f64)
        .collect()
}

/// Rounded to 0.01, halves away from zero, as scores are (the count, the pages' scores):
/// formatting alone would round 6.125 to even, 6.12.
fn hundredths(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

fn point(variant: Variant, at: &Value, size: u8) -> Option<String> {
    let c = coords(at);
    match variant {
        Variant::Classic | Variant::Topological => match c[..] {
            [x, y, ..] if x >= 0.0 && y >= 0.0 => {
                grid_point(x as usize, y as usize, usize::from(size))
            }
            _ => None,
        },
        Variant::Margo => margo_notation(&c, size),
        Variant::Continuous => match c[..] {
            [x, y, ..] => Some(format!("({:.2}, {:.2})", hundredths(x), hundredths(y))),
            _ => None,
        },
    }
}

/// How a move list writes the move `report` of a `variant` game on a board of side `size`
/// (unused in continuous Go): the point where a stone went, `pass`, `resign` or `swap`,
/// `mark E7` for a group marked, `resume`, `time` for a loss on time, `move limit` for
/// the end at the length limit; `None` for a move that changed nothing.
pub(crate) fn of(variant: Variant, size: u8, report: &MoveReport) -> Option<String> {
    match report.result {
        MoveResult::Placed => point(variant, report.at.as_ref()?, size),
        MoveResult::Pass => Some("pass".into()),
        MoveResult::Resign => Some("resign".into()),
        MoveResult::Swap => Some("swap".into()),
        MoveResult::Mark => Some(format!(
            "mark {}",
            point(variant, report.at.as_ref()?, size)?
        )),
        MoveResult::Resume => Some("resume".into()),
        MoveResult::Timeout => Some("time".into()),
        MoveResult::Limit => Some("move limit".into()),
        MoveResult::NoPoint | MoveResult::Illegal => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use stonefield_rules::Color;

    fn placed(at: Value) -> MoveReport {
        let mut r = MoveReport::plain(0, Color::Black, MoveResult::Placed);
        r.at = Some(at);
        r
    }

    #[test]
    fn each_variant_writes_its_own_notation() {
        let n = |v, size, at| of(v, size, &placed(at));
        assert_eq!(n(Variant::Classic, 9, json!([4, 2])).as_deref(), Some("E7"));
        assert_eq!(
            n(Variant::Classic, 19, json!([8, 18])).as_deref(),
            Some("J1")
        );
        assert_eq!(n(Variant::Classic, 9, json!([9, 0])), None);
        assert_eq!(
            n(Variant::Continuous, 0, json!([3.0, 4.456])).as_deref(),
            Some("(3.00, 4.46)")
        );
        assert_eq!(
            n(Variant::Continuous, 0, json!([6.125, 0.5])).as_deref(),
            Some("(6.13, 0.50)")
        );
        assert_eq!(
            n(Variant::Topological, 10, json!([0, 0])).as_deref(),
            Some("A10")
        );
        assert!(n(Variant::Margo, 7, json!([0, 0, 0])).is_some());
        let pass = MoveReport::plain(1, Color::White, MoveResult::Pass);
        assert_eq!(of(Variant::Classic, 9, &pass).as_deref(), Some("pass"));
        let illegal = MoveReport::plain(1, Color::White, MoveResult::Illegal);
        assert_eq!(of(Variant::Classic, 9, &illegal), None);
    }
}
