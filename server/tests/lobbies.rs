//! Lobbies and the controls of a match: seats, the host, the public list,
//! spectators, draws, resignation, abort, clocks, absent players, rematch.

mod common;

use protocol::{ClientMessage, HostSeat, LobbySettings, Seat};

use common::{Client, TestDb, TestServer, settings, start_private_match};
use serde_json::{Value, json};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread")]
async fn seats_host_powers_and_the_live_public_list() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut host = server.client().await;
    let mut guest = server.client().await;
    let mut watcher = server.client().await;
    watcher.say(&ClientMessage::WatchLobbies).await;
    watcher.expect(|m| m["type"] == "lobbies").await;
    let (table, _) = host.create_lobby("dame100", true, Some(common::clock(300_000, 3_000))).await;
    let listed = watcher.expect(|m| m["type"] == "lobbies" && m["lobbies"][0]["table"] == table.as_str()).await;
    assert_eq!(listed["lobbies"][0]["host"], host.player["name"]);
    assert_eq!(listed["lobbies"][0]["clock"]["increment_ms"], 3000);
    host.take_seat(&table, 0).await;
    host.say(&ClientMessage::TakeSeat { table: table.to_string(), seat: Seat(1) }).await;
    host.expect_error("already_seated").await;
    guest.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
    let snapshot = guest.expect(|m| m["type"] == "snapshot").await;
    assert_eq!(snapshot["phase"], "lobby");
    assert!(snapshot.get("your_seats").is_none());
    guest.say(&ClientMessage::TakeSeat { table: table.to_string(), seat: Seat(0) }).await;
    guest.expect_error("seat_taken").await;
    guest.say(&ClientMessage::TakeSeat { table: table.to_string(), seat: Seat(7) }).await;
    guest.expect_error("no_such_seat").await;
    guest.say(&ClientMessage::Start { table: table.to_string(), shuffle_seats: false }).await;
    guest.expect_error("forbidden").await;
    host.say(&ClientMessage::Start { table: table.to_string(), shuffle_seats: false }).await;
    host.expect_error("lobby_not_full").await;
    let seated = guest.take_seat(&table, 1).await;
    assert_eq!(seated["your_seats"], json!([1]));
    let guest_name = guest.player["name"].clone();
    watcher.expect(|m| m["type"] == "lobbies" && m["lobbies"][0]["seats"][1] == guest_name).await;
    guest.say(&ClientMessage::RemovePlayer { table: table.to_string(), seat: Seat(0) }).await;
    guest.expect_error("forbidden").await;
    host.say(&ClientMessage::RemovePlayer { table: table.to_string(), seat: Seat(1) }).await;
    let removed = guest.expect(|m| m["type"] == "snapshot" && m["seats"][1].is_null()).await;
    assert!(removed.get("your_seats").is_none());
    guest.take_seat(&table, 1).await;
    guest.say(&ClientMessage::LeaveSeat { table: table.to_string(), seat: None }).await;
    guest.expect(|m| m["type"] == "snapshot" && m["seats"][1].is_null()).await;
    guest.take_seat(&table, 1).await;
    host.say(&ClientMessage::Start { table: table.to_string(), shuffle_seats: false }).await;
    let live = guest.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;
    assert_eq!(live["seed_commitment"].as_str().unwrap().len(), 64);
    assert!(live.get("seed").is_none(), "the seed stays secret during the match");
    assert_eq!(live["events"][0]["kind"], "started");
    assert_eq!(live["clocks"]["running"], json!([0]));
    watcher
        .expect(|m| {
            m["type"] == "lobbies" && m["lobbies"].as_array().unwrap().iter().all(|l| l["table"] != table.as_str())
        })
        .await;
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn spectators_follow_public_matches_and_private_ones_through_the_link() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut a = server.client().await;
    let mut b = server.client().await;
    let mut fan = server.client().await;
    let (table, code) = start_private_match(&mut a, &mut b, "accasta", None).await;
    fan.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
    fan.expect_error("no_such_table").await;
    let watching = fan.join_code(&code).await;
    assert_eq!(watching["phase"], "live");
    assert_eq!(watching["legal"], json!([]), "spectators have no actions");
    let seq = a.act(&table, &json!({"move": {"from": "b4", "count": 2, "to": "c5"}})).await;
    let event = fan.expect(|m| m["type"] == "event" && m["event"]["seq"] == seq).await;
    assert_eq!(event["event"]["text"], "b4: 2-c5");
    assert_eq!(event["state"]["legal"], json!([]));
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn draws_are_offered_declined_lapse_and_accepted() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut a = server.client().await;
    let mut b = server.client().await;
    let (table, _) = start_private_match(&mut a, &mut b, "dame100", None).await;
    a.say(&ClientMessage::OfferDraw { table: table.to_string() }).await;
    let offered = b.expect_event("draw_offered").await;
    assert_eq!(offered["state"]["draw_offers"], json!([0]));
    a.say(&ClientMessage::OfferDraw { table: table.to_string() }).await;
    a.expect_error("no_draw_offer").await;
    b.say(&ClientMessage::DeclineDraw { table: table.to_string() }).await;
    let declined = a.expect_event("draw_declined").await;
    assert!(declined["state"].get("draw_offers").is_none());
    // An offer lapses when the other side plays on.
    b.say(&ClientMessage::OfferDraw { table: table.to_string() }).await;
    a.expect_event("draw_offered").await;
    // B reads its own offer too, or it would take it for A's offer below
    // and accept before the server has A's.
    b.expect_event("draw_offered").await;
    let seq = a.act(&table, &json!({"from": 32, "to": 28})).await;
    let state = b.state_at(&table, seq).await;
    assert!(state.get("draw_offers").is_none(), "{state}");
    a.say(&ClientMessage::AcceptDraw { table: table.to_string() }).await;
    a.expect_error("no_draw_offer").await;
    a.say(&ClientMessage::OfferDraw { table: table.to_string() }).await;
    b.expect_event("draw_offered").await;
    b.say(&ClientMessage::AcceptDraw { table: table.to_string() }).await;
    let ended = a.expect_event("ended").await;
    assert_eq!(ended["event"]["result"]["termination"], "agreement");
    assert_eq!(ended["event"]["result"]["outcome"]["places"], json!([1, 1]));
    assert_eq!(ended["state"]["phase"], "finished");
    assert_eq!(ended["event"]["seed"].as_str().unwrap().len(), 64);
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn resignation_abort_and_rematch() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut a = server.client().await;
    let mut b = server.client().await;
    // Abort before the first action.
    let (table, _) = start_private_match(&mut a, &mut b, "accasta", None).await;
    b.say(&ClientMessage::Abort { table: table.to_string() }).await;
    let aborted = a.expect_event("ended").await;
    assert_eq!(aborted["state"]["phase"], "aborted");
    assert!(aborted["event"]["result"].get("outcome").is_none());
    // Too late once someone has moved; resignation ends it instead.
    let (table, _) = start_private_match(&mut a, &mut b, "accasta", None).await;
    a.act(&table, &json!({"move": {"from": "b4", "count": 2, "to": "c5"}})).await;
    b.say(&ClientMessage::Abort { table: table.to_string() }).await;
    b.expect_error("too_late").await;
    b.say(&ClientMessage::Resign { table: table.to_string(), seat: None }).await;
    let resigned = a.expect_event("left").await;
    assert_eq!(resigned["event"]["seat"], 1);
    assert_eq!(resigned["event"]["leave"], "resigned");
    let ended = a.expect_event("ended").await;
    assert_eq!(ended["event"]["result"]["termination"], "resignation");
    assert_eq!(ended["event"]["result"]["outcome"]["places"], json!([1, 2]));
    b.say(&ClientMessage::Resign { table: table.to_string(), seat: None }).await;
    b.expect_error("match_not_live").await;
    // Rematch: a new lobby with the players in each other's seats.
    a.say(&ClientMessage::Rematch { table: table.to_string() }).await;
    let created = a.expect(|m| m["type"] == "created").await;
    let offer = b.expect(|m| m["type"] == "rematch_offered").await;
    assert_eq!(offer["rematch"], created["table"]);
    let rematch = created["table"].as_str().unwrap().to_string();
    a.say(&ClientMessage::Join { table: Some(rematch.to_string()), code: None, last_seq: None }).await;
    let lobby = a.expect(|m| m["type"] == "snapshot" && m["table"] == rematch.as_str()).await;
    assert_eq!(lobby["seats"][1]["id"], a.player["id"], "the host moves to the next seat");
    assert_eq!(lobby["auto_start"], true, "{lobby}");
    assert_eq!(lobby["rematch_of"], table.as_str(), "{lobby}");
    // Someone else with the link may watch, but the seat is kept for the
    // other player of the match before.
    let mut stranger = server.client().await;
    stranger.join_code(created["code"].as_str().unwrap()).await;
    stranger.say(&ClientMessage::TakeSeat { table: rematch.clone(), seat: Seat(0) }).await;
    stranger.expect_error("forbidden").await;
    // The other player's one click: asking for the rematch seats them in
    // the seat after theirs, and the full rematch starts.
    b.say(&ClientMessage::Rematch { table: table.to_string() }).await;
    let again = b.expect(|m| m["type"] == "created").await;
    assert_eq!(again["table"], rematch.as_str(), "one rematch per match");
    b.join_code(again["code"].as_str().unwrap()).await;
    let live = a.expect(|m| m["type"] == "snapshot" && m["table"] == rematch.as_str() && m["phase"] == "live").await;
    assert_eq!(live["seats"][0]["id"], b.player["id"], "{live}");
    assert_eq!(live["seats"][1]["id"], a.player["id"], "{live}");
    server.stop().await;
    db.drop_db().await;
}

/// A lobby in one step: the host sits down as it is created, the friend
/// with the link takes the free seat, and the full lobby starts by itself.
async fn invite_in_one_step(db: TestDb) {
    let server = TestServer::start(&db.url).await;
    let mut host = server.client().await;
    let mut friend = server.client().await;
    let settings = |host_seat| LobbySettings {
        game: "dame100".into(),
        host_seat: Some(host_seat),
        auto_start: true,
        ..LobbySettings::default()
    };
    // A seat that is not there, and a seat named twice, are refused.
    host.say(&ClientMessage::CreateLobby(settings(HostSeat { seat: Some(Seat(2)) }))).await;
    host.expect_error("no_such_seat").await;
    let both = LobbySettings {
        computer: Some(protocol::AgainstComputer { bot: "casual".into(), seat: None }),
        ..settings(HostSeat::default())
    };
    host.say(&ClientMessage::CreateLobby(both)).await;
    host.expect_error("invalid_options").await;
    // Black, chosen.
    host.say(&ClientMessage::CreateLobby(settings(HostSeat { seat: Some(Seat(1)) }))).await;
    let created = host.expect(|m| m["type"] == "created").await;
    let (table, code) = (created["table"].as_str().unwrap(), created["code"].as_str().unwrap());
    let lobby = host.expect(|m| m["type"] == "snapshot").await;
    assert_eq!(lobby["phase"], "lobby");
    assert_eq!(lobby["seats"][1]["id"], host.player["id"], "{lobby}");
    assert_eq!(lobby["your_seats"], json!([1]));
    assert_eq!(lobby["auto_start"], true);
    let seen = friend.join_code(code).await;
    assert_eq!(seen["seats"][0], Value::Null);
    friend.say(&ClientMessage::TakeSeat { table: table.to_string(), seat: Seat(0) }).await;
    let friend_id = friend.player["id"].clone();
    for client in [&mut host, &mut friend] {
        let live = client.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;
        assert_eq!(live["seats"][0]["id"], friend_id, "{live}");
    }
    friend.act(table, &json!({"from": 32, "to": 28})).await;
    // A random seat: either, and the host holds it.
    host.say(&ClientMessage::CreateLobby(settings(HostSeat::default()))).await;
    host.expect(|m| m["type"] == "created").await;
    let lobby = host.expect(|m| m["type"] == "snapshot").await;
    let seat = lobby["your_seats"][0].as_u64().unwrap() as usize;
    assert_eq!(lobby["seats"][seat]["id"], host.player["id"], "{lobby}");
    assert_eq!(lobby["seats"][1 - seat], Value::Null, "{lobby}");
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_host_sits_down_on_creating_and_a_full_lobby_starts_by_itself() {
    invite_in_one_step(TestDb::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_host_sits_down_on_creating_and_a_full_lobby_starts_by_itself_on_postgres() {
    if let Some(db) = TestDb::postgres().await {
        invite_in_one_step(db).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_server_enforces_clocks_and_a_flag_fall_ends_the_match() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut a = server.client().await;
    let mut b = server.client().await;
    let (table, _) = start_private_match(&mut a, &mut b, "dame100", Some(common::clock(1_500, 0))).await;
    let ended = b.expect_event("ended").await;
    assert_eq!(ended["event"]["result"]["termination"], "timeout");
    assert_eq!(ended["event"]["result"]["outcome"]["places"], json!([2, 1]), "White's time ran out");
    assert_eq!(ended["state"]["clocks"]["remaining_ms"][0], 0);
    a.say(&common::act_message(&table, "late", None, json!({"from": 32, "to": 28}))).await;
    a.expect_error("match_not_live").await;
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_absent_player_gets_a_grace_period_then_the_opponent_may_claim_the_win() {
    let db = TestDb::sqlite();
    let server = TestServer::start_with(settings(&db.url, Duration::from_millis(1_500))).await;
    let mut a = server.client().await;
    let mut b = server.client().await;
    let (table, _) = start_private_match(&mut a, &mut b, "accasta", None).await;
    let (b_token, b_player) = (b.token.clone(), b.player.clone());
    drop(b);
    let away = a.expect(|m| m["type"] == "presence" && m["seats"][1]["connected"] == false).await;
    assert!(away["seats"][1]["grace_until"].as_u64().is_some(), "a countdown is shown: {away}");
    a.say(&ClientMessage::ClaimVictory { table: table.to_string() }).await;
    a.expect_error("not_absent").await;
    // Coming back cancels the countdown.
    let mut b = Client::connect(&server.ws(), &b_token, b_player).await;
    b.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
    let back = a.expect(|m| m["type"] == "presence" && m["seats"][1]["connected"] == true).await;
    assert!(back["seats"][1].get("grace_until").is_none());
    drop(b);
    a.expect(|m| m["type"] == "presence" && m["seats"][1]["connected"] == false).await;
    // After the grace period the presence says so, and the claim succeeds.
    a.expect(|m| {
        m["type"] == "presence" && m["seats"][1]["connected"] == false && m["seats"][1].get("grace_until").is_none()
    })
    .await;
    a.say(&ClientMessage::ClaimVictory { table: table.to_string() }).await;
    let ended = a.expect_event("ended").await;
    assert_eq!(ended["event"]["result"]["termination"], "abandonment");
    assert_eq!(ended["event"]["result"]["outcome"]["places"], json!([1, 2]));
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_lobby_outlives_a_restart_and_loads_when_someone_joins() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut host = server.client().await;
    let (table, code) = host.create_lobby("accasta", false, None).await;
    host.take_seat(&table, 0).await;
    let (token, player) = (host.token.clone(), host.player.clone());
    drop(host);
    server.stop().await;

    let server = TestServer::start(&db.url).await;
    let mut host = Client::connect(&server.ws(), &token, player).await;
    host.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
    let lobby = host.expect(|m| m["type"] == "snapshot").await;
    assert_eq!(lobby["phase"], "lobby");
    assert_eq!(lobby["seats"][0]["id"], host.player["id"], "the seat was kept");
    let mut guest = server.client().await;
    guest.join_code(&code).await;
    guest.take_seat(&table, 1).await;
    host.say(&ClientMessage::Start { table: table.to_string(), shuffle_seats: false }).await;
    host.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn lobbies_are_limited_before_they_are_made_and_old_ones_close() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut host = server.client().await;
    let mut made = Vec::new();
    for _ in 0..server::OPEN_LOBBIES_PER_PLAYER {
        made.push(host.create_lobby("accasta", false, None).await);
    }
    host.say(&ClientMessage::CreateLobby(common::lobby("accasta", Value::Null))).await;
    let refused = host.expect_error("limit_reached").await;
    assert!(refused["message"].as_str().unwrap().contains("waiting to start"), "{refused}");
    server.stop().await;

    // Three days on, a restart closes every lobby that never started.
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&db.url).await.unwrap();
    let old = (server::epoch::now_ms() - server::LOBBY_LIFETIME.as_millis() as u64 - 1) as i64;
    sqlx::query("UPDATE tables SET created_at = $1").bind(old).execute(&mut conn).await.unwrap();
    drop(conn);
    let server = TestServer::start(&db.url).await;
    let mut host = Client::connect(&server.ws(), &host.token, host.player.clone()).await;
    host.create_lobby("accasta", false, None).await;
    let snapshot = host.join_code(&made[0].1).await;
    assert_eq!(snapshot["phase"], "aborted", "{snapshot}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_host_closes_a_lobby_and_nobody_else_can() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut host = server.client().await;
    let mut guest = server.client().await;
    let (table, code) = host.create_lobby("accasta", true, None).await;
    guest.join_code(&code).await;
    guest.say(&ClientMessage::Abort { table: table.to_string() }).await;
    guest.expect_error("forbidden").await;
    host.say(&ClientMessage::Abort { table: table.to_string() }).await;
    for client in [&mut host, &mut guest] {
        let closed = client.expect(|m| m["type"] == "snapshot" && m["phase"] == "aborted").await;
        assert!(closed["result"].is_null(), "{closed}");
    }
    host.say(&ClientMessage::WatchLobbies).await;
    let lobbies = host.expect(|m| m["type"] == "lobbies").await;
    assert!(!lobbies.to_string().contains(&table), "a closed lobby is still listed: {lobbies}");
    server.stop().await;

    // Closed for good: it loads closed after a restart.
    let server = TestServer::start(&db.url).await;
    let mut guest = Client::connect(&server.ws(), &guest.token, guest.player.clone()).await;
    let snapshot = guest.join_code(&code).await;
    assert_eq!(snapshot["phase"], "aborted", "{snapshot}");
    server.stop().await;
}
