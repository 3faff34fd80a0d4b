//! Creating a game: the body of `POST /api/games` ([`NewGame`]), read and checked against
//! the rules without touching the store ([`NewGame::from_json`], [`NewGame::validate`]:
//! what the fuzz target drives), then stored with its seat tokens and invite ([`new_game`]).
//!
//! ```
//! use stonefield_server::NewGame;
//!
//! let body = br#"{"variant": "classic", "rules": {"board_size": 9}, "seats": "private"}"#;
//! let game = NewGame::from_json(body).unwrap().validate().unwrap();
//! assert_eq!(game.seats.name(), "private");
//! assert!(NewGame::from_json(br#"{"variant": "classic", "seats": "public"}"#).is_err());
//! ```

use axum::Json;
use serde::Deserialize;
use serde_json::{Value, json};
use stonefield_rules::{ByColor, Color};

use crate::error::AppError;
use crate::game::clock::{Clock, TimeControl};
use crate::game::computer::ComputerSeat;
use crate::game::live_game::LiveGame;
use crate::game::rooms::Rooms;
use crate::game::seats::Seats;
use crate::http::replay::check_setup;
use crate::ids;
use crate::store::{GameRow, now_ms};

/// The new-game form.
#[derive(Debug, Clone, Deserialize)]
pub struct NewGame {
    /// `classic`, `continuous`, ...
    pub variant: String,
    /// Record-format rules object.
    #[serde(default = "empty_object")]
    pub rules: Value,
    /// Optional setup position.
    #[serde(default)]
    pub setup: Option<Value>,
    /// The clock.
    #[serde(default)]
    pub time_control: TimeControl,
    /// `black`, `white` or `random`: the creator's colour.
    #[serde(default)]
    pub color: Option<String>,
    /// Play the computer at this level (1-10): it takes the other seat at once.
    #[serde(default)]
    pub computer_level: Option<u8>,
    /// Players may ask for hints (always so against the computer).
    #[serde(default)]
    pub hints: bool,
    /// Who may take the second seat: `private` (the invite link only) or `open` (listed in
    /// the lobby; the default). Games against the computer have no free seat.
    #[serde(default)]
    pub seats: Seats,
    /// The game counts for both players' ratings: only between people, created and joined
    /// by signed-in players (two accounts).
    #[serde(default)]
    pub rated: bool,
}

fn empty_object() -> Value {
    json!({})
}

/// A [`NewGame`] the rules accept: everything [`new_game`] stores, but the ids and tokens.
#[derive(Debug)]
pub struct GameSpec {
    /// The variant.
    pub variant: String,
    /// Its rules, as asked.
    pub rules: Value,
    /// The setup position, as asked.
    pub setup: Option<Value>,
    /// The clock.
    pub time_control: TimeControl,
    /// The creator's colour (`random` drawn).
    pub creator: Color,
    /// The computer's seat, in a game against it.
    pub computer: Option<ComputerSeat>,
    /// Whether players may ask for hints.
    pub hints: bool,
    /// Who may take the second seat (private against the computer: there is none free).
    pub seats: Seats,
    /// The creator's name (`None`: anonymous); set from the body's `name`
    /// ([`crate::names::NameField`]).
    pub creator_name: Option<String>,
    /// The creator's account, when signed in (the seat is tied to it).
    pub creator_account: Option<String>,
    /// Whether the game is rated.
    pub rated: bool,
}

/// A game just created: what its creator is told.
#[derive(Debug, Clone)]
pub struct CreatedGame {
    /// The game id.
    pub id: String,
    /// The creator's seat token.
    pub token: String,
    /// The creator's colour.
    pub color: Color,
    /// The one-time invite to the second seat; `None` against the computer.
    pub invite: Option<String>,
}

impl NewGame {
    /// A game of `variant` under `rules` between people, its creator playing Black: no
    /// setup, no clock, hints off, the default seats.
    pub fn new(variant: &str, rules: Value) -> NewGame {
        NewGame {
            variant: variant.into(),
            rules,
            setup: None,
            time_control: TimeControl::None,
            color: Some("black".into()),
            computer_level: None,
            hints: false,
            seats: Seats::default(),
            rated: false,
        }
    }

    /// Reads a creation body, as the `POST /api/games` handler's JSON extractor does (the
    /// same `Json::from_bytes`, after its check of the content type).
    ///
    /// # Errors
    /// A body that is not JSON, or not shaped as a [`NewGame`] (the message names the
    /// field).
    pub fn from_json(body: &[u8]) -> Result<NewGame, AppError> {
        Json::<NewGame>::from_bytes(body)
            .map(|Json(game)| game)
            .map_err(|e| AppError::BadRequest(e.body_text()))
    }

    /// Checks the game against the rules: variant, setup, rules, clock, colour and computer
    /// level. Touches no store; never panics, whatever the body said.
    ///
    /// # Errors
    /// The first thing the rules refuse, named.
    pub fn validate(self) -> Result<GameSpec, AppError> {
        if !LiveGame::supported(&self.variant) {
            return Err(AppError::BadRequest(format!(
                "variant {:?} is not available",
                self.variant
            )));
        }
        check_setup(self.setup.as_ref())?;
        LiveGame::open(&self.variant, &self.rules, self.setup.as_ref())?;
        let time_control = self
            .time_control
            .validate()
            .map_err(|e| AppError::BadRequest(e.to_string()))?;
        let creator = creator_color(self.color.as_deref())?;
        if self.rated && self.computer_level.is_some() {
            return Err(AppError::BadRequest(
                "a rated game is played against a person, not the computer".into(),
            ));
        }
        let computer = match self.computer_level {
            None => None,
            Some(level) => Some(ComputerSeat::new(creator.other(), level).ok_or_else(|| {
                AppError::BadRequest(format!("computer level {level}: expected 1 to 10"))
            })?),
        };
        Ok(GameSpec {
            variant: self.variant,
            rules: self.rules,
            setup: self.setup,
            time_control,
            creator,
            seats: if computer.is_some() {
                Seats::Private
            } else {
                self.seats
            },
            computer,
            hints: self.hints,
            creator_name: None,
            creator_account: None,
            rated: self.rated,
        })
    }
}

/// The creator's colour: black unless asked, `random` drawn from the OS random source.
fn creator_color(asked: Option<&str>) -> Result<Color, AppError> {
    match asked {
        None | Some("black") => Ok(Color::Black),
        Some("white") => Ok(Color::White),
        Some("random") => {
            let mut b = [0u8; 1];
            getrandom::fill(&mut b).map_err(|e| AppError::Internal(e.to_string()))?;
            Ok(if b[0] & 1 == 0 {
                Color::Black
            } else {
                Color::White
            })
        }
        Some(o) => Err(AppError::BadRequest(format!(
            "colour {o:?}: expected black, white or random"
        ))),
    }
}

/// Checks, stores and opens a game; returns its id, the creator's seat and the invite.
///
/// # Errors
/// A game the rules refuse, or a store failure.
pub async fn new_game(rooms: &Rooms, req: NewGame) -> Result<CreatedGame, AppError> {
    create(rooms, req.validate()?).await
}

/// Stores a checked game. The second seat gets a placeholder token nobody is told: a
/// claim replaces it with a fresh one (see [`crate::game::seats`]). The store keeps the hashes of
/// the tokens and of the invite, which is worked out from the creator's token
/// ([`ids::invite_for`]) so that the creator can be shown it again.
///
/// # Errors
/// A store failure, or no randomness for the tokens.
pub async fn create(rooms: &Rooms, spec: GameSpec) -> Result<CreatedGame, AppError> {
    let rnd =
        |r: Result<String, ids::RandomError>| r.map_err(|e| AppError::Internal(e.to_string()));
    let against_computer = spec.computer.is_some();
    let token = rnd(ids::seat_token())?;
    let placeholder = rnd(ids::seat_token())?;
    let invite = (!against_computer).then(|| ids::invite_for(&token));
    let mut tokens = ByColor {
        black: ids::token_hash(&placeholder),
        white: ids::token_hash(&placeholder),
    };
    tokens[spec.creator] = ids::token_hash(&token);
    let row = GameRow {
        id: rnd(ids::game_id())?,
        variant: spec.variant,
        rules: spec.rules,
        setup: spec.setup,
        time_control: spec.time_control,
        black_token: tokens.black,
        white_token: tokens.white,
        creator: spec.creator.name().into(),
        // The computer's seat is taken from the start: the game is live at once.
        claimed: against_computer,
        status: if against_computer { "live" } else { "open" }.into(),
        result: None,
        clock: Some(Clock::new(spec.time_control)),
        created_ms: now_ms(),
        computer: spec.computer,
        hints: spec.hints,
        seats: spec.seats,
        invite: invite.as_deref().map(ids::token_hash),
        names: {
            let mut names = ByColor::<Option<String>>::default();
            names[spec.creator] = spec.creator_name;
            names
        },
        accounts: {
            let mut accounts = ByColor::<Option<String>>::default();
            accounts[spec.creator] = spec.creator_account;
            accounts
        },
        rated: spec.rated,
    };
    rooms.store().create_game(&row).await?;
    Ok(CreatedGame {
        id: row.id,
        token,
        color: spec.creator,
        invite,
    })
}
