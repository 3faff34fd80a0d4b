//! MarGo behind the variant-erased layer: reads the `rules` options into [`MargoRules`],
//! turns `[x, y, level]` record coordinates into pyramid points, and reports moves, the
//! final position and the renderer's view (zombies, cut contacts, buried balls) as JSON.

use serde_json::{Map, Value, json};
use stonefield_rules::margo::{Cell, MargoGame, MargoRules, Point, SetupError};
use stonefield_rules::{Color, Game, IllegalMove, Stone};

use super::adapter::{self, Adapter};
use super::played::{self, Played};
use super::setup_error::{Culprit, setup_stone_error};
use crate::fields::{self, index};
use crate::report::score_json;
use crate::{MoveKind, MoveReport, Record, RecordError, RecordMove, Setup};

const FLAGS: [&str; 4] = [
    "bridge_cutting",
    "buried_hidden",
    "swap",
    "first_capture_wins",
];

/// Reads the `rules` object of a MarGo record; left-out options take the book's values.
///
/// # Errors
/// Unknown keys, a board size outside 2..=13, a flag that is not a boolean, naming the key.
pub(crate) fn read_rules(map: &Map<String, Value>) -> Result<MargoRules, RecordError> {
    let mut keys = vec!["board_size"];
    keys.extend(FLAGS);
    fields::only_keys(map, &keys, "rules")?;
    let mut rules = MargoRules::default();
    if let Some(v) = map.get("board_size") {
        let lo = i64::from(stonefield_rules::margo::MIN_SIZE);
        let hi = i64::from(stonefield_rules::margo::MAX_SIZE);
        // In range, so the conversion is exact.
        rules.board_size = fields::integer_in(v, lo, hi, "rules.board_size")? as u8;
    }
    for flag in FLAGS {
        if let Some(v) = map.get(flag) {
            let path = format!("rules.{flag}");
            let on = fields::boolean(v, &path)?;
            rules
                .set_flag(flag, on)
                .map_err(|e| RecordError::invalid(path, e.to_string()))?;
        }
    }
    Ok(rules)
}

/// The pyramid point of record coordinates on a board of side `size`: three whole numbers.
pub(crate) fn point_of(at: &[f64], size: u8) -> Option<Point> {
    let whole =
        |v: f64| (v.fract() == 0.0 && (0.0..f64::from(size)).contains(&v)).then_some(v as u32);
    match at {
        [x, y, level] => Point::new(whole(*x)?, whole(*y)?, whole(*level)?, size),
        _ => None,
    }
}

/// Checks a MarGo record: its rules and its starting position. Moves off the pyramid are
/// not refused here: replay reports them as `outside`.
pub(crate) fn check_record(record: &Record) -> Result<(), RecordError> {
    MargoAdapter::new(&record.rules, record.setup.as_ref()).map(|_| ())
}

/// A MarGo game driven through record moves.
#[derive(Debug, Clone)]
pub struct MargoAdapter {
    game: MargoGame,
    applied: usize,
}

impl MargoAdapter {
    /// A game under the `rules` options, from `setup` if given (White moves first unless
    /// the setup says otherwise).
    ///
    /// # Errors
    /// Bad options; setup balls off the pyramid, doubled, unsupported, or in a group
    /// without freedom that is not pinned.
    pub fn new(
        rules: &Map<String, Value>,
        setup: Option<&Setup>,
    ) -> Result<MargoAdapter, RecordError> {
        let rules = read_rules(rules)?;
        let game = match setup {
            None => {
                MargoGame::new(rules).map_err(|e| RecordError::invalid("rules", e.to_string()))?
            }
            Some(setup) => {
                let stones = setup
                    .stones
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        let at = point_of(&s.at, rules.board_size).ok_or_else(|| {
                            RecordError::invalid(
                                index("setup.stones", i),
                                format!(
                                    "not a point of the MarGo board of side {}",
                                    rules.board_size
                                ),
                            )
                        })?;
                        Ok(Stone { at, color: s.color })
                    })
                    .collect::<Result<Vec<_>, RecordError>>()?;
                let to_move = setup.to_move.unwrap_or(Color::White);
                MargoGame::from_setup(rules, &stones, to_move)
                    .map_err(|e| setup_error(&e, &stones))?
            }
        };
        Ok(MargoAdapter { game, applied: 0 })
    }

    /// The engine's game.
    pub fn game(&self) -> &MargoGame {
        &self.game
    }
}

impl Adapter for MargoAdapter {
    fn engine(&self) -> &dyn adapter::LiveGame {
        &self.game
    }

    fn notation_size(&self) -> u8 {
        self.game.board_size()
    }

    fn preview(&self, request: &Value) -> Result<Value, RecordError> {
        crate::preview::by_trial(self, request, 3, false)
    }

    /// Plays a record move and says what happened; illegal moves change nothing.
    fn apply(&mut self, mv: &RecordMove) -> MoveReport {
        let index = self.applied;
        self.applied += 1;
        let size = self.game.board_size();
        let outcome = played::play(&mut self.game, mv, |game| match &mv.kind {
            MoveKind::Swap => Ok(game.swap().map(|()| Played::Swap)?),
            MoveKind::At(at) if !mv.reserve => {
                let p = point_of(at, size).ok_or(IllegalMove::Outside)?;
                let placed = game.play(&p)?;
                Ok(Played::Stone {
                    at: json!(p.coords()),
                    captured: placed.captured.iter().map(ball_json).collect(),
                })
            }
            MoveKind::Limit => {
                let count = game.score();
                played::limit(game, count)
            }
            _ => Err(IllegalMove::Unsupported.into()),
        });
        played::report(index, mv, outcome, self.game.score())
    }

    /// `{"stones", "to_move", "over", "score"}`, plus `"result"` once finished and
    /// `"swapped": true` once the players have swapped colours.
    fn final_view(&self) -> Value {
        let mut v = played::final_view(&self.game, ball_json);
        if self.game.swapped() {
            v["swapped"] = Value::from(true);
        }
        v
    }

    /// The variant, the resolved rules, the pyramid's geometry and [`MargoAdapter::view`].
    fn describe(&self) -> Value {
        let r = self.game.rules();
        json!({
            "variant": "margo",
            "rules": {
                "board_size": r.board_size,
                "bridge_cutting": r.bridge_cutting,
                "buried_hidden": r.buried_hidden,
                "swap": r.swap,
                "first_capture_wins": r.first_capture_wins,
            },
            "board": {"kind": "pyramid", "size": r.board_size, "levels": r.board_size},
            "view": self.view(),
        })
    }

    /// What a renderer draws beyond the balls, without knowing the rules: [`final_view`]'s
    /// fields plus `zombies` and `buried` (`[x, y, level]` lists), `cut_contacts` (pairs of
    /// `[x, y, level]` whose contact a bridge cuts), `estimate` (the display aid of
    /// `rules/margo.md`, `{"black", "white"}`) and `notation` (each ball's book cell, in the
    /// order of `stones`).
    ///
    /// [`final_view`]: MargoAdapter::final_view
    fn view(&self) -> Value {
        let g = &self.game;
        let size = g.board_size();
        let balls = g.stones();
        let mut v = self.final_view();
        let at = |p: Point| json!(p.coords());
        v["zombies"] = g.zombies().into_iter().map(at).collect();
        v["buried"] = balls
            .iter()
            .filter(|s| g.is_buried(s.at))
            .map(|s| at(s.at))
            .collect();
        v["cut_contacts"] = g
            .cut_contacts()
            .into_iter()
            .map(|(a, b)| json!([a.coords(), b.coords()]))
            .collect();
        v["estimate"] = score_json(g.estimate().map(f64::from));
        v["notation"] = balls
            .iter()
            .map(|s| Value::from(Cell::of(s.at, size).to_string()))
            .collect();
        v
    }
}

/// The book's name (`C5`) of record coordinates on a board of side `size`, if they are a
/// point of it.
pub(crate) fn notation(at: &[f64], size: u8) -> Option<String> {
    point_of(at, size).map(|p| Cell::of(p, size).to_string())
}

fn ball_json(s: &Stone<Point>) -> Value {
    let [x, y, level] = s.at.coords();
    json!([x, y, level, s.color.name()])
}

fn setup_error(e: &SetupError, stones: &[Stone<Point>]) -> RecordError {
    let at = |p, culprit| setup_stone_error(stones, p, culprit, e.to_string());
    match e {
        SetupError::Rules(r) => RecordError::invalid("rules", r.to_string()),
        SetupError::OffBoard(p) | SetupError::Unsupported(p) | SetupError::Unsettled(p) => {
            at(p, Culprit::First)
        }
        SetupError::Duplicate(p) => at(p, Culprit::Last),
        _ => RecordError::invalid("setup", e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(v: Value) -> Result<MargoRules, RecordError> {
        read_rules(v.as_object().expect("object"))
    }

    #[test]
    fn options_default_to_the_book_and_typos_name_the_key() {
        assert_eq!(rules(json!({})), Ok(MargoRules::default()));
        let r =
            rules(json!({"board_size": 4, "swap": true, "bridge_cutting": false})).expect("rules");
        assert_eq!((r.board_size, r.swap, r.bridge_cutting), (4, true, false));
        let e = |v| rules(v).expect_err("bad").to_string();
        assert_eq!(e(json!({"komi": 1})), "rules: unknown field \"komi\"");
        assert!(
            e(json!({"board_size": 14}))
                .starts_with("rules.board_size: expected a whole number from 2 to 13")
        );
        assert!(e(json!({"swap": "yes"})).starts_with("rules.swap:"));
    }

    #[test]
    fn points_need_three_whole_coordinates_on_the_pyramid() {
        assert_eq!(
            point_of(&[1.0, 2.0, 1.0], 5).map(Point::coords),
            Some([1, 2, 1])
        );
        assert_eq!(point_of(&[4.0, 0.0, 1.0], 5), None);
        assert_eq!(point_of(&[0.5, 0.0, 0.0], 5), None);
        assert_eq!(point_of(&[-1.0, 0.0, 0.0], 5), None);
        assert_eq!(point_of(&[0.0, 0.0], 5), None);
        assert_eq!(notation(&[0.0, 0.0, 6.0], 7).as_deref(), Some("G7"));
    }
}
