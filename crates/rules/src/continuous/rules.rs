//! The options of continuous Go (`rules/continuous.md`): the board (a preset or a polygon),
//! the stone radius, komi, the ko rule and the handicap, with their record names.

use std::f64::consts::PI;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use super::board::Board;
use super::polygon::{Polygon, PolygonError};

/// How repetition is limited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum KoRule {
    /// A move may not capture exactly one stone that was placed by the previous placement
    /// and itself captured exactly one stone.
    #[default]
    SingleRecapture,
    /// A move may not recreate an earlier whole-board position (exact coordinates).
    PositionalSuperko,
}

/// A named board shape, measured in stone diameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Preset {
    /// A square 9 diameters wide.
    Square9,
    /// A square 13 diameters wide (the default board).
    #[default]
    Square13,
    /// A square 19 diameters wide.
    Square19,
    /// A regular hexagon with sides of 9.5 diameters, flat side up.
    Hexagon,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 4] = [
        Preset::Square9,
        Preset::Square13,
        Preset::Square19,
        Preset::Hexagon,
    ];

    /// The outline for stones of radius `stone_radius`, with its top-left corner at the
    /// origin.
    ///
    /// # Errors
    /// A radius so large that the outline leaves the coordinate range.
    pub fn polygon(self, stone_radius: f64) -> Result<Polygon, PolygonError> {
        let d = 2.0 * stone_radius;
        let square = |n: f64| {
            let s = n * d;
            Polygon::from_coords(&[[0.0, 0.0], [s, 0.0], [s, s], [0.0, s]])
        };
        match self {
            Preset::Square9 => square(9.0),
            Preset::Square13 => square(13.0),
            Preset::Square19 => square(19.0),
            Preset::Hexagon => {
                let s = 9.5 * d;
                let h = s * 3f64.sqrt() / 2.0;
                let coords: Vec<[f64; 2]> = (0..6)
                    .map(|k| {
                        let a = f64::from(k) * PI / 3.0;
                        [s + s * a.cos(), h + s * a.sin()]
                    })
                    .collect();
                Polygon::from_coords(&coords)
            }
        }
    }
}

/// The board of a game: a preset (scaled by the stone radius) or an explicit polygon.
#[derive(Debug, Clone, PartialEq)]
pub enum BoardShape {
    /// A named shape, scaled to the stone radius.
    Preset(Preset),
    /// An explicit outline, in board units.
    Polygon(Polygon),
}

impl Default for BoardShape {
    fn default() -> Self {
        BoardShape::Preset(Preset::default())
    }
}

/// A complete set of continuous rules. Build one with [`Default`] and override fields; a
/// game checks it with [`ContinuousRules::validate`].
#[derive(Debug, Clone, PartialEq)]
pub struct ContinuousRules {
    /// The board outline (`square-13` by default).
    pub board: BoardShape,
    /// Radius of every stone, board units (0.5 by default: one diameter is one unit).
    pub stone_radius: f64,
    /// Added to White's score (6.5 by default; 0.5 with a handicap).
    pub komi: f64,
    /// The ko rule (`single-recapture` by default).
    pub ko: KoRule,
    /// Stones Black places before White's first move (0: none).
    pub handicap: u16,
}

impl Default for ContinuousRules {
    fn default() -> Self {
        ContinuousRules {
            board: BoardShape::default(),
            stone_radius: 0.5,
            komi: 6.5,
            ko: KoRule::default(),
            handicap: 0,
        }
    }
}

/// Rules that cannot make a game.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A name that is not one of the option's values.
    #[error("unknown value {value:?} for {option}")]
    UnknownValue {
        /// The option (`ko`, `board`, `snap`).
        option: &'static str,
        /// The name given.
        value: String,
    },
    /// A stone radius that is not positive and finite.
    #[error("stone radius {0} is not a positive finite number")]
    Radius(f64),
    /// No stone of this radius fits on the board.
    #[error("stones of radius {0} do not fit on the board")]
    RadiusTooLarge(f64),
    /// A komi that is not finite, or beyond 10000.
    #[error("komi {0} is not a finite number of at most 10000 in size")]
    Komi(f64),
    /// More handicap stones than the board can hold.
    #[error("a handicap of {0} stones is more than the board holds")]
    Handicap(u16),
    /// The board outline is not a valid polygon.
    #[error("bad board outline: {0}")]
    Polygon(#[from] PolygonError),
}

impl ContinuousRules {
    /// The komi in force: 0.5 with a handicap, else [`ContinuousRules::komi`].
    pub fn effective_komi(&self) -> f64 {
        if self.handicap > 0 { 0.5 } else { self.komi }
    }

    /// Checks the options and builds the board.
    ///
    /// # Errors
    /// The first option out of range: radius not positive and finite, radius too large for
    /// the board, non-finite komi, more handicap stones than the board holds, a preset
    /// outline out of range.
    pub fn board(&self) -> Result<Arc<Board>, RulesError> {
        let r = self.stone_radius;
        if !(r.is_finite() && r > 0.0) {
            return Err(RulesError::Radius(r));
        }
        if !self.komi.is_finite() || self.komi.abs() > 10_000.0 {
            return Err(RulesError::Komi(self.komi));
        }
        let polygon = match &self.board {
            BoardShape::Preset(p) => p.polygon(r)?,
            BoardShape::Polygon(p) => p.clone(),
        };
        let board = Board::new(polygon, r).ok_or(RulesError::RadiusTooLarge(r))?;
        // A stone covers pi/4 of a unit; no more than 1.2 stones per unit fit.
        if f64::from(self.handicap) > board.area_units() * 1.2 {
            return Err(RulesError::Handicap(self.handicap));
        }
        Ok(Arc::new(board))
    }

    /// Checks that a game can be played under these rules.
    ///
    /// # Errors
    /// As [`ContinuousRules::board`].
    pub fn validate(&self) -> Result<(), RulesError> {
        self.board().map(|_| ())
    }

    /// The polygon of the board, without the other checks.
    ///
    /// # Errors
    /// A preset outline out of range.
    pub fn polygon(&self) -> Result<Polygon, RulesError> {
        match &self.board {
            BoardShape::Preset(p) => Ok(p.polygon(self.stone_radius)?),
            BoardShape::Polygon(p) => Ok(p.clone()),
        }
    }
}

named_values!(KoRule, "ko", {
    "single-recapture" => KoRule::SingleRecapture,
    "positional-superko" => KoRule::PositionalSuperko,
});
named_values!(Preset, "board", {
    "square-9" => Preset::Square9,
    "square-13" => Preset::Square13,
    "square-19" => Preset::Square19,
    "hexagon" => Preset::Hexagon,
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_have_the_sizes_of_the_rules_page() {
        for (p, units) in [
            (Preset::Square9, 81.0),
            (Preset::Square13, 169.0),
            (Preset::Square19, 361.0),
            (Preset::Hexagon, 234.48),
        ] {
            let rules = ContinuousRules {
                board: BoardShape::Preset(p),
                ..ContinuousRules::default()
            };
            let b = rules.board().expect("preset");
            assert!(
                (b.area_units() - units).abs() < 0.01,
                "{p}: {}",
                b.area_units()
            );
            assert_eq!(p.to_string().parse::<Preset>(), Ok(p));
        }
    }

    #[test]
    fn refuses_bad_options() {
        let with = |f: fn(&mut ContinuousRules)| {
            let mut r = ContinuousRules::default();
            f(&mut r);
            r.validate()
        };
        assert_eq!(with(|r| r.stone_radius = 0.0), Err(RulesError::Radius(0.0)));
        assert!(matches!(
            with(|r| r.stone_radius = f64::NAN),
            Err(RulesError::Radius(_))
        ));
        assert!(matches!(
            with(|r| r.komi = f64::INFINITY),
            Err(RulesError::Komi(_))
        ));
        assert_eq!(with(|r| r.handicap = 1000), Err(RulesError::Handicap(1000)));
        let square = Polygon::from_coords(&[[0.0, 0.0], [3.0, 0.0], [3.0, 3.0], [0.0, 3.0]])
            .expect("square");
        let too_big = ContinuousRules {
            board: BoardShape::Polygon(square),
            stone_radius: 1.6,
            ..ContinuousRules::default()
        };
        assert_eq!(too_big.validate(), Err(RulesError::RadiusTooLarge(1.6)));
        assert!(matches!(
            "tromp".parse::<KoRule>(),
            Err(RulesError::UnknownValue { .. })
        ));
    }
}
