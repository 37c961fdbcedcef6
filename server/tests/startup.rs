//! A restarted server answers at once: its live matches come back beside
//! serving, not before it, and one that someone joins meanwhile loads on
//! demand. The test game's `slow_ms` makes each stored action slow to play
//! again, as a long match of a large game would be.

mod common;

use protocol::ClientMessage;

use common::{Client, TestDb, TestServer, legal, start_drill_timed};
use serde_json::json;

const MATCHES: usize = 4;

#[tokio::test(flavor = "multi_thread")]
async fn a_restarted_server_answers_before_its_live_matches_are_all_restored() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let (mut red, mut blue) = (server.client().await, server.client().await);
    let mut tables = Vec::new();
    for _ in 0..MATCHES {
        let options = json!({"seats": 2, "window_ms": 3000, "slow_ms": 150});
        // Timed matches are restored at start (their clocks run); untimed
        // ones would only load when joined.
        let clock = Some(common::clock(3_600_000, 0));
        let (table, _) = start_drill_timed(&mut [&mut red, &mut blue], options, clock).await;
        let at = red.states[&table]["seq"].as_u64().unwrap();
        let deal = red.state_at(&table, at).await;
        red.act(&table, &legal(&deal, "Red: bid 2")).await;
        tables.push(table);
    }
    let (token, player) = (red.token.clone(), red.player.clone());
    server.stop().await;

    let server = TestServer::start(&db.url).await;
    let health = reqwest::get(server.http("/healthz")).await.unwrap();
    assert_eq!(health.status(), 200);
    let restored = server.metric("tactica_restores_total").await;
    assert!(restored < MATCHES as u64, "the server answered only once all {restored} matches were restored");

    // Every match comes back, whether restored already or loaded on demand.
    let mut red = Client::connect(&server.ws(), &token, player).await;
    for table in &tables {
        red.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
        let snapshot = red.expect(|m| m["type"] == "snapshot" && m["table"] == table.as_str()).await;
        assert_eq!(snapshot["phase"], "live", "{table}");
    }
    server.stop().await;
    db.drop_db().await;
}
