//! Tables of more than two seats, through the real server with real
//! WebSocket clients and the test game (the Drill, for two to four seats):
//! a player holding two seats of four, who sees what either may see and
//! names the seat each action is for; the host arranging and shuffling the
//! seats; and seats leaving one by one (abandoned, resigned) while the
//! others play on to an outcome that ranks every seat.

mod common;

use common::{Client, TestDb, TestServer, get, play_on, settings};
use protocol::{ClientMessage, Seat};
use serde_json::{Value, json};
use std::time::Duration;

/// The ids of the players by seat, from a snapshot.
fn holders(snapshot: &Value) -> Vec<String> {
    let seats = snapshot["seats"].as_array().unwrap();
    seats.iter().map(|s| s["id"].as_str().unwrap_or("").to_string()).collect()
}

/// The seats of a state's legal actions.
fn legal_seats(state: &Value) -> Vec<u64> {
    let mut seats: Vec<u64> = state["legal"].as_array().unwrap().iter().map(|a| a["seat"].as_u64().unwrap()).collect();
    seats.dedup();
    seats
}

/// A legal action of `seat` whose text is `text`.
fn legal_of(state: &Value, seat: u64, text: &str) -> Value {
    let legal = state["legal"].as_array().unwrap();
    let found = legal.iter().find(|a| a["seat"] == seat && a["text"] == text);
    found.unwrap_or_else(|| panic!("no legal action {text:?} for seat {seat} in {legal:?}"))["action"].clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_player_holds_two_seats_of_four_sees_both_and_names_the_seat_of_each_action() {
    for db in TestDb::all().await {
        let server = TestServer::start(&db.url).await;
        let mut ann = server.client().await;
        let mut bo = server.client().await;
        let mut cy = server.client().await;

        // In a game of two, one seat each.
        ann.say(&ClientMessage::CreateLobby(common::lobby("drill", json!({"seats": 2})))).await;
        let created = ann.expect(|m| m["type"] == "created").await;
        let two = created["table"].as_str().unwrap().to_string();
        ann.take_seat(&two, 0).await;
        ann.say(&ClientMessage::TakeSeat { table: two.to_string(), seat: Seat(1) }).await;
        ann.expect_error("already_seated").await;

        ann.say(&ClientMessage::CreateLobby(common::lobby("drill", json!({"seats": 4, "window_ms": 3000})))).await;
        let created = ann.expect(|m| m["type"] == "created" && m["table"] != two.as_str()).await;
        let table = created["table"].as_str().unwrap().to_string();
        let code = created["code"].as_str().unwrap().to_string();
        ann.take_seat(&table, 0).await;
        bo.join_code(&code).await;
        cy.join_code(&code).await;
        bo.take_seat(&table, 1).await;
        cy.take_seat(&table, 2).await;
        // Bo takes a second seat: in a game of four that is allowed.
        let seated = bo.take_seat(&table, 3).await;
        assert_eq!(seated["your_seats"], json!([1, 3]), "{seated}");

        // The host arranges the seats: Bo to Red (0) and Gold (3), Ann to Blue (1).
        ann.say(&ClientMessage::ArrangeSeats { table: table.to_string(), order: [0, 0, 2, 3].map(Seat).to_vec() })
            .await;
        ann.expect_error("bad_action").await;
        bo.say(&ClientMessage::ArrangeSeats { table: table.to_string(), order: [1, 0, 2, 3].map(Seat).to_vec() }).await;
        bo.expect_error("forbidden").await;
        ann.say(&ClientMessage::ArrangeSeats { table: table.to_string(), order: [1, 0, 2, 3].map(Seat).to_vec() })
            .await;
        let arranged = bo.expect(|m| m["type"] == "snapshot" && m["your_seats"] == json!([0, 3])).await;
        assert_eq!(holders(&arranged), [bo.id(), ann.id(), cy.id(), bo.id()]);

        ann.say(&ClientMessage::Start { table: table.to_string(), shuffle_seats: false }).await;
        let live = bo.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;
        for client in [&mut ann, &mut cy] {
            client.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;
        }
        assert_eq!(live["your_seats"], json!([0, 3]));
        let players: Vec<&str> =
            live["events"][0]["players"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap()).collect();
        assert_eq!(players, [bo.id(), ann.id(), cy.id(), bo.id()], "the started event names each seat's player");

        // Every seat bids at once: Bo is asked for both seats and is sent both seats' actions.
        let start = bo.state_at(&table, live["seq"].as_u64().unwrap()).await;
        assert_eq!(legal_seats(&start), [0, 3], "{start}");
        let red_bid = legal_of(&start, 0, "Red: bid 3");
        let gold_bid = legal_of(&start, 3, "Gold: bid 1");
        // Both of Bo's seats are asked: an action that names no seat is ambiguous.
        bo.say(&common::act_message(&table, "no-seat", None, red_bid.clone())).await;
        let refused = bo.expect(|m| m["type"] == "error" && m["id"] == "no-seat").await;
        assert_eq!(refused["code"], "bad_action", "{refused}");
        // Nobody acts for a seat they do not hold.
        let refused = bo.act_for(&table, Seat(1), &legal_of(&start, 0, "Red: bid 2")).await;
        assert_eq!(refused["code"], "not_seated", "{refused}");
        let refused = bo.act_for(&table, Seat(9), &red_bid).await;
        assert_eq!(refused["code"], "no_such_seat", "{refused}");
        // Gold's bid, then Red's, each for its seat.
        let acted = bo.act_for(&table, Seat(3), &gold_bid).await;
        assert_eq!(acted["type"], "acted", "{acted}");
        let acted = bo.act_for(&table, Seat(0), &red_bid).await;
        assert_eq!(acted["type"], "acted", "{acted}");
        // Bo reads both seats' secret bids; Ann, who holds neither, reads neither.
        let bo_events = bo.state_at(&table, acted["seq"].as_u64().unwrap()).await;
        assert!(bo_events["legal"].as_array().unwrap().is_empty(), "both of Bo's bids are in");
        let seen: Vec<Value> = bo.frames.iter().filter(|f| f["type"] == "event").map(|f| f["event"].clone()).collect();
        let texts: Vec<&str> = seen.iter().filter_map(|e| e["text"].as_str()).collect();
        assert!(texts.iter().any(|t| t.contains("Gold") && t.contains('1')), "Bo reads Gold's bid: {texts:?}");
        assert!(texts.iter().any(|t| t.contains("Red") && t.contains('3')), "Bo reads Red's bid: {texts:?}");
        let ann_state = ann.state_at(&table, acted["seq"].as_u64().unwrap()).await;
        let ann_reads: Vec<String> = ann
            .frames
            .iter()
            .filter(|f| f["type"] == "event" && f["event"]["kind"] == "action")
            .map(|f| f["event"].to_string())
            .collect();
        assert!(ann_reads.iter().all(|e| !e.contains("bid")), "Ann reads no secret bid: {ann_reads:?}");
        assert_eq!(legal_seats(&ann_state), [1], "Ann is asked for Blue alone");

        // Everyone plays on, Bo for both seats, to the end.
        let (played, end) = play_on(&mut [&mut ann, &mut bo, &mut cy], &table, 400, 7).await;
        assert!(played > 0);
        assert_eq!(end["phase"], "finished", "{end}");
        let places = end["result"]["outcome"]["places"].as_array().unwrap();
        assert_eq!(places.len(), 4, "every seat is ranked: {end}");
        assert_eq!(places.iter().filter(|p| **p == 1).count(), 1, "one winner: {places:?}");

        // The history counts the match once for Bo, with both seats.
        let (_, mine) = get(&server, Some(&bo.token), "/api/matches?mine=true").await;
        let listed: Vec<&Value> =
            mine["matches"].as_array().unwrap().iter().filter(|m| m["table"] == table.as_str()).collect();
        assert_eq!(listed.len(), 1, "{mine}");
        let bo_seats: Vec<u64> = listed[0]["seats"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["player"]["id"] == bo.id().as_str())
            .map(|s| s["seat"].as_u64().unwrap())
            .collect();
        assert_eq!(bo_seats, [0, 3]);
        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn seats_leave_one_by_one_and_the_outcome_ranks_all_three() {
    let db = TestDb::sqlite();
    // A short grace period, so that an absent seat can be removed soon.
    let server = TestServer::start_with(settings(&db.url, Duration::from_millis(1_500))).await;
    let mut red = server.client().await;
    let mut blue = server.client().await;
    let mut green = server.client().await;
    let (table, _) =
        common::start_drill(&mut [&mut red, &mut blue, &mut green], json!({"seats": 3, "window_ms": 3000})).await;

    // Blue goes away. During its grace period it cannot be removed; after
    // it, it stays until another seat has it leave, and the others play on.
    drop(blue);
    red.expect(|m| m["type"] == "presence" && m["seats"][1]["grace_until"].is_u64()).await;
    red.say(&ClientMessage::ClaimVictory { table: table.to_string() }).await;
    red.expect_error("not_absent").await;
    let over = red
        .expect(|m| {
            (m["type"] == "presence" && m["seats"][1]["connected"] == false && m["seats"][1]["grace_until"].is_null())
                || (m["type"] == "event" && m["event"]["kind"] == "left")
        })
        .await;
    assert_eq!(over["type"], "presence", "an absent seat is not removed by itself: {over}");
    red.say(&ClientMessage::ClaimVictory { table: table.to_string() }).await;
    let left = red.expect_event("left").await;
    assert_eq!((left["event"]["seat"].as_u64(), left["event"]["leave"].as_str()), (Some(1), Some("abandoned")));
    assert_eq!(left["state"]["phase"], "live");
    green.expect_event("left").await;

    // Both still racing bid (two actions: no roll yet, so nobody can have won).
    let (played, state) = play_on(&mut [&mut red, &mut green], &table, 2, 3).await;
    assert_eq!(state["phase"], "live", "the race goes on ({played} actions)");
    assert!(played > 0);

    // Green resigns: Red alone is left and wins; Green, who stayed longer,
    // places above Blue.
    green.say(&ClientMessage::Resign { table: table.to_string(), seat: None }).await;
    let ended = red.expect_event("ended").await;
    let result = &ended["event"]["result"];
    assert_eq!(result["termination"], "resignation", "{result}");
    assert_eq!(result["outcome"]["places"], json!([1, 3, 2]), "{result}");
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_host_may_shuffle_the_seats_at_the_start() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut clients: Vec<Client> = Vec::new();
    for _ in 0..4 {
        clients.push(server.client().await);
    }
    let [a, b, c, d] = clients.as_mut_slice() else { unreachable!() };
    a.say(&ClientMessage::CreateLobby(common::lobby("drill", json!({"seats": 4})))).await;
    let created = a.expect(|m| m["type"] == "created").await;
    let table = created["table"].as_str().unwrap().to_string();
    let code = created["code"].as_str().unwrap().to_string();
    a.take_seat(&table, 0).await;
    for (seat, client) in [(1u8, &mut *b), (2, &mut *c), (3, &mut *d)] {
        client.join_code(&code).await;
        client.take_seat(&table, seat).await;
    }
    let ids = [a.id(), b.id(), c.id(), d.id()];
    a.say(&ClientMessage::Start { table: table.to_string(), shuffle_seats: true }).await;
    let live = a.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;
    let mut seated = holders(&live);
    let shuffled = seated.clone();
    seated.sort();
    let mut expected = ids.to_vec();
    expected.sort();
    assert_eq!(seated, expected, "every player keeps exactly one seat: {shuffled:?}");
    let players: Vec<String> = live["events"][0]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(players, shuffled, "the started event and the seats agree");
    let mine = shuffled.iter().position(|id| *id == a.id()).unwrap() as u64;
    assert_eq!(live["your_seats"], json!([mine]));
    server.stop().await;
    db.drop_db().await;
}
