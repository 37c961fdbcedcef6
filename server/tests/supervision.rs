//! A panic in one table's rules, injected through the test game's `fault`
//! option (a bid of 3 panics): that table's match ends as failed, stored and
//! shown so in the history, its players are told why, the panic is counted
//! in /metrics, and the rest of the server goes on.

mod common;

use protocol::ClientMessage;

use common::{Client, TestDb, TestServer, legal, start_drill, start_private_match};
use serde_json::{Value, json};

async fn get_json(url: String) -> Value {
    reqwest::get(url).await.unwrap().json().await.unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_panicking_table_fails_alone() {
    for db in TestDb::all().await {
        let server = TestServer::start(&db.url).await;
        let (mut red, mut blue) = (server.client().await, server.client().await);
        let (mut ann, mut bob) = (server.client().await, server.client().await);
        let (other, _) = start_private_match(&mut ann, &mut bob, "accasta", None).await;
        let (table, code) =
            start_drill(&mut [&mut red, &mut blue], json!({"seats": 2, "window_ms": 3000, "fault": true})).await;

        let at = red.states[&table]["seq"].as_u64().unwrap();
        let deal = red.state_at(&table, at).await;
        let bid = legal(&deal, "Red: bid 3");
        red.say(&common::act_message(&table, "boom", Some(at), bid.clone())).await;
        for player in [&mut red, &mut blue] {
            let error = player.expect_error("table_failed").await;
            assert_eq!(error["table"], table.as_str());
            assert!(error["message"].as_str().unwrap().contains("server fault"), "{error}");
            assert!(!error.to_string().contains("bid of 3"), "the panic's text reached a player: {error}");
            let ended = player.expect_event("ended").await;
            assert_eq!(ended["event"]["result"]["termination"], "failed", "{ended}");
        }

        // Stored as failed: the history shows it, and a player who comes back gets the ended match.
        let detail = get_json(server.http(&format!("/api/matches/{table}?code={code}"))).await;
        assert_eq!(detail["phase"], "aborted", "{detail}");
        assert_eq!(detail["result"]["termination"], "failed", "{detail}");
        let mut back = server.client().await;
        let snapshot = back.join_code(&code).await;
        assert_eq!(snapshot["phase"], "aborted", "{snapshot}");

        // Counted, and the rest of the server goes on.
        let metrics = reqwest::get(server.http("/metrics")).await.unwrap().text().await.unwrap();
        assert!(metrics.contains("tactica_table_panics_total 1"), "{metrics}");
        let state = ann.states[&other].clone();
        let first = state["legal"][0]["action"].clone();
        ann.act(&other, &first).await;
        bob.expect_event("action").await;

        server.stop().await;
        db.drop_db().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_match_whose_stored_events_panic_when_restored_ends_as_failed() {
    for db in TestDb::all().await {
        let server = TestServer::start(&db.url).await;
        let (mut red, mut blue) = (server.client().await, server.client().await);
        let (table, code) =
            start_drill(&mut [&mut red, &mut blue], json!({"seats": 2, "window_ms": 3000, "fault": true})).await;
        let at = red.states[&table]["seq"].as_u64().unwrap();
        let deal = red.state_at(&table, at).await;
        red.act(&table, &legal(&deal, "Red: bid 1")).await;
        server.stop().await;

        // As if a rules change made a stored action panic: the bid becomes the faulty 3.
        let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&db.url).await.unwrap();
        let changed = sqlx::query(
            "UPDATE events SET payload = REPLACE(payload, '\"bid\":1', '\"bid\":3') \
             WHERE table_id = $1 AND payload LIKE '%\"bid\":1%'",
        )
        .bind(table.clone())
        .execute(&mut conn)
        .await
        .unwrap();
        assert_eq!(changed.rows_affected(), 1, "one stored bid");
        drop(conn);

        // Restored after the restart, or loaded when Red comes back: either way it fails.
        let server = TestServer::start(&db.url).await;
        let mut red = Client::connect(&server.ws(), &red.token, red.player.clone()).await;
        red.say(&ClientMessage::Join { table: None, code: Some(code.clone()), last_seq: None }).await;
        let failed = red.expect_error("table_failed").await;
        assert!(failed["message"].as_str().unwrap().contains("server fault"), "{failed}");
        let metrics = reqwest::get(server.http("/metrics")).await.unwrap().text().await.unwrap();
        assert!(!metrics.contains("tactica_table_panics_total 0"), "{metrics}");
        // Ended as failed, so never listed among the live matches to restore again.
        let detail = get_json(server.http(&format!("/api/matches/{table}?code={code}"))).await;
        assert_eq!(detail["phase"], "aborted", "{detail}");
        assert_eq!(detail["result"]["termination"], "failed", "{detail}");
        server.stop().await;
        db.drop_db().await;
    }
}
