//! Replays and exports rebuild whole matches. They run off the runtime, on
//! a bounded pool, so one that takes long does not hold up the others or
//! play; and a finished match's answer is computed once and then kept.
//!
//! The test game's `slow_ms` option makes each view slow to draw, and the
//! server runs on this test's single-threaded runtime: a rebuild computed
//! on the runtime would stop everything else until it ended.

mod common;

use protocol::ClientMessage;

use common::{Client, TestDb, TestServer, start_drill, start_private_match};
use serde_json::{Value, json};

async fn resign(loser: &mut Client, winner: &mut Client, table: &str) {
    loser.say(&ClientMessage::Resign { table: table.to_string(), seat: None }).await;
    loser.expect_event("ended").await;
    winner.expect_event("ended").await;
}

async fn get_replay(url: String) -> Value {
    let response = reqwest::get(url).await.unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

#[tokio::test]
async fn a_replay_is_served_while_another_is_computing_and_a_finished_one_is_computed_once() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let (mut red, mut blue) = (server.client().await, server.client().await);
    let options = json!({"seats": 2, "window_ms": 3000, "slow_ms": 200});
    let (slow, slow_code) = start_drill(&mut [&mut red, &mut blue], options).await;
    resign(&mut red, &mut blue, &slow).await;
    let (mut ann, mut bob) = (server.client().await, server.client().await);
    let (quick, quick_code) = start_private_match(&mut ann, &mut bob, "accasta", None).await;
    resign(&mut ann, &mut bob, &quick).await;

    let slow_url = server.http(&format!("/api/matches/{slow}/replay?code={slow_code}"));
    let slow_replay = tokio::spawn(get_replay(slow_url.clone()));
    // Wait until the slow one is being computed.
    while server.metric("tactica_rebuilds_running").await == 0 {
        assert!(!slow_replay.is_finished(), "the slow replay ended before it was seen computing off the runtime");
    }
    let quick_replay = get_replay(server.http(&format!("/api/matches/{quick}/replay?code={quick_code}"))).await;
    assert!(quick_replay["steps"].as_array().is_some_and(|s| !s.is_empty()), "a replay has its start");
    assert!(!slow_replay.is_finished(), "the quick replay waited for the slow one");
    let first = slow_replay.await.unwrap();

    // Over, so kept: asking again computes nothing.
    let rebuilt = server.metric("tactica_rebuilds_total").await;
    assert_eq!(get_replay(slow_url).await, first);
    assert_eq!(server.metric("tactica_rebuilds_total").await, rebuilt, "a finished replay was computed again");
    server.stop().await;
    db.drop_db().await;
}
