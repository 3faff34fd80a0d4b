//! [`stonefield_record::AnyGame`] behind the server's JSON [`Engine`] interface: moves are
//! read as record moves, reports written as `replay --json` writes them, and the drawing
//! view is the variant's own `describe` and `final_view` plus the last move and prisoners,
//! which the server keeps from the reports, and MarGo's playable points.

use serde_json::{Value, json};
use stonefield_record::{AnyGame, MoveResult, Record, RecordMove, Setup, Variant};
use stonefield_rules::{ByColor, Color, Outcome, Phase};

use crate::engine::{Engine, EngineError};

/// A game of any variant plus what clients draw that the game does not keep.
#[derive(Debug, Clone)]
pub struct AnyEngine {
    game: AnyGame,
    describe: Value,
    last: Option<Value>,
    /// Stones captured by each colour, counted from the move reports.
    prisoners: [u64; 2],
    moves: usize,
    /// Every accepted move in the variant's notation, for the move list.
    names: Vec<String>,
}

fn malformed(e: impl std::fmt::Display) -> EngineError {
    EngineError::Malformed(e.to_string())
}

fn refused(e: stonefield_rules::IllegalMove) -> EngineError {
    EngineError::Refused(e.reason().to_owned())
}

/// Reads one move with the record reader, so moves follow exactly the record format's
/// rules for the variant.
fn read_move(variant: Variant, mv: &Value) -> Result<RecordMove, EngineError> {
    RecordMove::from_value(mv, variant, "move").map_err(malformed)
}

impl AnyEngine {
    /// A new game of `variant` under the record-format `rules`, from `setup` if given.
    ///
    /// # Errors
    /// An unknown variant, a variant without an engine, bad rules or setup.
    pub fn new(
        variant: &str,
        rules: &Value,
        setup: Option<&Value>,
    ) -> Result<AnyEngine, EngineError> {
        let mut rec = json!({"variant": variant, "rules": rules, "moves": []});
        if let Some(s) = setup.filter(|s| !s.is_null()) {
            rec["setup"] = s.clone();
        }
        let record = Record::from_value(&rec).map_err(|e| EngineError::Rules(e.to_string()))?;
        let setup: Option<&Setup> = record.setup.as_ref();
        let game = AnyGame::new(record.variant, &record.rules, setup)
            .map_err(|e| EngineError::Rules(e.to_string()))?;
        let describe = game.describe();
        Ok(AnyEngine {
            game,
            describe,
            last: None,
            prisoners: [0; 2],
            moves: 0,
            names: Vec::new(),
        })
    }
}

fn captured_color(stone: &Value) -> Option<Color> {
    stone.as_array()?.last()?.as_str()?.parse().ok()
}

impl Engine for AnyEngine {
    fn apply(&mut self, mv: &Value) -> Result<Value, EngineError> {
        let mv = read_move(self.game.variant(), mv)?;
        let mut report = self.game.apply(&mv);
        report.index = self.moves;
        match report.result {
            MoveResult::Placed => {
                self.last.clone_from(&report.at);
                for s in report.captured.iter().flatten() {
                    if let Some(c) = captured_color(s) {
                        self.prisoners[c.other().index()] += 1;
                    }
                }
            }
            MoveResult::Pass => self.last = None,
            _ => {}
        }
        if report.accepted() {
            self.moves += 1;
            self.names.extend(report.notation.clone());
        }
        serde_json::to_value(&report).map_err(malformed)
    }

    fn move_names(&self) -> &[String] {
        &self.names
    }

    fn to_move(&self) -> Color {
        self.game.to_move()
    }

    fn phase(&self) -> Phase {
        self.game.phase()
    }

    fn score(&self) -> ByColor<f64> {
        self.game.marked_score()
    }

    fn view(&self) -> Value {
        let f = self.game.final_view();
        let mut view = json!({
            "board": self.describe["board"],
            "rules": self.describe["rules"],
            "stones": f["stones"],
            "dead": self.game.dead_stones(),
            "last": self.last,
            "prisoners": {"black": self.prisoners[0], "white": self.prisoners[1]},
            // The variant's own display state (MarGo, Topological Go), passed through.
            "display": self.game.view(),
        });
        if let AnyGame::Margo(g) = &self.game {
            // Where the player to move may place a ball, on every level: the 3D view marks
            // and picks these, since the client knows no rules.
            view["playable"] = g
                .game()
                .legal_moves()
                .into_iter()
                .map(|p| json!(p.coords()))
                .collect();
        }
        view
    }

    fn move_view(&self) -> Option<Value> {
        (self.game.variant() != Variant::Classic).then(|| self.view())
    }

    fn count(&self) -> Option<Value> {
        self.game.count()
    }

    fn toggle_dead(&mut self, at: &Value) -> Result<(), EngineError> {
        let coords: Option<Vec<f64>> = at
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_f64).collect());
        let coords = coords
            .filter(|c| Some(c.len()) == at.as_array().map(Vec::len) && !c.is_empty())
            .ok_or_else(|| malformed("at: expected a list of numbers"))?;
        self.game.toggle_dead(&coords).map_err(refused)
    }

    fn accept_count(&mut self) -> Result<Outcome, EngineError> {
        self.game.accept_count().map_err(refused)
    }

    fn resume_play(&mut self) -> Result<(), EngineError> {
        self.game.resume_play().map_err(refused)
    }

    fn preview(&self, request: &Value) -> Result<Value, EngineError> {
        self.game.preview(request).map_err(malformed)
    }

    fn game(&self) -> &AnyGame {
        &self.game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game9() -> AnyEngine {
        AnyEngine::new("classic", &json!({"board_size": 9, "komi": 6.5}), None).unwrap()
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
        assert_eq!(v["board"]["size"], 9);
    }

    #[test]
    fn out_of_turn_occupied_and_outside_are_illegal_reports() {
        let mut g = game9();
        let r = g.apply(&json!({"color": "white", "at": [3, 3]})).unwrap();
        assert_eq!(r["reason"], "not-your-turn");
        g.apply(&json!({"color": "black", "at": [3, 3]})).unwrap();
        let r = g.apply(&json!({"color": "white", "at": [3, 3]})).unwrap();
        assert_eq!(r["reason"], "occupied");
        assert_eq!(r["index"], 1);
        let r = g.apply(&json!({"color": "white", "at": [9, 3]})).unwrap();
        assert_eq!(r["reason"], "outside");
        assert_eq!(g.to_move(), Color::White);
    }

    #[test]
    fn malformed_moves_are_errors_naming_the_field() {
        let mut g = game9();
        let e = g.apply(&json!({"color": "red", "at": [1, 1]})).unwrap_err();
        assert!(e.to_string().contains("color"), "{e}");
        assert!(g.apply(&json!({"color": "black", "at": [1]})).is_err());
        assert!(g.apply(&json!({"color": "black"})).is_err());
        assert!(g.apply(&json!([1, 2])).is_err());
    }

    #[test]
    fn marking_shows_the_count_without_the_dead() {
        let mut g = game9();
        g.apply(&json!({"color": "black", "at": [4, 4]})).unwrap();
        g.apply(&json!({"color": "white", "pass": true})).unwrap();
        g.apply(&json!({"color": "black", "pass": true})).unwrap();
        assert_eq!(g.phase(), Phase::MarkingDead);
        assert_eq!(g.score().black, 81.0);
        g.toggle_dead(&json!([4, 4])).unwrap();
        assert_eq!(g.score().black, 0.0);
        assert_eq!(g.view()["dead"].as_array().unwrap().len(), 1);
        assert!(g.toggle_dead(&json!(["x"])).is_err());
        assert_eq!(g.accept_count().unwrap().to_string(), "W+6.5");
    }

    #[test]
    fn unknown_variants_and_bad_rules_are_refused() {
        assert!(AnyEngine::new("chess", &json!({}), None).is_err());
        assert!(AnyEngine::new("classic", &json!({"board_size": 99}), None).is_err());
        assert!(AnyEngine::new("classic", &json!({"bogus": 1}), None).is_err());
    }
}

#[cfg(test)]
mod other_variants {
    use super::*;

    /// Variants the game layer knows pass through the server unchanged.
    #[test]
    fn other_variants_play_through_the_same_interface() {
        // Topological Go: a refused move comes back as a report with its reason.
        let mut topo = AnyEngine::new("topological", &json!({}), None).unwrap();
        let r = topo
            .apply(&json!({"color": topo.to_move().name(), "at": [2, 3]}))
            .unwrap();
        assert!(r["result"] == "placed" || r["reason"].is_string(), "{r}");
        let mut margo = AnyEngine::new("margo", &json!({}), None).unwrap();
        let first = margo.to_move().name();
        let r = margo
            .apply(&json!({"color": first, "at": [3, 3, 0]}))
            .unwrap();
        assert_eq!(r["result"], "placed", "{r}");
        assert_eq!(margo.view()["board"]["kind"], "pyramid");
    }
}
