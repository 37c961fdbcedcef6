//! Whole matches through the real server: every registered game to the end
//! through a private lobby, durability before acknowledgement, resent
//! actions, reconnecting clients, and a server killed with SIGKILL.

mod common;

use common::{
    Client, Process, TestDb, TestServer, guest_at, play_on, play_preferring, play_random, start_game,
    start_private_match, stored_events,
};
use protocol::{ClientMessage, LobbySettings, TimeControl};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

#[tokio::test(flavor = "multi_thread")]
async fn every_registered_game_plays_to_the_end_through_a_private_lobby() {
    for db in TestDb::all().await {
        // Unlimited: a Tactics turn is many actions by one client in a row.
        let server = TestServer::start_with(common::unlimited(&db.url)).await;
        for (i, game) in rules::registry::games().iter().enumerate() {
            let id = game.info().id;
            let options = common::test_options(id);
            let mut clients = Vec::new();
            for _ in 0..game.seat_count(&options).unwrap() {
                clients.push(server.client().await);
            }
            let mut players: Vec<&mut Client> = clients.iter_mut().collect();
            let (table, _) = start_game(&mut players, id, options.clone(), None).await;
            // Captures first, so that long games (ATTACTICS) end sooner.
            let prefer = common::hastening(id, &options);
            let (played, end) = play_preferring(&mut players, &table, 20_000, i as u64 + 1, &prefer).await;
            let a = &mut *players[0];
            assert_eq!(end["phase"], "finished", "{} {id}: not over after {played} actions", db.label);
            assert_eq!(end["result"]["termination"], "rules", "{id}");
            let seed = end["seed"].as_str().expect("the seed is revealed");
            let snapshot = {
                a.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
                a.expect(|m| m["type"] == "snapshot" && m["table"] == table.as_str()).await
            };
            let seed_bytes: Vec<u8> =
                (0..32).map(|i| u8::from_str_radix(&seed[2 * i..2 * i + 2], 16).unwrap()).collect();
            assert_eq!(
                snapshot["seed_commitment"].as_str().unwrap(),
                hex::encode(Sha256::digest(&seed_bytes)),
                "the seed matches its commitment"
            );
            let events = stored_events(&db.url, &table).await;
            assert_eq!(events.len() as u64, end["seq"].as_u64().unwrap(), "every event is stored, none twice");
            let sent = events.iter().filter(|e| e.kind == "act" && e.client_id.is_some()).count();
            assert_eq!(sent, played, "{id}: every action a client sent is stored once");
            assert_eq!(events.last().unwrap().kind, "ended");
        }
        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_variant_a_lobby_form_offers_plays_to_the_end() {
    let db = TestDb::sqlite();
    // A client playing a long Hex-Tri step sends faster than a person may.
    let server = TestServer::start_with(common::unlimited(&db.url)).await;
    let mut played_variants = 0;
    for (i, game) in rules::registry::games().iter().enumerate() {
        let id = game.info().id;
        // The defaults are played above; here each other choice, with
        // what it needs of the other options.
        for mut options in game.option_choices().into_iter().skip(1) {
            // Tactics' choices of time to torpedo are played with the tests'
            // short windows too (tactics1940.rs shows each window lasts its
            // length): the time is all they change.
            for (key, value) in common::test_options(id).as_object().unwrap() {
                options[key] = value.clone();
            }
            let seats = game.seat_count(&options).unwrap();
            let mut clients: Vec<Client> = Vec::new();
            for _ in 0..seats {
                clients.push(server.client().await);
            }
            let mut players: Vec<&mut Client> = clients.iter_mut().collect();
            let (table, _) = start_game(&mut players, id, options.clone(), None).await;
            let lobby = players[0].frames.iter().find(|m| m["type"] == "snapshot" && m["table"] == table.as_str());
            let lobby = lobby.unwrap().clone();
            assert_eq!(lobby["options"], options, "{id}: the lobby keeps {options}");
            let cells = server.layout_of(&lobby).await["cells"].as_array().unwrap().len();
            // Captures first, so that long games (ATTACTICS) end sooner.
            let prefer = common::hastening(id, &options);
            let (played, end) = play_preferring(&mut players, &table, 20_000, i as u64 + 7, &prefer).await;
            assert_eq!(end["phase"], "finished", "{id} {options}: not over after {played} actions");
            assert_eq!(end["result"]["termination"], "rules", "{id} {options}");
            eprintln!("{id} {options}: {seats} seats, {cells} cells, ended by the rules after {played} actions");
            played_variants += 1;
        }
    }
    assert!(played_variants >= 5, "only {played_variants} variants");
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_action_is_in_the_database_when_it_is_acknowledged_and_a_resent_one_is_applied_once() {
    for db in TestDb::all().await {
        let server = TestServer::start(&db.url).await;
        let mut a = server.client().await;
        let mut b = server.client().await;
        let (table, _) = start_private_match(&mut a, &mut b, "dame100", None).await;
        let action = json!({"from": 32, "to": 28});
        a.say(&common::act_message(&table, "m1", Some(1), action.clone())).await;
        let acted = a.expect(|m| m["type"] == "acted" || m["type"] == "event").await;
        assert_eq!(acted["type"], "acted", "the actor hears that its action stands before the event");
        assert_eq!(acted["seq"], 2);
        let events = stored_events(&db.url, &table).await;
        let last = events.last().map(|e| (e.seq, e.kind.as_str(), e.client_id.as_deref()));
        assert_eq!(last, Some((2, "act", Some("m1"))), "{} stores before it acknowledges", db.label);
        // The same id again, as after a reconnect: acknowledged, not replayed.
        a.say(&common::act_message(&table, "m1", None, action.clone())).await;
        let again = a.expect(|m| m["type"] == "acted").await;
        assert_eq!(again["seq"], 2);
        assert_eq!(stored_events(&db.url, &table).await.len(), 2);
        let state = b.state_at(&table, 2).await;
        assert_eq!(state["view"]["acting"], json!([1]));
        // Older than the events a table keeps in memory, and no longer
        // legal: still acknowledged with its number, from the database.
        // Resent as the page does, with the event it was chosen at.
        play_on(&mut [&mut a, &mut b], &table, 2 * server::table::RECENT_KEPT, 7).await;
        a.say(&common::act_message(&table, "m1", Some(1), action.clone())).await;
        let old = a.expect(|m| m["type"] == "acted" || m["type"] == "error").await;
        assert_eq!((old["type"].as_str(), old["seq"].as_u64()), (Some("acted"), Some(2)), "{old}");
        // After the match has ended, a resend is still acknowledged, not refused.
        b.say(&ClientMessage::Resign { table: table.to_string(), seat: None }).await;
        a.expect_event("ended").await;
        a.say(&common::act_message(&table, "m1", None, action.clone())).await;
        let late = a.expect(|m| m["type"] == "acted" || m["type"] == "error").await;
        assert_eq!((late["type"].as_str(), late["seq"].as_u64()), (Some("acted"), Some(2)));
        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reconnecting_client_gets_the_events_it_missed() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut a = server.client().await;
    let mut b = server.client().await;
    let (table, _) = start_private_match(&mut a, &mut b, "accasta", None).await;
    // White's first turn while Black's connection is down.
    let b_token = b.token.clone();
    let b_player = b.player.clone();
    let seen = b.state_at(&table, 1).await["seq"].as_u64().unwrap();
    drop(b);
    a.act(&table, &json!({"move": {"from": "a4", "count": 1, "to": "b5"}})).await;
    let seq = a.act(&table, &json!("stop")).await;
    let mut b = Client::connect(&server.ws(), &b_token, b_player).await;
    b.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: Some(seen) }).await;
    let catch_up = b.expect(|m| m["type"] == "catch_up").await;
    let events = catch_up["events"].as_array().unwrap();
    assert_eq!(events.len() as u64, seq - seen, "exactly the missed events");
    assert_eq!(events[0]["seq"], seen + 1);
    assert_eq!(events[0]["text"], "a4: -b5");
    assert_eq!(events[1]["text"], "stop");
    assert_eq!(events[1]["turn_text"], "a4: -b5", "the whole turn in the game's notation");
    assert_eq!(catch_up["state"]["seq"], seq);
    assert!(!catch_up["state"]["legal"].as_array().unwrap().is_empty(), "Black may move now");
    // And play goes on.
    b.act(&table, &json!({"move": {"from": "e4", "count": 1, "to": "e3"}})).await;
    // A client that is too far ahead gets an error and a snapshot.
    b.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: Some(999) }).await;
    b.expect_error("stale_sequence").await;
    b.expect(|m| m["type"] == "snapshot").await;
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn after_kill_9_every_live_match_is_restored_and_goes_on() {
    for db in TestDb::all().await {
        let first = Process::start(&db.url);
        let base = format!("http://{}", first.addr);
        let (token_a, player_a) = guest_at(&base).await;
        let (token_b, player_b) = guest_at(&base).await;
        let ws = format!("ws://{}/ws", first.addr);
        let mut a = Client::connect(&ws, &token_a, player_a.clone()).await;
        let mut b = Client::connect(&ws, &token_b, player_b.clone()).await;
        let clock = Some(common::clock(600_000, 5_000));
        let (table, _) = start_private_match(&mut a, &mut b, "dame100", clock).await;
        let (played, before) = play_random(&mut a, &mut b, &table, 12, 7).await;
        assert_eq!(played, 12);
        let seq = before["seq"].as_u64().unwrap();
        let clocks = before["clocks"]["remaining_ms"].clone();
        // SIGKILL: no shutdown, nothing flushed by the server.
        let mut first = first;
        first.child.kill().unwrap();
        first.child.wait().unwrap();
        let second = Process::start(&db.url);
        let ws = format!("ws://{}/ws", second.addr);
        let mut a = Client::connect(&ws, &token_a, player_a).await;
        let mut b = Client::connect(&ws, &token_b, player_b).await;
        a.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: Some(seq) }).await;
        let catch_up = a.expect(|m| m["type"] == "catch_up").await;
        assert_eq!(catch_up["events"], json!([]), "{}: nothing acknowledged was lost", db.label);
        assert_eq!(catch_up["state"]["seq"], seq);
        assert_eq!(catch_up["state"]["view"], before["view"], "the same position");
        for (now, then) in
            catch_up["state"]["clocks"]["remaining_ms"].as_array().unwrap().iter().zip(clocks.as_array().unwrap())
        {
            let (now, then) = (now.as_u64().unwrap(), then.as_u64().unwrap());
            // `then` was read when the event was sent, a moment after the
            // clocks were stored with it, which the restart resumes from.
            assert!(now <= then + 50 && then < now + 10_000, "clocks kept across the restart: {now} vs {then}");
        }
        b.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
        b.expect(|m| m["type"] == "snapshot").await;
        let (more, after) = play_random(&mut a, &mut b, &table, 6, 8).await;
        assert!(more > 0 && after["seq"].as_u64().unwrap() > seq, "the match goes on: {more} {after}");
        let mut second = second;
        second.child.kill().unwrap();
        second.child.wait().unwrap();
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn after_kill_9_a_four_seat_match_with_a_player_at_two_seats_goes_on() {
    for db in TestDb::all().await {
        let first = Process::start_with(&db.url, &["--test-games"]);
        let (base, ws) = (format!("http://{}", first.addr), format!("ws://{}/ws", first.addr));
        let mut ids = Vec::new();
        for _ in 0..3 {
            ids.push(guest_at(&base).await);
        }
        let connect = |ws: String, ids: Vec<(String, Value)>| async move {
            let mut clients = Vec::new();
            for (token, player) in ids {
                clients.push(Client::connect(&ws, &token, player).await);
            }
            clients
        };
        let mut clients = connect(ws, ids.clone()).await;
        let settings = LobbySettings {
            game: "drill".into(),
            options: json!({"seats": 4, "window_ms": 60_000, "laps": 3}),
            seats: Some(4),
            ..LobbySettings::default()
        };
        clients[0].say(&ClientMessage::CreateLobby(settings)).await;
        let created = clients[0].expect(|m| m["type"] == "created").await;
        let (table, code) = (created["table"].as_str().unwrap().to_string(), created["code"].as_str().unwrap());
        // Ann at Red and Green, Bo at Blue, Cy at Gold.
        for (client, seat, joins) in [(0, 0, false), (1, 1, true), (0, 2, false), (2, 3, true)] {
            if joins {
                clients[client].join_code(code).await;
            }
            clients[client].take_seat(&table, seat as u8).await;
        }
        clients[0].say(&ClientMessage::Start { table: table.to_string(), shuffle_seats: false }).await;
        for client in &mut clients {
            client.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;
        }
        let [ann, bo, cy] = &mut clients[..] else { unreachable!() };
        let (played, before) = play_on(&mut [ann, bo, cy], &table, 20, 3).await;
        assert_eq!((played, &before["phase"]), (20, &json!("live")), "{}", db.label);
        let seq = before["seq"].as_u64().unwrap();
        drop(clients);
        // SIGKILL: no shutdown, nothing flushed by the server.
        let mut first = first;
        first.child.kill().unwrap();
        first.child.wait().unwrap();

        let second = Process::start_with(&db.url, &["--test-games"]);
        let mut clients = connect(format!("ws://{}/ws", second.addr), ids).await;
        for client in &mut clients {
            client.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: Some(seq) }).await;
            let catch_up = client.expect(|m| m["type"] == "catch_up").await;
            assert_eq!(catch_up["events"], json!([]), "{}: nothing acknowledged was lost", db.label);
            assert_eq!(catch_up["state"]["seq"], seq, "{}", db.label);
        }
        assert_eq!(clients[0].states[&table]["view"], before["view"], "{}: Ann sees what she saw", db.label);
        let [ann, bo, cy] = &mut clients[..] else { unreachable!() };
        let (_, after) = play_on(&mut [ann, bo, cy], &table, 2_000, 4).await;
        assert_eq!(after["phase"], "finished", "{}: the match goes on to its end: {after}", db.label);
        let places = after["result"]["outcome"]["places"].as_array().unwrap();
        assert_eq!(places.len(), 4, "{}: every seat is ranked: {after}", db.label);
        let mut second = second;
        second.child.kill().unwrap();
        second.child.wait().unwrap();
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_match_whose_end_was_not_stored_ends_when_the_server_comes_back() {
    for db in TestDb::all().await {
        let server = TestServer::start(&db.url).await;
        let mut a = server.client().await;
        let mut b = server.client().await;
        let (table, _) = start_private_match(&mut a, &mut b, "dame100", None).await;
        a.act(&table, &json!({"from": 32, "to": 28})).await;
        let (token, player) = (a.token.clone(), a.player.clone());
        drop((a, b));
        server.stop().await;
        // As if the server died between storing Black's resignation and the end.
        let pool = common::pool_at(&db.url).await;
        sqlx::query("INSERT INTO events (table_id, seq, kind, seat, client_id, payload, created_at) VALUES ($1, 3, 'resigned', 1, NULL, '{\"kind\":\"resigned\"}', 0)")
            .bind(table.clone())
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
        let server = TestServer::start(&db.url).await;
        let mut a = Client::connect(&server.ws(), &token, player).await;
        a.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
        let snapshot = a.expect(|m| m["type"] == "snapshot").await;
        assert_eq!(snapshot["phase"], "finished", "{}", db.label);
        assert_eq!(snapshot["result"]["termination"], "resignation");
        assert_eq!(snapshot["result"]["outcome"]["places"], json!([1, 2]));
        assert_eq!(stored_events(&db.url, &table).await.last().unwrap().kind, "ended");
        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_set_up_earns_the_clock_increment_once_when_the_seat_is_ready() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut white = server.client().await;
    let mut black = server.client().await;
    let clock = Some(common::clock(600_000, 10_000));
    let (table, _) = start_game(&mut [&mut white, &mut black], "tactique", json!({}), clock).await;
    let left = |event: &Value| event["state"]["clocks"]["remaining_ms"][0].as_u64().unwrap();
    // Seven pieces placed one by one: each is a turn of its own, but none
    // earns the increment (before, each gave 10 s, some 14 minutes in all).
    for (i, cell) in ["a1", "b1", "c1", "d1", "e1", "f1", "g1"].iter().enumerate() {
        let action = json!({"place": {"cell": cell, "rank": "infantry"}});
        let seq = white.act(&table, &action).await;
        let event = white.expect(|m| m["type"] == "event" && m["state"]["seq"] == seq).await;
        assert!(left(&event) <= 600_000, "placement {i}: {} ms left", left(&event));
    }
    white.act(&table, &json!("random")).await;
    let seq = white.act(&table, &json!("ready")).await;
    let event = white.expect(|m| m["type"] == "event" && m["state"]["seq"] == seq).await;
    let after = left(&event);
    assert!(after > 600_000 && after <= 610_000, "the increment once, on ready: {after} ms");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_set_up_with_a_time_of_its_own_is_completed_for_a_seat_whose_set_up_time_runs_out() {
    for db in TestDb::all().await {
        let server = TestServer::start(&db.url).await;
        let mut white = server.client().await;
        let mut black = server.client().await;
        let clock = Some(TimeControl { setup_ms: Some(1_500), ..common::clock(600_000, 5_000) });
        let (table, code) = start_game(&mut [&mut white, &mut black], "tactique", json!({}), clock).await;
        white.say(&ClientMessage::Join { table: None, code: Some(code.clone()), last_seq: None }).await;
        let snapshot =
            white.expect(|m| m["type"] == "snapshot" && m["phase"] == "live" && m.get("clocks").is_some()).await;
        assert_eq!(snapshot["clocks"]["running"], json!([]), "the game clocks wait during the set-up");
        assert_eq!(snapshot["clocks"]["setup"]["running"], json!([0, 1]), "{}", snapshot["clocks"]);
        white.act(&table, &json!({"place": {"cell": "a1", "rank": "flag"}})).await;
        // Nobody acts again: as each set-up time runs out, the server completes
        // that seat's set-up by its default parts, and play begins.
        let begun = white
            .expect(|m| {
                m["type"] == "event" && m["state"]["view"]["acting"] == json!([0]) && m["state"]["phase"] == "live"
            })
            .await;
        let clocks = &begun["state"]["clocks"];
        assert!(clocks.get("setup").is_none(), "the set-up clocks are gone once play begins: {clocks}");
        assert_eq!(clocks["running"], json!([0]));
        let left: Vec<u64> = clocks["remaining_ms"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
        assert!(
            left[0] > 600_000 && left[1] == 605_000,
            "each got the increment once, the set-up cost the game clocks nothing: {left:?}"
        );
        let events = stored_events(&db.url, &table).await;
        let defaults = events.iter().filter(|e| e.payload.contains("\"by_default\":true")).count();
        assert_eq!(defaults, 4, "random and ready given for each seat");
        assert!(
            events.iter().any(|e| e.payload.contains("\"setup_clocks\"")),
            "set-up clocks are stored for a restart"
        );
        // What White placed stays where it was put.
        let view = &begun["state"]["view"];
        assert!(
            view["stacks"].as_array().unwrap().iter().any(|s| s["cell"] == 0 && s["pieces"][0]["kind"] == "F"),
            "{view}"
        );
        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_set_up_time_is_refused_for_a_game_without_a_set_up() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut host = server.client().await;
    let clock = Some(TimeControl { setup_ms: Some(60_000), ..common::clock(600_000, 0) });
    host.say(&ClientMessage::CreateLobby(LobbySettings { clock, ..common::lobby("dame100", Value::Null) })).await;
    let error = host.expect_error("invalid_options").await;
    assert!(error["message"].as_str().unwrap().contains("no set-up"), "{error}");
    server.stop().await;
}
