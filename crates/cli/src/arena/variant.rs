//! `stonefield match --variant continuous|margo|topological`: games between players built
//! into this process (the tree search at a level or budget, and the greedy and random
//! baselines), colours alternating, counted by the rules engine; the same win table and
//! JSON as the classic match, which plays GTP engines instead, and every game written to
//! `--out` as a JSON record (`stonefield replay` and the replay page read it).

use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Parser;
use serde_json::{Map, Value, json};
use stonefield_ai::baseline::{Greedy, random_choice};
use stonefield_ai::ending::{Ending, passes_back, settled_by_playouts};
use stonefield_ai::level::{LEVELS, Level};
use stonefield_ai::player;
use stonefield_ai::search::{Choice, Policy, Search, SearchConfig};
use stonefield_ai::variants::{ContinuousPolicy, MargoPolicy, TopoPolicy};
use stonefield_record::{Player, Record, RecordMove, Variant};
use stonefield_rules::continuous::{ContinuousGame, ContinuousRules};
use stonefield_rules::margo::{MargoGame, MargoRules};
use stonefield_rules::topological::{TopoGame, TopoRules};
use stonefield_rules::{Color, Game, Outcome, Phase, WinBy};

use super::config::{GameResult, MatchConfig, MatchVariant, write_game};
use super::stats::{self, MoveMeasure, Tally};

/// What a match needs to write a variant's games as records.
trait Recorded: Greedy {
    const VARIANT: Variant;
    /// The record move of `color` playing `mv`.
    fn record_move(color: Color, mv: &Self::Move) -> RecordMove;
}

impl Recorded for ContinuousGame {
    const VARIANT: Variant = Variant::Continuous;
    fn record_move(color: Color, p: &Self::Move) -> RecordMove {
        RecordMove::at(color, vec![p.x(), p.y()])
    }
}

impl Recorded for MargoGame {
    const VARIANT: Variant = Variant::Margo;
    fn record_move(color: Color, p: &Self::Move) -> RecordMove {
        RecordMove::at(color, p.coords().iter().map(|&c| f64::from(c)).collect())
    }
}

impl Recorded for TopoGame {
    const VARIANT: Variant = Variant::Topological;
    fn record_move(color: Color, m: &Self::Move) -> RecordMove {
        RecordMove {
            reserve: m.reserve,
            ..RecordMove::at(color, vec![f64::from(m.at.x()), f64::from(m.at.y())])
        }
    }
}

/// The search's options, as `ai ...` gives them.
#[derive(Debug, Clone, Parser)]
#[command(no_binary_name = true)]
struct SearchArgs {
    /// 1 (weakest) to 10 (full strength, 1 s a move on every core), as for `stonefield gtp`.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    level: Option<u8>,
    #[arg(long)]
    playouts: Option<u32>,
    /// Seconds a move.
    #[arg(long, value_parser = seconds)]
    time: Option<f64>,
    #[arg(long)]
    threads: Option<usize>,
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// A number of seconds a move: positive and at most an hour.
fn seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| *s > 0.0 && *s <= 3600.0)
        .ok_or_else(|| format!("`{text}` is not a number of seconds in (0, 3600]"))
}

/// Who sits at a seat.
#[derive(Debug, Clone)]
enum Contestant {
    Random,
    Greedy,
    Search(SearchArgs),
}

impl Contestant {
    /// `random`, `greedy` or `ai [--level N] [--playouts N] [--time S] [--threads N]`.
    fn parse(spec: &str) -> anyhow::Result<Contestant> {
        let mut words = spec.split_whitespace();
        match words.next() {
            Some("random") if words.next().is_none() => Ok(Contestant::Random),
            Some("greedy") if words.next().is_none() => Ok(Contestant::Greedy),
            Some("ai") => Ok(Contestant::Search(
                SearchArgs::try_parse_from(words).with_context(|| format!("player `{spec}`"))?,
            )),
            _ => bail!(
                "player `{spec}`: with --variant, a player is `random`, `greedy` or `ai [--level N] [--playouts N] [--time S] [--threads N]`"
            ),
        }
    }

    fn name(&self, spec: &str) -> String {
        match self {
            Contestant::Random => "random".into(),
            Contestant::Greedy => "greedy".into(),
            Contestant::Search(_) => spec.trim().to_string(),
        }
    }

    /// The search's settings in the game seeded `game_seed`, and the level whose chance
    /// picks its move (none with an explicit budget).
    fn search_config(&self, base: &SearchConfig, game_seed: u64) -> Option<(SearchConfig, Level)> {
        let Contestant::Search(args) = self else {
            return None;
        };
        let level = Level::get(args.level.unwrap_or(10)).unwrap_or(LEVELS[9]);
        let explicit = args.playouts.is_some() || args.time.is_some();
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let mut config = level.search_config(base.clone(), cores);
        if explicit {
            config.playouts = args.playouts;
            config.time = args.time.map(Duration::from_secs_f64);
        }
        if let Some(threads) = args.threads {
            config.threads = threads.max(1);
        }
        config.seed = args.seed.wrapping_add(game_seed);
        let chance = if explicit { LEVELS[9] } else { level };
        Some((config, chance))
    }
}

/// A seat: its player, the search it keeps between moves (its tree is reused), and its
/// rules for passing and resigning.
struct Seat<G: Game, P> {
    contestant: Contestant,
    search: Option<(Search<G, P>, Level)>,
    policy: P,
    ending: Ending,
    rng: fastrand::Rng,
}

impl<G, P> Seat<G, P>
where
    G: Greedy + Sync,
    G::Move: Send + Sync,
    P: Policy<G> + Clone,
{
    fn new(contestant: Contestant, start: &G, policy: &P, base: &SearchConfig, seed: u64) -> Self {
        let search = contestant
            .search_config(base, seed)
            .map(|(mut config, level)| {
                // Resignation is the ending's, on several searches' word.
                config.resign_below = None;
                (Search::new(start.clone(), policy.clone(), config), level)
            });
        let resigns = search.as_ref().is_some_and(|(_, level)| level.resigns);
        Seat {
            contestant,
            search,
            policy: policy.clone(),
            ending: Ending {
                resigns,
                hopeless_moves: 0,
            },
            rng: fastrand::Rng::with_seed(seed),
        }
    }

    /// The move of this seat's player in `game`, and the playouts it searched. The search
    /// ends games by the server's computer's rules ([`Ending`]): it passes back when the
    /// opponent passed, it leads on the live count and the board is settled, and resigns
    /// after several hopeless estimates.
    fn choose(&mut self, game: &G, opponent_passed: bool) -> (Choice<G::Move>, Option<u64>) {
        let (policy, rng) = (&self.policy, &mut self.rng);
        match (&self.contestant, &mut self.search) {
            (Contestant::Search(_), Some(_))
                if passes_back(opponent_passed, player::leads(game), || {
                    settled_by_playouts(game, policy, rng)
                }) =>
            {
                self.ending.hopeless_moves = 0;
                (Choice::Pass, None)
            }
            (Contestant::Random, _) => (random_choice(game, rng), None),
            (Contestant::Greedy, _) => (game.greedy_choice(rng), None),
            (Contestant::Search(_), Some((search, level))) => {
                search.set_game(game.clone());
                let result = search.run();
                let picked = level.pick(&result, rng);
                let may_pass = policy.may_pass(game);
                let choice = self.ending.after_search(&result, picked, may_pass, || {
                    settled_by_playouts(game, policy, rng)
                });
                (choice, Some(u64::from(result.playouts)))
            }
            (Contestant::Search(_), None) => (random_choice(game, &mut self.rng), None),
        }
    }
}

/// Runs the match of `config` (its `variant` is not classic).
pub fn run(config: &MatchConfig, variant: MatchVariant) -> anyhow::Result<()> {
    if config.players.len() != 2 {
        bail!(
            "a match needs exactly two --player options, got {}",
            config.players.len()
        );
    }
    let contestants = [
        Contestant::parse(&config.players[0])?,
        Contestant::parse(&config.players[1])?,
    ];
    match variant {
        MatchVariant::Classic => bail!("classic Go matches are played between GTP engines"),
        MatchVariant::Continuous => {
            let defaults = ContinuousRules::default();
            let game = ContinuousGame::new(ContinuousRules {
                komi: config.komi.unwrap_or(defaults.komi),
                ..defaults
            })
            .context("--komi")?;
            let rules = rules_map(json!({"komi": game.rules().komi}));
            let search = ContinuousPolicy::search_config();
            let policy = ContinuousPolicy::default();
            play_match(config, contestants, &game, &rules, &search, &policy)
        }
        MatchVariant::Margo => {
            let size = config.size.unwrap_or(7);
            let rules = MargoRules::with_size(u32::from(size)).context("--size")?;
            let game = MargoGame::new(rules).context("MarGo rules")?;
            let rules = rules_map(json!({"board_size": size}));
            let search = SearchConfig::default();
            play_match(
                config,
                contestants,
                &game,
                &rules,
                &search,
                &MargoPolicy::default(),
            )
        }
        MatchVariant::Topological => {
            let size = config.size.unwrap_or(10);
            let reserve = TopoRules::DEFAULT_RESERVE;
            let game = TopoGame::new(TopoRules::new(u32::from(size), reserve).context("--size")?);
            let rules = rules_map(json!({"board_size": size, "reserve_stones": reserve}));
            let search = SearchConfig::default();
            play_match(config, contestants, &game, &rules, &search, &TopoPolicy)
        }
    }
}

/// The record's `rules` object of a variant's match.
fn rules_map(rules: Value) -> Map<String, Value> {
    match rules {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

fn play_match<G, P>(
    config: &MatchConfig,
    contestants: [Contestant; 2],
    start: &G,
    rules: &Map<String, Value>,
    base: &SearchConfig,
    policy: &P,
) -> anyhow::Result<()>
where
    G: Recorded + Sync,
    G::Move: Send + Sync,
    P: Policy<G> + Clone,
{
    let names = [
        contestants[0].name(&config.players[0]),
        contestants[1].name(&config.players[1]),
    ];
    let mut tally = Tally::new(names.clone());
    tally.commands = names;
    std::fs::create_dir_all(&config.out)
        .with_context(|| format!("cannot create {}", config.out.display()))?;
    let progress = stats::progress_bar(config.games, config.json);
    for number in 1..=config.games {
        let black = usize::from(number % 2 == 0);
        // Every game its own seeds, so that the random players and the searches vary (two
        // searches at fixed budgets would otherwise repeat one game).
        let mut seats = contestants.clone().map(|c| {
            let seed = u64::from(number) * 1_000_003;
            Seat::new(c, start, policy, base, seed)
        });
        let (result, measured, moves) = play_game(start, &mut seats, black, config.max_moves);
        let mut record = Record::new(G::VARIANT);
        record.rules = rules.clone();
        record.moves = moves;
        record.result = Some(result.outcome.to_string());
        record.date = Some(stats::today());
        for (color, seat) in [(Color::Black, black), (Color::White, 1 - black)] {
            *record.players.get_mut(color) = Player {
                name: Some(tally.commands[seat].clone()),
                extra: [("game".to_owned(), json!(number))].into_iter().collect(),
            };
        }
        write_game(config, number, &record)?;
        tally.add(&result, &measured);
        progress.set_message(tally.running());
        progress.inc(1);
    }
    progress.finish_and_clear();
    if config.json {
        println!("{}", serde_json::to_string_pretty(&tally.to_json())?);
    } else {
        print!("{}", tally.table());
        println!("games written to {}", config.out.display());
    }
    Ok(())
}

/// One game from `start`, `seats[black]` taking Black, with its record moves; a move that
/// the rules refuse loses the game for its player, and a game stopped at `max_moves`, or
/// ended by two passes where the rules would mark dead stones next, is counted as it
/// stands (every stone alive: both players passed, so neither saw a stone to take).
fn play_game<G, P>(
    start: &G,
    seats: &mut [Seat<G, P>; 2],
    black: usize,
    max_moves: Option<u32>,
) -> (GameResult, Vec<MoveMeasure>, Vec<RecordMove>)
where
    G: Recorded + Sync,
    G::Move: Send + Sync,
    P: Policy<G> + Clone,
{
    let mut game = start.clone();
    let mut measured = Vec::new();
    let seat_of = |color: Color| {
        if color == Color::Black {
            black
        } else {
            1 - black
        }
    };
    let mut moves = 0;
    let finish = |outcome: Outcome, moves: usize, reason: String| GameResult {
        black,
        white: 1 - black,
        outcome,
        moves,
        reason,
    };
    let mut record = Vec::new();
    let mut opponent_passed = false;
    loop {
        if let Some(outcome) = game.outcome() {
            return (
                finish(outcome, moves, "the game ended".into()),
                measured,
                record,
            );
        }
        let stop = if game.phase() == Phase::MarkingDead {
            Some("two passes")
        } else if max_moves.is_some_and(|m| moves >= m as usize) {
            Some("move limit")
        } else {
            None
        };
        if let Some(reason) = stop {
            let s = game.score();
            let outcome = Outcome::from_scores(s.black, s.white);
            return (finish(outcome, moves, reason.into()), measured, record);
        }
        let mover = game.to_move();
        let seat = seat_of(mover);
        let started = Instant::now();
        let (choice, playouts) = seats[seat].choose(&game, opponent_passed);
        opponent_passed = choice == Choice::Pass;
        measured.push(MoveMeasure {
            seat,
            spent: started.elapsed(),
            playouts,
        });
        let played = match &choice {
            Choice::Play(mv) => {
                record.push(G::record_move(mover, mv));
                game.play(mv).map(|_| ())
            }
            Choice::Pass => {
                record.push(RecordMove::pass(mover));
                game.pass()
            }
            Choice::Resign => {
                record.push(RecordMove::resign(mover));
                let outcome = Outcome::resignation(mover);
                return (
                    finish(outcome, moves, "resignation".into()),
                    measured,
                    record,
                );
            }
        };
        if let Err(why) = played {
            let outcome = Outcome::Win {
                winner: mover.other(),
                by: WinBy::Forfeit,
            };
            let reason = format!("{mover:?} played an illegal move ({why})");
            return (finish(outcome, moves, reason), measured, record);
        }
        moves += 1;
    }
}
