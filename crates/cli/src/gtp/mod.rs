//! `stonefield gtp`: classic Go over the Go Text Protocol (version 2), so that GoGui, Sabaki
//! and other GTP controllers can play against stonefield. Errors are `? message` replies,
//! never a crash.

mod clock;
mod player;
mod protocol;

use std::io::{BufRead, Write};

use serde_json::{Map, Value};
use stonefield_ai::search::Choice;
use stonefield_record::{ClassicAdapter, MoveKind, Record, Setup, SetupStone, Variant, sgf};
use stonefield_rules::classic::{ClassicGame, Point, Rules, fixed_points};
use stonefield_rules::{ByColor, Color, Game, Stone};

use clock::{Left, TimeControl};
pub use player::{Options, Tuning};
use player::{Player, count};
pub use protocol::record_move;
use protocol::{COMMANDS, READ_ONLY, arg, handicap_count, parse_color, spread_points};

/// The engine's state between commands.
#[derive(Debug)]
pub struct Engine {
    preset: String,
    rules: Rules,
    game: ClassicGame,
    /// Earlier games, for `undo`.
    history: Vec<ClassicGame>,
    /// Moves played, for `printsgf`: (colour, point or pass).
    moves: Vec<(Color, Option<Point>)>,
    /// The position `loadsgf` started from, for `printsgf`.
    setup: Option<Setup>,
    player: Player,
    time_control: TimeControl,
    /// Each player's clock as `time_left` last reported it.
    clocks: ByColor<Option<Left>>,
}

/// A reply: success (`=`) or failure (`?`), and its text.
type Reply = Result<String, String>;

impl Engine {
    pub fn new(options: Options) -> Engine {
        let rules = Rules::preset("chinese", 19).expect("a known preset");
        Engine {
            preset: "chinese".to_owned(),
            game: ClassicGame::new(rules).expect("valid default rules"),
            rules,
            history: Vec::new(),
            moves: Vec::new(),
            setup: None,
            player: Player::new(options),
            time_control: TimeControl::Unlimited,
            clocks: ByColor::default(),
        }
    }

    /// Handles one command line: the reply to print (`None` for an empty line) and whether
    /// the command was `quit`.
    pub fn handle(&mut self, line: &str) -> (Option<String>, bool) {
        let line = line
            .split('#')
            .next()
            .unwrap_or("")
            .replace(['\r', '\t'], " ");
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return (None, false);
        };
        let (id, command) = match first.parse::<u64>() {
            Ok(id) => (id.to_string(), words.next().unwrap_or("")),
            Err(_) => (String::new(), first),
        };
        let args: Vec<&str> = words.collect();
        // A command that may change the position or search ends the thinking on the
        // opponent's time; one that only reads what stands lets it go on.
        if !READ_ONLY.contains(&command) {
            self.player.stop_pondering();
        }
        let reply = self.run(command, &args);
        if reply.is_ok() && matches!(command, "genmove" | "kgs-genmove_cleanup") {
            self.player.ponder(&self.game);
        }
        let text = match reply {
            Ok(t) => format!("={id} {t}"),
            Err(e) => format!("?{id} {e}"),
        };
        (Some(format!("{}\n\n", text.trim_end())), command == "quit")
    }

    fn run(&mut self, command: &str, args: &[&str]) -> Reply {
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("stonefield".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(COMMANDS.contains(&arg(args, 0)?).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => self.boardsize(arg(args, 0)?),
            "clear_board" => self.reset(self.rules),
            "komi" => self.komi(arg(args, 0)?),
            "play" => self.play(arg(args, 0)?, arg(args, 1)?),
            "genmove" => self.genmove(arg(args, 0)?, false),
            "kgs-genmove_cleanup" => self.genmove(arg(args, 0)?, true),
            "stonefield-search_stats" => Ok(self.search_stats()),
            "undo" => self.undo(),
            "showboard" => Ok(format!("\n{}", self.board_text())),
            "final_score" => Ok(self.final_score()),
            "final_status_list" => self.final_status_list(arg(args, 0)?),
            "time_settings" => self.set_time(TimeControl::from_gtp(args)?),
            "kgs-time_settings" => self.set_time(TimeControl::from_kgs(args)?),
            "time_left" => self.time_left(args),
            "fixed_handicap" => self.fixed_handicap(arg(args, 0)?),
            "place_free_handicap" => self.place_free_handicap(arg(args, 0)?),
            "set_free_handicap" => self.set_free_handicap(args),
            "kgs-rules" | "stonefield-rules" => self.set_preset(arg(args, 0)?),
            "loadsgf" => self.loadsgf(arg(args, 0)?, args.get(1).copied()),
            "printsgf" => self.printsgf(args.first().copied()),
            "" => Err("missing command".into()),
            _ => Err("unknown command".into()),
        }
    }

    fn reset(&mut self, rules: Rules) -> Reply {
        let game = ClassicGame::new(rules).map_err(|e| e.to_string())?;
        self.rules = rules;
        self.game = game;
        self.history.clear();
        self.moves.clear();
        self.setup = None;
        self.player.new_game();
        Ok(String::new())
    }

    fn boardsize(&mut self, size: &str) -> Reply {
        let size: u8 = size.parse().map_err(|_| "boardsize not an integer")?;
        let rules = Rules {
            board_size: size,
            ..self.rules
        };
        rules.validate().map_err(|_| "unacceptable size")?;
        self.reset(rules)
    }

    fn komi(&mut self, komi: &str) -> Reply {
        let komi: f64 = komi.parse().map_err(|_| "komi not a float")?;
        let rules = Rules { komi, ..self.rules };
        rules.validate().map_err(|e| e.to_string())?;
        // Komi does not change the position: the same start (handicap or loaded setup
        // included) and the same moves, counted with the new komi.
        self.all_or_nothing(|e| {
            e.rules = rules;
            e.game = e.start_game()?;
            e.history.clear();
            for (color, at) in std::mem::take(&mut e.moves) {
                e.apply(color, at)?;
            }
            Ok(String::new())
        })
    }

    /// The game at its start: the setup (handicap stones, a loaded position) if there is
    /// one, else a new game under the rules.
    fn start_game(&self) -> Result<ClassicGame, String> {
        let Some(setup) = &self.setup else {
            return ClassicGame::new(self.rules).map_err(|e| e.to_string());
        };
        let size = self.rules.board_size;
        let stones = setup
            .stones
            .iter()
            .map(|s| match s.at.as_slice() {
                &[x, y] => {
                    Point::new(x as u32, y as u32, size).map(|at| Stone { at, color: s.color })
                }
                _ => None,
            })
            .collect::<Option<Vec<_>>>()
            .ok_or("a setup stone off the board")?;
        let to_move = setup.to_move.unwrap_or(Color::Black);
        ClassicGame::from_setup(self.rules, &stones, to_move).map_err(|e| e.to_string())
    }

    /// Runs `change`; if it fails, the game is left as it was before.
    fn all_or_nothing(&mut self, change: impl FnOnce(&mut Engine) -> Reply) -> Reply {
        let before = (
            self.preset.clone(),
            self.rules,
            self.game.clone(),
            self.history.clone(),
            self.moves.clone(),
            self.setup.clone(),
        );
        let reply = change(self);
        if reply.is_err() {
            (
                self.preset,
                self.rules,
                self.game,
                self.history,
                self.moves,
                self.setup,
            ) = before;
        }
        reply
    }

    fn set_preset(&mut self, name: &str) -> Reply {
        let name = match name {
            "tromp_taylor" => "tromp-taylor",
            "new_zealand" => "new-zealand",
            other => other,
        };
        let rules = Rules {
            komi: self.rules.komi,
            ..Rules::preset(name, self.rules.board_size).map_err(|e| e.to_string())?
        };
        self.preset = name.to_owned();
        self.reset(rules)
    }

    fn apply(&mut self, color: Color, at: Option<Point>) -> Reply {
        let before = self.game.clone();
        if self.game.is_over() {
            // GTP controllers may play on after two passes: the game goes on.
            let _ = self.game.resume_play();
        }
        if self.game.to_move() != color {
            // GTP allows consecutive moves of one colour: treat the other side as passing.
            self.game.pass().map_err(|e| e.to_string())?;
            if self.game.is_over() {
                let _ = self.game.resume_play();
            }
        }
        let result = match at {
            Some(p) => self.game.play(&p).map(|_| ()),
            None => self.game.pass(),
        };
        if let Err(e) = result {
            self.game = before;
            return Err(format!("illegal move ({})", e.reason()));
        }
        self.history.push(before);
        self.moves.push((color, at));
        Ok(String::new())
    }

    fn play(&mut self, color: &str, vertex: &str) -> Reply {
        let color = parse_color(color)?;
        let at = self.parse_vertex(vertex)?;
        self.apply(color, at)
    }

    fn parse_vertex(&self, vertex: &str) -> Result<Option<Point>, String> {
        if vertex.eq_ignore_ascii_case("pass") {
            return Ok(None);
        }
        Point::from_gtp(vertex, self.rules.board_size)
            .map(Some)
            .ok_or_else(|| "invalid coordinate".to_owned())
    }

    fn genmove(&mut self, color: &str, cleanup: bool) -> Reply {
        let color = parse_color(color)?;
        let mut probe = self.game.clone();
        if probe.is_over() {
            let _ = probe.resume_play();
        }
        if probe.to_move() != color {
            probe.pass().map_err(|e| e.to_string())?;
            let _ = probe.resume_play();
        }
        let opponent_passed = self
            .moves
            .last()
            .is_some_and(|&(c, at)| c != color && at.is_none());
        let clock = self.clocks.get(color).and_then(|left| {
            let empty = probe
                .board()
                .points()
                .filter(|&p| probe.board().get(p).is_none());
            // About a third of the empty points are still to be played by each side.
            let to_go = (empty.count() / 3).max(10) as u32;
            self.time_control.budget(left, to_go)
        });
        let started = std::time::Instant::now();
        let choice = self.player.choose(&probe, clock, opponent_passed, cleanup);
        // Run our own clock down, for controllers that never send `time_left`; the next
        // `time_left` overrides it. Time up leaves the shortest budgets.
        if let Some(left) = *self.clocks.get(color) {
            let spent = started.elapsed().as_secs_f64();
            let after = self.time_control.after_move(left, spent);
            *self.clocks.get_mut(color) = Some(after.unwrap_or(Left {
                seconds: 0.0,
                stones: 0,
            }));
        }
        match choice {
            Choice::Resign => Ok("resign".into()),
            Choice::Pass => self.apply(color, None).map(|_| "pass".into()),
            Choice::Play(p) => self
                .apply(color, Some(p))
                .map(|_| p.to_gtp(self.rules.board_size)),
        }
    }

    /// Loads an SGF game, up to (not including) move number `until` if given.
    fn loadsgf(&mut self, path: &str, until: Option<&str>) -> Reply {
        let until: Option<usize> = match until {
            Some(n) => Some(n.parse().map_err(|_| "move number not an integer")?),
            None => None,
        };
        let text = std::fs::read_to_string(path).map_err(|_| "cannot open file")?;
        let record = sgf::read(&text)
            .map_err(|e| format!("cannot load file: {e}"))?
            .into_record();
        let adapter = ClassicAdapter::new(&record.rules, record.setup.as_ref())
            .map_err(|e| format!("cannot load file: {e}"))?;
        let take = until.map_or(usize::MAX, |n| n.saturating_sub(1));
        self.all_or_nothing(|e| {
            e.rules = *adapter.game().rules();
            e.game = adapter.game().clone();
            e.history.clear();
            e.moves.clear();
            e.setup = record.setup.clone();
            for mv in record.moves.iter().take(take) {
                let at = match &mv.kind {
                    MoveKind::At(xy) => Some(
                        Point::new(xy[0] as u32, xy[1] as u32, e.rules.board_size)
                            .ok_or("cannot load file: a move off the board")?,
                    ),
                    MoveKind::Pass => None,
                    // Marks change no stone; play goes on after a resumption.
                    MoveKind::Mark(_) => continue,
                    MoveKind::Resume => {
                        let _ = e.game.resume_play();
                        continue;
                    }
                    MoveKind::Resign
                    | MoveKind::Request { .. }
                    | MoveKind::Swap
                    | MoveKind::Timeout
                    | MoveKind::Limit => break,
                };
                e.apply(mv.color, at)
                    .map_err(|why| format!("cannot load file: {why}"))?;
            }
            Ok(e.game.to_move().name().to_owned())
        })
    }

    /// The game so far as SGF, printed or written to `path`.
    fn printsgf(&mut self, path: Option<&str>) -> Reply {
        let mut record = Record::new(Variant::Classic);
        let mut rules = Map::new();
        rules.insert("preset".into(), Value::from(self.preset.clone()));
        rules.insert("board_size".into(), Value::from(self.rules.board_size));
        rules.insert("komi".into(), Value::from(self.rules.komi));
        record.rules = rules;
        record.setup = self.setup.clone();
        record.moves = self
            .moves
            .iter()
            .map(|&(color, at)| record_move(color, at))
            .collect();
        let text = sgf::write(&record).map_err(|e| e.to_string())?;
        match path {
            Some(path) => {
                std::fs::write(path, text).map_err(|_| "cannot write file")?;
                Ok(String::new())
            }
            None => Ok(text),
        }
    }

    fn set_time(&mut self, control: TimeControl) -> Reply {
        self.time_control = control;
        self.clocks = ByColor::new_with(|_| control.start());
        Ok(String::new())
    }

    /// `time_left COLOR SECONDS STONES`.
    fn time_left(&mut self, args: &[&str]) -> Reply {
        let color = parse_color(arg(args, 0)?)?;
        let seconds: f64 = arg(args, 1)?
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite())
            .ok_or("time not a number")?;
        let stones: u32 = arg(args, 2)?
            .parse()
            .map_err(|_| "stones not a non-negative integer")?;
        *self.clocks.get_mut(color) = Some(Left {
            seconds: seconds.max(0.0),
            stones,
        });
        Ok(String::new())
    }

    /// `fixed_handicap N`: the standard points, on an empty board.
    fn fixed_handicap(&mut self, stones: &str) -> Reply {
        let n = handicap_count(stones)?;
        let points = fixed_points(self.rules.board_size, n).ok_or("invalid number of stones")?;
        self.place_handicap(&points)
    }

    /// `place_free_handicap N`: the engine's choice, which is the fixed points where the
    /// board has them and then the third or fourth line's other points.
    fn place_free_handicap(&mut self, stones: &str) -> Reply {
        let n = handicap_count(stones)?;
        let size = self.rules.board_size;
        let mut points = fixed_points(size, n.min(4)).unwrap_or_default();
        for more in (5..=n).rev() {
            if let Some(p) = fixed_points(size, more) {
                points = p;
                break;
            }
        }
        let spread = spread_points(size);
        for p in spread {
            if points.len() >= usize::from(n) {
                break;
            }
            if !points.contains(&p) {
                points.push(p);
            }
        }
        // The board has no good points for so many stones.
        if points.len() < usize::from(n) {
            return Err("invalid number of stones".into());
        }
        self.place_handicap(&points)
    }

    /// `set_free_handicap V1 V2 ...`: the controller's points.
    fn set_free_handicap(&mut self, vertices: &[&str]) -> Reply {
        let size = self.rules.board_size;
        let mut points = Vec::new();
        for v in vertices {
            let p = Point::from_gtp(v, size).ok_or("invalid coordinate")?;
            if points.contains(&p) {
                return Err("repeated vertex".into());
            }
            points.push(p);
        }
        if points.len() < 2 || points.len() >= usize::from(size) * usize::from(size) {
            return Err("invalid number of stones".into());
        }
        self.place_handicap(&points).map(|_| String::new())
    }

    /// Puts handicap stones on an empty board as a setup (White moves next) and lists them.
    fn place_handicap(&mut self, points: &[Point]) -> Reply {
        if !self.game.stones().is_empty() || !self.moves.is_empty() {
            return Err("board not empty".into());
        }
        let stones: Vec<Stone<Point>> = points
            .iter()
            .map(|&at| Stone {
                at,
                color: Color::Black,
            })
            .collect();
        let game = ClassicGame::from_setup(self.rules, &stones, Color::White)
            .map_err(|e| e.to_string())?;
        self.game = game;
        self.history.clear();
        self.setup = Some(Setup {
            stones: points
                .iter()
                .map(|p| SetupStone {
                    at: vec![f64::from(p.x()), f64::from(p.y())],
                    color: Color::Black,
                })
                .collect(),
            to_move: Some(Color::White),
        });
        let size = self.rules.board_size;
        Ok(points
            .iter()
            .map(|p| p.to_gtp(size))
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn undo(&mut self) -> Reply {
        let previous = self.history.pop().ok_or("cannot undo")?;
        self.game = previous;
        self.moves.pop();
        Ok(String::new())
    }

    fn dead(&mut self) -> Vec<Point> {
        self.player
            .dead(&self.game)
            .into_iter()
            .map(|s| s.at)
            .collect()
    }

    fn final_score(&mut self) -> String {
        let dead = self.player.dead(&self.game);
        count(&self.game, &dead).to_string()
    }

    /// `playouts N seconds S winrate W pondered P` of the last generated move (P: the
    /// playouts made on the opponent's time before it, with `--ponder`).
    fn search_stats(&self) -> String {
        let s = self.player.last;
        format!(
            "playouts {} seconds {:.3} winrate {} pondered {}",
            s.playouts,
            s.seconds,
            s.win_rate.map_or("-".to_owned(), |w| format!("{w:.3}")),
            s.pondered
        )
    }

    fn final_status_list(&mut self, status: &str) -> Reply {
        let dead = self.dead();
        let size = self.rules.board_size;
        let stones = self.game.stones();
        let listed: Vec<String> = match status {
            "dead" => dead.iter().map(|p| p.to_gtp(size)).collect(),
            "alive" => stones
                .iter()
                .filter(|s| !dead.contains(&s.at))
                .map(|s| s.at.to_gtp(size))
                .collect(),
            "seki" => Vec::new(),
            _ => return Err("unknown status".into()),
        };
        Ok(listed.join(" "))
    }

    fn board_text(&self) -> String {
        let board = self.game.board();
        let size = board.size();
        let letters: String = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
            .chars()
            .take(usize::from(size))
            .flat_map(|c| [' ', c])
            .collect();
        let mut out = format!("   {letters}\n");
        for y in 0..size {
            out.push_str(&format!("{:>2} ", size - y));
            for x in 0..size {
                let p = Point::new(u32::from(x), u32::from(y), size).expect("on board");
                out.push(' ');
                out.push(match board.get(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            out.push('\n');
        }
        let prisoners = self.game.prisoners();
        out.push_str(&format!(
            "rules {} komi {} captures B {} W {}, {} to move",
            self.preset,
            self.rules.komi,
            prisoners.black,
            prisoners.white,
            self.game.to_move()
        ));
        out
    }
}

/// Serves GTP on standard input and output until `quit` or end of input.
pub fn run(options: Options) -> anyhow::Result<()> {
    if let Some(t) = options.time
        && !(t.is_finite() && t > 0.0)
    {
        anyhow::bail!("--time must be a positive number of seconds, got {t}");
    }
    let mut engine = Engine::new(options);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let (reply, quit) = engine.handle(&line?);
        if let Some(reply) = reply {
            out.write_all(reply.as_bytes())?;
            out.flush()?;
        }
        if quit {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
