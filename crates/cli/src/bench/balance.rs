//! `stonefield bench balance`: how far the mean result of the heavy playouts strays from a
//! stronger program's judgement of the same 9x9 positions (simulation balance, Silver and
//! Tesauro 2009). A playout policy whose mean follows the true value should mislead the
//! search less; this reads a playout change in seconds, where a match takes hours, but
//! only matches say whether it plays better (the README's table: so far it has not).

use std::time::Instant;

use anyhow::Context;
use serde_json::{Value, json};
use stonefield_ai::classic::{HeavyConfig, HeavyPolicy};
use stonefield_ai::search::{Policy, Trace};
use stonefield_rules::classic::{ClassicGame, Point, Rules};
use stonefield_rules::{Color, Game};

use crate::gtp::Tuning;

/// The positions and Pachi's values of them (its `about` says how they were made).
const POSITIONS: &str = include_str!("balance-9x9.json");

/// How the playouts' means compare with the reference values.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Balance {
    positions: usize,
    /// Root mean square of (playout mean - reference value).
    rmse: f64,
    mean_absolute_error: f64,
    /// Mean of (playout mean - reference value): how much the playouts flatter the
    /// player to move.
    bias: f64,
    /// Positions whose playout mean is on the same side of one half as the reference.
    same_side: usize,
    playouts_per_s: f64,
}

pub fn run(playouts: u32, tune: Option<&Tuning>, json: bool) -> anyhow::Result<()> {
    let mut config = HeavyConfig::default();
    if let Some(tune) = tune {
        tune.apply_heavy(&mut config);
    }
    let references = references(POSITIONS)?;
    let balance = measure(&references, &config, playouts, 1);
    if json {
        let figures = json!({
            "positions": balance.positions,
            "playouts_per_position": playouts,
            "rmse": balance.rmse,
            "mean_absolute_error": balance.mean_absolute_error,
            "bias": balance.bias,
            "same_side": balance.same_side,
            "playouts_per_s": balance.playouts_per_s,
        });
        println!("{figures}");
    } else {
        println!(
            "{} positions, {playouts} heavy playouts each: rmse {:.4}, mean absolute error {:.4}, \
             bias {:+.4}, same side of one half {}/{}, {:.0} playouts/s",
            balance.positions,
            balance.rmse,
            balance.mean_absolute_error,
            balance.bias,
            balance.same_side,
            balance.positions,
            balance.playouts_per_s
        );
    }
    Ok(())
}

/// The references in `text`: `{"positions": [{"moves", "value"}...]}`, each position its
/// GTP moves from the empty 9x9 board (replayed here to check them) and the win rate of
/// the player to move there as the reference program judged it.
fn references(text: &str) -> anyhow::Result<Vec<(ClassicGame, f64)>> {
    let file: Value = serde_json::from_str(text).context("the balance positions")?;
    let positions = file["positions"]
        .as_array()
        .context("no `positions` list")?;
    positions
        .iter()
        .enumerate()
        .map(|(k, p)| reference(p).with_context(|| format!("balance position {k}")))
        .collect()
}

fn reference(position: &Value) -> anyhow::Result<(ClassicGame, f64)> {
    let moves = position["moves"].as_str().context("no `moves` text")?;
    let value = position["value"].as_f64().context("no `value` number")?;
    anyhow::ensure!(
        (0.0..=1.0).contains(&value),
        "value {value} is not a win rate"
    );
    Ok((replay(moves)?, value))
}

/// The 9x9 game (Chinese rules, komi 7.5) after `moves`, GTP vertices or `pass`.
fn replay(moves: &str) -> anyhow::Result<ClassicGame> {
    let mut game = ClassicGame::new(Rules::preset("chinese", 9)?)?;
    for vertex in moves.split_whitespace() {
        if vertex.eq_ignore_ascii_case("pass") {
            game.pass()?;
            continue;
        }
        let point = Point::from_gtp(vertex, 9).with_context(|| format!("vertex `{vertex}`"))?;
        game.play(&point)
            .with_context(|| format!("move {vertex}"))?;
    }
    Ok(game)
}

/// `playouts` heavy playouts from each position (one thread, each position's seeded with
/// `seed`, so that its figure does not depend on the others) against its reference value.
fn measure(
    references: &[(ClassicGame, f64)],
    config: &HeavyConfig,
    playouts: u32,
    seed: u64,
) -> Balance {
    let started = Instant::now();
    let means: Vec<(f64, f64)> = references
        .iter()
        .map(|(game, value)| {
            let mut rng = fastrand::Rng::with_seed(seed);
            (playout_mean(game, config, playouts, &mut rng), *value)
        })
        .collect();
    let seconds = started.elapsed().as_secs_f64();
    let n = means.len().max(1) as f64;
    let error = |f: fn(f64) -> f64| means.iter().map(|(m, v)| f(m - v)).sum::<f64>() / n;
    Balance {
        positions: means.len(),
        rmse: error(|e| e * e).sqrt(),
        mean_absolute_error: error(f64::abs),
        bias: error(|e| e),
        same_side: means
            .iter()
            .filter(|(m, v)| (*m > 0.5) == (*v > 0.5))
            .count(),
        playouts_per_s: (means.len() as f64 * f64::from(playouts)) / seconds.max(1e-9),
    }
}

/// The share of `playouts` heavy playouts from `game` that the player to move wins, each
/// valued as the tree search values it.
fn playout_mean(
    game: &ClassicGame,
    config: &HeavyConfig,
    playouts: u32,
    rng: &mut fastrand::Rng,
) -> f64 {
    let policy = HeavyPolicy { config: *config };
    let me = game.to_move();
    let mut won = 0.0;
    for _ in 0..playouts {
        let black = policy.playout(&mut game.clone(), rng, &mut Trace::default());
        won += if me == Color::Black {
            black
        } else {
            1.0 - black
        };
    }
    won / f64::from(playouts.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_position_replays_and_has_a_win_rate() {
        let references = references(POSITIONS).expect("the positions load");
        assert_eq!(references.len(), 200);
        assert!(references.iter().all(|(g, _)| !g.is_over()));
    }

    #[test]
    fn a_bad_position_is_refused_with_its_number() {
        let text =
            r#"{"positions": [{"moves": "C3", "value": 0.5}, {"moves": "C3 C3", "value": 0.5}]}"#;
        let error = format!("{:#}", references(text).expect_err("C3 is taken"));
        assert!(error.contains("position 1"), "{error}");
        let text = r#"{"positions": [{"moves": "Z3", "value": 0.5}]}"#;
        assert!(references(text).is_err());
        let text = r#"{"positions": [{"moves": "C3", "value": 1.5}]}"#;
        assert!(references(text).is_err());
    }

    #[test]
    fn the_figures_compare_the_playout_mean_with_the_reference() {
        // One position judged won and lost: whatever the playouts say, they are off by
        // one in all, and on the right side of one half once.
        let text =
            r#"{"positions": [{"moves": "E5", "value": 1.0}, {"moves": "E5", "value": 0.0}]}"#;
        let references = references(text).expect("loads");
        let balance = measure(&references, &HeavyConfig::default(), 200, 7);
        assert_eq!(balance.positions, 2);
        assert!(
            (balance.mean_absolute_error - 0.5).abs() < 1e-12,
            "{balance:?}"
        );
        assert_eq!(balance.same_side, 1);
        // The errors are m - 1 and m, for the playouts' mean m: the bias is m - 1/2.
        let mean = balance.bias + 0.5;
        let rmse = ((mean - 1.0).powi(2) / 2.0 + mean.powi(2) / 2.0).sqrt();
        assert!((balance.rmse - rmse).abs() < 1e-12, "{balance:?}");
        // The same seed gives the same playouts.
        let again = measure(&references, &HeavyConfig::default(), 200, 7);
        assert_eq!((again.rmse, again.bias), (balance.rmse, balance.bias));
    }
}
