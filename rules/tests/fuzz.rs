//! Fuzzing every text and JSON reader of the rules, as proptest properties
//! so a short run is part of `cargo test` (raise `PROPTEST_CASES` for a long
//! one; docs/performance.md records how long they ran without a finding):
//!
//! - position formats (Dame 100's FEN, Accasta's and Attraktion's own);
//! - records in each game's format (PDN for Dame 100, the line format for
//!   the others) and the open JSON match record, through `replay`;
//! - each game's notation, a turn's text read in a reachable state;
//! - actions as JSON, as a client sends them.
//!
//! The inputs are valid samples taken from random playouts, then mutated:
//! characters deleted, repeated, replaced by others of the sample or by any
//! character at all, and pieces of other samples spliced in. Nothing may
//! panic, and a position that reads must write a position that reads back
//! to the same state.

use proptest::prelude::*;
use rules::record::RecordMeta;
use rules::referee::{AnyReferee, Change, Entry};
use rules::registry::all_games;
use rules::tools::replay::{JsonRecord, replay};
use rules::{AnyGame, Seat, Seed, Status};
use serde_json::Value;
use std::sync::OnceLock;

/// Steps of each sampling playout.
const STEPS: usize = 120;
/// Every how many steps a state is kept for the notation and action readers.
const KEEP_EVERY: usize = 7;

/// Valid inputs of one game, from random playouts.
struct Samples {
    game: &'static dyn AnyGame,
    options: Value,
    positions: Vec<String>,
    records: Vec<String>,
    /// A reachable state, an acting seat, a legal action's text and JSON.
    states: Vec<(Box<dyn AnyReferee>, Seat, String, String)>,
}

/// Plays `game` at random from `seed`, keeping what its readers read.
fn sample(game: &'static dyn AnyGame, options: Value, seed: u64, samples: &mut Samples) {
    let Ok(mut referee) = game.referee(&options, None, Seed::from_u64(seed)) else { return };
    let mut entries: Vec<Entry> = referee.settle();
    let mut pick = seed;
    for step in 0..STEPS {
        pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        if let Some(position) = referee.state().position() {
            samples.positions.push(position);
        }
        let Status::Acting(decision) = referee.state().status() else { break };
        let seats: Vec<Seat> = decision.seats.iter().collect();
        let seat = seats[(pick >> 33) as usize % seats.len()];
        let legal = referee.state().legal(seat);
        let Some(action) = legal.get((pick >> 40) as usize % legal.len().max(1)) else { break };
        if step % KEEP_EVERY == 0 {
            let json = action.action.to_string();
            samples.states.push((referee.clone_box(), seat, action.text.clone(), json));
        }
        match referee.act_or_expire(seat, &action.action) {
            Ok(made) => entries.extend(made),
            Err(error) => panic!("{}: a legal action was refused: {error}", game.info().id),
        }
    }
    // The record as the server writes it: each turn's text is that of its last step.
    let mut turns: Vec<(u32, String)> = Vec::new();
    for entry in entries.iter().filter(|e| matches!(e.change, Change::Act { .. } | Change::Chance { .. })) {
        let text = entry.turn_text.clone().unwrap_or_else(|| entry.text.clone());
        match turns.last_mut() {
            Some((turn, last)) if *turn == entry.turn => *last = text,
            _ => turns.push((entry.turn, text)),
        }
    }
    let turns: Vec<String> = turns.into_iter().map(|(_, text)| text).collect();
    if let Ok(start) = game.new_match(&options) {
        samples.records.push(start.write_record(&turns, &RecordMeta::default()));
    }
    let record = JsonRecord {
        game: game.info().id.to_string(),
        rules_version: game.info().rules_version,
        options: options.clone(),
        seed: Seed::from_u64(seed),
        history: entries.into_iter().map(|e| e.change).collect(),
        actions: vec![],
    };
    samples.records.push(serde_json::to_string(&record).expect("records serialize"));
}

fn samples() -> &'static [Samples] {
    static SAMPLES: OnceLock<Vec<Samples>> = OnceLock::new();
    SAMPLES.get_or_init(|| {
        let mut all = Vec::new();
        for game in all_games().iter().copied() {
            for options in game.option_choices() {
                let mut samples = Samples {
                    game,
                    options: options.clone(),
                    positions: Vec::new(),
                    records: Vec::new(),
                    states: Vec::new(),
                };
                for seed in 1..=3 {
                    sample(game, options.clone(), seed, &mut samples);
                }
                all.push(samples);
            }
        }
        all
    })
}

/// One change to a text.
#[derive(Clone, Debug)]
enum Mutation {
    Delete(usize),
    Repeat(usize),
    /// Replaced by a character of the text itself (at the second index).
    Shuffle(usize, usize),
    /// Replaced by any character.
    Replace(usize, char),
    Insert(usize, char),
    /// A piece of another sample (index, start, length) put in.
    Splice(usize, usize, usize, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = any::<usize>();
    let interesting = prop_oneof![
        any::<char>(),
        prop::sample::select(vec!['0', '1', '9', '-', 'x', ':', ',', ' ', '\n', '{', '}', '"', '[', '/', '.', 'W']),
    ];
    prop_oneof![
        at.prop_map(Mutation::Delete),
        at.prop_map(Mutation::Repeat),
        (at, any::<usize>()).prop_map(|(a, b)| Mutation::Shuffle(a, b)),
        (at, interesting.clone()).prop_map(|(a, c)| Mutation::Replace(a, c)),
        (at, interesting).prop_map(|(a, c)| Mutation::Insert(a, c)),
        (at, any::<usize>(), any::<usize>(), any::<u8>()).prop_map(|(a, s, f, n)| Mutation::Splice(a, s, f, n)),
    ]
}

fn mutate(text: &str, mutations: &[Mutation], others: &[&str]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for m in mutations {
        let len = chars.len();
        let at = |i: usize| if len == 0 { 0 } else { i % len };
        match *m {
            Mutation::Delete(i) if len > 0 => {
                chars.remove(at(i));
            }
            Mutation::Repeat(i) if len > 0 => chars.insert(at(i), chars[at(i)]),
            Mutation::Shuffle(i, j) if len > 0 => chars[at(i)] = chars[at(j)],
            Mutation::Replace(i, c) if len > 0 => chars[at(i)] = c,
            Mutation::Insert(i, c) => chars.insert(if len == 0 { 0 } else { i % (len + 1) }, c),
            Mutation::Splice(i, s, from, n) if !others.is_empty() => {
                let other: Vec<char> = others[s % others.len()].chars().collect();
                if !other.is_empty() {
                    let start = from % other.len();
                    let piece = &other[start..(start + usize::from(n)).min(other.len())];
                    let into = if len == 0 { 0 } else { i % (len + 1) };
                    chars.splice(into..into, piece.iter().copied());
                }
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn mutations() -> impl Strategy<Value = Vec<Mutation>> {
    prop::collection::vec(mutation(), 0..6)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn positions_read_without_panicking_and_write_back_to_themselves(pick in any::<usize>(), changes in mutations()) {
        for s in samples().iter().filter(|s| !s.positions.is_empty()) {
            let others: Vec<&str> = s.positions.iter().map(String::as_str).collect();
            let text = mutate(&s.positions[pick % s.positions.len()], &changes, &others);
            if let Ok(read) = s.game.match_at(&s.options, &text) {
                let written = read.position().expect("a game that reads positions writes them");
                let again = s.game.match_at(&s.options, &written);
                prop_assert!(again.is_ok(), "{}: {text:?} read, but its writing {written:?} does not", s.game.info().id);
                prop_assert!(again.unwrap().same_state(read.as_ref()), "{}: {written:?} reads differently", s.game.info().id);
            }
        }
    }

    #[test]
    fn records_and_json_records_replay_without_panicking(pick in any::<usize>(), changes in mutations()) {
        for s in samples().iter().filter(|s| !s.records.is_empty()) {
            let others: Vec<&str> = s.records.iter().map(String::as_str).collect();
            let text = mutate(&s.records[pick % s.records.len()], &changes, &others);
            let _ = replay(s.game, &text, &s.options);
        }
    }

    #[test]
    fn turns_in_notation_read_without_panicking(pick in any::<usize>(), changes in mutations()) {
        for s in samples().iter().filter(|s| !s.states.is_empty()) {
            let texts: Vec<&str> = s.states.iter().map(|(_, _, text, _)| text.as_str()).collect();
            let (referee, _, text, _) = &s.states[pick % s.states.len()];
            let text = mutate(text, &changes, &texts);
            if let Ok(changes) = referee.resolve_turn(&text) {
                prop_assert!(!changes.is_empty(), "{}: {text:?} reads as no change", s.game.info().id);
            }
        }
    }

    #[test]
    fn actions_as_json_are_checked_without_panicking(pick in any::<usize>(), changes in mutations()) {
        for s in samples().iter().filter(|s| !s.states.is_empty()) {
            let jsons: Vec<&str> = s.states.iter().map(|(_, _, _, json)| json.as_str()).collect();
            let (referee, seat, _, json) = &s.states[pick % s.states.len()];
            let Ok(action) = serde_json::from_str::<Value>(&mutate(json, &changes, &jsons)) else { continue };
            let mut referee = referee.clone_box();
            let before = referee.clone_box();
            match referee.act(*seat, &action) {
                Ok(entries) => prop_assert!(!entries.is_empty()),
                Err(_) => prop_assert!(
                    referee.state().same_state(before.state()),
                    "{}: a refused action changed the state", s.game.info().id
                ),
            }
        }
    }
}

#[test]
fn every_game_gives_samples_to_every_reader() {
    for game in all_games() {
        let of_game: Vec<&Samples> = samples().iter().filter(|s| s.game.info().id == game.info().id).collect();
        let id = game.info().id;
        assert!(of_game.iter().all(|s| s.records.len() >= 6 && s.states.len() >= 3), "{id} has too few samples");
        if game.new_match(&Value::Null).is_ok_and(|m| m.position().is_some()) {
            assert!(of_game.iter().all(|s| s.positions.len() > 10), "{id} has too few positions");
        }
    }
}
