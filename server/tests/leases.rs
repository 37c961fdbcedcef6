//! Table leases on a real PostgreSQL (when TACTICA_TEST_DATABASE_URL is
//! set): one node at a time holds a table; a node whose heartbeat stopped
//! loses it to the next claim; and a node that lost a table's lease can no
//! longer write its journal, even when its write races the claim, nor a
//! lobby's seats, its phase or its chat; nodes gone quiet are forgotten.
//! On SQLite there are no leases.

mod common;

use common::TestDb;
use protocol::{ChatChannel, ChatLine, Phase, PlayerInfo};
use rules::Seat;
use server::metrics::Metrics;
use server::store::{Claim, JournalEntry, Store, StoreError, StoredEvent, Term};
use sqlx::Row;
use std::sync::Arc;
use std::time::Duration;

const ALIVE: Duration = Duration::from_secs(30);

/// A store on a fresh PostgreSQL database holding tables `t1` and `t2`.
async fn postgres() -> Option<(TestDb, Store)> {
    let db = TestDb::postgres().await?;
    let store = Store::connect(&db.url, Arc::new(Metrics::default())).await.unwrap();
    sqlx::query("INSERT INTO players (id, name, created_at) VALUES ('host', 'Host', 0)")
        .execute(store.pool())
        .await
        .unwrap();
    for table in ["t1", "t2"] {
        sqlx::query(
            "INSERT INTO tables (id, code, game, options, seat_count, public, host_id, phase, created_at) \
             VALUES ($1, $1, 'dame100', '{}', 2, 0, 'host', 'live', 0)",
        )
        .bind(table)
        .execute(store.pool())
        .await
        .unwrap();
    }
    Some((db, store))
}

/// Event `seq` of `table`, written by `by`.
fn entry(table: &str, seq: u64, by: &str) -> JournalEntry {
    let event = StoredEvent {
        table_id: table.to_string(),
        seq,
        kind: "action".to_string(),
        seat: None,
        client_id: None,
        payload: format!("\"{by}\""),
        created_at: 0,
    };
    JournalEntry { event, change: None }
}

/// Who wrote each stored event of `table`, in order.
async fn writers(store: &Store, table: &str) -> Vec<String> {
    let rows = sqlx::query("SELECT payload FROM events WHERE table_id = $1 ORDER BY seq")
        .bind(table)
        .fetch_all(store.pool())
        .await
        .unwrap();
    rows.iter().map(|row| row.get::<String, _>("payload").trim_matches('"').to_string()).collect()
}

/// Whether a statement of the test's database waits on a lock (read in
/// pg_stat_activity: no timing).
async fn waiting_on_a_lock(store: &Store) -> bool {
    let waiting: i64 = sqlx::query(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    )
    .fetch_one(store.pool())
    .await
    .unwrap()
    .get("n");
    waiting > 0
}

/// Runs `write` of table `t1` while another node's claim of it is under
/// way (its lease row updated, not yet committed), commits the claim once
/// the write waits for the lease's lock, and returns what the write got. A
/// write that does not lock the lease is not held up, and lands.
async fn racing_a_claim<T: Send + 'static>(store: &Store, write: impl Future<Output = T> + Send + 'static) -> T {
    let mut claimer = store.pool().begin().await.unwrap();
    sqlx::query("UPDATE leases SET node = 'b', term = term + 1 WHERE table_id = 't1'")
        .execute(&mut *claimer)
        .await
        .unwrap();
    let write = tokio::spawn(write);
    while !write.is_finished() && !waiting_on_a_lock(store).await {
        tokio::task::yield_now().await;
    }
    claimer.commit().await.unwrap();
    tokio::time::timeout(common::WAIT, write).await.unwrap().unwrap()
}

/// Makes node `node`'s heartbeat stop, as if it had been paused past its time.
async fn stop_heartbeat(store: &Store, node: &str) {
    sqlx::query("UPDATE nodes SET alive_until = 0 WHERE id = $1").bind(node).execute(store.pool()).await.unwrap();
}

#[tokio::test]
async fn one_node_at_a_time_holds_a_table() {
    let Some((db, store)) = postgres().await else { return };
    let (a, b) = (store.leases("a", ALIVE).unwrap(), store.leases("b", ALIVE).unwrap());
    a.heartbeat().await.unwrap();
    b.heartbeat().await.unwrap();
    assert_eq!(a.claim("t1").await.unwrap(), Claim::Granted(Term(1)));
    assert_eq!(b.claim("t1").await.unwrap(), Claim::Held { node: "a".into() });
    assert_eq!(a.heartbeat().await.unwrap(), vec![("t1".to_string(), Term(1))]);
    // Given up, it is anyone's at once, under a new term.
    assert!(!a.release("t1", Term(7)).await.unwrap(), "a term a never had releases nothing");
    assert!(a.release("t1", Term(1)).await.unwrap());
    assert_eq!(b.claim("t1").await.unwrap(), Claim::Granted(Term(3)));
    assert_eq!(a.heartbeat().await.unwrap(), vec![]);
    assert_eq!(b.heartbeat().await.unwrap(), vec![("t1".to_string(), Term(3))]);
    // A node that leaves gives up everything it held.
    b.leave().await.unwrap();
    assert_eq!(a.claim("t1").await.unwrap(), Claim::Granted(Term(5)));
    store.close().await;
    db.drop_db().await;
}

#[tokio::test]
async fn a_node_whose_heartbeat_stopped_loses_its_tables_and_cannot_write_them() {
    let Some((db, store)) = postgres().await else { return };
    let (a, b) = (store.leases("a", ALIVE).unwrap(), store.leases("b", ALIVE).unwrap());
    a.heartbeat().await.unwrap();
    b.heartbeat().await.unwrap();
    let Claim::Granted(a1) = a.claim("t1").await.unwrap() else { panic!("t1 is free") };
    let Claim::Granted(a2) = a.claim("t2").await.unwrap() else { panic!("t2 is free") };
    let journal = store.journal();
    journal.write_under(vec![entry("t1", 1, "a")], a1).await.unwrap();

    stop_heartbeat(&store, "a").await;
    let Claim::Granted(b1) = b.claim("t1").await.unwrap() else { panic!("a's heartbeat stopped") };
    assert_eq!(b1, Term(a1.0 + 1));
    // The paused node comes back: it keeps what nobody claimed, and only that.
    assert_eq!(a.heartbeat().await.unwrap(), vec![("t2".to_string(), a2)]);
    let (fenced, kept) = tokio::join!(
        journal.write_under(vec![entry("t1", 2, "a"), entry("t1", 3, "a")], a1),
        journal.write_under(vec![entry("t2", 1, "a")], a2),
    );
    assert!(matches!(fenced, Err(StoreError::Fenced(ref table)) if table == "t1"), "{fenced:?}");
    kept.unwrap();
    journal.write_under(vec![entry("t1", 2, "b")], b1).await.unwrap();
    assert_eq!(writers(&store, "t1").await, ["a", "b"]);
    assert_eq!(writers(&store, "t2").await, ["a"]);
    // Nor can it take the table back while b is alive.
    assert_eq!(a.claim("t1").await.unwrap(), Claim::Held { node: "b".into() });
    store.close().await;
    db.drop_db().await;
}

#[tokio::test]
async fn a_write_racing_a_claim_is_fenced_once_the_claim_commits() {
    let Some((db, store)) = postgres().await else { return };
    let a = store.leases("a", ALIVE).unwrap();
    a.heartbeat().await.unwrap();
    let Claim::Granted(term) = a.claim("t1").await.unwrap() else { panic!("t1 is free") };
    let journal = store.journal().clone();
    let written =
        racing_a_claim(&store, async move { journal.write_under(vec![entry("t1", 1, "a")], term).await }).await;
    assert!(matches!(written, Err(StoreError::Fenced(_))), "{written:?}");
    assert!(writers(&store, "t1").await.is_empty());
    store.close().await;
    db.drop_db().await;
}

#[tokio::test]
async fn a_node_that_lost_a_table_can_change_neither_its_seats_nor_its_phase_nor_its_chat() {
    let Some((db, store)) = postgres().await else { return };
    let (a, b) = (store.leases("a", ALIVE).unwrap(), store.leases("b", ALIVE).unwrap());
    a.heartbeat().await.unwrap();
    b.heartbeat().await.unwrap();
    let Claim::Granted(a1) = a.claim("t1").await.unwrap() else { panic!("t1 is free") };
    store.set_lobby_seats("t1", Some(a1), &[(Seat(0), "host".to_string())]).await.unwrap();
    stop_heartbeat(&store, "a").await;
    let Claim::Granted(b1) = b.claim("t1").await.unwrap() else { panic!("a's heartbeat stopped") };
    let line = ChatLine {
        n: 1,
        at: 0,
        channel: ChatChannel::Players,
        player: PlayerInfo { id: "host".into(), name: "Host".into(), registered: false, bot: None },
        text: "from the paused node".into(),
    };
    let fenced = |result: Result<(), StoreError>| matches!(result, Err(StoreError::Fenced(table)) if table == "t1");
    assert!(fenced(store.set_lobby_seats("t1", Some(a1), &[]).await));
    assert!(fenced(store.set_phase("t1", Some(a1), Phase::Finished).await));
    assert!(fenced(store.insert_chat("t1", Some(a1), &line).await));
    assert!(fenced(store.set_restore_error("t1", Some(a1), Some("no")).await));
    // Nothing of it landed; the node that runs the table now writes as before.
    assert_eq!(store.table_seats("t1").await.unwrap().len(), 1);
    assert!(store.recent_chat("t1", 10).await.unwrap().is_empty());
    let row =
        sqlx::query("SELECT phase, restore_error FROM tables WHERE id = 't1'").fetch_one(store.pool()).await.unwrap();
    assert_eq!(row.get::<String, _>("phase"), Phase::Live.name());
    assert_eq!(row.get::<Option<String>, _>("restore_error"), None);
    store.insert_chat("t1", Some(b1), &line).await.unwrap();
    store.set_phase("t1", Some(b1), Phase::Aborted).await.unwrap();
    let phase: String =
        sqlx::query("SELECT phase FROM tables WHERE id = 't1'").fetch_one(store.pool()).await.unwrap().get("phase");
    assert_eq!(phase, Phase::Aborted.name());
    assert_eq!(store.recent_chat("t1", 10).await.unwrap().len(), 1);
    store.close().await;
    db.drop_db().await;
}

#[tokio::test]
async fn a_seat_change_racing_a_claim_is_fenced_once_the_claim_commits() {
    let Some((db, store)) = postgres().await else { return };
    let a = store.leases("a", ALIVE).unwrap();
    a.heartbeat().await.unwrap();
    let Claim::Granted(term) = a.claim("t1").await.unwrap() else { panic!("t1 is free") };
    let seating = store.clone();
    let seats = [(Seat(1), "host".to_string())];
    let written = racing_a_claim(&store, async move { seating.set_lobby_seats("t1", Some(term), &seats).await }).await;
    assert!(matches!(written, Err(StoreError::Fenced(_))), "{written:?}");
    assert!(store.table_seats("t1").await.unwrap().is_empty());
    store.close().await;
    db.drop_db().await;
}

#[tokio::test]
async fn a_node_whose_heartbeat_stopped_is_forgotten_at_the_next_heartbeat_of_any() {
    let Some((db, store)) = postgres().await else { return };
    let (a, b) = (store.leases("a", ALIVE).unwrap(), store.leases("b", ALIVE).unwrap());
    a.heartbeat().await.unwrap();
    b.heartbeat().await.unwrap();
    let Claim::Granted(_) = a.claim("t1").await.unwrap() else { panic!("t1 is free") };
    stop_heartbeat(&store, "a").await;
    b.heartbeat().await.unwrap();
    let nodes: Vec<String> = sqlx::query("SELECT id FROM nodes ORDER BY id")
        .fetch_all(store.pool())
        .await
        .unwrap()
        .iter()
        .map(|row| row.get("id"))
        .collect();
    assert_eq!(nodes, ["b"]);
    // Its lease is as free as before it was forgotten.
    assert!(matches!(b.claim("t1").await.unwrap(), Claim::Granted(_)));
    store.close().await;
    db.drop_db().await;
}

#[tokio::test]
async fn sqlite_holds_no_leases() {
    let db = TestDb::sqlite();
    let store = Store::connect(&db.url, Arc::new(Metrics::default())).await.unwrap();
    assert!(matches!(store.leases("a", ALIVE), Err(StoreError::NeedsPostgres)));
    store.close().await;
    db.drop_db().await;
}
