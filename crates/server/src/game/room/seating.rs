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
    /// the game is live (and the name). A signed-in claimant's `account` is tied to the
    /// seat; a rated game's seat goes to no one else.
    pub(super) async fn claim_seat(
        &mut self,
        invite: Option<&str>,
        name: Option<String>,
        account: Option<String>,
    ) -> Result<(Color, String), ClaimError> {
        if self.row.rated && !self.row.claimed {
            let Some(account) = &account else {
                return Err(ClaimError::RatedNeedsAccount);
            };
            if self.row.accounts.black.as_ref() == Some(account)
                || self.row.accounts.white.as_ref() == Some(account)
            {
                return Err(ClaimError::OwnGame);
            }
        }
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
            .claim_as(game, seat, &hash, name.as_deref(), account.as_deref())
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
        self.row.accounts[seat] = account;
        self.refresh_ratings().await;
        match seat {
            Color::Black => self.row.black_token = hash,
            Color::White => self.row.white_token = hash,
        }
        // claim() saved the status; the clock is saved with the first move.
        self.restart_clock();
        self.broadcast_state();
        Ok((seat, token))
    }

    /// Reads the seats' accounts' ratings again; true if they changed.
    pub(super) async fn refresh_ratings(&mut self) -> bool {
        if self.row.accounts.black.is_none() && self.row.accounts.white.is_none() {
            return false;
        }
        match self
            .store
            .seat_ratings(&self.row.accounts, &self.row.variant)
            .await
        {
            Ok(ratings) if ratings != self.ratings => {
                self.ratings = ratings;
                self.states.clear();
                true
            }
            Ok(_) => false,
            Err(e) => {
                tracing::warn!(game = %self.row.id, "reading the ratings failed: {e}");
                false
            }
        }
    }

    pub(super) fn seat_of(&self, token: &str) -> Option<Color> {
        // The row holds the tokens' hashes.
        let hash = ids::token_hash(token);
        [Color::Black, Color::White]
            .into_iter()
            .find(|&c| same_token(&hash, self.row.token(c)))
    }
}
