//! What an arena prints at the end: over every game it holds, each bot's
//! score with its 95 % confidence interval, its places, and its time per
//! move.

use super::results::Line;
use rules::bot::search;
use std::time::Duration;

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

/// Prints the report of the games `lines` among the bots `names`.
pub fn print<'a>(names: &[&str], lines: impl Iterator<Item = &'a Line>) {
    let mut tallies: Vec<(&str, Tally)> = Vec::new();
    let mut thinking = vec![(0u64, 0u64); names.len()];
    let (mut games, mut unfinished, mut actions) = (0, 0, 0);
    for line in lines {
        games += 1;
        actions += line.bout.actions;
        for (total, spent) in thinking.iter_mut().zip(&line.thinking) {
            total.0 += spent.decisions;
            total.1 += spent.nanos;
        }
        let Some(outcome) = &line.bout.outcome else {
            unfinished += 1;
            continue;
        };
        let last = outcome.places.iter().max().copied().unwrap_or(1);
        for (seat, reward) in search::reward(outcome).into_iter().enumerate() {
            let name = names[line.bout.seating[seat]];
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
    println!("games: {games}, unfinished: {unfinished}, {:.1} actions a game", actions as f64 / games.max(1) as f64);
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
    for (name, (decisions, nanos)) in names.iter().zip(thinking) {
        let per_move = Duration::from_nanos(nanos / decisions.max(1));
        println!("{name}: {:.1} ms per move over {decisions} moves", per_move.as_secs_f64() * 1e3);
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
