//! The conformance suite for every registered game: the typed suite of
//! [`rules::conformance`] over thousands of random playouts, and the same
//! promises checked once more through the JSON layer the server uses.

use rules::click::find_prefix_clash;
use rules::conformance::ConformanceConfig;
use rules::registry::games;
use rules::tools::replay::replay_json;
use rules::{AnyGame, AnyMatch, Chance, LegalAction, RulesError, Seat, SeatAction, Seed, Status, Viewer};
use serde_json::{Value, json};

/// Playouts per game through the JSON layer, every state checked in depth.
const JSON_PLAYOUTS: u64 = 25;
/// Actions after which a playout stops (some games can go on for ever).
const MAX_ACTIONS: usize = 600;

fn seats(state: &dyn AnyMatch) -> impl Iterator<Item = Seat> {
    (0..state.seat_count() as u8).map(Seat)
}

/// Every check that concerns a single state. With `deep`, every legal
/// action is also applied, round-tripped and checked against refusals.
/// Returns each seat's legal actions.
fn check_state(
    game: &dyn AnyGame,
    state: &dyn AnyMatch,
    history: &[Vec<LegalAction>],
    chance: &mut Chance,
    deep: bool,
) -> Vec<Vec<LegalAction>> {
    let id = game.info().id;
    let acting = state.status().acting();
    if let Status::Acting(set) = state.status() {
        assert!(!set.is_empty(), "{id}: the match is not over but nobody may act");
    }
    let all_legal: Vec<Vec<LegalAction>> = seats(state).map(|seat| state.legal(seat)).collect();
    for seat in seats(state) {
        let legal = &all_legal[seat.index()];
        if !acting.contains(seat) {
            assert!(legal.is_empty(), "{id}: {seat} may not act but has legal actions");
            continue;
        }
        assert!(!legal.is_empty(), "{id}: {seat} may act but has no legal action");
        let (owners, clicks): (Vec<usize>, Vec<Vec<_>>) =
            legal.iter().enumerate().flat_map(|(i, a)| a.all_clicks().map(move |c| (i, c.clone()))).unzip();
        if let Some((a, b)) = find_prefix_clash(&clicks) {
            let (x, y) = (&legal[owners[a]].text, &legal[owners[b]].text);
            panic!("{id}: clicks of {x} and {y} clash: {:?} / {:?}", clicks[a], clicks[b]);
        }
        let mut texts: Vec<&str> = legal.iter().map(|a| a.text.as_str()).collect();
        texts.sort_unstable();
        texts.dedup();
        assert_eq!(texts.len(), legal.len(), "{id}: two legal actions are written alike");
        if !deep {
            continue;
        }
        for action in legal {
            assert_eq!(state.canonical_action(&action.action).unwrap(), action.action, "{id}: JSON round trip");
            let parsed =
                state.parse_action(seat, &action.text).unwrap_or_else(|e| panic!("{id}: {}: {e}", action.text));
            assert_eq!(parsed, action.action, "{id}: notation round trip of {}", action.text);
            let mut after = state.clone_box();
            after
                .apply_json(seat, &action.action)
                .unwrap_or_else(|e| panic!("{id}: listed action {} fails: {e}", action.text));
        }
        check_refusals(id, state, seat, legal, history);
    }
    check_views(id, state, &all_legal, chance);
    all_legal
}

/// Actions that must be refused, each leaving the state unchanged.
fn check_refusals(id: &str, state: &dyn AnyMatch, seat: Seat, legal: &[LegalAction], history: &[Vec<LegalAction>]) {
    let refuse = |who: Seat, action: &Value, what: &str| -> RulesError {
        let mut copy = state.clone_box();
        let error = copy.apply_json(who, action).expect_err(&format!("{id}: {what} was accepted"));
        assert!(copy.same_state(state), "{id}: refusing {what} changed the state");
        error
    };
    // Malformed JSON forms.
    for bad in [json!({"no such": "action"}), json!(null), json!([1, 2, 3])] {
        let error = refuse(seat, &bad, "a malformed action");
        assert!(matches!(error, RulesError::BadAction(_)), "{id}: {error}");
    }
    // A seat that may not act, and a seat that does not exist.
    if let Some(idle) = seats(state).find(|s| !state.status().acting().contains(*s)) {
        let error = refuse(idle, &legal[0].action, "an out-of-turn action");
        assert_eq!(error, RulesError::NotYourTurn(idle), "{id}");
    }
    let error = refuse(Seat(9), &legal[0].action, "an action of a seat not at the table");
    assert_eq!(error, RulesError::NoSuchSeat(Seat(9)), "{id}");
    // Well-formed actions that were legal earlier but are not now.
    let stale = history.iter().rev().flatten().find(|old| legal.iter().all(|now| now.action != old.action));
    if let Some(old) = stale {
        let error = refuse(seat, &old.action, "a stale action");
        assert!(matches!(error, RulesError::Illegal(_) | RulesError::BadAction(_)), "{id}: {error}");
    }
}

/// A seat's view and legal actions must not change when everything it may
/// not know is drawn anew; a spectator's view must not change whatever any
/// seat's resampling changes.
fn check_views(id: &str, state: &dyn AnyMatch, legal: &[Vec<LegalAction>], chance: &mut Chance) {
    for seat in seats(state) {
        let seed = Seed::from_u64(u64::from(chance.below(u32::MAX)));
        let other = state.resample(seat, seed);
        assert_eq!(other.view(Viewer::Seat(seat)), state.view(Viewer::Seat(seat)), "{id}: {seat}'s view leaks");
        assert_eq!(other.legal(seat), legal[seat.index()], "{id}: {seat}'s legal actions leak");
        assert_eq!(other.view(Viewer::Spectator), state.view(Viewer::Spectator), "{id}: the spectator view leaks");
        assert_eq!(other.layout(), state.layout(), "{id}: the layout changed");
    }
}

/// Plays one random game, checking every state; returns the final state and
/// the actions with the turn each belonged to.
fn playout(
    game: &dyn AnyGame,
    seed: Seed,
    chance: &mut Chance,
    deep: bool,
) -> (Box<dyn AnyMatch>, Vec<(u32, SeatAction)>) {
    let id = game.info().id;
    let mut state = game.new_match(&Value::Null, seed).unwrap();
    let mut played = Vec::new();
    let mut history: Vec<Vec<LegalAction>> = Vec::new();
    while played.len() < MAX_ACTIONS {
        let mut all_legal = check_state(game, state.as_ref(), &history, chance, deep);
        let Status::Acting(acting) = state.status() else { break };
        let acting: Vec<Seat> = acting.iter().collect();
        let seat = acting[chance.below(acting.len() as u32) as usize];
        let legal = std::mem::take(&mut all_legal[seat.index()]);
        let choice = legal[chance.below(legal.len() as u32) as usize].clone();
        let turn = state.turn();
        state.apply_json(seat, &choice.action).unwrap();
        assert!(state.turn() >= turn, "{id}: the turn count went back");
        played.push((turn, SeatAction { seat, action: choice.action }));
        history.push(legal);
        if history.len() > 4 {
            history.remove(0);
        }
    }
    (state, played)
}

/// Writing each turn in notation and resolving the text gives back the
/// same actions.
fn check_turn_notation(game: &dyn AnyGame, seed: Seed, played: &[(u32, SeatAction)], last: &dyn AnyMatch) {
    let id = game.info().id;
    let mut state = game.new_match(&Value::Null, seed).unwrap();
    let mut i = 0;
    while i < played.len() {
        let turn = played[i].0;
        let end = played[i..].iter().position(|(t, _)| *t != turn).map_or(played.len(), |n| i + n);
        let actions: Vec<SeatAction> = played[i..end].iter().map(|(_, a)| a.clone()).collect();
        // The last turn may have been cut off by the action limit.
        let complete = end < played.len() || last.turn() != turn || matches!(last.status(), Status::Over(_));
        if complete {
            let text = state.notate_turn(&actions).unwrap();
            let resolved = state.resolve_turn(&text).unwrap_or_else(|e| panic!("{id}: turn {text:?}: {e}"));
            assert_eq!(resolved, actions, "{id}: turn {text:?} resolves to other actions");
        }
        for a in &actions {
            state.apply_json(a.seat, &a.action).unwrap();
        }
        i = end;
    }
}

#[test]
fn every_registered_game_passes_the_conformance_suite() {
    std::thread::scope(|scope| {
        for game in games() {
            scope.spawn(move || {
                let config = ConformanceConfig { playouts: 2000, deep: 150, max_actions: MAX_ACTIONS, seed: 1 };
                let report = game.conformance(config).unwrap_or_else(|e| panic!("{e}"));
                eprintln!("{}: {report:?}", game.info().id);
                assert_eq!(report.playouts, 2000);
                assert!(report.finished * 2 > report.playouts, "{}: most random games should finish", game.info().id);
                assert!(report.actions_applied > 10_000, "{}: the deep checks covered too little", game.info().id);
            });
        }
    });
}

#[test]
fn the_json_layer_keeps_the_same_promises() {
    for game in games() {
        let id = game.info().id;
        let mut chance = Chance::new(Seed::from_u64(2024));
        for i in 0..JSON_PLAYOUTS {
            let seed = Seed::from_u64(i);
            let (state, played) = playout(*game, seed, &mut chance, true);
            let actions: Vec<SeatAction> = played.iter().map(|(_, a)| a.clone()).collect();
            let replayed = replay_json(*game, &Value::Null, seed, &actions);
            assert!(replayed.failure.is_none(), "{id}: replay failed: {:?}", replayed.failure);
            assert!(replayed.state.same_state(state.as_ref()), "{id}: replaying the actions gives another state");
            check_turn_notation(*game, seed, &played, state.as_ref());
        }
    }
}

/// The JSON tree walk applies every leaf (about a microsecond each); depths
/// with more leaves than this are left out (Tactique's simultaneous set-up
/// has 67 million leaves at depth 3).
const GENERIC_WALK_LEAVES: u64 = 2_000_000;

#[test]
fn fast_perft_agrees_with_the_generic_tree_walk() {
    for game in games() {
        let start = game.new_match(&Value::Null, Seed::default()).unwrap();
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
                child.apply_json(seat, &action.action).unwrap();
                total += walk(child.as_ref(), depth - 1);
            }
        }
        total
    }
    (1..=depth).map(|d| walk(state, d)).collect()
}

#[test]
fn options_are_checked_and_unknown_games_refused() {
    for game in games() {
        assert!(game.normalize_options(&json!({"no_such_option": true})).is_err(), "{}", game.info().id);
        assert!(game.normalize_options(&Value::Null).is_ok());
        let seats = game.seat_count(&Value::Null).unwrap();
        assert!((game.info().min_seats as usize..=game.info().max_seats as usize).contains(&seats));
    }
    assert!(matches!(rules::registry::game("chess"), Err(RulesError::UnknownGame(_))));
}
