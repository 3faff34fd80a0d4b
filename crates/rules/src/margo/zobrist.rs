//! The Zobrist key tables of MarGo: one key per colour and point, from the shared
//! generator ([`crate::hash_keys`]).

use super::bits::MAX_POINTS;
use crate::hash_keys::{keys, splitmix};

/// One key per (colour index, point index).
pub(crate) static BALL_KEYS: [[u64; MAX_POINTS]; 2] =
    [keys(0x4d61_7247_6f42), keys(0x4d61_7247_6f57)];

/// Mixed in when White is to move (situational superko).
pub(crate) const WHITE_TO_MOVE: u64 = splitmix(0x4d61_7247_6f74_6f6d);
