//! Helpers for the server's integration tests: real servers on port 0 over
//! real databases (a fresh SQLite file always, a fresh PostgreSQL database
//! when TACTICA_TEST_DATABASE_URL is set), and real WebSocket clients.

#![allow(dead_code)]

pub mod leaks;
pub mod sitter;

use futures_util::{SinkExt, StreamExt};
use protocol::{ClientMessage, LobbySettings, Seat, TimeControl};
use rules::Cell;
use rules::layout::gallery::oceans::{self, Country};
use serde_json::{Value, json};
use server::config::Settings;
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The largest frame the server may send (docs/protocol.md, "Frames").
pub const FRAME_LIMIT: usize = 64 * 1024;

/// How long a test waits for any one message.
pub const WAIT: Duration = Duration::from_secs(20);

/// A database for one test.
pub struct TestDb {
    pub url: String,
    pub label: &'static str,
    cleanup: Option<(String, String)>,
    file: Option<PathBuf>,
}

impl TestDb {
    /// A fresh SQLite file.
    pub fn sqlite() -> TestDb {
        let dir = std::env::temp_dir().join("tactica-tests");
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(format!("{}.db", uuid::Uuid::new_v4()));
        TestDb { url: format!("sqlite://{}", file.display()), label: "sqlite", cleanup: None, file: Some(file) }
    }

    /// A fresh PostgreSQL database, if TACTICA_TEST_DATABASE_URL names a server.
    pub async fn postgres() -> Option<TestDb> {
        let admin = std::env::var("TACTICA_TEST_DATABASE_URL").ok().filter(|u| !u.is_empty())?;
        let name = format!("tactica_t_{}", uuid::Uuid::new_v4().simple());
        sqlx::any::install_default_drivers();
        let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&admin)
            .await
            .expect("TACTICA_TEST_DATABASE_URL reachable");
        sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut conn).await.expect("create a test database");
        let base = admin.rsplit_once('/').map_or(admin.as_str(), |(base, _)| base).to_string();
        Some(TestDb { url: format!("{base}/{name}"), label: "postgres", cleanup: Some((admin, name)), file: None })
    }

    /// SQLite, and PostgreSQL when configured.
    pub async fn all() -> Vec<TestDb> {
        let mut dbs = vec![TestDb::sqlite()];
        dbs.extend(TestDb::postgres().await);
        dbs
    }

    /// Drops the database (PostgreSQL) or deletes the file (SQLite).
    pub async fn drop_db(mut self) {
        if let Some((admin, name)) = self.cleanup.take() {
            if let Ok(mut conn) = <sqlx::AnyConnection as sqlx::Connection>::connect(&admin).await {
                let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut conn).await;
            }
        }
        if let Some(file) = self.file.take() {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
            }
        }
    }
}

/// `GET path` as `token`'s player (or nobody): the status and the body as
/// JSON (or as a string when it is not JSON).
pub async fn get(server: &TestServer, token: Option<&str>, path: &str) -> (reqwest::StatusCode, Value) {
    let mut request = reqwest::Client::new().get(server.http(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let text = response.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

/// An `act` at `table` under the client id `id`, chosen at event `seq` (or
/// naming none), for the player's only seat.
pub fn act_message(table: &str, id: &str, seq: Option<u64>, action: Value) -> ClientMessage {
    ClientMessage::Act { table: table.to_string(), id: id.to_string(), seat: None, seq, action }
}

/// A clock of `initial_ms` per seat and `increment_ms` a turn, with no
/// set-up time of its own.
pub fn clock(initial_ms: u64, increment_ms: u64) -> TimeControl {
    TimeControl { initial_ms, increment_ms, setup_ms: None }
}

/// A private, untimed lobby of `game` with `options` (`Value::Null` for the standard game).
pub fn lobby(game: &str, options: Value) -> LobbySettings {
    LobbySettings { game: game.to_string(), options, ..LobbySettings::default() }
}

/// Server settings for tests.
pub fn settings(url: &str, grace: Duration) -> Settings {
    Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        metrics_addr: None,
        database_url: url.to_string(),
        grace,
        idle_match: Duration::from_secs(30 * 86_400),
        unwatched: server::config::UNWATCHED,
        rate_burst: 200,
        rate_per_second: 100,
        guests_per_minute: 100_000,
        lobbies_per_minute: 100_000,
        max_connections: 100_000,
        max_connections_per_address: 100_000,
        web_dir: None,
        catalog: rules::registry::Catalog::WithTestGame,
        allowed_origins: Vec::new(),
        secure_cookies: false,
        public_url: None,
        cluster: None,
    }
}

/// [`settings`] without rate limits, for clients that act as fast as the
/// server answers (a long step of many actions by one player).
pub fn unlimited(url: &str) -> Settings {
    Settings { rate_burst: 100_000, rate_per_second: 100_000, ..settings(url, Duration::from_secs(60)) }
}

/// A server running in this process.
pub struct TestServer {
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
}

impl TestServer {
    /// Starts a server on port 0.
    pub async fn start(url: &str) -> TestServer {
        TestServer::start_with(settings(url, Duration::from_secs(60))).await
    }

    /// Starts a server with these settings (the address is ignored: port 0).
    pub async fn start_with(settings: Settings) -> TestServer {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        TestServer::start_on(listener.into(), settings).await
    }

    /// Starts a server serving `/metrics` apart, on another port 0: the
    /// server and the metrics address.
    pub async fn start_metrics_apart(url: &str) -> (TestServer, SocketAddr) {
        let site = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let metrics = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let metrics_addr = metrics.local_addr().unwrap();
        let listeners = server::Listeners { site, metrics: Some(metrics) };
        (TestServer::start_on(listeners, settings(url, Duration::from_secs(60))).await, metrics_addr)
    }

    async fn start_on(listeners: server::Listeners, settings: Settings) -> TestServer {
        let addr = listeners.site.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            server::run(listeners, settings, async {
                let _ = stopped.await;
            })
            .await
            .expect("server runs");
        });
        TestServer { addr, stop: Some(stop), task }
    }

    /// Stops it gracefully and waits.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = tokio::time::timeout(WAIT, &mut self.task).await;
    }

    pub fn http(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// The board a snapshot names (`layout_url`), fetched as a browser does.
    pub async fn layout_of(&self, snapshot: &Value) -> Value {
        let url = snapshot["layout_url"].as_str().expect("a snapshot names its board");
        let response = reqwest::get(self.http(url)).await.unwrap();
        assert!(response.status().is_success(), "{url}: {}", response.status());
        response.json().await.unwrap()
    }

    pub fn ws(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }

    /// The value of one metric in `/metrics`.
    pub async fn metric(&self, name: &str) -> u64 {
        let text = reqwest::get(self.http("/metrics")).await.unwrap().text().await.unwrap();
        let line = text.lines().find(|l| l.starts_with(&format!("{name} "))).unwrap_or_else(|| panic!("no {name}"));
        line[name.len() + 1..].parse::<f64>().unwrap() as u64
    }

    /// Waits until metric `name` reads `value`: for what the server does
    /// on its own with no message to say so (a table leaving memory). It
    /// asks again every 20 ms, for at most [`WAIT`].
    pub async fn await_metric(&self, name: &str, value: u64) {
        let deadline = tokio::time::Instant::now() + WAIT;
        while self.metric(name).await != value {
            assert!(tokio::time::Instant::now() < deadline, "{name} never read {value}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// A new guest: its token and player.
    pub async fn guest(&self) -> (String, Value) {
        guest_at(&self.http("")).await
    }

    /// A new guest connected with `hello`.
    pub async fn client(&self) -> Client {
        let (token, player) = self.guest().await;
        Client::connect(&self.ws(), &token, player).await
    }

    /// `client`'s player connected again, here (after a restart).
    pub async fn again(&self, client: &Client) -> Client {
        Client::connect(&self.ws(), &client.token, client.player.clone()).await
    }
}

/// A new guest on the server at `base` (`http://host:port`).
pub async fn guest_at(base: &str) -> (String, Value) {
    let body: Value =
        reqwest::Client::new().post(format!("{base}/api/session")).send().await.unwrap().json().await.unwrap();
    (body["token"].as_str().unwrap().to_string(), body["player"].clone())
}

/// A WebSocket client that speaks the protocol.
pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub token: String,
    pub player: Value,
    /// Messages received but not yet consumed by `expect`.
    pub inbox: Vec<Value>,
    /// The latest state seen per table (a snapshot, or the state of an event).
    pub states: HashMap<String, Value>,
    /// Every message received, in order (the leak tests read them all).
    pub frames: Vec<Value>,
    /// The length in bytes of the largest frame received, and its type.
    pub largest: (usize, String),
    /// Frames read while waiting for the legal actions of a state.
    later: std::collections::VecDeque<Value>,
    next_id: u64,
}

impl Client {
    /// Connects without saying hello.
    pub async fn connect_silently(url: &str, token: &str, player: Value) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(url).await.expect("connect");
        Client::over(ws, token, player)
    }

    /// A client over a WebSocket already open (a test's own socket).
    pub fn over(ws: WebSocketStream<MaybeTlsStream<TcpStream>>, token: &str, player: Value) -> Client {
        Client {
            ws,
            token: token.to_string(),
            player,
            inbox: Vec::new(),
            states: Default::default(),
            frames: Vec::new(),
            largest: (0, String::new()),
            later: Default::default(),
            next_id: 0,
        }
    }

    /// Connects and says hello.
    pub async fn connect(url: &str, token: &str, player: Value) -> Client {
        let mut client = Client::connect_silently(url, token, player).await;
        client
            .say(&ClientMessage::Hello { protocol: protocol::PROTOCOL_VERSION, token: Some(token.to_string()) })
            .await;
        client.expect(|m| m["type"] == "welcome").await;
        client
    }

    pub fn id(&self) -> String {
        self.player["id"].as_str().unwrap().to_string()
    }

    pub async fn send(&mut self, message: Value) {
        self.ws.send(Message::Text(message.to_string().into())).await.expect("send");
    }

    /// Sends a message of the protocol crate, in the shape the server reads.
    pub async fn say(&mut self, message: &ClientMessage) {
        let text = serde_json::to_string(message).expect("client messages serialize");
        self.ws.send(Message::Text(text.into())).await.expect("send");
    }

    /// A new action id, unique across connections as a browser's ids are.
    fn next_action_id(&mut self) -> String {
        self.next_id += 1;
        format!("{}-{}", &uuid::Uuid::new_v4().simple().to_string()[..8], self.next_id)
    }

    /// Acts for `seat` (named, as a player holding several seats must) and
    /// returns the reply: `acted` or the error.
    pub async fn act_for(&mut self, table: &str, seat: Seat, action: &Value) -> Value {
        let id = self.next_action_id();
        let message = ClientMessage::Act {
            table: table.to_string(),
            id: id.clone(),
            seat: Some(seat),
            seq: None,
            action: action.clone(),
        };
        self.say(&message).await;
        self.reply_to(&id).await
    }

    /// The server's reply to action `id`: `acted` or its error. A dropped
    /// action gets no reply of its own, only a `rate_limited` notice, and
    /// the match would wait on it for ever: that fails here at once.
    async fn reply_to(&mut self, id: &str) -> Value {
        let reply = self
            .expect(|m| (m["type"] == "acted" || m["type"] == "error") && m["id"] == id || m["code"] == "rate_limited")
            .await;
        assert_ne!(reply["code"], "rate_limited", "action {id} was dropped: this test needs `unlimited` settings");
        reply
    }

    pub async fn send_raw(&mut self, message: Message) {
        self.ws.send(message).await.expect("send");
    }

    /// The next message from the server, with the legal actions that
    /// follow its state in frames of their own joined to it.
    pub async fn recv(&mut self) -> Value {
        self.try_recv().await.expect("the connection is open")
    }

    /// As `recv`, or `None` once the connection is closed (a test of nodes
    /// that stop, whose clients reconnect).
    pub async fn try_recv(&mut self) -> Option<Value> {
        let mut message = loop {
            let frame = match self.later.pop_front() {
                Some(frame) => frame,
                None => self.read_frame().await?,
            };
            // A part whose state is gone (a stale one) is no message.
            if frame["type"] != "legal" {
                break frame;
            }
        };
        let in_state = if message["type"] == "snapshot" { "/legal" } else { "/state/legal" };
        let state = if message["type"] == "snapshot" { message.clone() } else { message["state"].clone() };
        let of_state = |m: &Value| m["type"] == "legal" && m["table"] == state["table"] && m["seq"] == state["seq"];
        for _ in 0..state["legal_follows"].as_u64().unwrap_or(0) {
            // Frames of other tables may come between a state and its parts.
            let part = match self.later.iter().position(of_state) {
                Some(i) => self.later.remove(i).expect("found"),
                None => loop {
                    let frame = self.read_frame().await?;
                    if of_state(&frame) {
                        break frame;
                    }
                    self.later.push_back(frame);
                },
            };
            let added = part["legal"].as_array().expect("a part of the legal actions").clone();
            message.pointer_mut(in_state).and_then(Value::as_array_mut).expect("legal actions").extend(added);
        }
        expand_legal(&mut message);
        self.observe(&message);
        self.frames.push(message.clone());
        Some(message)
    }

    /// The next frame as it came, noting its size; `None` once the
    /// connection is closed.
    async fn read_frame(&mut self) -> Option<Value> {
        loop {
            let message = tokio::time::timeout(WAIT, self.ws.next()).await.expect("a message in time");
            match message {
                Some(Ok(Message::Text(text))) => {
                    let value: Value = serde_json::from_str(&text).expect("JSON from the server");
                    if text.len() > self.largest.0 {
                        self.largest = (text.len(), value["type"].as_str().unwrap_or_default().to_string());
                    }
                    return Some(value);
                }
                Some(Ok(Message::Close(frame))) => {
                    eprintln!("the server closed the connection: {frame:?}");
                    return None;
                }
                Some(Err(error)) => {
                    eprintln!("the connection failed: {error}");
                    return None;
                }
                None => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    fn observe(&mut self, message: &Value) {
        let state = match message["type"].as_str() {
            Some("event" | "catch_up") => message["state"].clone(),
            Some("snapshot") => message.clone(),
            _ => return,
        };
        let table = state["table"].as_str().unwrap_or_default().to_string();
        let newer = self.states.get(&table).is_none_or(|old| old["seq"].as_u64() <= state["seq"].as_u64());
        if newer {
            self.states.insert(table, state);
        }
    }

    /// The first message (received before or now) that matches, removing
    /// it and any earlier ones from the inbox.
    pub async fn expect(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.inbox.iter().position(&wanted) {
            let found = self.inbox.remove(i);
            self.inbox.drain(..i);
            return found;
        }
        self.inbox.clear();
        loop {
            let message = self.recv().await;
            if wanted(&message) {
                return message;
            }
            self.inbox.push(message);
        }
    }

    /// The first `event` message of this kind.
    pub async fn expect_event(&mut self, kind: &str) -> Value {
        self.expect(|m| m["type"] == "event" && m["event"]["kind"] == kind).await
    }

    /// The next error message.
    pub async fn expect_error(&mut self, code: &str) -> Value {
        let error = self.expect(|m| m["type"] == "error").await;
        assert_eq!(error["code"], code, "{error}");
        error
    }

    /// Creates a lobby and returns (table id, invite code); the snapshot is consumed.
    pub async fn create_lobby(&mut self, game: &str, public: bool, clock: Option<TimeControl>) -> (String, String) {
        self.say(&ClientMessage::CreateLobby(LobbySettings { public, clock, ..lobby(game, Value::Null) })).await;
        let created = self.expect(|m| m["type"] == "created" || m["type"] == "error").await;
        assert_eq!(created["type"], "created", "the lobby was refused: {created}");
        let table = created["table"].as_str().unwrap().to_string();
        self.expect(|m| m["type"] == "snapshot" && m["table"] == table).await;
        (table, created["code"].as_str().unwrap().to_string())
    }

    pub async fn join_code(&mut self, code: &str) -> Value {
        self.say(&ClientMessage::Join { table: None, code: Some(code.to_string()), last_seq: None }).await;
        self.expect(|m| m["type"] == "snapshot").await
    }

    /// Joins `table` by its id: its snapshot, or the error refusing it.
    pub async fn join_table(&mut self, table: &str) -> Value {
        self.say(&ClientMessage::Join { table: Some(table.to_string()), code: None, last_seq: None }).await;
        self.expect(|m| m["table"] == table && (m["type"] == "snapshot" || m["type"] == "error")).await
    }

    pub async fn take_seat(&mut self, table: &str, seat: u8) -> Value {
        self.say(&ClientMessage::TakeSeat { table: table.to_string(), seat: Seat(seat) }).await;
        let me = self.id();
        self.expect(move |m| m["type"] == "snapshot" && m["seats"][seat as usize]["id"] == me.as_str()).await
    }

    /// Sends an action and waits for its acknowledgement.
    pub async fn act(&mut self, table: &str, action: &Value) -> u64 {
        let id = self.next_action_id();
        self.say(&act_message(table, &id, None, action.clone())).await;
        let reply = self.reply_to(&id).await;
        assert_eq!(reply["type"], "acted", "action {action} refused: {reply}");
        reply["seq"].as_u64().unwrap()
    }

    /// Waits until this client has seen event `seq` of `table`, returning the latest state.
    pub async fn state_at(&mut self, table: &str, seq: u64) -> Value {
        loop {
            if let Some(state) = self.states.get(table) {
                if state["seq"].as_u64().is_some_and(|s| s >= seq) {
                    return state.clone();
                }
            }
            let message = self.recv().await;
            self.inbox.push(message);
        }
    }
}

/// Rewrites the compact legal actions of a snapshot or a state as the flat
/// list the tests read: `[{"seat", "action", "text", "clicks"}]`.
fn expand_legal(message: &mut Value) {
    let legal = match message["type"].as_str() {
        Some("snapshot") => &mut message["legal"],
        Some("event" | "catch_up") => &mut message["state"]["legal"],
        _ => return,
    };
    let moves: Vec<protocol::SeatMoves> = serde_json::from_value(legal.take()).expect("legal actions");
    *legal = serde_json::to_value(protocol::legal::expand(&moves)).unwrap();
}

/// A Drill lobby with `options` created by `players[0]`, every player
/// seated in order, and started. Returns the table id and invite code.
pub async fn start_drill(players: &mut [&mut Client], options: Value) -> (String, String) {
    start_drill_timed(players, options, None).await
}

/// [`start_drill`] with a clock, or none.
pub async fn start_drill_timed(
    players: &mut [&mut Client],
    options: Value,
    clock: Option<TimeControl>,
) -> (String, String) {
    start_game(players, "drill", options, clock).await
}

/// A lobby for `game` with `options` and `clock` created by `players[0]`,
/// every player seated in order, and started. Returns the table id and
/// invite code.
pub async fn start_game(
    players: &mut [&mut Client],
    game: &str,
    options: Value,
    clock: Option<TimeControl>,
) -> (String, String) {
    let host = &mut *players[0];
    host.say(&ClientMessage::CreateLobby(LobbySettings { clock, ..lobby(game, options) })).await;
    let created = host.expect(|m| m["type"] == "created" || m["type"] == "error").await;
    assert_eq!(created["type"], "created", "{created}");
    let table = created["table"].as_str().unwrap().to_string();
    let code = created["code"].as_str().unwrap().to_string();
    for (seat, player) in players.iter_mut().enumerate() {
        if seat > 0 {
            player.join_code(&code).await;
        }
        player.take_seat(&table, seat as u8).await;
    }
    players[0].say(&ClientMessage::Start { table: table.to_string(), shuffle_seats: false }).await;
    for player in players.iter_mut() {
        player.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;
    }
    (table, code)
}

/// Two Drill matches between two new players on `server`: one played to
/// its end, the other live at its first decision (Red's bid).
pub struct Drills {
    pub red: Client,
    pub blue: Client,
    /// The finished match.
    pub done: String,
    /// The live match.
    pub live: String,
    /// The live match's state at Red's bid.
    pub deal: Value,
}

impl Drills {
    pub async fn play(server: &TestServer, label: &str) -> Drills {
        let (mut red, mut blue) = (server.client().await, server.client().await);
        let (done, _) = start_drill(&mut [&mut red, &mut blue], json!({"window_ms": 3000})).await;
        let (_, last) = play_on(&mut [&mut red, &mut blue], &done, 400, 7).await;
        assert_eq!(last["phase"], "finished", "{label}: {last}");
        let (live, _) = start_drill(&mut [&mut red, &mut blue], json!({"window_ms": 3000})).await;
        let seq = red.states[&live]["seq"].as_u64().unwrap();
        let deal = red.state_at(&live, seq).await;
        Drills { red, blue, done, live, deal }
    }
}

/// What each of `paths` answers `token` (each must answer 200).
pub async fn answers(server: &TestServer, token: &str, paths: &[String], label: &str) -> Vec<Value> {
    let mut bodies = Vec::new();
    for path in paths {
        let (status, body) = get(server, Some(token), path).await;
        assert_eq!(status, 200, "{label}: {path}: {body}");
        bodies.push(body);
    }
    bodies
}

/// Plays a match among any number of clients, each acting for whichever
/// of its seats has legal actions, choosing among them with a fixed
/// generator, until the match ends or `max` actions were played. Returns
/// the number played and the last state seen by the first client.
pub async fn play_on(clients: &mut [&mut Client], table: &str, max: usize, seed: u64) -> (usize, Value) {
    play_preferring(clients, table, max, seed, &|_| false).await
}

/// Whether a legal action (as a client holds it) captures, by its notation:
/// a cell name's digits followed by `x` (`28x19`, `m24xm19`).
pub fn captures(action: &Value) -> bool {
    action["text"].as_str().is_some_and(|t| t.as_bytes().windows(2).any(|w| w[0].is_ascii_digit() && w[1] == b'x'))
}

/// The row of every square of Tactics' board, by its name as actions write it.
fn tactics_rows() -> HashMap<String, usize> {
    oceans::squares()
        .into_iter()
        .map(|square| {
            let cell: Cell = square.label.parse().unwrap();
            (serde_json::to_value(cell).unwrap().as_str().unwrap().to_string(), square.at.0)
        })
        .collect()
}

/// What test players prefer among their legal actions (as a client holds
/// them) so that random matches of `game` end sooner: captures in every
/// game (ATTACTICS); in Tactics, North steps down the board and South up
/// it, jumps, strikes and torpedoes are taken, and protests accepted and
/// served, so that neutrals go to war.
pub fn hastening(game: &str, options: &Value) -> Box<dyn Fn(&Value) -> bool + Send + Sync> {
    if game != "tactics1940" {
        return Box::new(captures);
    }
    let seats = options["seats"].as_u64().unwrap_or(4) as u8;
    let countries = <rules::games::tactics1940::Tactics1940>::countries_for(seats);
    let rows = tactics_rows();
    Box::new(move |legal: &Value| {
        let seat = legal["seat"].as_u64().unwrap() as usize;
        let action = &legal["action"];
        let row = |key: &str| action[key].as_str().and_then(|name| rows.get(name)).copied();
        match action["do"].as_str().unwrap_or_default() {
            "accept" | "serve" | "jump" | "strike" | "torpedo" | "demand" => true,
            "move" | "place" => match (countries[seat], row("from"), row("to")) {
                (Country::North, Some(from), Some(to)) => to > from,
                (Country::South, Some(from), Some(to)) => to < from,
                _ => false,
            },
            _ => false,
        }
    })
}

/// [`play_on`], choosing among the actions `prefer` picks when there are
/// any: captures first end long games (ATTACTICS) sooner.
pub async fn play_preferring(
    clients: &mut [&mut Client],
    table: &str,
    max: usize,
    seed: u64,
    prefer: &dyn Fn(&Value) -> bool,
) -> (usize, Value) {
    let mut rng = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    let mut seq = clients.iter().filter_map(|c| c.states.get(table)?["seq"].as_u64()).max().unwrap_or(1);
    let mut played = 0;
    loop {
        // Every client at the same event: the newest any of them has seen.
        let mut states = Vec::new();
        for client in clients.iter_mut() {
            states.push(client.state_at(table, seq).await);
        }
        let newest = states.iter().filter_map(|s| s["seq"].as_u64()).max().unwrap_or(seq);
        if states.iter().any(|s| s["seq"].as_u64() != Some(newest)) {
            seq = newest;
            continue;
        }
        let first = states[0].clone();
        if first["view"]["outcome"].is_object() && first["phase"] == "live" {
            // The rules ended the match; the `ended` event follows.
            seq = newest + 1;
            continue;
        }
        if first["phase"] != "live" || played == max {
            return (played, first);
        }
        let acting = states.iter().position(|s| s["legal"].as_array().is_some_and(|l| !l.is_empty()));
        let Some(index) = acting else {
            // Between an action and what it sets off (chance, the end),
            // nobody acts: the next event is on its way.
            seq = newest + 1;
            continue;
        };
        let mut legal = states[index]["legal"].as_array().unwrap().clone();
        if legal.iter().any(prefer) {
            legal.retain(prefer);
        }
        rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let choice = &legal[((rng >> 33) % legal.len() as u64) as usize];
        let seat = Seat(choice["seat"].as_u64().expect("every legal action names its seat") as u8);
        let reply = clients[index].act_for(table, seat, &choice["action"]).await;
        if reply["type"] == "error" {
            // Refused only if the match went on by itself first: a window's
            // deadline passed before the answer arrived, or the state acted
            // on was one of a burst of default answers. The events that did
            // it came on the connection before the refusal.
            let now = clients[index].states[table]["seq"].as_u64().unwrap();
            assert!(now > newest, "refused at event {newest}, the newest: {reply}");
            seq = now;
            continue;
        }
        assert_eq!(reply["type"], "acted", "{reply}");
        seq = reply["seq"].as_u64().unwrap();
        played += 1;
    }
}

/// The legal action of a state whose text is `text`.
pub fn legal(state: &Value, text: &str) -> Value {
    let legal = state["legal"].as_array().cloned().unwrap_or_default();
    let found = legal.iter().find(|a| a["text"] == text);
    found.unwrap_or_else(|| panic!("no legal action {text:?} in {legal:?}"))["action"].clone()
}

/// One event as the server stored it.
pub struct StoredEvent {
    pub seq: u64,
    /// The `kind` column: "act", "chance", "ended"...
    pub kind: String,
    /// The client's action id, for an action a client sent.
    pub client_id: Option<String>,
    /// The event in full, as JSON.
    pub payload: String,
    /// When it was stored (ms since the epoch).
    pub at: i64,
}

/// One connection to the database at `url`, to read or write it beside
/// a server (close it when done).
pub async fn pool_at(url: &str) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::any::AnyPoolOptions::new().max_connections(1).connect(url).await.unwrap()
}

/// The phase `table` is stored in, in the database at `url`.
pub async fn stored_phase(url: &str, table: &str) -> String {
    use sqlx::Row;
    let pool = pool_at(url).await;
    let row = sqlx::query("SELECT phase FROM tables WHERE id = $1").bind(table.to_string()).fetch_one(&pool).await;
    pool.close().await;
    row.unwrap().get("phase")
}

/// The stored events of `table` in the database at `url`, in order.
pub async fn stored_events(url: &str, table: &str) -> Vec<StoredEvent> {
    use sqlx::Row;
    let pool = pool_at(url).await;
    let rows =
        sqlx::query("SELECT seq, kind, client_id, payload, created_at FROM events WHERE table_id = $1 ORDER BY seq")
            .bind(table.to_string())
            .fetch_all(&pool)
            .await
            .unwrap();
    pool.close().await;
    rows.iter()
        .map(|r| StoredEvent {
            seq: r.get::<i64, _>("seq") as u64,
            kind: r.get("kind"),
            client_id: r.get("client_id"),
            payload: r.get("payload"),
            at: r.get("created_at"),
        })
        .collect()
}

/// The options a test plays `game` with when it means the standard game:
/// the defaults, except that Tactics' submarine windows last 20 ms instead
/// of 4 s. Such a window always runs its whole length, and a random match
/// opens hundreds of them.
pub fn test_options(game: &str) -> Value {
    match game {
        "tactics1940" => json!({"window_ms": 20}),
        _ => json!({}),
    }
}

/// A lobby for `game` created by `a`, joined through the invite code by
/// `b`, seated 0 and 1, and started. Returns the table id and the state
/// after the start.
pub async fn start_private_match(
    a: &mut Client,
    b: &mut Client,
    game: &str,
    clock: Option<TimeControl>,
) -> (String, String) {
    let (table, code) = a.create_lobby(game, false, clock).await;
    a.take_seat(&table, 0).await;
    b.join_code(&code).await;
    b.take_seat(&table, 1).await;
    a.say(&ClientMessage::Start { table: table.to_string(), shuffle_seats: false }).await;
    a.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;
    b.expect(|m| m["type"] == "snapshot" && m["phase"] == "live").await;
    (table, code)
}

/// Plays random legal actions (chosen with a simple deterministic
/// generator) until the match ends or `max` actions were played; returns
/// the number played and the last state seen by `a`.
pub async fn play_random(a: &mut Client, b: &mut Client, table: &str, max: usize, seed: u64) -> (usize, Value) {
    let mut rng = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    let mut seq = 1;
    let mut played = 0;
    loop {
        let mut state_a = a.state_at(table, seq).await;
        if state_a["view"]["outcome"].is_object() && state_a["phase"] == "live" {
            // The rules ended the match; the `ended` event follows.
            seq += 1;
            state_a = a.state_at(table, seq).await;
        }
        let mut state_b = b.state_at(table, seq).await;
        // Chance an action sets off follows it in the next events: wait
        // until both clients have seen all of them.
        while state_a["seq"] != state_b["seq"] {
            let last = state_a["seq"].as_u64().max(state_b["seq"].as_u64()).unwrap_or(seq);
            state_a = a.state_at(table, last).await;
            state_b = b.state_at(table, last).await;
        }
        if state_a["phase"] != "live" || played == max {
            return (played, state_a);
        }
        let can_act = |state: &Value| state["legal"].as_array().is_some_and(|l| !l.is_empty());
        if !can_act(&state_a) && !can_act(&state_b) {
            // Between an action and the chance it draws nobody acts: the
            // chance is the next event.
            assert!(state_a["view"]["acting"].as_array().is_some_and(Vec::is_empty), "nobody can act: {state_a}");
            seq = state_a["seq"].as_u64().unwrap() + 1;
            continue;
        }
        let (client, state) = if can_act(&state_a) { (&mut *a, state_a) } else { (&mut *b, state_b) };
        let legal = state["legal"].as_array().expect("legal actions").clone();
        rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let choice = &legal[((rng >> 33) % legal.len() as u64) as usize];
        seq = client.act(table, &choice["action"]).await;
        played += 1;
    }
}

/// The real `tactica` binary as a child process.
pub struct Process {
    pub child: Child,
    pub addr: String,
}

impl Process {
    pub fn start(url: &str) -> Process {
        Process::start_with(url, &[])
    }

    /// Started with `extra` arguments.
    pub fn start_with(url: &str, extra: &[&str]) -> Process {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tactica"))
            .args(["serve", "--addr", "127.0.0.1:0", "--database-url", url, "--grace-seconds", "60"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let mut line = String::new();
        BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
        let addr = line.trim().rsplit("http://").next().expect("the serving address").to_string();
        Process { child, addr }
    }
}

/// A fresh PostgreSQL database and the broker's URL, if both are
/// configured (TACTICA_TEST_DATABASE_URL, TACTICA_TEST_BROKER_URL).
pub async fn cluster_env() -> Option<(TestDb, String)> {
    let broker = std::env::var("TACTICA_TEST_BROKER_URL").ok().filter(|u| !u.is_empty())?;
    Some((TestDb::postgres().await?, broker))
}

/// A node of several on database `db` and the broker at `broker`, alive
/// for `alive_ms` after each heartbeat, for players who act as fast as the
/// nodes answer and for many guests.
pub fn node(db: &TestDb, broker: &str, alive_ms: u64) -> Process {
    let alive_ms = alive_ms.to_string();
    let mut args = vec!["--broker-url", broker, "--node-alive-ms", &alive_ms];
    args.extend(["--rate-burst", "100000", "--rate-per-second", "100000", "--guests-per-minute", "100000"]);
    args.extend(["--lobbies-per-minute", "100000"]);
    Process::start_with(&db.url, &args)
}

/// A guest of `node`, connected to it.
pub async fn player(node: &Process) -> Client {
    let (token, player) = guest_at(&node.http()).await;
    Client::connect(&node.ws(), &token, player).await
}

impl Process {
    /// The site's address.
    pub fn http(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The WebSocket's address.
    pub fn ws(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }
}

impl Drop for Process {
    /// A test that fails leaves no server behind.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
