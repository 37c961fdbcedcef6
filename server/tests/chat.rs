//! Table chat through real WebSocket clients: players and spectators talk
//! in separate channels and never read each other's; every line is stored
//! before anyone reads it and comes back in the snapshot of a page that
//! reloads and of a server that restarted; lines are limited in length,
//! in what they may hold and in rate; a host may keep spectators quiet;
//! and spectators are counted for everyone.

mod common;

use common::{Client, TestDb, TestServer, lobby, start_private_match};
use protocol::{ClientMessage, LobbySettings};
use serde_json::Value;

fn chat(table: &str, text: &str) -> ClientMessage {
    ClientMessage::Chat { table: table.to_string(), text: text.to_string() }
}

/// The next line of chat this client receives.
async fn next_line(client: &mut Client) -> Value {
    client.expect(|m| m["type"] == "chat").await["line"].clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn players_and_spectators_talk_apart_and_every_line_is_kept() {
    for db in TestDb::all().await {
        let server = TestServer::start(&db.url).await;
        let mut ann = server.client().await;
        let mut bob = server.client().await;
        let mut eve = server.client().await;
        let (table, code) = start_private_match(&mut ann, &mut bob, "dame100", None).await;

        // A spectator comes: everyone is told how many watch.
        let snapshot = eve.join_code(&code).await;
        assert_eq!(snapshot["spectators"], 1, "the spectator counts itself");
        for player in [&mut ann, &mut bob] {
            player.expect(|m| m["type"] == "presence" && m["spectators"] == 1).await;
        }

        // The players' channel: both players read it, trimmed, named.
        ann.say(&chat(&table, "  good luck!  ")).await;
        let ann_name = ann.player["name"].clone();
        for reader in [&mut ann, &mut bob] {
            let line = next_line(reader).await;
            assert_eq!(line["text"], "good luck!");
            assert_eq!(line["channel"], "players");
            assert_eq!(line["player"]["name"], ann_name);
            assert_eq!(line["n"], 1);
        }
        // The spectators' channel: markup is only text, kept as it was said.
        eve.say(&chat(&table, "<b>Bob</b> is winning")).await;
        let heard = next_line(&mut eve).await;
        assert_eq!(heard["text"], "<b>Bob</b> is winning", "the first line the spectator reads is its own");
        assert_eq!(heard["channel"], "spectators");
        bob.say(&chat(&table, "thanks")).await;
        assert_eq!(next_line(&mut ann).await["text"], "thanks", "no spectator line reached a player before it");
        assert_eq!(next_line(&mut bob).await["text"], "thanks");

        // Refused lines: empty, too long, a line break, a direction override.
        for (text, code) in [
            ("   ", "bad_request"),
            (&"x".repeat(protocol::CHAT_MAX_CHARS + 1)[..], "bad_request"),
            ("gg\nwp", "bad_request"),
            ("gg \u{202E}pw", "bad_request"),
        ] {
            ann.say(&chat(&table, text)).await;
            let error = ann.expect_error(code).await;
            assert_eq!(error["table"], table.as_str(), "{error}");
        }
        // A burst of five (with "thanks"), then the rate holds: a sixth line at once is refused.
        for i in 0..4 {
            bob.say(&chat(&table, &format!("line {i}"))).await;
            assert_eq!(next_line(&mut bob).await["text"], format!("line {i}"));
        }
        bob.say(&chat(&table, "one too many")).await;
        let refused = bob.expect_error("rate_limited").await;
        assert!(refused["message"].as_str().unwrap().contains("too fast"), "{refused}");

        // A page that reloads reads its channel's lines, and only those.
        let mut bob_again = Client::connect(&server.ws(), &bob.token, bob.player.clone()).await;
        let snapshot = bob_again.join_code(&code).await;
        let texts: Vec<&str> =
            snapshot["chat"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
        assert_eq!(texts, ["good luck!", "thanks", "line 0", "line 1", "line 2", "line 3"]);
        let snapshot = eve.join_code(&code).await;
        let texts: Vec<&str> =
            snapshot["chat"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
        assert_eq!(texts, ["<b>Bob</b> is winning"]);

        // Stored before it was sent: a server started afresh has it all.
        server.stop().await;
        let server = TestServer::start(&db.url).await;
        let mut ann_again = Client::connect(&server.ws(), &ann.token, ann.player.clone()).await;
        let snapshot = ann_again.join_code(&code).await;
        assert_eq!(snapshot["chat"].as_array().unwrap().len(), 6, "{}", snapshot["chat"]);
        assert_eq!(snapshot["chat"][0]["player"]["name"], ann.player["name"]);
        ann_again.say(&chat(&table, "still here")).await;
        assert_eq!(
            next_line(&mut ann_again).await["n"],
            8,
            "numbered on after the spectator's line and the players' six"
        );
        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_host_may_have_spectators_watch_in_silence() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut host = server.client().await;
    let mut watcher = server.client().await;
    host.say(&ClientMessage::CreateLobby(LobbySettings { quiet_spectators: true, ..lobby("dame100", Value::Null) }))
        .await;
    let created = host.expect(|m| m["type"] == "created").await;
    let table = created["table"].as_str().unwrap().to_string();
    let snapshot = watcher.join_code(created["code"].as_str().unwrap()).await;
    assert_eq!(snapshot["quiet_spectators"], true);
    watcher.say(&chat(&table, "hello?")).await;
    let refused = watcher.expect_error("forbidden").await;
    assert!(refused["message"].as_str().unwrap().contains("silence"), "{refused}");
    // The host, not yet seated, watches too; seated, it talks with the players.
    host.take_seat(&table, 0).await;
    host.say(&chat(&table, "welcome")).await;
    assert_eq!(next_line(&mut host).await["channel"], "players");
    server.stop().await;
}
