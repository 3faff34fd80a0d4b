//! Writing a classic [`Record`] as an SGF game tree: game information in the root (with
//! the clock as TM/OT), the setup as AB/AW/PL, then the moves that replay accepted (illegal
//! attempts, which other programs would refuse, are left out; a resignation becomes the
//! result), and at the count (accepted, or under way) each player's territory as TB/TW in
//! the last node,
//! with every stone marked dead counted in its opponent's set (also one in no one's
//! territory), so that the count reads back with the same dead stones. Marks and a
//! resumption of play are not SGF nodes: a move after two passes resumes play when the file
//! is read back (a resumption with no move after it is a last node `PL[B]` or `PL[W]`), and
//! a loss on time is the result `B+T`/`W+T`.

use std::collections::HashSet;

use serde_json::Value;
use sgf_parse::go::{Move, Point, Prop};
use sgf_parse::{SgfNode, SimpleText};
use stonefield_rules::classic::Placement;
use stonefield_rules::{Color, Game, Phase};

use crate::variants::{Adapter, ClassicAdapter};
use crate::{AnyGame, MoveKind, MoveResult, Record, RecordError, Variant};

fn text(s: &str) -> SimpleText {
    s.into()
}

fn sgf_color(c: Color) -> sgf_parse::Color {
    match c {
        Color::Black => sgf_parse::Color::Black,
        Color::White => sgf_parse::Color::White,
    }
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
            props.push(Prop::PL(sgf_color(c)));
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
    let mut resumed = false;
    for mv in &record.moves {
        let report = game.apply(mv);
        let m = match (report.result, &mv.kind) {
            (MoveResult::Placed, MoveKind::At(at)) => Move::Move(sgf_point(at)),
            (MoveResult::Pass, _) => Move::Pass,
            (MoveResult::Resume, _) => {
                resumed = true;
                continue;
            }
            _ => continue,
        };
        resumed = false;
        nodes.push(vec![if mv.color == Color::Black {
            Prop::B(m)
        } else {
            Prop::W(m)
        }]);
    }
    if resumed {
        // Play resumed and nobody has moved yet: a last node says whose turn it is.
        nodes.push(vec![Prop::PL(sgf_color(game.to_move()))]);
    }
    let mut game = AnyGame::Classic(game);
    if let Some(dead) = &record.dead {
        game.accept_marked(dead)?;
    }
    let result = record.result.clone().or_else(|| match game.phase() {
        Phase::Finished(o) => Some(o.to_string()),
        _ => None,
    });
    // A count under way is written; one that ended without its marks recorded (a result
    // but no `dead`) is not made up.
    let counting = result.is_none() || matches!(game.phase(), Phase::Finished(_));
    if let Some(r) = result {
        root.push(Prop::RE(text(&r)));
    }
    let territory = if counting {
        territory_props(&game)
    } else {
        Vec::new()
    };
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

/// TB and TW: the points each player owns in the count (dead stones removed), accepted
/// or under way, and the points of the stones marked dead, each in its opponent's set;
/// nothing before the count, or when a player owns no point.
fn territory_props(game: &AnyGame) -> Vec<Prop> {
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
    // A dead stone between both players' stones is on no one's territory: without it in
    // its opponent's set, a reader would take it for alive.
    for d in game.dead_stones() {
        let (Some(x), Some(y), Some(color)) = (d[0].as_f64(), d[1].as_f64(), d[2].as_str()) else {
            continue;
        };
        sets[usize::from(color == "black")].insert(sgf_point(&[x, y]));
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
