//! Topological Go behind the variant-erased layer: reads the `rules` options into
//! [`TopoRules`], turns `[x, y]` record coordinates (with `"reserve": true` for a reserve
//! stone) into moves, and reports moves, scores and the renderer's view (trees, enclosed
//! points, stones left) as JSON.

use serde_json::{Map, Value, json};
use stonefield_rules::topological::{
    Point, RulesError, SetupError, TopoGame, TopoMove, TopoRules, TopoSetup, Tree,
};
use stonefield_rules::{Color, Game, IllegalMove, Phase, Stone};

use super::adapter::{self, Adapter};
use super::played::{self, Played};
use super::setup_error::{Culprit, setup_stone_error};
use crate::fields::{self, index};
use crate::{MoveKind, MoveReport, Record, RecordError, RecordMove, Setup};

/// Reads the `rules` object of a Topological Go record; left-out options take their
/// defaults (10x10, 5 reserve stones).
///
/// # Errors
/// Unknown keys, a size outside 6..=25, more reserve stones than the supply holds.
pub(crate) fn read_rules(map: &Map<String, Value>) -> Result<TopoRules, RecordError> {
    fields::only_keys(map, &["board_size", "reserve_stones"], "rules")?;
    let lo = i64::from(stonefield_rules::topological::MIN_SIZE);
    let hi = i64::from(stonefield_rules::topological::MAX_SIZE);
    let size = match map.get("board_size") {
        // In range, so the conversion is exact.
        Some(v) => fields::integer_in(v, lo, hi, "rules.board_size")? as u32,
        None => u32::from(TopoRules::DEFAULT_SIZE),
    };
    let reserve = match map.get("reserve_stones") {
        Some(v) => fields::integer_in(v, 0, 1000, "rules.reserve_stones")? as u32,
        None => TopoRules::DEFAULT_RESERVE,
    };
    TopoRules::new(size, reserve).map_err(|e| {
        let path = match e {
            RulesError::BoardSize(_) => "rules.board_size",
            _ => "rules.reserve_stones",
        };
        RecordError::invalid(path, e.to_string())
    })
}

/// The grid point of record coordinates on a board of side `size`: two whole numbers.
pub(crate) fn point_of(at: &[f64], size: u8) -> Option<Point> {
    let whole =
        |v: f64| (v.fract() == 0.0 && (0.0..f64::from(size)).contains(&v)).then_some(v as u32);
    match at {
        [x, y] => Point::new(whole(*x)?, whole(*y)?, size),
        _ => None,
    }
}

/// Checks a Topological Go record: its rules and its starting position. Moves off the
/// board are not refused here: replay reports them as `outside`.
pub(crate) fn check_record(record: &Record) -> Result<(), RecordError> {
    TopoAdapter::new(&record.rules, record.setup.as_ref()).map(|_| ())
}

/// A Topological Go game driven through record moves.
#[derive(Debug, Clone)]
pub struct TopoAdapter {
    /// Boxed: the game's bit boards are large beside the other variants' games.
    game: Box<TopoGame>,
    applied: usize,
    /// The reserve stones placed, for the view: on the board they are stones like any
    /// other, and Topological Go never removes a stone.
    reserve_placed: Vec<Point>,
}

impl TopoAdapter {
    /// A game under the `rules` options: the four corner stones with White to move, or
    /// `setup` (every stone, corners included; White to move unless it says otherwise;
    /// every reserve stone still held).
    ///
    /// # Errors
    /// Bad options; setup stones off the board, doubled, or more than the supply.
    pub fn new(
        rules: &Map<String, Value>,
        setup: Option<&Setup>,
    ) -> Result<TopoAdapter, RecordError> {
        let rules = read_rules(rules)?;
        let size = rules.board_size();
        let game = match setup {
            None => TopoGame::new(rules),
            Some(setup) => {
                let stones = setup
                    .stones
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        let at = point_of(&s.at, size).ok_or_else(|| {
                            RecordError::invalid(
                                index("setup.stones", i),
                                format!("not a point of the {size}x{size} board"),
                            )
                        })?;
                        Ok(Stone { at, color: s.color })
                    })
                    .collect::<Result<Vec<_>, RecordError>>()?;
                let to_move = setup.to_move.unwrap_or(Color::White);
                TopoGame::from_setup(rules, &TopoSetup::new(stones.clone(), to_move))
                    .map_err(|e| setup_error(&e, &stones))?
            }
        };
        Ok(TopoAdapter {
            game: Box::new(game),
            applied: 0,
            reserve_placed: Vec::new(),
        })
    }

    /// The engine's game.
    pub fn game(&self) -> &TopoGame {
        &self.game
    }
}

impl Adapter for TopoAdapter {
    fn engine(&self) -> &dyn adapter::LiveGame {
        &*self.game
    }

    fn notation_size(&self) -> u8 {
        self.game.rules().board_size()
    }

    fn preview(&self, request: &Value) -> Result<Value, RecordError> {
        crate::preview::by_trial(self, request, 2, true)
    }

    /// Plays a record move and says what happened; illegal moves change nothing.
    fn apply(&mut self, mv: &RecordMove) -> MoveReport {
        let index = self.applied;
        self.applied += 1;
        let size = self.game.rules().board_size();
        let mut reserve_at = None;
        let outcome = played::play(&mut *self.game, mv, |game| match &mv.kind {
            MoveKind::At(at) => {
                if game.phase() != Phase::Playing {
                    return Err(IllegalMove::GameOver.into());
                }
                let p = point_of(at, size).ok_or(IllegalMove::Outside)?;
                game.play(&TopoMove {
                    at: p,
                    reserve: mv.reserve,
                })?;
                if mv.reserve {
                    reserve_at = Some(p);
                }
                Ok(Played::Stone {
                    at: json!([p.x(), p.y()]),
                    captured: Vec::new(),
                })
            }
            MoveKind::Limit => {
                let count = game.score();
                played::limit(game, count)
            }
            _ => Err(IllegalMove::Unsupported.into()),
        });
        self.reserve_placed.extend(reserve_at);
        played::report(index, mv, outcome, self.game.score())
    }

    /// `{"stones", "to_move", "over", "score"}`, plus `"result"` once finished.
    fn final_view(&self) -> Value {
        played::final_view(&*self.game, stone_json)
    }

    /// The variant, the resolved rules, the grid and [`TopoAdapter::view`].
    fn describe(&self) -> Value {
        let r = self.game.rules();
        json!({
            "variant": "topological",
            "rules": {"board_size": r.board_size(), "reserve_stones": r.reserve_stones()},
            "board": {"kind": "grid", "size": r.board_size(), "star_points": []},
            "view": self.view(),
        })
    }

    /// What a renderer draws beyond the stones, without knowing the rules: [`final_view`]'s
    /// fields plus, per colour (`{"black": ..., "white": ...}`): `trees` (lists of `[x, y]`,
    /// longest first), `longest_tree` (its points, empty without stones), `enclosed` (the
    /// points of the regions that colour encloses), `reserve_left` and `normal_left`;
    /// `closed` (the empty points no one may play); and `reserve_stones` (the points of
    /// the reserve stones placed, in order).
    ///
    /// [`final_view`]: TopoAdapter::final_view
    fn view(&self) -> Value {
        let g = &self.game;
        let points = |ps: &[Point]| -> Value { ps.iter().map(|p| json!([p.x(), p.y()])).collect() };
        let tree = |t: &Tree| points(t.points());
        let per = |f: &dyn Fn(Color) -> Value| json!({"black": f(Color::Black), "white": f(Color::White)});
        let mut v = self.final_view();
        v["trees"] = per(&|c| g.trees(c).iter().map(tree).collect());
        v["longest_tree"] = per(&|c| g.longest_tree(c).map_or_else(|| json!([]), |t| tree(&t)));
        v["enclosed"] = per(&|c| points(&g.enclosed_by(c)));
        v["reserve_left"] = per(&|c| Value::from(g.reserve_left(c)));
        v["normal_left"] = per(&|c| Value::from(g.normal_left(c)));
        v["closed"] = points(&g.closed_points());
        v["reserve_stones"] = points(&self.reserve_placed);
        v
    }
}

fn stone_json(s: &Stone<Point>) -> Value {
    json!([s.at.x(), s.at.y(), s.color.name()])
}

fn setup_error(e: &SetupError, stones: &[Stone<Point>]) -> RecordError {
    let at = |p, culprit| setup_stone_error(stones, p, culprit, e.to_string());
    match e {
        SetupError::OffBoard(p) => at(p, Culprit::First),
        SetupError::Duplicate(p) => at(p, Culprit::Last),
        _ => RecordError::invalid("setup.stones", e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(v: Value) -> Result<TopoRules, RecordError> {
        read_rules(v.as_object().expect("object"))
    }

    #[test]
    fn options_default_and_bad_ones_name_the_key() {
        assert_eq!(rules(json!({})), Ok(TopoRules::default()));
        let r = rules(json!({"board_size": 19, "reserve_stones": 3})).expect("rules");
        assert_eq!((r.board_size(), r.reserve_stones()), (19, 3));
        let e = |v| rules(v).expect_err("bad").to_string();
        assert!(e(json!({"board_size": 5})).starts_with("rules.board_size:"));
        assert!(
            e(json!({"board_size": 6, "reserve_stones": 17})).starts_with("rules.reserve_stones:")
        );
        assert_eq!(e(json!({"komi": 1})), "rules: unknown field \"komi\"");
    }

    #[test]
    fn a_pass_marked_reserve_is_refused() {
        let mut g = TopoAdapter::new(&Map::new(), None).expect("game");
        let mut mv = RecordMove::pass(Color::White);
        mv.reserve = true;
        assert_eq!(g.apply(&mv).reason, Some(IllegalMove::Unsupported));
        assert_eq!(g.to_move(), Color::White);
    }

    #[test]
    fn the_view_lists_the_reserve_stones_placed_and_no_refused_one() {
        let mut g = TopoAdapter::new(&Map::new(), None).expect("game");
        let at = |x: f64, y: f64, color, reserve| {
            let mut mv = RecordMove::at(color, vec![x, y]);
            mv.reserve = reserve;
            mv
        };
        // White's normal stone next to its corner, Black's reserve stone in the middle.
        assert!(g.apply(&at(1.0, 0.0, Color::White, false)).reason.is_none());
        assert!(g.apply(&at(5.0, 5.0, Color::Black, true)).reason.is_none());
        // A reserve stone next to one's own stone is refused and not listed.
        let refused = g.apply(&at(2.0, 0.0, Color::White, true));
        assert!(refused.reason.is_some(), "{refused:?}");
        assert!(g.apply(&at(4.0, 4.0, Color::White, true)).reason.is_none());
        assert_eq!(g.view()["reserve_stones"], json!([[5, 5], [4, 4]]));
    }
}
