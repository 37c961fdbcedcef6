//! The conformance suite for every registered game and every choice of
//! options its lobby form offers: the typed suite of [`rules::conformance`]
//! over thousands of random playouts, the same matches played once more
//! through the JSON layer and the referee the server uses, and the fast
//! perft counts against a plain walk of the tree.

use rules::conformance::{ConformanceConfig, ConformanceReport};
use rules::referee::{Change, Entry};
use rules::registry::{Catalog, all_games, games};
use rules::tools::replay::replay_history;
use rules::{AnyGame, AnyMatch, RulesError, Seat, Seed, SeedStream, Status};
use serde_json::{Value, json};

/// Actions after which a two-seat playout stops (some games can go on for
/// ever). A playout of more seats gets as many per two seats, since every
/// seat takes its steps in a round: see [`max_actions`].
const MAX_ACTIONS: usize = 600;

/// Actions after which a playout of `game` with `options` stops.
fn max_actions(game: &dyn AnyGame, options: &Value) -> usize {
    long_game(game).1 * game.seat_count(options).unwrap_or(2).max(2) / 2
}

/// Games whose random playouts are long or slow get fewer, longer ones: by
/// how much to divide the playouts, and the actions a playout may take per
/// two seats. ATTACTICS' random games take 6,000 to 10,000 actions
/// (docs/performance.md), as a Monarch moves only on a one, and the suite
/// tries every legal action of each state: 10 playouts of the standard game
/// and 2 of each other choice take about 90 s. Tactics' random games are
/// short (a side soon has too few ships left: 196 to 467 actions on
/// average, and all of 1,500 four-seat playouts end within the usual
/// limit), but each of their many states is resampled for four seats: the
/// full count took 320 s of this debug build on its own, a third of it
/// about 110 s.
fn long_game(game: &dyn AnyGame) -> (u64, usize) {
    match game.info().id {
        "attactics" => (150, 30_000),
        "tactics1940" => (3, MAX_ACTIONS),
        _ => (1, MAX_ACTIONS),
    }
}

/// Checks that a report covered what the game declares it has.
fn check_coverage(game: &dyn AnyGame, options: &Value, report: &ConformanceReport) {
    let id = game.info().id;
    assert!(report.finished * 2 > report.playouts, "{id} {options}: most random games should finish: {report:?}");
    assert!(report.actions_applied > 1_000, "{id} {options}: the deep checks covered too little: {report:?}");
    let info = game.info();
    assert_eq!(info.chance, report.chance_steps > 0, "{id} {options}: chance as declared: {report:?}");
    assert_eq!(info.simultaneous, report.simultaneous > 0, "{id} {options}: simultaneous as declared: {report:?}");
    assert_eq!(info.windows, report.windows > 0, "{id} {options}: windows as declared: {report:?}");
    if info.hidden_information {
        assert!(report.resamples_changed > 0, "{id} {options}: resampling never drew anything anew: {report:?}");
        assert!(report.observations_compared > 0, "{id} {options}: no observation was compared: {report:?}");
    }
}

#[test]
fn every_game_passes_the_conformance_suite_with_every_choice_of_options() {
    std::thread::scope(|scope| {
        for game in all_games() {
            scope.spawn(move || {
                for (i, options) in game.option_choices().into_iter().enumerate() {
                    // The standard game gets the most playouts; each other
                    // choice fewer, as most of the rules are the same.
                    let (playouts, deep) = if i == 0 { (1500, 120) } else { (300, 40) };
                    let (fewer, _) = long_game(*game);
                    let (playouts, deep) = (playouts / fewer, (deep / fewer).max(1));
                    let max_actions = max_actions(*game, &options);
                    let config = ConformanceConfig { playouts, deep, max_actions, seed: 1 };
                    let report = game.conformance(&options, config).unwrap_or_else(|e| panic!("{e}"));
                    eprintln!("{} {options}: {report:?}", game.info().id);
                    assert_eq!(report.playouts, playouts);
                    if fewer > 1 {
                        // Few playouts, each given room to finish: all do.
                        assert_eq!(report.finished, playouts, "{} {options}: {report:?}", game.info().id);
                    }
                    check_coverage(*game, &options, &report);
                }
            });
        }
    });
}

/// Playouts per game and option through the JSON layer.
const JSON_PLAYOUTS: u64 = 12;

/// A random match played through the referee as the server plays it; returns
/// the entries recorded.
fn referee_playout(game: &dyn AnyGame, options: &Value, seed: Seed, choices: &mut SeedStream) -> Vec<Entry> {
    let id = game.info().id;
    let mut referee = game.referee(options, None, seed).unwrap();
    let mut entries = referee.settle();
    for _ in 0..MAX_ACTIONS {
        let state = referee.state();
        let Status::Acting(decision) = state.status() else { break };
        let acting: Vec<Seat> = decision.seats.iter().collect();
        let seat = acting[choices.below(acting.len() as u32) as usize];
        let legal = state.legal(seat);
        let action = &legal[choices.below(legal.len() as u32) as usize];
        if state.answer_at_deadline(seat).as_ref() == Some(&action.action) {
            // A whole window's default waits for its deadline, as the
            // server lets it: the deadline passes.
            assert_eq!(referee.clone_box().act(seat, &action.action), Err(RulesError::AnswerAtDeadline), "{id}");
            entries.extend(referee.act_or_expire(seat, &action.action).unwrap());
            continue;
        }
        let new = referee.act(seat, &action.action).unwrap_or_else(|e| panic!("{id}: {} refused: {e}", action.text));
        assert_eq!(new[0].text, action.text, "{id}: the entry writes the action as its legal action does");
        entries.extend(new);
    }
    let viewers = referee.state().seat_count() + 1;
    for entry in &entries {
        assert_eq!(entry.seen.len(), viewers, "{id}: one reading per viewer");
        if let Change::Act { seat, .. } = &entry.change {
            // A seat reads its own action, with what it revealed (a volley, ranks).
            let own = entry.seen[seat.index()].as_deref().unwrap_or_default();
            assert!(own.starts_with(entry.text.as_str()), "{id}: a seat reads its own action: {own} / {}", entry.text);
            assert!(entry.stales.contains(*seat), "{id}: an action makes its own seat's older choices stale");
        }
        assert_eq!(entry.turn_seen.len(), viewers, "{id}: one reading of the turn per viewer");
    }
    entries
}

#[test]
fn matches_played_through_the_referee_replay_from_their_history() {
    for game in all_games() {
        let id = game.info().id;
        let mut choices = SeedStream::new(Seed::from_u64(2024));
        for options in game.option_choices() {
            for i in 0..JSON_PLAYOUTS {
                let seed = Seed::from_u64(i);
                let entries = referee_playout(*game, &options, seed, &mut choices);
                let history: Vec<Change> = entries.iter().map(|e| e.change.clone()).collect();
                let replayed = replay_history(*game, &options, seed, &history, false).unwrap();
                assert!(replayed.failure.is_none(), "{id}: replay failed: {:?}", replayed.failure);
                // Replaying tells every viewer the same as live play did.
                let mut again = game.referee(&options, None, seed).unwrap();
                for entry in &entries {
                    let told = again.apply(&entry.change).unwrap();
                    assert_eq!(&told, entry, "{id}: a replayed entry differs from the live one");
                }
            }
        }
    }
}

#[test]
fn a_recorded_chance_outcome_the_seed_does_not_draw_is_refused() {
    for game in all_games().iter().filter(|g| g.info().chance) {
        let id = game.info().id;
        let mut choices = SeedStream::new(Seed::from_u64(5));
        let mut refused = 0;
        for i in 0..20 {
            let seed = Seed::from_u64(i);
            let entries = referee_playout(*game, &Value::Null, seed, &mut choices);
            let history: Vec<Change> = entries.iter().map(|e| e.change.clone()).collect();
            let Some(at) = history.iter().position(|c| matches!(c, Change::Chance { .. })) else { continue };
            let other =
                replay_history(*game, &Value::Null, Seed::from_u64(i + 10_000), &history[..=at], false).unwrap();
            if let Some(failure) = other.failure {
                assert!(failure.reason.contains("seed"), "{id}: {}", failure.reason);
                refused += 1;
            }
        }
        assert!(refused > 0, "{id}: no replay with another seed was refused");
    }
}

/// The JSON tree walk applies every leaf (about a microsecond each); depths
/// with more leaves than this are left out (Tactique's simultaneous set-up
/// has 67 million leaves at depth 3).
const GENERIC_WALK_LEAVES: u64 = 2_000_000;

#[test]
fn fast_perft_agrees_with_the_generic_tree_walk() {
    for game in games() {
        // A match that opens with chance (an opening roll) is walked from
        // the outcomes a fixed stream draws, as perft stands for chance.
        let mut referee = game.referee(&Value::Null, None, Seed::default()).unwrap();
        referee.settle();
        let start = referee.state().clone_box();
        let fast: Vec<u64> = (1..=3).map(|d| game.perft(&Value::Null, None, d).unwrap()).collect();
        let depth = fast.iter().take_while(|n| **n <= GENERIC_WALK_LEAVES).count();
        assert!(depth >= 2, "{}: compare at least two levels", game.info().id);
        let generic = generic_counts(start.as_ref(), depth as u32);
        assert_eq!(fast[..depth], generic, "{}", game.info().id);
    }
}

fn generic_counts(state: &dyn AnyMatch, depth: u32) -> Vec<u64> {
    fn walk(state: &dyn AnyMatch, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut total = 0;
        for seat in state.status().acting().iter() {
            for action in state.legal(seat) {
                let mut child = state.clone_box();
                // Perft stands for chance by one outcome drawn from a fixed stream.
                child.apply_json(seat, &action.action, &mut SeedStream::new(Seed::default())).unwrap();
                total += walk(child.as_ref(), depth - 1);
            }
        }
        total
    }
    (1..=depth).map(|d| walk(state, d)).collect()
}

#[test]
fn options_are_checked_every_offered_choice_builds_a_match_and_unknown_games_are_refused() {
    for game in all_games() {
        let id = game.info().id;
        assert!(game.normalize_options(&json!({"no_such_option": true})).is_err(), "{id}");
        assert!(game.normalize_options(&Value::Null).is_ok());
        let choices = game.option_choices();
        let offered: usize = game.option_specs().iter().map(|s| s.choices.len() - 1).sum();
        assert_eq!(choices.len(), 1 + offered, "{id}: the defaults and each other offered value");
        for options in choices {
            assert_eq!(game.normalize_options(&options).unwrap(), options, "{id}: {options} is complete");
            let seats = game.seat_count(&options).unwrap();
            assert!((game.info().min_seats as usize..=game.info().max_seats as usize).contains(&seats), "{id}");
        }
    }
    assert!(matches!(rules::registry::game("chess"), Err(RulesError::UnknownGame(_))));
    assert!(rules::registry::game("drill").is_err(), "the test game is not offered");
}

/// The bids the Drill offers its first seat, under the catalog's version `version`.
fn drill_bids(catalog: Catalog, version: u32) -> Vec<u64> {
    let game = catalog.game_at("drill", version).unwrap();
    let mut referee = game.referee(&json!({}), None, Seed::default()).unwrap();
    referee.settle();
    let mut bids: Vec<u64> =
        referee.state().legal(Seat(0)).iter().filter_map(|l| l.action["prepare"]["bid"].as_u64()).collect();
    bids.dedup();
    bids
}

#[test]
fn a_catalog_finds_each_game_at_the_rules_version_its_match_was_created_with() {
    for game in games() {
        let id = game.info().id;
        let current = game.info().rules_version;
        assert_eq!(Catalog::Players.game_at(id, current).unwrap().info().id, id);
        let next = current + 1;
        assert!(
            matches!(Catalog::Players.game_at(id, next), Err(RulesError::UnknownRulesVersion { version, .. }) if version == next)
        );
        // Every earlier version a stored match may use is kept.
        for version in 1..current {
            let kept = Catalog::Players.game_at(id, version).unwrap().info();
            assert_eq!((kept.id, kept.rules_version), (id, version));
        }
    }
    assert_eq!(Catalog::Players.game("tactique").unwrap().info().rules_version, 2);
    assert_eq!(Catalog::Players.game("tactics1940").unwrap().info().rules_version, 2);
    assert_eq!(Catalog::Players.game("hextri").unwrap().info().rules_version, 2);
    assert_eq!(Catalog::Players.game("attactics").unwrap().info().rules_version, 2);
    for id in ["tactique", "tactics1940", "hextri", "attactics"] {
        assert_eq!(Catalog::Players.game_at(id, 1).unwrap().info().rules_version, 1, "{id} keeps version 1");
    }
    assert!(Catalog::Players.game("drill").is_err(), "the test game is not offered");
    assert_eq!(Catalog::WithTestGame.game("drill").unwrap().info().rules_version, 1);
    assert!(Catalog::WithTestGame.game_at("drill", 2).is_err(), "the next version is not registered yet");
    // After the upgrade, new matches get version 2 and version 1 stays.
    assert_eq!(Catalog::WithNextTestRules.game("drill").unwrap().info().rules_version, 2);
    assert_eq!(drill_bids(Catalog::WithNextTestRules, 1), [1, 2, 3]);
    assert_eq!(drill_bids(Catalog::WithNextTestRules, 2), [1, 2, 3, 4]);
    assert_eq!(drill_bids(Catalog::WithTestGame, 1), [1, 2, 3]);
    let error = Catalog::Players.game_at("accasta", 9).err().map(|e| e.to_string());
    assert_eq!(error.as_deref(), Some("this server does not have version 9 of the rules of accasta"));
}

#[test]
fn every_kept_rules_version_passes_the_conformance_suite() {
    std::thread::scope(|scope| {
        for game in rules::registry::kept_games() {
            scope.spawn(move || {
                let (fewer, _) = long_game(*game);
                let (playouts, deep) = ((100 / fewer).max(1), (20 / fewer).max(1));
                let max_actions = max_actions(*game, &json!({}));
                let config = ConformanceConfig { playouts, deep, max_actions, seed: 4 };
                let id = game.info().id;
                let report = game.conformance(&json!({}), config).unwrap_or_else(|e| panic!("{id}: {e}"));
                check_coverage(*game, &json!({}), &report);
            });
        }
    });
}

#[test]
fn the_test_games_next_rules_version_passes_the_conformance_suite() {
    let game = Catalog::WithNextTestRules.game("drill").unwrap();
    let config = ConformanceConfig { playouts: 300, deep: 40, max_actions: MAX_ACTIONS, seed: 2 };
    let report = game.conformance(&json!({}), config).unwrap_or_else(|e| panic!("{e}"));
    check_coverage(game, &json!({}), &report);
}

#[test]
fn the_test_games_long_race_passes_the_conformance_suite() {
    let game = rules::registry::any_game("drill").unwrap();
    let options = json!({"seats": 3, "laps": 4});
    let config = ConformanceConfig { playouts: 200, deep: 30, max_actions: MAX_ACTIONS, seed: 3 };
    let report = game.conformance(&options, config).unwrap_or_else(|e| panic!("{e}"));
    check_coverage(game, &options, &report);
    // Four laps take longer than one.
    let short = game.conformance(&json!({"seats": 3}), config).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.actions_applied > 2 * short.actions_applied, "{report:?} against {short:?}");
}
