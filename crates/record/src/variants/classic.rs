//! Classic Go behind the variant-erased layer: reads `rules` options into [`Rules`], turns
//! record coordinates into grid points, and reports moves and views as JSON.

use serde_json::{Map, Value, json};
use stonefield_rules::classic::{
    ClassicGame, Handicap, MAX_SIZE, MIN_SIZE, Placement, Point, Rules, RulesError, Scoring,
    SetupError, fixed_points,
};
use stonefield_rules::{ByColor, Color, Game, IllegalMove, Outcome, Phase, Stone};

use super::adapter::{self, Adapter};
use super::played::{self, Played};
use super::setup_error::{Culprit, setup_stone_error};
use crate::fields::{self, index, join};
use crate::preview::{self, Ask, Effect, Target};
use crate::{MoveKind, MoveReport, Record, RecordError, RecordMove, Setup};

const OPTIONS: [&str; 7] = [
    "board_size",
    "preset",
    "ko",
    "suicide",
    "scoring",
    "komi",
    "handicap",
];
const DEFAULT_PRESET: &str = Rules::DEFAULT_PRESET;

/// Reads the `rules` object of a classic record; left-out options take the preset's values.
///
/// # Errors
/// Unknown keys, unknown values, and options that cannot make a game, naming the key.
pub(crate) fn read_rules(map: &Map<String, Value>) -> Result<Rules, RecordError> {
    fields::only_keys(map, &OPTIONS, "rules")?;
    let size = match map.get("board_size") {
        Some(v) => fields::integer_in(
            v,
            i64::from(MIN_SIZE),
            i64::from(MAX_SIZE),
            "rules.board_size",
        )? as u8,
        None => Rules::default().board_size,
    };
    let preset = match map.get("preset") {
        Some(v) => fields::string(v, "rules.preset")?,
        None => DEFAULT_PRESET,
    };
    let mut rules = Rules::preset(preset, size).map_err(|_| {
        RecordError::invalid(
            "rules.preset",
            format!("unknown preset {preset:?} (expected chinese, japanese, tromp-taylor, aga or new-zealand)"),
        )
    })?;
    if let Some(v) = map.get("ko") {
        rules.ko = named(v, "rules.ko")?;
    }
    if let Some(v) = map.get("suicide") {
        rules.suicide = named(v, "rules.suicide")?;
    }
    if let Some(v) = map.get("scoring") {
        rules.scoring = named(v, "rules.scoring")?;
        if !map.contains_key("preset") {
            // classic.md: komi defaults to 7.5 under area scoring, 6.5 under territory.
            rules.komi = if rules.scoring == Scoring::Area {
                7.5
            } else {
                6.5
            };
        }
    }
    if let Some(v) = map.get("komi") {
        rules.komi = fields::number(v, "rules.komi")?;
    }
    if let Some(v) = map.get("handicap") {
        rules.handicap = read_handicap(v, "rules.handicap")?;
    }
    rules.validate().map_err(|e| rules_error(&e))?;
    Ok(rules)
}

fn named<T: std::str::FromStr<Err = RulesError>>(v: &Value, path: &str) -> Result<T, RecordError> {
    fields::string(v, path)?
        .parse()
        .map_err(|e: RulesError| RecordError::invalid(path, e.to_string()))
}

/// `N` or `{"stones": N, "placement": "fixed"|"free"}`.
fn read_handicap(v: &Value, path: &str) -> Result<Handicap, RecordError> {
    if v.is_number() {
        let stones = fields::integer_in(v, 0, i64::from(Handicap::MAX_STONES), path)? as u8;
        return Ok(Handicap {
            stones,
            placement: Placement::Fixed,
        });
    }
    let map = fields::object(v, path)?;
    fields::only_keys(map, &["stones", "placement"], path)?;
    let stones = fields::integer_in(
        fields::required(map, "stones", path)?,
        0,
        i64::from(Handicap::MAX_STONES),
        &join(path, "stones"),
    )? as u8;
    let placement = match map.get("placement") {
        Some(p) => named(p, &join(path, "placement"))?,
        None => Placement::Fixed,
    };
    Ok(Handicap { stones, placement })
}

fn rules_error(e: &RulesError) -> RecordError {
    let path = match e {
        RulesError::BoardSize(_) => "rules.board_size",
        RulesError::Komi(_) => "rules.komi",
        RulesError::Handicap { .. } => "rules.handicap",
        _ => "rules",
    };
    RecordError::invalid(path, e.to_string())
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

fn check_point(at: &[f64], size: u8, path: &str) -> Result<Point, RecordError> {
    point_of(at, size).ok_or_else(|| {
        let shown: Vec<Value> = at.iter().map(|&v| fields::coordinate(v, true)).collect();
        RecordError::invalid(
            path,
            format!(
                "{} is not a point of the {size}x{size} board",
                Value::from(shown)
            ),
        )
    })
}

/// Checks a classic record: its rules, every move's point, and its starting position.
pub(crate) fn check_record(record: &Record) -> Result<(), RecordError> {
    let rules = read_rules(&record.rules)?;
    for (i, mv) in record.moves.iter().enumerate() {
        if let MoveKind::At(at) | MoveKind::Mark(at) = &mv.kind {
            let key = if matches!(mv.kind, MoveKind::At(_)) {
                "at"
            } else {
                "mark"
            };
            check_point(at, rules.board_size, &join(&index("moves", i), key))?;
        }
    }
    ClassicAdapter::new(&record.rules, record.setup.as_ref()).map(|_| ())
}

/// A classic game driven through record moves.
#[derive(Debug, Clone)]
pub struct ClassicAdapter {
    game: ClassicGame,
    applied: usize,
}

impl ClassicAdapter {
    /// A game under the `rules` options, from `setup` if given.
    ///
    /// # Errors
    /// Bad options; setup stones off the board, doubled, or without a liberty.
    pub fn new(
        rules: &Map<String, Value>,
        setup: Option<&Setup>,
    ) -> Result<ClassicAdapter, RecordError> {
        let rules = read_rules(rules)?;
        let game = match setup {
            None => ClassicGame::new(rules).map_err(|e| setup_error(&e, &[]))?,
            Some(setup) => {
                let stones = setup
                    .stones
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        let at = check_point(&s.at, rules.board_size, &index("setup.stones", i))?;
                        Ok(Stone { at, color: s.color })
                    })
                    .collect::<Result<Vec<_>, RecordError>>()?;
                let to_move = setup.to_move.unwrap_or(Color::Black);
                ClassicGame::from_setup(rules, &stones, to_move)
                    .map_err(|e| setup_error(&e, &stones))?
            }
        };
        Ok(ClassicAdapter { game, applied: 0 })
    }

    /// The engine's game.
    pub fn game(&self) -> &ClassicGame {
        &self.game
    }
}

impl Adapter for ClassicAdapter {
    fn engine(&self) -> &dyn adapter::LiveGame {
        &self.game
    }

    fn notation_size(&self) -> u8 {
        self.game.rules().board_size
    }

    /// The count under the game's scoring rule, the marked stones removed.
    fn count(&self) -> ByColor<f64> {
        self.game.final_score()
    }

    /// Plays a record move and says what happened; illegal moves change nothing.
    fn apply(&mut self, mv: &RecordMove) -> MoveReport {
        let index = self.applied;
        self.applied += 1;
        let size = self.game.rules().board_size;
        let outcome = played::play(&mut self.game, mv, |game| match &mv.kind {
            MoveKind::At(at) if !mv.reserve => {
                let p = point_of(at, size).ok_or(IllegalMove::Outside)?;
                let placed = game.play(&p)?;
                Ok(Played::Stone {
                    at: json!([p.x(), p.y()]),
                    captured: placed.captured.iter().map(stone_json).collect(),
                })
            }
            MoveKind::Mark(at) => {
                let p = point_of(at, size).ok_or(IllegalMove::Outside)?;
                game.toggle_dead(p)?;
                Ok(Played::Mark(json!([p.x(), p.y()])))
            }
            MoveKind::Resume => Ok(game.resume_play().map(|()| Played::Resume)?),
            MoveKind::Limit => {
                let count = game.final_score();
                played::limit(game, count)
            }
            _ => Err(IllegalMove::Unsupported.into()),
        });
        played::report(index, mv, outcome, self.game.score())
    }

    /// `{"stones", "to_move", "over", "score"}`, plus `"result"` once finished.
    fn final_view(&self) -> Value {
        played::final_view(&self.game, stone_json)
    }

    /// The variant, the resolved rules and the grid for drawing.
    fn describe(&self) -> Value {
        let r = self.game.rules();
        let size = r.board_size;
        let stars: Vec<Value> = star_points(size)
            .iter()
            .map(|p| json!([p.x(), p.y()]))
            .collect();
        json!({
            "variant": "classic",
            "rules": {
                "board_size": size,
                "ko": r.ko.to_string(),
                "suicide": r.suicide.to_string(),
                "scoring": r.scoring.to_string(),
                "komi": r.komi,
                "handicap": {"stones": r.handicap.stones, "placement": r.handicap.placement.to_string()},
                "dead_stone_marking": r.mark_dead,
            },
            "board": {"kind": "grid", "size": size, "star_points": stars},
        })
    }

    /// What a stone of the player to move at `{"at": [x, y]}` would do, without changing
    /// the game: legal or not, the stones it would capture, the score after it.
    ///
    /// # Errors
    /// A malformed request, or a `request` (classic Go has exact points only).
    fn preview(&self, request: &Value) -> Result<Value, RecordError> {
        let Ask { target, color } = preview::read_ask(request, 2)?;
        let Target::At(at) = target else {
            return Err(RecordError::invalid(
                "preview.request",
                "classic Go has no requests; send \"at\"",
            ));
        };
        let now = self.game.score();
        // As in `apply`: the turn matters only while playing.
        let playing = self.game.phase() == Phase::Playing;
        if playing && color.is_some_and(|c| c != self.game.to_move()) {
            return Ok(preview::answer(None, Err(IllegalMove::NotYourTurn), now));
        }
        let Some(p) = point_of(&at, self.game.rules().board_size) else {
            return Ok(preview::answer(None, Err(IllegalMove::Outside), now));
        };
        let mut trial = self.game.clone();
        let verdict = trial.play(&p).map(|placed| Effect {
            captured: placed.captured.iter().map(stone_json).collect(),
            score: trial.score(),
        });
        Ok(preview::answer(Some(json!([p.x(), p.y()])), verdict, now))
    }

    /// Marks or unmarks the chain at `at` as dead.
    ///
    /// # Errors
    /// Outside the marking phase, or no stone there.
    fn toggle_dead(&mut self, at: &[f64]) -> Result<(), IllegalMove> {
        let p = point_of(at, self.game.rules().board_size).ok_or(IllegalMove::Outside)?;
        self.game.toggle_dead(p)
    }

    /// The stones marked dead, as `[x, y, "colour"]`.
    fn dead_stones(&self) -> Vec<Value> {
        self.game.dead_stones().iter().map(stone_json).collect()
    }

    /// Counts the game with the marked stones removed.
    ///
    /// # Errors
    /// Outside the marking phase.
    fn accept_count(&mut self) -> Result<Outcome, IllegalMove> {
        self.game.accept_count()
    }

    /// Back to play after a disagreement on the marks.
    ///
    /// # Errors
    /// Outside the marking phase.
    fn resume_play(&mut self) -> Result<(), IllegalMove> {
        self.game.resume_play()
    }
}

/// The points drawn as dots: the handicap points where the board has them.
fn star_points(size: u8) -> Vec<Point> {
    let n = match size {
        9 => 5,
        s if s >= 13 && s % 2 == 1 => 9,
        _ => 4,
    };
    fixed_points(size, n).unwrap_or_default()
}

fn stone_json(s: &Stone<Point>) -> Value {
    json!([s.at.x(), s.at.y(), s.color.name()])
}

fn setup_error(e: &SetupError, stones: &[Stone<Point>]) -> RecordError {
    let at = |p, culprit| setup_stone_error(stones, p, culprit, e.to_string());
    match e {
        SetupError::Rules(r) => rules_error(r),
        SetupError::OffBoard(p) | SetupError::NoLiberty(p) => at(p, Culprit::First),
        SetupError::Duplicate(p) => at(p, Culprit::Last),
        _ => RecordError::invalid("setup", e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveResult;
    use serde_json::json;
    use stonefield_rules::classic::KoRule;

    fn rules(v: Value) -> Result<Rules, RecordError> {
        read_rules(v.as_object().expect("object"))
    }

    #[test]
    fn presets_and_overrides() {
        let r = rules(json!({"preset": "japanese", "board_size": 9, "ko": "positional-superko"}))
            .expect("rules");
        assert_eq!(
            (r.board_size, r.komi, r.ko),
            (9, 6.5, KoRule::PositionalSuperko)
        );
        assert_eq!(
            rules(json!({"scoring": "territory"})).expect("rules").komi,
            6.5
        );
        assert_eq!(rules(json!({})).expect("rules"), Rules::default());
        let h = rules(json!({"handicap": {"stones": 3, "placement": "free"}})).expect("rules");
        assert_eq!(
            h.handicap,
            Handicap {
                stones: 3,
                placement: Placement::Free
            }
        );
    }

    #[test]
    fn bad_options_name_the_key() {
        let e = |v| rules(v).expect_err("bad rules").to_string();
        assert!(
            e(json!({"preset": "korean"})).starts_with("rules.preset: unknown preset \"korean\"")
        );
        assert_eq!(e(json!({"colour": 1})), "rules: unknown field \"colour\"");
        assert!(e(json!({"komi": 6.3})).starts_with("rules.komi:"));
        assert!(
            e(json!({"board_size": 19.5})).starts_with("rules.board_size: expected a whole number")
        );
        assert!(e(json!({"ko": "sometimes"})).starts_with("rules.ko: unknown value"));
        assert!(e(json!({"handicap": 1})).starts_with("rules.handicap:"));
    }

    #[test]
    fn moves_out_of_turn_or_off_the_board_are_reported_not_played() {
        let mut g = ClassicAdapter::new(json!({"board_size": 9}).as_object().expect("obj"), None)
            .expect("game");
        let r = g.apply(&RecordMove::at(Color::White, vec![2.0, 2.0]));
        assert_eq!(r.reason, Some(IllegalMove::NotYourTurn));
        let r = g.apply(&RecordMove::at(Color::Black, vec![9.0, 2.0]));
        assert_eq!((r.index, r.reason), (1, Some(IllegalMove::Outside)));
        let r = g.apply(&RecordMove::at(Color::Black, vec![2.0, 2.0]));
        assert_eq!(r.result, MoveResult::Placed);
        assert_eq!(
            r.score,
            Some(ByColor {
                black: 81.0,
                white: 7.5
            })
        );
        let r = g.apply(&RecordMove::resign(Color::Black));
        assert_eq!(r.result, MoveResult::Resign);
        assert_eq!(g.final_view()["result"], "W+R");
    }

    #[test]
    fn setup_faults_name_the_stone() {
        let setup = Setup {
            stones: vec![
                crate::SetupStone {
                    at: vec![0.0, 0.0],
                    color: Color::Black,
                },
                crate::SetupStone {
                    at: vec![0.0, 0.0],
                    color: Color::White,
                },
            ],
            to_move: None,
        };
        let e = ClassicAdapter::new(&Map::new(), Some(&setup)).expect_err("duplicate");
        assert_eq!(e.path(), "setup.stones[1]");
    }
}
