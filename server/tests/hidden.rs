//! Hidden information never leaves the server: Tactique matches between two
//! real WebSocket clients, watched by a spectator, with the history API
//! asked along the way. Every frame and every response made before the end
//! is checked against what its viewer may know, by rebuilding the match in
//! the rules crate once the seed is revealed:
//!
//! - each view sent is the viewer's view of the state at that event, and it
//!   does not change when everything the viewer may not know is drawn anew
//!   (`resample`), so it holds nothing of the hidden ranks or set-up;
//! - each action reads as the rules describe it to that viewer;
//! - no message carries an opponent's set-up action, legal actions or the seed.
//!
//! And a seat's frames are the same, view for view, in two matches that
//! differ only in the opponent's arrangement.

mod common;

use protocol::ClientMessage;

use common::{Client, TestDb, TestServer, start_private_match};
use rules::referee::Entry;
use rules::{AnyMatch, Seat, Seed, Viewer};
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// Resamples tried per view checked.
const RESAMPLES: u64 = 2;

/// A small deterministic generator for the players' choices.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// The viewers: seat 0, seat 1, a spectator.
const VIEWERS: [Viewer; 3] = [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1)), Viewer::Spectator];

/// One HTTP response made during the match, with the event number at the time.
struct Asked {
    viewer: Viewer,
    seq: u64,
    path: String,
    status: u16,
    body: Value,
}

/// Everything one match produced.
struct Played {
    table: String,
    /// (event number, seat, action JSON) of every action.
    actions: Vec<(u64, u8, Value)>,
    /// The event number of `ended`.
    end: u64,
    seed: Seed,
    asked: Vec<Asked>,
}

async fn get(server: &TestServer, token: &str, path: &str) -> (u16, Value) {
    let response = reqwest::Client::new().get(server.http(path)).bearer_auth(token).send().await.unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

fn legal_of(state: &Value) -> Vec<Value> {
    state["legal"].as_array().cloned().unwrap_or_default()
}

/// A player's choice: a few pieces placed or shifted by hand, the rest at
/// random, then ready; in play, attacks first so that matches end.
fn choose(legal: &[Value], dice: &mut Dice, placed_by_hand: &mut u32) -> Value {
    let with = |prefix: &str| -> Vec<&Value> {
        legal.iter().filter(|a| a["text"].as_str().is_some_and(|t| t.starts_with(prefix))).collect()
    };
    let pick = |options: Vec<&Value>, dice: &mut Dice| options[dice.below(options.len())]["action"].clone();
    let ready = with("White: ready").into_iter().chain(with("Black: ready")).collect::<Vec<_>>();
    if !ready.is_empty() {
        return pick(ready, dice);
    }
    let random =
        legal.iter().filter(|a| a["text"].as_str().is_some_and(|t| t.ends_with(": random"))).collect::<Vec<_>>();
    if !random.is_empty() {
        let by_hand = [with("place"), with("shift")].concat();
        if *placed_by_hand < 6 && !by_hand.is_empty() {
            *placed_by_hand += 1;
            return pick(by_hand, dice);
        }
        return pick(random, dice);
    }
    let attacks: Vec<&Value> = legal.iter().filter(|a| a["action"].get("attack").is_some()).collect();
    if !attacks.is_empty() && dice.below(10) < 8 {
        return pick(attacks, dice);
    }
    pick(legal.iter().collect(), dice)
}

/// Plays one Tactique match to its end between `a` (seat 0) and `b`
/// (seat 1), with `spectator` following, asking the history API every few
/// actions as each of them.
async fn play_watched(
    server: &TestServer,
    a: &mut Client,
    b: &mut Client,
    spectator: &mut Client,
    seed: u64,
) -> Played {
    let (table, code) = start_private_match(a, b, "tactique", None).await;
    spectator.join_code(&code).await;
    let mut dice = Dice(seed);
    let mut by_hand = [0u32; 2];
    let mut actions = Vec::new();
    let mut asked = Vec::new();
    let mut seq = 1;
    loop {
        let state_a = a.state_at(&table, seq).await;
        let state_b = b.state_at(&table, seq).await;
        spectator.state_at(&table, seq).await;
        if state_a["phase"] != "live" {
            break;
        }
        if state_a["view"]["outcome"].is_object() {
            seq += 1;
            continue;
        }
        if actions.len() % 20 == 0 {
            for (viewer, token) in VIEWERS.iter().zip([&a.token, &b.token, &spectator.token]) {
                for path in [
                    format!("/api/matches/{table}?code={code}"),
                    format!("/api/matches/{table}/replay?code={code}"),
                    format!("/api/matches/{table}/export?format=notation&code={code}"),
                    format!("/api/matches/{table}/export?format=json&code={code}"),
                    "/api/matches".to_string(),
                ] {
                    let (status, body) = get(server, token, &path).await;
                    asked.push(Asked { viewer: *viewer, seq, path, status, body });
                }
            }
        }
        // Both may act during the set-up: either goes first.
        let (first, second) = (!legal_of(&state_a).is_empty(), !legal_of(&state_b).is_empty());
        if !first && !second && state_a["view"]["acting"].as_array().is_some_and(Vec::is_empty) {
            // Between an action and the chance it draws nobody acts: the
            // chance is the next event.
            seq = state_a["seq"].as_u64().unwrap() + 1;
            continue;
        }
        let (client, state, seat) =
            if first && (!second || dice.below(2) == 0) { (&mut *a, state_a, 0) } else { (&mut *b, state_b, 1) };
        let legal = legal_of(&state);
        assert!(!legal.is_empty(), "nobody may act in a live match: {state}");
        let action = if actions.len() >= 3_000 {
            // Long enough: resign (the match still ends and is checked).
            client.say(&ClientMessage::Resign { table: table.to_string(), seat: None }).await;
            seq += 2;
            continue;
        } else {
            choose(&legal, &mut dice, &mut by_hand[seat as usize])
        };
        seq = client.act(&table, &action).await;
        actions.push((seq, seat, action));
    }
    let end_state = a.state_at(&table, seq).await;
    b.state_at(&table, seq).await;
    spectator.state_at(&table, seq).await;
    let end = end_state["seq"].as_u64().unwrap();
    let seed: Seed = end_state["seed"].as_str().expect("the seed is revealed at the end").parse().unwrap();
    Played { table, actions, end, seed, asked }
}

/// The match rebuilt in the rules crate through a referee, as the server
/// plays it: the state after each event number, and the referee's record of
/// each change (an action, and the chance it set off in the events after it).
struct Rebuilt {
    states: BTreeMap<u64, Box<dyn AnyMatch>>,
    entries: BTreeMap<u64, Entry>,
}

/// A viewer's place in an entry's readings: its seat, or last for a spectator.
fn reading(viewer: Viewer) -> usize {
    match viewer {
        Viewer::Seat(seat) => seat.index(),
        Viewer::Spectator => 2,
    }
}

impl Rebuilt {
    fn new(played: &Played) -> Rebuilt {
        let game = rules::registry::game("tactique").unwrap();
        let mut referee = game.referee(&json!({}), None, played.seed).unwrap();
        assert!(referee.settle().is_empty(), "no chance before the first action");
        let mut states = BTreeMap::new();
        let mut entries = BTreeMap::new();
        states.insert(1, referee.state().clone_box());
        for (seq, seat, action) in &played.actions {
            // Each event's state is the one just after it: an action's
            // before the chance it sets off, which has an event of its own.
            let played = referee.clone_box().act(Seat(*seat), action).unwrap();
            for (i, entry) in played.into_iter().enumerate() {
                referee.apply(&entry.change).unwrap();
                states.insert(seq + i as u64, referee.state().clone_box());
                entries.insert(seq + i as u64, entry);
            }
        }
        Rebuilt { states, entries }
    }

    /// The state once event `seq` happened (control events change nothing here).
    fn at(&self, seq: u64) -> &dyn AnyMatch {
        self.states.range(..=seq).next_back().expect("a state").1.as_ref()
    }

    /// The texts of the changes up to event `seq` that `viewer` may not read as written.
    fn texts_hidden_from(&self, seq: u64, viewer: Viewer) -> Vec<String> {
        self.entries
            .range(..=seq)
            .filter(|(_, entry)| entry.seen[reading(viewer)].as_deref() != Some(entry.text.as_str()))
            .map(|(_, entry)| entry.text.clone())
            .collect()
    }

    /// What `viewer` may read of the change of event `seq`.
    fn text_for(&self, seq: u64, viewer: Viewer) -> Option<String> {
        self.entries[&seq].seen[reading(viewer)].clone()
    }
}

/// The view `viewer` was sent at event `seq` is its view of the state then,
/// and it stays the same whatever is drawn anew of what it may not know.
fn check_view(rebuilt: &Rebuilt, seq: u64, viewer: Viewer, view: &Value, context: &str) {
    let state = rebuilt.at(seq);
    let expected = serde_json::to_value(state.view(viewer)).unwrap();
    assert_eq!(view, &expected, "{context}: the view at event {seq} for {viewer:?}");
    let hidden_from: Vec<Seat> = match viewer {
        Viewer::Seat(seat) => vec![seat],
        Viewer::Spectator => vec![Seat(0), Seat(1)],
    };
    for seat in hidden_from {
        for k in 0..RESAMPLES {
            let other = state.resample(seat, Seed::from_u64(seq * 31 + k));
            assert_eq!(
                serde_json::to_value(other.view(viewer)).unwrap(),
                expected,
                "{context}: {viewer:?}'s view at event {seq} depends on what it may not know"
            );
        }
    }
}

/// An action or chance event as `viewer` received it reads as the rules describe it.
fn check_event(rebuilt: &Rebuilt, event: &Value, viewer: Viewer, context: &str) {
    if event["kind"] != "action" && event["kind"] != "chance" {
        return;
    }
    let seq = event["seq"].as_u64().unwrap();
    let expected = rebuilt.text_for(seq, viewer);
    assert_eq!(event["text"].as_str().map(str::to_string), expected, "{context}: event {seq} for {viewer:?}");
    assert_eq!(event["hidden"].as_bool().unwrap_or(false), expected.is_none(), "{context}: event {seq}");
}

/// The set-up actions of the seats other than `viewer`'s, as JSON text.
fn secrets(played: &Played, viewer: Viewer) -> Vec<String> {
    played
        .actions
        .iter()
        .filter(|(_, seat, action)| Viewer::Seat(Seat(*seat)) != viewer && action.is_object())
        .filter(|(_, _, action)| action.get("place").is_some() || action.get("shift").is_some())
        .map(|(_, _, action)| action.to_string())
        .collect()
}

/// The table state a frame carries: a snapshot is one, an event or a
/// catch-up holds one.
fn state_of(frame: &Value) -> &Value {
    if frame["type"] == "snapshot" { frame } else { &frame["state"] }
}

/// The events a frame carries: a snapshot's or a catch-up's list, or an event's one.
fn events_of(frame: &Value) -> impl Iterator<Item = &Value> {
    frame["events"].as_array().into_iter().flatten().chain([&frame["event"]])
}

fn check_frames(played: &Played, rebuilt: &Rebuilt, viewer: Viewer, frames: &[Value]) -> usize {
    let secret = secrets(played, viewer);
    let mut checked = 0;
    for frame in frames {
        let table = frame["table"].as_str().or(frame["state"]["table"].as_str());
        if table != Some(played.table.as_str()) {
            continue;
        }
        let state = state_of(frame);
        let Some(seq) = state["seq"].as_u64() else { continue };
        if seq >= played.end {
            continue;
        }
        let context = format!("{} frame", frame["type"]);
        let text = frame.to_string();
        for s in &secret {
            assert!(!text.contains(s.as_str()), "{context} to {viewer:?} carries the opponent's set-up action {s}");
        }
        assert!(state["seed"].is_null(), "{context} to {viewer:?} reveals the seed before the end");
        // Once the rules have ended the match (the `ended` event follows),
        // views show everything.
        if state["phase"] == "live" && !state["view"]["outcome"].is_object() {
            check_view(rebuilt, seq, viewer, &state["view"], &context);
            let legal = legal_of(state);
            match viewer {
                Viewer::Seat(seat) => {
                    let expected = rebuilt.at(seq).legal(seat);
                    assert_eq!(legal, serde_json::to_value(expected).unwrap().as_array().unwrap().clone(), "{context}");
                }
                Viewer::Spectator => assert!(legal.is_empty(), "{context}: a spectator was sent legal actions"),
            }
            checked += 1;
        }
        for event in events_of(frame) {
            check_event(rebuilt, event, viewer, &context);
        }
    }
    checked
}

fn check_asked(played: &Played, rebuilt: &Rebuilt) {
    for asked in &played.asked {
        let context = format!("GET {} at event {}", asked.path, asked.seq);
        let text = asked.body.to_string();
        for s in secrets(played, asked.viewer) {
            assert!(
                !text.contains(s.as_str()),
                "{context} for {:?} carries the opponent's set-up action {s}",
                asked.viewer
            );
        }
        let seat = match asked.viewer {
            Viewer::Seat(seat) => Some(seat.0),
            Viewer::Spectator => None,
        };
        if asked.path.contains("format=json") {
            // The JSON record carries the seed: only after the end.
            assert_eq!(asked.status, 403, "{context}: {}", asked.body);
        } else if asked.path.contains("/export") {
            // Refused while anything is hidden from the requester; otherwise
            // it holds only what the requester may read.
            let others = rebuilt.texts_hidden_from(asked.seq, asked.viewer);
            if others.is_empty() {
                assert_eq!(asked.status, 200, "{context}");
            } else {
                assert_eq!(asked.status, 403, "{context}: {}", asked.body);
            }
        } else if asked.path.contains("/replay") {
            assert_eq!(asked.status, 200, "{context}");
            let steps = asked.body["steps"].as_array().unwrap();
            check_view(rebuilt, asked.seq, asked.viewer, &steps.last().unwrap()["view"], &context);
            for step in steps {
                let text = step["text"].as_str().unwrap_or_default();
                if step["seat"].as_u64().map(|s| s as u8) != seat {
                    assert!(
                        !text.contains("place ") && !text.contains("shift "),
                        "{context}: {:?} reads an opponent's set-up step: {text}",
                        asked.viewer
                    );
                }
            }
        } else if asked.path.starts_with(&format!("/api/matches/{}", played.table)) {
            assert_eq!(asked.status, 200, "{context}");
            assert!(asked.body["seed"].is_null(), "{context}: the seed before the end");
            for event in asked.body["events"].as_array().unwrap() {
                check_event(rebuilt, event, asked.viewer, &context);
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn no_frame_or_response_before_the_end_tells_a_viewer_what_it_may_not_know() {
    for db in TestDb::all().await {
        let server = TestServer::start(&db.url).await;
        let matches = if db.label == "sqlite" { 10 } else { 3 };
        let mut totals = (0, 0, 0);
        for n in 0..matches {
            let mut a = server.client().await;
            let mut b = server.client().await;
            let mut spectator = server.client().await;
            let played = play_watched(&server, &mut a, &mut b, &mut spectator, n + 1).await;
            let rebuilt = Rebuilt::new(&played);
            for (viewer, client) in VIEWERS.iter().zip([&a, &b, &spectator]) {
                let checked = check_frames(&played, &rebuilt, *viewer, &client.frames);
                assert!(checked > played.actions.len() / 2, "{viewer:?}: only {checked} views checked");
                totals.0 += checked;
            }
            check_asked(&played, &rebuilt);
            totals.1 += played.actions.len();
            totals.2 += played.asked.len();
        }
        eprintln!(
            "{}: {matches} matches, {} actions, {} views and {} responses checked",
            db.label, totals.1, totals.0, totals.2
        );
        server.stop().await;
        db.drop_db().await;
    }
}

/// Black's pieces by square, back rows first: the Commander and the Pikeman
/// on `swap` change places in the second arrangement.
fn arrangement(rows: [u8; 4], front: [char; 3], swapped: bool) -> Vec<(String, &'static str)> {
    let mut ranks: Vec<&'static str> = Vec::new();
    ranks.extend(["archer"; 4]);
    ranks.extend(["infantry"; 8]);
    ranks.extend(["pikeman"; 8]);
    ranks.extend(["cavalryman"; 4]);
    ranks.extend(["commander"; 2]);
    ranks.push("flag");
    // Back row: archers and the flag, far from the front; then the others.
    let mut squares: Vec<String> = Vec::new();
    for row in &rows[..3] {
        for file in 'a'..='h' {
            squares.push(format!("{file}{row}"));
        }
    }
    for file in front {
        squares.push(format!("{file}{}", rows[3]));
    }
    let mut placed: Vec<(String, &'static str)> = squares.into_iter().zip(ranks).collect();
    if swapped {
        // A Pikeman and a Commander of the second row change places.
        let (p, c) = (
            placed.iter().position(|x| x.1 == "pikeman").unwrap(),
            placed.iter().position(|x| x.1 == "commander").unwrap(),
        );
        let (rp, rc) = (placed[p].1, placed[c].1);
        placed[p].1 = rc;
        placed[c].1 = rp;
    }
    placed
}

/// The frames a seat received that show the match, reduced to what the
/// rules decide: views, legal actions and action texts.
fn shown(frames: &[Value]) -> Vec<String> {
    frames
        .iter()
        .filter(|f| matches!(f["type"].as_str(), Some("snapshot" | "event" | "catch_up")))
        .map(|f| {
            let state = state_of(f);
            let events: Vec<Value> = events_of(f)
                .filter(|e| e["kind"] == "action")
                .map(|e| json!([e["seq"], e["text"], e["turn_text"], e["hidden"]]))
                .collect();
            json!({"seq": state["seq"], "phase": state["phase"], "view": state["view"], "legal": state["legal"], "events": events})
                .to_string()
        })
        .collect()
}

async fn act_text(client: &mut Client, table: &str, seq: u64, text: &str) -> u64 {
    let state = client.state_at(table, seq).await;
    let action = legal_of(&state)
        .into_iter()
        .find(|a| a["text"] == text)
        .unwrap_or_else(|| panic!("{text} is not legal now: {}", state["view"]["prompt"]));
    client.act(table, &action["action"]).await
}

async fn arranged_match(server: &TestServer, swapped: bool) -> Vec<String> {
    let mut a = server.client().await;
    let mut b = server.client().await;
    let (table, _) = start_private_match(&mut a, &mut b, "tactique", None).await;
    let mut seq = 1;
    let white = arrangement([1, 2, 3, 4], ['a', 'b', 'c'], false);
    let black = arrangement([8, 7, 6, 5], ['f', 'g', 'h'], swapped);
    for ((ws, wr), (bs, br)) in white.iter().zip(&black) {
        a.act(&table, &json!({"place": {"cell": ws, "rank": wr}})).await;
        seq = b.act(&table, &json!({"place": {"cell": bs, "rank": br}})).await;
    }
    seq = act_text(&mut a, &table, seq, "White: ready").await;
    seq = act_text(&mut b, &table, seq, "Black: ready").await;
    // Moves away from the swapped pieces, a charge and a combat between
    // pieces that are the same in both matches.
    for (white, text) in [(true, "d3-d4"), (false, "d6-d5"), (true, "e3-e4"), (false, "e6-e5"), (true, "d4xd5")] {
        let client = if white { &mut a } else { &mut b };
        seq = act_text(client, &table, seq, text).await;
        let state = client.state_at(&table, seq).await;
        if legal_of(&state).iter().any(|l| l["text"] == "end turn") {
            seq = act_text(client, &table, seq, "end turn").await;
        }
    }
    a.state_at(&table, seq).await;
    let frames = shown(&a.frames);
    a.say(&ClientMessage::Resign { table: table.to_string(), seat: None }).await;
    frames
}

#[tokio::test(flavor = "multi_thread")]
async fn a_seat_is_shown_the_same_whatever_the_opponent_arranges() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let first = arranged_match(&server, false).await;
    let second = arranged_match(&server, true).await;
    assert!(first.len() > 60, "{} frames", first.len());
    assert_eq!(first.len(), second.len());
    for (i, (x, y)) in first.iter().zip(&second).enumerate() {
        assert_eq!(x, y, "frame {i} differs");
    }
    server.stop().await;
    db.drop_db().await;
}
