//! A checked game of Topological Go: turns, the two kinds of stone and their supplies, the
//! enclosure ban, passes, resignation and the count, with the accessors a renderer needs.

use super::enclosure;
use super::hash;
use super::point::Point;
use super::point_set::{PointSet, Step};
use super::rules::{CORNERS, TopoRules};
use super::tree::{self, Forest, Tree};
use crate::{ByColor, Color, Game, IllegalMove, Outcome, Phase, Placed, Stone, WinBy};

/// A move that places a stone: a normal stone continues a tree, a reserve stone starts one.
/// Passing and resigning go through [`Game::pass`] and [`Game::resign`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TopoMove {
    pub at: Point,
    /// A reserve stone (`"reserve": true` in records) rather than a normal one.
    pub reserve: bool,
}

impl TopoMove {
    /// A normal stone at `at`.
    pub const fn normal(at: Point) -> TopoMove {
        TopoMove { at, reserve: false }
    }

    /// A reserve stone at `at`.
    pub const fn reserve(at: Point) -> TopoMove {
        TopoMove { at, reserve: true }
    }
}

/// A game of Topological Go under a set of [`TopoRules`].
///
/// ```
/// use stonefield_rules::{Color, Game, IllegalMove};
/// use stonefield_rules::topological::{Point, TopoGame, TopoMove, TopoRules};
///
/// let mut game = TopoGame::new(TopoRules::default());
/// assert_eq!(game.to_move(), Color::White);
/// let p = |x, y| Point::new(x, y, 10).unwrap();
/// game.play(&TopoMove::normal(p(1, 0))).unwrap();
/// assert_eq!(game.play(&TopoMove::normal(p(5, 5))), Err(IllegalMove::NotConnected));
/// game.play(&TopoMove::reserve(p(5, 5))).unwrap();
/// assert_eq!(game.reserve_left(Color::Black), 4);
/// // White's tree of two against Black's longest of one, plus one.
/// assert_eq!((game.score().white, game.score().black), (2.0, 2.0));
/// ```
#[derive(Debug, Clone)]
pub struct TopoGame {
    rules: TopoRules,
    pub(super) stones: ByColor<PointSet>,
    /// Every point (empty or the other player's) in a region enclosed by that player.
    pub(super) enclosed: ByColor<PointSet>,
    pub(super) normal_left: ByColor<u32>,
    pub(super) reserve_left: ByColor<u32>,
    pub(super) to_move: Color,
    phase: Phase,
    passes: u8,
    /// Zobrist hash of the stones alone.
    pub(super) stone_hash: u64,
    forest: Forest,
}

impl TopoGame {
    /// The starting position: White on the top-left and bottom-right corners, Black on the
    /// other two, White to move.
    pub fn new(rules: TopoRules) -> TopoGame {
        let mut game = TopoGame::bare(rules, Color::White);
        let last = rules.side() - 1;
        let corners = [
            (0, 0, Color::White),
            (last, last, Color::White),
            (last, 0, Color::Black),
            (0, last, Color::Black),
        ];
        for (x, y, color) in corners {
            game.put(color, Point::from_indices(x, y));
        }
        for c in Color::ALL {
            game.normal_left[c] -= CORNERS;
        }
        game
    }

    /// No stones, full supplies: the base of [`TopoGame::new`] and of setups.
    pub(super) fn bare(rules: TopoRules, to_move: Color) -> TopoGame {
        TopoGame {
            rules,
            stones: ByColor::default(),
            enclosed: ByColor::default(),
            normal_left: ByColor::new_with(|_| rules.normal_stones()),
            reserve_left: ByColor::new_with(|_| rules.reserve_stones()),
            to_move,
            phase: Phase::Playing,
            passes: 0,
            stone_hash: 0,
            forest: Forest::new(),
        }
    }

    /// Stands a stone on an empty point, joins it to its tree and hashes it; supplies,
    /// enclosures and the turn are the caller's business.
    pub(super) fn put(&mut self, color: Color, p: Point) {
        self.stones[color].insert(p);
        self.forest.add(color, p, &self.stones[color]);
        self.stone_hash ^= hash::stone_key(color, p);
    }

    /// Recomputes both players' enclosed regions from scratch.
    pub(super) fn recompute_enclosures(&mut self) {
        let n = self.rules.side();
        self.enclosed = self.stones.map(|own| enclosure::enclosed_by(&own, n));
    }

    pub fn rules(&self) -> &TopoRules {
        &self.rules
    }

    /// The stone on `p`, if any (none off the board).
    pub fn stone_at(&self, p: Point) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.stones[c].contains(p))
    }

    /// Reserve stones `color` has still to place.
    pub fn reserve_left(&self, color: Color) -> u32 {
        self.reserve_left[color]
    }

    /// Normal stones `color` has still to place.
    pub fn normal_left(&self, color: Color) -> u32 {
        self.normal_left[color]
    }

    /// Every stone `color` has still to place, normal and reserve.
    pub fn stones_left(&self, color: Color) -> u32 {
        self.normal_left[color] + self.reserve_left[color]
    }

    /// Passes in a row just before now (two end the game).
    pub fn consecutive_passes(&self) -> u8 {
        self.passes
    }

    /// Every tree of `color`, longest first (equal lengths in the row-major order of their
    /// first stones).
    pub fn trees(&self, color: Color) -> Vec<Tree> {
        tree::trees(&self.stones[color], self.rules.side(), color)
    }

    /// The longest tree of `color` (the first listed by [`TopoGame::trees`]), if it has
    /// stones.
    pub fn longest_tree(&self, color: Color) -> Option<Tree> {
        self.trees(color).into_iter().next()
    }

    /// The length of the longest tree of `color`, 0 without stones: the count before
    /// Black's +1.
    pub fn longest_tree_length(&self, color: Color) -> u32 {
        self.forest.longest(color)
    }

    /// The points of the regions enclosed by `color`: empty points and the other player's
    /// stones, in row-major order.
    pub fn enclosed_by(&self, color: Color) -> Vec<Point> {
        self.enclosed[color].iter().collect()
    }

    /// The empty points closed to both players because they lie in an enclosed region, in
    /// row-major order.
    pub fn closed_points(&self) -> Vec<Point> {
        (self.closed() & !self.occupied()).iter().collect()
    }

    /// Whether `p` is an empty point in an enclosed region.
    pub fn is_closed(&self, p: Point) -> bool {
        self.stone_at(p).is_none() && self.closed().contains(p)
    }

    fn occupied(&self) -> PointSet {
        self.stones.black | self.stones.white
    }

    fn closed(&self) -> PointSet {
        self.enclosed.black | self.enclosed.white
    }

    /// The stones of `color`, as a set.
    pub fn stone_set(&self, color: Color) -> PointSet {
        self.stones[color]
    }

    /// The points where a stone may stand: empty and in no enclosed region.
    pub fn open_points(&self) -> PointSet {
        PointSet::full(self.rules.side()) & !(self.occupied() | self.closed())
    }

    /// The stones of a longest tree of `color` (when several are longest, any one of
    /// them), empty without stones: what the playouts of the computer player grow and block
    /// without listing every tree.
    pub fn longest_tree_set(&self, color: Color) -> PointSet {
        self.forest.longest_at(color).map_or(PointSet::EMPTY, |p| {
            PointSet::fill(
                PointSet::single(p),
                &self.stones[color],
                self.rules.side(),
                Step::Orthogonal,
            )
        })
    }

    /// The points where the player to move may place a normal stone and a reserve stone,
    /// as ([`TopoGame::legal_moves`] lists them) two sets; both empty once play has ended.
    pub fn targets(&self) -> (PointSet, PointSet) {
        if self.phase != Phase::Playing {
            return (PointSet::EMPTY, PointSet::EMPTY);
        }
        let n = self.rules.side();
        let c = self.to_move;
        let open = self.open_points();
        let near = self.stones[c].grow_orthogonal(n);
        let normal = if self.normal_left[c] > 0 {
            open & near
        } else {
            PointSet::EMPTY
        };
        let reserve = if self.reserve_left[c] > 0 {
            open & !near
        } else {
            PointSet::EMPTY
        };
        (normal, reserve)
    }

    /// Every move the player to move may make: normal stones, then reserve stones, each in
    /// row-major order. Empty once play has ended; passing is not listed.
    pub fn legal_moves(&self) -> Vec<TopoMove> {
        let (normal, reserve) = self.targets();
        let normal = normal.iter().map(TopoMove::normal);
        normal
            .chain(reserve.iter().map(TopoMove::reserve))
            .collect()
    }

    /// Whether the player to move has a move other than passing (without one, they must
    /// pass).
    pub fn has_legal_move(&self) -> bool {
        let (normal, reserve) = self.targets();
        !(normal.is_empty() && reserve.is_empty())
    }

    /// The result if play ended now: a player who has not placed every reserve stone loses
    /// (`B+F`/`W+F`); if both or neither have, the longer longest tree wins, Black with +1,
    /// and equal counts draw.
    pub fn count_outcome(&self) -> Outcome {
        match (self.reserve_left.black > 0, self.reserve_left.white > 0) {
            (true, false) => Outcome::Win {
                winner: Color::White,
                by: WinBy::Forfeit,
            },
            (false, true) => Outcome::Win {
                winner: Color::Black,
                by: WinBy::Forfeit,
            },
            _ => {
                let s = self.score();
                Outcome::from_scores(s.black, s.white)
            }
        }
    }

    /// Why `mv` by the player to move is illegal, if it is.
    fn judge(&self, mv: &TopoMove) -> Result<(), IllegalMove> {
        if self.phase != Phase::Playing {
            return Err(IllegalMove::GameOver);
        }
        let p = mv.at;
        if !p.is_on(self.rules.board_size()) {
            return Err(IllegalMove::Outside);
        }
        if self.occupied().contains(p) {
            return Err(IllegalMove::Occupied);
        }
        if self.closed().contains(p) {
            return Err(IllegalMove::Enclosed);
        }
        let c = self.to_move;
        let touches = self.stones[c]
            .grow_orthogonal(self.rules.side())
            .contains(p);
        let (left, wrong_contact) = if mv.reserve {
            (
                self.reserve_left[c],
                touches.then_some(IllegalMove::ReserveTouches),
            )
        } else {
            (
                self.normal_left[c],
                (!touches).then_some(IllegalMove::NotConnected),
            )
        };
        if left == 0 {
            return Err(IllegalMove::NoStonesLeft);
        }
        wrong_contact.map_or(Ok(()), Err)
    }

    /// Places `mv` for the player to move and passes the turn, with no check.
    ///
    /// # Panics
    /// May panic (on an exhausted supply) or leave the game inconsistent if `mv` is not
    /// legal; callers take `mv` from [`TopoGame::targets`] or have judged it.
    pub(super) fn place(&mut self, mv: TopoMove) {
        let c = self.to_move;
        let supply = if mv.reserve {
            &mut self.reserve_left[c]
        } else {
            &mut self.normal_left[c]
        };
        *supply -= 1;
        self.put(c, mv.at);
        let n = self.rules.side();
        enclosure::update(&mut self.enclosed[c], &self.stones[c], mv.at, n);
        self.passes = 0;
        self.to_move = c.other();
    }
}

impl Game for TopoGame {
    type Move = TopoMove;
    type Point = Point;

    fn to_move(&self) -> Color {
        self.to_move
    }

    fn check(&self, mv: &TopoMove) -> Result<(), IllegalMove> {
        self.judge(mv)
    }

    /// Places the stone; nothing is ever captured.
    fn play(&mut self, mv: &TopoMove) -> Result<Placed<Point>, IllegalMove> {
        self.judge(mv)?;
        self.place(*mv);
        Ok(Placed {
            captured: Vec::new(),
        })
    }

    fn pass(&mut self) -> Result<(), IllegalMove> {
        if self.phase != Phase::Playing {
            return Err(IllegalMove::GameOver);
        }
        self.passes += 1;
        self.to_move = self.to_move.other();
        if self.passes >= 2 {
            self.phase = Phase::Finished(self.count_outcome());
        }
        Ok(())
    }

    fn end(&mut self, outcome: Outcome) -> Result<(), IllegalMove> {
        crate::game::finish(&mut self.phase, outcome)
    }

    fn phase(&self) -> Phase {
        self.phase
    }

    /// Each player's longest tree, plus 1 for Black.
    fn score(&self) -> ByColor<f64> {
        let black = self.longest_tree_length(Color::Black) + 1;
        let white = self.longest_tree_length(Color::White);
        ByColor {
            black: f64::from(black),
            white: f64::from(white),
        }
    }

    fn count_now(&self) -> Outcome {
        self.count_outcome()
    }

    /// Stones, the player to move and the reserve stones each player holds.
    fn position_hash(&self) -> u64 {
        let turn = match self.to_move {
            Color::Black => 0,
            Color::White => hash::WHITE_TO_MOVE,
        };
        let reserve = hash::reserve_key(self.reserve_left.black, self.reserve_left.white);
        self.stone_hash ^ turn ^ reserve
    }

    /// Every stone, in row-major order.
    fn stones(&self) -> Vec<Stone<Point>> {
        let mut out: Vec<Stone<Point>> = Color::ALL
            .into_iter()
            .flat_map(|color| self.stones[color].iter().map(move |at| Stone { at, color }))
            .collect();
        out.sort_by_key(|s| s.at);
        out
    }

    /// Every legal placement, as [`TopoGame::legal_moves`].
    fn candidate_moves(&self) -> Vec<TopoMove> {
        self.legal_moves()
    }
}
