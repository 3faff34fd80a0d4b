//! Properties of random Topological Go games: the legal-move list is exactly what `play`
//! accepts, no stone lands in an enclosed region, the move-by-move enclosures agree with a
//! computation from scratch, and replaying the same moves gives the same game.

use proptest::prelude::*;
use stonefield_rules::topological::{Point, TopoGame, TopoMove, TopoRules, TopoSetup};
use stonefield_rules::{Color, Game};

/// A move of a random game: a placement, or a pass.
type Turn = Option<TopoMove>;

/// Plays a game on a board of side `size` driven by `choices`: each choice picks one of the
/// legal moves, or passes when it lands past the end of the list (about one turn in 60, and
/// always when there is no legal move). Calls `each` before every turn.
fn random_game(
    size: u8,
    reserve: u32,
    choices: &[u16],
    mut each: impl FnMut(&TopoGame, Turn),
) -> (TopoGame, Vec<Turn>) {
    let rules = TopoRules::new(u32::from(size), reserve).expect("valid rules");
    let mut game = TopoGame::new(rules);
    let mut turns = Vec::new();
    for &c in choices {
        if game.is_over() {
            break;
        }
        let legal = game.legal_moves();
        let pick = usize::from(c) % (legal.len() + legal.len() / 60 + 1);
        let turn = legal.get(pick).copied();
        each(&game, turn);
        match turn {
            Some(mv) => {
                game.play(&mv).expect("a listed move is accepted");
            }
            None => game.pass().expect("passing is allowed while playing"),
        }
        turns.push(turn);
    }
    (game, turns)
}

fn every_move(size: u8) -> impl Iterator<Item = TopoMove> {
    let side = u32::from(size);
    (0..=side).flat_map(move |y| {
        (0..=side).flat_map(move |x| {
            let at = Point::new(x, y, 25).expect("below 25");
            [TopoMove::normal(at), TopoMove::reserve(at)]
        })
    })
}

fn params() -> impl Strategy<Value = (u8, u32, Vec<u16>)> {
    (
        6u8..=11,
        0u32..=6,
        prop::collection::vec(any::<u16>(), 0..140),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn legal_moves_are_exactly_the_moves_play_accepts((size, reserve, choices) in params()) {
        random_game(size, reserve, &choices, |game, _| {
            let legal = game.legal_moves();
            // Every point of the board and the row and column just past it, both kinds.
            for mv in every_move(size) {
                let listed = legal.contains(&mv);
                let mut copy = game.clone();
                let accepted = copy.play(&mv).is_ok();
                assert_eq!(listed, accepted, "{mv:?}");
                assert_eq!(game.check(&mv).is_ok(), accepted, "{mv:?}");
                if !accepted {
                    assert_eq!(copy.position_hash(), game.position_hash());
                }
            }
            assert_eq!(game.candidate_moves(), legal);
            assert_eq!(game.has_legal_move(), !legal.is_empty());
            // The sets the computer player reads are the list, split by kind.
            let (normal, reserve) = game.targets();
            let from_sets: Vec<TopoMove> = normal
                .iter()
                .map(TopoMove::normal)
                .chain(reserve.iter().map(TopoMove::reserve))
                .collect();
            assert_eq!(from_sets, legal);
            let open = game.open_points();
            assert!(legal.iter().all(|mv| open.contains(mv.at)));
            let taken = game.stones().len() + game.closed_points().len();
            assert_eq!(open.count() as usize, usize::from(size).pow(2) - taken);
        });
    }

    #[test]
    fn no_stone_is_placed_in_an_enclosed_region((size, reserve, choices) in params()) {
        let mut closed_before: Vec<Point> = Vec::new();
        let (game, _) = random_game(size, reserve, &choices, |game, turn| {
            let enclosed: Vec<Point> = Color::ALL
                .into_iter()
                .flat_map(|c| game.enclosed_by(c))
                .collect();
            // Closed points stay closed: no stone ever fills them.
            for p in &closed_before {
                assert!(game.is_closed(*p), "{p} was closed and must stay closed");
            }
            if let Some(mv) = turn {
                assert!(!enclosed.contains(&mv.at), "{mv:?} is inside an enclosure");
            }
            closed_before = game.closed_points();
        });
        // The move-by-move enclosures are those of the final position computed afresh.
        let fresh = TopoSetup::new(game.stones(), game.to_move()).with_reserve_left(
            stonefield_rules::ByColor::new_with(|c| game.reserve_left(c)),
        );
        let fresh = TopoGame::from_setup(*game.rules(), &fresh).expect("a reached position");
        for c in Color::ALL {
            prop_assert_eq!(game.enclosed_by(c), fresh.enclosed_by(c));
            prop_assert_eq!(game.normal_left(c), fresh.normal_left(c));
        }
        if !game.is_over() {
            prop_assert_eq!(game.legal_moves(), fresh.legal_moves());
        }
    }

    #[test]
    fn replaying_the_same_moves_gives_the_same_game((size, reserve, choices) in params()) {
        let (game, turns) = random_game(size, reserve, &choices, |_, _| {});
        let mut again = TopoGame::new(*game.rules());
        for turn in &turns {
            match turn {
                Some(mv) => { again.play(mv).expect("accepted the first time"); }
                None => again.pass().expect("pass"),
            }
        }
        prop_assert_eq!(again.stones(), game.stones());
        prop_assert_eq!(again.position_hash(), game.position_hash());
        prop_assert_eq!(again.phase(), game.phase());
        prop_assert_eq!(again.score(), game.score());
        prop_assert_eq!(again.closed_points(), game.closed_points());
        prop_assert_eq!(again.trees(Color::Black), game.trees(Color::Black));
        for c in Color::ALL {
            // The live length kept move by move is the longest of the trees found afresh.
            let lengths: Vec<u32> = game.trees(c).iter().map(|t| t.length()).collect();
            prop_assert_eq!(game.longest_tree_length(c), lengths.first().copied().unwrap_or(0));
            // The set of a longest tree is one of the trees, of the longest length.
            let longest = game.longest_tree_set(c);
            prop_assert_eq!(longest.count(), game.longest_tree_length(c));
            let points: Vec<Point> = longest.iter().collect();
            prop_assert!(points.is_empty() || game.trees(c).iter().any(|t| t.points() == points));
            prop_assert_eq!(game.stone_set(c).count() as usize,
                game.stones().iter().filter(|s| s.color == c).count());
            prop_assert_eq!(lengths.iter().sum::<u32>() as usize,
                game.stones().iter().filter(|s| s.color == c).count());
            prop_assert_eq!(again.stones_left(c), game.stones_left(c));
            prop_assert_eq!(again.reserve_left(c), game.reserve_left(c));
        }
    }
}

/// Whole random games end, keep the supplies right and score what the trees say.
#[test]
fn random_playouts_end_with_the_count_of_the_final_position() {
    use stonefield_rules::topological::random_playout;
    let mut rng = fastrand::Rng::with_seed(42);
    for size in [6u8, 10, 13, 19, 25] {
        for _ in 0..20 {
            let mut game = TopoGame::new(TopoRules::new(u32::from(size), 5).expect("rules"));
            let result = random_playout(&mut game, &mut rng);
            assert!(game.is_over());
            assert!(!game.has_legal_move());
            assert_eq!(game.outcome(), Some(result.outcome));
            assert_eq!(result.outcome, game.count_outcome());
            let stones = game.stones().len() as u32;
            let supply = game.rules().stones_each();
            let left: u32 = Color::ALL.into_iter().map(|c| game.stones_left(c)).sum();
            assert_eq!(stones + left, 2 * supply);
            assert!(result.moves >= stones - 4 + 2);
        }
    }
}
