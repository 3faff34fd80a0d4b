//! Helpers of the playouts' hot loops, shared with the ladder reader: the chains that
//! touch a chain, and whether a short list of cells holds one.

use stonefield_rules::Color;
use stonefield_rules::classic::Board;

/// One stone of each chain of `color` that touches the chain through the stone at
/// `chain` (none of a colour that touches nothing but itself), in the order a walk of that
/// chain meets them. The chains are told apart for the first fifteen; a chain met after
/// those may come again (harmless to the callers, which only collect or test).
#[inline]
pub(super) fn touching_chains(
    board: &Board,
    chain: u16,
    color: Color,
) -> impl Iterator<Item = u16> + '_ {
    // The chain itself counts as seen: a query of its own colour finds only others.
    let mut seen = [u16::MAX; 16];
    seen[0] = board.chain_id(chain);
    let mut n_seen = 1;
    board
        .chain_cells(chain)
        .flat_map(|s| board.cell_neighbours(s))
        .filter(move |&q| {
            if board.stone_at(q) != Some(color) {
                return false;
            }
            let id = board.chain_id(q);
            if holds(&seen[..n_seen], id) {
                return false;
            }
            if n_seen < seen.len() {
                seen[n_seen] = id;
                n_seen += 1;
            }
            true
        })
}

/// Whether `cells` holds `cell`. A loop the compiler inlines: `contains` on a slice of
/// `u16` is a call to a routine made for long slices, and the playouts' short lists paid a
/// twentieth of their time for it.
#[inline]
#[allow(
    clippy::manual_contains,
    reason = "contains is the slower call this avoids"
)]
pub(super) fn holds(cells: &[u16], cell: u16) -> bool {
    cells.iter().any(|&c| c == cell)
}
