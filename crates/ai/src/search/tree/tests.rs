use super::*;
use stonefield_rules::classic::Point;

#[test]
fn a_classic_node_is_small() {
    assert!(
        size_of::<Node<Point>>() <= 56,
        "{}",
        size_of::<Node<Point>>()
    );
}

/// Children playing `moves`, each keyed by its move, with no prior experience.
fn kids(moves: &[u8]) -> Vec<NewChild<u8>> {
    moves
        .iter()
        .map(|&m| NewChild {
            action: Action::Play(m),
            amaf_key: Some(u64::from(m)),
            prior: 0.5,
            experience: (0, 0.0),
        })
        .collect()
}

#[test]
fn a_subtree_keeps_its_statistics_and_layout() {
    let mut tree: Tree<u8> = Tree::new(Color::Black);
    tree.expand(ROOT, Color::Black, kids(&[1, 2]), &SearchConfig::default());
    let two = tree.root_child(&Action::Play(2)).expect("child");
    tree.backup(&[ROOT, two], 1.0);
    tree.expand(
        two,
        Color::White,
        kids(&[3, 4, 5]),
        &SearchConfig::default(),
    );
    let five = tree.children(two).last().expect("child");
    tree.backup(&[ROOT, two, five], 0.0);
    let mut sub = tree.clone();
    sub.reroot(two);
    assert_eq!(sub.len(), 4);
    assert_eq!(sub.visits(ROOT), 2);
    assert_eq!(sub.expanded_at(ROOT), Some(1));
    assert_eq!(sub.win_rate(ROOT), Some(0.5));
    let last = sub.children(ROOT).last().expect("child");
    assert_eq!(sub.action(last), Some(&Action::Play(5)));
    assert_eq!(sub.visits(last), 1);
    assert_eq!(
        sub.win_rate(last),
        Some(1.0),
        "White won the playout through 5"
    );
    assert_eq!(sub.action(ROOT), None);
}

#[test]
fn re_rooting_every_move_reuses_the_two_arenas() {
    let (mut tree, two) = two_level_tree();
    let first_arena = tree.nodes.as_ptr();
    tree.reroot(two);
    let second_arena = tree.nodes.as_ptr();
    assert_ne!(first_arena, second_arena, "the subtree is copied out");
    assert_eq!(tree.spare.as_ptr(), first_arena, "the old arena is kept");
    assert!(tree.spare.is_empty());
    let four = tree.children(ROOT).last().expect("child");
    assert_eq!(tree.action(four), Some(&Action::Play(4)));
    tree.reroot(four);
    assert_eq!(tree.nodes.as_ptr(), first_arena, "back in the first arena");
    assert_eq!(tree.len(), 1);
    tree.restart(Color::White);
    assert_eq!(tree.nodes.as_ptr(), first_arena);
    assert_eq!((tree.len(), tree.visits(ROOT)), (1, 0));
    assert_eq!(
        tree.mover(ROOT),
        Color::Black,
        "White is to move at the root"
    );
}

/// Root (Black to move) with children 1 and 2; below 2, White's children 3 and 4.
fn two_level_tree() -> (Tree<u8>, NodeId) {
    let mut tree: Tree<u8> = Tree::new(Color::Black);
    tree.expand(ROOT, Color::Black, kids(&[1, 2]), &SearchConfig::default());
    let two = tree.root_child(&Action::Play(2)).expect("child");
    tree.expand(two, Color::White, kids(&[3, 4]), &SearchConfig::default());
    (tree, two)
}

#[test]
fn rave_credits_a_point_to_its_first_player_when_asked() {
    for first_only in [false, true] {
        let (mut tree, two) = two_level_tree();
        let mut seen = AmafSet::default();
        // After the tree move 2 (Black), the playout: White 1, Black 1 (after a
        // capture), White 3; Black wins.
        seen.insert(Color::White, 1, 1);
        seen.insert(Color::Black, 1, 2);
        seen.insert(Color::White, 3, 3);
        let config = SearchConfig {
            rave_first_play: first_only,
            ..SearchConfig::default()
        };
        tree.backup_amaf(&[ROOT, two], &mut seen, 4, 1.0, &config);
        let one = tree.root_child(&Action::Play(1)).expect("child");
        let expected = if first_only { 0.0 } else { 1.0 };
        assert_eq!(tree.amaf_visits(one), expected, "first only: {first_only}");
        assert_eq!(tree.amaf_visits(two), 1.0, "the tree move itself");
        let [three, four] = [3, 4].map(|m| {
            tree.children(two)
                .find(|&c| tree.action(c) == Some(&Action::Play(m)))
                .expect("child")
        });
        assert_eq!(tree.amaf_visits(three), 1.0);
        assert_eq!(tree.amaf_visits(four), 0.0);
    }
}

#[test]
fn rave_distance_weighs_sooner_moves_more_and_one_on_average() {
    assert_eq!(amaf_weight(0.0, 5, 1, 40), 1.0);
    let weights: Vec<f32> = (1..41)
        .map(|first| amaf_weight(3.0, first, 1, 41))
        .collect();
    assert!(weights.windows(2).all(|w| w[0] > w[1]), "{weights:?}");
    assert!((weights[0] - 4.0 / 2.5).abs() < 0.05, "{weights:?}");
    let mean = weights.iter().sum::<f32>() / weights.len() as f32;
    assert!((mean - 1.0).abs() < 0.05, "{mean}");
}

#[test]
fn a_playout_in_flight_turns_the_next_thread_away_despite_rave() {
    let mut tree: Tree<u8> = Tree::new(Color::Black);
    let mut children = kids(&[1, 2]);
    children[0].experience = (100, 61.0);
    children[1].experience = (100, 60.0);
    tree.expand(ROOT, Color::Black, children, &SearchConfig::default());
    let config = SearchConfig {
        exploration: 0.0,
        rave_equivalence: 100.0,
        ..SearchConfig::default()
    };
    let first = tree.select(ROOT, &config).expect("a child");
    assert_eq!(tree.action(first), Some(&Action::Play(1)));
    // One thread is on its way down through move 1: the next goes to move 2.
    tree.add_visit(ROOT);
    tree.add_visit(first);
    let second = tree.select(ROOT, &config).expect("a child");
    assert_eq!(tree.action(second), Some(&Action::Play(2)));
    // Once its value is back (a win), move 1 is the choice again.
    tree.add_value(&[ROOT, first], 1.0);
    assert_eq!(tree.select(ROOT, &config), Some(first));
}

#[test]
fn the_minimum_error_schedule_keeps_trusting_a_well_sampled_amaf_value() {
    // Move 1 has done worse on its own (0.40 against 0.50 over 1,000 visits each)
    // but far better in the 10,000 playouts that played it later (0.70 against 0.50).
    let mut tree: Tree<u8> = Tree::new(Color::Black);
    let mut children = kids(&[1, 2]);
    children[0].experience = (10_000, 7_000.0);
    children[1].experience = (10_000, 5_000.0);
    tree.expand(ROOT, Color::Black, children, &SearchConfig::default());
    for (c, wins) in [(1, 400.0), (2, 500.0)] {
        let node = tree.node_mut(c);
        (node.visits, node.value) = (1_000, wins);
    }
    tree.node_mut(ROOT).visits = 2_000;
    let gelly = SearchConfig {
        exploration: 0.0,
        rave_equivalence: 100.0,
        ..SearchConfig::default()
    };
    // Gelly's schedule has let the AMAF value fade (beta 0.18): move 2.
    assert_eq!(tree.select(ROOT, &gelly), Some(2));
    let minimum_error = SearchConfig {
        rave_equivalence: 3_000.0,
        rave_schedule: RaveSchedule::MinimumError,
        ..gelly
    };
    // Beta is 10,000 / (10,000 + 1,000 + 3,333) = 0.70: move 1.
    assert_eq!(tree.select(ROOT, &minimum_error), Some(1));
}

#[test]
fn minimum_error_beta_grows_with_amaf_samples_and_fades_with_own_visits() {
    let config = SearchConfig {
        rave_equivalence: 3_000.0,
        rave_schedule: RaveSchedule::MinimumError,
        ..SearchConfig::default()
    };
    assert_eq!(rave_beta(&config, 0.0, 5.0), 1.0);
    assert!((rave_beta(&config, 3_000.0, 3_000.0) - 1.0 / 3.0).abs() < 1e-12);
    assert!(rave_beta(&config, 100.0, 2_000.0) > rave_beta(&config, 100.0, 200.0));
    assert!(rave_beta(&config, 1_000.0, 2_000.0) < rave_beta(&config, 100.0, 2_000.0));
    let off = SearchConfig {
        rave_equivalence: 0.0,
        ..config
    };
    assert_eq!(rave_beta(&off, 1.0, 2_000.0), 0.0);
}

#[test]
fn a_subtree_keeps_the_criticality_its_nodes_gathered() {
    let (mut tree, two) = two_level_tree();
    let four = tree.children(two).last().expect("child");
    for _ in 0..3 {
        tree.backup(&[ROOT, two, four], 1.0);
    }
    // Nodes of three visits gather from there on.
    let config = SearchConfig {
        criticality: 1.0,
        criticality_visits: 6,
        ..SearchConfig::default()
    };
    // Black held 4's point and won, then White held it and won.
    let (black, white) = (Some(Color::Black), Some(Color::White));
    tree.add_ownership(&[two, four], &[black, black], 1.0, &config);
    tree.add_ownership(&[two, four], &[None, white], 0.0, &config);
    let gathered = tree.criticality(four).expect("gathered");
    assert!(gathered > 0.0, "{gathered}");
    let mut sub = tree.clone();
    sub.reroot(two);
    let kept = sub.children(ROOT).last().expect("child");
    assert_eq!(sub.action(kept), Some(&Action::Play(4)));
    assert_eq!(sub.criticality(kept), Some(gathered));
}

#[test]
fn prior_experience_in_the_mean_steers_selection_until_real_visits_outweigh_it() {
    let in_mean = SearchConfig {
        exploration: 0.0,
        prior_in_mean: true,
        ..SearchConfig::default()
    };
    let mut tree: Tree<u8> = Tree::new(Color::Black);
    let mut children = kids(&[1, 2]);
    children[0].experience = (20, 16.0);
    children[1].experience = (20, 10.0);
    tree.expand(ROOT, Color::Black, children, &in_mean);
    // The experience stays out of RAVE and out of the win rate reported.
    assert_eq!(tree.amaf_visits(1), 0.0);
    assert_eq!(tree.win_rate(1), None);
    assert_eq!(tree.select(ROOT, &in_mean), Some(1));
    // Move 1 loses its first 20 playouts: 16/40 now trails move 2's 10/20.
    for _ in 0..20 {
        tree.backup(&[ROOT, 1], 0.0);
    }
    assert_eq!(tree.win_rate(1), Some(0.0));
    assert_eq!(tree.select(ROOT, &in_mean), Some(2));
    // Without the setting the same experience starts the AMAF statistics instead.
    let mut amaf: Tree<u8> = Tree::new(Color::Black);
    let mut children = kids(&[1, 2]);
    children[0].experience = (20, 16.0);
    amaf.expand(ROOT, Color::Black, children, &SearchConfig::default());
    assert_eq!(amaf.amaf_visits(1), 20.0);
}
