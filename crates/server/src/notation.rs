//! Moves named for people, in each variant's own notation, so that the browser's move list
//! shows what players write without knowing any board geometry: classic and Topological Go
//! name a point as the board's labels do (`E7`: columns without `I`, row 1 at the bottom,
//! GTP's vertex), MarGo by the book's tournament cell (`C5`, `rules/margo.md`), continuous
//! Go by its coordinates to two decimals. Passes, resignations and MarGo's swap are words.
//!
//! ```
//! use serde_json::json;
//! use stonefield_record::{MoveReport, MoveResult, RecordMove, Variant};
//! use stonefield_rules::Color;
//! use stonefield_server::notation::move_name;
//!
//! let mut report = MoveReport::plain(0, Color::Black, MoveResult::Placed);
//! report.at = Some(json!([4, 2]));
//! let mv = RecordMove::at(Color::Black, vec![4.0, 2.0]);
//! assert_eq!(move_name(Variant::Classic, Some(9), &mv, &report).as_deref(), Some("E7"));
//! ```

use serde_json::Value;
use stonefield_record::{MoveReport, MoveResult, RecordMove, Variant};
use stonefield_rules::{classic, margo};

/// The name of the move `mv` that made `report`, on a board of side `size` (none for
/// continuous Go); `None` for a move that changed nothing (illegal, or a request that
/// resolved to no point).
pub fn move_name(
    variant: Variant,
    size: Option<u8>,
    mv: &RecordMove,
    report: &MoveReport,
) -> Option<String> {
    match report.result {
        MoveResult::Placed => Some(point_name(variant, size, mv, report.at.as_ref()?)),
        MoveResult::Pass => Some("pass".into()),
        MoveResult::Resign => Some("resign".into()),
        MoveResult::Swap => Some("swap".into()),
        MoveResult::NoPoint | MoveResult::Illegal => None,
    }
}

/// A placed stone's point; the raw coordinates if the variant cannot name it (a point the
/// engine accepted always has a name, so this is only a guard against a changed engine).
fn point_name(variant: Variant, size: Option<u8>, mv: &RecordMove, at: &Value) -> String {
    let coords: Vec<f64> = at
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default();
    let named = match variant {
        Variant::Classic => size.and_then(|n| grid_vertex(&coords, n)),
        Variant::Topological => size.and_then(|n| grid_vertex(&coords, n)).map(|v| {
            if mv.reserve {
                format!("{v} (reserve)")
            } else {
                v
            }
        }),
        Variant::Margo => size.and_then(|n| margo_cell(&coords, n)),
        Variant::Continuous => match coords[..] {
            [x, y] => Some(format!("({x:.2}, {y:.2})")),
            _ => None,
        },
    };
    named.unwrap_or_else(|| at.to_string())
}

/// Whole-number coordinates, each fitting in a `u32`.
fn whole(coords: &[f64]) -> Option<Vec<u32>> {
    coords
        .iter()
        .map(|&v| {
            (v.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&v)).then_some(v as u32)
        })
        .collect()
}

/// `[x, y]` on an n x n grid as GTP names it (`D4`), as the board draws its labels.
fn grid_vertex(coords: &[f64], size: u8) -> Option<String> {
    match whole(coords)?[..] {
        [x, y] => classic::Point::new(x, y, size).map(|p| p.to_gtp(size)),
        _ => None,
    }
}

/// `[x, y, level]` as the book's cell (`C5`).
fn margo_cell(coords: &[f64], size: u8) -> Option<String> {
    match whole(coords)?[..] {
        [x, y, level] => {
            margo::Point::new(x, y, level, size).map(|p| margo::Cell::of(p, size).to_string())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use stonefield_rules::Color;

    use super::*;

    fn placed(at: Value) -> MoveReport {
        let mut r = MoveReport::plain(3, Color::White, MoveResult::Placed);
        r.at = Some(at);
        r
    }

    fn stone(at: &[f64]) -> RecordMove {
        RecordMove::at(Color::White, at.to_vec())
    }

    #[test]
    fn classic_points_skip_i_and_count_rows_from_the_bottom() {
        let name = |x: f64, y: f64, n| {
            move_name(
                Variant::Classic,
                Some(n),
                &stone(&[x, y]),
                &placed(json!([x, y])),
            )
        };
        assert_eq!(name(4.0, 2.0, 9).as_deref(), Some("E7"));
        assert_eq!(name(0.0, 18.0, 19).as_deref(), Some("A1"));
        assert_eq!(name(8.0, 0.0, 19).as_deref(), Some("J19"));
        assert_eq!(name(18.0, 18.0, 19).as_deref(), Some("T1"));
    }

    #[test]
    fn margo_points_are_the_books_cells() {
        let name =
            |at: [f64; 3]| move_name(Variant::Margo, Some(7), &stone(&at), &placed(json!(at)));
        // rules/margo.md: column 2x+k, row 2n-1-(2y+k), counted from A and 1.
        assert_eq!(name([1.0, 4.0, 0.0]).as_deref(), Some("C5"));
        assert_eq!(name([0.0, 0.0, 0.0]).as_deref(), Some("A13"));
        assert_eq!(name([0.0, 0.0, 1.0]).as_deref(), Some("B12"));
    }

    #[test]
    fn continuous_points_have_two_decimals_and_topological_reserve_stones_say_so() {
        let mv = stone(&[3.0, 4.0]);
        let name = move_name(
            Variant::Continuous,
            None,
            &mv,
            &placed(json!([3.254_1, 4.1])),
        );
        assert_eq!(name.as_deref(), Some("(3.25, 4.10)"));
        let mut reserve = stone(&[2.0, 3.0]);
        reserve.reserve = true;
        let name = move_name(
            Variant::Topological,
            Some(10),
            &reserve,
            &placed(json!([2, 3])),
        );
        assert_eq!(name.as_deref(), Some("C7 (reserve)"));
        let name = move_name(Variant::Topological, Some(10), &mv, &placed(json!([3, 4])));
        assert_eq!(name.as_deref(), Some("D6"));
    }

    #[test]
    fn passes_are_words_and_refusals_have_no_name() {
        let mv = RecordMove::pass(Color::Black);
        let pass = MoveReport::plain(0, Color::Black, MoveResult::Pass);
        assert_eq!(
            move_name(Variant::Classic, Some(9), &mv, &pass).as_deref(),
            Some("pass")
        );
        let illegal = MoveReport::illegal(0, Color::Black, stonefield_rules::IllegalMove::Occupied);
        assert_eq!(move_name(Variant::Classic, Some(9), &mv, &illegal), None);
        // A point off the board is written as given rather than misnamed.
        let off = placed(json!([30, 2]));
        assert_eq!(
            move_name(Variant::Classic, Some(9), &stone(&[30.0, 2.0]), &off).as_deref(),
            Some("[30,2]")
        );
    }
}
