//! One legality path: for every game and every choice of options, in random
//! reachable states, `check` accepts exactly the actions `legal_actions`
//! lists, for arbitrary actions (made by changing the values inside legal
//! actions seen on the way: other cells, other counts, longer or shorter
//! lists), and a refused action leaves the state unchanged.

use proptest::prelude::*;
use rules::registry::all_games;

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn check_accepts_exactly_the_legal_actions(
        seed in any::<u64>(),
        depth in 0usize..160,
        picks in proptest::collection::vec(any::<u32>(), 1..24),
    ) {
        for game in all_games() {
            for options in game.option_choices() {
                let checked = game.legality(&options, seed, depth, &picks);
                prop_assert!(checked.is_ok(), "{} {options}: {}", game.info().id, checked.unwrap_err());
            }
        }
    }
}
