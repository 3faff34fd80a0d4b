//! The rematch of a finished game: a player offers, the opponent accepts or declines;
//! against the computer it starts at once. The new game has the old one's settings with
//! the colours swapped, and its seats are held by the same seat tokens (each player's
//! token holds the other colour there), so each browser moves to it with the token it
//! has. The store creates it once, however many rooms accept at the same time.

use serde_json::{Value, json};
use stonefield_rules::{ByColor, Color};

use super::Room;
use crate::game::clock::Clock;
use crate::game::computer::ComputerSeat;
use crate::ids;
use crate::socket::protocol::ServerMessage;
use crate::store::{GameRow, Rematch, now_ms};

/// The rematch of `old`, to be stored as game `id`: the same settings (every column but
/// those of a game's course; new settings columns, such as a rated flag, follow by
/// themselves), each colour's seat (token, name, computer) swapped, live at once (both
/// seats are taken). A new column held per colour (an account) is swapped here too.
pub(crate) fn rematch_row(old: &GameRow, id: String) -> GameRow {
    let swap = |b: &ByColor<Option<String>>| ByColor {
        black: b.white.clone(),
        white: b.black.clone(),
    };
    let creator = old
        .creator
        .parse::<Color>()
        .map_or(Color::White, Color::other);
    GameRow {
        id,
        black_token: old.white_token.clone(),
        white_token: old.black_token.clone(),
        creator: creator.name().into(),
        claimed: true,
        status: "live".into(),
        result: None,
        clock: Some(Clock::new(old.time_control)),
        created_ms: now_ms(),
        computer: old
            .computer
            .and_then(|c| ComputerSeat::new(c.color.other(), c.level)),
        // Both seats are taken: nobody is invited.
        invite: None,
        names: swap(&old.names),
        accounts: swap(&old.accounts),
        ..old.clone()
    }
}

impl Room {
    /// What the state says of the rematch: null before the end.
    pub(super) fn rematch_view(&self) -> Option<Value> {
        self.finished().then(|| {
            json!({
                "by": self.rematch.offer.map(Color::name),
                "game": self.rematch.game,
            })
        })
    }

    /// `rematch` from `seat`: an offer, or the acceptance of the opponent's (at once
    /// against the computer).
    pub(super) async fn offer_rematch(&mut self, conn: u64, seat: Option<Color>) {
        let Some(color) = seat else {
            return self.refuse(conn, "spectator", "spectators cannot ask for a rematch");
        };
        if !self.finished() {
            return self.refuse(
                conn,
                "not-over",
                "a rematch is offered once the game is over",
            );
        }
        for _ in 0..2 {
            if let Some(game) = self.rematch.game.clone() {
                return self.send_to(conn, &ServerMessage::RematchReady { game });
            }
            let accepts = self.row.computer.is_some() || self.rematch.offer == Some(color.other());
            if accepts {
                return self.start_rematch(conn).await;
            }
            if self.rematch.offer == Some(color) {
                let by = color.name().to_owned();
                return self.send_to(conn, &ServerMessage::RematchOffered { by });
            }
            match self.store.offer_rematch(&self.row.id, color).await {
                Ok(true) => {
                    self.rematch.offer = Some(color);
                    let by = color.name().to_owned();
                    return self.broadcast(&ServerMessage::RematchOffered { by });
                }
                // The opponent offered (or the rematch was made) on another instance
                // meanwhile: read it, and take it from there.
                Ok(false) => self.reload_rematch().await,
                Err(e) => return self.rematch_failed(conn, &e.to_string()),
            }
        }
        self.refuse(conn, "failed", "the rematch kept changing; try again");
    }

    /// The answer of `seat` to the opponent's offer.
    pub(super) async fn answer_rematch(&mut self, conn: u64, seat: Option<Color>, accept: bool) {
        if accept {
            return self.offer_rematch(conn, seat).await;
        }
        let Some(color) = seat else {
            return self.refuse(
                conn,
                "spectator",
                "spectators cannot answer a rematch offer",
            );
        };
        if self.rematch.offer != Some(color.other()) || self.rematch.game.is_some() {
            return self.refuse(conn, "no-rematch", "no rematch offer from the opponent");
        }
        match self
            .store
            .decline_rematch(&self.row.id, color.other())
            .await
        {
            Ok(true) => {
                self.rematch.offer = None;
                let by = color.name().to_owned();
                self.broadcast(&ServerMessage::RematchDeclined { by });
            }
            Ok(false) => {
                self.reload_rematch().await;
                self.refuse(conn, "no-rematch", "the offer is no longer there");
            }
            Err(e) => self.rematch_failed(conn, &e.to_string()),
        }
    }

    /// Creates the rematch (or learns of the one made first) and tells everyone.
    async fn start_rematch(&mut self, conn: u64) {
        let id = match ids::game_id() {
            Ok(id) => id,
            Err(e) => return self.rematch_failed(conn, &e.to_string()),
        };
        let row = rematch_row(&self.row, id);
        match self.store.create_rematch(&self.row.id, &row).await {
            Ok(game) => {
                self.rematch = Rematch {
                    offer: None,
                    game: Some(game.clone()),
                };
                self.broadcast(&ServerMessage::RematchReady { game });
            }
            Err(e) => self.rematch_failed(conn, &e.to_string()),
        }
    }

    fn rematch_failed(&mut self, conn: u64, why: &str) {
        tracing::error!(game = %self.row.id, "rematch failed: {why}");
        self.refuse(conn, "failed", "the rematch could not be saved; try again");
    }

    /// Reads where the rematch stands (another instance changed it) and tells everyone
    /// what changed.
    pub(super) async fn reload_rematch(&mut self) {
        let now = match self.store.rematch(&self.row.id).await {
            Ok(now) => now,
            Err(e) => {
                return tracing::warn!(game = %self.row.id, "reading the rematch failed: {e}");
            }
        };
        let before = std::mem::replace(&mut self.rematch, now.clone());
        if let Some(game) = now.game {
            if before.game.is_none() {
                self.broadcast(&ServerMessage::RematchReady { game });
            }
            return;
        }
        match (before.offer, now.offer) {
            (_, Some(c)) if before.offer != Some(c) => {
                let by = c.name().to_owned();
                self.broadcast(&ServerMessage::RematchOffered { by });
            }
            (Some(c), None) => {
                let by = c.other().name().to_owned();
                self.broadcast(&ServerMessage::RematchDeclined { by });
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::clock::TimeControl;
    use crate::game::seats::Seats;

    #[test]
    fn a_rematch_swaps_each_seat_and_keeps_the_settings() {
        let old = GameRow {
            id: "old".into(),
            variant: "margo".into(),
            rules: json!({"size": 5}),
            setup: None,
            time_control: TimeControl::None,
            black_token: "b".into(),
            white_token: "w".into(),
            creator: "black".into(),
            claimed: true,
            status: "finished".into(),
            result: Some("B+R".into()),
            clock: None,
            created_ms: 0,
            computer: ComputerSeat::new(Color::White, 4),
            hints: true,
            seats: Seats::Private,
            invite: Some("i".into()),
            names: ByColor {
                black: Some("Ann".into()),
                white: None,
            },
            accounts: ByColor {
                black: Some("ann".into()),
                white: Some("bob".into()),
            },
            rated: true,
        };
        let new = rematch_row(&old, "new".into());
        assert_eq!(
            (
                new.accounts.black.as_deref(),
                new.accounts.white.as_deref(),
                new.rated
            ),
            (Some("bob"), Some("ann"), true)
        );
        assert_eq!(
            (new.black_token.as_str(), new.white_token.as_str()),
            ("w", "b")
        );
        assert_eq!(new.computer, ComputerSeat::new(Color::Black, 4));
        assert_eq!(new.names.white.as_deref(), Some("Ann"));
        assert_eq!(new.creator, "white");
        assert_eq!(
            (new.variant.as_str(), &new.rules, new.hints),
            ("margo", &old.rules, true)
        );
        assert_eq!(
            (new.result, new.status.as_str(), new.claimed),
            (None, "live", true)
        );
        assert_eq!(new.invite, None);
    }
}
