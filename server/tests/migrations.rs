//! A database made before a migration keeps its matches through it. The
//! test plays on a server, puts the events table back as migration 1 made
//! it (with its foreign key to `tables`) and forgets migration 9, then
//! starts a server on that database: migration 9 builds the table again
//! without the key, the finished match exports and replays as before, the
//! live one plays on to its end, and the keys that make a resent action
//! apply once still hold.

mod common;

use common::{Drills, TestDb, TestServer, answers, legal, play_on};
use protocol::ClientMessage;
use sqlx::{AnyConnection, Connection, Row};

/// The first migration, which made the events table with its foreign key.
const INIT: &str = include_str!("../../migrations/0001_init.sql");

/// The statement of INIT that begins with `start`, to its `;`.
fn statement_of_init(start: &str) -> &'static str {
    let at = INIT.find(start).unwrap_or_else(|| panic!("{start} in 0001_init.sql"));
    let end = at + INIT[at..].find(';').unwrap();
    &INIT[at..end]
}

/// The statements that put the events table back as migration 1 made it,
/// rows kept, and leave migration 9 unrecorded.
fn before_migration_9() -> Vec<String> {
    let table = statement_of_init("CREATE TABLE events (").replacen("events", "events_old", 1);
    vec![
        table,
        "INSERT INTO events_old SELECT table_id, seq, kind, seat, client_id, payload, created_at FROM events".into(),
        "DROP TABLE events".into(),
        "ALTER TABLE events_old RENAME TO events".into(),
        statement_of_init("CREATE UNIQUE INDEX events_client").into(),
        "DELETE FROM _sqlx_migrations WHERE version = 9".into(),
    ]
}

async fn connect(db: &TestDb) -> AnyConnection {
    sqlx::any::install_default_drivers();
    AnyConnection::connect(&db.url).await.expect("the test database")
}

/// How many foreign keys the events table has.
async fn foreign_keys(conn: &mut AnyConnection, db: &TestDb) -> i64 {
    let sql = match db.label {
        "sqlite" => "SELECT COUNT(*) FROM pragma_foreign_key_list('events')",
        _ => {
            "SELECT COUNT(*) FROM information_schema.table_constraints \
             WHERE table_name = 'events' AND constraint_type = 'FOREIGN KEY'"
        }
    };
    sqlx::query(sql).fetch_one(conn).await.unwrap().get(0)
}

#[tokio::test(flavor = "multi_thread")]
async fn matches_stored_before_the_events_lost_their_foreign_key_are_kept_whole() {
    for db in TestDb::all().await {
        migrate_with_matches(&db).await;
        db.drop_db().await;
    }
}

async fn migrate_with_matches(db: &TestDb) {
    let server = TestServer::start(&db.url).await;
    let Drills { mut red, blue, done, live, deal } = Drills::play(&server, db.label).await;
    red.act(&live, &legal(&deal, "Red: bid 3")).await;
    let paths = [format!("/api/matches/{done}/export"), format!("/api/matches/{done}/replay")];
    let before = answers(&server, &red.token, &paths, db.label).await;
    let (red_id, blue_id) = ((red.token.clone(), red.player.clone()), (blue.token.clone(), blue.player.clone()));
    server.stop().await;

    let mut conn = connect(db).await;
    let count = "SELECT COUNT(*) FROM events";
    let stored: i64 = sqlx::query(count).fetch_one(&mut conn).await.unwrap().get(0);
    for statement in before_migration_9() {
        sqlx::query(&statement).execute(&mut conn).await.unwrap_or_else(|e| panic!("{}: {statement}: {e}", db.label));
    }
    assert_eq!(foreign_keys(&mut conn, db).await, 1, "{}: the table as migration 1 made it", db.label);
    conn.close().await.unwrap();

    let server = TestServer::start(&db.url).await;
    // The server answers once its database is open and migrated.
    let health = reqwest::get(server.http("/healthz")).await.unwrap();
    assert_eq!(health.status(), 200, "{}", db.label);
    let mut conn = connect(db).await;
    assert_eq!(foreign_keys(&mut conn, db).await, 0, "{}: migration 9 ran", db.label);
    let kept: i64 = sqlx::query(count).fetch_one(&mut conn).await.unwrap().get(0);
    assert_eq!(kept, stored, "{}: every event was copied", db.label);
    let after = answers(&server, &red_id.0, &paths, db.label).await;
    assert_eq!(after, before, "{}: the finished match exports and replays as before the migration", db.label);

    // The keys still refuse a second event at a number, and a second action
    // with a seat's client id.
    let row = sqlx::query("SELECT seq, seat, client_id FROM events WHERE table_id = $1 AND client_id IS NOT NULL")
        .bind(live.clone())
        .fetch_one(&mut conn)
        .await
        .unwrap();
    let (seq, seat, client_id): (i64, i64, String) = (row.get(0), row.get(1), row.get(2));
    let insert = "INSERT INTO events (table_id, seq, kind, seat, client_id, payload, created_at) \
                  VALUES ($1, $2, 'act', $3, $4, '{}', 0)";
    for (seq, client_id, key) in [(seq, "another", "the number"), (seq + 1000, client_id.as_str(), "the client id")] {
        let refused = sqlx::query(insert)
            .bind(live.clone())
            .bind(seq)
            .bind(seat)
            .bind(client_id.to_string())
            .execute(&mut conn)
            .await;
        assert!(refused.is_err(), "{}: a second event with {key} was stored", db.label);
    }
    conn.close().await.unwrap();

    let mut red = common::Client::connect(&server.ws(), &red_id.0, red_id.1).await;
    let mut blue = common::Client::connect(&server.ws(), &blue_id.0, blue_id.1).await;
    for client in [&mut red, &mut blue] {
        client.say(&ClientMessage::Join { table: Some(live.clone()), code: None, last_seq: None }).await;
        let snapshot = client.expect(|m| m["table"] == live && m["type"] == "snapshot").await;
        assert_eq!(snapshot["phase"], "live", "{}: {snapshot}", db.label);
    }
    let (_, last) = play_on(&mut [&mut red, &mut blue], &live, 400, 7).await;
    assert_eq!(last["phase"], "finished", "{}: the live match played on to its end: {last}", db.label);
    server.stop().await;
}
