//! Hex-Tri beyond its default options, which the registry's suite covers:
//! the conformance suite for 2, 3 and 6 seats, the Hungarian figure count
//! and every optional rule, over random playouts; and the legal-list sizes.

use rules::conformance::{ConformanceConfig, run};
use rules::games::hextri::{Figures, HexTri, HexTriOptions};

#[test]
fn hextri_passes_the_conformance_suite_for_two_three_and_six_seats() {
    let plain = HexTriOptions::default();
    let every = HexTriOptions { sabotage: true, fanatic: true, assassin: true, transport: true, ..plain.clone() };
    let choices = [
        HexTriOptions { sabotage: true, fanatic: true, ..plain.clone() },
        HexTriOptions { assassin: true, transport: true, ..plain.clone() },
        HexTriOptions { seats: 3, ..plain.clone() },
        HexTriOptions { seats: 3, figures: Figures::Hungarian, sabotage: true, beginners: true, ..plain.clone() },
        HexTriOptions { seats: 3, ..every.clone() },
        HexTriOptions { seats: 6, fanatic: true, ..plain.clone() },
        HexTriOptions { seats: 6, beginners: true, ..every.clone() },
    ];
    for options in choices {
        let seats = options.seats;
        let config = ConformanceConfig { playouts: 40, deep: 8, max_actions: 3_000, seed: 1 };
        let report = run::<HexTri>(&options, config).unwrap_or_else(|e| panic!("{seats} seats: {e}"));
        eprintln!("{options:?}: {report:?}");
        assert!(report.finished * 2 > report.playouts, "most random games finish: {report:?}");
        assert!(report.actions_applied > 1_000, "{report:?}");
    }
}

/// The most legal actions a seat had at any point of random playouts.
fn most_legal(options: &HexTriOptions, playouts: u64) -> usize {
    use rules::{Game, Seed, SeedStream, Status};
    let mut most = 0;
    for seed in 0..playouts {
        let mut stream = SeedStream::new(Seed::from_u64(seed));
        let mut game = <HexTri>::new(options).unwrap();
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
        let every = HexTriOptions {
            seats,
            sabotage: true,
            fanatic: true,
            assassin: true,
            transport: true,
            beginners: false,
            ..HexTriOptions::default()
        };
        let most = most_legal(&every, 30);
        eprintln!("{seats} seats: at most {most} legal actions");
        // docs/performance.md records these; a legal list this long is
        // what a frame carries at worst in random play.
        assert!((10..1_000).contains(&most), "{seats} seats: {most} legal actions");
    }
}

/// The match of the browser test (web/tests/e2e/hextri.test.mjs), as a
/// record: three players with the beginners' ending; Red walks onto the
/// county of Green's entry road and Green's Main Figure is surrounded.
const SURROUNDED: &str = "\
# Hex-Tri, three players, beginners' ending
Red: M in-t1
Blue: M in-t54
Green: M in-t4
Blue: M t54-h19
Green: done
Red: M t1-h8
";

#[test]
fn a_record_replays_to_its_end_and_a_refused_turn_is_named() {
    use rules::tools::replay::replay;
    let game = rules::registry::game("hextri").unwrap();
    let replayed = replay(game, SURROUNDED, &serde_json::json!({"seats": 3, "beginners": true})).unwrap();
    assert!(replayed.failure.is_none(), "{:?}", replayed.failure);
    assert_eq!(replayed.replayed, 6);
    let outcome = replayed.state().status().outcome().cloned().expect("the match ended");
    assert_eq!(outcome.places, vec![1, 2, 3], "Red took Green's Main Figure; Blue plays on to second");
    // Without the beginners' ending the match goes on, Green out.
    let replayed = replay(game, SURROUNDED, &serde_json::json!({"seats": 3})).unwrap();
    assert!(replayed.state().status().outcome().is_none());
    // Two Main Figures may not share a road.
    let replayed = replay(game, "Red: M in-t1\nBlue: M in-t1\n", &serde_json::Value::Null).unwrap();
    let failure = replayed.failure.expect("the second turn is refused");
    assert_eq!((failure.number, failure.reason.contains("t1 is taken")), (2, true), "{failure:?}");
}
