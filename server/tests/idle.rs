//! A server that stays bounded for months: an untimed match nobody is at
//! leaves memory and comes back when someone joins it, and an untimed
//! match nobody acts in for the idle period is adjudicated as abandoned by
//! the seats it waits for, whether it is in memory or only in the database.

mod common;

use protocol::ClientMessage;

use common::{Client, TestDb, TestServer, WAIT, get, legal, settings, start_drill};
use serde_json::{Value, json};
use std::time::Duration;

/// The state after the start and the deal of `table`, as `client` sees it.
async fn dealt(client: &mut Client, table: &str) -> Value {
    let seq = client.states[table]["seq"].as_u64().unwrap();
    client.state_at(table, seq).await
}

#[tokio::test(flavor = "multi_thread")]
async fn an_untimed_match_nobody_is_at_leaves_memory_and_comes_back_when_joined() {
    for db in TestDb::all().await {
        let mut settings = settings(&db.url, Duration::from_millis(100));
        settings.unwatched = Duration::from_millis(100);
        let server = TestServer::start_with(settings).await;
        let (mut red, mut blue) = (server.client().await, server.client().await);
        let (table, _) = start_drill(&mut [&mut red, &mut blue], json!({"window_ms": 3000})).await;
        let deal = dealt(&mut red, &table).await;
        red.act(&table, &legal(&deal, "Red: bid 2")).await;
        let (red_id, blue_id) = ((red.token.clone(), red.player.clone()), (blue.token.clone(), blue.player.clone()));
        drop((red, blue));
        // The grace periods end, then nothing runs on time: it leaves memory.
        server.await_metric("tactica_tables", 0).await;
        assert_eq!(server.metric("tactica_live_matches").await, 0, "{}", db.label);

        let mut blue = Client::connect(&server.ws(), &blue_id.0, blue_id.1).await;
        blue.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
        let snapshot = blue.expect(|m| m["type"] == "snapshot" && m["table"] == table.as_str()).await;
        assert_eq!(snapshot["phase"], "live", "{}: {snapshot}", db.label);
        assert_eq!(server.metric("tactica_tables").await, 1, "{}: loaded on demand", db.label);
        blue.act(&table, &legal(&snapshot, "Blue: bid 1")).await;
        let mut red = Client::connect(&server.ws(), &red_id.0, red_id.1).await;
        red.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
        let snapshot = red.expect(|m| m["type"] == "snapshot" && m["table"] == table.as_str()).await;
        let roll = snapshot["legal"].as_array().unwrap();
        assert_eq!(roll.len(), 1, "{}: both bids stood, and Red rolls first: {snapshot}", db.label);
        red.act(&table, &roll[0]["action"]).await;
        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_untimed_match_nobody_acts_in_is_adjudicated_as_abandoned_by_the_seats_it_waits_for() {
    for db in TestDb::all().await {
        let mut settings = settings(&db.url, Duration::from_secs(60));
        settings.idle_match = Duration::from_secs(1);
        let server = TestServer::start_with(settings).await;
        let (mut red, mut blue) = (server.client().await, server.client().await);
        let (table, _) = start_drill(&mut [&mut red, &mut blue], json!({"window_ms": 3000})).await;
        let deal = dealt(&mut red, &table).await;
        red.act(&table, &legal(&deal, "Red: bid 2")).await;
        // Blue never bids: a second after Red's bid, Blue has abandoned.
        let left = red.expect_event("left").await;
        assert_eq!((left["event"]["seat"].as_u64(), &left["event"]["leave"]), (Some(1), &json!("abandoned")), "{left}");
        let ended = red.expect_event("ended").await;
        let result = &ended["event"]["result"];
        assert_eq!(result["termination"], "abandonment", "{}: {ended}", db.label);
        assert_eq!(result["outcome"]["places"], json!([1, 2]), "{}: {ended}", db.label);
        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_idle_untimed_match_only_in_the_database_is_adjudicated_at_start() {
    for db in TestDb::all().await {
        let server = TestServer::start(&db.url).await;
        let (mut red, mut blue) = (server.client().await, server.client().await);
        let (table, _) = start_drill(&mut [&mut red, &mut blue], json!({"window_ms": 3000})).await;
        let deal = dealt(&mut red, &table).await;
        red.act(&table, &legal(&deal, "Red: bid 2")).await;
        let token = red.token.clone();
        server.stop().await;

        let mut settings = settings(&db.url, Duration::from_secs(60));
        settings.idle_match = Duration::from_millis(1);
        let server = TestServer::start_with(settings).await;
        // Nobody joins: the start's housekeeping finds it in the database.
        let deadline = tokio::time::Instant::now() + WAIT;
        let summary = loop {
            let (_, list) = get(&server, Some(&token), "/api/matches?mine=true").await;
            let summary = list["matches"].as_array().unwrap().iter().find(|m| m["table"] == table.as_str()).cloned();
            let summary = summary.expect("the match is listed");
            if summary["phase"] != "live" {
                break summary;
            }
            assert!(tokio::time::Instant::now() < deadline, "{}: never adjudicated: {summary}", db.label);
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        assert_eq!(summary["result"]["termination"], "abandonment", "{}: {summary}", db.label);
        assert_eq!(summary["seats"][0]["place"], 1, "{}: Red, who acted last, wins: {summary}", db.label);
        server.stop().await;
        db.drop_db().await;
    }
}
