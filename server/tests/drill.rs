//! The rules contract end to end through the real server, with the test game
//! (the Drill, never offered to players) and real WebSocket clients: chance
//! dealt and rolled as events each viewer reads as it may, a simultaneous
//! decision in which no seat's part makes another's stale, a response
//! window the server closes at its deadline with default answers, seats
//! leaving a game of three, a draw all seats agree to, and the match
//! rebuilt from its events (a restarted server, the JSON record).
//!
//! And the leak check the contract promises: a seat's frames, and when a
//! window closes, are the same whether or not the other seat could answer.

mod common;

use protocol::ClientMessage;

use common::{Client, TestDb, TestServer, get, legal, start_drill};
use serde_json::{Value, json};

/// The window's deadline the tests use.
const WINDOW_MS: u64 = 300;

/// Sends an action with the event number the client acted on; returns the reply.
async fn act_at(client: &mut Client, table: &str, id: &str, seq: u64, action: &Value) -> Value {
    client.say(&common::act_message(table, id, Some(seq), action.clone())).await;
    client.expect(|m| (m["type"] == "acted" || m["type"] == "error") && m["id"] == id).await
}

/// The number of the last event a client has seen of a table.
fn seq_of(client: &Client, table: &str) -> u64 {
    client.states[table]["seq"].as_u64().unwrap()
}

/// Every event a client received for a table, in order, once each.
fn events_of(client: &Client, table: &str) -> Vec<Value> {
    let mut events: Vec<Value> = Vec::new();
    for frame in &client.frames {
        let listed = match frame["type"].as_str() {
            Some("snapshot") if frame["table"] == table => frame["events"].as_array().cloned().unwrap_or_default(),
            Some("catch_up") if frame["state"]["table"] == table => frame["events"].as_array().cloned().unwrap(),
            Some("event") if frame["state"]["table"] == table => vec![frame["event"].clone()],
            _ => continue,
        };
        for event in listed {
            if !events.iter().any(|e| e["seq"] == event["seq"]) {
                events.push(event);
            }
        }
    }
    events
}

/// Red (seat 0) bids 3 and Blue (seat 1) bids 1, each choosing on the same
/// event number, so Red races first; Blue keeps a block card if `blue_card`.
async fn prepare(red: &mut Client, blue: &mut Client, table: &str, blue_card: bool) {
    let at = seq_of(red, table);
    let deal = red.state_at(table, at).await;
    let blue_state = blue.state_at(table, at).await;
    let red_bid = legal(&deal, "Red: bid 3");
    let blue_bid = legal(&blue_state, if blue_card { "Blue: bid 1 with card" } else { "Blue: bid 1" });
    let reply = act_at(red, table, "red-bid", at, &red_bid).await;
    assert_eq!(reply["type"], "acted", "{reply}");
    // Blue chose at the same event: Red's secret part does not make it stale.
    let reply = act_at(blue, table, "blue-bid", at, &blue_bid).await;
    assert_eq!(reply["type"], "acted", "another seat's part of a simultaneous decision is not stale: {reply}");
}

#[tokio::test(flavor = "multi_thread")]
async fn chance_simultaneous_bids_and_a_response_window_work_end_to_end() {
    for db in TestDb::all().await {
        let mut server = TestServer::start(&db.url).await;
        let mut red = server.client().await;
        let mut blue = server.client().await;
        let mut watcher = server.client().await;
        let (table, code) = start_drill(&mut [&mut red, &mut blue], json!({"seats": 2, "window_ms": WINDOW_MS})).await;
        watcher.join_code(&code).await;

        // The deal is chance's event, read in full only by each holder.
        let dealt = |client: &Client| {
            let events = events_of(client, &table);
            let deal = events.iter().find(|e| e["kind"] == "chance").expect("the deal is an event").clone();
            assert_eq!(deal["seq"], 2, "the deal follows the start");
            deal["text"].as_str().unwrap_or_default().to_string()
        };
        let (red_deal, blue_deal) = (dealt(&red), dealt(&blue));
        assert!(red_deal.starts_with("lucky numbers dealt; yours is "), "{red_deal}");
        assert!(blue_deal.starts_with("lucky numbers dealt; yours is "), "{blue_deal}");
        assert_eq!(dealt(&watcher), "lucky numbers dealt");

        prepare(&mut red, &mut blue, &table, true).await;
        let after_bids = red.state_at(&table, 4).await;
        assert_eq!(after_bids["view"]["prompt"], "Red to roll");

        // Red rolls: the roll and the die are two events, everyone reads the die.
        let before_roll = seq_of(&blue, &table);
        let rolled = red.act(&table, &legal(&after_bids, "Red: roll")).await;
        let window = blue.state_at(&table, rolled + 1).await;
        let die = events_of(&blue, &table).into_iter().find(|e| e["seq"] == rolled + 1).unwrap();
        assert_eq!(die["kind"], "chance");
        assert!(die["text"].as_str().unwrap().starts_with("rolled "), "{die}");
        let until = window["window_until"].as_u64().expect("the window's deadline is sent");
        assert!(until >= die["at"].as_u64().unwrap() + WINDOW_MS, "the deadline is the whole window after it opened");
        assert_eq!(red.state_at(&table, rolled + 1).await["window_until"], until, "every seat sees the same deadline");
        assert!(window["legal"].as_array().unwrap().len() == 2, "Blue may pass or block: {window}");

        // An answer chosen before the roll is stale: the roll changed what Blue sees.
        let reply = act_at(&mut blue, &table, "early", before_roll, &legal(&window, "Blue pass")).await;
        assert_eq!(reply["code"], "stale_sequence", "{reply}");

        // Blue does not answer: the server closes the window at its deadline
        // with Blue's default answer, and the race goes on.
        let closed = red.expect(|m| m["type"] == "event" && m["event"]["seq"].as_u64() > Some(rolled + 1)).await;
        assert_eq!(closed["event"]["by_default"], true, "{closed}");
        assert_eq!(closed["event"]["seat"], 1);
        assert_eq!(closed["event"]["text"], "answers", "Red does not read Blue's answer: {closed}");
        assert!(
            closed["event"]["at"].as_u64().unwrap() >= die["at"].as_u64().unwrap() + WINDOW_MS,
            "not before the deadline"
        );
        assert!(closed["state"]["window_until"].is_null());
        let blue_reads = blue.expect(|m| m["type"] == "event" && m["event"]["seq"] == closed["event"]["seq"]).await;
        assert_eq!(blue_reads["event"]["text"], "Blue pass");
        assert_eq!(blue_reads["event"]["turn_text"].as_str().unwrap().split(' ').next(), Some("Red:"));

        // The server restarts mid-match: the match is rebuilt from its
        // events, the dealt and rolled chance checked against the seed.
        let mut at = closed["state"]["seq"].as_u64().unwrap();
        if closed["state"]["view"]["outcome"].is_object() {
            // Red's roll reached the finish once the window closed: the
            // match ends in the next event, and is rebuilt ended.
            at = red.expect_event("ended").await["event"]["seq"].as_u64().unwrap();
            blue.state_at(&table, at).await;
        }
        let (red_login, blue_login) =
            ((red.token.clone(), red.player.clone()), (blue.token.clone(), blue.player.clone()));
        drop((red, blue, watcher));
        server.stop().await;
        server = TestServer::start(&db.url).await;
        let mut red = Client::connect(&server.ws(), &red_login.0, red_login.1).await;
        let mut blue = Client::connect(&server.ws(), &blue_login.0, blue_login.1).await;
        for client in [&mut red, &mut blue] {
            client.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: Some(at) }).await;
            let caught_up = client.expect(|m| m["type"] == "catch_up" || m["type"] == "snapshot").await;
            assert_eq!(caught_up["type"], "catch_up", "{caught_up}");
            assert_eq!(caught_up["state"]["seq"], at, "nothing was lost or added");
        }

        // The race to the end: Blue answers at once, or lets the window close.
        let mut answered = 0;
        loop {
            let seq = seq_of(&red, &table).max(seq_of(&blue, &table));
            let (red_state, blue_state) = (red.state_at(&table, seq).await, blue.state_at(&table, seq).await);
            if red_state["phase"] != "live" {
                break;
            }
            if red_state["view"]["outcome"].is_object() {
                red.expect_event("ended").await;
                blue.expect_event("ended").await;
                continue;
            }
            let has = |state: &Value, text: &str| state["legal"].as_array().unwrap().iter().any(|a| a["text"] == text);
            // Each acting client waits for its own action's event, so the
            // next round reads a state that has it.
            if has(&red_state, "Red: roll") {
                let seq = red.act(&table, &legal(&red_state, "Red: roll")).await;
                red.state_at(&table, seq).await;
            } else if has(&blue_state, "Blue: roll") {
                let seq = blue.act(&table, &legal(&blue_state, "Blue: roll")).await;
                blue.state_at(&table, seq).await;
            } else if has(&blue_state, "Blue pass") && answered % 3 != 2 {
                answered += 1;
                let seq = blue.act(&table, &legal(&blue_state, "Blue pass")).await;
                blue.state_at(&table, seq).await;
            } else if has(&red_state, "Red pass") {
                let seq = red.act(&table, &legal(&red_state, "Red pass")).await;
                red.state_at(&table, seq).await;
            } else {
                // Nobody may act at this event: the chance due after it, or
                // the window closing by default, is the next event.
                answered += 1;
                red.state_at(&table, seq + 1).await;
            }
        }
        let end = red.state_at(&table, seq_of(&red, &table)).await;
        assert_eq!(end["result"]["termination"], "rules", "{end}");

        // The JSON record replays through the rules, every roll checked against the seed.
        let (_, record) = get(&server, Some(&red.token), &format!("/api/matches/{table}/export?format=json")).await;
        let history = record["history"].as_array().unwrap();
        assert!(history.iter().any(|c| c["kind"] == "chance"), "chance is in the record");
        assert!(history.iter().any(|c| c["by_default"] == true), "so are default answers");
        let drill = rules::registry::any_game("drill").unwrap();
        let replayed = rules::tools::replay::replay(drill, &record.to_string(), &Value::Null).unwrap();
        assert!(replayed.failure.is_none(), "{:?}", replayed.failure);
        assert_eq!(serde_json::to_value(replayed.state().status().outcome()).unwrap(), end["result"]["outcome"]);
        let mut forged = record.clone();
        let first_roll = history.iter().position(|c| c["outcome"].get("die").is_some()).unwrap();
        let die = forged["history"][first_roll]["outcome"]["die"].as_u64().unwrap();
        forged["history"][first_roll]["outcome"]["die"] = json!(die % 6 + 1);
        let replayed = rules::tools::replay::replay(drill, &forged.to_string(), &Value::Null).unwrap();
        let failure = replayed.failure.expect("a roll the seed does not give is refused");
        assert!(failure.reason.contains("seed"), "{}", failure.reason);
        server.stop().await;
        db.drop_db().await;
    }
}

/// A frame with everything chance or the clock decided masked: numbers and
/// digits (dice, squares, lucky numbers, event times), who the players are,
/// and lucky numbers shown by a lucky roll. What is left is what a seat
/// could learn of the other's hand.
fn masked(value: &Value) -> Value {
    match value {
        Value::Number(_) => json!(0),
        Value::String(text) => {
            // A number, however many digits, reads as one '#'.
            let mut out = String::new();
            for c in text.chars() {
                if !c.is_ascii_digit() {
                    out.push(c);
                } else if !out.ends_with('#') {
                    out.push('#');
                }
            }
            json!(out)
        }
        Value::Array(items) => {
            Value::Array(items.iter().filter(|item| item["label"] != "lucky number").map(masked).collect())
        }
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .filter(|(key, _)| {
                    ![
                        "at",
                        "server_time",
                        "window_until",
                        "table",
                        "code",
                        "seed_commitment",
                        "id",
                        "name",
                        "host",
                        "presence",
                    ]
                    .contains(&key.as_str())
                })
                .map(|(key, value)| (key.clone(), masked(value)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// One match to the close of its first window: Red rolls, Blue holds a
/// block card or not and answers at once or not at all. Returns Red's and
/// the spectator's frames of the match until the window closed, masked, and
/// how long after the die the window closed; `None` if the first roll won
/// the race (the frames then tell of an end, not a window or its close).
async fn first_window(
    server: &TestServer,
    blue_card: bool,
    blue_answers: bool,
) -> Option<(Vec<Value>, Vec<Value>, u64)> {
    let mut red = server.client().await;
    let mut blue = server.client().await;
    let mut watcher = server.client().await;
    let (table, code) = start_drill(&mut [&mut red, &mut blue], json!({"seats": 2, "window_ms": WINDOW_MS})).await;
    watcher.join_code(&code).await;
    prepare(&mut red, &mut blue, &table, blue_card).await;
    let ready = red.state_at(&table, 4).await;
    let rolled = red.act(&table, &legal(&ready, "Red: roll")).await;
    let window = blue.state_at(&table, rolled + 1).await;
    if window["view"]["outcome"].is_object() {
        return None;
    }
    if blue_answers {
        blue.act(&table, &legal(&window, "Blue pass")).await;
    }
    let closing = |m: &Value| m["type"] == "event" && m["event"]["seq"].as_u64() > Some(rolled + 1);
    let closed = red.expect(closing).await;
    if closed["state"]["view"]["outcome"].is_object() {
        // The roll won the race once the window closed: what follows is an
        // end, not the next turn, so this run is not comparable.
        return None;
    }
    assert_eq!((closed["event"]["kind"].as_str(), closed["event"]["seat"].as_u64()), (Some("action"), Some(1)));
    watcher.expect(closing).await;
    let die = events_of(&red, &table).into_iter().find(|e| e["seq"] == rolled + 1).unwrap();
    let open_for = closed["event"]["at"].as_u64().unwrap() - die["at"].as_u64().unwrap();
    let until_close = |client: &Client| -> Vec<Value> {
        let live = client.frames.iter().position(|f| f["type"] == "snapshot" && f["phase"] == "live").unwrap();
        let close = client.frames.iter().position(|f| f["event"]["seq"] == closed["event"]["seq"]).unwrap();
        client.frames[live..=close].iter().filter(|f| f["type"] != "acted").map(masked).collect()
    };
    Some((until_close(&red), until_close(&watcher), open_for))
}

#[tokio::test(flavor = "multi_thread")]
async fn a_window_reads_and_lasts_the_same_whether_or_not_the_other_seat_could_answer() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    for blue_answers in [false, true] {
        let mut runs = Vec::new();
        for blue_card in [true, false] {
            let run = loop {
                if let Some(run) = first_window(&server, blue_card, blue_answers).await {
                    break run;
                }
            };
            runs.push(run);
        }
        let (with_card, without) = (&runs[0], &runs[1]);
        assert!(with_card.0.len() > 5, "the frames of a whole opening: {:?}", with_card.0);
        assert_eq!(with_card.0, without.0, "Red's frames tell whether Blue held a block card");
        assert_eq!(with_card.1, without.1, "the spectator's frames tell whether Blue held a block card");
        if !blue_answers {
            for (_, _, open_for) in &runs {
                assert!(*open_for >= WINDOW_MS, "a window nobody answered closed after {open_for} ms");
            }
        }
    }
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn in_a_game_of_three_a_seat_leaves_and_play_goes_on_and_all_who_remain_can_agree_a_draw() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut red = server.client().await;
    let mut blue = server.client().await;
    let mut green = server.client().await;
    let (table, _) = start_drill(&mut [&mut red, &mut blue, &mut green], json!({"seats": 3, "window_ms": 3000})).await;
    // Green resigns during the bids: the race goes on between Red and Blue.
    green.say(&ClientMessage::Resign { table: table.to_string(), seat: None }).await;
    let left = red.expect_event("left").await;
    assert_eq!(left["event"]["leave"], "resigned");
    assert_eq!(left["event"]["text"], "Green resigns");
    assert_eq!(left["state"]["phase"], "live", "play goes on without Green");
    green.say(&ClientMessage::OfferDraw { table: table.to_string() }).await;
    green.expect_error("match_not_live").await;
    // A draw needs both seats still playing.
    red.say(&ClientMessage::OfferDraw { table: table.to_string() }).await;
    let offered = blue.expect_event("draw_offered").await;
    assert_eq!(offered["state"]["draw_offers"], json!([0]));
    blue.say(&ClientMessage::AcceptDraw { table: table.to_string() }).await;
    let agreed = red.expect_event("draw_agreed").await;
    assert_eq!(agreed["state"]["view"]["outcome"]["reason"], "agreement");
    let ended = red.expect_event("ended").await;
    assert_eq!(ended["event"]["result"]["termination"], "agreement");
    let places = ended["event"]["result"]["outcome"]["places"].as_array().unwrap().clone();
    assert_eq!(places[0], places[1], "Red and Blue share the draw: {places:?}");
    server.stop().await;
    db.drop_db().await;
}
