//! ATTACTICS before it joins the registry (issue 18: its web board, server
//! tests and team options come next): the conformance suite for 2, 3 and 4
//! seats over random playouts, the size of its legal lists, and its random
//! games' speed and length for docs/performance.md.

use rules::conformance::{ConformanceConfig, run};
use rules::games::attactics::{Attactics, AttacticsOptions};
use rules::{Game, Seed, SeedStream, Status};

/// Random games run to thousands of actions (a Monarch moves only on a one,
/// so the race to Maze Center or to the last Monarch is long): a playout
/// may take this many actions per two seats, enough for all to finish.
const MAX_ACTIONS: usize = 30_000;

#[test]
fn attactics_passes_the_conformance_suite_for_two_three_and_four_seats() {
    for (seats, playouts) in [(2u8, 12), (3, 4), (4, 4)] {
        let config =
            ConformanceConfig { playouts, deep: 1, max_actions: MAX_ACTIONS * usize::from(seats) / 2, seed: 1 };
        let report = run::<Attactics>(&AttacticsOptions { seats }, config).unwrap_or_else(|e| panic!("{seats}: {e}"));
        eprintln!("{seats} seats: {report:?}");
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
            let mut game = Attactics::new(&AttacticsOptions { seats }).unwrap();
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
        let options = AttacticsOptions { seats };
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
