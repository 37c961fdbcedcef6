//! Hidden information never leaves the server: Tactique matches between two
//! real WebSocket clients and Tactics (1940) matches between four, watched
//! by a spectator, with the history API asked along the way. Every frame
//! and every response made before the end is checked against what its
//! viewer may know, by rebuilding the match in the rules crate from what
//! the server stored once the seed is revealed (common/leaks.rs):
//!
//! - each view sent is the viewer's view of the state at that event, and it
//!   does not change when everything the viewer may not know is drawn anew
//!   (`resample`), so it holds nothing of the hidden ranks or set-up;
//! - each action reads as the rules describe it to that viewer;
//! - no message carries an opponent's set-up action, legal actions or the seed;
//! - no submarine card another player holds, in Tactics, shows anywhere.
//!
//! And a seat's frames are the same, view for view, in two matches that
//! differ only in the opponent's arrangement.

mod common;

use protocol::ClientMessage;

use common::leaks::{Rebuilt, events_of, state_of};
use common::{Client, TestDb, TestServer, start_private_match};
use rules::{Seat, Seed, Viewer};
use serde_json::{Value, json};

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

/// Each viewer (with its session token) asks what the history API says of
/// `table` at event `seq`: the match, its replay, its exports, the list.
async fn ask_history(
    server: &TestServer,
    table: &str,
    code: &str,
    seq: u64,
    viewers: impl Iterator<Item = (Viewer, &str)>,
    asked: &mut Vec<Asked>,
) {
    for (viewer, token) in viewers {
        for path in [
            format!("/api/matches/{table}?code={code}"),
            format!("/api/matches/{table}/replay?code={code}"),
            format!("/api/matches/{table}/export?format=notation&code={code}"),
            format!("/api/matches/{table}/export?format=json&code={code}"),
            "/api/matches".to_string(),
        ] {
            let (status, body) = get(server, token, &path).await;
            asked.push(Asked { viewer, seq, path, status, body });
        }
    }
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
            let viewers = VIEWERS.iter().copied().zip([a.token.as_str(), b.token.as_str(), spectator.token.as_str()]);
            ask_history(server, &table, &code, seq, viewers, &mut asked).await;
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

/// Checks the frames `viewer` received ([`Rebuilt::check_frames`]), and
/// that none carries another seat's set-up action.
fn check_frames(played: &Played, rebuilt: &Rebuilt, viewer: Viewer, frames: &[Value]) -> usize {
    let secret = secrets(played, viewer);
    for frame in frames {
        let table = frame["table"].as_str().or(frame["state"]["table"].as_str());
        let seq = state_of(frame)["seq"].as_u64();
        if table != Some(played.table.as_str()) || seq.is_none_or(|seq| seq >= played.end) {
            continue;
        }
        let text = frame.to_string();
        for s in &secret {
            assert!(
                !text.contains(s.as_str()),
                "a {} frame to {viewer:?} carries the opponent's set-up action {s}",
                frame["type"]
            );
        }
    }
    rebuilt.check_frames(&played.table, played.end, viewer, frames)
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
            // Refused while anything is hidden from the requester, at one of
            // the events the response may show; otherwise it holds only what
            // the requester may read.
            let hidden: Vec<bool> = rebuilt
                .reached_from(asked.seq)
                .map(|seq| !rebuilt.texts_hidden_from(seq, asked.viewer).is_empty())
                .collect();
            if asked.status == 200 {
                assert!(hidden.contains(&false), "{context}: exported while something was hidden");
            } else {
                assert_eq!(asked.status, 403, "{context}: {}", asked.body);
                assert!(hidden.contains(&true), "{context}: refused with nothing hidden: {}", asked.body);
            }
        } else if asked.path.contains("/replay") {
            assert_eq!(asked.status, 200, "{context}");
            let steps = asked.body["steps"].as_array().unwrap();
            let shown = &steps.last().unwrap()["view"];
            rebuilt.check_view_in(rebuilt.reached_from(asked.seq), asked.viewer, shown, &context);
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
                rebuilt.check_event(event, asked.viewer, &context);
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
            let rebuilt = Rebuilt::from_store(&db.url, &played.table, "tactique", &json!({}), played.seed).await;
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

/// Plays a four-player Tactics match to its end (players who hasten it,
/// [`common::hastening`]) with `spectator` following, every viewer asking
/// the history API every 25 actions.
/// Returns the match and how many actions were played.
async fn play_tactics_watched(
    server: &TestServer,
    players: &mut [Client],
    spectator: &mut Client,
    seed: u64,
) -> (Played, usize) {
    let options = tactics_options();
    let (table, code) = {
        let mut seated: Vec<&mut Client> = players.iter_mut().collect();
        common::start_game(&mut seated, "tactics1940", options.clone(), None).await
    };
    spectator.join_code(&code).await;
    let prefer = common::hastening("tactics1940", &options);
    let mut asked = Vec::new();
    let mut played = 0;
    let last = loop {
        let (more, last) = {
            let mut seated: Vec<&mut Client> = players.iter_mut().collect();
            common::play_preferring(&mut seated, &table, 25, seed + played as u64, &prefer).await
        };
        played += more;
        if last["phase"] != "live" {
            break last;
        }
        // Asked where the match waits for a player's move: not between an
        // action and the chance it sets off, nor in a submarine window,
        // which the server closes by itself, so that nothing happens while
        // the viewers ask.
        let mut seq = last["seq"].as_u64().unwrap();
        let still = loop {
            let (mut waits, mut live) = (false, true);
            for player in players.iter_mut() {
                let state = player.state_at(&table, seq).await;
                live &= state["phase"] == "live" && !state["view"]["outcome"].is_object();
                waits |= state["window_until"].is_null() && state["legal"].as_array().is_some_and(|l| !l.is_empty());
            }
            if !live || waits {
                break live;
            }
            seq += 1;
        };
        spectator.state_at(&table, seq).await;
        if !still {
            continue;
        }
        let tokens: Vec<String> = players.iter().map(|p| p.token.clone()).chain([spectator.token.clone()]).collect();
        let viewers = (0..4u8).map(|s| Viewer::Seat(Seat(s))).chain([Viewer::Spectator]);
        ask_history(server, &table, &code, seq, viewers.zip(tokens.iter().map(String::as_str)), &mut asked).await;
    };
    let end = last["seq"].as_u64().unwrap();
    for player in players.iter_mut() {
        player.state_at(&table, end).await;
    }
    spectator.state_at(&table, end).await;
    let seed: Seed = last["seed"].as_str().expect("the seed is revealed at the end").parse().unwrap();
    // No action is secret here, only cards, which the views and readings
    // are checked for: no set-up actions to look for.
    (Played { table, actions: Vec::new(), end, seed, asked }, played)
}

/// Four players, submarine windows of 30 ms.
fn tactics_options() -> Value {
    json!({"seats": 4, "window_ms": 30})
}

#[tokio::test(flavor = "multi_thread")]
async fn no_frame_or_response_of_a_four_player_tactics_match_tells_anyone_who_holds_a_submarine() {
    for db in TestDb::all().await {
        let server = TestServer::start_with(common::unlimited(&db.url)).await;
        let matches = if db.label == "sqlite" { 3 } else { 1 };
        let (mut views, mut kept) = (0, 0);
        for n in 0..matches {
            let mut players = Vec::new();
            for _ in 0..4 {
                players.push(server.client().await);
            }
            let mut spectator = server.client().await;
            let (played, actions) = play_tactics_watched(&server, &mut players, &mut spectator, n + 1).await;
            let rebuilt =
                Rebuilt::from_store(&db.url, &played.table, "tactics1940", &tactics_options(), played.seed).await;
            let clients = players.iter().chain([&spectator]);
            for (viewer, client) in rebuilt.viewers().into_iter().zip(clients) {
                let checked = check_frames(&played, &rebuilt, viewer, &client.frames);
                assert!(checked > actions / 2, "{viewer:?}: only {checked} views checked of {actions} actions");
                views += checked;
            }
            check_asked(&played, &rebuilt);
            // Submarine cards were drawn and kept unseen by the others.
            kept += rebuilt.texts_hidden_from(played.end, Viewer::Spectator).len();
        }
        eprintln!("{}: {matches} matches, {views} views checked, {kept} steps hidden from a spectator", db.label);
        assert!(kept > 0, "no submarine card was ever held in secret: the test proved nothing");
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

/// White (`a`) and Black (`b`) place their pieces in turn, then both say
/// ready; the number of the last event.
async fn set_up(
    a: &mut Client,
    b: &mut Client,
    table: &str,
    white: &[(String, &str)],
    black: &[(String, &str)],
) -> u64 {
    let mut seq = 1;
    for ((ws, wr), (bs, br)) in white.iter().zip(black) {
        a.act(table, &json!({"place": {"cell": ws, "rank": wr}})).await;
        seq = b.act(table, &json!({"place": {"cell": bs, "rank": br}})).await;
    }
    seq = act_text(a, table, seq, "White: ready").await;
    act_text(b, table, seq, "Black: ready").await
}

async fn arranged_match(server: &TestServer, swapped: bool) -> Vec<String> {
    let mut a = server.client().await;
    let mut b = server.client().await;
    let (table, _) = start_private_match(&mut a, &mut b, "tactique", None).await;
    let white = arrangement([1, 2, 3, 4], ['a', 'b', 'c'], false);
    let black = arrangement([8, 7, 6, 5], ['f', 'g', 'h'], swapped);
    let mut seq = set_up(&mut a, &mut b, &table, &white, &black).await;
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

/// A volley of archers opens the turn of the archers' owner: it comes with
/// the event of the move that set it off and with that replay step, as an
/// opening the move lists write at the start of the next turn; the move's
/// own text is its notation.
#[tokio::test(flavor = "multi_thread")]
async fn a_volley_of_archers_opens_the_next_turn_live_and_in_the_replay() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let mut a = server.client().await;
    let mut b = server.client().await;
    let (table, _) = start_private_match(&mut a, &mut b, "tactique", None).await;
    // White's Archers on a3–d3, in reach of d5.
    let white = arrangement([3, 2, 1, 4], ['a', 'b', 'c'], false);
    let black = arrangement([8, 7, 6, 5], ['f', 'g', 'h'], false);
    let mut seq = set_up(&mut a, &mut b, &table, &white, &black).await;
    seq = act_text(&mut a, &table, seq, "e3-e4").await;
    seq = act_text(&mut b, &table, seq, "d6-d5").await;
    seq = act_text(&mut a, &table, seq, "e4-e5").await;
    seq = act_text(&mut a, &table, seq, "end turn").await;
    a.state_at(&table, seq).await;
    a.say(&ClientMessage::Resign { table: table.to_string(), seat: None }).await;
    a.expect_event("ended").await;
    let (status, replay) = get(&server, &a.token, &format!("/api/matches/{table}/replay")).await;
    assert_eq!(status, 200, "{replay}");
    let steps = replay["steps"].as_array().unwrap();
    let texts: Vec<&str> = steps.iter().filter_map(|s| s["text"].as_str()).collect();
    assert!(texts.contains(&"e4-e5"), "{texts:?}");
    // The volley opens White's turn: on the step of the move that set it off, as in the event.
    let volley = json!({"seat": 0, "text": "White's archers hit d5"});
    let black = steps.iter().find(|s| s["text"] == "d6-d5").expect("Black's move");
    assert_eq!(black["opening"], volley, "{black}");
    assert_eq!(steps.iter().filter(|s| s.get("opening").is_some()).count(), 1);
    let events = a.frames.iter().flat_map(|f| events_of(f).cloned().collect::<Vec<_>>()).collect::<Vec<_>>();
    let live = events.iter().find(|e| e["text"] == "d6-d5").expect("the live event of Black's move");
    assert_eq!(live["opening"], volley, "{live}");
    server.stop().await;
    db.drop_db().await;
}
