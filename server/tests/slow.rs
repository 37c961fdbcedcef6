//! A follower too slow to read what its table sends. Its connection stops
//! reading (a small receive buffer, then no reads at all) while two players
//! play on: the table finds its queue full and lets it go by the one path
//! followers leave by, the players are told it is gone and are never held
//! up, the server drops the connection instead of waiting on it for ever,
//! and the follower reconnects and catches up.

mod common;

use common::{Client, TestDb, TestServer, play_on, start_drill, unlimited};
use futures_util::StreamExt;
use protocol::ClientMessage;
use serde_json::json;
use tokio::net::TcpSocket;
use tokio_tungstenite::MaybeTlsStream;

/// Actions played at most before the follower must have been let go: far
/// more than its queue, the socket buffers and the frames in flight hold.
const MOST: usize = 6_000;

/// A client whose socket takes in only a few kilobytes until read.
async fn narrow_client(server: &TestServer) -> Client {
    let (token, player) = server.guest().await;
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let stream = socket.connect(server.addr).await.unwrap();
    let (ws, _) = tokio_tungstenite::client_async(server.ws(), MaybeTlsStream::Plain(stream)).await.unwrap();
    let mut client = Client::over(ws, &token, player);
    client.say(&ClientMessage::Hello { protocol: protocol::PROTOCOL_VERSION, token: Some(token.clone()) }).await;
    client.expect(|m| m["type"] == "welcome").await;
    client
}

#[tokio::test(flavor = "multi_thread")]
async fn a_follower_that_stops_reading_is_let_go_and_catches_up_after() {
    for db in TestDb::all().await {
        let server = TestServer::start_with(unlimited(&db.url)).await;
        let (mut red, mut blue) = (server.client().await, server.client().await);
        let (table, code) = start_drill(&mut [&mut red, &mut blue], json!({"window_ms": 60_000, "laps": 2_000})).await;
        let mut slow = narrow_client(&server).await;
        let joined = slow.join_code(&code).await;
        assert_eq!(joined["spectators"], 1, "{}", db.label);
        red.expect(|m| m["type"] == "presence" && m["spectators"] == 1).await;
        red.frames.clear();

        // The players play on while the follower reads nothing, until
        // they hear it is gone.
        // (A presence without spectators leaves their count out.)
        let let_go = |red: &Client| red.frames.iter().any(|m| m["type"] == "presence" && m["spectators"].is_null());
        let mut played = 0;
        while !let_go(&red) {
            assert!(played < MOST, "{}: the follower was still counted after {played} actions", db.label);
            let (more, state) = play_on(&mut [&mut red, &mut blue], &table, 200, played as u64).await;
            assert_eq!((more, &state["phase"]), (200, &json!("live")), "{}", db.label);
            played += more;
        }
        eprintln!("{}: let go after {played} actions at most", db.label);

        // The server does not wait on it: the connection ends while the
        // client still reads nothing (only the players' two are left), and
        // what was in flight can be read after.
        server.await_metric("tactica_connections", 2).await;
        let mut last_seq = joined["seq"].as_u64().unwrap();
        loop {
            let next = tokio::time::timeout(common::WAIT, slow.ws.next()).await.expect("the connection ends in time");
            match next {
                Some(Ok(tokio_tungstenite::tungstenite::Message::Text(text))) => {
                    let message: serde_json::Value = serde_json::from_str(&text).unwrap();
                    if message["type"] == "event" {
                        assert_eq!(message["event"]["seq"].as_u64(), Some(last_seq + 1), "{}: in order", db.label);
                        last_seq += 1;
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => break,
            }
        }

        // It comes back and catches up, and the match goes on.
        let (more, state) = play_on(&mut [&mut red, &mut blue], &table, 10, 1).await;
        assert_eq!((more, &state["phase"]), (10, &json!("live")), "{}", db.label);
        let seq = state["seq"].as_u64().unwrap();
        let mut back = Client::connect(&server.ws(), &slow.token, slow.player.clone()).await;
        back.say(&ClientMessage::Join { table: None, code: Some(code.clone()), last_seq: Some(last_seq) }).await;
        let caught = back.expect(|m| m["type"] == "catch_up" || m["type"] == "snapshot").await;
        let now = if caught["type"] == "snapshot" { &caught["seq"] } else { &caught["state"]["seq"] };
        assert_eq!(now.as_u64(), Some(seq), "{}: {caught}", db.label);
        red.expect(|m| m["type"] == "presence" && m["spectators"] == 1).await;
        server.stop().await;
        db.drop_db().await;
    }
}
