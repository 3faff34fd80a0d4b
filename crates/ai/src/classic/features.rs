//! Move features of classic Go in the manner of Coulom's "Computing Elo Ratings of Move
//! Patterns" (2007): a candidate move has at most one feature (a level above 0) in each
//! [`Group`], and its strength is the product of its features' learnt gammas
//! ([`Gammas`](super::gammas::Gammas)). The `mm` module learns the gammas from game
//! records; the tree's priors turn strengths into a share of the position's total.

use stonefield_rules::classic::{Board, ClassicGame, Point};
use stonefield_rules::{Color, Game};

use super::ladder::{LadderMoves, ladder_moves};
use super::patterns::{OFFSETS, position};
use super::spatial::{self, KeyMap, SpatialKeys};

/// The groups of features, in the order of a move's [`Features`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// The 3x3 neighbourhood, colours seen from the mover, with the ataris of the four
    /// orthogonal neighbours' chains ([`shape_key`]); matched in any of its eight symmetries.
    Shape,
    /// 1 one stone, 2 more, 3 the chain of the last move, 4 a chain whose capture saves an
    /// own chain in atari.
    Capture,
    /// Extending an own chain in atari to 1 three liberties or more, 2 two, 3 one.
    Escape,
    /// A self-atari that captures nothing: 1 of a lone stone, 2 of a chain.
    SelfAtari,
    /// An atari: 1 on a lone stone, 2 on a chain.
    Atari,
    /// Near the last move: 1 an atari caught by ladder or a run the ladder does not catch,
    /// 2 a run into a ladder that works.
    Ladder,
    /// The distance `dx + dy + max(dx, dy)` to the last move, 2 to 16 as levels 1 to 15,
    /// farther 16.
    LastDistance,
    /// The same to the move before it (the mover's own last move).
    PreviousDistance,
    /// The line (1 on the edge) up to 5, plus 5 when no stone is within three points.
    Line,
    /// Capturing races: 1 an own chain of two liberties gains a third or more; 2 an
    /// opponent's chain of three liberties is cut to two while it touches an own chain of
    /// three or fewer; 3 the same without such a neighbour.
    Race,
    /// The largest pattern around the move that the gammas' dictionary holds
    /// ([`super::spatial`]): its place there, from 1.
    Spatial,
}

/// The [`Group::Line`] level of a move on `line` (1 on the edge), with or without a stone
/// within three points.
pub const fn line_level(line: u32, empty_area: bool) -> u32 {
    let line = if line < 5 { line } else { 5 };
    line + if empty_area { 5 } else { 0 }
}

/// How many groups a move's features have.
pub const GROUPS: usize = 11;

/// Every group, in order.
pub const ALL_GROUPS: [Group; GROUPS] = [
    Group::Shape,
    Group::Capture,
    Group::Escape,
    Group::SelfAtari,
    Group::Atari,
    Group::Ladder,
    Group::LastDistance,
    Group::PreviousDistance,
    Group::Line,
    Group::Race,
    Group::Spatial,
];

impl Group {
    /// The group's place in a move's [`Features`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name in a gammas file.
    pub fn name(self) -> &'static str {
        match self {
            Group::Shape => "shape",
            Group::Capture => "capture",
            Group::Escape => "escape",
            Group::SelfAtari => "self-atari",
            Group::Atari => "atari",
            Group::Ladder => "ladder",
            Group::LastDistance => "last-distance",
            Group::PreviousDistance => "previous-distance",
            Group::Line => "line",
            Group::Race => "race",
            Group::Spatial => "spatial",
        }
    }

    /// The highest level of a group whose levels are fixed, and of [`Group::Shape`] (a
    /// shape key); [`Group::Spatial`]'s levels come with the gammas' dictionary, so 0.
    pub fn max_level(self) -> u32 {
        match self {
            Group::Shape => SHAPE_KEYS - 1,
            Group::Spatial => 0,
            Group::Capture => 4,
            Group::Race => 3,
            Group::Escape => 3,
            Group::SelfAtari | Group::Atari | Group::Ladder => 2,
            Group::LastDistance | Group::PreviousDistance => 16,
            Group::Line => 10,
        }
    }
}

/// A move's level in each group (0: no feature of the group), by [`ALL_GROUPS`] order; the
/// shape's level is its [`shape_key`].
pub type Features = [u32; GROUPS];

/// Shape keys: 16 bits of neighbour colours and 4 atari bits.
pub const SHAPE_KEYS: u32 = 1 << 20;

/// What the features of every move of one position share: the mover, the last two moves,
/// and the ladders around the last move.
#[derive(Debug)]
pub struct Position<'a> {
    board: &'a Board,
    me: Color,
    last: Option<u16>,
    previous: Option<u16>,
    ladders: LadderMoves,
    /// The spatial patterns with a level, by key; without them every move's level is 0.
    dictionary: Option<&'a KeyMap<u32>>,
}

impl<'a> Position<'a> {
    /// The position of `game` for the player to move.
    pub fn of(game: &'a ClassicGame) -> Position<'a> {
        let board = game.board();
        let cell = |p: Option<Point>| p.and_then(|p| board.cell(p));
        Position::new(
            board,
            game.to_move(),
            cell(game.last_move()),
            cell(game.previous_move()),
        )
    }

    /// `board` with `me` to move after moves at the cells `last` and `previous`.
    pub fn new(
        board: &'a Board,
        me: Color,
        last: Option<u16>,
        previous: Option<u16>,
    ) -> Position<'a> {
        let ladders = match last {
            Some(l) => {
                let area: Vec<u16> = [l]
                    .into_iter()
                    .chain(board.cell_neighbours(l))
                    .chain(board.cell_diagonals(l))
                    .collect();
                ladder_moves(board, &area, me)
            }
            None => LadderMoves::default(),
        };
        Position {
            board,
            me,
            last,
            previous,
            ladders,
            dictionary: None,
        }
    }

    /// The same position, with the spatial patterns of `dictionary` as features.
    pub fn with_dictionary(self, dictionary: &'a KeyMap<u32>) -> Position<'a> {
        Position {
            dictionary: Some(dictionary),
            ..self
        }
    }

    /// The spatial pattern keys of the mover's move at the empty cell `i`.
    pub fn spatial_keys(&self, i: u16) -> SpatialKeys {
        spatial::keys(self.board, i, self.me)
    }

    /// The ladders decided around the last move.
    pub(crate) fn ladders(&self) -> &LadderMoves {
        &self.ladders
    }

    /// Whether the mover may play at the empty cell `i` by the board alone: not the ko
    /// point, not suicide.
    pub fn allows(&self, i: u16) -> bool {
        self.board.is_empty_cell(i)
            && self.board.ko_cell() != Some(i)
            && !self.board.liberties_after(i, self.me, 1).is_empty()
    }

    /// The features of the mover's move at the empty cell `i`.
    pub fn features(&self, i: u16) -> Features {
        let b = self.board;
        let line = line_of(b, i);
        let empty_area = no_stone_near(b, i, 3);
        [
            shape_key(b, i, self.me),
            self.capture(i),
            self.escape(i),
            self.self_atari(i),
            self.atari(i),
            if self.ladders.good.contains(&i) {
                1
            } else {
                2 * u32::from(self.ladders.bad.contains(&i))
            },
            distance_level(b, self.last, i),
            distance_level(b, self.previous, i),
            line_level(line, empty_area),
            self.race(i),
            self.dictionary
                .map_or(0, |d| spatial::largest_level(b, i, self.me, d)),
        ]
    }

    fn capture(&self, i: u16) -> u32 {
        let b = self.board;
        let them = self.me.other();
        let mut level = 0;
        for q in b.cell_neighbours(i) {
            if b.stone_at(q) != Some(them) || b.atari_liberty(q) != Some(i) {
                continue;
            }
            let saves = b.chain_cells(q).any(|s| {
                b.cell_neighbours(s)
                    .into_iter()
                    .any(|n| b.stone_at(n) == Some(self.me) && b.atari_liberty(n).is_some())
            });
            let of_last = self
                .last
                .is_some_and(|l| b.stone_at(l) == Some(them) && b.chain_id(l) == b.chain_id(q));
            let here = if saves {
                4
            } else if of_last {
                3
            } else if b.chain_size(q) > 1 {
                2
            } else {
                1
            };
            level = level.max(here);
        }
        level
    }

    fn escape(&self, i: u16) -> u32 {
        let b = self.board;
        let in_atari = b
            .cell_neighbours(i)
            .into_iter()
            .any(|q| b.stone_at(q) == Some(self.me) && b.atari_liberty(q) == Some(i));
        if !in_atari {
            return 0;
        }
        match b.liberties_after(i, self.me, 3).len() {
            0 | 1 => 3,
            2 => 2,
            _ => 1,
        }
    }

    fn self_atari(&self, i: u16) -> u32 {
        let b = self.board;
        if b.captures_by(i, self.me) > 0 || !b.is_self_atari(i, self.me) {
            return 0;
        }
        let joins = b
            .cell_neighbours(i)
            .into_iter()
            .any(|q| b.stone_at(q) == Some(self.me));
        if joins { 2 } else { 1 }
    }

    fn race(&self, i: u16) -> u32 {
        let b = self.board;
        // The lowest level that applies: the most specific.
        let mut level = u32::MAX;
        for q in b.cell_neighbours(i) {
            let Some(color) = b.stone_at(q) else {
                continue;
            };
            let here = if color == self.me {
                let gains = b.chain_liberties(q, 3).len() == 2
                    && b.liberties_after(i, self.me, 3).len() >= 3;
                if gains { 1 } else { u32::MAX }
            } else if b.chain_liberties(q, 4).len() == 3 {
                if self.touches_short_own_chain(q) {
                    2
                } else {
                    3
                }
            } else {
                u32::MAX
            };
            level = level.min(here);
        }
        if level == u32::MAX { 0 } else { level }
    }

    /// Whether the opponent's chain at `q` touches an own chain of three liberties or fewer.
    fn touches_short_own_chain(&self, q: u16) -> bool {
        let b = self.board;
        b.chain_cells(q).any(|s| {
            b.cell_neighbours(s)
                .into_iter()
                .any(|n| b.stone_at(n) == Some(self.me) && b.chain_liberties(n, 4).len() <= 3)
        })
    }

    fn atari(&self, i: u16) -> u32 {
        let b = self.board;
        let mut level = 0;
        for q in b.cell_neighbours(i) {
            if b.stone_at(q) != Some(self.me.other()) {
                continue;
            }
            let libs = b.chain_liberties(q, 3);
            if libs.len() == 2 && libs.as_slice().contains(&i) {
                level = level.max(if b.chain_size(q) > 1 { 2 } else { 1 });
            }
        }
        level
    }
}

/// The line of cell `i` (1 on the edge).
fn line_of(board: &Board, i: u16) -> u32 {
    let p = board.cell_point(i);
    let n = board.size() - 1;
    1 + u32::from(p.x().min(p.y()).min(n - p.x()).min(n - p.y()))
}

/// Whether no stone lies within Manhattan distance `r` of cell `i`.
fn no_stone_near(board: &Board, i: u16, r: i32) -> bool {
    let p = board.cell_point(i);
    for dy in -r..=r {
        for dx in -(r - dy.abs())..=(r - dy.abs()) {
            let (x, y) = (i32::from(p.x()) + dx, i32::from(p.y()) + dy);
            if x < 0 || y < 0 {
                continue;
            }
            if let Some(q) = Point::new(x as u32, y as u32, board.size())
                && board.get(q).is_some()
            {
                return false;
            }
        }
    }
    true
}

/// The level of the distance from `from` to `i`: 0 without `from`.
fn distance_level(board: &Board, from: Option<u16>, i: u16) -> u32 {
    let Some(f) = from else {
        return 0;
    };
    let s = board.stride();
    let dx = u32::from((f % s).abs_diff(i % s));
    let dy = u32::from((f / s).abs_diff(i / s));
    let d = dx + dy + dx.max(dy);
    d.clamp(2, 17) - 1
}

/// The 3x3 neighbourhood code of cell `i` ([`Board::neighbourhood3`]) with the colours
/// seen from `me` (1 own, 2 the opponent's), and in bits 16 to 19 whether the chain above,
/// left, right and below is in atari.
pub fn shape_key(board: &Board, i: u16, me: Color) -> u32 {
    let code = board.neighbourhood3(i);
    let code = match me {
        Color::Black => code,
        // Swapping the two bits of every neighbour swaps black (01) and white (10).
        Color::White => ((code & 0x5555) << 1) | ((code >> 1) & 0x5555),
    };
    let mut atari = 0;
    for (bit, q) in board.cell_neighbours(i).into_iter().enumerate() {
        if board.stone_at(q).is_some() && board.atari_liberty(q).is_some() {
            atari |= 1 << bit;
        }
    }
    u32::from(code) | atari << 16
}

/// The neighbours (up, left, right, down) whose atari bits are 16 to 19, as key positions.
const ORTHOGONAL: [usize; 4] = [1, 3, 4, 6];

/// The smallest key among the eight rotations and reflections of shape `key`: one key for
/// a shape however it lies on the board.
pub fn canonical_shape(key: u32) -> u32 {
    canonical_with(&symmetries(), key)
}

/// For each of the eight symmetries, where each key position goes.
pub(crate) type Symmetries = [[usize; 8]; 8];

pub(crate) fn symmetries() -> Symmetries {
    std::array::from_fn(|t| {
        std::array::from_fn(|k| {
            let (dx, dy) = OFFSETS[k];
            position(spatial::symmetric((dx.into(), dy.into()), t))
        })
    })
}

pub(crate) fn canonical_with(symmetries: &Symmetries, key: u32) -> u32 {
    symmetries
        .iter()
        .map(|to| transform(key, to))
        .min()
        .unwrap_or(key)
}

fn transform(key: u32, to: &[usize; 8]) -> u32 {
    let mut out = 0;
    for (k, &t) in to.iter().enumerate() {
        out |= ((key >> (2 * k)) & 3) << (2 * t);
    }
    for (bit, &k) in ORTHOGONAL.iter().enumerate() {
        if (key >> (16 + bit)) & 1 != 0 {
            let to_bit = ORTHOGONAL
                .iter()
                .position(|&o| o == to[k])
                .expect("an orthogonal neighbour maps to one");
            out |= 1 << (16 + to_bit);
        }
    }
    out
}

#[cfg(test)]
mod tests;
