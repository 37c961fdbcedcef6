//! ATTACTICS matches of four players, alone and two against two with one
//! person holding both seats of a team, played to their end through the
//! server by real WebSocket clients acting for their seats with random
//! legal actions (a capture when there is one): every client sees the same end, every seat is ranked, a
//! team wins as one, and no frame passes the documented limit although
//! the player to move may have over a thousand legal moves.

mod common;

use common::{Client, FRAME_LIMIT, TestDb, TestServer, captures, play_preferring, start_game};
use protocol::ClientMessage;
use serde_json::{Value, json};

/// Random ATTACTICS games take thousands of actions (a Monarch moves only
/// on a one); the players here take a capture whenever they can, which
/// ends them in about 3,000 (7,000 at most in 60 games of the rules crate).
const MAX_ACTIONS: usize = 30_000;

/// Plays the match on `table` to its end and checks what every client saw.
async fn play_to_the_end(players: &mut [&mut Client], table: &str, options: &Value, seed: u64) -> Value {
    let (played, last) = play_preferring(players, table, MAX_ACTIONS, seed, &captures).await;
    assert_eq!(last["phase"], "finished", "{options}: the match ends ({played} actions)");
    assert_eq!(last["result"]["termination"], "rules", "{options}");
    let outcome = last["view"]["outcome"].clone();
    let seats = last["view"]["seats"].as_array().unwrap().len();
    assert_eq!(outcome["places"].as_array().unwrap().len(), seats, "every seat is ranked");
    for player in players.iter_mut() {
        let seen = player.state_at(table, last["seq"].as_u64().unwrap()).await;
        assert_eq!(seen["view"]["outcome"], outcome, "every client sees the same end");
    }
    let largest = players.iter().map(|c| c.largest.clone()).max().unwrap();
    eprintln!(
        "{options}: {played} actions, places {}, largest frame {} bytes ({})",
        outcome["places"], largest.0, largest.1
    );
    assert!(largest.0 <= FRAME_LIMIT, "a {} frame of {} bytes", largest.1, largest.0);
    outcome
}

#[tokio::test(flavor = "multi_thread")]
async fn a_four_player_match_plays_to_an_end() {
    let db = TestDb::sqlite();
    // A client here plays as fast as the server answers, faster than the
    // rate limit lets a person send.
    let server = TestServer::start_with(common::unlimited(&db.url)).await;
    // Two and three players, and every team option, play to their end in
    // matches.rs (the defaults, and every variant a lobby form offers).
    let options = json!({"seats": 4});
    let mut clients: Vec<Client> = Vec::new();
    for _ in 0..4 {
        clients.push(server.client().await);
    }
    let mut players: Vec<&mut Client> = clients.iter_mut().collect();
    let (table, _) = start_game(&mut players, "attactics", options.clone(), None).await;
    let outcome = play_to_the_end(&mut players, &table, &options, 3).await;
    assert!(outcome["places"].as_array().unwrap().iter().any(|p| p == 1), "someone wins");
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn two_against_two_with_one_player_holding_both_seats_of_a_team() {
    for db in TestDb::all().await {
        let server = TestServer::start_with(common::unlimited(&db.url)).await;
        // Three people: Red and Blue's sets held by one ("Two Player
        // Against One With Two Sets", turned round), Green and Gold apart.
        let options = json!({"seats": 4, "allies": "side", "version": "1b"});
        let mut both = server.client().await;
        let mut green = server.client().await;
        let mut gold = server.client().await;
        both.say(&ClientMessage::CreateLobby(common::lobby("attactics", options.clone()))).await;
        let created = both.expect(|m| m["type"] == "created").await;
        let table = created["table"].as_str().unwrap().to_string();
        let code = created["code"].as_str().unwrap().to_string();
        both.take_seat(&table, 0).await;
        both.take_seat(&table, 1).await;
        green.join_code(&code).await;
        green.take_seat(&table, 2).await;
        gold.join_code(&code).await;
        gold.take_seat(&table, 3).await;
        both.say(&ClientMessage::Start { table: table.clone(), shuffle_seats: false }).await;
        let mut players = vec![&mut both, &mut green, &mut gold];
        for player in players.iter_mut() {
            let live = player.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;
            assert_eq!(live["options"], options, "{}: the lobby keeps the team options", db.label);
        }
        let outcome = play_to_the_end(&mut players, &table, &options, 4).await;
        let places: Vec<u64> = outcome["places"].as_array().unwrap().iter().map(|p| p.as_u64().unwrap()).collect();
        assert_eq!(places[0], places[1], "Red and Blue win or lose together: {places:?}");
        assert_eq!(places[2], places[3], "so do Green and Gold: {places:?}");
        assert_eq!(outcome["teams"], json!([[0, 1], [2, 3]]), "the outcome names the teams");
        server.stop().await;
        db.drop_db().await;
    }
}
