//! Hex-Tri (not yet offered to players, so not in the registry's suite):
//! the conformance suite for 2, 3 and 6 seats and the Hungarian figure
//! count, over random playouts.

use rules::conformance::{ConformanceConfig, run};
use rules::games::hextri::{Figures, HexTri, HexTriOptions};

#[test]
fn hextri_passes_the_conformance_suite_for_two_three_and_six_seats() {
    let choices = [(2, Figures::Rulebook), (3, Figures::Rulebook), (3, Figures::Hungarian), (6, Figures::Rulebook)];
    for (seats, figures) in choices {
        let options = HexTriOptions { seats, figures };
        let config = ConformanceConfig { playouts: 40, deep: 8, max_actions: 3_000, seed: 1 };
        let report = run::<HexTri>(&options, config).unwrap_or_else(|e| panic!("{seats} seats: {e}"));
        eprintln!("{seats} seats, {figures:?}: {report:?}");
        assert!(report.finished * 2 > report.playouts, "most random games finish: {report:?}");
        assert!(report.actions_applied > 1_000, "{report:?}");
    }
}
