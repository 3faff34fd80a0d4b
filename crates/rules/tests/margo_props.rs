//! Property tests over random MarGo games (any size 2..=6, any options): support, freedom or
//! pinning of every group, no repeated position, replay determinism, `legal_moves()` equal
//! to what `play` accepts at every point of every level, the playout fast path equal to
//! `play`, and bad input that never panics.

use std::collections::HashSet;

use proptest::prelude::*;
use stonefield_rules::margo::{Cell, MargoGame, MargoRules, PlayoutScratch, Point, random_move};
use stonefield_rules::{Color, Game, Stone};

fn arb_rules() -> impl Strategy<Value = MargoRules> {
    (2u8..=6, any::<bool>(), any::<bool>()).prop_map(|(board_size, cut, hide)| MargoRules {
        board_size,
        bridge_cutting: cut,
        buried_hidden: hide,
        ..MargoRules::default()
    })
}

/// Every point of every level of a board of side `size`.
fn all_points(size: u8) -> Vec<Point> {
    let n = u32::from(size);
    (0..n)
        .flat_map(|k| {
            (0..n - k).flat_map(move |y| (0..n - k).filter_map(move |x| Point::new(x, y, k, size)))
        })
        .collect()
}

/// The points one level up that rest on `p`.
fn above(p: Point, size: u8) -> impl Iterator<Item = Point> {
    let [x, y, k] = p.coords().map(i64::from);
    [(-1, -1), (0, -1), (-1, 0), (0, 0)]
        .into_iter()
        .filter_map(move |(dx, dy)| Point::from_coords(x + dx, y + dy, k + 1, size).ok())
}

fn check_invariants(g: &MargoGame) {
    let size = g.board_size();
    for s in g.stones() {
        for support in s.at.supports() {
            assert!(
                g.ball_at(support).is_some(),
                "{} lacks support {support}",
                s.at
            );
        }
    }
    for group in g.groups() {
        if group.has_freedom {
            continue;
        }
        for &p in &group.balls {
            let covered = above(p, size).any(|a| g.ball_at(a).is_some());
            assert!(covered, "{p} has no freedom and nothing rests on it");
        }
    }
}

type Position = (Vec<([u8; 3], Color)>, Color);

fn position(g: &MargoGame) -> Position {
    let mut balls: Vec<_> = g
        .stones()
        .iter()
        .map(|s| (s.at.coords(), s.color))
        .collect();
    balls.sort();
    (balls, g.to_move())
}

/// Plays up to `moves` random legal moves, checking everything after each; returns the moves.
fn random_game(rules: MargoRules, seed: u64, moves: usize, full_check: bool) -> Vec<Point> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut g = MargoGame::new(rules).expect("valid rules");
    let points = all_points(rules.board_size);
    let mut seen: HashSet<Position> = HashSet::from([position(&g)]);
    let mut played = Vec::new();
    while !g.is_over() && played.len() < moves {
        let legal = g.legal_moves();
        if full_check {
            let accepted: Vec<Point> = points
                .iter()
                .copied()
                .filter(|p| g.clone().play(p).is_ok())
                .collect();
            assert_eq!(legal, accepted, "legal_moves() against play at every point");
        }
        let mv = legal[rng.usize(..legal.len())];
        g.play(&mv).expect("a listed move is legal");
        played.push(mv);
        check_invariants(&g);
        assert!(seen.insert(position(&g)), "position repeated after {mv}");
    }
    if g.is_over() {
        assert!(g.legal_moves().is_empty());
    } else {
        assert!(!g.legal_moves().is_empty());
    }
    played
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_keep_the_invariants(rules in arb_rules(), seed in any::<u64>()) {
        random_game(rules, seed, 80, true);
    }

    #[test]
    fn replaying_the_same_moves_gives_the_same_game(rules in arb_rules(), seed in any::<u64>()) {
        let moves = random_game(rules, seed, 120, false);
        let mut a = MargoGame::new(rules).expect("valid rules");
        let mut b = MargoGame::new(rules).expect("valid rules");
        for mv in &moves {
            let ra = a.play(mv).expect("legal the first time");
            let rb = b.play(mv).expect("legal again");
            prop_assert_eq!(ra, rb);
            prop_assert_eq!(a.position_hash(), b.position_hash());
            prop_assert_eq!(a.stones(), b.stones());
            prop_assert_eq!(a.phase(), b.phase());
        }
    }

    #[test]
    fn playout_moves_are_what_play_would_do(rules in arb_rules(), seed in any::<u64>()) {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut scratch = PlayoutScratch::default();
        let mut g = MargoGame::new(rules).expect("valid rules");
        for _ in 0..150 {
            let before = g.clone();
            if !random_move(&mut g, &mut rng, &mut scratch) {
                prop_assert!(before.legal_moves().is_empty());
                break;
            }
            let old: HashSet<[u8; 3]> = before.stones().iter().map(|s| s.at.coords()).collect();
            let placed: Vec<Point> =
                g.stones().iter().map(|s| s.at).filter(|p| !old.contains(&p.coords())).collect();
            prop_assert_eq!(placed.len(), 1);
            let mut by_play = before.clone();
            by_play.play(&placed[0]).expect("the playout's move is legal");
            prop_assert_eq!(by_play.stones(), g.stones());
            prop_assert_eq!(by_play.position_hash(), g.position_hash());
            prop_assert_eq!(by_play.phase(), g.phase());
            if g.is_over() {
                break;
            }
        }
    }

    #[test]
    fn bad_coordinates_never_panic(
        x in any::<i64>(), y in any::<i64>(), k in any::<i64>(),
        ux in any::<u32>(), uy in any::<u32>(), uk in any::<u32>(), size in any::<u8>(),
    ) {
        let _ = Point::from_coords(x, y, k, size);
        let game = MargoGame::new(MargoRules::default()).expect("default rules");
        if let Some(p) = Point::new(ux, uy, uk, size) {
            let _ = game.clone().play(&p);
            let _ = game.check(&p);
            let _ = (game.ball_at(p), game.is_pinned(p), game.is_buried(p), game.is_zombie(p));
        }
        let _ = MargoRules::with_size(u32::from(size));
    }

    #[test]
    fn bad_notation_never_panics(text in "\\PC{0,8}", cell in "[A-Za-z][0-9]{1,3}") {
        let game = MargoGame::new(MargoRules::default()).expect("default rules");
        let _ = game.parse_notation(&text);
        if let Ok(p) = game.parse_notation(&cell) {
            prop_assert_eq!(game.notation(p).parse::<Cell>(), cell.parse::<Cell>());
        }
    }

    #[test]
    fn bad_setups_are_refused_without_panic(
        size in 0u8..16,
        balls in prop::collection::vec((0u32..14, 0u32..14, 0u32..14, any::<bool>()), 0..40),
        white in any::<bool>(),
    ) {
        let rules = MargoRules { board_size: size, ..MargoRules::default() };
        let stones: Vec<Stone<Point>> = balls
            .iter()
            .filter_map(|&(x, y, k, b)| {
                Point::new(x, y, k, 13).map(|at| Stone {
                    at,
                    color: if b { Color::Black } else { Color::White },
                })
            })
            .collect();
        let to_move = if white { Color::White } else { Color::Black };
        if let Ok(g) = MargoGame::from_setup(rules, &stones, to_move) {
            check_invariants(&g);
            let _ = g.legal_moves();
        }
    }
}
