//! Property tests of classic Go over random games, through the public API only. A naive
//! flood-fill board ([`common::model::Model`]) and a history of positions kept by the test
//! say what every preset must allow (ko, superko, suicide) and what each move must capture;
//! the engine must agree at every point of every turn, and its hashes, clones and refusals
//! must behave.

mod common;

use std::collections::{HashMap, HashSet};

use common::model::Model;
use common::{pt, rules, stone_map};
use proptest::prelude::*;
use stonefield_rules::classic::{
    ClassicGame, Handicap, KoRule, Placement, Point, Rules, Scoring, SuicideRule,
};
use stonefield_rules::{ByColor, Color, Game, IllegalMove, Outcome, Phase, Stone};

const PRESETS: [&str; 5] = ["japanese", "chinese", "aga", "tromp-taylor", "new-zealand"];

/// One step of a scripted game. Points may be occupied or off the board: refusals are
/// part of what is tested.
#[derive(Debug, Clone, Copy)]
enum Action {
    Play(u32, u32),
    Pass,
}

/// A handicap for a board of side `size`: mostly none, sometimes free, and fixed where the
/// board has fixed points (7x7 and up).
fn handicaps(size: u8) -> BoxedStrategy<Handicap> {
    let with = |placement| move |stones| Handicap { stones, placement };
    let free = (2..=(size * size - 1).min(4)).prop_map(with(Placement::Free));
    if size >= 7 {
        let fixed = (2u8..=4).prop_map(with(Placement::Fixed));
        prop_oneof![4 => Just(Handicap::NONE), 1 => free, 1 => fixed].boxed()
    } else {
        prop_oneof![4 => Just(Handicap::NONE), 1 => free].boxed()
    }
}

/// Rules from a preset with a handicap, and a script of actions on their board.
fn scripts() -> impl Strategy<Value = (Rules, Vec<Action>)> {
    (prop::sample::select(&PRESETS[..]), 2u8..=7).prop_flat_map(|(preset, size)| {
        let s = u32::from(size);
        let action = prop_oneof![
            20 => (0..s, 0..s).prop_map(|(x, y)| Action::Play(x, y)),
            1 => (s..s + 2, 0..s).prop_map(|(x, y)| Action::Play(x, y)),
            1 => (0..s, s..s + 2).prop_map(|(x, y)| Action::Play(x, y)),
            1 => Just(Action::Pass),
        ];
        let rules = handicaps(size).prop_map(move |handicap| Rules {
            handicap,
            ..rules(preset, size)
        });
        (rules, prop::collection::vec(action, 0..150))
    })
}

/// Everything about a game that a refused move or a move on a clone must leave alone.
#[derive(Debug, PartialEq)]
struct Snapshot {
    stones: Vec<Stone<Point>>,
    hash: u64,
    to_move: Color,
    score: ByColor<f64>,
    phase: Phase,
    prisoners: ByColor<u32>,
    legality: Vec<Result<(), IllegalMove>>,
}

fn snapshot(game: &ClassicGame) -> Snapshot {
    Snapshot {
        stones: game.stones(),
        hash: game.position_hash(),
        to_move: game.to_move(),
        score: game.score(),
        phase: game.phase(),
        prisoners: game.prisoners(),
        legality: probe_points(game).map(|p| game.check(&p)).collect(),
    }
}

/// Every point of the board and the row and column just past its edges.
fn probe_points(game: &ClassicGame) -> impl Iterator<Item = Point> + use<> {
    let side = u32::from(game.board().size()) + 1;
    (0..side).flat_map(move |y| (0..side).map(move |x| pt(x, y)))
}

/// The engine's game beside the test's own account of it.
struct Shadow {
    rules: Rules,
    game: ClassicGame,
    model: Model,
    /// Every board seen (positional superko).
    boards: HashSet<Model>,
    /// Every board seen with the player to move (situational superko).
    situations: HashSet<(Model, Color)>,
    /// The board before the last move, when that move placed a stone (simple ko).
    before_last_stone: Option<Model>,
    /// Stones each player has put on the board.
    placed: ByColor<u32>,
    /// The position each hash was first seen with.
    hashes: HashMap<u64, (Model, Color)>,
    /// A game reset to `game` by `clone_from` before every move, as a search reuses its
    /// scratch game: it starts as another game on a larger board.
    reused: ClassicGame,
}

impl Shadow {
    fn new(rules: Rules) -> Shadow {
        let game = ClassicGame::new(rules).expect("valid rules");
        let model = Model::of(&game);
        let to_move = game.to_move();
        // Fixed handicap stones are on the board from the start.
        let handicap_stones = game.stones().len() as u32;
        let mut shadow = Shadow {
            rules,
            boards: HashSet::from([model.clone()]),
            situations: HashSet::from([(model.clone(), to_move)]),
            model,
            game,
            before_last_stone: None,
            placed: ByColor {
                black: handicap_stones,
                white: 0,
            },
            hashes: HashMap::new(),
            reused: larger_game(),
        };
        shadow.check_invariants();
        shadow
    }

    /// What the rules say about `color` playing at `p`, from the model and the history.
    fn expected(&self, p: Point) -> Result<(), IllegalMove> {
        if self.game.phase() != Phase::Playing {
            return Err(IllegalMove::GameOver);
        }
        if !self.model.contains(p) {
            return Err(IllegalMove::Outside);
        }
        if self.model.get(p).is_some() {
            return Err(IllegalMove::Occupied);
        }
        let color = self.game.to_move();
        let (next, _) = self.model.play(p, color);
        // Only the immediate return to the board before the opponent's stone is a ko.
        if self.rules.ko == KoRule::Simple && self.before_last_stone.as_ref() == Some(&next) {
            return Err(IllegalMove::Ko);
        }
        if next.get(p).is_none() && self.rules.suicide == SuicideRule::Forbidden {
            return Err(IllegalMove::Suicide);
        }
        let repeats = match self.rules.ko {
            KoRule::Simple => false,
            KoRule::PositionalSuperko => self.boards.contains(&next),
            KoRule::SituationalSuperko => self.situations.contains(&(next.clone(), color.other())),
        };
        if repeats {
            // The immediate return (by a stone that takes one back, not by a suicide that
            // leaves the board as it was) is a repetition too; it is still called ko.
            let retakes = next != self.model && self.before_last_stone.as_ref() == Some(&next);
            return Err(if retakes {
                IllegalMove::Ko
            } else {
                IllegalMove::Superko
            });
        }
        Ok(())
    }

    fn act(&mut self, action: Action) {
        for p in probe_points(&self.game) {
            assert_eq!(self.game.check(&p), self.expected(p), "check at {p}");
        }
        match action {
            Action::Play(x, y) => self.play(pt(x, y)),
            Action::Pass => self.pass(),
        }
        self.check_invariants();
    }

    fn play(&mut self, p: Point) {
        let before = snapshot(&self.game);
        let mut clone = self.game.clone();
        let on_clone = clone.play(&p);
        assert_eq!(snapshot(&self.game), before, "playing {p} on a clone");
        self.reused.clone_from(&self.game);
        assert_eq!(snapshot(&self.reused), before, "a game reset by clone_from");
        let on_reused = self.reused.play(&p);
        let color = self.game.to_move();
        match self.game.play(&p) {
            Err(why) => {
                assert_eq!(on_clone, Err(why));
                assert_eq!(on_reused, Err(why));
                assert_eq!(self.expected(p), Err(why));
                assert_eq!(snapshot(&self.game), before, "refused {p} ({why})");
            }
            Ok(placed) => {
                assert_eq!(on_clone.as_ref(), Ok(&placed), "same move on a clone");
                assert_eq!(snapshot(&clone), snapshot(&self.game), "clone after {p}");
                assert_eq!(
                    on_reused.as_ref(),
                    Ok(&placed),
                    "same move on a reused game"
                );
                assert_eq!(
                    snapshot(&self.reused),
                    snapshot(&self.game),
                    "reused after {p}"
                );
                let (next, removed) = self.model.play(p, color);
                let captured: Vec<_> = placed.captured.iter().map(|s| (s.at, s.color)).collect();
                assert_same_members(&captured, &removed, p);
                if next.get(p).is_none() {
                    assert!(removed.contains(&(p, color)), "suicide removes the mover");
                }
                self.placed[color] += 1;
                self.before_last_stone = Some(std::mem::replace(&mut self.model, next));
                self.boards.insert(self.model.clone());
                self.situations
                    .insert((self.model.clone(), self.game.to_move()));
            }
        }
    }

    fn pass(&mut self) {
        let before = snapshot(&self.game);
        match self.game.phase() {
            Phase::Playing if self.game.handicap_left() > 0 => {
                assert_eq!(self.game.pass(), Err(IllegalMove::WrongPhase));
                assert_eq!(snapshot(&self.game), before, "refused pass");
            }
            Phase::Playing => {
                self.game.pass().expect("pass while playing");
                self.before_last_stone = None;
                self.situations
                    .insert((self.model.clone(), self.game.to_move()));
                self.check_end_of_play(&before);
            }
            Phase::MarkingDead => {
                assert_eq!(self.game.pass(), Err(IllegalMove::GameOver));
                assert_eq!(snapshot(&self.game), before, "refused pass");
                // Disagreeing about the dead stones resumes play: keep the game going.
                self.game.resume_play().expect("resume while marking");
                assert_eq!(self.game.phase(), Phase::Playing);
                assert_eq!(self.game.to_move(), before.to_move);
            }
            Phase::Finished(_) => {
                assert_eq!(self.game.pass(), Err(IllegalMove::GameOver));
                assert_eq!(snapshot(&self.game), before, "refused pass");
            }
        }
    }

    /// After a pass: a second pass in a row ends play, by marking dead stones or (for
    /// Tromp-Taylor) by counting the board as it stands.
    fn check_end_of_play(&self, before: &Snapshot) {
        assert_eq!(self.game.to_move(), before.to_move.other());
        match self.game.phase() {
            Phase::Playing => {}
            Phase::MarkingDead => {
                assert!(self.rules.mark_dead);
                if self.rules.scoring == Scoring::Area {
                    // Nothing marked yet: the count is the live count.
                    assert_eq!(self.game.final_score(), self.game.score());
                }
            }
            Phase::Finished(outcome) => {
                assert!(!self.rules.mark_dead);
                let s = self.game.score();
                assert_eq!(outcome, Outcome::from_scores(s.black, s.white));
            }
        }
    }

    fn check_invariants(&mut self) {
        let game = &self.game;
        assert_eq!(
            Model::of(game),
            self.model,
            "engine board against the model"
        );
        assert!(self.model.all_groups_breathe(), "a group without liberty");
        for s in game.stones() {
            assert!(game.board().liberties(s.at) > 0, "no liberty at {}", s.at);
        }
        for c in Color::ALL {
            let on_board = game.stones().iter().filter(|s| s.color == c).count();
            assert_eq!(usize::from(game.board().stone_count(c)), on_board);
            let lost = self.placed[c] - on_board as u32;
            assert_eq!(lost, game.prisoners()[c.other()], "{c} stones lost");
        }
        let fresh = ClassicGame::from_setup(self.rules, &game.stones(), game.to_move())
            .expect("a reachable position is a valid setup");
        assert_eq!(
            fresh.position_hash(),
            game.position_hash(),
            "hash from scratch"
        );
        assert_eq!(stone_map(&fresh), stone_map(game));
        let seen = self
            .hashes
            .entry(game.position_hash())
            .or_insert_with(|| (self.model.clone(), game.to_move()));
        assert_eq!(
            *seen,
            (self.model.clone(), game.to_move()),
            "hash collision"
        );
    }
}

/// A 9x9 game with stones, a capture and a pass behind it: larger than any board the
/// scripts play, so that resetting it to theirs must drop all of it.
fn larger_game() -> ClassicGame {
    let mut game = ClassicGame::new(rules("chinese", 9)).expect("valid rules");
    for (x, y) in [(0, 1), (0, 0), (1, 0), (4, 4), (8, 8)] {
        game.play(&pt(x, y)).expect("legal");
    }
    game.pass().expect("pass while playing");
    game
}

fn assert_same_members(ours: &[(Point, Color)], model: &[(Point, Color)], at: Point) {
    let mut a = ours.to_vec();
    let mut b = model.to_vec();
    a.sort();
    b.sort();
    assert_eq!(a, b, "stones captured by {at}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Every preset judges every point as the model and the history say, and keeps its
    /// invariants after every action.
    #[test]
    fn random_games_follow_the_rules((rules, script) in scripts()) {
        let mut shadow = Shadow::new(rules);
        for action in script {
            shadow.act(action);
        }
    }

    /// Two move orders that reach the same stones with the same player to move give the
    /// same hash.
    #[test]
    fn move_orders_reaching_one_position_hash_equal(
        size in 5u8..=9,
        picks in prop::collection::vec((0u32..9, 0u32..9), 2..20),
        shuffle_seed: u64,
    ) {
        let mut points: Vec<Point> = Vec::new();
        for (x, y) in picks {
            let p = pt(x % u32::from(size), y % u32::from(size));
            if !points.contains(&p) {
                points.push(p);
            }
        }
        let black: Vec<Point> = points.iter().copied().step_by(2).collect();
        let white: Vec<Point> = points.iter().copied().skip(1).step_by(2).collect();
        let mut rng = fastrand::Rng::with_seed(shuffle_seed);
        let (mut black2, mut white2) = (black.clone(), white.clone());
        rng.shuffle(&mut black2);
        rng.shuffle(&mut white2);
        let first = play_alternately(size, &black, &white);
        let second = play_alternately(size, &black2, &white2);
        // Orders where a stone is captured or refused reach different positions.
        if let (Some(a), Some(b)) = (first, second) {
            prop_assert_eq!(stone_map(&a), stone_map(&b));
            prop_assert_eq!(a.to_move(), b.to_move());
            prop_assert_eq!(a.position_hash(), b.position_hash());
        }
    }
}

/// Black plays `black` and White `white`, alternately from an empty board; `None` when a
/// move is refused or captures.
fn play_alternately(size: u8, black: &[Point], white: &[Point]) -> Option<ClassicGame> {
    let mut game = ClassicGame::new(rules("chinese", size)).expect("valid rules");
    for i in 0..black.len().max(white.len()) {
        for p in [black.get(i), white.get(i)].into_iter().flatten() {
            if !game.play(p).ok()?.captured.is_empty() {
                return None;
            }
        }
    }
    Some(game)
}
