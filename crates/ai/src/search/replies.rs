//! Last good replies with forgetting (Baier and Drake's LGRF-1): for each player and each
//! move of the opponent's, the reply that won the last playout it was played in, and
//! forgotten when it loses one. A policy's playout may try the reply to the last move
//! before its own choice; the table learns from every iteration of the worker it lives in.

use stonefield_rules::Color;

/// Slots in the table: direct-mapped by a hash of (player, move), a collision replaces.
const SLOTS: usize = 1 << 13;

/// An empty slot's key.
const EMPTY: u64 = u64::MAX;

#[derive(Debug, Default, Clone)]
pub struct Replies {
    /// (the opponent's move key with the player in its top bit, the reply's key).
    slots: Vec<(u64, u64)>,
}

impl Replies {
    /// The reply of `color` to the opponent's move keyed `previous`, if one is known.
    pub fn reply(&self, color: Color, previous: u64) -> Option<u64> {
        let tag = tag(color, previous)?;
        let &(stored, reply) = self.slots.get(slot(tag))?;
        (stored == tag).then_some(reply)
    }

    /// Learns from one iteration's moves in order (`None` where a move has no key, a pass
    /// or a move RAVE leaves out, which breaks the chain of replies): each reply of the
    /// winner to the move before it is kept, each reply of the loser that is stored is
    /// forgotten. A drawn iteration teaches nothing.
    pub fn learn(
        &mut self,
        moves: impl IntoIterator<Item = Option<(Color, u64)>>,
        black_value: f64,
    ) {
        let winner = if black_value > 0.5 {
            Color::Black
        } else if black_value < 0.5 {
            Color::White
        } else {
            return;
        };
        if self.slots.is_empty() {
            self.slots = vec![(EMPTY, EMPTY); SLOTS];
        }
        let mut previous: Option<(Color, u64)> = None;
        for mv in moves {
            if let (Some((c0, k0)), Some((c1, k1))) = (previous, mv)
                && c1 == c0.other()
                && let Some(tag) = tag(c1, k0)
            {
                let entry = &mut self.slots[slot(tag)];
                if c1 == winner {
                    *entry = (tag, k1);
                } else if *entry == (tag, k1) {
                    *entry = (EMPTY, EMPTY);
                }
            }
            previous = mv;
        }
    }
}

/// The stored key of (player, move): the move's key with the player in the top bit; `None`
/// for keys that use that bit.
fn tag(color: Color, key: u64) -> Option<u64> {
    (key < 1 << 63).then(|| key | (color.index() as u64) << 63)
}

fn slot(tag: u64) -> usize {
    (tag.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: Color = Color::Black;
    const W: Color = Color::White;

    #[test]
    fn the_winner_s_replies_are_kept_and_the_loser_s_forgotten() {
        let mut replies = Replies::default();
        assert_eq!(replies.reply(W, 1), None);
        // Black wins: Black's 3 after White's 2 is kept; White's 2 after 1 is not.
        replies.learn([Some((B, 1)), Some((W, 2)), Some((B, 3))], 1.0);
        assert_eq!(replies.reply(B, 2), Some(3));
        assert_eq!(replies.reply(W, 1), None);
        // White wins with the same moves: White's 2 after 1 is learnt, Black's 3 after 2
        // forgotten.
        replies.learn([Some((B, 1)), Some((W, 2)), Some((B, 3))], 0.0);
        assert_eq!(replies.reply(W, 1), Some(2));
        assert_eq!(replies.reply(B, 2), None);
        // A loss by a different reply leaves the stored one alone.
        replies.learn([Some((B, 1)), Some((W, 5))], 1.0);
        assert_eq!(replies.reply(W, 1), Some(2));
    }

    #[test]
    fn a_pass_or_a_draw_teaches_nothing() {
        let mut replies = Replies::default();
        // A pass between two moves of the same player: no reply pair.
        replies.learn([Some((B, 1)), None, Some((B, 3))], 1.0);
        replies.learn([Some((B, 1)), Some((B, 3))], 1.0);
        assert_eq!(replies.reply(B, 1), None);
        replies.learn([Some((B, 1)), Some((W, 2))], 0.5);
        assert_eq!(replies.reply(W, 1), None);
        // The colours are told apart: a reply of Black to 7 is not White's.
        replies.learn([Some((W, 7)), Some((B, 8))], 1.0);
        assert_eq!(replies.reply(B, 7), Some(8));
        assert_eq!(replies.reply(W, 7), None);
    }
}
