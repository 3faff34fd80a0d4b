//! Who sits where: a connection joins with its seat token (or watches), and the second
//! seat is given to the claimant of the invite.

use stonefield_rules::Color;

use super::{Client, Room};
use crate::game::seats::{ClaimError, check_claim};
use crate::ids::{self, same_token};
use crate::socket::outbox::Outbox;

impl Room {
    pub(super) async fn join(&mut self, token: Option<String>, out: Outbox) -> u64 {
        let mut seat = token.as_deref().and_then(|t| self.seat_of(t));
        if seat.is_none() && token.is_some() && !self.row.claimed {
            // A seat given by another instance a moment ago, not yet heard of.
            self.reload_seats().await;
            self.states.clear();
            seat = token.as_deref().and_then(|t| self.seat_of(t));
        }
        let conn = self.next_conn;
        self.next_conn += 1;
        self.clients.push(Client {
            conn,
            seat,
            token,
            out,
        });
        self.send_state(conn);
        conn
    }

    /// Gives the second seat to the claimant of `invite` under the game's policy: a fresh
    /// token, stored before it is handed out, so the invite (and the placeholder token the
    /// seat had) never seats anyone. Stores the taker's `name` with the seat. Tells everyone
    /// the game is live (and the name).
    pub(super) async fn claim_seat(
        &mut self,
        invite: Option<&str>,
        name: Option<String>,
    ) -> Result<(Color, String), ClaimError> {
        check_claim(
            self.row.seats,
            self.row.claimed,
            self.row.invite.as_deref(),
            invite,
        )?;
        let seat = self
            .row
            .creator
            .parse::<Color>()
            .map_err(|_| ClaimError::Taken)?
            .other();
        let game = &self.row.id;
        let token = ids::seat_token().map_err(|e| {
            tracing::error!(%game, "no token for a claim: {e}");
            ClaimError::Failed
        })?;
        let hash = ids::token_hash(&token);
        match self
            .store
            .claim_named(game, seat, &hash, name.as_deref())
            .await
        {
            Ok(true) => {}
            Ok(false) => return Err(ClaimError::Taken),
            Err(e) => {
                tracing::error!(%game, "claim failed: {e}");
                return Err(ClaimError::Failed);
            }
        }
        self.row.claimed = true;
        self.row.status = "live".into();
        self.row.names[seat] = name;
        match seat {
            Color::Black => self.row.black_token = hash,
            Color::White => self.row.white_token = hash,
        }
        // claim() saved the status; the clock is saved with the first move.
        self.restart_clock();
        self.broadcast_state();
        Ok((seat, token))
    }

    pub(super) fn seat_of(&self, token: &str) -> Option<Color> {
        // The row holds the tokens' hashes.
        let hash = ids::token_hash(token);
        [Color::Black, Color::White]
            .into_iter()
            .find(|&c| same_token(&hash, self.row.token(c)))
    }
}
