//! The count at the end of a classic game, item by item: which points each player owns
//! once the marked stones are off, and the parts that make up each score under area or
//! territory scoring. [`ClassicGame::final_score`] is its total, so what players are shown
//! and the result are the same numbers.

use super::board::Idx;
use super::game::ClassicGame;
use super::point::Point;
use super::rules::Scoring;
use crate::{ByColor, Color};

/// The parts of the final count (marked stones removed), per player.
#[derive(Debug, Clone, PartialEq)]
pub struct FinalCount {
    /// The scoring rule the count follows.
    pub scoring: Scoring,
    /// Empty points surrounded by one player only, counting the points of the
    /// opponent's dead stones.
    pub territory: ByColor<u32>,
    /// Living stones on the board (they count under area scoring only).
    pub stones: ByColor<u32>,
    /// Stones captured during play (they count under territory scoring only).
    pub prisoners: ByColor<u32>,
    /// The opponent's stones marked dead, taken as prisoners under territory scoring.
    pub dead: ByColor<u32>,
    /// White's komi.
    pub komi: f64,
    /// The points counted as territory, with their owner: surrounded empty points and the
    /// points of dead stones.
    pub owned: Vec<(Point, Color)>,
}

impl FinalCount {
    /// Each player's score, komi included.
    pub fn total(&self) -> ByColor<f64> {
        let mut score = ByColor::new_with(|c| f64::from(self.territory[c]));
        for c in Color::ALL {
            score[c] += f64::from(match self.scoring {
                Scoring::Area => self.stones[c],
                Scoring::Territory => self.prisoners[c] + self.dead[c],
            });
        }
        score.white += self.komi;
        score
    }
}

impl ClassicGame {
    /// The count under the game's scoring rule with the marked stones removed, item by
    /// item.
    pub fn final_count(&self) -> FinalCount {
        let dead_marked = self.dead_indices();
        let dead = |i: Idx| dead_marked.contains(&i);
        let board = self.board();
        let owners = board.owners_ignoring(&dead);
        let mut count = FinalCount {
            scoring: self.rules().scoring,
            territory: ByColor::default(),
            stones: ByColor::default(),
            prisoners: self.prisoners(),
            dead: ByColor::default(),
            komi: self.rules().komi,
            owned: Vec::new(),
        };
        for (p, owner) in board.points().zip(owners) {
            let stone = board.get(p);
            if let Some(s) = stone
                && board.idx(p).is_some_and(&dead)
            {
                count.dead[s.other()] += 1;
            }
            let Some(owner) = owner else { continue };
            if stone == Some(owner) {
                count.stones[owner] += 1;
            } else {
                count.territory[owner] += 1;
                count.owned.push((p, owner));
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::Rules;
    use crate::{Game, Phase};

    /// Black at (4, 4) and White at (0, 0) on 9x9, both passed; White's stone marked dead.
    fn counted(preset: &str) -> ClassicGame {
        let mut game = ClassicGame::new(Rules::preset(preset, 9).expect("preset")).expect("game");
        let at = |x, y| Point::new(x, y, 9).expect("on board");
        game.play(&at(4, 4)).expect("legal");
        game.play(&at(0, 0)).expect("legal");
        game.pass().expect("pass");
        game.pass().expect("pass");
        assert_eq!(game.phase(), Phase::MarkingDead);
        game.toggle_dead(at(0, 0)).expect("a stone");
        game
    }

    #[test]
    fn territory_counts_empty_points_and_the_dead_as_prisoners() {
        let c = counted("japanese").final_count();
        // 81 points less Black's stone: 80, the dead stone's point among them.
        assert_eq!((c.territory.black, c.territory.white), (80, 0));
        assert_eq!((c.dead.black, c.dead.white), (1, 0));
        assert_eq!(c.owned.len(), 80);
        assert_eq!(
            c.total(),
            ByColor {
                black: 81.0,
                white: 6.5
            }
        );
    }

    #[test]
    fn area_counts_stones_and_territory_and_agrees_with_the_final_score() {
        let game = counted("chinese");
        let c = game.final_count();
        assert_eq!((c.stones.black, c.territory.black), (1, 80));
        assert_eq!(
            c.total(),
            ByColor {
                black: 81.0,
                white: 7.5
            }
        );
        assert_eq!(c.total(), game.final_score());
    }
}
