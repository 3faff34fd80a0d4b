//! A game of any variant driven by record moves: the layer that replay and the server
//! share, so neither needs to know the variant's geometry.

use serde_json::{Map, Value};
use stonefield_rules::{ByColor, Color, IllegalMove, Outcome, Phase};

use crate::notation;
use crate::variants::{Adapter, ClassicAdapter, ContinuousAdapter, MargoAdapter, TopoAdapter};
use crate::{MoveReport, MoveResult, Record, RecordError, RecordMove, Setup, Variant};

/// A game of one of the variants, each behind its adapter.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum AnyGame {
    Classic(ClassicAdapter),
    Margo(MargoAdapter),
    Topological(TopoAdapter),
    Continuous(ContinuousAdapter),
}

impl AnyGame {
    /// A new game of `variant` under the `rules` options, from `setup` if given.
    ///
    /// # Errors
    /// Bad options or setup, naming the place.
    pub fn new(
        variant: Variant,
        rules: &Map<String, Value>,
        setup: Option<&Setup>,
    ) -> Result<AnyGame, RecordError> {
        match variant {
            Variant::Classic => ClassicAdapter::new(rules, setup).map(AnyGame::Classic),
            Variant::Margo => MargoAdapter::new(rules, setup).map(AnyGame::Margo),
            Variant::Topological => TopoAdapter::new(rules, setup).map(AnyGame::Topological),
            Variant::Continuous => ContinuousAdapter::new(rules, setup).map(AnyGame::Continuous),
        }
    }

    /// The start position of `record` (its moves are not played).
    ///
    /// # Errors
    /// As [`AnyGame::new`].
    pub fn from_record(record: &Record) -> Result<AnyGame, RecordError> {
        AnyGame::new(record.variant, &record.rules, record.setup.as_ref())
    }

    /// This game's adapter, whatever its variant: every method below goes through it.
    fn adapter(&self) -> &dyn Adapter {
        match self {
            AnyGame::Classic(g) => g,
            AnyGame::Margo(g) => g,
            AnyGame::Topological(g) => g,
            AnyGame::Continuous(g) => g,
        }
    }

    fn adapter_mut(&mut self) -> &mut dyn Adapter {
        match self {
            AnyGame::Classic(g) => g,
            AnyGame::Margo(g) => g,
            AnyGame::Topological(g) => g,
            AnyGame::Continuous(g) => g,
        }
    }

    /// Plays a move and reports what happened. Never panics: an illegal move (including
    /// one out of turn; a resignation is accepted from either player) changes nothing and
    /// is reported with its reason.
    pub fn apply(&mut self, mv: &RecordMove) -> MoveReport {
        let mut report = self.adapter_mut().apply(mv);
        let size = self.adapter().notation_size();
        report.notation = notation::of(self.variant(), size, &report).map(|name| {
            // A Topological reserve stone is a stone like any other once placed: only its
            // name tells.
            if mv.reserve && report.result == MoveResult::Placed {
                format!("{name} (reserve)")
            } else {
                name
            }
        });
        report
    }

    /// The variant of this game.
    pub fn variant(&self) -> Variant {
        match self {
            AnyGame::Classic(_) => Variant::Classic,
            AnyGame::Margo(_) => Variant::Margo,
            AnyGame::Topological(_) => Variant::Topological,
            AnyGame::Continuous(_) => Variant::Continuous,
        }
    }

    pub fn to_move(&self) -> Color {
        self.adapter().to_move()
    }

    pub fn phase(&self) -> Phase {
        self.adapter().phase()
    }

    /// The live score of the position, komi included.
    pub fn score(&self) -> ByColor<f64> {
        self.adapter().score()
    }

    /// The score players watch once play has stopped: while they mark dead stones and
    /// after the end, the count under the variant's rules (territory or area) with the
    /// marked stones removed, the one the result comes from; the live score during play.
    pub fn marked_score(&self) -> ByColor<f64> {
        if self.phase() == Phase::Playing {
            self.score()
        } else {
            self.adapter().count()
        }
    }

    /// The `final` object of `replay --json`: stones, player to move, over, score.
    pub fn final_view(&self) -> Value {
        self.adapter().final_view()
    }

    /// What a renderer needs to draw the position without knowing the rules: the
    /// `final` object plus the variant's display state (MarGo: `zombies`, `buried`,
    /// `cut_contacts`, `estimate`, `notation`; continuous Go: `cells`; Topological Go: `trees`, `longest_tree`,
    /// `enclosed`, `reserve_left`, `normal_left`, `closed`). See each adapter's `view`.
    pub fn view(&self) -> Value {
        self.adapter().view()
    }

    /// The variant, the resolved rules, and the board geometry for drawing (`board.kind`:
    /// `grid` with `size`, or MarGo's `pyramid` with `size` and `levels`); MarGo and
    /// Topological Go add `view` ([`AnyGame::view`]), which changes with every move.
    pub fn describe(&self) -> Value {
        self.adapter().describe()
    }

    /// What a move would do, without changing the game: `{"at": [x, y]}`, or in
    /// continuous Go `{"request": [x, y], "snap": "nearest"}` resolved for the player to
    /// move (an optional `"color"` must be that player). Answers `{"at": [x, y] | null,
    /// "legal", "reason"?, "captured", "score"}`, the score being the one after the move
    /// when it is legal and the current one otherwise.
    ///
    /// # Errors
    /// A malformed request, naming the key.
    pub fn preview(&self, request: &Value) -> Result<Value, RecordError> {
        self.adapter().preview(request)
    }

    /// Marks or unmarks the group at `at` as dead while dead stones are marked.
    ///
    /// # Errors
    /// Outside the marking phase ([`IllegalMove::WrongPhase`]), or no stone there.
    pub fn toggle_dead(&mut self, at: &[f64]) -> Result<(), IllegalMove> {
        self.adapter_mut().toggle_dead(at)
    }

    /// The stones marked dead, in the variant's stone notation.
    pub fn dead_stones(&self) -> Vec<Value> {
        self.adapter().dead_stones()
    }

    /// Both players accept the marks: the game is counted and finished.
    ///
    /// # Errors
    /// Outside the marking phase.
    pub fn accept_count(&mut self) -> Result<Outcome, IllegalMove> {
        self.adapter_mut().accept_count()
    }

    /// The players disagree on the marks: play resumes.
    ///
    /// # Errors
    /// Outside the marking phase.
    pub fn resume_play(&mut self) -> Result<(), IllegalMove> {
        self.adapter_mut().resume_play()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use serde_json::json;

    fn nine() -> AnyGame {
        let rules = json!({"board_size": 9, "preset": "japanese"});
        AnyGame::new(Variant::Classic, rules.as_object().expect("object"), None).expect("game")
    }

    #[test]
    fn two_passes_lead_to_marking_then_a_count() {
        let mut g = nine();
        g.apply(&RecordMove::at(Color::Black, vec![4.0, 4.0]));
        assert_eq!(
            g.apply(&RecordMove::pass(Color::White)).result,
            MoveResult::Pass
        );
        g.apply(&RecordMove::pass(Color::Black));
        assert_eq!(g.phase(), Phase::MarkingDead);
        g.toggle_dead(&[4.0, 4.0]).expect("a stone to mark");
        assert_eq!(g.dead_stones(), vec![json!([4, 4, "black"])]);
        g.resume_play().expect("marking");
        assert_eq!(g.phase(), Phase::Playing);
        assert!(g.dead_stones().is_empty());
        assert_eq!(g.to_move(), Color::White);
        g.apply(&RecordMove::pass(Color::White));
        g.apply(&RecordMove::pass(Color::Black));
        // Territory: 80 empty points for Black against komi 6.5.
        let o = g.accept_count().expect("marking");
        assert_eq!(o.to_string(), "B+73.5");
        assert_eq!(g.final_view()["over"], true);
    }

    #[test]
    fn every_variant_has_an_engine() {
        for v in [
            Variant::Classic,
            Variant::Continuous,
            Variant::Margo,
            Variant::Topological,
        ] {
            let g = AnyGame::new(v, &Map::new(), None).expect("a game with default rules");
            assert_eq!(g.variant(), v);
        }
    }

    #[test]
    fn margo_and_topological_previews_play_on_a_copy() {
        let mut margo = AnyGame::new(Variant::Margo, &Map::new(), None).expect("margo");
        let before = margo.final_view();
        let p = margo.preview(&json!({"at": [3, 3, 0]})).expect("preview");
        assert_eq!(
            (p["legal"].clone(), p["at"].clone()),
            (json!(true), json!([3, 3, 0]))
        );
        assert_eq!(p["score"], json!({"black": 0.0, "white": 1.0}));
        let p = margo.preview(&json!({"at": [0, 0, 1]})).expect("preview");
        assert_eq!(p["reason"], "unsupported");
        assert_eq!(margo.final_view(), before, "a preview changes nothing");
        assert!(margo.preview(&json!({"at": [0, 0]})).is_err());
        assert!(
            margo
                .preview(&json!({"at": [0, 0, 0], "reserve": true}))
                .is_err()
        );
        margo.apply(&RecordMove::at(Color::White, vec![3.0, 3.0, 0.0]));

        let topo = AnyGame::new(Variant::Topological, &Map::new(), None).expect("topological");
        // White holds the top-left corner: (1, 0) continues it, a reserve stone may not.
        let p = topo.preview(&json!({"at": [1, 0]})).expect("preview");
        assert_eq!(p["legal"], true);
        let p = topo
            .preview(&json!({"at": [1, 0], "reserve": true}))
            .expect("preview");
        assert_eq!(p["reason"], "reserve-touches");
        let p = topo
            .preview(&json!({"at": [5, 5], "reserve": true}))
            .expect("preview");
        assert_eq!(p["legal"], true);
        let p = topo
            .preview(&json!({"at": [5, 5], "color": "black"}))
            .expect("preview");
        assert_eq!(p["reason"], "not-your-turn");
    }

    #[test]
    fn classic_previews_show_captures_and_refusals_without_playing() {
        let mut g = nine();
        for (c, x, y) in [(Color::Black, 1.0, 0.0), (Color::White, 0.0, 0.0)] {
            g.apply(&RecordMove::at(c, vec![x, y]));
        }
        let before = g.final_view();
        let p = g.preview(&json!({"at": [0, 1]})).expect("preview");
        assert_eq!(p["legal"], true);
        assert_eq!(p["captured"], json!([[0, 0, "white"]]));
        assert_eq!(p["score"]["black"], 81.0);
        assert_eq!(g.final_view(), before);
        let p = g.preview(&json!({"at": [0, 0]})).expect("preview");
        assert_eq!(
            (p["legal"].clone(), p["reason"].clone()),
            (json!(false), json!("occupied"))
        );
        assert_eq!(p["score"], before["score"]);
        let p = g.preview(&json!({"at": [9, 0]})).expect("preview");
        assert_eq!(
            (p["at"].clone(), p["reason"].clone()),
            (Value::Null, json!("outside"))
        );
        let p = g
            .preview(&json!({"at": [2, 2], "color": "white"}))
            .expect("preview");
        assert_eq!(p["reason"], "not-your-turn");
        let e = g
            .preview(&json!({"request": [2, 2]}))
            .expect_err("no requests");
        assert_eq!(e.path(), "preview.request");
    }

    #[test]
    fn describe_gives_the_grid() {
        let d = nine().describe();
        assert_eq!(d["board"]["size"], 9);
        assert_eq!(d["rules"]["komi"], 6.5);
        assert_eq!(d["board"]["star_points"].as_array().map(Vec::len), Some(5));
    }
}
