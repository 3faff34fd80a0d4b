//! The tree search on every variant: it returns legal moves, its visit counts add up, one
//! thread with a fixed seed repeats itself, and a kept subtree keeps its visits.

use proptest::prelude::*;
use stonefield_ai::classic::{ClassicPolicy, SearchPolicy, new_search, new_search_with};
use stonefield_ai::search::{
    Action, Choice, Parallelism, Policy, ROOT, RandomPolicy, Search, SearchConfig, SearchResult,
    Selection, Tree,
};
use stonefield_ai::topological::{TopoPolicy, UniformTopoPolicy};
use stonefield_ai::variants::{MargoPolicy, continuous_policy};
use stonefield_rules::Game;
use stonefield_rules::classic::{ClassicGame, Rules};
use stonefield_rules::continuous::{BoardShape, ContinuousGame, ContinuousRules, Preset};
use stonefield_rules::margo::{MargoGame, MargoRules};
use stonefield_rules::topological::{TopoGame, TopoRules};

fn classic(size: u8) -> ClassicGame {
    ClassicGame::new(Rules::preset("chinese", size).expect("preset")).expect("rules")
}

fn continuous() -> ContinuousGame {
    let rules = ContinuousRules {
        board: BoardShape::Preset(Preset::Square9),
        ..ContinuousRules::default()
    };
    ContinuousGame::new(rules).expect("rules")
}

fn margo() -> MargoGame {
    MargoGame::new(MargoRules::with_size(4).expect("size")).expect("rules")
}

fn topological() -> TopoGame {
    TopoGame::new(TopoRules::new(6, 2).expect("rules"))
}

/// `game` after up to `moves` random candidate moves, stopping short of the end.
fn random_position<G: Game>(mut game: G, moves: usize, seed: u64) -> G {
    let mut rng = fastrand::Rng::with_seed(seed);
    for _ in 0..moves {
        let candidates = game.candidate_moves();
        let mut next = game.clone();
        if candidates.is_empty() {
            if next.pass().is_err() {
                break;
            }
        } else {
            next.play(&candidates[rng.usize(..candidates.len())])
                .expect("a candidate is legal");
        }
        if next.is_over() {
            break;
        }
        game = next;
    }
    game
}

fn config(playouts: u32, seed: u64) -> SearchConfig {
    SearchConfig {
        playouts: Some(playouts),
        seed,
        ..SearchConfig::default()
    }
}

/// The choice can be made in `game`.
fn assert_legal<G: Game>(game: &G, choice: &Choice<G::Move>) {
    match choice {
        Choice::Play(mv) => assert_eq!(game.check(mv), Ok(()), "{mv:?} in {game:?}"),
        Choice::Pass => assert_eq!(game.clone().pass(), Ok(()), "pass in {game:?}"),
        Choice::Resign => assert!(!game.is_over()),
    }
}

/// Every expanded node's visits are its visits when expanded plus its children's.
fn assert_adds_up<M: Clone + PartialEq>(tree: &Tree<M>) {
    for id in 0..tree.len() as u32 {
        if let Some(at) = tree.expanded_at(id) {
            let children: u32 = tree.children(id).map(|c| tree.visits(c)).sum();
            assert!(
                tree.children(id).all(|c| !tree.refused(c)),
                "a refused candidate"
            );
            assert_eq!(tree.visits(id), at + children, "node {id}");
        }
    }
}

/// Runs a fresh search and checks legality and the visit counts; returns the result.
fn check_search<G, P>(game: G, policy: P, config: SearchConfig) -> SearchResult<G::Move>
where
    G: Game + Sync,
    G::Move: Send + Sync,
    P: Policy<G>,
{
    let playouts = config.playouts.expect("a playout budget");
    let mut search = Search::new(game.clone(), policy, config);
    let result = search.run();
    assert_legal(&game, &result.choice);
    assert_eq!(result.playouts, playouts);
    assert_eq!(result.root_visits, playouts);
    // The root is expanded by the first iteration, before its first visit.
    let children: u32 = result.moves.iter().map(|m| m.visits).sum();
    assert_eq!(children, playouts);
    for tree in search.trees() {
        assert_eq!(tree.expanded_at(ROOT), Some(0));
        assert_adds_up(tree);
    }
    for m in &result.moves {
        if let Action::Play(mv) = &m.action {
            assert_eq!(game.check(mv), Ok(()));
        }
    }
    result
}

/// The same search twice from the same seed on one thread gives the same result.
fn assert_repeats<G, P>(game: &G, policy: P, config: &SearchConfig)
where
    G: Game + Sync,
    G::Move: Send + Sync,
    P: Policy<G> + Clone,
{
    let first = Search::new(game.clone(), policy.clone(), config.clone()).run();
    let second = Search::new(game.clone(), policy, config.clone()).run();
    assert_eq!(first, second);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn searches_classic_5x5(moves in 0usize..40, seed in any::<u64>(), playouts in 1u32..300) {
        let game = random_position(classic(5), moves, seed);
        check_search(game.clone(), ClassicPolicy, config(playouts, seed));
        let puct = SearchConfig { selection: Selection::Puct, rave: false, ..config(playouts, seed) };
        check_search(game, ClassicPolicy, puct);
    }

    #[test]
    fn searches_classic_9x9(moves in 0usize..80, seed in any::<u64>(), playouts in 1u32..400) {
        let game = random_position(classic(9), moves, seed);
        check_search(game.clone(), ClassicPolicy, config(playouts, seed));
        let shared = SearchConfig { threads: 2, parallelism: Parallelism::Tree, ..config(playouts, seed) };
        check_search(game, ClassicPolicy, shared);
    }

    #[test]
    fn searches_topological(moves in 0usize..30, seed in any::<u64>(), playouts in 1u32..300) {
        let game = random_position(topological(), moves, seed);
        check_search(game.clone(), TopoPolicy, config(playouts, seed));
        check_search(game.clone(), UniformTopoPolicy, config(playouts, seed));
        check_search(game.clone(), RandomPolicy { max_moves: 30 }, config(playouts, seed));
        check_search(game, TopoPolicy, SearchConfig { threads: 2, ..config(playouts, seed) });
    }

    #[test]
    fn searches_margo(moves in 0usize..40, seed in any::<u64>(), playouts in 1u32..200) {
        let game = random_position(margo(), moves, seed);
        check_search(game.clone(), MargoPolicy { max_moves: 60, ..MargoPolicy::default() }, config(playouts, seed));
        check_search(game.clone(), RandomPolicy { max_moves: 20 }, config(playouts, seed));
        check_search(game, MargoPolicy { max_moves: 60, ..MargoPolicy::default() }, SearchConfig { threads: 2, ..config(playouts, seed) });
    }
}

proptest! {
    // A continuous candidate list costs geometry: few, small cases.
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn searches_continuous(moves in 0usize..8, seed in any::<u64>(), playouts in 1u32..40) {
        let game = random_position(continuous(), moves, seed);
        check_search(game, continuous_policy(4), config(playouts, seed));
    }
}

#[test]
fn one_thread_with_a_seed_repeats_itself() {
    let game = random_position(classic(9), 20, 1);
    assert_repeats(&game, ClassicPolicy, &config(500, 7));
    let puct = SearchConfig {
        selection: Selection::Puct,
        ..config(300, 8)
    };
    assert_repeats(&game, ClassicPolicy, &puct);
    assert_repeats(
        &random_position(topological(), 6, 2),
        TopoPolicy,
        &config(300, 9),
    );
    assert_repeats(
        &random_position(margo(), 6, 3),
        MargoPolicy::default(),
        &config(200, 10),
    );
    assert_repeats(&continuous(), continuous_policy(3), &config(20, 11));
}

#[test]
fn a_kept_subtree_keeps_its_visits() {
    let game = random_position(classic(9), 10, 4);
    let mut search = new_search(game.clone(), config(2000, 5));
    let first = search.run();
    let best = first.moves[0].clone();
    let kept = search
        .trees()
        .next()
        .expect("a tree")
        .root_child(&best.action);
    let kept_visits = search
        .trees()
        .next()
        .expect("a tree")
        .visits(kept.expect("a child"));
    assert_eq!(kept_visits, best.visits);
    search.advance(&best.action).expect("legal");
    let tree = search.trees().next().expect("a tree");
    assert_eq!(tree.visits(ROOT), best.visits);
    assert_adds_up(tree);
    let second = search.run();
    assert_eq!(second.playouts, 2000);
    assert_eq!(second.root_visits, best.visits + 2000);
    assert_adds_up(search.trees().next().expect("a tree"));
    assert_legal(search.game(), &second.choice);
}

#[test]
fn set_game_finds_the_position_two_moves_on() {
    let game = random_position(classic(9), 6, 6);
    let mut search = new_search(game.clone(), config(3000, 1));
    let first = search.run();
    let Choice::Play(mv) = first.choice else {
        panic!("a move on an open board")
    };
    let mut next = game.clone();
    next.play(&mv).expect("legal");
    let reply = search.trees().next().expect("a tree");
    let child = reply.root_child(&Action::Play(mv)).expect("searched");
    let answer = reply
        .children(child)
        .max_by_key(|&c| reply.visits(c))
        .expect("the best move was expanded");
    let answer_visits = reply.visits(answer);
    match reply.action(answer).expect("a move") {
        Action::Play(p) => next.play(p).map(|_| ()),
        Action::Pass => next.pass(),
    }
    .expect("legal");
    assert!(search.set_game(next.clone()));
    assert_eq!(
        search.trees().next().expect("a tree").visits(ROOT),
        answer_visits
    );
    // A position not in the tree starts afresh.
    assert!(!search.set_game(game));
    assert_eq!(search.trees().next().expect("a tree").len(), 1);
}

#[test]
fn threads_share_the_playouts_and_the_time() {
    for parallelism in [Parallelism::Tree, Parallelism::Root] {
        threads_share_the_playouts_and_the_time_by(parallelism);
    }
}

fn threads_share_the_playouts_and_the_time_by(parallelism: Parallelism) {
    let game = random_position(classic(9), 10, 2);
    let threads = SearchConfig {
        threads: 2,
        parallelism,
        ..config(801, 3)
    };
    let result = check_search(game.clone(), ClassicPolicy, threads.clone());
    assert_eq!(result.playouts, 801);
    let timed = SearchConfig {
        playouts: None,
        time: Some(std::time::Duration::from_millis(100)),
        ..threads
    };
    let mut search = new_search(game.clone(), timed);
    let result = search.run();
    // Each thread makes at least one playout; how many more depends on the machine.
    assert!(result.playouts >= 2, "{} playouts", result.playouts);
    assert_eq!(result.root_visits, result.playouts);
    assert_legal(&game, &result.choice);
    let trees: Vec<_> = search.trees().collect();
    let expected = match parallelism {
        Parallelism::Tree => 1,
        Parallelism::Root => 2,
    };
    assert_eq!(trees.len(), expected);
    for tree in trees {
        assert_adds_up(tree);
    }
}

#[test]
fn a_finished_game_has_nothing_to_search() {
    let mut game = classic(5);
    game.pass().expect("pass");
    game.pass().expect("pass");
    let result = new_search(game, config(10, 0)).run();
    assert_eq!(result.choice, Choice::Pass);
    assert!(result.moves.is_empty());
}

fn classic_setup(size: u8, black: &[(u32, u32)], white: &[(u32, u32)]) -> ClassicGame {
    use stonefield_rules::{Color, Stone};
    let stone = |&(x, y): &(u32, u32), color| Stone {
        at: stonefield_rules::classic::Point::new(x, y, size).expect("on board"),
        color,
    };
    let stones: Vec<Stone<_>> = black
        .iter()
        .map(|p| stone(p, Color::Black))
        .chain(white.iter().map(|p| stone(p, Color::White)))
        .collect();
    let rules = Rules::preset("chinese", size).expect("preset");
    ClassicGame::from_setup(rules, &stones, Color::Black).expect("setup")
}

#[test]
fn the_classic_search_captures_a_stone_in_atari() {
    // White (1,1) has one liberty left at (1,2); Black takes it. Light playouts: with
    // heavy ones White escapes in the playouts and Black wins the 5x5 board either way,
    // so the capture is not the only good move.
    let game = classic_setup(5, &[(0, 1), (1, 0), (2, 1)], &[(1, 1)]);
    let light = SearchPolicy::Light(ClassicPolicy);
    let result = new_search_with(game, config(2000, 3), light).run();
    let capture = stonefield_rules::classic::Point::new(1, 2, 5).expect("on board");
    assert_eq!(
        result.choice,
        Choice::Play(capture),
        "{:?}",
        result.moves[..3].to_vec()
    );
}

#[test]
fn the_classic_search_passes_when_only_own_eyes_are_left() {
    let game = classic_setup(2, &[(1, 0), (0, 1), (1, 1)], &[]);
    // Komi wins the 2x2 board for White whatever happens: no resigning.
    let no_resign = SearchConfig {
        resign_below: None,
        ..config(100, 1)
    };
    let result = new_search(game, no_resign).run();
    assert_eq!(result.choice, Choice::Pass);
    assert_eq!(result.moves.len(), 1);
}

/// Classic Go with priors that favour one point.
#[derive(Debug, Clone, Copy)]
struct Favour(stonefield_rules::classic::Point);

impl Policy<ClassicGame> for Favour {
    fn candidates(&self, game: &ClassicGame) -> Vec<stonefield_rules::classic::Point> {
        ClassicPolicy.candidates(game)
    }

    fn may_pass(&self, game: &ClassicGame) -> bool {
        ClassicPolicy.may_pass(game)
    }

    fn priors(
        &self,
        _game: &ClassicGame,
        actions: &[Action<stonefield_rules::classic::Point>],
    ) -> Option<Vec<f32>> {
        let rest = 0.1 / actions.len() as f32;
        let favoured = Action::Play(self.0);
        Some(
            actions
                .iter()
                .map(|a| if *a == favoured { 0.9 + rest } else { rest })
                .collect(),
        )
    }

    fn playout(
        &self,
        game: &mut ClassicGame,
        rng: &mut fastrand::Rng,
        trace: &mut stonefield_ai::search::Trace,
    ) -> f64 {
        ClassicPolicy.playout(game, rng, trace)
    }
}

#[test]
fn puct_follows_the_priors() {
    let corner = stonefield_rules::classic::Point::new(0, 0, 9).expect("on board");
    let puct = SearchConfig {
        selection: Selection::Puct,
        rave: false,
        exploration: 2.0,
        ..config(60, 2)
    };
    let result = check_search(classic(9), Favour(corner), puct);
    assert_eq!(result.moves[0].action, Action::Play(corner));
    assert!(result.moves[0].visits > 30, "{:?}", result.moves[0]);
    assert!(result.moves[0].prior > 0.9);
}

#[test]
fn the_node_cap_bounds_the_tree() {
    let capped = SearchConfig {
        max_nodes: 200,
        ..config(3000, 4)
    };
    let mut search = new_search(classic(9), capped);
    let result = search.run();
    assert_eq!(result.playouts, 3000);
    let tree = search.trees().next().expect("a tree");
    // The last expansion may pass the cap by one node's children.
    assert!(tree.len() <= 200 + 82, "{} nodes", tree.len());
    assert_adds_up(tree);
}

/// Pondering stops when told to, every playout it made is in the tree, and what it grew
/// is kept for the opponent's reply: the next search starts with those visits.
#[test]
fn pondering_runs_until_stopped_and_its_tree_is_kept() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    let game = random_position(classic(9), 5, 11);
    for threads in [1, 2] {
        let mut search = new_search(game.clone(), config(200, threads));
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let pondering = std::thread::spawn(move || {
            let made = search.ponder(&flag);
            (search, made)
        });
        stop.store(true, Ordering::Relaxed);
        let (mut search, made) = pondering.join().expect("no panic");
        assert!(made >= 1, "{made}");
        let tree = search.trees().next().expect("a tree");
        assert_adds_up(tree);
        let visited = tree.visits(ROOT);
        assert_eq!(
            u64::from(visited),
            u64::from(made),
            "one tree, every playout in it"
        );
        let best = tree
            .children(ROOT)
            .max_by_key(|&c| tree.visits(c))
            .expect("a child");
        let reply_visits = tree.visits(best);
        let mut next = game.clone();
        match tree.action(best).expect("a move") {
            Action::Play(p) => next.play(p).map(|_| ()),
            Action::Pass => next.pass(),
        }
        .expect("legal");
        assert!(search.set_game(next));
        let result = search.run();
        assert_eq!(result.playouts, 200);
        assert_eq!(result.root_visits, reply_visits + 200, "{threads} threads");
    }
}
