//! Several nodes: real `tactica` processes sharing one PostgreSQL and one
//! NATS server (TACTICA_TEST_DATABASE_URL and TACTICA_TEST_BROKER_URL; the
//! tests do nothing without both). Players on different nodes play a match
//! to its end while a spectator on a third node sees every event in order;
//! presence counts the players and spectators of every node;
//! a node killed with SIGKILL mid-match is replaced by another, which
//! restores the match with every acknowledged action; and a node paused
//! (SIGSTOP) while another took its table over stores nothing more of it
//! once it runs again; a node told to stop (SIGTERM) gives its tables up
//! at once, to be played on elsewhere; every node lists the same public
//! lobbies; followers on a third node of a killed node's table reconnect
//! as soon as another node claims it; and three nodes restarted one after
//! the other while matches are played across them lose no acknowledged
//! action and no match.

mod common;

use common::sitter::{Nodes, Progress, Sitter, assert_stored, plays_on};
use common::{
    Client, Process, act_message, cluster_env, node, play_random, player, start_private_match, stored_events,
};
use futures_util::StreamExt;
use protocol::ClientMessage;
use serde_json::Value;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

/// The same player, connected to `node` as well.
async fn again(client: &Client, node: &Process) -> Client {
    Client::connect(&node.ws(), &client.token, client.player.clone()).await
}

#[tokio::test(flavor = "multi_thread")]
async fn players_on_two_nodes_play_to_the_end_and_a_spectator_on_a_third_sees_every_event() {
    let Some((db, broker)) = cluster_env().await else { return };
    let nodes: Vec<Process> = (0..3).map(|_| node(&db, &broker, 3_000)).collect();
    let (mut a, mut b, mut watcher) = (player(&nodes[0]).await, player(&nodes[1]).await, player(&nodes[2]).await);
    let (table, code) = start_private_match(&mut a, &mut b, "dame100", None).await;
    let snapshot = watcher.join_code(&code).await;
    let (played, last) = play_random(&mut a, &mut b, &table, 5_000, 11).await;
    assert_eq!(last["phase"], "finished", "after {played} actions: {last}");
    let mut next = snapshot["seq"].as_u64().unwrap() + 1;
    let end = last["seq"].as_u64().unwrap();
    while next <= end {
        let event = watcher.expect(|m| m["type"] == "event" && m["state"]["table"] == table.as_str()).await;
        assert_eq!(event["state"]["seq"].as_u64(), Some(next), "the spectator's events in order");
        next += 1;
    }
    assert_eq!(stored_events(&db.url, &table).await.len() as u64, end);
    drop(nodes);
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn presence_counts_the_players_and_spectators_of_every_node() {
    let Some((db, broker)) = cluster_env().await else { return };
    let nodes: Vec<Process> = (0..3).map(|_| node(&db, &broker, 3_000)).collect();
    let (mut a, mut b) = (player(&nodes[0]).await, player(&nodes[1]).await);
    let (table, code) = start_private_match(&mut a, &mut b, "dame100", None).await;
    // A spectator on the third node is counted at the table's node, for everyone.
    let mut watcher = player(&nodes[2]).await;
    watcher.join_code(&code).await;
    a.expect(|m| m["type"] == "presence" && m["spectators"] == 1).await;
    b.expect(|m| m["type"] == "presence" && m["spectators"] == 1).await;
    // The guest's connection on the second node goes: its seat is away everywhere.
    let (token, guest) = (b.token.clone(), b.player.clone());
    drop(b);
    a.expect(|m| m["type"] == "presence" && m["seats"][1]["connected"] == false).await;
    watcher.expect(|m| m["type"] == "presence" && m["seats"][1]["connected"] == false).await;
    // Back through the third node, it is there again.
    let mut b = Client::connect(&nodes[2].ws(), &token, guest).await;
    b.say(&ClientMessage::Join { table: Some(table.clone()), code: None, last_seq: None }).await;
    b.expect(|m| m["type"] == "snapshot").await;
    a.expect(|m| m["type"] == "presence" && m["seats"][1]["connected"] == true).await;
    watcher.expect(|m| m["type"] == "presence" && m["seats"][1]["connected"] == true).await;
    drop(nodes);
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_node_killed_mid_match_is_replaced_and_nothing_acknowledged_is_lost() {
    let Some((db, broker)) = cluster_env().await else { return };
    let (mut first, second) = (node(&db, &broker, 1_000), node(&db, &broker, 1_000));
    let (mut a, mut b) = (player(&first).await, player(&first).await);
    let (table, _) = start_private_match(&mut a, &mut b, "dame100", None).await;
    let (played, before) = play_random(&mut a, &mut b, &table, 12, 5).await;
    assert_eq!(played, 12);
    let seq = before["seq"].as_u64().unwrap();
    // SIGKILL: no shutdown, no lease given up; the other node waits for it to run out.
    first.child.kill().unwrap();
    first.child.wait().unwrap();
    let killed = Instant::now();
    let (mut a, mut b) = (again(&a, &second).await, again(&b, &second).await);
    a.say(&ClientMessage::Join { table: Some(table.clone()), code: None, last_seq: Some(seq) }).await;
    let caught_up = a.expect(|m| m["type"] == "catch_up").await;
    eprintln!("the match came back on the other node {:.2} s after the kill", killed.elapsed().as_secs_f64());
    assert_eq!(caught_up["events"], serde_json::json!([]), "nothing acknowledged was lost");
    assert_eq!((caught_up["state"]["seq"].as_u64(), &caught_up["state"]["view"]), (Some(seq), &before["view"]));
    b.say(&ClientMessage::Join { table: Some(table.clone()), code: None, last_seq: None }).await;
    b.expect(|m| m["type"] == "snapshot").await;
    let (more, after) = play_random(&mut a, &mut b, &table, 6, 6).await;
    assert!(more > 0 && after["seq"].as_u64().unwrap() > seq, "the match goes on: {after}");
    drop((first, second));
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn followers_on_a_third_node_reconnect_as_soon_as_a_lost_nodes_table_is_claimed() {
    let Some((db, broker)) = cluster_env().await else { return };
    let (mut lost, claimer) = (node(&db, &broker, 1_000), node(&db, &broker, 1_000));
    // This node would count the lost one alive for a minute after its last heartbeat.
    let watching = node(&db, &broker, 60_000);
    let (mut a, mut b) = (player(&lost).await, player(&lost).await);
    let (table, code) = start_private_match(&mut a, &mut b, "dame100", None).await;
    let mut watcher = player(&watching).await;
    watcher.join_code(&code).await;
    let (_, state) = play_random(&mut a, &mut b, &table, 4, 3).await;
    let seq = state["seq"].as_u64().unwrap();
    lost.child.kill().unwrap();
    lost.child.wait().unwrap();
    let mut a = again(&a, &claimer).await;
    a.say(&ClientMessage::Join { table: Some(table.clone()), code: None, last_seq: Some(seq) }).await;
    a.expect(|m| m["type"] == "catch_up").await;
    // The claim's word closes the watcher's stand-in now, not in a minute.
    loop {
        match tokio::time::timeout(common::WAIT, watcher.ws.next()).await.expect("the watcher is let go in time") {
            Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            Some(Ok(_)) => continue,
        }
    }
    // A spectator of a private table comes back by its invite code, as it first came.
    let mut watcher = again(&watcher, &watching).await;
    watcher.say(&ClientMessage::Join { table: None, code: Some(code), last_seq: Some(seq) }).await;
    watcher.expect(|m| m["type"] == "catch_up").await;
    let acted = a.act(&table, &a.states[&table]["legal"][0]["action"].clone()).await;
    let event = watcher.expect(|m| m["type"] == "event").await;
    assert_eq!(event["state"]["seq"].as_u64(), Some(acted), "the watcher follows the table where it runs now");
    drop((lost, claimer, watching));
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_paused_node_whose_table_was_taken_over_stores_nothing_more_of_it() {
    let Some((db, broker)) = cluster_env().await else { return };
    let (paused, other) = (node(&db, &broker, 1_000), node(&db, &broker, 1_000));
    let (mut a, mut b) = (player(&paused).await, player(&paused).await);
    let (table, _) = start_private_match(&mut a, &mut b, "dame100", None).await;
    let (_, state) = play_random(&mut a, &mut b, &table, 2, 9).await;
    let seq = state["seq"].as_u64().unwrap();
    let legal = state["legal"].as_array().expect("seat 0 is to move").clone();
    assert!(legal.len() >= 2, "two moves to tell apart: {state}");
    let signal = |name: &str| {
        let pid = paused.child.id().to_string();
        assert!(std::process::Command::new("kill").args([name, &pid]).status().unwrap().success());
    };
    signal("-STOP");
    // Every thread stopped before anything is sent (no timing: /proc says so).
    let tasks = format!("/proc/{}/task", paused.child.id());
    let stopped = || {
        std::fs::read_dir(&tasks).unwrap().flatten().all(|task| {
            let stat = std::fs::read_to_string(task.path().join("stat")).unwrap_or_default();
            stat.rsplit_once(')').is_some_and(|(_, rest)| rest.trim_start().starts_with('T'))
        })
    };
    while !stopped() {
        tokio::task::yield_now().await;
    }
    // Sent to the paused node, which takes it up only once it runs again.
    a.say(&act_message(&table, "from-the-paused-node", Some(seq), legal[0]["action"].clone())).await;
    let mut elsewhere = again(&a, &other).await;
    elsewhere.say(&ClientMessage::Join { table: Some(table.clone()), code: None, last_seq: Some(seq) }).await;
    elsewhere.expect(|m| m["type"] == "catch_up").await;
    // The other node runs the table now, and has stored nothing yet: only
    // the lease's term keeps the paused node from storing what it holds.
    signal("-CONT");
    // The paused node finds its lease gone: it refuses the action it held
    // and closes the connection, whose client would reconnect.
    let mut refused = false;
    loop {
        let frame = tokio::time::timeout(common::WAIT, a.ws.next()).await.expect("the paused node answers in time");
        let text = match frame {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            Some(Ok(_)) => continue,
        };
        let message: Value = serde_json::from_str(&text).unwrap();
        assert_ne!(message["type"], "acted", "the paused node acknowledged an action: {message}");
        refused |= message["type"] == "error" && message["id"] == "from-the-paused-node";
        if message["type"] == "event" {
            assert!(message["state"]["seq"].as_u64() <= Some(seq), "an event from the paused node: {message}");
        }
    }
    eprintln!("the paused node refused the action it held: {refused} (else its table had stopped first)");
    let acted = elsewhere.act(&table, &legal[1]["action"]).await;
    assert_eq!(acted, seq + 1, "the match goes on where it runs now");
    let stored = stored_events(&db.url, &table).await;
    assert_eq!(stored.len() as u64, seq + 1, "only the other node's move is stored after the pause");
    assert_ne!(stored.last().unwrap().client_id.as_deref(), Some("from-the-paused-node"));
    drop((paused, other));
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_node_told_to_stop_hands_its_tables_over_at_once() {
    let Some((db, broker)) = cluster_env().await else { return };
    // Alive for a minute: only giving the leases up lets the other node take over soon.
    let (mut stopping, staying) = (node(&db, &broker, 60_000), node(&db, &broker, 60_000));
    let (mut a, mut b) = (player(&stopping).await, player(&staying).await);
    let (table, _) = start_private_match(&mut a, &mut b, "dame100", None).await;
    let (_, before) = play_random(&mut a, &mut b, &table, 6, 4).await;
    let seq = before["seq"].as_u64().unwrap();
    let pid = stopping.child.id().to_string();
    assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let stopped = Instant::now();
    // The player following from the other node is told to reconnect.
    loop {
        match tokio::time::timeout(common::WAIT, b.ws.next()).await.expect("told in time") {
            Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            Some(Ok(_)) => continue,
        }
    }
    assert!(stopping.child.wait().unwrap().success(), "the node stops cleanly");
    let (mut a, mut b) = (again(&a, &staying).await, again(&b, &staying).await);
    b.say(&ClientMessage::Join { table: Some(table.clone()), code: None, last_seq: Some(seq) }).await;
    let caught_up = b.expect(|m| m["type"] == "catch_up").await;
    eprintln!("the match went on on the other node {:.2} s after SIGTERM", stopped.elapsed().as_secs_f64());
    assert_eq!(caught_up["state"]["seq"].as_u64(), Some(seq), "nothing acknowledged was lost");
    a.say(&ClientMessage::Join { table: Some(table.clone()), code: None, last_seq: None }).await;
    a.expect(|m| m["type"] == "snapshot").await;
    let (more, _) = play_random(&mut a, &mut b, &table, 4, 5).await;
    assert!(more > 0, "the match goes on");
    drop((stopping, staying));
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_public_lobby_list_is_the_same_on_every_node() {
    let Some((db, broker)) = cluster_env().await else { return };
    let nodes: Vec<Process> = (0..3).map(|_| node(&db, &broker, 3_000)).collect();
    let mut host = player(&nodes[0]).await;
    let mut watchers = vec![player(&nodes[1]).await, player(&nodes[2]).await];
    for watcher in &mut watchers {
        watcher.say(&ClientMessage::WatchLobbies).await;
    }
    let (table, _) = host.create_lobby("dame100", true, None).await;
    let listed = |table: &str| {
        let table = table.to_string();
        move |m: &Value| {
            m["type"] == "lobbies" && m["lobbies"].as_array().unwrap().iter().any(|l| l["table"] == table.as_str())
        }
    };
    for watcher in &mut watchers {
        watcher.expect(listed(&table)).await;
    }
    // A watcher sits down from its own node: every list shows it seated.
    watchers[0].say(&ClientMessage::Join { table: Some(table.clone()), code: None, last_seq: None }).await;
    watchers[0].expect(|m| m["type"] == "snapshot").await;
    watchers[0].take_seat(&table, 1).await;
    let name = watchers[0].player["name"].clone();
    for watcher in &mut watchers {
        watcher
            .expect(|m| {
                m["type"] == "lobbies"
                    && m["lobbies"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|l| l["table"] == table.as_str() && l["seats"][1] == name)
            })
            .await;
    }
    // Started, it leaves every list.
    host.take_seat(&table, 0).await;
    host.say(&ClientMessage::Start { table: table.clone(), shuffle_seats: false }).await;
    let listed = listed(&table);
    for watcher in &mut watchers {
        watcher.expect(|m| m["type"] == "lobbies" && !listed(m)).await;
    }
    drop(nodes);
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_rolling_restart_of_three_nodes_under_play_loses_no_acknowledged_action_and_no_match() {
    let Some((db, broker)) = cluster_env().await else { return };
    let mut nodes: Vec<Process> = (0..3).map(|_| node(&db, &broker, 3_000)).collect();
    let urls: Nodes = Arc::new(Mutex::new(nodes.iter().map(Process::ws).collect()));
    let (stop, stopped) = watch::channel(false);
    // Six matches, each hosted on one node with its guest on the next, all
    // played as fast as the nodes answer.
    let (mut tables, mut progress, mut sitters) = (Vec::new(), Vec::new(), Vec::new());
    for m in 0..6 {
        let (host, guest) = (m % 3, (m + 1) % 3);
        let (mut a, mut b) = (player(&nodes[host]).await, player(&nodes[guest]).await);
        let (table, _) = start_private_match(&mut a, &mut b, "dame100", None).await;
        for (i, (client, at)) in [(a, host), (b, guest)].into_iter().enumerate() {
            let (told, heard) = watch::channel(Progress::default());
            let (seed, first) = ((2 * m + i) as u64, nodes[at].ws());
            let (token, player, think) = (client.token, client.player, std::time::Duration::ZERO);
            let sitter = Sitter { token, player, table: table.clone(), first, seed, think };
            sitters.push(tokio::spawn(sitter.play(urls.clone(), told, stopped.clone())));
            progress.push(heard);
        }
        tables.push(table);
    }
    plays_on(&mut progress, 3).await;
    for (i, running) in nodes.iter_mut().enumerate() {
        // Taken off the balancer's list, told to stop, and replaced.
        let leaving = running.ws();
        urls.lock().unwrap().retain(|url| *url != leaving);
        let pid = running.child.id().to_string();
        assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
        assert!(running.child.wait().unwrap().success(), "node {i} stops cleanly");
        *running = node(&db, &broker, 3_000);
        urls.lock().unwrap().push(running.ws());
        plays_on(&mut progress, 3).await;
    }
    stop.send(true).unwrap();
    let played = common::sitter::stopped(sitters).await;
    let connections: u64 = played.iter().map(|p| p.connections).sum();
    assert!(connections > 12, "the restarts made the players reconnect ({connections} connections)");
    for (m, table) in tables.iter().enumerate() {
        let stored = stored_events(&db.url, table).await;
        for seat in 0..2 {
            assert_stored(table, &played[2 * m + seat].acked, &stored);
        }
        // Still being played, or ended by the rules: none aborted or failed.
        let phase = common::stored_phase(&db.url, table).await;
        assert!(phase == "live" || phase == "finished", "match {m} is {phase}");
        let acked = played[2 * m].acked.len() + played[2 * m + 1].acked.len();
        eprintln!("match {m}: {acked} actions acknowledged, {} events stored", stored.len());
    }
    drop(nodes);
    db.drop_db().await;
}
