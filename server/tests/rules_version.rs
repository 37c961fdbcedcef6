//! Matches outlive rules changes. A match is stored with the version of
//! its game's rules it was created with and is always replayed by that
//! version's code: after an upgrade that registers the test game's next
//! version (which lets a seat bid 4), old matches play on, replay and
//! export by their own rules while new ones get the new rules. A server
//! without a match's version (a rollback) marks it as not restorable,
//! tells its players why and goes on; a server with the version restores
//! it again.

mod common;

use protocol::ClientMessage;

use common::{Drills, TestDb, TestServer, answers, get, legal, settings, start_drill};
use rules::registry::Catalog;
use serde_json::{Value, json};
use std::time::Duration;

async fn start(db: &TestDb, catalog: Catalog) -> TestServer {
    TestServer::start_with(server::config::Settings { catalog, ..settings(&db.url, Duration::from_secs(60)) }).await
}

/// The bids a state offers, as written.
fn bids(state: &Value) -> Vec<String> {
    let legal = state["legal"].as_array().cloned().unwrap_or_default();
    legal.iter().filter_map(|l| l["text"].as_str()).filter(|t| !t.contains("card")).map(str::to_string).collect()
}

/// `table`'s summary in the player's own list of matches.
async fn listed(server: &TestServer, token: &str, table: &str) -> Value {
    let (status, list) = get(server, Some(token), "/api/matches?mine=true&per_page=50").await;
    assert_eq!(status, 200, "{list}");
    let found = list["matches"].as_array().unwrap().iter().find(|m| m["table"] == table).cloned();
    found.unwrap_or_else(|| panic!("{table} not in {list}"))
}

#[tokio::test(flavor = "multi_thread")]
async fn matches_created_under_one_rules_version_play_replay_and_export_under_the_next() {
    for db in TestDb::all().await {
        upgrade_and_rollback(&db).await;
        db.drop_db().await;
    }
}

async fn upgrade_and_rollback(db: &TestDb) {
    // Version 1: a match played to its end, and one in its bids.
    let server = start(db, Catalog::WithTestGame).await;
    let Drills { mut red, blue, done, live, deal } = Drills::play(&server, db.label).await;
    assert_eq!(bids(&deal), ["Red: bid 1", "Red: bid 2", "Red: bid 3"]);
    red.act(&live, &legal(&deal, "Red: bid 3")).await;
    let paths = [format!("/api/matches/{done}/export"), format!("/api/matches/{done}/replay")];
    let before = answers(&server, &red.token, &paths, db.label).await;
    assert_eq!(listed(&server, &red.token, &live).await["rules_version"], 1);
    server.stop().await;

    // Version 2 registered: the old matches keep version 1's rules.
    let server = start(db, Catalog::WithNextTestRules).await;
    let (mut red, mut blue) = (server.again(&red).await, server.again(&blue).await);
    let snapshot = blue.join_table(&live).await;
    assert_eq!(snapshot["type"], "snapshot", "{}: {snapshot}", db.label);
    assert_eq!(bids(&snapshot), ["Blue: bid 1", "Blue: bid 2", "Blue: bid 3"], "{}", db.label);
    red.say(&ClientMessage::Join { table: Some(live.to_string()), code: None, last_seq: None }).await;
    blue.act(&live, &legal(&snapshot, "Blue: bid 2")).await;
    let after = answers(&server, &red.token, &paths, db.label).await;
    assert_eq!(after, before, "{}: the finished match exports and replays as it did under version 1", db.label);
    // A new match is played by version 2.
    let (new, _) = start_drill(&mut [&mut red, &mut blue], json!({"window_ms": 3000})).await;
    let seq = red.states[&new]["seq"].as_u64().unwrap();
    let deal = red.state_at(&new, seq).await;
    assert_eq!(bids(&deal), ["Red: bid 1", "Red: bid 2", "Red: bid 3", "Red: bid 4"], "{}", db.label);
    red.act(&new, &legal(&deal, "Red: bid 4")).await;
    assert_eq!(listed(&server, &red.token, &new).await["rules_version"], 2);
    assert_eq!(listed(&server, &red.token, &live).await["rules_version"], 1);
    server.stop().await;

    // Rolled back: the new match cannot be restored, says why, and blocks nothing.
    let server = start(db, Catalog::WithTestGame).await;
    let mut red = server.again(&red).await;
    let refused = red.join_table(&new).await;
    assert_eq!(refused["code"], "unrestorable", "{}: {refused}", db.label);
    let text = refused["message"].as_str().unwrap();
    assert!(text.contains("version 2 of the rules of drill"), "{text}");
    let summary = listed(&server, &red.token, &new).await;
    assert_eq!(summary["phase"], "live", "{summary}");
    assert!(summary["unrestorable"].as_str().is_some_and(|why| why.contains("version 2")), "{summary}");
    let (status, body) = get(&server, Some(&red.token), &format!("/api/matches/{new}/replay")).await;
    assert_eq!((status.as_u16(), &body["error"]), (503, &json!("unrestorable")), "{body}");
    assert_eq!(red.join_table(&live).await["phase"], "live", "{}: the other match plays on", db.label);
    server.stop().await;

    // Forward again: it is restored, and the mark is gone.
    let server = start(db, Catalog::WithNextTestRules).await;
    let mut red = server.again(&red).await;
    let snapshot = red.join_table(&new).await;
    assert_eq!(snapshot["phase"], "live", "{}: {snapshot}", db.label);
    assert!(listed(&server, &red.token, &new).await.get("unrestorable").is_none());
    server.stop().await;
}
