//! `tactica arena`: bots against each other (rules::tools::arena), on every
//! core, with each bot's score, its 95 % confidence interval and its time
//! per move. The clock is read here: each bot's time per move is measured,
//! and kept to its budget only when asked (`--keep-time`), since a search
//! stopped by the clock does not repeat. With `--results FILE` each game
//! is kept as it ends and a later run plays only the games the file lacks
//! ([`results`]).

mod report;
mod results;

use results::{Heading, Line, Results, Thinking};
use rules::any::{AnyMatch, LegalAction};
use rules::bot::Bot;
use rules::chance::SeedStream;
use rules::registry;
use rules::seat::Seat;
use rules::tools::arena::bout;
use serde_json::Value;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// What to play.
pub struct Arena<'a> {
    pub game: &'a str,
    pub bots: &'a str,
    pub games: u64,
    pub seed: u64,
    pub options: Value,
    pub max_actions: u64,
    pub keep_time: bool,
    /// Where to keep each game as it ends, and find those played before.
    pub results: Option<&'a Path>,
}

/// A bot with a stopwatch over one game: its decisions and the time they
/// took.
struct Timed {
    bot: &'static dyn Bot,
    keep_time: bool,
    decisions: AtomicU64,
    nanos: AtomicU64,
}

impl Timed {
    fn new(bot: &'static dyn Bot, keep_time: bool) -> Timed {
        Timed { bot, keep_time, decisions: AtomicU64::new(0), nanos: AtomicU64::new(0) }
    }

    fn thinking(&self) -> Thinking {
        Thinking { decisions: self.decisions.load(Relaxed), nanos: self.nanos.load(Relaxed) }
    }
}

impl Bot for Timed {
    fn name(&self) -> &'static str {
        self.bot.name()
    }

    fn display_name(&self) -> &'static str {
        self.bot.display_name()
    }

    fn choose(
        &self,
        seen: &dyn AnyMatch,
        seat: Seat,
        legal: &[LegalAction],
        stream: &mut SeedStream,
        stop: &dyn Fn() -> bool,
    ) -> usize {
        let started = Instant::now();
        let until = self.bot.time_budget().filter(|_| self.keep_time).map(|budget| started + budget);
        let stop = || stop() || until.is_some_and(|until| Instant::now() >= until);
        let index = self.bot.choose(seen, seat, legal, stream, &stop);
        self.decisions.fetch_add(1, Relaxed);
        self.nanos.fetch_add(started.elapsed().as_nanos() as u64, Relaxed);
        index
    }
}

pub fn run(arena: &Arena<'_>) -> Result<ExitCode, String> {
    let game = registry::game(arena.game).map_err(|e| e.to_string())?;
    let names: Vec<&str> = arena.bots.split(',').map(str::trim).collect();
    let mut bots: Vec<&'static dyn Bot> = Vec::new();
    for name in &names {
        let bot = rules::bot::arena_bots().find(|b| b.name() == *name).ok_or_else(|| {
            let known: Vec<&str> = rules::bot::arena_bots().map(Bot::name).collect();
            format!("no bot {name:?}; the bots are {}", known.join(", "))
        })?;
        bots.push(bot);
    }
    let options = game.normalize_options(&arena.options).map_err(|e| e.to_string())?;
    let heading = Heading {
        game: game.info().id.to_string(),
        rules_version: game.info().rules_version,
        options: options.clone(),
        bots: names.iter().map(ToString::to_string).collect(),
        seed: arena.seed,
        max_actions: arena.max_actions,
        keep_time: arena.keep_time,
    };
    let results = match arena.results {
        Some(path) => Results::open(path, &heading)?,
        None => Results::unkept(),
    };
    let held = results.lines.range(..arena.games).count() as u64;
    println!("arena: {} {options}, {} games, bots {}, seed {}", arena.game, arena.games, arena.bots, arena.seed);
    if held > 0 {
        println!("{held} games already in the results file");
    }

    let to_play: Vec<u64> = (0..arena.games).filter(|index| !results.lines.contains_key(index)).collect();
    let (next, played) = (AtomicU64::new(0), AtomicU64::new(0));
    let results = Mutex::new(results);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let started = Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let next = next.fetch_add(1, Relaxed);
                    let Some(&index) = to_play.get(next as usize) else { return };
                    if failure.lock().unwrap().is_some() {
                        return;
                    }
                    let timed: Vec<Timed> = bots.iter().map(|bot| Timed::new(*bot, arena.keep_time)).collect();
                    let seated: Vec<&dyn Bot> = timed.iter().map(|t| t as &dyn Bot).collect();
                    match bout(game, &options, &seated, (arena.seed, index), arena.max_actions, &|| false) {
                        Ok(bout) => {
                            let line = Line { index, bout, thinking: timed.iter().map(Timed::thinking).collect() };
                            let mut results = results.lock().unwrap();
                            if let Err(error) = results.keep(line) {
                                *failure.lock().unwrap() = Some(error);
                                return;
                            }
                            let played = played.fetch_add(1, Relaxed) + 1;
                            progress(held + played, arena.games, played, started.elapsed());
                        }
                        Err(error) => *failure.lock().unwrap() = Some(format!("game {index}: {error}")),
                    }
                }
            });
        }
    });
    eprintln!();
    if let Some(error) = failure.into_inner().unwrap() {
        return Err(error);
    }
    let results = results.into_inner().unwrap();
    report::print(&names, results.lines.range(..arena.games).map(|(_, line)| line));
    Ok(ExitCode::SUCCESS)
}

/// One line on stderr, rewritten as games finish: `done` of `games` held,
/// `played` of them in this sitting, in `elapsed`.
fn progress(done: u64, games: u64, played: u64, elapsed: Duration) {
    let left = elapsed.mul_f64((games - done) as f64 / played as f64);
    eprint!("\r{done}/{games} games, {:.0} s, about {:.0} s to go   ", elapsed.as_secs_f64(), left.as_secs_f64());
    let _ = std::io::stderr().flush();
}
