//! The settings of the heavy playouts: the chance of each kind of move, and the priors
//! the tree search gets with them.

/// The chances with which a heavy playout tries each kind of move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeavyConfig {
    /// Looking for captures and escapes around the last move.
    pub capture: f32,
    /// Playing the last good reply to the last move ([`crate::search::Replies`]), once no
    /// capture or escape was found, if it is legal and no self-atari.
    pub replies: f32,
    /// Looking for a move on a chain with two liberties beside the last move, once no
    /// capture or escape was found: an atari the chain cannot run from, or gaining an
    /// own chain liberties.
    pub two_liberties: f32,
    /// Looking, after the opponent's move reduced an own chain beside it to three or four
    /// liberties, for an atari on a chain of theirs with two touching it
    /// (`race_ataris`), as Pachi's Moggy does (its `nlibrate`).
    pub race_ataris: f32,
    /// Looking for a move that keeps an own eye from being made false beside the last
    /// move (`eye_fixes`), as Pachi's Moggy does (its `eyefixrate`).
    pub eye_fix: f32,
    /// Playing, in place of a random move that fills an own eye-like point, the capture or
    /// atari of a stone of the opponent's on its diagonal (`eye_fill_alternative`), as
    /// Pachi's Moggy does (its `eyefillrate`).
    pub eye_fill_redirect: f32,
    /// Looking for the vital point of an eye space of three to five points beside the
    /// last move (the straight and bent three, the pyramid four, the bulky and crossed
    /// fives).
    pub nakade: f32,
    /// Reading the ladder of an own chain in atari whose run gives two liberties, and
    /// running when the ladder fails (as Pachi's Moggy does); else only a run to three
    /// liberties counts as an escape.
    pub read_ladders: f32,
    /// Retaking a ko the opponent left for a threat within the last three moves (`KO_AGE`), as
    /// Pachi's Moggy does, once no capture or escape was found.
    pub ko_retake: f32,
    /// Avoiding snapbacks when capturing, and not saving a lone stone whose escape fills
    /// an own eye (a lost ko), as Pachi's Moggy does.
    pub careful_captures: f32,
    /// Playing, in place of a random self-atari rejected, the approach move beside it
    /// (`self_atari_alternative`), as Pachi's Moggy does.
    pub self_atari_other: f32,
    /// Letting a random self-atari of a small chain through when it fills an eye space
    /// from the inside (`is_nakade_fill`), as Pachi's Moggy does; otherwise a self-atari
    /// that joins an own chain is always rejected.
    pub nakade_fill: f32,
    /// Of the pattern moves, drawing one by the weight of its shape and leaving out runs
    /// into ladders (`pick_weighted_pattern`), as Pachi's Moggy does; else one at random.
    pub weighted_patterns: f32,
    /// Looking for a pattern move among the last move's eight neighbours.
    pub pattern: f32,
    /// Rejecting a random move that puts a single stone in atari (one that puts a chain
    /// of two or more in atari is always rejected while other moves remain).
    pub reject_lone_self_atari: f32,
    /// Whether the tree gets priors (the `priors` module) for new moves.
    pub priors: bool,
    /// The prior wins of a move that holds all of the position's strength under the
    /// learnt move features (a share `s` earns this times `sqrt(s)`); Pachi gives its
    /// pattern prior 210 on 9x9 and notes that more playouts want less. At 25,000
    /// playouts a move against Pachi, 150 won 0/10 and 600 won 0/7 (the default 5/20).
    pub pattern_prior: f32,
    /// The share of a playout's value that is its score (Black's margin over the number of
    /// points, mapped to 0..1) rather than win or loss: a little of it makes the search
    /// prefer the larger margin among moves that win alike, as Pachi does.
    pub score_weight: f32,
}

impl Default for HeavyConfig {
    fn default() -> Self {
        HeavyConfig {
            capture: 0.9,
            replies: 0.0,
            two_liberties: 0.0,
            nakade: 0.0,
            race_ataris: 0.0,
            eye_fix: 0.0,
            eye_fill_redirect: 0.0,
            read_ladders: 0.0,
            ko_retake: 0.0,
            careful_captures: 0.0,
            self_atari_other: 0.0,
            nakade_fill: 0.0,
            weighted_patterns: 0.0,
            pattern: 0.95,
            reject_lone_self_atari: 0.5,
            priors: true,
            pattern_prior: crate::classic::priors::PATTERN_WINS,
            score_weight: 0.0,
        }
    }
}
