//! Continuous Go behind the variant-erased layer: reads `rules` options into
//! [`ContinuousRules`], plays exact points and snapped requests, and reports moves, views
//! and hover previews as JSON with real coordinates.

use serde_json::{Map, Value, json};
use stonefield_rules::continuous::{
    BoardShape, ContinuousGame, ContinuousRules, Point, Polygon, PolygonError, RequestError,
    RulesError, SetupError, SnapMode,
};
use stonefield_rules::{ByColor, Color, Game, IllegalMove, Outcome, Phase, Stone};

use super::adapter::{self, Adapter};
use super::played::{self, Played, Refused};
use super::setup_error::{Culprit, setup_stone_error};
use crate::fields::{self, index, join};
use crate::preview::{self, Ask, Effect, Target};
use crate::{MoveKind, MoveReport, Record, RecordError, RecordMove, Setup, Snap};

const OPTIONS: [&str; 5] = ["board", "stone_radius", "komi", "ko", "handicap"];
/// The most handicap stones a record may ask for (the board may hold fewer).
pub(crate) const MAX_HANDICAP: u16 = 1000;

/// Reads the `rules` object of a continuous record; left-out options take their defaults.
///
/// # Errors
/// Unknown keys or values, non-finite numbers, a polygon that is not simple, a radius that
/// is not positive or too large for the board; the error names the key.
pub(crate) fn read_rules(map: &Map<String, Value>) -> Result<ContinuousRules, RecordError> {
    fields::only_keys(map, &OPTIONS, "rules")?;
    let mut rules = ContinuousRules::default();
    if let Some(v) = map.get("board") {
        rules.board = read_board(v)?;
    }
    if let Some(v) = map.get("stone_radius") {
        rules.stone_radius = fields::number(v, "rules.stone_radius")?;
    }
    if let Some(v) = map.get("komi") {
        rules.komi = fields::number(v, "rules.komi")?;
    }
    if let Some(v) = map.get("ko") {
        rules.ko = fields::string(v, "rules.ko")?
            .parse()
            .map_err(|e: RulesError| RecordError::invalid("rules.ko", e.to_string()))?;
    }
    if let Some(v) = map.get("handicap") {
        rules.handicap = read_handicap(v)?;
    }
    rules.validate().map_err(|e| match (&e, &rules.board) {
        // A preset outline only goes wrong through its scale, the stone radius.
        (RulesError::Polygon(_), BoardShape::Preset(_)) => {
            RecordError::invalid("rules.stone_radius", e.to_string())
        }
        _ => rules_error(&e),
    })?;
    Ok(rules)
}

/// A preset name, or `{"polygon": [[x, y], ...]}`.
fn read_board(v: &Value) -> Result<BoardShape, RecordError> {
    const PATH: &str = "rules.board";
    if let Some(name) = v.as_str() {
        return name.parse().map(BoardShape::Preset).map_err(|_| {
            RecordError::invalid(
                PATH,
                format!("unknown board {name:?} (expected square-9, square-13, square-19, hexagon or {{\"polygon\": [[x, y], ...]}})"),
            )
        });
    }
    let map = fields::object(v, PATH)?;
    fields::only_keys(map, &["polygon"], PATH)?;
    let path = join(PATH, "polygon");
    let list = fields::required(map, "polygon", PATH)?
        .as_array()
        .ok_or_else(|| RecordError::invalid(&path, "expected a list of [x, y] vertices"))?;
    let coords = list
        .iter()
        .enumerate()
        .map(|(i, c)| fields::numbers(c, 2, &index(&path, i)).map(|xy| [xy[0], xy[1]]))
        .collect::<Result<Vec<_>, _>>()?;
    Polygon::from_coords(&coords)
        .map(BoardShape::Polygon)
        .map_err(|e| polygon_error(&e))
}

/// A number of stones, or `{"stones": N}` as in classic records.
fn read_handicap(v: &Value) -> Result<u16, RecordError> {
    const PATH: &str = "rules.handicap";
    let n = match v.as_object() {
        Some(map) => {
            fields::only_keys(map, &["stones"], PATH)?;
            let path = join(PATH, "stones");
            fields::integer_in(
                fields::required(map, "stones", PATH)?,
                0,
                MAX_HANDICAP.into(),
                &path,
            )?
        }
        None => fields::integer_in(v, 0, MAX_HANDICAP.into(), PATH)?,
    };
    // In 0..=MAX_HANDICAP by the check above.
    Ok(n as u16)
}

fn polygon_error(e: &PolygonError) -> RecordError {
    let path = "rules.board.polygon";
    match e {
        PolygonError::TooFar(i) | PolygonError::RepeatedVertex(i) => {
            RecordError::invalid(index(path, *i), e.to_string())
        }
        _ => RecordError::invalid(path, e.to_string()),
    }
}

fn rules_error(e: &RulesError) -> RecordError {
    let path = match e {
        RulesError::Radius(_) | RulesError::RadiusTooLarge(_) => "rules.stone_radius",
        RulesError::Komi(_) => "rules.komi",
        RulesError::Handicap(_) => "rules.handicap",
        RulesError::Polygon(p) => return polygon_error(p),
        _ => "rules",
    };
    RecordError::invalid(path, e.to_string())
}

/// Checks a continuous record: its rules and its starting position. Move coordinates are
/// finite by then; points off the board are illegal attempts that replay reports.
pub(crate) fn check_record(record: &Record) -> Result<(), RecordError> {
    ContinuousAdapter::new(&record.rules, record.setup.as_ref()).map(|_| ())
}

/// The engine's snap mode for a record's.
fn snap_mode(snap: Snap) -> SnapMode {
    match snap {
        Snap::Nearest => SnapMode::Nearest,
        Snap::Own => SnapMode::Own,
        Snap::Opponent => SnapMode::Opponent,
    }
}

/// A point from record coordinates; anything but two finite numbers is off the board.
fn point(at: &[f64]) -> Option<Point> {
    match at {
        [x, y] => Point::new(*x, *y).ok(),
        _ => None,
    }
}

fn point_json(p: Point) -> Value {
    json!([p.x(), p.y()])
}

/// A placed stone and what it removed, as the report writes them.
fn stone_played(at: Point, captured: &[Stone<Point>]) -> Played {
    Played::Stone {
        at: point_json(at),
        captured: captured.iter().map(stone_json).collect(),
    }
}

fn stone_json(s: &Stone<Point>) -> Value {
    json!([s.at.x(), s.at.y(), s.color.name()])
}

/// A continuous game driven through record moves.
#[derive(Debug, Clone)]
pub struct ContinuousAdapter {
    // Boxed: the game is several times larger than the other variants' adapters.
    game: Box<ContinuousGame>,
    applied: usize,
}

impl ContinuousAdapter {
    /// A game under the `rules` options, from `setup` if given.
    ///
    /// # Errors
    /// Bad options; setup stones that do not fit, overlap, or leave a group without a
    /// liberty (naming the stone).
    pub fn new(
        rules: &Map<String, Value>,
        setup: Option<&Setup>,
    ) -> Result<ContinuousAdapter, RecordError> {
        let rules = read_rules(rules)?;
        let game = match setup {
            None => ContinuousGame::new(rules).map_err(|e| setup_error(&e, &[]))?,
            Some(setup) => {
                let stones = setup
                    .stones
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        let at = point(&s.at).ok_or_else(|| {
                            RecordError::invalid(index("setup.stones", i), "expected finite x, y")
                        })?;
                        Ok(Stone { at, color: s.color })
                    })
                    .collect::<Result<Vec<_>, RecordError>>()?;
                let to_move = setup.to_move.unwrap_or(Color::Black);
                ContinuousGame::from_setup(rules, &stones, to_move)
                    .map_err(|e| setup_error(&e, &stones))?
            }
        };
        Ok(ContinuousAdapter {
            game: Box::new(game),
            applied: 0,
        })
    }

    /// The engine's game.
    pub fn game(&self) -> &ContinuousGame {
        &self.game
    }
}

impl Adapter for ContinuousAdapter {
    fn engine(&self) -> &dyn adapter::LiveGame {
        &*self.game
    }

    /// The Voronoi count, the marked stones removed.
    fn count(&self) -> ByColor<f64> {
        self.game.final_score()
    }

    /// Plays a record move and says what happened; illegal and unresolved moves change
    /// nothing. An illegal request reports the point it resolved to.
    fn apply(&mut self, mv: &RecordMove) -> MoveReport {
        let index = self.applied;
        self.applied += 1;
        let outcome = played::play(&mut *self.game, mv, |game| match &mv.kind {
            MoveKind::At(at) if !mv.reserve => {
                let p = point(at).ok_or(IllegalMove::Outside)?;
                let placed = game.play(&p)?;
                Ok(stone_played(p, &placed.captured))
            }
            MoveKind::Request { at, snap } if !mv.reserve => {
                let p = point(at).ok_or(IllegalMove::Outside)?;
                match game.play_request(p, snap_mode(*snap)) {
                    Ok((at, placed)) => Ok(stone_played(at, &placed.captured)),
                    Err(RequestError::NoPoint) => Err(Refused::NoPoint),
                    Err(RequestError::Illegal { at, reason }) => {
                        Err(Refused::Illegal(reason, Some(point_json(at))))
                    }
                }
            }
            MoveKind::Mark(at) => {
                let p = point(at).ok_or(IllegalMove::Outside)?;
                game.toggle_dead(p)?;
                Ok(Played::Mark(point_json(p)))
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
        played::final_view(&*self.game, stone_json)
    }

    /// [`ContinuousAdapter::final_view`] plus the territory: `cells`, one
    /// `{"color", "polygon": [[x, y], ...]}` per stone (its Voronoi cell; clients clip it to
    /// the board); and `atari`, one `{"stones": [[x, y, color], ...], "capture_at": [x, y]}`
    /// per group that one touching stone of the other colour would capture.
    fn view(&self) -> Value {
        let atari: Vec<Value> = self
            .game
            .groups_in_atari()
            .into_iter()
            .map(|a| {
                let stones: Vec<Value> = a.stones.iter().map(stone_json).collect();
                json!({"stones": stones, "capture_at": point_json(a.capture_at)})
            })
            .collect();
        let cells: Vec<Value> = self
            .game
            .cells()
            .into_iter()
            .map(|(stone, cell)| {
                let polygon: Vec<Value> = cell.into_iter().map(point_json).collect();
                json!({"color": stone.color.name(), "polygon": polygon})
            })
            .collect();
        let mut v = self.final_view();
        v["cells"] = Value::from(cells);
        v["atari"] = Value::from(atari);
        v
    }

    /// The variant, the rules in force and the board for drawing: the polygon (vertices in
    /// board units, y down), the stone radius, and the board's area in units of `(2r)^2`.
    fn describe(&self) -> Value {
        let r = self.game.rules();
        let board = self.game.board();
        let shape = match &r.board {
            BoardShape::Preset(p) => Value::from(p.to_string()),
            BoardShape::Polygon(_) => Value::from("polygon"),
        };
        let polygon: Vec<Value> = board
            .polygon()
            .vertices()
            .iter()
            .map(|&p| point_json(p))
            .collect();
        json!({
            "variant": "continuous",
            "rules": {
                "board": shape,
                "stone_radius": r.stone_radius,
                "komi": r.effective_komi(),
                "ko": r.ko.to_string(),
                "handicap": r.handicap,
            },
            "board": {
                "kind": "polygon",
                "polygon": polygon,
                "stone_radius": board.stone_radius(),
                "area_units": board.area_units(),
                "convex": board.polygon().is_convex(),
            },
        })
    }

    /// What a hover would do, without changing the game: `{"request": [x, y], "snap"}` is
    /// resolved for the player to move, `{"at": [x, y]}` is taken as it is.
    ///
    /// # Errors
    /// A malformed request, naming the key.
    fn preview(&self, request: &Value) -> Result<Value, RecordError> {
        let Ask { target, color } = preview::read_ask(request, 2)?;
        let now = self.game.score();
        // As in `apply`: the turn matters only while playing.
        let playing = self.game.phase() == Phase::Playing;
        if playing && color.is_some_and(|c| c != self.game.to_move()) {
            return Ok(preview::answer(None, Err(IllegalMove::NotYourTurn), now));
        }
        let at = match target {
            Target::At(at) => point(&at),
            Target::Request(xy, snap) => match point(&xy) {
                Some(p) => match self.game.resolve(p, snap_mode(snap)) {
                    Some(at) => Some(at),
                    None => return Ok(preview::no_point(now)),
                },
                None => None,
            },
        };
        let Some(at) = at else {
            return Ok(preview::answer(None, Err(IllegalMove::Outside), now));
        };
        let verdict = self.game.preview_at(at).verdict.map(|h| Effect {
            captured: h.captured.iter().map(stone_json).collect(),
            score: h.score,
        });
        Ok(preview::answer(Some(point_json(at)), verdict, now))
    }

    /// Marks or unmarks the group of the stone under `at` as dead.
    ///
    /// # Errors
    /// Outside the marking phase, or no stone there.
    fn toggle_dead(&mut self, at: &[f64]) -> Result<(), IllegalMove> {
        let p = point(at).ok_or(IllegalMove::Outside)?;
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

fn setup_error(e: &SetupError, stones: &[Stone<Point>]) -> RecordError {
    let at = |p, culprit| setup_stone_error(stones, p, culprit, e.to_string());
    match e {
        SetupError::Rules(r) => rules_error(r),
        SetupError::Outside(p) | SetupError::NoLiberty(p) => at(p, Culprit::First),
        // The later of two stones is the one that overlaps.
        SetupError::Overlap(p) => at(p, Culprit::Last),
        _ => RecordError::invalid("setup", e.to_string()),
    }
}
