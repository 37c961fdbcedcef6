//! No match, however long, becomes impossible to load: a match of 5,000
//! actions (the test game's `laps` make a race that long) is played by real
//! clients, the server restarts, and the match loads again. Its snapshot
//! carries only the recent events, every frame stays under the limit, the
//! whole log reads back page by page over HTTP, and play goes on.

mod common;

use protocol::ClientMessage;

use common::{Client, FRAME_LIMIT, TestDb, TestServer, get, play_on, settings, start_drill};
use serde_json::{Value, json};

/// Actions played before the restart.
const ACTIONS: usize = 5_000;

#[tokio::test(flavor = "multi_thread")]
async fn a_match_of_five_thousand_actions_reloads() {
    for db in TestDb::all().await {
        // Two clients play as fast as the server answers: past the
        // per-connection message limit a person never reaches.
        let mut settings = settings(&db.url, std::time::Duration::from_secs(60));
        (settings.rate_burst, settings.rate_per_second) = (100_000, 100_000);
        let server = TestServer::start_with(settings.clone()).await;
        let (mut red, mut blue) = (server.client().await, server.client().await);
        let options = json!({"window_ms": 60_000, "laps": 2_000});
        let (table, _) = start_drill(&mut [&mut red, &mut blue], options).await;
        let started = std::time::Instant::now();
        let (played, state) = play_on(&mut [&mut red, &mut blue], &table, ACTIONS, 5).await;
        assert_eq!((played, &state["phase"]), (ACTIONS, &json!("live")), "{}", db.label);
        let seq = state["seq"].as_u64().unwrap();
        eprintln!("{}: {played} actions, {seq} events in {:.1} s", db.label, started.elapsed().as_secs_f64());
        let largest = red.largest.clone().max(blue.largest.clone());
        assert!(largest.0 <= FRAME_LIMIT, "{}: a {} frame of {} bytes", db.label, largest.1, largest.0);
        let (token, player) = (red.token.clone(), red.player.clone());
        let blue_id = (blue.token.clone(), blue.player.clone());
        drop((red, blue));
        server.stop().await;

        let server = TestServer::start_with(settings).await;
        let mut red = Client::connect(&server.ws(), &token, player).await;
        let loading = std::time::Instant::now();
        red.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
        let snapshot = red.expect(|m| m["type"] == "snapshot" && m["table"] == table.as_str()).await;
        eprintln!(
            "{}: reloaded in {:.3} s, snapshot {} bytes",
            db.label,
            loading.elapsed().as_secs_f64(),
            red.largest.0
        );
        assert_eq!((snapshot["phase"].as_str(), snapshot["seq"].as_u64()), (Some("live"), Some(seq)), "{}", db.label);
        let recent = snapshot["events"].as_array().unwrap();
        assert!(
            recent.len() <= server::table::RECENT_KEPT && recent.last().unwrap()["seq"] == seq,
            "{}: {} recent events",
            db.label,
            recent.len()
        );
        assert!(red.largest.0 <= FRAME_LIMIT, "{}: a snapshot of {} bytes", db.label, red.largest.0);

        // The older events, page by page, as the client reads them.
        let mut before = recent[0]["seq"].as_u64().unwrap();
        let mut read = recent.len() as u64;
        while before > 1 {
            let (status, page) =
                get(&server, Some(&token), &format!("/api/matches/{table}/events?before={before}")).await;
            assert_eq!(status, 200, "{page}");
            let events: &Vec<Value> = page["events"].as_array().unwrap();
            assert!(!events.is_empty() && events.len() <= 500, "{}", events.len());
            let numbers: Vec<u64> = events.iter().map(|e| e["seq"].as_u64().unwrap()).collect();
            let expected: Vec<u64> = (before - events.len() as u64..before).collect();
            assert_eq!(numbers, expected, "{}: a page ends just before {before}, without gaps", db.label);
            before = numbers[0];
            read += events.len() as u64;
        }
        assert_eq!(read, seq, "{}: every event read once", db.label);

        // And play goes on.
        let mut blue = Client::connect(&server.ws(), &blue_id.0, blue_id.1).await;
        blue.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
        blue.expect(|m| m["type"] == "snapshot" && m["table"] == table.as_str()).await;
        let (more, _) = play_on(&mut [&mut red, &mut blue], &table, 3, 6).await;
        assert!(more > 0, "{}: play goes on after the reload", db.label);
        server.stop().await;
        db.drop_db().await;
    }
}
