//! A database made before a migration keeps its matches through it. The
//! test plays on a server, puts the events table back as migration 1 made
//! it (with its foreign key to `tables`) and forgets migration 9, then
//! starts a server on that database: migration 9 builds the table again
//! without the key, the finished match exports and replays as before, the
//! live one plays on to its end, and the keys that make a resent action
//! apply once still hold while an event naming no table is stored.

mod common;

use common::{Drills, TestDb, TestServer, answers, get, legal, play_on, pool_at};
use sqlx::{AnyPool, Row};

/// The first migration, which made the events table with its foreign key.
const INIT: &str = include_str!("../../migrations/0001_init.sql");

/// The statement of INIT that begins with `start`, to its `;`.
fn statement_of_init(start: &str) -> &'static str {
    let at = INIT.find(start).unwrap_or_else(|| panic!("{start} in 0001_init.sql"));
    let end = at + INIT[at..].find(';').unwrap();
    &INIT[at..end]
}

/// The statements that put the events table back as migration 1 made it,
/// with its constraints' own names and its rows, and leave migration 9
/// unrecorded.
fn before_migration_9() -> Vec<String> {
    vec![
        "ALTER TABLE events RENAME TO events_now".into(),
        statement_of_init("CREATE TABLE events (").into(),
        "INSERT INTO events SELECT table_id, seq, kind, seat, client_id, payload, created_at FROM events_now".into(),
        "DROP TABLE events_now".into(),
        statement_of_init("CREATE UNIQUE INDEX events_client").into(),
        "DELETE FROM _sqlx_migrations WHERE version = 9".into(),
    ]
}

/// An event's row: table, number, kind, seat, client id, payload, time.
type EventRow = (String, i64, String, Option<i64>, Option<String>, String, i64);

/// Every stored event, in order.
async fn all_events(pool: &AnyPool) -> Vec<EventRow> {
    let sql = "SELECT table_id, seq, kind, seat, client_id, payload, created_at FROM events ORDER BY table_id, seq";
    let rows = sqlx::query(sql).fetch_all(pool).await.unwrap();
    rows.iter().map(|r| (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), r.get(5), r.get(6))).collect()
}

/// Stores an event row as given.
async fn insert_event(pool: &AnyPool, table: &str, seq: i64, seat: i64, client_id: &str) -> Result<(), sqlx::Error> {
    let insert = "INSERT INTO events (table_id, seq, kind, seat, client_id, payload, created_at) \
                  VALUES ($1, $2, 'act', $3, $4, '{}', 0)";
    let query = sqlx::query(insert).bind(table.to_string()).bind(seq).bind(seat).bind(client_id.to_string());
    query.execute(pool).await.map(|_| ())
}

/// How many foreign keys the events table has.
async fn foreign_keys(pool: &AnyPool, db: &TestDb) -> i64 {
    let sql = match db.label {
        "sqlite" => "SELECT COUNT(*) FROM pragma_foreign_key_list('events')",
        _ => {
            "SELECT COUNT(*) FROM information_schema.table_constraints \
             WHERE table_name = 'events' AND constraint_type = 'FOREIGN KEY'"
        }
    };
    sqlx::query(sql).fetch_one(pool).await.unwrap().get(0)
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
    server.stop().await;

    let pool = pool_at(&db.url).await;
    let stored = all_events(&pool).await;
    for statement in before_migration_9() {
        sqlx::query(&statement).execute(&pool).await.unwrap_or_else(|e| panic!("{}: {statement}: {e}", db.label));
    }
    assert_eq!(foreign_keys(&pool, db).await, 1, "{}: the table as migration 1 made it", db.label);
    pool.close().await;

    let server = TestServer::start(&db.url).await;
    // The server answers once its database is open and migrated.
    let (status, _) = get(&server, None, "/healthz").await;
    assert_eq!(status, 200, "{}", db.label);
    let pool = pool_at(&db.url).await;
    assert_eq!(foreign_keys(&pool, db).await, 0, "{}: migration 9 ran", db.label);
    assert_eq!(all_events(&pool).await, stored, "{}: every event was copied as it was", db.label);
    let after = answers(&server, &red.token, &paths, db.label).await;
    assert_eq!(after, before, "{}: the finished match exports and replays as before the migration", db.label);

    // The keys still refuse a second event at a number, and a second action
    // with a seat's client id; an event naming no table is no longer checked.
    let (_, seq, _, seat, client_id, ..) = stored.iter().find(|e| e.0 == live && e.4.is_some()).unwrap().clone();
    let (seat, client_id) = (seat.unwrap(), client_id.unwrap());
    for (seq, client_id, key) in [(seq, "another", "the number"), (seq + 1000, client_id.as_str(), "the client id")] {
        let refused = insert_event(&pool, &live, seq, seat, client_id).await;
        assert!(
            matches!(&refused, Err(sqlx::Error::Database(e)) if e.is_unique_violation()),
            "{}: a second event with {key}: {refused:?}",
            db.label
        );
    }
    insert_event(&pool, "no such table", 1, 0, "x").await.unwrap();
    pool.close().await;

    let (mut red, mut blue) = (server.again(&red).await, server.again(&blue).await);
    for client in [&mut red, &mut blue] {
        let snapshot = client.join_table(&live).await;
        assert_eq!(snapshot["phase"], "live", "{}: {snapshot}", db.label);
    }
    let (_, last) = play_on(&mut [&mut red, &mut blue], &live, 400, 7).await;
    assert_eq!(last["phase"], "finished", "{}: the live match played on to its end: {last}", db.label);
    server.stop().await;
}
