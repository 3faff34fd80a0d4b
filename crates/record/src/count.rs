//! The final count of a game as players are shown it: each player's score item by item
//! (territory or area, stones, prisoners, dead stones, komi; MarGo's balls; Topological
//! Go's trees), what each player owns on the board, and the totals the result comes from.
//! Numbers are rounded to 0.01 here, once, as the result rounds them.

use serde_json::{Value, json};
use stonefield_rules::classic::{ClassicGame, Scoring};
use stonefield_rules::continuous::ContinuousGame;
use stonefield_rules::margo::MargoGame;
use stonefield_rules::topological::TopoGame;
use stonefield_rules::{ByColor, Game, Outcome, Phase, WinBy};

use crate::fields::index;
use crate::{AnyGame, RecordError, SetupStone};

/// A number rounded to hundredths, as results and scores are shown.
fn hundredths(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

fn pair(v: ByColor<f64>) -> Value {
    json!({"black": hundredths(v.black), "white": hundredths(v.white)})
}

/// One line of the count: its name and what it gives each player.
fn item(name: &str, v: ByColor<f64>) -> Value {
    let mut line = pair(v);
    line["name"] = name.into();
    line
}

fn whole(v: ByColor<u32>) -> ByColor<f64> {
    v.map(f64::from)
}

fn komi(k: f64) -> ByColor<f64> {
    ByColor {
        black: 0.0,
        white: k,
    }
}

/// Whether the game is at a count: dead stones being marked, or over by the count (not
/// by resignation, time, forfeit or capture, whose results no count explains).
fn at_count(phase: Phase) -> bool {
    match phase {
        Phase::Playing => false,
        Phase::MarkingDead => true,
        Phase::Finished(o) => matches!(
            o,
            Outcome::Draw
                | Outcome::Win {
                    by: WinBy::Score(_),
                    ..
                }
        ),
    }
}

impl AnyGame {
    /// The count while dead stones are marked and once the game is over by the count;
    /// `None` otherwise. An object with `kind` (`area`, `territory`, `voronoi`, `balls`,
    /// `trees`), `items` (lines `{"name", "black", "white"}` that add up to `total`),
    /// `total` (`{"black", "white"}`, the numbers the result compares), and by variant:
    /// `dead` (stones of each colour marked dead), `owned` (classic: `[x, y, owner]` of each
    /// point counted as territory), `cells` (continuous: `{"color", "polygon"}` of each living
    /// stone's Voronoi cell once the dead are removed), `no_move` (MarGo: the player left
    /// without a legal move), `reserve_left` and `forfeit` (Topological Go: reserve stones
    /// not placed, and the player who loses for it).
    pub fn count(&self) -> Option<Value> {
        let topo_forfeit = matches!(
            (self, self.phase()),
            (
                AnyGame::Topological(_),
                Phase::Finished(Outcome::Win {
                    by: WinBy::Forfeit,
                    ..
                })
            )
        );
        if !at_count(self.phase()) && !topo_forfeit {
            return None;
        }
        Some(match self {
            AnyGame::Classic(g) => classic(g.game()),
            AnyGame::Continuous(g) => continuous(g.game()),
            AnyGame::Margo(g) => margo(g.game()),
            AnyGame::Topological(g) => topological(g.game()),
        })
    }
}

impl AnyGame {
    /// Repeats a count the players accepted: marks the group of each stone of `dead` (one
    /// marked already stays so) and counts the game. Changes nothing unless dead stones are
    /// being marked, so a record whose game ended otherwise replays as before.
    ///
    /// # Errors
    /// A stone of `dead` where the board holds none, naming it (`dead[2]`).
    pub fn accept_marked(&mut self, dead: &[SetupStone]) -> Result<(), RecordError> {
        if self.phase() != Phase::MarkingDead {
            return Ok(());
        }
        for (i, stone) in dead.iter().enumerate() {
            if self.is_marked(stone) {
                continue;
            }
            self.toggle_dead(&stone.at).map_err(|e| {
                RecordError::invalid(index("dead", i), format!("not a stone: {}", e.reason()))
            })?;
        }
        self.accept_count()
            .map_err(|e| RecordError::invalid("dead", e.reason()))?;
        Ok(())
    }

    /// Whether `stone` is marked dead already (toggling it again would bring it back).
    fn is_marked(&self, stone: &SetupStone) -> bool {
        self.dead_stones().iter().any(|d| {
            let at: Vec<f64> = d
                .as_array()
                .into_iter()
                .flatten()
                .map_while(Value::as_f64)
                .collect();
            at == stone.at
        })
    }
}

fn classic(g: &ClassicGame) -> Value {
    let c = g.final_count();
    let dead = ByColor {
        black: c.dead.white,
        white: c.dead.black,
    };
    let (kind, items) = match c.scoring {
        Scoring::Area => (
            "area",
            vec![
                item("stones", whole(c.stones)),
                item("territory", whole(c.territory)),
                item("komi", komi(c.komi)),
            ],
        ),
        Scoring::Territory => (
            "territory",
            vec![
                item("territory", whole(c.territory)),
                item("prisoners", whole(c.prisoners)),
                item("dead", whole(c.dead)),
                item("komi", komi(c.komi)),
            ],
        ),
    };
    let owned: Vec<Value> = c
        .owned
        .iter()
        .map(|(p, owner)| json!([p.x(), p.y(), owner.name()]))
        .collect();
    json!({
        "kind": kind,
        "items": items,
        "total": pair(c.total()),
        "dead": pair(whole(dead)),
        "owned": owned,
    })
}

fn continuous(g: &ContinuousGame) -> Value {
    let k = g.rules().effective_komi();
    let total = g.final_score();
    let area = ByColor {
        black: total.black,
        white: total.white - k,
    };
    let mut dead = ByColor::<u32>::default();
    for s in g.dead_stones() {
        dead[s.color] += 1;
    }
    let cells: Vec<Value> = g
        .cells_without_dead()
        .into_iter()
        .map(|(stone, cell)| {
            let polygon: Vec<Value> = cell.iter().map(|p| json!([p.x(), p.y()])).collect();
            json!({"color": stone.color.name(), "polygon": polygon})
        })
        .collect();
    // The total from the rounded items, so that the lines shown add up to it exactly.
    let items_total = ByColor {
        black: hundredths(area.black),
        white: hundredths(area.white) + hundredths(k),
    };
    json!({
        "kind": "voronoi",
        "items": [item("area", area), item("komi", komi(k))],
        "total": pair(items_total),
        "dead": pair(whole(dead)),
        "cells": cells,
    })
}

fn margo(g: &MargoGame) -> Value {
    let balls = whole(g.ball_count());
    let mut v = json!({
        "kind": "balls",
        "items": [item("balls", balls)],
        "total": pair(balls),
    });
    if g.outcome().is_some() {
        v["no_move"] = g.to_move().name().into();
    }
    v
}

fn topological(g: &TopoGame) -> Value {
    let longest = ByColor::new_with(|c| f64::from(g.longest_tree_length(c)));
    let bonus = ByColor {
        black: 1.0,
        white: 0.0,
    };
    let reserve = ByColor::new_with(|c| g.reserve_left(c));
    let mut v = json!({
        "kind": "trees",
        "items": [item("longest_tree", longest), item("black_bonus", bonus)],
        "total": pair(g.score()),
        "reserve_left": pair(whole(reserve)),
    });
    if let Some(Outcome::Win {
        winner,
        by: WinBy::Forfeit,
    }) = g.outcome()
    {
        v["forfeit"] = winner.other().name().into();
    }
    v
}
