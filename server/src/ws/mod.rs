//! The WebSocket at `/ws`: one task per connection reads client messages,
//! checks them (size, rate, JSON, identity), hands table requests to the
//! table tasks, and writes back whatever the tables and the lobby list send.
//!
//! Why one task doing both reading and writing: an idle connection then
//! costs one small task and its buffers, which is what lets a server hold
//! tens of thousands of them. Tables never wait on a connection: they push
//! into its bounded queue and a connection that falls too far behind is
//! closed (its client reconnects and catches up).

pub mod admission;
pub mod origin;

use crate::AppState;
use crate::http::ApiError;
use crate::identity;
use crate::rate_limit::RateLimit;
use crate::table::{Command, Conn, Table, TableHandle};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::SinkExt;
use protocol::{ClientMessage, ErrorCode, ErrorMessage, PROTOCOL_VERSION, PlayerInfo, ServerMessage};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use tokio::sync::{Notify, mpsc, watch};
use tokio::time::{Duration, Instant, MissedTickBehavior, interval};

/// The largest message we read; larger ones are refused with an error and
/// the connection goes on.
pub const MAX_MESSAGE: usize = 16 * 1024;
/// The largest message the WebSocket layer accepts at all; beyond it the
/// connection is closed (code 1009), as reading it would cost the memory.
const HARD_LIMIT: usize = 256 * 1024;
/// Messages queued for a connection before it counts as too slow.
const OUTGOING_QUEUE: usize = 256;
/// Queued messages written together before one flush (one system call):
/// an action's acknowledgement and its event leave as one write.
const WRITE_BATCH: usize = 16;
/// Bytes buffered before a write goes out without waiting for the flush.
const WRITE_BUFFER: usize = 16 * 1024;
/// Interval of keepalive pings; a connection that sends nothing (not even
/// the pong) from one ping to the next is dropped.
const KEEPALIVE: Duration = Duration::from_secs(30);
/// Tables one connection may follow at once.
const MAX_FOLLOWED: usize = 32;
/// At most one `rate_limited` error goes out per interval, counting the
/// messages dropped since the last one, so that a flood is not answered
/// with a flood.
const NOTICE_INTERVAL: Duration = Duration::from_secs(1);
/// A connection that has this many messages dropped since the last notice
/// (so within about a second) is flooding, not lagging: it is closed with
/// 1008. An honest client, at most a burst then the steady rate, never
/// comes near.
const FLOOD_CLOSE: u32 = 200;
/// How long one write may wait for a client that does not read before the
/// connection is dropped: as long as a keepalive ping may go unanswered.
const WRITE_WAIT: Duration = KEEPALIVE;
/// The close of a connection whose client cannot keep up, whether found
/// while the connection waited or while it wrote.
const TOO_SLOW: (u16, &str) = (1013, "too slow; reconnect");
/// How long the closing handshake may take: sending our close frame, then
/// reading on for the client's.
const CLOSE_WAIT: Duration = Duration::from_secs(1);

/// `GET /ws`: upgrades with small buffers, so idle connections stay cheap.
/// An upgrade from another site's page is refused (403), before any cookie is read.
pub async fn upgrade(
    State(state): State<AppState>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !origin::allowed(&headers, &state.allowed_origins) {
        return ApiError::new(ErrorCode::Forbidden, "pages of this origin may not connect here").into_response();
    }
    let admitted = match state.admission.admit(address.ip()) {
        Ok(admitted) => admitted,
        Err(refused) => {
            let code = match refused {
                admission::Refused::Address => ErrorCode::RateLimited,
                admission::Refused::Full => ErrorCode::Unavailable,
            };
            return ApiError::new(code, refused.to_string()).into_response();
        }
    };
    let cookie_token =
        headers.get(axum::http::header::COOKIE).and_then(|v| v.to_str().ok()).and_then(crate::session_cookie::token);
    ws.read_buffer_size(4 * 1024)
        .write_buffer_size(WRITE_BUFFER)
        .max_write_buffer_size(1024 * 1024)
        .max_message_size(HARD_LIMIT)
        .max_frame_size(HARD_LIMIT)
        .on_upgrade(move |socket| async move {
            Connection::new(state, address.ip(), cookie_token).run(socket).await;
            drop(admitted);
        })
}

struct Connection {
    state: AppState,
    conn: Conn,
    rx: mpsc::Receiver<Utf8Bytes>,
    cookie_token: Option<String>,
    /// The client's address, for the limits per address.
    address: IpAddr,
    player: Option<PlayerInfo>,
    /// Welcomed without a session: it may watch, not play.
    visitor: bool,
    tables: HashMap<String, TableHandle>,
    lobbies: Option<watch::Receiver<Utf8Bytes>>,
    limit: RateLimit,
    /// Messages dropped by the rate limit since the last notice.
    dropped: u32,
    /// When the last `rate_limited` notice went out.
    noticed: Option<Instant>,
    /// Set when a message calls for the connection to end: its close frame.
    closing: Option<(u16, &'static str)>,
}

impl Connection {
    fn new(state: AppState, address: IpAddr, cookie_token: Option<String>) -> Connection {
        let (tx, rx) = mpsc::channel(OUTGOING_QUEUE);
        let id = state.next_conn_id.fetch_add(1, Relaxed);
        let conn = Conn { id, tx, kill: Arc::new(Notify::new()) };
        let limit = RateLimit::new(state.rate_burst, state.rate_per_second);
        Connection {
            state,
            conn,
            rx,
            cookie_token,
            address,
            player: None,
            visitor: false,
            tables: HashMap::new(),
            lobbies: None,
            limit,
            dropped: 0,
            noticed: None,
            closing: None,
        }
    }

    async fn run(mut self, mut socket: WebSocket) {
        let metrics = self.state.ctx.metrics.clone();
        metrics.connections.increment(1.0);
        metrics.connections_total.increment(1);
        let kill = self.conn.kill.clone();
        let mut shutting_down = self.state.shutting_down.clone();
        let mut keepalive = interval(KEEPALIVE);
        keepalive.set_missed_tick_behavior(MissedTickBehavior::Delay);
        keepalive.tick().await;
        let mut heard = true;
        loop {
            tokio::select! {
                incoming = socket.recv() => match incoming {
                    Some(Ok(message)) => {
                        heard = true;
                        match message {
                            Message::Text(text) => {
                                // Boxed: its state lives on the heap only while a message is handled,
                                // so that an idle connection's task stays small.
                                Box::pin(self.on_text(&text)).await;
                                if let Some((code, reason)) = self.closing {
                                    close(&mut socket, code, reason).await;
                                    break;
                                }
                            }
                            Message::Binary(_) => self.error(ErrorCode::UnknownMessage, "send JSON text messages", None),
                            Message::Close(_) => break,
                            Message::Ping(_) | Message::Pong(_) => {}
                        }
                    }
                    Some(Err(error)) => {
                        tracing::debug!(conn = self.conn.id, %error, "connection error");
                        let (code, reason) = close_for(error);
                        close(&mut socket, code, reason).await;
                        break;
                    }
                    None => break,
                },
                Some(text) = self.rx.recv() => {
                    // A client that stops reading must not hold this task
                    // in a write for ever: the write gives way when the
                    // table finds the queue full, or after WRITE_WAIT.
                    let too_slow = tokio::select! {
                        written = within(write_queued(&mut socket, text, &mut self.rx)) => {
                            if !written {
                                break;
                            }
                            false
                        }
                        () = kill.notified() => true,
                    };
                    if too_slow {
                        close(&mut socket, TOO_SLOW.0, TOO_SLOW.1).await;
                        break;
                    }
                }
                changed = async { self.lobbies.as_mut().expect("watching").changed().await }, if self.lobbies.is_some() => {
                    if changed.is_err() {
                        self.lobbies = None;
                        continue;
                    }
                    let list = self.lobbies.as_mut().expect("watching").borrow_and_update().clone();
                    if !within(socket.send(Message::Text(list))).await {
                        break;
                    }
                }
                // The only change ever made is to true: the server is stopping.
                _ = shutting_down.changed() => {
                    close(&mut socket, 1012, "server restarting; reconnect").await;
                    break;
                }
                () = kill.notified() => {
                    close(&mut socket, TOO_SLOW.0, TOO_SLOW.1).await;
                    break;
                }
                _ = keepalive.tick() => {
                    if !heard {
                        break;
                    }
                    heard = false;
                    if !within(socket.send(Message::Ping(Default::default()))).await {
                        break;
                    }
                }
            }
        }
        self.leave_all().await;
        metrics.connections.decrement(1.0);
    }

    /// Stops following every table.
    async fn leave_all(&mut self) {
        let handles: Vec<TableHandle> = self.tables.drain().map(|(_, handle)| handle).collect();
        for handle in handles {
            let _ = self.send_to(handle, Command::Unsubscribe { conn_id: self.conn.id }).await;
        }
    }

    /// Sends a command to a table, by the handle held or, if that table
    /// left memory and was loaded again (it reloads for commands that reach
    /// it as it leaves), by the registry's; returns the handle that took it.
    async fn send_to(&self, handle: TableHandle, command: Command) -> Result<TableHandle, Command> {
        let Err(command) = handle.send(command).await else { return Ok(handle) };
        match self.state.ctx.registry.get(&handle.id) {
            Some(fresh) => fresh.send(command).await.map(|()| fresh),
            None => Err(command),
        }
    }

    fn error(&self, code: ErrorCode, message: impl Into<String>, table: Option<&str>) {
        self.state.ctx.metrics.client_errors_total.increment(1);
        self.conn.send(&ServerMessage::Error(ErrorMessage {
            code,
            message: message.into(),
            table: table.map(str::to_string),
            id: None,
            dropped: None,
        }));
    }

    /// One `rate_limited` error for every message dropped since the last.
    fn notice_dropped(&mut self, now: Instant) {
        let dropped = std::mem::take(&mut self.dropped);
        self.noticed = Some(now);
        self.state.ctx.metrics.client_errors_total.increment(1);
        self.conn.send(&ServerMessage::Error(ErrorMessage {
            code: ErrorCode::RateLimited,
            message: format!("too many messages: {dropped} dropped"),
            table: None,
            id: None,
            dropped: Some(dropped),
        }));
    }

    async fn on_text(&mut self, text: &str) {
        let now = Instant::now();
        let due = self.noticed.is_none_or(|at| now.duration_since(at) >= NOTICE_INTERVAL);
        if !self.limit.allow() {
            self.state.ctx.metrics.rate_limited_total.increment(1);
            self.dropped += 1;
            if self.dropped >= FLOOD_CLOSE {
                self.closing = Some((1008, "too many messages"));
            } else if due {
                self.notice_dropped(now);
            }
            return;
        }
        if self.dropped > 0 {
            // Dropped since the last notice, and now the flood is over.
            self.notice_dropped(now);
        }
        if text.len() > MAX_MESSAGE {
            self.error(ErrorCode::FrameTooLarge, format!("messages are at most {MAX_MESSAGE} bytes"), None);
            return;
        }
        match ClientMessage::parse(text) {
            Ok(message) => self.on_message(message).await,
            Err(error) => self.error(error.code(), error.to_string(), None),
        }
    }

    async fn on_message(&mut self, message: ClientMessage) {
        if let ClientMessage::Hello { protocol, token } = message {
            return self.hello(protocol, token).await;
        }
        if let ClientMessage::Ping { t } = message {
            self.conn.send(&ServerMessage::Pong { t, server_time: crate::epoch::now_ms() });
            return;
        }
        let Some(player) = self.player.clone() else {
            return self.error(
                ErrorCode::Unauthorized,
                "send hello with a valid session first",
                message.table().map(String::as_str),
            );
        };
        if self.visitor && !visitors_may(&message) {
            return self.error(
                ErrorCode::Unauthorized,
                "watching needs no session, playing does: get one (POST /api/session) and connect again",
                message.table().map(String::as_str),
            );
        }
        match message {
            ClientMessage::WatchLobbies => {
                let mut watch = self.state.ctx.registry.watch_lobbies();
                let current = watch.borrow_and_update().clone();
                self.conn.send_text(current);
                self.lobbies = Some(watch);
            }
            ClientMessage::UnwatchLobbies => self.lobbies = None,
            ClientMessage::CreateLobby(settings) => {
                // Checked before anything is stored: a lobby this connection
                // could not follow, or one too many from this address, is
                // never made.
                if self.tables.len() >= MAX_FOLLOWED {
                    return self.error(
                        ErrorCode::LimitReached,
                        format!("a connection follows at most {MAX_FOLLOWED} tables; leave one first"),
                        None,
                    );
                }
                if !self.state.lobbies_by_address.allow(&self.address) {
                    return self.error(
                        ErrorCode::RateLimited,
                        "too many new lobbies from this address; try again in a minute",
                        None,
                    );
                }
                match Table::create(&self.state.ctx, &settings, &player, None).await {
                    Ok(handle) => {
                        self.conn.send(&ServerMessage::Created { table: handle.id.clone(), code: handle.code.clone() });
                        self.follow(handle, &player, None, true).await;
                    }
                    Err(crate::table::TableError::Refused(code, message)) => self.error(code, message, None),
                    Err(e) => {
                        tracing::error!(error = %e, "could not create a lobby");
                        self.error(ErrorCode::Internal, "could not create the lobby", None);
                    }
                }
            }
            ClientMessage::Join { table, code, last_seq } => self.join(&player, table, code, last_seq).await,
            ClientMessage::Leave { table } => {
                if let Some(handle) = self.tables.remove(&table) {
                    let _ = self.send_to(handle, Command::Unsubscribe { conn_id: self.conn.id }).await;
                }
            }
            request => {
                let table = request.table().cloned().unwrap_or_default();
                let Some(handle) = self.tables.get(&table).cloned() else {
                    return self.error(ErrorCode::NoSuchTable, "join the table first", Some(&table));
                };
                let command =
                    Command::Request { conn: self.conn.clone(), player, message: request, received: Instant::now() };
                match self.send_to(handle, command).await {
                    Ok(handle) => {
                        self.tables.insert(table, handle);
                    }
                    Err(_) => {
                        self.tables.remove(&table);
                        self.error(ErrorCode::NoSuchTable, "the table has closed; join it again", Some(&table));
                    }
                }
            }
        }
    }

    async fn hello(&mut self, protocol: u32, token: Option<String>) {
        if protocol != PROTOCOL_VERSION {
            return self.error(
                ErrorCode::ProtocolMismatch,
                format!("this server speaks protocol {PROTOCOL_VERSION}; reload the page"),
                None,
            );
        }
        if self.player.is_some() {
            // Who follows a table is fixed when it is joined: someone who says
            // hello again (as another player, say) joins the tables again.
            self.leave_all().await;
            self.lobbies = None;
            self.player = None;
        }
        let explicit = token.is_some();
        let Some(token) = token.or_else(|| self.cookie_token.clone()) else {
            return self.welcome_visitor();
        };
        match identity::player_for_token(&self.state.ctx.store, &token).await {
            Ok(Some(player)) => {
                let you = player.info();
                self.player = Some(you.clone());
                self.visitor = false;
                self.conn.send(&ServerMessage::Welcome {
                    protocol: PROTOCOL_VERSION,
                    you: Some(you),
                    server_time: crate::epoch::now_ms(),
                    public_url: self.state.public_url.as_deref().map(str::to_string),
                });
            }
            // A cookie whose session has ended leaves a visitor; a token
            // given in the message must be right.
            Ok(None) if !explicit => self.welcome_visitor(),
            Ok(None) => self.error(ErrorCode::Unauthorized, "unknown session token", None),
            Err(e) => {
                tracing::error!(error = %e, "session lookup failed");
                self.error(ErrorCode::Internal, "could not check the session", None);
            }
        }
    }

    /// A connection without a session: it may watch the lobby list and
    /// follow tables as a spectator, under a name nobody else has.
    fn welcome_visitor(&mut self) {
        self.player = Some(PlayerInfo {
            id: format!("visitor-{}", self.conn.id),
            name: "Visitor".into(),
            registered: false,
            bot: None,
        });
        self.visitor = true;
        self.conn.send(&ServerMessage::Welcome {
            protocol: PROTOCOL_VERSION,
            you: None,
            server_time: crate::epoch::now_ms(),
            public_url: self.state.public_url.as_deref().map(str::to_string),
        });
    }

    async fn join(&mut self, player: &PlayerInfo, table: Option<String>, code: Option<String>, last_seq: Option<u64>) {
        let ctx = &self.state.ctx;
        let found = match (&table, &code) {
            (_, Some(code)) => match ctx.registry.by_code(code) {
                Some(handle) => Ok(Some(handle)),
                None => match ctx.store.table_by_code(code).await {
                    Ok(Some(id)) => Table::load(ctx, &id).await,
                    Ok(None) => Ok(None),
                    Err(e) => Err(e.into()),
                },
            },
            // Whether the player may see it is asked of the database first,
            // in one query for every id, so that neither the answer nor its
            // time tells a private table exists (or is loaded).
            (Some(id), None) => match ctx.store.visible_table(id, Some(&player.id), None).await {
                Ok(Some(_)) => match ctx.registry.get(id) {
                    Some(handle) => Ok(Some(handle)),
                    None => Table::load(ctx, id).await,
                },
                Ok(None) => Ok(None),
                Err(e) => Err(e.into()),
            },
            (None, None) => return self.error(ErrorCode::NoSuchTable, "give a table id or an invite code", None),
        };
        match found {
            Ok(Some(handle)) => {
                if table.as_ref().is_some_and(|id| *id != handle.id) {
                    return self.error(ErrorCode::NoSuchTable, "the code belongs to another table", table.as_deref());
                }
                self.follow(handle, player, last_seq, code.is_some()).await;
            }
            Ok(None) => self.error(ErrorCode::NoSuchTable, "no such table", table.as_deref()),
            Err(crate::table::TableError::Rebuild(_)) => {
                self.error(ErrorCode::TableFailed, crate::table::FAILED, table.as_deref());
            }
            Err(crate::table::TableError::Unrestorable(why)) => {
                self.error(ErrorCode::Unrestorable, why, table.as_deref());
            }
            Err(e) => {
                tracing::error!(error = %e, "could not load a table");
                self.error(ErrorCode::Internal, "could not load the table", table.as_deref());
            }
        }
    }

    async fn follow(&mut self, handle: TableHandle, player: &PlayerInfo, last_seq: Option<u64>, via_code: bool) {
        if self.tables.len() >= MAX_FOLLOWED && !self.tables.contains_key(&handle.id) {
            return self.error(
                ErrorCode::LimitReached,
                format!("a connection follows at most {MAX_FOLLOWED} tables; leave one first"),
                Some(&handle.id),
            );
        }
        let command = Command::Subscribe { conn: self.conn.clone(), player: player.clone(), last_seq, via_code };
        let id = handle.id.clone();
        let sent = match self.send_to(handle, command).await {
            Ok(handle) => Ok(handle),
            // It left memory between the lookup and now: it loads again.
            Err(command) => match Table::load(&self.state.ctx, &id).await {
                Ok(Some(handle)) => handle.send(command).await.map(|()| handle).map_err(|_| ()),
                _ => Err(()),
            },
        };
        match sent {
            Ok(handle) => {
                self.tables.insert(id, handle);
            }
            Err(()) => self.error(ErrorCode::NoSuchTable, "the table has closed", Some(&id)),
        }
    }
}

/// The close code RFC 6455 gives a broken read: 1007 for text that is not
/// UTF-8, 1009 for a message over the hard limit, 1002 for any other
/// breach of the protocol.
fn close_for(error: axum::Error) -> (u16, &'static str) {
    match error.into_inner().downcast::<tungstenite::Error>().map(|e| *e) {
        Ok(tungstenite::Error::Utf8(_)) => (1007, "text is not UTF-8"),
        Ok(tungstenite::Error::Capacity(_)) => (1009, "message too large"),
        _ => (1002, "protocol error"),
    }
}

/// Ends the connection as RFC 6455 asks: our close frame with its code,
/// then reading on (and dropping what comes) until the client's own close
/// frame, so that input left unread does not turn the end into a TCP reset
/// that loses the frame.
async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let frame = CloseFrame { code, reason: Utf8Bytes::from_static(reason) };
    // Bounded as a whole: a client that does not read may never take the
    // close frame itself.
    let _ = tokio::time::timeout(CLOSE_WAIT, async {
        if socket.send(Message::Close(Some(frame))).await.is_err() {
            return;
        }
        while let Some(Ok(message)) = socket.recv().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// Whether a write succeeded within [`WRITE_WAIT`]; one that waits longer
/// for a client that does not read counts as failed.
async fn within(write: impl Future<Output = Result<(), axum::Error>>) -> bool {
    matches!(tokio::time::timeout(WRITE_WAIT, write).await, Ok(Ok(())))
}

/// What a visitor (a connection without a session) may ask: to watch.
fn visitors_may(message: &ClientMessage) -> bool {
    matches!(
        message,
        ClientMessage::WatchLobbies
            | ClientMessage::UnwatchLobbies
            | ClientMessage::Join { .. }
            | ClientMessage::Leave { .. }
    )
}

/// Writes a message and what is queued behind it (up to [`WRITE_BATCH`]),
/// then flushes once.
async fn write_queued(
    socket: &mut WebSocket,
    first: Utf8Bytes,
    queue: &mut mpsc::Receiver<Utf8Bytes>,
) -> Result<(), axum::Error> {
    socket.feed(Message::Text(first)).await?;
    for _ in 1..WRITE_BATCH {
        match queue.try_recv() {
            Ok(text) => socket.feed(Message::Text(text)).await?,
            Err(_) => break,
        }
    }
    socket.flush().await
}
