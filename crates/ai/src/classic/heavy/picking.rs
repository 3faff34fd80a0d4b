//! How a heavy playout draws its move among candidates: at random among those the light
//! playout allows, with or without self-ataris, or by the weight of a pattern's shape.

use stonefield_rules::Color;
use stonefield_rules::classic::Board;

use super::super::patterns::PatternTable;
use super::super::tactics::{
    eye_fill_alternative, is_nakade_fill, runs_into_ladder, self_atari_alternative,
};
use super::config::HeavyConfig;

/// A pattern move among the empty cells of `area`, drawn by the weight of its shape
/// ([`PatternTable::weight`]), among those the light playout accepts that are no
/// self-atari and no run into a working ladder (Pachi's Moggy's choice).
pub(super) fn pick_weighted_pattern(
    board: &Board,
    me: Color,
    area: &[u16],
    table: &PatternTable,
    rng: &mut fastrand::Rng,
) -> Option<u16> {
    let mut found = [(0u16, 0u32); 18];
    let (mut n, mut total) = (0, 0);
    for &q in area {
        if !board.is_empty_cell(q) {
            continue;
        }
        let weight = u32::from(table.weight(board.neighbourhood3(q)));
        if weight > 0
            && board.playout_allows(q, me)
            && !board.is_self_atari(q, me)
            && !runs_into_ladder(board, q, me)
        {
            found[n] = (q, weight);
            n += 1;
            total += weight;
        }
    }
    let mut stab = rng.u32(..total.max(1));
    for &(q, weight) in &found[..n] {
        if stab < weight {
            return Some(q);
        }
        stab -= weight;
    }
    None
}

/// A random acceptable move among `cands` (removed from it as they are tried): empty, the
/// light playout's rule, and with `avoid_self_atari` not a self-atari.
// Inlinable across modules as it was when its callers shared its module (hot path).
#[inline]
pub(super) fn pick(
    board: &Board,
    me: Color,
    cands: &mut Vec<u16>,
    rng: &mut fastrand::Rng,
    avoid_self_atari: bool,
) -> Option<u16> {
    while !cands.is_empty() {
        let k = rng.usize(..cands.len());
        let i = cands.swap_remove(k);
        if board.is_empty_cell(i)
            && board.playout_allows(i, me)
            && !(avoid_self_atari && board.is_self_atari(i, me))
        {
            return Some(i);
        }
    }
    None
}

/// A uniformly random move among the points the light playout accepts that are no
/// self-atari (a lone stone's self-atari is let through at random). When only
/// self-ataris are left, one of them at random, as the light playout would: passing
/// instead would end playouts with dead chains standing whose owner cannot fill its
/// own liberties without self-atari, and count them as alive. With
/// [`HeavyConfig::eye_fill_redirect`], a move that fills an own eye-like point may give
/// way to the capture or atari of a stone diagonal to it (`eye_fill_alternative`).
// Inlinable into the playout loop in its parent module, as when they shared it (hot path).
#[inline]
pub(super) fn random_move(
    board: &mut Board,
    me: Color,
    config: &HeavyConfig,
    rng: &mut fastrand::Rng,
    rejected: &mut Vec<u16>,
) -> Option<u16> {
    rejected.clear();
    let mut left = board.empty_cells().len();
    while left > 0 {
        let k = rng.usize(..left);
        let i = board.empty_cells()[k];
        if board.playout_allows(i, me) {
            if !(board.is_self_atari(i, me) && rejects(board, i, me, config, rng)) {
                if config.eye_fill_redirect > 0.0
                    && rng.f32() < config.eye_fill_redirect
                    && let Some(j) = eye_fill_alternative(board, i, me)
                {
                    board.place(j, me);
                    return Some(j);
                }
                board.place_slot(k, me);
                return Some(i);
            }
            if config.self_atari_other > 0.0
                && rng.f32() < config.self_atari_other
                && let Some(j) = self_atari_alternative(board, i, me, rng)
            {
                board.place(j, me);
                return Some(j);
            }
            rejected.push(i);
        }
        left -= 1;
        board.swap_empty_slots(k, left);
    }
    if rejected.is_empty() {
        return None;
    }
    let i = rejected[rng.usize(..rejected.len())];
    board.place(i, me);
    Some(i)
}

/// Whether to reject the self-atari of `me` at `i`: always when it joins an own chain,
/// else by chance.
#[inline]
fn rejects(
    board: &Board,
    i: u16,
    me: Color,
    config: &HeavyConfig,
    rng: &mut fastrand::Rng,
) -> bool {
    let joins = board
        .cell_neighbours(i)
        .iter()
        .any(|&q| board.stone_at(q) == Some(me));
    if joins && config.nakade_fill > 0.0 && is_nakade_fill(board, i, me) {
        return rng.f32() >= config.nakade_fill;
    }
    joins || rng.f32() < config.reject_lone_self_atari
}
