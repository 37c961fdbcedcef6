//! `tactica arena`: bots against each other (rules::tools::arena), on every
//! core, with each bot's score, its 95 % confidence interval and its time
//! per move. The clock is read here: each bot's time per move is measured,
//! and kept to its budget only when asked (`--keep-time`), since a search
//! stopped by the clock does not repeat.

use rules::any::{AnyMatch, LegalAction};
use rules::bot::{Bot, search};
use rules::chance::SeedStream;
use rules::registry;
use rules::seat::Seat;
use rules::tools::arena::{Bout, bout};
use serde_json::Value;
use std::io::Write;
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
}

/// A bot with a stopwatch: its decisions and the time they took.
struct Timed {
    bot: &'static dyn Bot,
    keep_time: bool,
    decisions: AtomicU64,
    nanos: AtomicU64,
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

/// One bot's results over the arena, per seat it held: its score (its
/// share of each outcome, `search::reward`), first places and last places
/// (a draw is neither). With more seats than bots, a bot holds several
/// seats of a match and its seats are not independent trials: the
/// interval is then only a guide.
#[derive(Default)]
struct Tally {
    seats: u64,
    score: f64,
    wins: u64,
    losses: u64,
}

pub fn run(arena: &Arena<'_>) -> Result<ExitCode, String> {
    let game = registry::game(arena.game).map_err(|e| e.to_string())?;
    let names: Vec<&str> = arena.bots.split(',').map(str::trim).collect();
    let mut timed = Vec::new();
    for name in &names {
        let bot = rules::bot::arena_bots().find(|b| b.name() == *name).ok_or_else(|| {
            let known: Vec<&str> = rules::bot::arena_bots().map(Bot::name).collect();
            format!("no bot {name:?}; the bots are {}", known.join(", "))
        })?;
        timed.push(Timed { bot, keep_time: arena.keep_time, decisions: AtomicU64::new(0), nanos: AtomicU64::new(0) });
    }
    let bots: Vec<&dyn Bot> = timed.iter().map(|t| t as &dyn Bot).collect();
    let options = game.normalize_options(&arena.options).map_err(|e| e.to_string())?;
    println!("arena: {} {options}, {} games, bots {}, seed {}", arena.game, arena.games, arena.bots, arena.seed);

    let next = AtomicU64::new(0);
    let bouts: Mutex<Vec<(u64, Bout)>> = Mutex::new(Vec::new());
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let started = Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Relaxed);
                    if index >= arena.games || failure.lock().unwrap().is_some() {
                        return;
                    }
                    match bout(game, &options, &bots, (arena.seed, index), arena.max_actions, &|| false) {
                        Ok(played) => {
                            let mut done = bouts.lock().unwrap();
                            done.push((index, played));
                            progress(done.len() as u64, arena.games, started.elapsed());
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
    let mut bouts = bouts.into_inner().unwrap();
    bouts.sort_by_key(|(index, _)| *index);
    report(&names, &timed, &bouts);
    Ok(ExitCode::SUCCESS)
}

/// One line on stderr, rewritten as games finish.
fn progress(done: u64, games: u64, elapsed: Duration) {
    let left = elapsed.mul_f64((games - done) as f64 / done as f64);
    eprint!("\r{done}/{games} games, {:.0} s, about {:.0} s to go   ", elapsed.as_secs_f64(), left.as_secs_f64());
    let _ = std::io::stderr().flush();
}

fn report(names: &[&str], timed: &[Timed], bouts: &[(u64, Bout)]) {
    let mut tallies: Vec<(&str, Tally)> = Vec::new();
    let mut unfinished = 0;
    let mut actions = 0;
    for (_, played) in bouts {
        actions += played.actions;
        let Some(outcome) = &played.outcome else {
            unfinished += 1;
            continue;
        };
        let last = outcome.places.iter().max().copied().unwrap_or(1);
        for (seat, reward) in search::reward(outcome).into_iter().enumerate() {
            let name = names[played.seating[seat]];
            let at = match tallies.iter().position(|(n, _)| *n == name) {
                Some(at) => at,
                None => {
                    tallies.push((name, Tally::default()));
                    tallies.len() - 1
                }
            };
            let tally = &mut tallies[at].1;
            tally.seats += 1;
            tally.score += reward;
            let place = outcome.places[seat];
            tally.wins += u64::from(place == 1 && last > 1);
            tally.losses += u64::from(place == last && last > 1);
        }
    }
    println!(
        "games: {}, unfinished: {unfinished}, {:.1} actions a game",
        bouts.len(),
        actions as f64 / bouts.len().max(1) as f64
    );
    for (name, tally) in &tallies {
        let (low, high) = wilson(tally.score, tally.seats);
        let draws = tally.seats - tally.wins - tally.losses;
        println!(
            "{name}: score {:.3} [{low:.3}, {high:.3}] over {} seats: {} first, {} last, {draws} between or drawn",
            tally.score / tally.seats as f64,
            tally.seats,
            tally.wins,
            tally.losses
        );
    }
    for bot in timed {
        let decisions = bot.decisions.load(Relaxed);
        let per_move = Duration::from_nanos(bot.nanos.load(Relaxed) / decisions.max(1));
        println!("{}: {:.1} ms per move over {decisions} moves", bot.name(), per_move.as_secs_f64() * 1e3);
    }
}

/// The Wilson score interval at 95 % for `score` successes in `n` trials
/// (a draw counts half a success).
fn wilson(score: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, z) = (n as f64, 1.96f64);
    let p = score / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z * z / n;
    ((centre - spread) / scale, (centre + spread) / scale)
}

#[cfg(test)]
mod tests {
    use super::wilson;

    #[test]
    fn the_interval_brackets_the_score_and_narrows_with_more_games() {
        let (low, high) = wilson(190.0, 200);
        assert!(low < 0.95 && 0.95 < high && high < 1.0, "{low} {high}");
        let (low_more, high_more) = wilson(1900.0, 2000);
        assert!(high_more - low_more < high - low);
        assert_eq!(wilson(0.0, 0), (0.0, 1.0));
    }
}
