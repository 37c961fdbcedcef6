//! Hex-Tri matches of 2, 3 and 6 players played to their end through the
//! server by real WebSocket clients, one per player, each acting for its
//! seat with random legal actions; every client sees the same end, every
//! seat is ranked, and no frame passes the documented limit.

mod common;

use common::{Client, FRAME_LIMIT, TestDb, TestServer, play_on, start_game};
use serde_json::{Value, json};

async fn play_to_the_end(server: &TestServer, options: Value, seed: u64) {
    let seats = options["seats"].as_u64().unwrap() as usize;
    let mut clients: Vec<Client> = Vec::new();
    for _ in 0..seats {
        clients.push(server.client().await);
    }
    let mut players: Vec<&mut Client> = clients.iter_mut().collect();
    let (table, _) = start_game(&mut players, "hextri", options.clone(), None).await;
    let (played, last) = play_on(&mut players, &table, 20_000, seed).await;
    assert_eq!(last["phase"], "finished", "{options}: the match ends ({played} actions)");
    let places = last["view"]["outcome"]["places"].as_array().expect("an outcome").clone();
    assert_eq!(places.len(), seats, "every seat is ranked");
    assert!(places.iter().any(|p| p == 1), "someone wins");
    let largest = players.iter().map(|c| c.largest.clone()).max().unwrap();
    eprintln!("{options}: {played} actions, places {places:?}, largest frame {} bytes ({})", largest.0, largest.1);
    assert!(largest.0 <= FRAME_LIMIT, "a {} frame of {} bytes", largest.1, largest.0);
}

#[tokio::test(flavor = "multi_thread")]
async fn two_three_and_six_player_matches_play_to_an_end() {
    for db in TestDb::all().await {
        // One client plays a whole "all" step as fast as the server answers,
        // faster than the rate limit lets a person send.
        let server = TestServer::start_with(common::unlimited(&db.url)).await;
        play_to_the_end(&server, json!({"seats": 2}), 1).await;
        play_to_the_end(&server, json!({"seats": 3, "transport": true, "assassin": true}), 2).await;
        play_to_the_end(&server, json!({"seats": 6, "sabotage": true, "fanatic": true}), 3).await;
        server.stop().await;
        db.drop_db().await;
    }
}
