//! Who may take a game's second seat. A private game's seat goes only to the holder of its
//! invite (a one-time secret, apart from every seat token); an open game's to whoever comes
//! first, from the lobby or with the invite. Either way the taker gets a fresh seat token.
//! The store keeps only the invite's hash ([`crate::ids::token_hash`]), as it does tokens'.
//!
//! ```
//! use stonefield_server::ids::token_hash;
//! use stonefield_server::seats::{ClaimError, Seats, check_claim};
//!
//! let stored = token_hash("invite");
//! let private = |given| check_claim(Seats::Private, false, Some(&stored), given);
//! assert_eq!(private(None), Err(ClaimError::Private));
//! assert_eq!(private(Some("invite")), Ok(()));
//! assert_eq!(private(Some(&stored)), Err(ClaimError::WrongInvite));
//! let taken = check_claim(Seats::Private, true, Some(&stored), Some("invite"));
//! assert_eq!(taken, Err(ClaimError::InviteUsed));
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::ids::{invite_for, matches_hash};

/// How a game's second seat is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seats {
    /// Only through the invite link; the game is not listed in the lobby.
    Private,
    /// Listed in the lobby: the first to join takes the seat (the invite works too, until
    /// then). What a creation body without `seats` asks for, as before seats had a policy.
    #[default]
    Open,
}

impl Seats {
    /// The name stored and sent to clients: `private` or `open`.
    pub fn name(self) -> &'static str {
        match self {
            Seats::Private => "private",
            Seats::Open => "open",
        }
    }
}

impl fmt::Display for Seats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A stored seat policy that is neither `private` nor `open`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("seat policy {0:?}: expected private or open")]
pub struct UnknownSeats(pub String);

impl FromStr for Seats {
    type Err = UnknownSeats;

    fn from_str(s: &str) -> Result<Seats, UnknownSeats> {
        match s {
            "private" => Ok(Seats::Private),
            "open" => Ok(Seats::Open),
            other => Err(UnknownSeats(other.to_owned())),
        }
    }
}

/// Why a claim of the second seat was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ClaimError {
    /// A private game claimed without its invite.
    #[error("this game is private: its seat is taken only through its invite link")]
    Private,
    /// An invite that is not this game's.
    #[error("this invite is not valid for this game")]
    WrongInvite,
    /// The game's own invite, after its seat was taken.
    #[error("invite already used: the seat has been taken")]
    InviteUsed,
    /// A rated game's seat, claimed without signing in.
    #[error("this game is rated: sign in to take its seat")]
    RatedNeedsAccount,
    /// A rated game's seat, claimed by the account that holds the other one.
    #[error("this rated game is yours: another account must take its second seat")]
    OwnGame,
    /// No free seat (taken, or held by the computer).
    #[error("both seats are taken")]
    Taken,
    /// The seat could not be given (the store failed); the client may try again.
    #[error("the seat could not be given; try again")]
    Failed,
}

/// Whether the second seat may be given to a claimant who brings the invite `given`, in a
/// game whose policy is `seats` and whose invite's hash is `invite` (`None` in games against
/// the computer); `claimed` says whether the seat is taken already.
///
/// # Errors
/// The [`ClaimError`] naming why not.
pub fn check_claim(
    seats: Seats,
    claimed: bool,
    invite: Option<&str>,
    given: Option<&str>,
) -> Result<(), ClaimError> {
    match (given, invite) {
        (Some(given), Some(invite)) if matches_hash(given, invite) => {
            if claimed {
                Err(ClaimError::InviteUsed)
            } else {
                Ok(())
            }
        }
        (Some(_), _) => Err(ClaimError::WrongInvite),
        (None, _) if claimed => Err(ClaimError::Taken),
        (None, _) if seats == Seats::Private => Err(ClaimError::Private),
        (None, _) => Ok(()),
    }
}

/// The invite to show the creator, who came with `creator_token`: the one worked out from
/// it ([`invite_for`]) if its hash is the stored `invite`. Games stored before invites were
/// worked out so have invites of their own, which are not shown again.
pub fn creator_invite(creator_token: &str, invite: Option<&str>) -> Option<String> {
    let shown = invite_for(creator_token);
    matches_hash(&shown, invite?).then_some(shown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::token_hash;

    #[test]
    fn an_open_seat_goes_to_the_first_comer_or_the_invite() {
        assert_eq!(
            check_claim(Seats::Open, false, Some(&token_hash("i")), None),
            Ok(())
        );
        assert_eq!(
            check_claim(Seats::Open, false, Some(&token_hash("i")), Some("i")),
            Ok(())
        );
        assert_eq!(
            check_claim(Seats::Open, true, Some(&token_hash("i")), None),
            Err(ClaimError::Taken)
        );
        assert_eq!(
            check_claim(Seats::Open, true, Some(&token_hash("i")), Some("i")),
            Err(ClaimError::InviteUsed)
        );
    }

    #[test]
    fn a_private_seat_goes_only_to_the_invite_once() {
        assert_eq!(
            check_claim(Seats::Private, false, Some(&token_hash("i")), None),
            Err(ClaimError::Private)
        );
        assert_eq!(
            check_claim(Seats::Private, false, Some(&token_hash("i")), Some("j")),
            Err(ClaimError::WrongInvite)
        );
        assert_eq!(
            check_claim(Seats::Private, false, Some(&token_hash("i")), Some("")),
            Err(ClaimError::WrongInvite)
        );
        assert_eq!(
            check_claim(Seats::Private, false, Some(&token_hash("i")), Some("i")),
            Ok(())
        );
        assert_eq!(
            check_claim(Seats::Private, true, Some(&token_hash("i")), Some("i")),
            Err(ClaimError::InviteUsed)
        );
    }

    #[test]
    fn a_game_without_an_invite_takes_none() {
        assert_eq!(
            check_claim(Seats::Private, true, None, Some("x")),
            Err(ClaimError::WrongInvite)
        );
        assert_eq!(
            check_claim(Seats::Private, true, None, None),
            Err(ClaimError::Taken)
        );
    }

    #[test]
    fn the_creator_is_shown_the_invite_worked_out_from_their_token() {
        let stored = token_hash(&invite_for("creator"));
        assert_eq!(
            creator_invite("creator", Some(&stored)),
            Some(invite_for("creator"))
        );
        assert_eq!(creator_invite("someone", Some(&stored)), None);
        assert_eq!(creator_invite("creator", None), None);
        // An invite of a game stored before invites were worked out is not shown.
        assert_eq!(creator_invite("creator", Some(&token_hash("w1"))), None);
    }

    #[test]
    fn policies_read_back_from_their_names() {
        for s in [Seats::Private, Seats::Open] {
            assert_eq!(s.name().parse::<Seats>(), Ok(s));
        }
        assert!("public".parse::<Seats>().is_err());
    }
}
