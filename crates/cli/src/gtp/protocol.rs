//! The GTP vocabulary of the engine: the commands it knows, which of them leave the
//! thinking on the opponent's time alone, and how arguments (colours, counts, vertices as
//! record moves) are read.

use stonefield_record::RecordMove;
use stonefield_rules::Color;
use stonefield_rules::classic::Point;

pub(super) const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "final_status_list",
    "loadsgf",
    "printsgf",
    "time_settings",
    "time_left",
    "kgs-time_settings",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "kgs-genmove_cleanup",
    "kgs-rules",
    "stonefield-rules",
    "stonefield-search_stats",
];

/// The commands that neither change the position nor search: the thinking on the
/// opponent's time goes on through them (a match asks for the search's figures, and a
/// server sends the clock, between the move and the opponent's reply).
pub(super) const READ_ONLY: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "showboard",
    "printsgf",
    "time_left",
    "stonefield-search_stats",
];

pub(super) fn arg<'a>(args: &[&'a str], i: usize) -> Result<&'a str, String> {
    args.get(i)
        .copied()
        .ok_or_else(|| "missing argument".to_owned())
}

/// A classic move (a point, or a pass) as the record holds it.
pub fn record_move(color: Color, at: Option<Point>) -> RecordMove {
    match at {
        Some(p) => RecordMove::at(color, vec![f64::from(p.x()), f64::from(p.y())]),
        None => RecordMove::pass(color),
    }
}

pub(super) fn handicap_count(s: &str) -> Result<u8, String> {
    match s.parse::<u8>() {
        Ok(n) if n >= 2 => Ok(n),
        _ => Err("invalid number of stones".into()),
    }
}

/// Points for free handicap beyond the fixed ones: a lattice on the third or fourth line
/// and inside, corners and sides first.
pub(super) fn spread_points(size: u8) -> Vec<Point> {
    let edge = if size >= 13 { 3 } else { 2 };
    let hi = size.saturating_sub(1 + edge);
    if hi <= edge {
        return Vec::new();
    }
    let mid = size / 2;
    let lines = [edge, hi, mid, (edge + mid) / 2, (mid + hi).div_ceil(2)];
    let mut out = Vec::new();
    for &y in &lines {
        for &x in &lines {
            if let Some(p) = Point::new(u32::from(x), u32::from(y), size)
                && !out.contains(&p)
            {
                out.push(p);
            }
        }
    }
    out
}

pub(super) fn parse_color(s: &str) -> Result<Color, String> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err("invalid color".into()),
    }
}
