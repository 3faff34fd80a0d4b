//! `stonefield match`: games of classic Go between two GTP engines (stonefield's own at a
//! level or budget, or any other program), colours alternating, refereed by the rules
//! engine; every game written as SGF and JSON; the win table with its confidence interval.
//! The other variants' matches are played in this process ([`variant`]).

mod client;
mod config;
mod stats;
mod variant;

use config::write_game;
pub use config::{GameResult, MatchConfig, MatchVariant};

use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde_json::{Map, Value, json};
use stonefield_record::{Player, Record, RecordMove, Variant};
use stonefield_rules::classic::{ClassicGame, Point, Rules};
use stonefield_rules::{Color, Game, Outcome, Phase, WinBy};

use client::{Gtp, Process};
use stats::{MoveMeasure, Tally};

/// One engine in the match, with what was measured of it.
struct Seat {
    command: String,
    engine: Process,
    name: String,
    /// Extra statistics the engine reports (`stonefield-search_stats`), when it knows them.
    reports_stats: bool,
}

pub fn run(config: &MatchConfig) -> anyhow::Result<()> {
    if config.variant != MatchVariant::Classic {
        return variant::run(config, config.variant);
    }
    if config.players.len() != 2 {
        bail!(
            "a match needs exactly two --player options, got {}",
            config.players.len()
        );
    }
    let rules = Rules {
        komi: config.komi.unwrap_or(7.5),
        ..Rules::preset(&config.rules, config.size.unwrap_or(9)).context("--rules")?
    };
    rules.validate().context("--size and --komi")?;
    std::fs::create_dir_all(&config.out)
        .with_context(|| format!("cannot create {}", config.out.display()))?;
    let timeout = Duration::try_from_secs_f64(config.answer_timeout)
        .ok()
        .filter(|d| !d.is_zero())
        .context("--answer-timeout must be a positive number of seconds")?;
    let mut seats = config
        .players
        .iter()
        .map(|c| Seat::start(c, timeout))
        .collect::<anyhow::Result<Vec<Seat>>>()?;
    let mut referee: Box<dyn Gtp> = match &config.referee {
        Some(command) => Box::new(Process::spawn(&expand(command)?)?),
        None => Box::new(crate::gtp::Engine::new(crate::gtp::Options::playouts(1, 1))),
    };
    let mut tally = Tally::new([seats[0].name.clone(), seats[1].name.clone()]);
    let progress = stats::progress_bar(config.games, config.json);
    for number in 1..=config.games {
        let black = usize::from(number % 2 == 0);
        let game = GameRun::new(config, rules, timeout, number);
        let (result, record, measured) = game.play(&mut seats, black, referee.as_mut())?;
        write_game(config, number, &record)?;
        tally.add(&result, &measured);
        progress.set_message(tally.running());
        progress.inc(1);
    }
    progress.finish_and_clear();
    for (i, seat) in seats.iter().enumerate() {
        tally.commands[i].clone_from(&seat.command);
    }
    if config.json {
        println!("{}", serde_json::to_string_pretty(&tally.to_json())?);
    } else {
        print!("{}", tally.table());
        println!("games written to {}", config.out.display());
    }
    Ok(())
}

/// `builtin ARGS` becomes this binary's `gtp ARGS`.
fn expand(command: &str) -> anyhow::Result<String> {
    let trimmed = command.trim_start();
    let Some(rest) = trimmed.strip_prefix("builtin") else {
        return Ok(command.to_owned());
    };
    if !(rest.is_empty() || rest.starts_with(char::is_whitespace)) {
        return Ok(command.to_owned());
    }
    let exe = std::env::current_exe().context("the path of this binary")?;
    let exe = shlex::try_quote(&exe.to_string_lossy())
        .context("the path of this binary")?
        .into_owned();
    Ok(format!("{exe} gtp{rest}"))
}

impl Seat {
    fn start(command: &str, timeout: Duration) -> anyhow::Result<Seat> {
        let mut engine = Process::spawn(&expand(command)?)?;
        let ask = |engine: &mut Process, what: &str| -> anyhow::Result<String> {
            Ok(engine.send(what, timeout)?.unwrap_or_default())
        };
        let name = format!(
            "{} {}",
            ask(&mut engine, "name")?,
            ask(&mut engine, "version")?
        );
        let reports_stats = ask(&mut engine, "known_command stonefield-search_stats")? == "true";
        Ok(Seat {
            command: command.to_owned(),
            engine,
            name: name.trim().to_owned(),
            reports_stats,
        })
    }

    /// Sends a command that must succeed.
    fn must(&mut self, command: &str, timeout: Duration) -> anyhow::Result<String> {
        match self.engine.send(command, timeout)? {
            Ok(text) => Ok(text),
            Err(e) => bail!("{}: {command:?} refused: {e}", self.command),
        }
    }
}

/// One game in progress: the referee's position and the moves so far.
struct GameRun<'a> {
    config: &'a MatchConfig,
    rules: Rules,
    timeout: Duration,
    number: u32,
    game: ClassicGame,
    /// The refereed moves: a point, or a pass.
    moves: Vec<(Color, Option<Point>)>,
    /// Who resigned, ending the game.
    resigned: Option<Color>,
    measured: Vec<MoveMeasure>,
}

impl<'a> GameRun<'a> {
    fn new(config: &'a MatchConfig, rules: Rules, timeout: Duration, number: u32) -> Self {
        GameRun {
            config,
            rules,
            timeout,
            number,
            game: ClassicGame::new(rules).expect("validated rules"),
            moves: Vec::new(),
            resigned: None,
            measured: Vec::new(),
        }
    }

    fn play(
        mut self,
        seats: &mut [Seat],
        black: usize,
        referee: &mut dyn Gtp,
    ) -> anyhow::Result<(GameResult, Record, Vec<MoveMeasure>)> {
        for seat in seats.iter_mut() {
            self.setup(seat)?;
        }
        let seat_of = |c: Color| if c == Color::Black { black } else { 1 - black };
        let limit = self
            .config
            .max_moves
            .unwrap_or(3 * u32::from(self.rules.board_size).pow(2));
        let end = loop {
            if self.game.phase() != Phase::Playing {
                break self.count(referee, "two passes")?;
            }
            if self.moves.len() >= limit as usize {
                break self.count(referee, "move limit")?;
            }
            let color = self.game.to_move();
            let (mover, other) = (seat_of(color), 1 - seat_of(color));
            if let Some(end) = self.turn(seats, mover, other, color)? {
                break end;
            }
        };
        let result = GameResult {
            black,
            white: 1 - black,
            outcome: end.0,
            moves: self.moves.len() + usize::from(self.resigned.is_some()),
            reason: end.1,
        };
        let record = self.record(seats, black, &result);
        Ok((result, record, self.measured))
    }

    fn setup(&self, seat: &mut Seat) -> anyhow::Result<()> {
        let t = self.timeout;
        seat.must(&format!("boardsize {}", self.rules.board_size), t)?;
        seat.must("clear_board", t)?;
        seat.must(&format!("komi {}", self.rules.komi), t)?;
        if self.config.time > 0.0 {
            seat.must(&format!("time_settings 0 {} 1", self.config.time), t)?;
        }
        Ok(())
    }

    /// Asks `mover` for a move, referees it and tells `other`; the end of the game when
    /// the move ends it.
    fn turn(
        &mut self,
        seats: &mut [Seat],
        mover: usize,
        other: usize,
        color: Color,
    ) -> anyhow::Result<Option<(Outcome, String)>> {
        let t = self.timeout;
        let letter = color.letter();
        if self.config.time > 0.0 {
            seats[mover].must(&format!("time_left {letter} {} 1", self.config.time), t)?;
        }
        let started = Instant::now();
        let answer = seats[mover].must(&format!("genmove {letter}"), t)?;
        let spent = started.elapsed();
        let stats = if seats[mover].reports_stats {
            seats[mover].engine.send("stonefield-search_stats", t)?.ok()
        } else {
            None
        };
        self.measured
            .push(MoveMeasure::new(mover, spent, stats.as_deref()));
        let vertex = answer.trim().to_ascii_lowercase();
        let size = self.rules.board_size;
        let win_for_other = |by| Outcome::Win {
            winner: color.other(),
            by,
        };
        if vertex == "resign" {
            self.resigned = Some(color);
            return Ok(Some((Outcome::resignation(color), "resignation".into())));
        }
        let refereed = if vertex == "pass" {
            self.game.pass().map(|()| None)
        } else {
            let Some(p) = Point::from_gtp(&vertex, size) else {
                let why = format!("unreadable move {answer:?}");
                return Ok(Some((win_for_other(WinBy::Forfeit), why)));
            };
            self.game.play(&p).map(|_| Some(p))
        };
        let at = match refereed {
            Ok(at) => at,
            Err(e) => {
                let why = format!("illegal move {answer} ({})", e.reason());
                return Ok(Some((win_for_other(WinBy::Forfeit), why)));
            }
        };
        self.moves.push((color, at));
        seats[other].must(&format!("play {letter} {vertex}"), t)?;
        Ok(None)
    }

    /// The count of a game that ended on the board, by the referee.
    fn count(&self, referee: &mut dyn Gtp, why: &str) -> anyhow::Result<(Outcome, String)> {
        let t = self.timeout;
        let mut send = |c: &str| -> anyhow::Result<String> {
            match referee.send(c, t)? {
                Ok(text) => Ok(text),
                Err(e) => bail!("referee: {c:?} refused: {e}"),
            }
        };
        send(&format!("boardsize {}", self.rules.board_size))?;
        send("clear_board")?;
        send(&format!("komi {}", self.rules.komi))?;
        for &(color, at) in &self.moves {
            let vertex = at.map_or("pass".to_owned(), |p| p.to_gtp(self.rules.board_size));
            send(&format!("play {} {vertex}", color.letter()))?;
        }
        let score = send("final_score")?;
        let outcome = parse_score(&score)
            .with_context(|| format!("referee: unreadable final_score {score:?}"))?;
        Ok((outcome, why.to_owned()))
    }

    fn record(&self, seats: &[Seat], black: usize, result: &GameResult) -> Record {
        let mut record = Record::new(Variant::Classic);
        let mut rules = Map::new();
        rules.insert("preset".into(), Value::from(self.config.rules.clone()));
        rules.insert("board_size".into(), Value::from(self.rules.board_size));
        rules.insert("komi".into(), Value::from(self.rules.komi));
        record.rules = rules;
        record.moves = self
            .moves
            .iter()
            .map(|&(color, at)| crate::gtp::record_move(color, at))
            .chain(self.resigned.map(RecordMove::resign))
            .collect();
        record.result = Some(result.outcome.to_string());
        record.date = Some(stats::today());
        for (color, seat) in [(Color::Black, black), (Color::White, 1 - black)] {
            *record.players.get_mut(color) = Player {
                name: Some(seats[seat].name.clone()),
                extra: [
                    ("command".to_owned(), json!(seats[seat].command)),
                    ("game".to_owned(), json!(self.number)),
                ]
                .into_iter()
                .collect(),
            };
        }
        record
    }
}

/// `B+3.5`, `W+R`, `0` (a draw, as GNU Go writes it) or `Draw`.
fn parse_score(text: &str) -> Option<Outcome> {
    let text = text.trim();
    if text == "0" || text.eq_ignore_ascii_case("draw") || text.eq_ignore_ascii_case("jigo") {
        return Some(Outcome::Draw);
    }
    let (who, margin) = text.split_once('+')?;
    let winner = match who.to_ascii_uppercase().as_str() {
        "B" => Color::Black,
        "W" => Color::White,
        _ => return None,
    };
    let by = match margin {
        "R" | "Resign" => WinBy::Resignation,
        "T" | "Time" => WinBy::Time,
        m => WinBy::Score(m.parse().ok().filter(|v: &f64| v.is_finite())?),
    };
    Some(Outcome::Win { winner, by })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_engines_write_them() {
        let win = |winner, by| Some(Outcome::Win { winner, by });
        assert_eq!(parse_score("B+3.5"), win(Color::Black, WinBy::Score(3.5)));
        assert_eq!(parse_score("W+R"), win(Color::White, WinBy::Resignation));
        assert_eq!(parse_score("0"), Some(Outcome::Draw));
        assert_eq!(parse_score("X+1"), None);
        assert_eq!(parse_score("B+lots"), None);
        assert_eq!(parse_score(""), None);
    }

    #[test]
    fn builtin_names_this_binary() {
        let cmd = expand("builtin --level 3").expect("expands");
        assert!(cmd.ends_with(" gtp --level 3"), "{cmd}");
        assert_eq!(
            expand("gnugo --mode gtp").expect("kept"),
            "gnugo --mode gtp"
        );
        assert_eq!(expand("builtinx").expect("kept"), "builtinx");
    }
}
