//! Prior knowledge for new moves of the tree, as equivalent experience (visits and wins
//! for the mover) that starts their all-moves-as-first statistics, as Fuego does with
//! its RAVE values, and weighed as Pachi weighs its pattern priors: every move starts
//! even, then wins in proportion to the square root of its share of the position's
//! strength under the learnt move features ([`super::features`], [`Gammas`]). Self-atari,
//! running into a ladder, and the first two lines far from any stone count as losses.
//!
//! Measured at 5,000 playouts a move (one thread, 9x9, komi 7.5, refereed by GNU Go, 20
//! games each, colours alternating) against the hand-set priors these replaced (captures,
//! escapes, MoGo's 3x3 shapes, common-fate-graph closeness to the last move, ladders, the
//! third line): 18/20 with `PATTERN_WINS` 300, 12/20 with 150; 600 against 300 won 9/20.

use stonefield_rules::classic::{ClassicGame, Point};

use super::features::{Features, Group, Position, line_level};
use super::gammas::Gammas;
use crate::search::Action;

/// Visits at an even rate that every move starts with.
const EVEN: u32 = 10;
/// Wins for a move that holds all of the position's strength; a share `s` of it earns
/// `PATTERN_WINS * sqrt(s)` (the default of [`super::HeavyConfig::pattern_prior`]).
pub(crate) const PATTERN_WINS: f32 = 300.0;
/// Shares of the position's strength below this earn nothing, as in Pachi.
const SMALLEST_SHARE: f32 = 0.001;
/// Losses for a self-atari that captures nothing.
const SELF_ATARI: u32 = 10;
/// Losses for running into a ladder that works.
const INTO_LADDER: u32 = 50;
/// Losses on the first two lines with no stone within three points.
const EMPTY_AREA: u32 = 10;
/// The prior of a pass: `EVEN` visits at this win rate. Without one, an unvisited pass is
/// worth the first-play urgency (1) and takes the first visit of every new node, a
/// playout spent on a move that is almost never right before the end.
const PASS_RATE: f32 = 0.1;

/// The prior (visits, wins for the mover) of each of `actions` in `game`, a move with all
/// of the position's strength earning `pattern_wins` wins; a pass starts low
/// ([`PASS_RATE`]).
pub(crate) fn experience(
    game: &ClassicGame,
    actions: &[Action<Point>],
    pattern_wins: f32,
) -> Vec<(u32, f32)> {
    let board = game.board();
    let gammas = Gammas::builtin();
    let position = Position::of(game).with_dictionary(gammas.spatial_dictionary());
    let rated: Vec<Option<(u16, Features, f32)>> = actions
        .iter()
        .map(|a| {
            let Action::Play(p) = a else {
                return None;
            };
            let i = board.cell(*p)?;
            let features = position.features(i);
            Some((i, features, gammas.strength(&features)))
        })
        .collect();
    let total = rated
        .iter()
        .flatten()
        .map(|r| r.2)
        .sum::<f32>()
        .max(f32::MIN_POSITIVE);
    actions
        .iter()
        .zip(rated)
        .map(|(action, rated)| {
            let Some((i, features, strength)) = rated else {
                let pass = matches!(action, Action::Pass);
                return if pass {
                    (EVEN, EVEN as f32 * PASS_RATE)
                } else {
                    (0, 0.0)
                };
            };
            let share = strength / total;
            let into_ladder = position.ladders().bad.contains(&i);
            // A run into a ladder has the shape and closeness of a good escape: it earns
            // nothing for them.
            let won = if share < SMALLEST_SHARE || into_ladder {
                0
            } else {
                (pattern_wins * share.sqrt()).round() as u32
            };
            let self_atari = features[Group::SelfAtari.index()] > 0;
            let line = features[Group::Line.index()];
            let first_lines = line == line_level(1, true) || line == line_level(2, true);
            let lost = u32::from(self_atari) * SELF_ATARI
                + u32::from(first_lines) * EMPTY_AREA
                + u32::from(into_ladder) * INTO_LADDER;
            (EVEN + won + lost, EVEN as f32 / 2.0 + won as f32)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::ladder::ladder_rows;
    use stonefield_rules::Color;
    use stonefield_rules::Game;
    use stonefield_rules::classic::{Rules, diagram_stones};

    fn game(rows: &[&str], last: Option<(u32, u32)>) -> ClassicGame {
        let (size, mut stones) = diagram_stones(rows).expect("a diagram");
        stones.retain(|s| Some((u32::from(s.at.x()), u32::from(s.at.y()))) != last);
        let rules = Rules::preset("chinese", size).expect("preset");
        let Some((lx, ly)) = last else {
            return ClassicGame::from_setup(rules, &stones, Color::Black).expect("setup");
        };
        // The last move is played for real, by White, so that the game knows it.
        let mut g = ClassicGame::from_setup(rules, &stones, Color::White).expect("setup");
        g.play(&Point::new(lx, ly, size).expect("on board"))
            .expect("legal");
        g
    }

    /// The prior win rate of the move at `(x, y)` among all the tree's candidates.
    fn prior(g: &ClassicGame, x: u32, y: u32) -> f32 {
        prior_with(g, x, y, PATTERN_WINS)
    }

    /// [`prior`] with `pattern_wins` for a move holding all of the position's strength.
    fn prior_with(g: &ClassicGame, x: u32, y: u32, pattern_wins: f32) -> f32 {
        let p = Point::new(x, y, g.board().size()).expect("on board");
        let mut actions: Vec<Action<Point>> = super::super::candidates::classic_candidates(g)
            .into_iter()
            .map(Action::Play)
            .collect();
        actions.push(Action::Pass);
        let k = actions
            .iter()
            .position(|a| *a == Action::Play(p))
            .expect("a candidate");
        let (n, w) = experience(g, &actions, pattern_wins)[k];
        w / n as f32
    }

    #[test]
    fn captures_and_escapes_are_favoured_and_self_atari_is_not() {
        // White just played (2,1), putting Black (1,1) in atari: its liberty left is
        // (1,2), where it escapes with three liberties; (5,5) is far from everything.
        let g = game(
            &[
                ".O.....", //
                "OXO....", //
                ".......", //
                "...X...", //
                ".......", //
                ".......", //
                ".......",
            ],
            Some((2, 1)),
        );
        assert_eq!(g.last_move(), Point::new(2, 1, 7));
        let escape = prior(&g, 1, 2);
        let far = prior(&g, 5, 5);
        assert!(escape > 0.75, "escape {escape}");
        assert!(escape > far, "escape {escape} far {far}");
    }

    #[test]
    fn the_first_lines_of_an_empty_board_are_disfavoured_and_the_corner_points_favoured() {
        let g = game(&["........."; 9], None);
        assert!(prior(&g, 0, 4) < 0.5);
        assert!(prior(&g, 1, 4) < 0.5);
        // The 3-4 and 4-4 points: the openings of the records the gammas were learnt from.
        assert!(prior(&g, 2, 3) > 0.75, "{}", prior(&g, 2, 3));
        assert!(prior(&g, 3, 3) > 0.75, "{}", prior(&g, 3, 3));
        assert!(prior(&g, 2, 2) > prior(&g, 0, 4));
    }

    #[test]
    fn the_pattern_weight_sets_how_far_the_learnt_shapes_lift_a_move() {
        let g = game(&["........."; 9], None);
        let corner = |wins| prior_with(&g, 2, 3, wins);
        assert_eq!(corner(0.0), 0.5, "without it every move starts even");
        assert!(corner(150.0) > 0.5);
        assert!(corner(300.0) > corner(150.0));
    }

    #[test]
    fn running_into_a_working_ladder_is_disfavoured_and_a_ladder_atari_favoured() {
        // White just played (2,3): Black (2,2) is in atari at (3,2), and running there
        // gives two liberties that White's ladder takes toward the top edge.
        let caught = game(&ladder_rows(true, false), Some((2, 3)));
        assert!(prior(&caught, 3, 2) < 0.5, "{}", prior(&caught, 3, 2));
        // With a Black stone at (4,1) the ladder breaks: running is good.
        let breaks = game(&ladder_rows(true, true), Some((2, 3)));
        assert!(prior(&breaks, 3, 2) > 0.6, "{}", prior(&breaks, 3, 2));
    }

    #[test]
    fn a_pass_starts_below_any_move() {
        let g = game(&["........."; 9], None);
        let (n, w) = experience(&g, &[Action::Pass], PATTERN_WINS)[0];
        assert!(
            n > 0,
            "a pass has a prior, or it takes every new node's first visit"
        );
        let pass = w / n as f32;
        assert!(pass < prior(&g, 0, 0), "pass {pass}");
    }
}
