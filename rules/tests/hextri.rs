//! Hex-Tri (not yet offered to players, so not in the registry's suite):
//! the conformance suite for 2, 3 and 6 seats and the Hungarian figure
//! count, over random playouts.

use rules::conformance::{ConformanceConfig, run};
use rules::games::hextri::{Figures, HexTri, HexTriOptions};

#[test]
fn hextri_passes_the_conformance_suite_for_two_three_and_six_seats() {
    let choices = [
        (2, Figures::Rulebook, false, false),
        (2, Figures::Rulebook, true, true),
        (3, Figures::Rulebook, false, false),
        (3, Figures::Hungarian, true, false),
        (6, Figures::Rulebook, false, true),
    ];
    for (seats, figures, sabotage, fanatic) in choices {
        let options = HexTriOptions { seats, figures, sabotage, fanatic };
        let config = ConformanceConfig { playouts: 40, deep: 8, max_actions: 3_000, seed: 1 };
        let report = run::<HexTri>(&options, config).unwrap_or_else(|e| panic!("{seats} seats: {e}"));
        eprintln!("{options:?}: {report:?}");
        assert!(report.finished * 2 > report.playouts, "most random games finish: {report:?}");
        assert!(report.actions_applied > 1_000, "{report:?}");
    }
}

/// The most legal actions a seat had at any point of random playouts.
fn most_legal(seats: u8, playouts: u64) -> usize {
    use rules::{Game, Seed, SeedStream, Status};
    let mut most = 0;
    for seed in 0..playouts {
        let mut stream = SeedStream::new(Seed::from_u64(seed));
        let mut game = HexTri::new(&HexTriOptions { seats, ..HexTriOptions::default() }).unwrap();
        let mut legal = Vec::new();
        for _ in 0..3_000 {
            let Status::Acting(decision) = game.status() else { break };
            let seat = decision.seats.first().unwrap();
            legal.clear();
            game.legal_actions(seat, &mut legal);
            most = most.max(legal.len());
            let pick = legal[stream.below(legal.len() as u32) as usize];
            game.play(seat, &pick);
        }
    }
    most
}

#[test]
fn legal_action_lists_stay_small() {
    for seats in [2, 3, 6] {
        let most = most_legal(seats, 30);
        eprintln!("{seats} seats: at most {most} legal actions");
        // docs/performance.md records these; a legal list this long is
        // what a frame carries at worst in random play.
        assert!((10..1_000).contains(&most), "{seats} seats: {most} legal actions");
    }
}
