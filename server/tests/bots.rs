//! Seats held by bots: the host seats one in the lobby, the table asks it
//! whenever the rules wait for its seat, and the match is stored and listed
//! like any other, with the bot named as the player.

mod common;

use common::{Client, TestDb, TestServer, get, play_on};
use protocol::{AgainstComputer, ClientMessage, LobbySettings, Seat};
use serde_json::{Value, json};
use std::time::Duration;

fn drill(seats: u8) -> ClientMessage {
    ClientMessage::CreateLobby(LobbySettings {
        game: "drill".into(),
        options: json!({"seats": seats, "window_ms": 60_000}),
        seats: Some(seats),
        ..LobbySettings::default()
    })
}

/// A drill match of two against `bot`, the host on `seat`.
fn against(bot: &str, seat: Option<Seat>) -> ClientMessage {
    let ClientMessage::CreateLobby(settings) = drill(2) else { unreachable!() };
    ClientMessage::CreateLobby(LobbySettings { computer: Some(AgainstComputer { bot: bot.into(), seat }), ..settings })
}

fn seat_bot(table: &str, seat: Seat, bot: &str) -> ClientMessage {
    ClientMessage::SeatBot { table: table.into(), seat, bot: bot.into() }
}

/// A private lobby of `game` created by `ann`, who takes seat 0, with `bot`
/// on every other seat, started. Returns the table id.
async fn against_bots(ann: &mut Client, game: &str, options: &Value, bot: &str) -> String {
    let seats = rules::registry::game(game).unwrap().seat_count(options).unwrap() as u8;
    ann.say(&ClientMessage::CreateLobby(LobbySettings {
        game: game.into(),
        options: options.clone(),
        seats: Some(seats),
        ..LobbySettings::default()
    }))
    .await;
    let created = ann.expect(|m| m["type"] == "created").await;
    let table = created["table"].as_str().unwrap().to_string();
    ann.take_seat(&table, 0).await;
    for seat in 1..seats {
        ann.say(&seat_bot(&table, Seat(seat), bot)).await;
        ann.expect(|m| m["type"] == "snapshot" && m["seats"][seat as usize]["bot"] == bot).await;
    }
    ann.say(&ClientMessage::Start { table: table.to_string(), shuffle_seats: false }).await;
    ann.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;
    table
}

#[tokio::test(flavor = "multi_thread")]
async fn a_person_plays_a_bot_to_the_end_and_the_history_names_the_bot() {
    for db in TestDb::all().await {
        let server = TestServer::start(&db.url).await;
        let (mut ann, mut bo) = (server.client().await, server.client().await);
        ann.say(&drill(2)).await;
        let created = ann.expect(|m| m["type"] == "created").await;
        let (table, code) = (created["table"].as_str().unwrap().to_string(), created["code"].as_str().unwrap());
        bo.join_code(code).await;
        bo.say(&seat_bot(&table, Seat(1), "random")).await;
        bo.expect_error("forbidden").await;
        ann.say(&seat_bot(&table, Seat(1), "grandmaster")).await;
        let unknown = ann.expect_error("bad_action").await;
        assert!(unknown["message"].as_str().unwrap().contains("random"), "{unknown}");
        ann.take_seat(&table, 0).await;
        ann.say(&seat_bot(&table, Seat(0), "random")).await;
        ann.expect_error("seat_taken").await;
        ann.say(&seat_bot(&table, Seat(1), "random")).await;
        let seated = ann.expect(|m| m["type"] == "snapshot" && m["seats"][1]["bot"] == "random").await;
        assert_eq!(seated["seats"][1]["id"], "bot:random", "{}: {seated}", db.label);
        ann.say(&ClientMessage::Start { table: table.to_string(), shuffle_seats: false }).await;
        let live = ann.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;
        assert_eq!(live["presence"][1]["connected"], true, "{}: a bot is always there", db.label);

        // Ann plays; the bot answers by itself.
        let (played, end) = play_on(&mut [&mut ann], &table, 1_000, 9).await;
        assert_eq!(end["phase"], "finished", "{}: {end}", db.label);
        let events = ann.frames.iter().filter(|m| m["type"] == "event" && m["event"]["seat"] == 1).count();
        assert!(played > 0 && events > 0, "{}: both played ({played} by Ann, {events} bot events)", db.label);
        assert!(server.metric("tactica_bots_total").await > 0);

        let (_, list) = get(&server, Some(&ann.token), "/api/matches?mine=true").await;
        let listed = &list["matches"][0];
        assert_eq!(listed["seats"][1]["player"]["bot"], "random", "{}: {listed}", db.label);
        assert_eq!(listed["seats"][1]["player"]["name"], "Random mover (computer)");
        assert!(listed["seats"][1]["place"].is_u64(), "{listed}");
        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_match_against_the_computer_starts_at_once_and_so_does_its_rematch() {
    for db in TestDb::all().await {
        let server = TestServer::start(&db.url).await;
        let (_, bots) = get(&server, None, "/api/bots").await;
        let names: Vec<&str> = bots.as_array().unwrap().iter().map(|b| b["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["random", "casual", "club", "strong"], "weakest first: {bots}");
        assert!(bots[3]["think_ms"].as_u64().is_some_and(|ms| ms < 2_000), "{bots}");
        let mut ann = server.client().await;
        // Refused before anything is stored.
        ann.say(&against("grandmaster", None)).await;
        let unknown = ann.expect_error("bad_action").await;
        assert!(unknown["message"].as_str().unwrap().contains("strong"), "{unknown}");
        ann.say(&against("casual", Some(Seat(2)))).await;
        ann.expect_error("no_such_seat").await;
        let ClientMessage::CreateLobby(both) = against("casual", None) else { unreachable!() };
        ann.say(&ClientMessage::CreateLobby(LobbySettings { takeover: Some("casual".into()), ..both })).await;
        ann.expect_error("invalid_options").await;
        let (_, listed) = get(&server, Some(&ann.token), "/api/matches?mine=true").await;
        assert_eq!(listed["matches"], json!([]), "{}: nothing was stored", db.label);

        ann.say(&against("casual", Some(Seat(1)))).await;
        let created = ann.expect(|m| m["type"] == "created").await;
        let table = created["table"].as_str().unwrap().to_string();
        // The first snapshot is already the match: no lobby to fill or start.
        let first = ann.expect(|m| m["type"] == "snapshot").await;
        assert_eq!(first["phase"], "live", "{}: {first}", db.label);
        assert_eq!(first["seats"][0]["bot"], "casual", "{first}");
        assert_eq!(first["seats"][0]["name"], "Casual player (computer)", "{first}");
        assert_eq!(first["seats"][1]["id"], ann.id().as_str(), "{first}");
        let (played, end) = play_on(&mut [&mut ann], &table, 1_000, 5).await;
        assert_eq!(end["phase"], "finished", "{}: {end}", db.label);
        let answered = ann.frames.iter().filter(|m| m["type"] == "event" && m["event"]["seat"] == 0).count();
        assert!(played > 0 && answered > 0, "{}: {played} actions by Ann, {answered} bot events", db.label);

        // The rematch turns the seats and starts at once too.
        ann.say(&ClientMessage::Rematch { table: table.clone() }).await;
        let rematch = ann.expect(|m| m["type"] == "created").await;
        let again = ann.join_code(rematch["code"].as_str().unwrap()).await;
        assert_eq!(again["phase"], "live", "{}: {again}", db.label);
        assert_eq!(again["seats"][0]["id"], ann.id().as_str(), "{again}");
        assert_eq!(again["seats"][1]["bot"], "casual", "{again}");
        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bot_takes_over_the_seat_of_a_player_who_goes_away_and_the_match_plays_on() {
    let with_takeover = |seats| {
        let ClientMessage::CreateLobby(settings) = drill(seats) else { unreachable!() };
        ClientMessage::CreateLobby(LobbySettings { takeover: Some("random".into()), ..settings })
    };
    for db in TestDb::all().await {
        let server = TestServer::start_with(common::settings(&db.url, Duration::from_millis(300))).await;
        let (mut ann, mut bo, mut cy) = (server.client().await, server.client().await, server.client().await);
        ann.say(&with_takeover(2)).await;
        ann.expect_error("invalid_options").await;
        ann.say(&with_takeover(3)).await;
        let created = ann.expect(|m| m["type"] == "created").await;
        let (table, code) = (created["table"].as_str().unwrap().to_string(), created["code"].as_str().unwrap());
        let lobby = ann.take_seat(&table, 0).await;
        assert_eq!(lobby["takeover"], "random", "{}: the lobby says who takes over", db.label);
        for (client, seat) in [(&mut bo, 1), (&mut cy, 2)] {
            client.join_code(code).await;
            client.take_seat(&table, seat).await;
        }
        ann.say(&ClientMessage::Start { table: table.clone(), shuffle_seats: false }).await;
        ann.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;

        // Cy goes away; past the grace period the bot has the seat, and
        // everyone sees it in the record and in the seats.
        let (cy_id, cy_token, cy_player) = (cy.id(), cy.token.clone(), cy.player.clone());
        drop(cy);
        // Who sits where changed, so everyone gets the table whole.
        for client in [&mut ann, &mut bo] {
            let seated = client.expect(|m| m["type"] == "snapshot" && m["seats"][2]["bot"] == "random").await;
            assert_eq!(seated["phase"], "live", "{}: {seated}", db.label);
            let taken = seated["events"].as_array().unwrap().iter().find(|e| e["kind"] == "taken_over").cloned();
            let taken = taken.unwrap_or_else(|| panic!("the record says so: {seated}"));
            assert_eq!((taken["seat"].as_u64(), &taken["player"]["bot"]), (Some(2), &json!("random")), "{taken}");
        }
        let seated = ann.states[&table].clone();
        assert!(seated["events"].as_array().unwrap().iter().all(|e| e["kind"] != "left"), "nobody left: {seated}");

        // It is stored: a restarted server has the bot in the seat. The
        // grace period every seat gets when the table loads again hands no
        // seat over: Bo, back late, still plays.
        server.stop().await;
        let server = TestServer::start_with(common::settings(&db.url, Duration::from_millis(300))).await;
        let url = server.ws();
        let mut ann = Client::connect(&url, &ann.token, ann.player.clone()).await;
        let restored = ann.join_code(code).await;
        assert_eq!(restored["seats"][2]["bot"], "random", "{}: {restored}", db.label);
        if restored["presence"][1]["grace_until"].is_u64() {
            ann.expect(|m| m["type"] == "presence" && m["seats"][1]["grace_until"].is_null()).await;
        }
        let mut bo = Client::connect(&url, &bo.token, bo.player.clone()).await;
        let back = bo.join_code(code).await;
        assert_eq!(back["your_seats"], json!([1]), "{}: Bo keeps the seat: {back}", db.label);
        let (_, end) = play_on(&mut [&mut ann, &mut bo], &table, 2_000, 7).await;
        assert_eq!(end["phase"], "finished", "{}: the others and the bot play on to the end: {end}", db.label);
        assert_eq!(end["result"]["outcome"]["places"].as_array().unwrap().len(), 3, "{end}");
        // Cy stays the seat's player of record, and may follow the table.
        let (_, list) = get(&server, Some(&ann.token), "/api/matches?mine=true").await;
        assert_eq!(list["matches"][0]["seats"][2]["player"]["id"], cy_id.as_str(), "{}: {list}", db.label);
        let mut cy = Client::connect(&url, &cy_token, cy_player).await;
        cy.say(&ClientMessage::Join { table: Some(table.clone()), code: None, last_seq: None }).await;
        let watching = cy.expect(|m| m["type"] == "snapshot").await;
        assert_eq!(watching["your_seats"], Value::Null, "{}: Cy watches: {watching}", db.label);
        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn bots_at_two_seats_of_three_decide_at_once_and_each_seat_acts_for_itself() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut ann = server.client().await;
    ann.say(&drill(3)).await;
    let created = ann.expect(|m| m["type"] == "created").await;
    let table = created["table"].as_str().unwrap().to_string();
    ann.take_seat(&table, 1).await;
    ann.say(&seat_bot(&table, Seat(0), "random")).await;
    ann.expect(|m| m["type"] == "snapshot" && m["seats"][0]["bot"] == "random").await;
    ann.say(&seat_bot(&table, Seat(2), "random")).await;
    ann.expect(|m| m["type"] == "snapshot" && m["seats"][2]["bot"] == "random").await;
    ann.say(&ClientMessage::Start { table: table.to_string(), shuffle_seats: false }).await;
    ann.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;
    let (_, end) = play_on(&mut [&mut ann], &table, 1_000, 4).await;
    assert_eq!(end["phase"], "finished", "{end}");
    assert_eq!(end["result"]["outcome"]["places"].as_array().unwrap().len(), 3, "{end}");
    // Both bot seats bid in the simultaneous opening decision.
    let bids: Vec<u64> = ann
        .frames
        .iter()
        .filter(|m| m["type"] == "event" && m["event"]["text"] == "prepares")
        .filter_map(|m| m["event"]["seat"].as_u64())
        .collect();
    assert!(bids.contains(&0) && bids.contains(&2), "{bids:?}");
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bot_lets_a_submarine_window_run_its_length_without_being_asked_over_and_over() {
    let db = TestDb::sqlite();
    let server = TestServer::start_with(common::unlimited(&db.url)).await;
    let mut ann = server.client().await;
    let options = json!({"seats": 2, "window_ms": 200});
    let table = against_bots(&mut ann, "tactics1940", &options, "random").await;

    let prefer = common::hastening("tactics1940", &options);
    let (_, end) = common::play_preferring(&mut [&mut ann], &table, 5_000, 3, &prefer).await;
    assert_eq!(end["phase"], "finished", "{end}");
    let bot_events: Vec<&Value> = ann
        .frames
        .iter()
        .filter(|m| m["type"] == "event" && m["event"]["kind"] == "action" && m["event"]["seat"] == 1)
        .map(|m| &m["event"])
        .collect();
    let windows = bot_events.iter().filter(|e| e["by_default"] == true).count();
    let decisions = server.metric("tactica_bots_total").await as usize;
    eprintln!("{} bot actions, {windows} windows waited out, {decisions} decisions", bot_events.len());
    assert!(windows > 0, "the bot was asked in no window");
    // One decision per action or window, and a few asked again after a
    // change made them stale; a bot asked over and over while a window runs
    // would make hundreds per window.
    assert!(decisions <= 2 * bot_events.len() + 10, "{decisions} decisions for {} bot events", bot_events.len());
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_searching_bot_plays_every_game_to_the_end_against_a_person() {
    // SQLite alone: the bots' part is the same on either database.
    let db = TestDb::sqlite();
    let server = TestServer::start_with(common::unlimited(&db.url)).await;
    for (i, game) in rules::registry::games().iter().enumerate() {
        let id = game.info().id;
        let options = common::test_options(id);
        let mut ann = server.client().await;
        // ATTACTICS' matches run to hundreds of bot moves, each a casual
        // bot's full 300 ms in this debug build: its bot plays at random
        // here (the rules tests hold its searching bot to legal play).
        let bot = if id == "attactics" { "random" } else { "casual" };
        let table = against_bots(&mut ann, id, &options, bot).await;
        // The person heads for the end (captures first); the bot searches.
        let prefer = common::hastening(id, &options);
        let (played, end) = common::play_preferring(&mut [&mut ann], &table, 5_000, i as u64 + 1, &prefer).await;
        assert_eq!(end["phase"], "finished", "{id}: {end}");
        assert_eq!(end["result"]["termination"], "rules", "{id}: {end}");
        let answered = ann.frames.iter().filter(|m| m["type"] == "event" && m["event"]["seat"] == 1).count();
        eprintln!("{id}: {played} actions by the person, {answered} events of the bot");
        assert!(answered > 0, "{id}: the bot never acted");
    }
    server.stop().await;
    db.drop_db().await;
}
