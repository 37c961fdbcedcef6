//! A benchmark, run by hand (docs/performance.md, "Several nodes"): how
//! long matches stand still when the node running them is killed with
//! SIGKILL mid-play, over twenty kills. Three nodes share PostgreSQL and
//! NATS (TACTICA_TEST_DATABASE_URL, TACTICA_TEST_BROKER_URL). In each
//! round four fresh dame100 matches are hosted on one node, so that it
//! holds their leases, with their guests on the other two; each player
//! thinks 50 ms before a move. Once every match is under
//! way the host node is killed and a new node started in its place, and
//! the time from the kill to each match's first action acknowledged by
//! the node that took it over (an event beyond those the killed node
//! stored) is a failover time. Every acknowledged action is checked to be stored.
//!
//! `cargo test -p tactica-server --test failover -- --ignored --nocapture`
//! (TACTICA_BENCH_ALIVE_MS sets `--node-alive-ms`, 3,000 by default).

mod common;

use common::sitter::{Nodes, Progress, Sitter, assert_stored};
use common::{Process, node, player, start_private_match, stored_events};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::Instant;

const KILLS: usize = 20;
const MATCHES: usize = 4;
/// How long each player thinks before a move: long enough that random play
/// does not end a match before its node is killed.
const THINK: Duration = Duration::from_millis(50);

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a benchmark: cargo test -p tactica-server --test failover -- --ignored --nocapture"]
async fn failover_time_over_twenty_kills() {
    let Some((db, broker)) = common::cluster_env().await else { return };
    let alive_ms: u64 = std::env::var("TACTICA_BENCH_ALIVE_MS").ok().and_then(|ms| ms.parse().ok()).unwrap_or(3_000);
    let mut nodes: Vec<Process> = (0..3).map(|_| node(&db, &broker, alive_ms)).collect();
    let urls: Nodes = Arc::new(Mutex::new(nodes.iter().map(Process::ws).collect()));
    let mut times: Vec<Duration> = Vec::new();
    let mut ended = 0;
    for kill in 0..KILLS {
        let victim = kill % 3;
        let (stop, stopped) = watch::channel(false);
        let (mut tables, mut heard, mut sitters) = (Vec::new(), Vec::new(), Vec::new());
        for m in 0..MATCHES {
            let guest = (victim + 1 + m % 2) % 3;
            let (mut a, mut b) = (player(&nodes[victim]).await, player(&nodes[guest]).await);
            let (table, _) = start_private_match(&mut a, &mut b, "dame100", None).await;
            for (i, (client, at)) in [(a, victim), (b, guest)].into_iter().enumerate() {
                let (told, listen) = watch::channel(Progress::default());
                let (seed, first) = ((kill * 100 + 2 * m + i) as u64, nodes[at].ws());
                let (token, player) = (client.token, client.player);
                let sitter = Sitter { token, player, table: table.clone(), first, seed, think: THINK };
                sitters.push(tokio::spawn(sitter.play(urls.clone(), told, stopped.clone())));
                heard.push(listen);
            }
            tables.push(table);
        }
        // Every match under way: a few actions acknowledged.
        common::sitter::plays_on(&mut heard, 2).await;
        let leaving = nodes[victim].ws();
        urls.lock().unwrap().retain(|url| *url != leaving);
        nodes[victim].child.kill().unwrap();
        let killed = Instant::now();
        nodes[victim].child.wait().unwrap();
        // What the killed node stored: an action acknowledged beyond it was
        // stored by the node that took the match over.
        let mut before = Vec::new();
        for table in &tables {
            before.push(stored_events(&db.url, table).await.len() as u64);
        }
        nodes[victim] = node(&db, &broker, alive_ms);
        urls.lock().unwrap().push(nodes[victim].ws());
        // Each match plays beyond it (or had ended by the rules before the kill).
        for (m, seats) in heard.chunks_mut(2).enumerate() {
            for seat in seats {
                let back = seat.wait_for(|p| p.over || p.last > before[m]);
                tokio::time::timeout(Duration::from_secs(60), back).await.expect("the match came back").ok();
            }
        }
        stop.send(true).unwrap();
        let played = common::sitter::stopped(sitters).await;
        let start = times.len();
        for (m, table) in tables.iter().enumerate() {
            let stored = stored_events(&db.url, table).await;
            let seats = &played[2 * m..2 * m + 2];
            for seat in seats {
                assert_stored(table, &seat.acked, &stored);
            }
            // The first action acknowledged beyond what the killed node stored.
            let back =
                seats.iter().flat_map(|seat| &seat.acked).filter(|ack| ack.seq > before[m]).map(|ack| ack.at).min();
            match back {
                Some(at) => times.push(at - killed),
                None => ended += 1,
            }
        }
        eprintln!(
            "kill {:>2}: matches back after {:?} ms",
            kill + 1,
            times[start..].iter().map(Duration::as_millis).collect::<Vec<_>>()
        );
    }
    assert!(!times.is_empty(), "every match ended before its node was killed");
    times.sort();
    let ms = |t: Duration| t.as_secs_f64() * 1000.0;
    let at = |q: f64| ms(times[((times.len() - 1) as f64 * q).round() as usize]);
    eprintln!(
        "failover over {KILLS} kills ({} matches back, {ended} ended before), --node-alive-ms {alive_ms}: \
         min {:.0} ms, p50 {:.0} ms, p90 {:.0} ms, max {:.0} ms",
        times.len(),
        at(0.0),
        at(0.5),
        at(0.9),
        at(1.0)
    );
    drop(nodes);
    db.drop_db().await;
}
