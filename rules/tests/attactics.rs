//! ATTACTICS before it joins the registry (issue 18: what keeps it out is
//! the size of its frames: its 36 × 36 layout and its longest legal lists
//! pass the protocol's 64 KiB): the conformance suite for every seat count
//! and team option its lobby form will offer, and the size of its legal
//! lists.

use rules::any::Registered;
use rules::conformance::ConformanceConfig;
use rules::games::attactics::{Attactics, AttacticsOptions};
use rules::{AnyGame, Game, Seed, SeedStream, Status};

/// Random games run to thousands of actions (a Monarch moves only on a one,
/// so the race to Maze Center or to the last Monarch is long): a playout
/// may take this many actions per two seats, enough for all to finish.
const MAX_ACTIONS: usize = 30_000;

#[test]
fn attactics_passes_the_conformance_suite_with_every_choice_of_options() {
    let game = &Registered::<Attactics>::ENTRY;
    let choices = game.option_choices();
    assert_eq!(choices.len(), 7, "2, 3 or 4 seats, two seatings of allies, three team versions");
    for (i, options) in choices.into_iter().enumerate() {
        // The suite tries every legal action of each state of these long
        // games: 10 playouts of the standard game and 2 of each other
        // choice take about a minute and a half.
        let playouts = if i == 0 { 10 } else { 2 };
        let seats = game.seat_count(&options).unwrap();
        let config = ConformanceConfig { playouts, deep: 1, max_actions: MAX_ACTIONS * seats / 2, seed: 1 };
        let report = game.conformance(&options, config).unwrap_or_else(|e| panic!("{options}: {e}"));
        eprintln!("{options}: {report:?}");
        assert_eq!(report.finished, report.playouts, "every random game finishes: {report:?}");
        assert!(report.chance_steps > 0 && report.actions_applied > 1_000, "{report:?}");
    }
}

#[test]
fn legal_action_lists_stay_small() {
    let mut most = 0;
    for seats in [2u8, 4] {
        for seed in 0..4 {
            let mut chance = SeedStream::new(Seed::from_u64(seed));
            let mut choices = SeedStream::new(Seed::from_u64(seed + 100));
            let mut game = Attactics::new(&AttacticsOptions { seats, ..Default::default() }).unwrap();
            let mut legal = Vec::new();
            loop {
                let seat = match game.status() {
                    Status::Over(_) => break,
                    Status::Chance => {
                        let throw = game.draw_chance(&mut chance);
                        game.play_chance(&throw);
                        continue;
                    }
                    Status::Acting(decision) => decision.seats.first().unwrap(),
                };
                legal.clear();
                game.legal_actions(seat, &mut legal);
                most = most.max(legal.len());
                let pick = legal[choices.below(legal.len() as u32) as usize];
                game.play(seat, &pick);
            }
        }
    }
    // Walks may turn round blocks of the maze, so a Major on an 11 reaches
    // far: about 1,300 at most in these games (docs/performance.md).
    eprintln!("the most legal actions at once: {most}");
    assert!(most < 2_000, "{most}");
}
/// `cargo test --release -p tactica-rules --test attactics -- --ignored --nocapture`:
/// 1,000 random games for each seat count (the `tactica playout` numbers
/// once the game is registered).
#[test]
#[ignore = "a measurement for docs/performance.md"]
fn random_games_per_second() {
    for seats in [2u8, 3, 4] {
        let started = std::time::Instant::now();
        let options = AttacticsOptions { seats, ..Default::default() };
        let report = rules::tools::playout::playouts::<Attactics>(&options, 1_000, 1, 1_000_000).unwrap();
        let seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "{seats} seats: {:.0} games/s, {:.0} actions/s, {:.1} actions ({:.1} turns) a game; {:?}",
            report.games as f64 / seconds,
            report.actions as f64 / seconds,
            report.actions as f64 / report.games as f64,
            report.turns as f64 / report.games as f64,
            report
        );
    }
}
