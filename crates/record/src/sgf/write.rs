//! Writing a classic [`Record`] as an SGF game tree: game information in the root (with
//! the clock as TM/OT), the setup as AB/AW/PL, then the moves that replay accepted (illegal
//! attempts, which other programs would refuse, are left out; a resignation becomes the
//! result), and after an accepted count each player's territory as TB/TW in the last node.

use std::collections::HashSet;

use serde_json::Value;
use sgf_parse::go::{Move, Point, Prop};
use sgf_parse::{SgfNode, SimpleText};
use stonefield_rules::classic::Placement;
use stonefield_rules::{Color, Game, Phase};

use crate::variants::ClassicAdapter;
use crate::{AnyGame, MoveKind, MoveResult, Record, RecordError, Variant};

fn text(s: &str) -> SimpleText {
    s.into()
}

fn sgf_point(at: &[f64]) -> Point {
    // Coordinates were checked when the record was read: whole numbers below 25.
    let c = |i: usize| at.get(i).map_or(0, |&v| v as u8);
    Point { x: c(0), y: c(1) }
}

/// The root node's properties for `record` played as `game`.
fn root_props(record: &Record, game: &ClassicAdapter) -> Vec<Prop> {
    let rules = game.game().rules();
    let mut props = vec![
        Prop::FF(4),
        Prop::GM(1),
        Prop::CA(text("UTF-8")),
        Prop::AP((text("stonefield"), text(env!("CARGO_PKG_VERSION")))),
        Prop::SZ((rules.board_size, rules.board_size)),
        Prop::KM(rules.komi),
    ];
    // RU only for a named preset: a record without one reads back without one.
    if let Some(Value::String(p)) = record.rules.get("preset") {
        let ru = match p.as_str() {
            "chinese" => "Chinese",
            "japanese" => "Japanese",
            "aga" => "AGA",
            "new-zealand" => "NZ",
            _ => "Tromp-Taylor",
        };
        props.push(Prop::RU(text(ru)));
    }
    if let Some(t) = record.time_control {
        props.extend(t.sgf_main_seconds().map(Prop::TM));
        props.extend(t.sgf_overtime().map(|ot| Prop::OT(text(&ot))));
    }
    for c in Color::ALL {
        let p = &record.players[c];
        if let Some(n) = &p.name {
            props.push(if c == Color::Black {
                Prop::PB(text(n))
            } else {
                Prop::PW(text(n))
            });
        }
        if let Some(Value::String(r)) = p.extra.get("rank") {
            props.push(if c == Color::Black {
                Prop::BR(text(r))
            } else {
                Prop::WR(text(r))
            });
        }
    }
    if let Some(d) = &record.date {
        props.push(Prop::DT(text(d)));
    }
    props
}

/// The handicap and setup properties.
fn setup_props(record: &Record, game: &ClassicAdapter) -> Vec<Prop> {
    let mut props = Vec::new();
    let h = game.game().rules().handicap;
    if h.stones >= 2 {
        props.push(Prop::HA(i64::from(h.stones)));
    }
    if let Some(setup) = &record.setup {
        for c in Color::ALL {
            let set: HashSet<Point> = setup
                .stones
                .iter()
                .filter(|s| s.color == c)
                .map(|s| sgf_point(&s.at))
                .collect();
            if !set.is_empty() {
                props.push(if c == Color::Black {
                    Prop::AB(set)
                } else {
                    Prop::AW(set)
                });
            }
        }
        if let Some(c) = setup.to_move {
            let c = if c == Color::Black {
                sgf_parse::Color::Black
            } else {
                sgf_parse::Color::White
            };
            props.push(Prop::PL(c));
        }
    } else if h.stones >= 2 && h.placement == Placement::Fixed {
        let set = game
            .game()
            .stones()
            .iter()
            .map(|s| Point {
                x: s.at.x(),
                y: s.at.y(),
            })
            .collect();
        props.push(Prop::AB(set));
    }
    props
}

/// The SGF game tree of a classic record.
///
/// # Errors
/// A record of another variant, or one whose start position cannot be built.
pub(crate) fn tree_of(record: &Record) -> Result<SgfNode<Prop>, RecordError> {
    if record.variant != Variant::Classic {
        return Err(RecordError::invalid(
            "variant",
            format!("SGF holds classic Go only, not {}", record.variant),
        ));
    }
    let mut game = ClassicAdapter::new(&record.rules, record.setup.as_ref())?;
    let mut root = root_props(record, &game);
    root.extend(setup_props(record, &game));
    let mut nodes: Vec<Vec<Prop>> = Vec::new();
    for mv in &record.moves {
        let report = game.apply(mv);
        let m = match (report.result, &mv.kind) {
            (MoveResult::Placed, MoveKind::At(at)) => Move::Move(sgf_point(at)),
            (MoveResult::Pass, _) => Move::Pass,
            _ => continue,
        };
        nodes.push(vec![if mv.color == Color::Black {
            Prop::B(m)
        } else {
            Prop::W(m)
        }]);
    }
    let mut game = AnyGame::Classic(game);
    if let Some(dead) = &record.dead {
        game.accept_marked(dead)?;
    }
    let result = record.result.clone().or_else(|| match game.phase() {
        Phase::Finished(o) => Some(o.to_string()),
        _ => None,
    });
    if let Some(r) = result {
        root.push(Prop::RE(text(&r)));
    }
    let territory = territory_props(&game);
    match nodes.last_mut() {
        Some(last) => last.extend(territory),
        None => root.extend(territory),
    }
    let mut tail: Option<SgfNode<Prop>> = None;
    for props in nodes.into_iter().rev() {
        tail = Some(SgfNode::new(props, tail.into_iter().collect(), false));
    }
    Ok(SgfNode::new(root, tail.into_iter().collect(), true))
}

/// TB and TW: the points each player owns in an accepted count (dead stones removed);
/// nothing before the count, or when a player owns no point.
fn territory_props(game: &AnyGame) -> Vec<Prop> {
    if !matches!(game.phase(), Phase::Finished(_)) {
        return Vec::new();
    }
    let Some(owned) = game.count().and_then(|c| c.get("owned").cloned()) else {
        return Vec::new();
    };
    let mut sets: [HashSet<Point>; 2] = Default::default();
    for p in owned.as_array().into_iter().flatten() {
        let (Some(x), Some(y), Some(owner)) = (p[0].as_f64(), p[1].as_f64(), p[2].as_str()) else {
            continue;
        };
        sets[usize::from(owner == "white")].insert(sgf_point(&[x, y]));
    }
    let [black, white] = sets;
    let mut props = Vec::new();
    if !black.is_empty() {
        props.push(Prop::TB(black));
    }
    if !white.is_empty() {
        props.push(Prop::TW(white));
    }
    props
}
