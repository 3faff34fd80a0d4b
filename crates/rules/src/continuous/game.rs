//! A checked game of continuous Go: turns, handicap, ko and superko, passes and the live
//! score, on top of the incremental [`Position`].

use std::collections::HashSet;
use std::sync::Arc;

use super::atari_group::Atari;
use super::board::Board;
use super::hash::WHITE_TO_MOVE;
use super::plan::{AreaPlan, Plan};
use super::point::{Point, V};
use super::position::{Id, Position};
use super::rules::{ContinuousRules, KoRule, RulesError};
use crate::ending::{DeadOrder, Ending};
use crate::{ByColor, Color, Game, IllegalMove, Outcome, Phase, Placed, Stone};

/// A game of continuous Go under a set of [`ContinuousRules`].
///
/// ```
/// use stonefield_rules::{Color, Game, IllegalMove};
/// use stonefield_rules::continuous::{ContinuousGame, ContinuousRules, Point, SnapMode};
///
/// let mut game = ContinuousGame::new(ContinuousRules::default()).unwrap();
/// let p = Point::new(6.5, 6.5).unwrap();
/// game.play(&p).unwrap();
/// assert_eq!(game.play(&Point::new(7.0, 6.5).unwrap()), Err(IllegalMove::Overlap));
/// // A click beside the stone snaps to the nearest point touching it.
/// let q = game.resolve(Point::new(7.2, 6.5).unwrap(), SnapMode::Nearest).unwrap();
/// assert!((q.x() - 7.5).abs() < 1e-12 && q.y() == 6.5);
/// assert_eq!(game.score().black, 169.0);
/// ```
#[derive(Debug, Clone)]
pub struct ContinuousGame {
    rules: ContinuousRules,
    pub(crate) pos: Position,
    to_move: Color,
    /// Phase, passes in a row and the stones marked dead (kept sorted).
    pub(crate) ending: Ending<Id>,
    handicap_left: u16,
    /// The placement order (seq) of the last stone placed, when it captured exactly one.
    ko_stone: Option<u64>,
    /// Positions seen so far (stones only), as hashes.
    seen: HashSet<u64>,
}

/// A position that cannot start a game.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The rules themselves are invalid.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A setup stone that does not fit on the board.
    #[error("setup stone at {0} does not fit on the board")]
    Outside(Point),
    /// A setup stone that overlaps an earlier one.
    #[error("setup stone at {0} overlaps another")]
    Overlap(Point),
    /// A setup group (named by one stone) without a liberty.
    #[error("setup group of the stone at {0} has no liberty")]
    NoLiberty(Point),
}

impl ContinuousGame {
    /// A new game with Black to move (placing the handicap stones first, if any).
    ///
    /// # Errors
    /// Rules that fail [`ContinuousRules::validate`].
    pub fn new(rules: ContinuousRules) -> Result<ContinuousGame, SetupError> {
        ContinuousGame::from_setup(rules, &[], Color::Black)
    }

    /// A game starting from `stones` with `to_move` to play. Setup stones capture nothing;
    /// a group without a liberty is refused. The handicap applies only to an empty setup.
    ///
    /// # Errors
    /// Invalid rules, a stone that does not fit or overlaps another, a group without a
    /// liberty.
    pub fn from_setup(
        rules: ContinuousRules,
        stones: &[Stone<Point>],
        to_move: Color,
    ) -> Result<ContinuousGame, SetupError> {
        let board = rules.board()?;
        let pos = setup_position(board, stones)?;
        let handicap_left = if stones.is_empty() { rules.handicap } else { 0 };
        let mut seen = HashSet::new();
        seen.insert(pos.hash);
        Ok(ContinuousGame {
            rules,
            pos,
            to_move,
            ending: Ending::new(DeadOrder::Sorted, IllegalMove::WrongPhase),
            handicap_left,
            ko_stone: None,
            seen,
        })
    }

    /// The rules of the game.
    pub fn rules(&self) -> &ContinuousRules {
        &self.rules
    }

    /// The board, with its geometry for the game's stone radius.
    pub fn board(&self) -> &Board {
        &self.pos.board
    }

    /// Handicap stones Black has still to place.
    pub fn handicap_left(&self) -> u16 {
        self.handicap_left
    }

    /// Number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.pos.len()
    }

    /// The stone whose disc contains `p`, if any.
    pub fn stone_at(&self, p: Point) -> Option<Stone<Point>> {
        self.pos
            .stone_at(V::from(p))
            .map(|id| self.public_stone(id))
    }

    /// The groups on the board, each listed in placement order.
    pub fn groups(&self) -> Vec<Vec<Stone<Point>>> {
        self.groups_where(|_| Some(()))
            .into_iter()
            .map(|(g, ())| g)
            .collect()
    }

    /// The groups for which `pick` (given the group's slot) says something, each with its
    /// stones in placement order, ordered by their first stone's placement.
    pub(crate) fn groups_where<T>(
        &self,
        mut pick: impl FnMut(u32) -> Option<T>,
    ) -> Vec<(Vec<Stone<Point>>, T)> {
        let mut out: Vec<(u64, Vec<Stone<Point>>, T)> = self
            .pos
            .groups()
            .filter_map(|(slot, g)| {
                let said = pick(slot)?;
                let ids = &g.members;
                let first = ids.first().map_or(0, |&id| self.pos.stone(id).seq);
                let stones = ids.iter().map(|&id| self.public_stone(id)).collect();
                Some((first, stones, said))
            })
            .collect();
        out.sort_by_key(|(first, _, _)| *first);
        out.into_iter().map(|(_, g, said)| (g, said)).collect()
    }

    /// Every stone with its Voronoi cell (vertices in order, before clipping to a
    /// non-convex board's reflex parts), for drawing who owns which part of the board.
    pub fn cells(&self) -> Vec<(Stone<Point>, Vec<Point>)> {
        self.pos
            .iter()
            .map(|(id, s)| {
                let cell = s.cell.iter().map(|&(v, _)| Point::from_v(v)).collect();
                (self.public_stone(id), cell)
            })
            .collect()
    }

    pub(crate) fn public_stone(&self, id: Id) -> Stone<Point> {
        let s = self.pos.stone(id);
        Stone {
            at: Point::from_v(s.at),
            color: s.color,
        }
    }

    /// The score of a position whose areas per colour are `area` (square board units).
    pub(crate) fn score_of(&self, area: ByColor<f64>) -> ByColor<f64> {
        let unit = self.pos.board.unit_area();
        ByColor {
            black: area.black / unit,
            white: area.white / unit + self.rules.effective_komi(),
        }
    }

    /// The plan of the player to move placing a stone at `at`, with ko and superko judged.
    pub(crate) fn plan(&self, at: V) -> Result<Plan, IllegalMove> {
        match self.ending.phase() {
            Phase::Playing => {}
            Phase::MarkingDead => return Err(IllegalMove::WrongPhase),
            Phase::Finished(_) => return Err(IllegalMove::GameOver),
        }
        let plan = self.pos.plan(at, self.to_move)?;
        match self.rules.ko {
            KoRule::SingleRecapture => {
                if let ([id], Some(ko)) = (plan.removed.as_slice(), self.ko_stone)
                    && self.pos.stone(*id).seq == ko
                {
                    return Err(IllegalMove::Ko);
                }
            }
            KoRule::PositionalSuperko => {
                if self.seen.contains(&plan.hash_after) {
                    return Err(IllegalMove::Superko);
                }
            }
        }
        Ok(plan)
    }

    /// Plays a plan made by [`ContinuousGame::plan`] on this position.
    pub(crate) fn commit(&mut self, plan: Plan) -> Placed<Point> {
        let areas = self.pos.area_plan(&plan);
        self.commit_areas(plan, Some(areas))
    }

    /// [`ContinuousGame::commit`] with the plan's areas, or without them (`None`): then the
    /// Voronoi cells and the score go stale until the position's cells are refreshed.
    pub(crate) fn commit_areas(&mut self, plan: Plan, areas: Option<AreaPlan>) -> Placed<Point> {
        let captured: Vec<Stone<Point>> = plan
            .removed
            .iter()
            .map(|&id| self.public_stone(id))
            .collect();
        let id = self.pos.commit(plan, areas);
        self.ko_stone = (captured.len() == 1).then(|| self.pos.stone(id).seq);
        self.seen.insert(self.pos.hash);
        self.ending.placed();
        if self.handicap_left > 0 {
            self.handicap_left -= 1;
        }
        if self.handicap_left == 0 {
            self.to_move = self.to_move.other();
        }
        Placed { captured }
    }
}

/// Builds the position of a setup, checking every stone.
fn setup_position(board: Arc<Board>, stones: &[Stone<Point>]) -> Result<Position, SetupError> {
    let mut pos = Position::new(board);
    for s in stones {
        let at = V::from(s.at);
        if !pos.board.fits_v(at) {
            return Err(SetupError::Outside(s.at));
        }
        if !pos.is_free(at) {
            return Err(SetupError::Overlap(s.at));
        }
        let limit = pos.reach.connect * pos.reach.connect;
        let mut merge = Vec::new();
        pos.grid.near(at, pos.reach.connect, |id, q| {
            if q.dist2(at) <= limit && pos.stone(id).color == s.color {
                merge.push(pos.stone(id).group);
            }
        });
        merge.sort_unstable();
        merge.dedup();
        let cover = pos.new_cover(at, &|_| false);
        pos.insert(at, s.color, &merge, None, (Vec::new(), 0.0), cover);
    }
    let ids: Vec<Id> = pos.iter().map(|(id, _)| id).collect();
    for id in ids {
        let w = pos.stone_free_point(id, None, &|_| false);
        pos.set_witness(id, w);
    }
    pos.fit_carriers();
    pos.refresh_all_cells();
    if let Some((_, g)) = pos.groups().find(|(_, g)| g.free() == 0) {
        let at = pos.stone(g.members[0]).at;
        return Err(SetupError::NoLiberty(Point::from_v(at)));
    }
    Ok(pos)
}

impl ContinuousGame {
    /// Every group in atari, ordered by its first stone's placement. Ko does not count: a
    /// group that only a ko recapture could take is still flagged.
    ///
    /// The answers are kept between calls: a call after a move searches again only the
    /// groups near the move (and those whose liberties it changed), so asking after every
    /// move costs about as much on a full board as on an empty one.
    pub fn groups_in_atari(&self) -> Vec<Atari> {
        self.pos.atari_cached()
    }

    /// [`ContinuousGame::groups_in_atari`] searched afresh for every group, the oracle of
    /// the kept answers (the audit compares the two).
    pub fn groups_in_atari_from_scratch(&self) -> Vec<Atari> {
        self.groups_where(|g| self.pos.capture_point(g))
            .into_iter()
            .map(|(stones, at)| Atari {
                stones,
                capture_at: Point::from_v(at),
            })
            .collect()
    }
}

impl Game for ContinuousGame {
    type Move = Point;
    type Point = Point;

    fn to_move(&self) -> Color {
        self.to_move
    }

    fn check(&self, mv: &Point) -> Result<(), IllegalMove> {
        self.plan(V::from(*mv)).map(|_| ())
    }

    fn play(&mut self, mv: &Point) -> Result<Placed<Point>, IllegalMove> {
        let plan = self.plan(V::from(*mv))?;
        Ok(self.commit(plan))
    }

    fn pass(&mut self) -> Result<(), IllegalMove> {
        self.ending.may_pass()?;
        if self.handicap_left > 0 {
            return Err(IllegalMove::WrongPhase);
        }
        let play_stopped = self.ending.passed();
        self.to_move = self.to_move.other();
        if play_stopped {
            self.ending.start_marking();
        }
        Ok(())
    }

    fn end(&mut self, outcome: Outcome) -> Result<(), IllegalMove> {
        self.ending.end(outcome)
    }

    fn phase(&self) -> Phase {
        self.ending.phase()
    }

    fn score(&self) -> ByColor<f64> {
        self.score_of(self.pos.area)
    }

    fn position_hash(&self) -> u64 {
        match self.to_move {
            Color::Black => self.pos.hash,
            Color::White => self.pos.hash ^ WHITE_TO_MOVE,
        }
    }

    fn stones(&self) -> Vec<Stone<Point>> {
        let mut ids: Vec<(u64, Id)> = self.pos.iter().map(|(id, s)| (s.seq, id)).collect();
        ids.sort_unstable();
        ids.into_iter()
            .map(|(_, id)| self.public_stone(id))
            .collect()
    }

    fn candidate_moves(&self) -> Vec<Point> {
        if self.ending.phase() != Phase::Playing {
            return Vec::new();
        }
        self.candidate_points()
    }
}
