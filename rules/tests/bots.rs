//! The bots: what a bot decides depends only on what its seat may know,
//! and an arena run repeats exactly from its seed.

use rules::AnyMatch;
use rules::bot::{Bot, DecisionSeeds, bot, decide};
use rules::chance::{Seed, SeedStream};
use rules::registry::games;
use rules::tools::arena::bout;
use rules::{Seat, Status};
use serde_json::json;

/// Random play from the start of `game`, stopping at every state where a
/// seat acts, for `steps` actions.
fn states_along(game: &str, options: &serde_json::Value, seed: u64, steps: usize) -> Vec<(Box<dyn AnyMatch>, Seat)> {
    let game = rules::registry::game(game).unwrap();
    let mut referee = game.referee(options, None, Seed::from_u64(seed)).unwrap();
    referee.settle();
    let mut stream = SeedStream::new(Seed::from_u64(seed + 1));
    let mut found = Vec::new();
    for _ in 0..steps {
        let state = referee.state();
        let Status::Acting(decision) = state.status() else { break };
        let seats: Vec<Seat> = decision.seats.iter().collect();
        let seat = seats[stream.below(seats.len() as u32) as usize];
        found.push((state.clone_box(), seat));
        let legal = state.legal(seat);
        let action = legal[stream.below(legal.len() as u32) as usize].action.clone();
        referee.act_or_expire(seat, &action).unwrap();
    }
    found
}

#[test]
fn a_bot_decides_the_same_in_two_states_that_differ_only_in_what_its_seat_may_not_know() {
    let searching = [bot("casual").unwrap(), bot("random").unwrap()];
    for game in games().iter().filter(|g| g.info().hidden_information) {
        let id = game.info().id;
        let (mut compared, mut differed) = (0, 0);
        for (options, seed) in game.option_choices().into_iter().take(2).zip(1..) {
            for (k, (truth, seat)) in states_along(id, &options, seed, 120).into_iter().enumerate().step_by(7) {
                // Another truth, the same for the seat: what it may not know drawn anew.
                let other = truth.resample(seat, Seed::from_u64(1_000 + k as u64));
                differed += usize::from(!truth.same_state(other.as_ref()));
                let legal = truth.legal(seat);
                assert_eq!(legal, other.legal(seat), "{id}: the seat's legal actions are its own");
                let seeds = DecisionSeeds { resample: Seed::from_u64(k as u64), choices: Seed::from_u64(7) };
                // What the bot is handed is the same...
                let (seen, seen_other) = (truth.resample(seat, seeds.resample), other.resample(seat, seeds.resample));
                assert!(seen.same_state(seen_other.as_ref()), "{id}: the state a bot sees depends on the truth");
                // ...and so is its choice.
                for bot in searching {
                    let chosen = decide(bot, truth.as_ref(), seat, &legal, seeds, &|| false);
                    let chosen_other = decide(bot, other.as_ref(), seat, &legal, seeds, &|| false);
                    assert_eq!(chosen, chosen_other, "{id}: {} chose by what its seat may not know", bot.name());
                    assert!(chosen < legal.len());
                }
                compared += 1;
            }
        }
        eprintln!("{id}: {compared} decisions compared, {differed} of them between truths that differ");
        assert!(differed * 2 > compared, "{id}: the truths compared hardly differed: the test proved little");
    }
}

#[test]
fn an_arena_repeats_exactly_from_its_seed() {
    let bots: Vec<&dyn Bot> = vec![bot("casual").unwrap(), bot("random").unwrap()];
    for id in ["accasta", "tactique", "dame100"] {
        let game = rules::registry::game(id).unwrap();
        for index in 0..2 {
            let first = bout(game, &json!({}), &bots, (5, index), 400, &|| false).unwrap();
            let again = bout(game, &json!({}), &bots, (5, index), 400, &|| false).unwrap();
            assert_eq!(first, again, "{id}: game {index} of seed 5 played twice");
            assert!(first.actions > 0);
        }
    }
}

#[test]
fn every_bot_plays_only_legal_actions_in_every_game() {
    for game in games() {
        for name in ["casual", "random"] {
            let bots: Vec<&dyn Bot> = vec![bot(name).unwrap(); 2];
            let played = bout(*game, &json!({}), &bots, (3, 0), 150, &|| false)
                .unwrap_or_else(|e| panic!("{}: {name}: {e}", game.info().id));
            assert!(played.actions > 0, "{}", game.info().id);
        }
    }
}

#[test]
fn the_strong_bot_plays_dame_100_with_its_own_searcher() {
    use rules::games::dame100::{Dame100, engine};
    let strong = bot("strong").unwrap();
    let mut compared = 0;
    for (state, seat) in states_along("dame100", &json!({}), 11, 40).into_iter().step_by(5) {
        let legal = state.legal(seat);
        if legal.len() < 2 {
            continue;
        }
        // Told to stop at once, the searcher finishes its first depth only,
        // so the answer is quick and certain.
        let seeds = DecisionSeeds { resample: Seed::from_u64(1), choices: Seed::from_u64(2) };
        let chosen = decide(strong, state.as_ref(), seat, &legal, seeds, &|| true);
        let dame = state.as_any().downcast_ref::<Dame100>().unwrap();
        let own = engine::search(dame.board(), &[], u64::MAX, &mut SeedStream::new(seeds.choices), &|| true);
        assert_eq!(legal[chosen].action, serde_json::to_value(own.best).unwrap());
        compared += 1;
    }
    assert!(compared >= 5, "{compared}");
}

#[test]
fn a_long_games_evaluation_gives_every_seat_a_reward_in_range_and_sides_share_theirs() {
    // ATTACTICS and Tactics judge unfinished playouts (Game::evaluate);
    // the other games leave them even.
    for (id, options) in
        [("attactics", json!({})), ("attactics", json!({"seats": 4, "allies": "across"})), ("tactics1940", json!({}))]
    {
        let mut checked = 0;
        for (state, _) in states_along(id, &options, 4, 200).into_iter().step_by(10) {
            let rewards = state.evaluate().unwrap_or_else(|| panic!("{id} evaluates"));
            assert_eq!(rewards.len(), state.seat_count(), "{id}");
            assert!(rewards.iter().all(|r| (0.0..=1.0).contains(r)), "{id}: {rewards:?}");
            if rewards.len() == 2 {
                assert!((rewards[0] + rewards[1] - 1.0).abs() < 1e-9, "{id}: {rewards:?}");
            }
            checked += 1;
        }
        assert!(checked >= 10, "{id}: {checked}");
    }
    let accasta = rules::registry::game("accasta").unwrap().new_match(&json!({})).unwrap();
    assert_eq!(accasta.evaluate(), None);
}
