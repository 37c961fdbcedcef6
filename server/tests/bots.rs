//! Seats held by bots: the host seats one in the lobby, the table asks it
//! whenever the rules wait for its seat, and the match is stored and listed
//! like any other, with the bot named as the player.

mod common;

use common::{Client, TestDb, TestServer, get, play_on};
use protocol::{ClientMessage, LobbySettings, Seat};
use serde_json::{Value, json};

fn drill(seats: u8) -> ClientMessage {
    ClientMessage::CreateLobby(LobbySettings {
        game: "drill".into(),
        options: json!({"seats": seats, "window_ms": 60_000}),
        seats: Some(seats),
        public: false,
        clock: None,
    })
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
        public: false,
        clock: None,
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
