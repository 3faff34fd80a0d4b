//! A game rebuilt from its stored events: the position (the events that stand, played in
//! order) and what is pending (an undo request, acceptances of the count).

use stonefield_rules::Color;

use crate::game::live_game::{GameError, LiveGame};
use crate::store::{Event, EventKind, GameRow, effective};

/// Rebuilds a game from its stored events (a whole log, or the events that stand).
///
/// # Errors
/// Rules that cannot make a game, or an event that cannot be read or played.
pub fn replay(row: &GameRow, events: &[Event]) -> Result<LiveGame, GameError> {
    let mut game = LiveGame::open(&row.variant, &row.rules, row.setup.as_ref())?;
    for e in &effective(events) {
        match e.kind {
            EventKind::Move => {
                let mv = game.read_move(&e.body)?;
                game.apply(&mv);
            }
            EventKind::Mark => {
                let at = e
                    .marked_point()
                    .ok_or_else(|| GameError::Malformed(format!("stored mark {}", e.body)))?;
                game.toggle_dead(&at)?;
            }
            EventKind::Resume => game.resume_play()?,
            // The room's bookkeeping: the position does not change.
            EventKind::Accept
            | EventKind::UndoRequest
            | EventKind::UndoDecline
            | EventKind::Undo
            | EventKind::Timeout => {}
        }
    }
    Ok(game)
}

/// The undo request pending and the counts accepted at the end of the events that stand.
pub(crate) fn pending(events: &[Event]) -> (Option<Color>, [bool; 2]) {
    let (mut undo_by, mut accepted) = (None, [false; 2]);
    for e in events {
        match e.kind {
            EventKind::Move => (undo_by, accepted) = (None, [false; 2]),
            EventKind::Mark | EventKind::Resume => accepted = [false; 2],
            EventKind::Accept => {
                if let Some(c) = e.color() {
                    accepted[c.index()] = true;
                }
            }
            EventKind::UndoRequest => undo_by = e.color(),
            EventKind::UndoDecline => undo_by = None,
            EventKind::Undo | EventKind::Timeout => {}
        }
    }
    (undo_by, accepted)
}
