//! Tactics (1940) through the server: matches of two, three and four
//! players played to a blockade by real WebSocket clients, on SQLite and
//! PostgreSQL. The players hasten the end and seek war
//! ([`common::hastening`]), so that neutrals join it; random play alone
//! takes tens of thousands of actions (docs/performance.md).
//!
//! The submarine windows are whole (docs/architecture.md): no client is
//! ever offered "pass", the passes are given by the server, and each is
//! stored no sooner than the window's full length after the move that
//! opened it, whoever held the card.

mod common;

use common::{Client, FRAME_LIMIT, TestDb, TestServer, hastening, play_preferring, start_game, stored_events};
use serde_json::{Value, json};

/// How long each submarine window lasts here (4 s in a real match).
const WINDOW_MS: u64 = 30;

/// Enough actions for the hastened matches, which end in a few thousand.
const MAX_ACTIONS: usize = 40_000;

/// Plays a match of `seats` to its end; returns the last state and how
/// many passes the windows gave.
async fn play_to_a_blockade(server: &TestServer, db: &TestDb, seats: u8, seed: u64) -> (Value, usize) {
    let options = json!({"seats": seats, "window_ms": WINDOW_MS});
    let prefer = hastening("tactics1940", &options);
    let mut clients: Vec<Client> = Vec::new();
    for _ in 0..seats {
        clients.push(server.client().await);
    }
    let mut players: Vec<&mut Client> = clients.iter_mut().collect();
    let (table, _) = start_game(&mut players, "tactics1940", options, None).await;
    let (played, end) = play_preferring(&mut players, &table, MAX_ACTIONS, seed, &prefer).await;
    assert_eq!(end["phase"], "finished", "{seats} players: not over after {played} actions");
    assert_eq!(end["result"]["termination"], "rules");
    let outcome = &end["view"]["outcome"];
    // Players who rush their ships forward sometimes lose them all first.
    assert!(["blockade", "fleet lost"].contains(&outcome["reason"].as_str().unwrap()), "{outcome}");
    assert_eq!(outcome["places"].as_array().unwrap().len(), usize::from(seats), "every player is ranked");

    // No client was ever offered a pass: the server gives it at the deadline.
    for client in &clients {
        for frame in &client.frames {
            let state = if frame["type"] == "snapshot" { frame } else { &frame["state"] };
            for legal in state["legal"].as_array().into_iter().flatten() {
                assert_ne!(legal["action"]["do"], "pass", "a pass offered early: {legal}");
            }
        }
        let largest = &client.largest;
        assert!(largest.0 <= FRAME_LIMIT, "a {} frame of {} bytes", largest.1, largest.0);
    }
    // Every pass is the window's default, stored its full length after the
    // move that opened the window.
    let events = stored_events(&db.url, &table).await;
    let mut passes = 0;
    let mut opened = None;
    for event in &events {
        let (payload, at) = (&event.payload, event.at);
        let is_pass = event.kind == "act" && payload.contains(r#""do":"pass""#);
        if is_pass {
            assert!(event.client_id.is_none(), "a pass sent by a client: {payload}");
            assert!(payload.contains(r#""by_default":true"#), "{payload}");
            let opened: i64 = opened.expect("a window opened before its passes");
            assert!((at - opened) as u64 >= WINDOW_MS, "a window closed {} ms after it opened", at - opened);
            passes += 1;
        } else if event.kind == "act" {
            opened = Some(at);
        }
    }
    eprintln!(
        "{} {seats} players: {played} actions, {} events, {passes} passes, places {}",
        db.label,
        events.len(),
        outcome["places"]
    );
    (end, passes)
}

/// The players whose side reads "at war" at the end though they began
/// neutral.
fn neutrals_at_war(end: &Value) -> usize {
    let seats = end["view"]["seats"].as_array().unwrap();
    seats
        .iter()
        .filter(|seat| {
            let facts = seat["facts"].as_array().unwrap();
            facts.iter().any(|f| f["label"] == "side" && f["value"].as_str().unwrap_or_default().starts_with("at war"))
        })
        .count()
}

#[tokio::test(flavor = "multi_thread")]
async fn two_three_and_four_players_play_to_a_blockade_and_neutrals_go_to_war() {
    for db in TestDb::all().await {
        let server = TestServer::start_with(common::unlimited(&db.url)).await;
        let (mut at_war, mut passes) = (0, 0);
        for seats in 2..=4 {
            let (end, given) = play_to_a_blockade(&server, &db, seats, u64::from(seats)).await;
            at_war += neutrals_at_war(&end);
            passes += given;
        }
        assert!(passes > 0, "{}: no submarine window ran", db.label);
        eprintln!("{}: {at_war} neutrals went to war", db.label);
        assert!(at_war > 0, "{}: no neutral went to war", db.label);
        server.stop().await;
        db.drop_db().await;
    }
}
