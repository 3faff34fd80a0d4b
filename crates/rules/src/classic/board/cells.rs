//! What a cell of the board holds, as codes the board's arrays store: empty, a stone of
//! either colour, or off the board; and the other constants every part of the board reads.

use crate::Color;

/// A padded cell index.
pub(crate) type Idx = u16;

pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
pub(crate) const OFF: u8 = 3;

/// Never an on-board index (it is a corner of the padding), so it stands for "no ko".
pub(crate) const NO_KO: Idx = 0;

/// Neighbour counts packed in one u16, four bits per cell kind (empty, black, white, off).
pub(crate) const fn nbr_unit(cell: u8) -> u16 {
    1 << (4 * cell)
}

/// The bits of the packed neighbour counts that count stones of either colour.
pub(crate) const STONE_NBRS: u16 = 0xff << 4;

pub(crate) const fn stone(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}
