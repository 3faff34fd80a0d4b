//! Classic Go behind the server's JSON [`Engine`] interface. This adapter stands in for
//! `stonefield_record::AnyGame` until that lands; it reads moves and rules exactly as the
//! record format writes them.

use serde_json::{Value, json};
use stonefield_rules::classic::{ClassicGame, Handicap, Placement, Point, Rules};
use stonefield_rules::{ByColor, Color, Game, IllegalMove, Outcome, Phase, Stone};

use crate::engine::{Engine, EngineError, score_json};

/// A classic game plus what the clients draw that the rules do not keep (the last move).
#[derive(Debug, Clone)]
pub struct ClassicEngine {
    game: ClassicGame,
    last: Option<Point>,
}

fn bad(what: impl Into<String>) -> EngineError {
    EngineError::Malformed(what.into())
}

fn refused(e: IllegalMove) -> EngineError {
    EngineError::Refused(e.reason().to_owned())
}

fn rules_from_json(v: &Value) -> Result<Rules, EngineError> {
    let obj = v
        .as_object()
        .ok_or_else(|| bad("rules: expected an object"))?;
    let size = match obj.get("board_size") {
        None => 19,
        Some(s) => s
            .as_u64()
            .and_then(|s| u8::try_from(s).ok())
            .ok_or_else(|| bad("rules.board_size: expected a small integer"))?,
    };
    let preset = obj
        .get("preset")
        .and_then(Value::as_str)
        .unwrap_or("chinese");
    let mut rules = Rules::preset(preset, size).map_err(|e| EngineError::Rules(e.to_string()))?;
    let text = |k: &str| obj.get(k).and_then(Value::as_str);
    let rerr = |e: stonefield_rules::classic::RulesError| EngineError::Rules(e.to_string());
    if let Some(k) = text("ko") {
        rules.ko = k.parse().map_err(rerr)?;
    }
    if let Some(s) = text("suicide") {
        rules.suicide = s.parse().map_err(rerr)?;
    }
    if let Some(s) = text("scoring") {
        rules.scoring = s.parse().map_err(rerr)?;
    }
    if let Some(k) = obj.get("komi") {
        rules.komi = k
            .as_f64()
            .ok_or_else(|| bad("rules.komi: expected a number"))?;
    }
    if let Some(h) = obj.get("handicap") {
        rules.handicap = handicap_from_json(h)?;
    }
    rules.validate().map_err(rerr)?;
    Ok(rules)
}

fn handicap_from_json(h: &Value) -> Result<Handicap, EngineError> {
    let stones = h
        .get("stones")
        .and_then(Value::as_u64)
        .and_then(|s| u8::try_from(s).ok())
        .ok_or_else(|| bad("rules.handicap.stones: expected a small integer"))?;
    let placement = match h.get("placement").and_then(Value::as_str) {
        None | Some("fixed") => Placement::Fixed,
        Some("free") => Placement::Free,
        Some(o) => return Err(bad(format!("rules.handicap.placement: unknown {o:?}"))),
    };
    Ok(Handicap { stones, placement })
}

fn point_from_json(v: &Value, size: u8) -> Result<Point, EngineError> {
    let xy = v
        .as_array()
        .filter(|a| a.len() == 2)
        .ok_or_else(|| bad("at: expected 2 numbers"))?;
    let coord = |c: &Value| {
        c.as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| bad("at: expected 2 non-negative integers"))
    };
    Point::new(coord(&xy[0])?, coord(&xy[1])?, size)
        .ok_or_else(|| EngineError::Refused(IllegalMove::Outside.reason().to_owned()))
}

fn point_json(p: Point) -> Value {
    json!([p.x(), p.y()])
}

fn stone_json(s: &Stone<Point>) -> Value {
    json!([s.at.x(), s.at.y(), s.color.name()])
}

fn color_from_json(mv: &Value) -> Result<Color, EngineError> {
    mv.get("color")
        .and_then(Value::as_str)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| bad("color: expected \"black\" or \"white\""))
}

impl ClassicEngine {
    /// A new game under the record-format `rules`, optionally from a `setup` position.
    ///
    /// # Errors
    /// Rules or setup that cannot make a game.
    pub fn new(rules: &Value, setup: Option<&Value>) -> Result<ClassicEngine, EngineError> {
        let rules = rules_from_json(rules)?;
        let game = match setup {
            None | Some(Value::Null) => ClassicGame::new(rules),
            Some(s) => {
                let (stones, to_move) = setup_from_json(s, rules.board_size)?;
                ClassicGame::from_setup(rules, &stones, to_move)
            }
        }
        .map_err(|e| EngineError::Rules(e.to_string()))?;
        Ok(ClassicEngine { game, last: None })
    }

    fn illegal(color: Color, e: IllegalMove) -> Value {
        json!({"color": color.name(), "result": "illegal", "reason": e.reason()})
    }
}

fn setup_from_json(s: &Value, size: u8) -> Result<(Vec<Stone<Point>>, Color), EngineError> {
    let mut stones = Vec::new();
    for st in s
        .get("stones")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let a = st
            .as_array()
            .filter(|a| a.len() == 3)
            .ok_or_else(|| bad("setup.stones: expected [x, y, color]"))?;
        let at = point_from_json(&json!([a[0], a[1]]), size)?;
        let color = a[2]
            .as_str()
            .and_then(|c| c.parse().ok())
            .ok_or_else(|| bad("setup.stones: bad color"))?;
        stones.push(Stone { at, color });
    }
    let to_move = match s.get("to_move").and_then(Value::as_str) {
        None => Color::Black,
        Some(c) => c.parse().map_err(|_| bad("setup.to_move: bad color"))?,
    };
    Ok((stones, to_move))
}

impl Engine for ClassicEngine {
    fn apply(&mut self, mv: &Value) -> Result<Value, EngineError> {
        let color = color_from_json(mv)?;
        if mv.get("resign").and_then(Value::as_bool) == Some(true) {
            return Ok(match self.game.resign(color) {
                Ok(()) => json!({"color": color.name(), "result": "resign"}),
                Err(e) => Self::illegal(color, e),
            });
        }
        if color != self.game.to_move() {
            return Ok(Self::illegal(color, IllegalMove::NotYourTurn));
        }
        if mv.get("pass").and_then(Value::as_bool) == Some(true) {
            return Ok(match self.game.pass() {
                Ok(()) => {
                    self.last = None;
                    json!({"color": color.name(), "result": "pass", "score": score_json(self.game.score())})
                }
                Err(e) => Self::illegal(color, e),
            });
        }
        let at = mv
            .get("at")
            .ok_or_else(|| bad("move: expected at, pass or resign"))?;
        let p = match point_from_json(at, self.game.rules().board_size) {
            Ok(p) => p,
            Err(EngineError::Refused(_)) => return Ok(Self::illegal(color, IllegalMove::Outside)),
            Err(e) => return Err(e),
        };
        Ok(match self.game.play(&p) {
            Ok(placed) => {
                self.last = Some(p);
                let captured: Vec<Value> = placed.captured.iter().map(stone_json).collect();
                json!({"color": color.name(), "result": "placed", "at": point_json(p),
                       "captured": captured, "score": score_json(self.game.score())})
            }
            Err(e) => Self::illegal(color, e),
        })
    }

    fn to_move(&self) -> Color {
        self.game.to_move()
    }

    fn phase(&self) -> Phase {
        self.game.phase()
    }

    fn score(&self) -> ByColor<f64> {
        match self.game.phase() {
            Phase::Playing => self.game.score(),
            _ => self.game.final_score(),
        }
    }

    fn view(&self) -> Value {
        let stones: Vec<Value> = self.game.stones().iter().map(stone_json).collect();
        let dead: Vec<Value> = self.game.dead_stones().iter().map(stone_json).collect();
        let p = self.game.prisoners();
        json!({
            "board": {"kind": "grid", "size": self.game.rules().board_size},
            "stones": stones,
            "dead": dead,
            "last": self.last.map(point_json),
            "prisoners": {"black": p.black, "white": p.white},
            "komi": self.game.rules().komi,
        })
    }

    fn toggle_dead(&mut self, at: &Value) -> Result<(), EngineError> {
        let p = point_from_json(at, self.game.rules().board_size)?;
        self.game.toggle_dead(p).map_err(refused)
    }

    fn accept_count(&mut self) -> Result<Outcome, EngineError> {
        self.game.accept_count().map_err(refused)
    }

    fn resume_play(&mut self) -> Result<(), EngineError> {
        self.game.resume_play().map_err(refused)
    }

    fn preview(&self, _request: &Value) -> Option<Value> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game9() -> ClassicEngine {
        ClassicEngine::new(&json!({"board_size": 9, "komi": 6.5}), None).unwrap()
    }

    #[test]
    fn a_capture_is_reported_and_drawn() {
        let mut g = game9();
        for (c, x, y) in [("black", 1, 0), ("white", 0, 0), ("black", 0, 1)] {
            g.apply(&json!({"color": c, "at": [x, y]})).unwrap();
        }
        let v = g.view();
        assert_eq!(v["stones"].as_array().unwrap().len(), 2);
        assert_eq!(v["prisoners"]["black"], 1);
        assert_eq!(v["last"], json!([0, 1]));
    }

    #[test]
    fn out_of_turn_and_occupied_are_illegal_reports() {
        let mut g = game9();
        let r = g.apply(&json!({"color": "white", "at": [3, 3]})).unwrap();
        assert_eq!(r["reason"], "not-your-turn");
        g.apply(&json!({"color": "black", "at": [3, 3]})).unwrap();
        let r = g.apply(&json!({"color": "white", "at": [3, 3]})).unwrap();
        assert_eq!(r["reason"], "occupied");
        let r = g.apply(&json!({"color": "white", "at": [9, 3]})).unwrap();
        assert_eq!(r["reason"], "outside");
        assert_eq!(g.to_move(), Color::White);
    }

    #[test]
    fn malformed_moves_are_errors() {
        let mut g = game9();
        assert!(g.apply(&json!({"color": "red", "at": [1, 1]})).is_err());
        assert!(g.apply(&json!({"color": "black", "at": [1]})).is_err());
        assert!(g.apply(&json!({"color": "black"})).is_err());
    }

    #[test]
    fn two_passes_lead_to_marking_then_count() {
        let mut g = game9();
        g.apply(&json!({"color": "black", "at": [4, 4]})).unwrap();
        g.apply(&json!({"color": "white", "pass": true})).unwrap();
        g.apply(&json!({"color": "black", "pass": true})).unwrap();
        assert_eq!(g.phase(), Phase::MarkingDead);
        g.toggle_dead(&json!([4, 4])).unwrap();
        assert_eq!(g.view()["dead"].as_array().unwrap().len(), 1);
        let out = g.accept_count().unwrap();
        assert_eq!(out.to_string(), "W+6.5");
    }
}
