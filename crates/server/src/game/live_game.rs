//! One game as a room holds it: the typed game of any variant ([`AnyGame`]) plus what
//! clients draw that the game does not keep (the last move, the prisoners counted from
//! the move reports, the moves in notation). Moves go in as record moves and come out as
//! typed reports; the drawing view is the variant's own, passed to clients untouched.
//!
//! ```
//! use serde_json::json;
//! use stonefield_record::MoveResult;
//! use stonefield_server::live_game::LiveGame;
//!
//! let mut game = LiveGame::open("classic", &json!({"board_size": 9}), None).unwrap();
//! let mv = game.read_move(&json!({"color": "white", "at": [2, 2]})).unwrap();
//! let report = game.apply(&mv);
//! assert_eq!(report.result, MoveResult::Illegal);
//! ```

use serde_json::{Value, json};
use stonefield_record::{AnyGame, MoveReport, MoveResult, Record, RecordMove, Setup, Variant};
use stonefield_rules::{ByColor, Color, IllegalMove, Outcome, Phase};

/// Why a game cannot be made, or a request that is not a move cannot be taken (a move
/// gets a report instead).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GameError {
    /// The rules or setup cannot make a game (an unknown variant among them).
    #[error("bad rules: {0}")]
    Rules(String),
    /// A move, point or request that is not well formed.
    #[error("malformed: {0}")]
    Malformed(String),
    /// A well-formed request refused by the rules, with the kebab-case reason.
    #[error("{0}")]
    Refused(String),
}

impl From<IllegalMove> for GameError {
    fn from(e: IllegalMove) -> Self {
        GameError::Refused(e.reason().to_owned())
    }
}

/// A game of any variant plus what clients draw that the game does not keep.
#[derive(Debug, Clone)]
pub struct LiveGame {
    game: AnyGame,
    describe: Value,
    last: Option<Value>,
    /// Stones captured by each colour, counted from the move reports.
    prisoners: [u64; 2],
    moves: usize,
    /// Every accepted move in the variant's notation, for the move list.
    names: Vec<String>,
}

fn malformed(e: impl std::fmt::Display) -> GameError {
    GameError::Malformed(e.to_string())
}

fn captured_color(stone: &Value) -> Option<Color> {
    stone.as_array()?.last()?.as_str()?.parse().ok()
}

impl LiveGame {
    /// A new game of `variant` under the record-format `rules`, from `setup` if given.
    ///
    /// # Errors
    /// An unknown variant, bad rules or setup.
    pub fn open(
        variant: &str,
        rules: &Value,
        setup: Option<&Value>,
    ) -> Result<LiveGame, GameError> {
        let mut rec = json!({"variant": variant, "rules": rules, "moves": []});
        if let Some(s) = setup.filter(|s| !s.is_null()) {
            rec["setup"] = s.clone();
        }
        let record = Record::from_value(&rec).map_err(|e| GameError::Rules(e.to_string()))?;
        let setup: Option<&Setup> = record.setup.as_ref();
        let game = AnyGame::new(record.variant, &record.rules, setup)
            .map_err(|e| GameError::Rules(e.to_string()))?;
        let describe = game.describe();
        Ok(LiveGame {
            game,
            describe,
            last: None,
            prisoners: [0; 2],
            moves: 0,
            names: Vec::new(),
        })
    }

    /// Whether [`LiveGame::open`] can start a game of `variant` (with default rules).
    pub fn supported(variant: &str) -> bool {
        LiveGame::open(variant, &json!({}), None).is_ok()
    }

    /// Reads one move (`{"color","at"}`, `{"color","pass":true}`, ...) with the record
    /// reader, so that moves follow exactly the record format's rules for the variant.
    ///
    /// # Errors
    /// [`GameError::Malformed`], naming the field.
    pub fn read_move(&self, mv: &Value) -> Result<RecordMove, GameError> {
        RecordMove::from_value(mv, self.game.variant(), "move").map_err(malformed)
    }

    /// Plays `mv` and returns the per-move report of `replay --json` (with `notation`, the
    /// move's name for people, when it changed the game). An illegal move is a report
    /// with [`MoveResult::Illegal`], and changes nothing.
    pub fn apply(&mut self, mv: &RecordMove) -> MoveReport {
        let mut report = self.game.apply(mv);
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
        report
    }

    /// Every move played so far in the variant's notation (`E7`, `(3.25, 4.10)`, `pass`).
    pub fn move_names(&self) -> &[String] {
        &self.names
    }

    /// The colour to move.
    pub fn to_move(&self) -> Color {
        self.game.to_move()
    }

    /// Playing, marking dead stones, or finished.
    pub fn phase(&self) -> Phase {
        self.game.phase()
    }

    /// The live score (while marking: with the marked stones removed).
    pub fn score(&self) -> ByColor<f64> {
        self.game.marked_score()
    }

    /// Everything a client needs to draw the position: geometry, stones, prisoners, dead
    /// marks, and the variant's own display state. Passed to clients untouched.
    pub fn view(&self) -> Value {
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

    /// The view to send with every move when the variant draws more than its stones
    /// (territory, atari, trees, pyramids), which clients cannot work out from the move's
    /// report; `None` when the report is enough.
    pub fn move_view(&self) -> Option<Value> {
        (self.game.variant() != Variant::Classic).then(|| self.view())
    }

    /// The count as players are shown it while dead stones are marked and after an end by
    /// the count; `None` otherwise (see [`AnyGame::count`]).
    pub fn count(&self) -> Option<Value> {
        self.game.count()
    }

    /// Whether the stone at `at` is marked dead.
    pub fn is_marked_dead(&self, at: &[f64]) -> bool {
        self.game.dead_stones().iter().any(|d| stone_at(d) == at)
    }

    /// Marks or unmarks the group at `at` as dead (marking phase only).
    ///
    /// # Errors
    /// A refusal (wrong phase, no stone there).
    pub fn toggle_dead(&mut self, at: &[f64]) -> Result<(), GameError> {
        Ok(self.game.toggle_dead(at)?)
    }

    /// Ends the marking phase with the count.
    ///
    /// # Errors
    /// Outside the marking phase.
    pub fn accept_count(&mut self) -> Result<Outcome, GameError> {
        Ok(self.game.accept_count()?)
    }

    /// Leaves the marking phase: play goes on.
    ///
    /// # Errors
    /// Outside the marking phase.
    pub fn resume_play(&mut self) -> Result<(), GameError> {
        Ok(self.game.resume_play()?)
    }

    /// What a request would do if played (hover preview). Never changes the game.
    ///
    /// # Errors
    /// [`GameError::Malformed`] for a request that cannot be read.
    pub fn preview(&self, request: &Value) -> Result<Value, GameError> {
        self.game.preview(request).map_err(malformed)
    }

    /// The game itself, for the computer player, which searches a copy off the runtime.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }
}

/// A stone's coordinates (`[x, y, colour]` -> `[x, y]`).
fn stone_at(stone: &Value) -> Vec<f64> {
    stone
        .as_array()
        .map(|s| s.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays a move given as JSON; the report as JSON.
    pub(super) fn play(g: &mut LiveGame, mv: Value) -> Result<Value, GameError> {
        let mv = g.read_move(&mv)?;
        Ok(serde_json::to_value(g.apply(&mv)).expect("a report"))
    }

    fn game9() -> LiveGame {
        LiveGame::open("classic", &json!({"board_size": 9, "komi": 6.5}), None).unwrap()
    }

    #[test]
    fn a_capture_is_reported_and_drawn() {
        let mut g = game9();
        for (c, x, y) in [("black", 1, 0), ("white", 0, 0), ("black", 0, 1)] {
            play(&mut g, json!({"color": c, "at": [x, y]})).unwrap();
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
        let r = play(&mut g, json!({"color": "white", "at": [3, 3]})).unwrap();
        assert_eq!(r["reason"], "not-your-turn");
        play(&mut g, json!({"color": "black", "at": [3, 3]})).unwrap();
        let r = play(&mut g, json!({"color": "white", "at": [3, 3]})).unwrap();
        assert_eq!(r["reason"], "occupied");
        assert_eq!(r["index"], 1);
        let r = play(&mut g, json!({"color": "white", "at": [9, 3]})).unwrap();
        assert_eq!(r["reason"], "outside");
        assert_eq!(g.to_move(), Color::White);
    }

    #[test]
    fn malformed_moves_are_errors_naming_the_field() {
        let g = game9();
        let e = g
            .read_move(&json!({"color": "red", "at": [1, 1]}))
            .unwrap_err();
        assert!(e.to_string().contains("color"), "{e}");
        assert!(g.read_move(&json!({"color": "black", "at": [1]})).is_err());
        assert!(g.read_move(&json!({"color": "black"})).is_err());
        assert!(g.read_move(&json!([1, 2])).is_err());
    }

    #[test]
    fn marking_shows_the_count_without_the_dead() {
        let mut g = game9();
        play(&mut g, json!({"color": "black", "at": [4, 4]})).unwrap();
        play(&mut g, json!({"color": "white", "pass": true})).unwrap();
        play(&mut g, json!({"color": "black", "pass": true})).unwrap();
        assert_eq!(g.phase(), Phase::MarkingDead);
        assert_eq!(g.score().black, 81.0);
        g.toggle_dead(&[4.0, 4.0]).unwrap();
        assert_eq!(g.score().black, 0.0);
        assert_eq!(g.view()["dead"].as_array().unwrap().len(), 1);
        assert!(g.toggle_dead(&[4.0]).is_err());
        assert_eq!(g.accept_count().unwrap().to_string(), "W+6.5");
    }

    #[test]
    fn unknown_variants_and_bad_rules_are_refused() {
        assert!(LiveGame::open("chess", &json!({}), None).is_err());
        assert!(LiveGame::open("classic", &json!({"board_size": 99}), None).is_err());
        assert!(LiveGame::open("classic", &json!({"bogus": 1}), None).is_err());
    }
}

#[cfg(test)]
mod other_variants {
    use super::tests::play;
    use super::*;

    /// Variants the game layer knows pass through the server unchanged.
    #[test]
    fn other_variants_play_through_the_same_interface() {
        // Topological Go: a refused move comes back as a report with its reason.
        let mut topo = LiveGame::open("topological", &json!({}), None).unwrap();
        let first = topo.to_move().name();
        let r = play(&mut topo, json!({"color": first, "at": [2, 3]})).unwrap();
        assert!(r["result"] == "placed" || r["reason"].is_string(), "{r}");
        let mut margo = LiveGame::open("margo", &json!({}), None).unwrap();
        let first = margo.to_move().name();
        let r = play(&mut margo, json!({"color": first, "at": [3, 3, 0]})).unwrap();
        assert_eq!(r["result"], "placed", "{r}");
        assert_eq!(margo.view()["board"]["kind"], "pyramid");
    }
}
