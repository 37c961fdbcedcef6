//! Concurrent matches played with random legal actions at a target rate,
//! measuring action → acknowledgement and action → opponent update, then
//! checking that every acknowledged action was stored.

use crate::client::{Client, guest, json};
use crate::heard::{self, Heard};
use crate::stats::Latencies;
use protocol::{ClientMessage, LobbySettings, Phase, ServerMessage, TableSnapshot};
use serde_json::Value;
use serde_json::value::RawValue;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// A legal action's JSON form, to send back.
type LegalAction = Box<RawValue>;

/// What one match task measured.
#[derive(Default)]
pub struct MatchReport {
    pub ack: Latencies,
    pub opponent: Latencies,
    /// Acknowledged actions per table, with a token of a player who sat there.
    pub acknowledged: Vec<(String, String, u64)>,
    pub errors: Vec<String>,
}

struct Game {
    clients: [Client; 2],
    table: String,
    legal: [Vec<LegalAction>; 2],
    seq: u64,
    phase: Phase,
}

fn legal_json(legal: &[protocol::SeatMoves]) -> Vec<LegalAction> {
    legal
        .iter()
        .flat_map(|seat| seat.actions.iter().map(|m| RawValue::from_string(m.action.to_string()).expect("JSON")))
        .collect()
}

impl Game {
    fn take_snapshot(&mut self, who: usize, snapshot: &TableSnapshot) {
        self.legal[who] = legal_json(&snapshot.legal);
        self.seq = self.seq.max(snapshot.seq);
        self.phase = snapshot.phase;
    }

    fn take_state(&mut self, who: usize, state: heard::State) {
        self.legal[who] = state.legal.into_iter().flat_map(|seat| seat.actions.into_iter().map(|a| a.action)).collect();
        self.seq = self.seq.max(state.seq);
        self.phase = state.phase;
    }

    /// A part of the legal actions of the state at the message's `seq`,
    /// sent after it (docs/protocol.md): added if that state is the latest.
    fn take_part(&mut self, who: usize, message: Heard) {
        if message.seq == Some(self.seq) {
            let actions =
                message.legal.into_iter().flatten().flat_map(|seat| seat.actions.into_iter().map(|a| a.action));
            self.legal[who].extend(actions);
        }
    }

    /// Opens a private lobby with the two clients seated and starts it.
    async fn start(clients: [Client; 2], game: &LobbySettings) -> Result<Game, String> {
        let mut game_state =
            Game { clients, table: String::new(), legal: [Vec::new(), Vec::new()], seq: 0, phase: Phase::Lobby };
        game_state.restart(game).await?;
        Ok(game_state)
    }

    /// Opens a new private lobby for the same two clients and starts it.
    async fn restart(&mut self, game: &LobbySettings) -> Result<(), String> {
        let [a, b] = &mut self.clients;
        a.send(&ClientMessage::CreateLobby(game.clone())).await?;
        let (table, code) = a
            .wait_for(|m| match m {
                ServerMessage::Created { table, code } => Some((table, code)),
                _ => None,
            })
            .await?;
        a.send(&ClientMessage::TakeSeat { table: table.clone(), seat: protocol::Seat(0) }).await?;
        a.wait_for(|m| matches!(m, ServerMessage::Snapshot(s) if s.seats[0].is_some()).then_some(())).await?;
        b.send(&ClientMessage::Join { table: None, code: Some(code), last_seq: None }).await?;
        b.send(&ClientMessage::TakeSeat { table: table.clone(), seat: protocol::Seat(1) }).await?;
        b.wait_for(|m| matches!(m, ServerMessage::Snapshot(s) if s.seats[1].is_some()).then_some(())).await?;
        a.send(&ClientMessage::Start { table: table.clone(), shuffle_seats: false }).await?;
        self.table = table;
        self.seq = 0;
        for who in 0..2 {
            let snapshot = self.clients[who]
                .wait_for(|m| match m {
                    ServerMessage::Snapshot(s) if s.phase == Phase::Live => Some(s),
                    _ => None,
                })
                .await?;
            self.take_snapshot(who, &snapshot);
        }
        Ok(())
    }

    /// Plays one random action and measures it.
    async fn act(&mut self, id: String, choice: u64, report: &mut MatchReport) -> Result<(), String> {
        let actor = if self.legal[0].is_empty() { 1 } else { 0 };
        let other = 1 - actor;
        let options = &self.legal[actor];
        if options.is_empty() {
            return Err(format!("nobody can act at {} (seq {})", self.table, self.seq));
        }
        let action: Value =
            serde_json::from_str(options[(choice % options.len() as u64) as usize].get()).map_err(|e| e.to_string())?;
        let message =
            ClientMessage::Act { table: self.table.clone(), id: id.clone(), seat: None, seq: Some(self.seq), action };
        let started = Instant::now();
        self.clients[actor].send(&message).await?;
        let mut acked: Option<u64> = None;
        let mut actor_updated = false;
        let mut opponent_updated = false;
        while acked.is_none() || !actor_updated || !opponent_updated {
            let (first, second) = self.clients.split_at_mut(1);
            let (mine, theirs) =
                if actor == 0 { (&mut first[0], &mut second[0]) } else { (&mut second[0], &mut first[0]) };
            tokio::select! {
                message = mine.recv_as::<Heard>() => {
                    let message = message?;
                    match message.kind.as_str() {
                        "acted" if message.id.as_deref() == Some(id.as_str()) => {
                            report.ack.record(started.elapsed());
                            acked = message.seq;
                        }
                        "event" => {
                            if acked.is_some_and(|seq| message.event.as_ref().is_some_and(|e| e.seq >= seq)) {
                                actor_updated = true;
                            }
                            if let Some(state) = message.state {
                                self.take_state(actor, state);
                            }
                        }
                        "legal" => self.take_part(actor, message),
                        "error" => return Err(refusal(&message)),
                        _ => {}
                    }
                },
                message = theirs.recv_as::<Heard>(), if !opponent_updated => {
                    let message = message?;
                    match message.kind.as_str() {
                        "event" => {
                            let seq = message.event.as_ref().map_or(0, |e| e.seq);
                            if let Some(state) = message.state {
                                self.take_state(other, state);
                            }
                            if acked.is_none_or(|acked| seq >= acked) && !opponent_updated {
                                report.opponent.record(started.elapsed());
                                opponent_updated = true;
                            }
                        }
                        "legal" => self.take_part(other, message),
                        "error" => return Err(refusal(&message)),
                        _ => {}
                    }
                },
            }
        }
        let table = self.table.clone();
        let token = self.clients[0].token.clone();
        match report.acknowledged.last_mut() {
            Some((t, _, count)) if *t == table => *count += 1,
            _ => report.acknowledged.push((table, token, 1)),
        }
        // Nobody may act yet: what the action set off (chance, the end of
        // the match) is on its way to both players.
        while self.phase == Phase::Live && self.legal.iter().all(Vec::is_empty) {
            let (first, second) = self.clients.split_at_mut(1);
            let (who, message) = tokio::select! {
                message = first[0].recv_as::<Heard>() => (0, message?),
                message = second[0].recv_as::<Heard>() => (1, message?),
            };
            if message.kind == "legal" {
                self.take_part(who, message);
            } else if let (true, Some(state)) = (message.kind == "event", message.state) {
                self.take_state(who, state);
            }
        }
        Ok(())
    }
}

/// An `error` message as text.
fn refusal(message: &Heard) -> String {
    format!("{}: {}", message.code.as_deref().unwrap_or("?"), message.message.as_deref().unwrap_or(""))
}

/// Settings of a run.
pub struct Run {
    /// The nodes' base URLs (one for a server alone); match `i`'s players
    /// connect to nodes `i` and `i + 1` (modulo their number).
    pub bases: Vec<String>,
    pub game: String,
    /// The game's options (`{}` for the standard game).
    pub options: Value,
    pub matches: usize,
    pub rate: f64,
    pub duration: Duration,
}

/// Sets up the matches, plays them for the duration, checks the store.
pub async fn run(run: Run) -> Result<(), String> {
    let http = reqwest::Client::new();
    let base = run.bases[0].clone();
    let ws_urls: Vec<String> = run.bases.iter().map(|b| format!("{}/ws", b.replacen("http", "ws", 1))).collect();
    let setup_started = Instant::now();
    let permits = Arc::new(Semaphore::new(32));
    let mut setups = Vec::new();
    let settings = LobbySettings { game: run.game.clone(), options: run.options.clone(), ..LobbySettings::default() };
    for i in 0..run.matches {
        let (http, base, game, permits) = (http.clone(), base.clone(), settings.clone(), permits.clone());
        let (url_a, url_b) = (ws_urls[i % ws_urls.len()].clone(), ws_urls[(i + 1) % ws_urls.len()].clone());
        setups.push(tokio::spawn(async move {
            let _permit = permits.acquire().await.expect("semaphore");
            let a = Client::connect(&url_a, &guest(&http, &base).await?).await?;
            let b = Client::connect(&url_b, &guest(&http, &base).await?).await?;
            Game::start([a, b], &game).await
        }));
    }
    let mut games = Vec::new();
    for setup in setups {
        games.push(setup.await.map_err(|e| e.to_string())??);
    }
    println!(
        "set up {} {} matches ({} connections, on {} node{}) in {:.1} s",
        games.len(),
        run.game,
        2 * games.len(),
        ws_urls.len(),
        if ws_urls.len() == 1 { "" } else { "s" },
        setup_started.elapsed().as_secs_f64()
    );

    let period = Duration::from_secs_f64(run.matches as f64 / run.rate);
    let started = Instant::now();
    let deadline = started + run.duration;
    let mut tasks = Vec::new();
    for (i, mut game) in games.into_iter().enumerate() {
        let offset = period.mul_f64(i as f64 / run.matches as f64);
        let game_id = settings.clone();
        tasks.push(tokio::spawn(async move {
            let mut report = MatchReport::default();
            let mut next = started + offset;
            let mut rng = (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let mut n = 0u64;
            while next < deadline {
                tokio::time::sleep_until(next.into()).await;
                next += period;
                if game.phase != Phase::Live {
                    if let Err(e) = game.restart(&game_id).await {
                        report.errors.push(e);
                        break;
                    }
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                n += 1;
                if let Err(e) = game.act(format!("m{i}-{n}"), rng, &mut report).await {
                    report.errors.push(e);
                    break;
                }
            }
            report
        }));
    }
    let mut ack = Latencies::default();
    let mut opponent = Latencies::default();
    let mut acknowledged = Vec::new();
    let mut errors = Vec::new();
    for task in tasks {
        let report = task.await.map_err(|e| e.to_string())?;
        ack.0.extend(report.ack.0);
        opponent.0.extend(report.opponent.0);
        acknowledged.extend(report.acknowledged);
        errors.extend(report.errors);
    }
    let elapsed = started.elapsed().as_secs_f64();
    let total: u64 = acknowledged.iter().map(|(_, _, n)| n).sum();
    println!("played for {elapsed:.1} s at a target of {} actions/s", run.rate);
    println!("actions acknowledged: {total} ({:.1}/s)", total as f64 / elapsed);
    println!("action -> acknowledgement: {}", ack.summary());
    println!("action -> opponent update: {}", opponent.summary());
    for error in errors.iter().take(5) {
        println!("error: {error}");
    }

    let mut stored = 0u64;
    for (table, token, _) in &acknowledged {
        let detail = json(http.get(format!("{base}/api/matches/{table}")).bearer_auth(token)).await?;
        stored += detail["events"].as_array().map_or(0, |e| e.iter().filter(|e| e["kind"] == "action").count() as u64);
    }
    if stored == total && errors.is_empty() {
        println!("stored actions: {stored} = acknowledged: OK");
        Ok(())
    } else {
        Err(format!("stored actions: {stored}, acknowledged: {total}, errors: {}", errors.len()))
    }
}
