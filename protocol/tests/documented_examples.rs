//! Every example in docs/protocol.md is a real message: client examples
//! parse as `ClientMessage`, server examples as `ServerMessage`, and each
//! serializes back to the same JSON.

use protocol::{ClientMessage, ServerMessage};
use serde_json::Value;

const DOC: &str = include_str!("../../docs/protocol.md");

fn blocks(tag: &str) -> Vec<String> {
    let fence = format!("```json {tag}\n");
    DOC.split(&fence).skip(1).map(|rest| rest.split("\n```").next().expect("a closing fence").to_string()).collect()
}

fn check<T: serde::de::DeserializeOwned + serde::Serialize>(tag: &str) -> usize {
    let examples = blocks(tag);
    for example in &examples {
        let value: Value = serde_json::from_str(example).unwrap_or_else(|e| panic!("not JSON ({e}):\n{example}"));
        let message: T =
            serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("not a {tag} message ({e}):\n{example}"));
        assert_eq!(serde_json::to_value(&message).unwrap(), value, "written back differently:\n{example}");
    }
    examples.len()
}

#[test]
fn every_client_example_is_a_client_message() {
    assert!(check::<ClientMessage>("client") >= 18, "every client message has an example");
}

#[test]
fn every_server_example_is_a_server_message() {
    assert!(check::<ServerMessage>("server") >= 14, "every server message has an example");
}

#[test]
fn unknown_fields_and_types_are_refused() {
    assert!(serde_json::from_str::<ClientMessage>(r#"{"type": "ping", "t": 1, "extra": 2}"#).is_err());
    assert!(serde_json::from_str::<ClientMessage>(r#"{"type": "fly"}"#).is_err());
    assert!(
        serde_json::from_str::<ClientMessage>(r#"{"type": "create_lobby", "game": "accasta", "colour": "red"}"#)
            .is_err()
    );
    let lobby: ClientMessage = serde_json::from_str(r#"{"type": "create_lobby", "game": "accasta"}"#).unwrap();
    assert!(matches!(lobby, ClientMessage::CreateLobby(settings) if !settings.public && settings.clock.is_none()));
}
