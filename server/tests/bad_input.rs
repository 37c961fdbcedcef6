//! Bad input of every kind: each gets a clear error to the sender only, and
//! the connection, the match and the other players carry on with nothing
//! stored wrongly.

mod common;

use protocol::{ClientMessage, Seat};

use common::{Client, TestDb, TestServer, settings, start_private_match};
use serde_json::json;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// Pings and waits for the pong: proves the connection still works.
async fn alive(client: &mut Client) {
    client.say(&ClientMessage::Ping { t: Some(42) }).await;
    let pong = client.expect(|m| m["type"] == "pong").await;
    assert_eq!(pong["t"], 42);
}

#[tokio::test(flavor = "multi_thread")]
async fn every_bad_input_gets_an_error_and_the_match_goes_on() {
    for db in TestDb::all().await {
        let server = TestServer::start(&db.url).await;
        let mut a = server.client().await;
        let mut b = server.client().await;
        let mut stranger = server.client().await;
        let (table, code) = start_private_match(&mut a, &mut b, "dame100", None).await;

        // Malformed JSON, unknown messages, incomplete messages.
        a.send_raw(Message::Text("{not json".into())).await;
        a.expect_error("bad_json").await;
        a.send(json!({"type": "fly_away"})).await;
        a.expect_error("unknown_message").await;
        a.send(json!({"type": "act", "table": table})).await;
        a.expect_error("unknown_message").await;
        a.send_raw(Message::Binary(vec![1, 2, 3].into())).await;
        a.expect_error("unknown_message").await;

        // A message over the size limit.
        let huge = json!({"type": "ping", "t": 1, "padding": "x".repeat(20_000)});
        a.send(huge).await;
        let error = a.expect_error("frame_too_large").await;
        assert!(error["message"].as_str().unwrap().contains("16384"));
        alive(&mut a).await;

        // Not this seat's turn, not a seat at all, illegal, unreadable, stale.
        b.say(&common::act_message(&table, "x1", None, json!({"from": 17, "to": 22}))).await;
        let error = b.expect_error("not_your_turn").await;
        assert_eq!(error["id"], "x1");
        stranger.join_code(&code).await;
        stranger.say(&common::act_message(&table, "x2", None, json!({"from": 32, "to": 28}))).await;
        stranger.expect_error("not_seated").await;
        a.say(&common::act_message(&table, "x3", None, json!({"from": 32, "to": 23}))).await;
        a.expect_error("illegal_action").await;
        a.say(&common::act_message(&table, "x4", None, json!({"from": 99, "to": 1}))).await;
        a.expect_error("bad_action").await;
        a.say(&common::act_message(&table, "x5", Some(0), json!({"from": 32, "to": 28}))).await;
        a.expect_error("stale_sequence").await;
        a.say(&ClientMessage::Resign { table: "no-such-table".into(), seat: None }).await;
        a.expect_error("no_such_table").await;
        a.say(&ClientMessage::AcceptDraw { table: table.to_string() }).await;
        a.expect_error("no_draw_offer").await;
        a.say(&ClientMessage::TakeSeat { table: table.to_string(), seat: Seat(1) }).await;
        a.expect_error("not_in_lobby").await;

        // The match carries on: a legal action works and the opponent sees it.
        let seq = a.act(&table, &json!({"from": 32, "to": 28})).await;
        assert_eq!(seq, 2, "none of the refused actions took an event number");
        let state = b.state_at(&table, 2).await;
        assert_eq!(state["view"]["acting"], json!([1]));
        b.act(&table, &json!({"from": 19, "to": 23})).await;
        assert!(
            !b.inbox.iter().any(|m| m["type"] == "error" && m["table"] == table.as_str() && m["id"] != "x1"),
            "the opponent got none of the other errors: {:?}",
            b.inbox
        );
        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn wrong_or_missing_tokens_and_versions_are_refused_and_the_connection_stays() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let (token, player) = server.guest().await;
    let mut client = Client::connect_silently(&server.ws(), &token, player).await;
    client.say(&ClientMessage::WatchLobbies).await;
    client.expect_error("unauthorized").await;
    // Without a token, a visitor: it may watch, not play.
    client.say(&ClientMessage::Hello { protocol: protocol::PROTOCOL_VERSION, token: None }).await;
    let welcome = client.expect(|m| m["type"] == "welcome").await;
    assert!(welcome.get("you").is_none(), "{welcome}");
    client
        .say(&ClientMessage::CreateLobby(protocol::LobbySettings {
            public: true,
            ..common::lobby("accasta", serde_json::Value::Null)
        }))
        .await;
    client.expect_error("unauthorized").await;
    client.say(&ClientMessage::Hello { protocol: protocol::PROTOCOL_VERSION, token: Some("f".repeat(64)) }).await;
    client.expect_error("unauthorized").await;
    client.say(&ClientMessage::Hello { protocol: protocol::PROTOCOL_VERSION, token: Some("short".to_string()) }).await;
    client.expect_error("unauthorized").await;
    client.say(&ClientMessage::Hello { protocol: 99, token: Some(token.to_string()) }).await;
    client.expect_error("protocol_mismatch").await;
    client.say(&ClientMessage::Hello { protocol: protocol::PROTOCOL_VERSION, token: Some(token.to_string()) }).await;
    let welcome = client.expect(|m| m["type"] == "welcome").await;
    assert_eq!(welcome["you"], client.player);
    alive(&mut client).await;
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_flood_of_messages_is_rate_limited() {
    let db = TestDb::sqlite();
    let mut limited = settings(&db.url, Duration::from_secs(60));
    limited.rate_burst = 5;
    limited.rate_per_second = 2;
    let server = TestServer::start_with(limited).await;
    let mut a = server.client().await;
    for t in 0..20 {
        a.say(&ClientMessage::Ping { t: Some(t) }).await;
    }
    // The burst passes; the first message dropped is told of at once.
    let mut pongs = 0;
    loop {
        let message = a.recv().await;
        match message["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") if message["code"] == "rate_limited" => {
                assert_eq!(message["dropped"], 1, "{message}");
                break;
            }
            _ => {}
        }
    }
    assert!((4..=6).contains(&pongs), "the burst passes: {pongs}");
    // The rest of the flood is told of in one notice, before the answer to
    // the next message the limit lets through (once it has refilled).
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    a.say(&ClientMessage::Ping { t: Some(99) }).await;
    let notice = a.expect(|m| m["code"] == "rate_limited").await;
    let dropped = notice["dropped"].as_u64().unwrap();
    assert_eq!(pongs + 1 + dropped, 20, "every message passed or was counted: {notice}");
    a.expect(|m| m["type"] == "pong" && m["t"] == 99).await;
    alive(&mut a).await;
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn private_lobbies_cannot_be_listed_or_guessed() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut host = server.client().await;
    let mut watcher = server.client().await;
    let (private, code) = host.create_lobby("accasta", false, None).await;
    let (public, _) = host.create_lobby("accasta", true, None).await;
    watcher.say(&ClientMessage::WatchLobbies).await;
    let list =
        watcher.expect(|m| m["type"] == "lobbies" && m["lobbies"].as_array().is_some_and(|l| !l.is_empty())).await;
    let listed: Vec<&str> = list["lobbies"].as_array().unwrap().iter().map(|l| l["table"].as_str().unwrap()).collect();
    assert!(listed.contains(&public.as_str()));
    assert!(!listed.contains(&private.as_str()), "a private lobby is never listed");
    assert_eq!(code.len(), 32, "invite codes carry 128 random bits");
    // Knowing the id is not enough; a wrong code finds nothing.
    watcher.say(&ClientMessage::Join { table: Some(private.to_string()), code: None, last_seq: None }).await;
    watcher.expect_error("no_such_table").await;
    watcher.say(&ClientMessage::Join { table: None, code: Some("0".repeat(32)), last_seq: None }).await;
    watcher.expect_error("no_such_table").await;
    watcher
        .say(&ClientMessage::Join { table: Some(uuid::Uuid::new_v4().to_string()), code: None, last_seq: None })
        .await;
    watcher.expect_error("no_such_table").await;
    // A refused join gives no foothold: requests to the table are refused too.
    watcher.say(&ClientMessage::TakeSeat { table: private.to_string(), seat: Seat(1) }).await;
    watcher.expect_error("no_such_table").await;
    let snapshot = watcher.join_code(&code).await;
    assert_eq!(snapshot["table"], private.as_str(), "the code opens it");
    assert!(snapshot["seats"][1].is_null(), "the refused request took no seat");
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn guest_sessions_per_address_are_limited() {
    let db = TestDb::sqlite();
    let mut few = settings(&db.url, Duration::from_secs(60));
    few.guests_per_minute = 3;
    let server = TestServer::start_with(few).await;
    let http = reqwest::Client::new();
    let mut statuses = Vec::new();
    for _ in 0..4 {
        statuses.push(http.post(server.http("/api/session")).send().await.unwrap().status().as_u16());
    }
    assert_eq!(statuses, [200, 200, 200, 429]);
    server.stop().await;
    db.drop_db().await;
}

/// Reads until the server's close frame; panics on a reset or a timeout.
async fn close_code(client: &mut Client) -> u16 {
    use futures_util::StreamExt;
    loop {
        let next = tokio::time::timeout(Duration::from_secs(10), client.ws.next()).await.expect("a close in time");
        match next {
            Some(Ok(Message::Close(Some(frame)))) => return frame.code.into(),
            Some(Ok(_)) => continue,
            other => panic!("the connection ended without a close frame: {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_flood_is_closed_with_a_close_frame_and_others_carry_on() {
    use futures_util::SinkExt;
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut flooder = server.client().await;
    let mut honest = server.client().await;
    for t in 0..1_000 {
        let ping = serde_json::to_string(&ClientMessage::Ping { t: Some(t) }).unwrap();
        flooder.ws.feed(Message::Text(ping.into())).await.unwrap();
    }
    flooder.ws.flush().await.unwrap();
    assert_eq!(close_code(&mut flooder).await, 1008, "policy violation, not a reset");
    alive(&mut honest).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn text_that_is_not_utf8_closes_with_1007_and_an_oversized_message_with_1009() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::protocol::frame::Frame;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut a = server.client().await;
    let bad = Frame::message(vec![b'"', 0xff, 0xfe, b'"'], OpCode::Data(Data::Text), true);
    a.ws.send(Message::Frame(bad)).await.unwrap();
    assert_eq!(close_code(&mut a).await, 1007);
    let mut b = server.client().await;
    b.ws.send(Message::Text("x".repeat(300 * 1024).into())).await.unwrap();
    assert_eq!(close_code(&mut b).await, 1009);
    let mut c = server.client().await;
    alive(&mut c).await;
    server.stop().await;
}
