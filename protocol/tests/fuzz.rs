//! Fuzzing the reader of client messages, the first thing the server does
//! with any frame, as a proptest property so a short run is part of `cargo
//! test` (raise `PROPTEST_CASES` for a long one; docs/performance.md records
//! how long it ran without a finding). Inputs are valid messages of every
//! kind, mutated: characters deleted, repeated, replaced or inserted, and
//! pieces of other messages spliced in. Nothing may panic, every refusal
//! says why, and a message that reads writes back to the same message.

use proptest::prelude::*;
use protocol::{ClientMessage, ErrorCode};

const VALID: &[&str] = &[
    r#"{"type":"hello","protocol":2,"token":"4f9c2a61b1d84e0c9d7a3b5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192"}"#,
    r#"{"type":"hello","protocol":2}"#,
    r#"{"type":"ping","t":1795270014300}"#,
    r#"{"type":"watch_lobbies"}"#,
    r#"{"type":"unwatch_lobbies"}"#,
    r#"{"type":"create_lobby","game":"accasta","options":{"variant":"standard"},"public":true,"clock":{"initial_ms":300000,"increment_ms":2000}}"#,
    r#"{"type":"join","code":"0123456789abcdef0123456789abcdef","last_seq":17}"#,
    r#"{"type":"join","table":"0b7e6d52-3f1a-4c9e-9a43-5d2b8f0e1c77"}"#,
    r#"{"type":"leave","table":"0b7e6d52-3f1a-4c9e-9a43-5d2b8f0e1c77"}"#,
    r#"{"type":"take_seat","table":"0b7e6d52-3f1a-4c9e-9a43-5d2b8f0e1c77","seat":1}"#,
    r#"{"type":"remove_player","table":"t","seat":0}"#,
    r#"{"type":"start","table":"t"}"#,
    r#"{"type":"act","table":"t","id":"a1b2-7","seq":12,"action":{"move":{"from":3,"to":[9,10],"bid":2.5,"keep":true,"note":null}}}"#,
    r#"{"type":"act","table":"t","id":"x","action":"roll"}"#,
    r#"{"type":"resign","table":"t"}"#,
    r#"{"type":"offer_draw","table":"t"}"#,
    r#"{"type":"claim_victory","table":"t"}"#,
    r#"{"type":"rematch","table":"t"}"#,
];

#[derive(Clone, Debug)]
enum Mutation {
    Delete(usize),
    Repeat(usize),
    Replace(usize, char),
    Insert(usize, char),
    Splice(usize, usize, usize, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let c = prop_oneof![
        any::<char>(),
        prop::sample::select(vec!['"', '{', '}', '[', ']', ':', ',', '\\', '0', '9', '-', 'e', '.', 'n', 't', ' ']),
    ];
    prop_oneof![
        any::<usize>().prop_map(Mutation::Delete),
        any::<usize>().prop_map(Mutation::Repeat),
        (any::<usize>(), c.clone()).prop_map(|(i, c)| Mutation::Replace(i, c)),
        (any::<usize>(), c).prop_map(|(i, c)| Mutation::Insert(i, c)),
        (any::<usize>(), any::<usize>(), any::<usize>(), any::<u8>())
            .prop_map(|(i, s, f, n)| Mutation::Splice(i, s, f, n)),
    ]
}

fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for m in mutations {
        let len = chars.len();
        match *m {
            Mutation::Delete(i) if len > 0 => {
                chars.remove(i % len);
            }
            Mutation::Repeat(i) if len > 0 => chars.insert(i % len, chars[i % len]),
            Mutation::Replace(i, c) if len > 0 => chars[i % len] = c,
            Mutation::Insert(i, c) => chars.insert(i % (len + 1), c),
            Mutation::Splice(i, s, from, n) => {
                let other: Vec<char> = VALID[s % VALID.len()].chars().collect();
                let start = from % other.len();
                let piece = &other[start..(start + usize::from(n)).min(other.len())];
                let at = i % (len + 1);
                chars.splice(at..at, piece.iter().copied());
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

    #[test]
    fn client_messages_read_without_panicking_and_write_back_to_themselves(
        pick in any::<usize>(),
        changes in prop::collection::vec(mutation(), 0..8),
    ) {
        let text = mutate(VALID[pick % VALID.len()], &changes);
        match ClientMessage::parse(&text) {
            Ok(message) => {
                let written = serde_json::to_string(&message).unwrap();
                prop_assert_eq!(ClientMessage::parse(&written).ok(), Some(message), "{} wrote as {}", text, written);
            }
            Err(error) => {
                prop_assert!(matches!(error.code(), ErrorCode::BadJson | ErrorCode::UnknownMessage));
                prop_assert!(!error.to_string().is_empty());
            }
        }
    }
}

#[test]
fn every_sample_is_a_message() {
    for text in VALID {
        assert!(ClientMessage::parse(text).is_ok(), "{text}");
    }
}
