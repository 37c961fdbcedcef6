//! A player who plays on while the nodes under it stop, restart or die:
//! it plays random legal moves at one table, as fast as the server answers
//! or after a set time to think,
//! and when its connection closes it reconnects to the next node still
//! listed and joins the table again from the last event it saw, as the web
//! client does. It keeps every action the server acknowledged, so that a
//! test can check each one is stored, and counts them where the test can
//! wait on them.

use super::Client;
use futures_util::SinkExt;
use protocol::ClientMessage;
use serde_json::Value;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

/// The WebSocket addresses of the nodes running now, which a test changes
/// as it stops and starts them.
pub type Nodes = Arc<Mutex<Vec<String>>>;

/// How far a sitter's match has come, as a test waits on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Actions of this sitter acknowledged so far.
    pub acked: u64,
    /// The event number of the last of them.
    pub last: u64,
    /// The match is over, and finished (a match aborted or failed fails
    /// the sitter instead).
    pub over: bool,
}

/// One seat's player at one table.
pub struct Sitter {
    pub token: String,
    pub player: Value,
    pub table: String,
    /// The WebSocket address of the node it connects to first; after
    /// that, the next one in the list of nodes running.
    pub first: String,
    pub seed: u64,
    /// How long it thinks before each move (none: as fast as the server answers).
    pub think: Duration,
}

/// An action the server acknowledged.
pub struct Ack {
    /// Its event number.
    pub seq: u64,
    /// The client's id of it.
    pub id: String,
    /// When the acknowledgement came.
    pub at: Instant,
}

/// What a sitter did.
pub struct Played {
    /// Every action acknowledged, in order.
    pub acked: Vec<Ack>,
    /// How many times it connected.
    pub connections: u64,
}

impl Sitter {
    /// Plays until `stop` turns true or the match ends, telling `progress`
    /// of every acknowledged action.
    pub async fn play(
        self,
        nodes: Nodes,
        progress: watch::Sender<Progress>,
        mut stop: watch::Receiver<bool>,
    ) -> Played {
        let mut rng = self.seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let mut played = Played { acked: Vec::new(), connections: 0 };
        let (mut url, mut tried) = (self.first.clone(), false);
        let mut seen: Option<u64> = None;
        let mut action = 0u64;
        loop {
            if *stop.borrow() {
                return played;
            }
            if tried {
                // The node after the one it was on, as a balancer would choose.
                let nodes = nodes.lock().unwrap();
                let at = nodes.iter().position(|node| *node == url).map_or(0, |i| i + 1);
                url = nodes[at % nodes.len()].clone();
            }
            tried = true;
            let connected = tokio::time::timeout(super::WAIT, tokio_tungstenite::connect_async(url.as_str())).await;
            let Ok(Ok((ws, _))) = connected else {
                // A node that stopped refuses the connection: the next one is
                // tried after a pause, as the web client's reconnect does.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            };
            played.connections += 1;
            let mut client = Client::over(ws, &self.token, self.player.clone());
            let hello = ClientMessage::Hello { protocol: protocol::PROTOCOL_VERSION, token: Some(self.token.clone()) };
            let join = ClientMessage::Join { table: Some(self.table.clone()), code: None, last_seq: seen };
            if !send(&mut client, &hello).await || !send(&mut client, &join).await {
                continue;
            }
            // The action sent on this connection and not yet answered.
            let mut pending: Option<String> = None;
            // The event of the last action acknowledged: the state to act on
            // comes at or after it.
            let mut after = seen.unwrap_or(0);
            loop {
                let message = tokio::select! {
                    message = client.try_recv() => message,
                    _ = stop.wait_for(|stop| *stop) => return played,
                };
                let Some(message) = message else { break };
                match message["type"].as_str() {
                    Some("acted") if pending.as_deref() == message["id"].as_str() => {
                        let id = pending.take().expect("pending");
                        after = message["seq"].as_u64().expect("an event number");
                        played.acked.push(Ack { seq: after, id, at: Instant::now() });
                        progress.send_modify(|p| {
                            p.acked += 1;
                            p.last = after;
                        });
                    }
                    Some("error") if pending.is_some() && pending.as_deref() == message["id"].as_str() => {
                        // Refused (it came late, say): the next state decides again.
                        pending = None;
                    }
                    Some("error") if message["code"] == "no_such_table" || message["code"] == "internal" => {
                        // The table moved or cannot be reached here now: reconnect.
                        break;
                    }
                    _ => {}
                }
                let Some(state) = client.states.get(&self.table) else { continue };
                seen = state["seq"].as_u64();
                if state["phase"] != "live" {
                    // Ended by the rules, never lost to a node going away.
                    assert_eq!(state["phase"], "finished", "match {} ended: {state}", self.table);
                    progress.send_modify(|p| p.over = true);
                    return played;
                }
                let legal = state["legal"].as_array().filter(|legal| !legal.is_empty() && seen >= Some(after));
                if let (None, Some(legal)) = (&pending, legal) {
                    rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    let choice = legal[((rng >> 33) % legal.len() as u64) as usize]["action"].clone();
                    action += 1;
                    let id = format!("{}-{action}", &uuid::Uuid::new_v4().simple().to_string()[..8]);
                    let act = super::act_message(&self.table, &id, seen, choice);
                    if !self.think.is_zero() {
                        tokio::time::sleep(self.think).await;
                    }
                    if !send(&mut client, &act).await {
                        break;
                    }
                    pending = Some(id);
                }
            }
        }
    }
}

/// Sends a message; false if the connection is gone.
async fn send(client: &mut Client, message: &ClientMessage) -> bool {
    let text = serde_json::to_string(message).expect("client messages serialize");
    client.ws.send(Message::Text(text.into())).await.is_ok()
}

/// Checks that every action in `acked` is stored as the event it was
/// acknowledged as, in `stored` (a table's events in order).
pub fn assert_stored(table: &str, acked: &[Ack], stored: &[super::StoredEvent]) {
    for Ack { seq, id, .. } in acked {
        let event = stored.get(*seq as usize - 1);
        assert_eq!(
            event.and_then(|e| e.client_id.as_deref()),
            Some(id.as_str()),
            "action {id}, acknowledged as event {seq} of {table}, is not stored as it"
        );
    }
}

/// Waits until every sitter heard through `progress` has had `more`
/// actions acknowledged since now, or its match has ended.
pub async fn plays_on(progress: &mut [watch::Receiver<Progress>], more: u64) {
    let before: Vec<Progress> = progress.iter().map(|heard| *heard.borrow()).collect();
    for (heard, before) in progress.iter_mut().zip(before) {
        let on = heard.wait_for(|now| now.over || now.acked >= before.acked + more);
        tokio::time::timeout(super::WAIT, on).await.expect("every match plays on").expect("its sitter is there");
    }
}

/// What `sitters` played, each once stopped (in time).
pub async fn stopped(sitters: Vec<tokio::task::JoinHandle<Played>>) -> Vec<Played> {
    let mut played = Vec::new();
    for sitter in sitters {
        played.push(tokio::time::timeout(super::WAIT, sitter).await.expect("a sitter stops").expect("a sitter plays"));
    }
    played
}
