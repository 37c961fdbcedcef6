//! The table task: its state and its loop.

use super::chat::Chat;
use super::clocks::ClockState;
use super::events::Event;
use super::followers::Follower;
use super::over::Over;
use super::recent::Recent;
use super::setup::Setup;
use super::stage::Stage;
use super::{Command, Conn, TableHandle};
use crate::epoch::now_ms;
use crate::identity;
use crate::metrics::Metrics;
use crate::registry::Registry;
use crate::store::{Claim, Store, TableRow, Term};
use futures_util::FutureExt;
use protocol::{ClientMessage, ErrorCode, HostSeat, LobbySettings, LobbySummary, Phase, PlayerInfo};
use rules::referee::AnyReferee;
use rules::{AnyGame, RulesError, Seat, SeatSet, Seed};
use serde_json::Value;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::sync::mpsc;
use tokio::time::{Duration, Instant, sleep_until};

/// Commands waiting for a table task.
const QUEUE: usize = 1024;

/// What every table task shares.
#[derive(Clone, Debug)]
pub struct Context {
    /// The database.
    pub store: Store,
    /// The tables in memory.
    pub registry: Arc<Registry>,
    /// Counters.
    pub metrics: Arc<Metrics>,
    /// How long an absent player has to come back.
    pub grace: Duration,
    /// How long an untimed match may go without an action before it is
    /// adjudicated.
    pub idle_match: Duration,
    /// How long a table nobody follows stays in memory once nothing in it
    /// runs on time.
    pub unwatched: Duration,
    /// The games hosted, and every rules version the server can load.
    pub catalog: rules::registry::Catalog,
    /// Where the history rebuilds matches (replays, exports), off the runtime.
    pub rebuilds: crate::blocking::Pool,
    /// Where tables are restored from their events, off the runtime.
    pub restores: crate::blocking::Pool,
    /// Where bots think, off the runtime.
    pub bots: crate::blocking::Pool,
    /// This node among the others, when several share the database; none
    /// for a server alone.
    pub cluster: Option<Arc<crate::cluster::Cluster>>,
}

impl Context {
    /// The game registered under `id`, at its current rules version: an
    /// offered one, or the test game when this server hosts it.
    pub fn game(&self, id: &str) -> Result<&'static dyn AnyGame, RulesError> {
        self.catalog.game(id)
    }

    /// The game `id` at rules version `version`, as a stored match needs it.
    pub fn game_at(&self, id: &str, version: u32) -> Result<&'static dyn AnyGame, RulesError> {
        self.catalog.game_at(id, version)
    }
}

/// The whole state of one table, owned by its task.
pub struct Table {
    pub(super) ctx: Context,
    pub(super) id: String,
    /// What the host chose, fixed for the table's life.
    pub(super) setup: Setup,
    /// Who sits where: in the lobby as seats are taken, then the players
    /// of the match.
    pub(super) seats: Vec<Option<PlayerInfo>>,
    /// Lobby, live match or over, with what each needs.
    pub(super) stage: Stage,
    /// The match as it stands, with its chance and the turn under way (the
    /// start position in the lobby).
    pub(super) referee: Box<dyn AnyReferee>,
    /// The recent events; the older ones are in the database.
    pub(super) events: Recent,
    pub(super) followers: Vec<Follower>,
    /// The players whose seats a bot took over: still the seats' players
    /// of record (stored, listed, exported), and followers of the table.
    pub(super) replaced: Vec<String>,
    /// The table's own queue, for bots' choices to come back by.
    pub(super) myself: Option<mpsc::WeakSender<Command>>,
    /// What players and spectators said, and how fast each may say more.
    pub(super) chat: Chat,
    /// Since when nobody follows the table and nothing in it runs on time.
    idle_since: Option<Instant>,
    /// The term of the lease under which this node runs the table (several
    /// nodes): its journal writes land only while the lease has it.
    pub(super) term: Option<Term>,
    /// A write was refused because the lease has passed to another node:
    /// the table stops after the command at hand.
    pub(super) lost: AtomicBool,
}

/// Why a table could not be created or restored.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Refused input.
    #[error("{1}")]
    Refused(ErrorCode, String),
    /// The database failed.
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    /// Another node holds the table and cannot be reached, or the broker failed.
    #[error(transparent)]
    Cluster(#[from] crate::cluster::ClusterError),
    /// Replaying the stored events panicked (a bug); the match is ended as failed.
    #[error("the match could not be rebuilt from its events: {0}")]
    Rebuild(crate::blocking::PoolError),
    /// This server cannot restore the match (its rules version is unknown
    /// here, or its events do not replay): it is marked so and left as
    /// stored. The text is for its players and names no hidden information.
    #[error("{0}")]
    Unrestorable(String),
}

/// What the players of a match this server cannot restore are told, after why.
const UNRESTORABLE: &str = "The match stays stored as it was and can be played on \
    once a server that can restore it runs.";

impl Table {
    fn blank(ctx: Context, row: &TableRow, game: &'static dyn AnyGame, options: Value) -> Result<Table, TableError> {
        let referee = game
            .referee(&options, None, Seed::default())
            .map_err(|e| TableError::Refused(ErrorCode::InvalidOptions, e.to_string()))?;
        let seats = referee.state().seat_count();
        Ok(Table {
            ctx,
            id: row.id.clone(),
            setup: Setup {
                code: row.code.clone(),
                game,
                options,
                public: row.public,
                clock: row.clock,
                host: row.host_id.clone(),
                // A bot this server no longer has takes over no seat.
                takeover: row.takeover.as_deref().and_then(rules::bot::bot),
                auto_start: row.auto_start,
                quiet_spectators: row.quiet_spectators,
                rematch_of: row.rematch_of.clone(),
                created_at: row.created_at,
            },
            seats: vec![None; seats],
            stage: Stage::Lobby,
            referee,
            events: Recent::default(),
            followers: Vec::new(),
            replaced: Vec::new(),
            myself: None,
            chat: Chat::new(Vec::new()),
            idle_since: None,
            term: None,
            lost: AtomicBool::new(false),
        })
    }

    /// Creates a lobby, stores it and starts its task; a rematch names the
    /// finished table. The host is seated at once if the settings ask; a
    /// match against the computer has its seats filled and starts at once.
    pub async fn create(
        ctx: &Context,
        settings: &LobbySettings,
        host: &PlayerInfo,
        rematch_of: Option<&str>,
    ) -> Result<TableHandle, TableError> {
        let refuse = |code, message: String| TableError::Refused(code, message);
        let game = ctx.game(&settings.game).map_err(|e| refuse(ErrorCode::UnknownGame, e.to_string()))?;
        let options =
            game.normalize_options(&settings.options).map_err(|e| refuse(ErrorCode::InvalidOptions, e.to_string()))?;
        let seats = game.seat_count(&options).map_err(|e| refuse(ErrorCode::InvalidOptions, e.to_string()))?;
        if settings.seats.is_some_and(|n| usize::from(n) != seats) {
            return Err(refuse(ErrorCode::InvalidOptions, format!("these options make a game for {seats} seats")));
        }
        if let Some(clock) = settings.clock {
            let ok = (1_000..=86_400_000).contains(&clock.initial_ms)
                && clock.increment_ms <= 3_600_000
                && clock.setup_ms.is_none_or(|s| (1_000..=3_600_000).contains(&s));
            if !ok {
                return Err(refuse(
                    ErrorCode::InvalidOptions,
                    "a clock starts with 1 s to 24 h, adds at most 1 h, and gives a set-up 1 s to 1 h".into(),
                ));
            }
            if clock.setup_ms.is_some() && !game.info().simultaneous {
                return Err(refuse(ErrorCode::InvalidOptions, "this game has no set-up to time".into()));
            }
        }
        let computer = match &settings.computer {
            None => None,
            Some(against) => {
                let bot = super::lobby::known_bot(&against.bot).map_err(|(code, message)| refuse(code, message))?;
                let seat = match against.seat {
                    Some(seat) if seat.index() >= seats => {
                        return Err(refuse(ErrorCode::NoSuchSeat, format!("this game has seats 0 to {}", seats - 1)));
                    }
                    Some(seat) => seat,
                    None => Seat(identity::random_below(seats) as u8),
                };
                Some((bot, seat))
            }
        };
        let host_seat = match settings.host_seat {
            None => None,
            Some(_) if settings.computer.is_some() => {
                return Err(refuse(
                    ErrorCode::InvalidOptions,
                    "a match against the computer names the host's seat in `computer`".into(),
                ));
            }
            Some(HostSeat { seat: Some(seat) }) if seat.index() >= seats => {
                return Err(refuse(ErrorCode::NoSuchSeat, format!("this game has seats 0 to {}", seats - 1)));
            }
            Some(HostSeat { seat }) => Some(seat.unwrap_or_else(|| Seat(identity::random_below(seats) as u8))),
        };
        let takeover = match &settings.takeover {
            None => None,
            Some(_) if settings.computer.is_some() => {
                return Err(refuse(
                    ErrorCode::InvalidOptions,
                    "a match against the computer waits for its one person; no seat is taken over".into(),
                ));
            }
            Some(_) if seats < 3 => {
                return Err(refuse(
                    ErrorCode::InvalidOptions,
                    "a bot takes over seats only in games of three or more; in a game of two the \
                     other player may claim the match"
                        .into(),
                ));
            }
            Some(name) => Some(super::lobby::known_bot(name).map_err(|(code, message)| refuse(code, message))?),
        };
        if ctx.store.open_lobbies(&host.id).await? >= crate::OPEN_LOBBIES_PER_PLAYER {
            return Err(refuse(
                ErrorCode::LimitReached,
                format!(
                    "you have {} lobbies waiting to start; start or close one of them (a lobby \
                     that waits {} days is closed)",
                    crate::OPEN_LOBBIES_PER_PLAYER,
                    crate::LOBBY_LIFETIME.as_secs() / 86_400
                ),
            ));
        }
        let row = TableRow {
            id: identity::new_id(),
            code: identity::new_invite_code(),
            game: game.info().id.to_string(),
            options: options.to_string(),
            seat_count: seats as u8,
            public: settings.public,
            clock: settings.clock,
            host_id: host.id.clone(),
            phase: Phase::Lobby,
            seed: None,
            seed_commitment: None,
            result: None,
            turns: 0,
            rematch_of: rematch_of.map(str::to_string),
            created_at: now_ms(),
            started_at: None,
            ended_at: None,
            rules_version: game.info().rules_version,
            restore_error: None,
            takeover: takeover.map(|bot| bot.name().to_string()),
            auto_start: settings.auto_start,
            quiet_spectators: settings.quiet_spectators,
        };
        // The bot's player row before the table's, so that a failure leaves no lobby behind.
        let computer = match computer {
            Some((bot, seat)) => Some((ctx.store.bot_player(bot).await?, seat)),
            None => None,
        };
        let mut table = Table::blank(ctx.clone(), &row, game, options)?;
        if let Some((bot, seat)) = &computer {
            for (index, slot) in table.seats.iter_mut().enumerate() {
                *slot = Some(if index == seat.index() { host.clone() } else { bot.clone() });
            }
        } else if let Some(seat) = host_seat {
            table.seats[seat.index()] = Some(host.clone());
        }
        ctx.store.insert_table(&row, &table.seat_rows()).await?;
        if let Some(cluster) = &ctx.cluster {
            match cluster.leases.claim(&row.id).await? {
                Claim::Granted(term) => table.term = Some(term),
                Claim::Held { node } => {
                    return Err(crate::store::StoreError::Corrupt(format!("a new table is held by node {node}")).into());
                }
            }
        }
        let handle = table.open().await;
        if computer.is_some() {
            // Queued before anyone can follow the table: its first snapshot is the match.
            let _ = handle.send(Command::StartFull).await;
        }
        Ok(handle)
    }

    /// Rebuilds a table from the database and starts its task: a lobby with
    /// its seats, or a match by replaying its events.
    pub async fn load(ctx: &Context, id: &str) -> Result<Option<TableHandle>, TableError> {
        // One load per table at a time, so it is never loaded twice; other
        // tables load meanwhile.
        let _loading = ctx.registry.loading(id).await;
        if let Some(handle) = ctx.registry.get(id) {
            return Ok(Some(handle));
        }
        // With several nodes, the table runs here only if this node claims
        // it; otherwise a stand-in passes its followers on to its node.
        let term = match &ctx.cluster {
            None => None,
            Some(cluster) => {
                let Some(code) = ctx.store.table_code(id).await? else { return Ok(None) };
                match cluster.claim(id).await? {
                    Claim::Granted(term) => Some(term),
                    Claim::Held { node } => {
                        return Ok(Some(crate::cluster::remote::open(ctx, cluster, id, &code, node)));
                    }
                }
            }
        };
        let Some((row, seat_rows, stored)) = ctx.store.load_table(id).await? else { return Ok(None) };
        match Table::restore(ctx, &row, seat_rows, &stored, term).await {
            Ok(mut table) => {
                table.term = term;
                if row.restore_error.is_some() {
                    ctx.store.set_restore_error(id, term, None).await?;
                    tracing::info!(table = %id, "a match that could not be restored before is restored");
                }
                // A lobby that starts by itself, stored full but not started
                // (the server stopped between the two), starts now.
                let start = table.starts_by_itself();
                let handle = table.open().await;
                if start {
                    let _ = handle.send(Command::StartFull).await;
                }
                Ok(Some(handle))
            }
            Err(TableError::Unrestorable(why)) => {
                tracing::error!(table = %id, game = %row.game, rules_version = row.rules_version, why, "a match cannot be restored");
                let told = format!("This match cannot be restored: {why}. {UNRESTORABLE}");
                ctx.store.set_restore_error(id, term, Some(&why)).await?;
                Err(TableError::Unrestorable(told))
            }
            Err(other) => Err(other),
        }
    }

    /// The table as stored, its match replayed by the rules version it was
    /// created with.
    async fn restore(
        ctx: &Context,
        row: &TableRow,
        seat_rows: Vec<crate::store::SeatRow>,
        stored: &[crate::store::StoredEvent],
        term: Option<Term>,
    ) -> Result<Table, TableError> {
        let id = &row.id;
        // The reason players are shown names no action: a stored action
        // may be one some of them may not see. The log has the details.
        let corrupt = |what: String| {
            tracing::error!(table = %id, what, "a stored match does not replay");
            TableError::Unrestorable("its stored moves do not replay under this server's rules".into())
        };
        let game = ctx.game_at(&row.game, row.rules_version).map_err(|e| TableError::Unrestorable(e.to_string()))?;
        let options: Value = serde_json::from_str(&row.options).map_err(|e| corrupt(e.to_string()))?;
        let mut table = Table::blank(ctx.clone(), row, game, options).map_err(|e| corrupt(e.to_string()))?;
        for seat in seat_rows {
            if let Some(slot) = table.seats.get_mut(seat.seat.index()) {
                *slot = Some(seat.player);
            }
        }
        if row.phase == Phase::Aborted && row.seed.is_none() {
            // A lobby closed before it started.
            table.stage = Stage::Over(Box::new(Over::closed()));
        } else if row.phase != Phase::Lobby {
            let seed: Seed = row.seed.as_deref().unwrap_or_default().parse().map_err(|_| corrupt("seed".into()))?;
            let events = stored.iter().map(Event::from_stored).collect::<Result<Vec<_>, _>>().map_err(corrupt)?;
            let commitment = row.seed_commitment.clone();
            let restored = ctx.restores.run(move || table.replay(seed, commitment, events).map(|()| table)).await;
            table = match restored {
                Ok(replayed) => replayed.map_err(corrupt)?,
                Err(panicked) => {
                    super::supervision::fail_stored(ctx, row, stored.last().map_or(0, |e| e.seq), term).await;
                    return Err(TableError::Rebuild(panicked));
                }
            };
        }
        if let Stage::Over(over) = &mut table.stage {
            over.rematch = ctx.store.rematch_of(id).await?.map(|(rematch, _)| rematch);
        }
        table.chat = Chat::new(ctx.store.recent_chat(id, Chat::KEPT).await?);
        Ok(table)
    }

    /// Starts the task and registers it; with several nodes, opens its
    /// door to the others' connections.
    async fn open(self) -> TableHandle {
        let cluster = self.ctx.cluster.clone();
        let handle = self.spawn();
        if let Some(cluster) = cluster {
            crate::cluster::door::open(&cluster, handle.clone()).await;
        }
        handle
    }

    /// Starts the task and registers it.
    fn spawn(mut self) -> TableHandle {
        let (tx, rx) = mpsc::channel(QUEUE);
        self.myself = Some(tx.downgrade());
        let handle = TableHandle::new(self.id.clone(), self.setup.code.clone(), self.term, tx);
        self.ctx.registry.insert(handle.clone());
        self.ctx.metrics.tables.increment(1.0);
        if self.stage.live().is_some() {
            self.ctx.metrics.live_matches.increment(1.0);
        }
        tokio::spawn(self.run(rx));
        handle
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        let started = std::panic::catch_unwind(AssertUnwindSafe(|| {
            self.publish_lobby();
            if self.stage.live().is_some() {
                // Nobody is connected after a restart: everyone gets a grace period.
                for seat in SeatSet::all(self.seats.len()).iter() {
                    self.start_grace(seat);
                }
                self.wake_bots();
            }
        }));
        let stopped = match started {
            Ok(()) => self.serve(&mut rx).await,
            Err(panic) => {
                self.fail(panic).await;
                Stop::Failed
            }
        };
        self.ctx.registry.remove(&self.id);
        match (stopped, &self.ctx.cluster, self.term) {
            // Its followers reconnect and find it on the node that runs it now.
            (Stop::Moved, _, _) => {
                for follower in &self.followers {
                    follower.conn.kill.notify_one();
                }
            }
            // Any node may take it up at once (a failed match loads ended).
            (Stop::Unwatched | Stop::Failed, Some(cluster), Some(term)) => {
                if let Err(error) = cluster.leases.release(&self.id, term).await {
                    tracing::warn!(table = %self.id, %error, "could not give up a table's lease");
                }
            }
            _ => {}
        }
        self.ctx.metrics.tables.decrement(1.0);
        if self.stage.live().is_some() {
            self.ctx.metrics.live_matches.decrement(1.0);
        }
        // Commands sent before the registry forgot the table are not lost:
        // a table that left memory loads again to answer them.
        rx.close();
        let mut unanswered = Vec::new();
        while let Ok(command) = rx.try_recv() {
            match command {
                Command::Shutdown { done } => {
                    let _ = done.send(());
                }
                command => unanswered.push(command),
            }
        }
        if stopped == Stop::Unwatched && !unanswered.is_empty() {
            tokio::spawn(reopen(self.ctx.clone(), self.id.clone(), unanswered));
        }
    }

    /// Handles commands and deadlines until the table stops, and says why.
    async fn serve(&mut self, rx: &mut mpsc::Receiver<Command>) -> Stop {
        // An end left due by a restart is stored before anyone who joins is
        // shown the match (a timer already past may not fire on its first poll).
        if self.next_deadline().is_some_and(|at| at <= Instant::now()) {
            if let Err(panic) = AssertUnwindSafe(self.on_deadline()).catch_unwind().await {
                self.fail(panic).await;
                return Stop::Failed;
            }
        }
        // A table nobody comes to (a rematch lobby never opened) leaves too.
        self.update_idle();
        loop {
            let deadline = self.next_deadline();
            // A panic while handling a command or a deadline is caught here:
            // the table fails, alone (see `supervision`). A deadline that has
            // passed goes first: a fallen flag beats a move that comes after it.
            let handled = tokio::select! {
                biased;
                () = sleep_until(deadline.unwrap_or_else(far_future)), if deadline.is_some() => {
                    AssertUnwindSafe(self.on_deadline()).catch_unwind().await
                }
                command = rx.recv() => match command {
                    Some(Command::Shutdown { done }) => {
                        let _ = done.send(());
                        return Stop::Shutdown;
                    }
                    Some(Command::Moved) => return Stop::Moved,
                    Some(command) => AssertUnwindSafe(self.handle(command)).catch_unwind().await,
                    None => return Stop::Shutdown,
                },
            };
            if let Err(panic) = handled {
                self.fail(panic).await;
                return Stop::Failed;
            }
            if self.lost.load(Ordering::Relaxed) {
                return Stop::Moved;
            }
            if self.idle_since.is_some_and(|since| since.elapsed() >= self.ctx.unwatched) {
                return Stop::Unwatched;
            }
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Subscribe { conn, player, last_seq, via_code } => self.subscribe(conn, player, last_seq, via_code),
            Command::Unsubscribe { conn_id } => self.lose(vec![conn_id]),
            Command::Request { conn, player, message, received } => {
                self.request(&conn, &player, message, received).await;
            }
            Command::StartFull => {
                // Only a failed store refuses it; the host may then press Start.
                if let Err((_, message)) = self.start_full().await {
                    tracing::error!(table = %self.id, %message, "could not start a full lobby");
                }
            }
            Command::BotActs { seat, seq, choice } => self.bot_acts(seat, seq, choice).await,
            Command::SeatForRematch { player, seat } => {
                // Best effort: a player not seated takes a seat by hand.
                if let Err((_, message)) = self.seat_for_rematch(&player, seat).await {
                    tracing::debug!(table = %self.id, %message, "a rematch seat was not taken");
                }
            }
            Command::Shutdown { .. } | Command::Moved => {}
        }
        self.wake_bots();
        self.update_idle();
    }

    async fn request(&mut self, conn: &Conn, player: &PlayerInfo, message: ClientMessage, received: Instant) {
        let table = self.id.clone();
        if !self.followers.iter().any(|f| f.conn.id == conn.id) {
            // Only a connection the table accepted (the code, a public table,
            // or a participant) may ask it anything.
            let id = if let ClientMessage::Act { id, .. } = &message { Some(id.as_str()) } else { None };
            conn.error(ErrorCode::NoSuchTable, "join the table first", Some(&table), id);
            return;
        }
        let outcome = match message {
            ClientMessage::TakeSeat { seat, .. } => self.take_seat(player, seat).await,
            ClientMessage::SeatBot { seat, bot, .. } => self.seat_bot(player, seat, &bot).await,
            ClientMessage::LeaveSeat { seat, .. } => self.leave_seat(player, seat).await,
            ClientMessage::ArrangeSeats { order, .. } => self.arrange_seats(player, &order).await,
            ClientMessage::RemovePlayer { seat, .. } => self.remove_player(player, seat).await,
            ClientMessage::Start { shuffle_seats, .. } => self.start(player, shuffle_seats).await,
            ClientMessage::Act { id, seat, seq, action, .. } => {
                if let Err((code, message)) = self.act(conn, player, &id, (seat, seq), &action, received).await {
                    self.ctx.metrics.client_errors_total.increment(1);
                    conn.error(code, message, Some(&table), Some(&id));
                }
                return;
            }
            ClientMessage::Resign { seat, .. } => self.resign(player, seat).await,
            ClientMessage::OfferDraw { .. } => self.offer_draw(player).await,
            ClientMessage::AcceptDraw { .. } => self.accept_draw(player).await,
            ClientMessage::DeclineDraw { .. } => self.decline_draw(player).await,
            ClientMessage::Abort { .. } if matches!(self.stage, Stage::Lobby) => self.close_lobby(player).await,
            ClientMessage::Abort { .. } => self.abort(player).await,
            ClientMessage::ClaimVictory { .. } => self.claim_victory(player).await,
            ClientMessage::Rematch { .. } => self.rematch(conn, player).await,
            ClientMessage::Chat { text, .. } => self.say(player, &text).await,
            other => Err((ErrorCode::UnknownMessage, format!("{other:?} is not a table request"))),
        };
        if let Err((code, message)) = outcome {
            self.ctx.metrics.client_errors_total.increment(1);
            conn.error(code, message, Some(&table), None);
        }
    }

    /// The number of the last event.
    pub(super) fn seq(&self) -> u64 {
        self.events.last_seq()
    }

    /// Whether hidden information may be shown to everyone (the match is over).
    pub(super) fn revealed(&self) -> bool {
        self.stage.over().is_some()
    }

    /// Lists or unlists the table among public lobbies.
    pub(super) fn publish_lobby(&self) {
        let listed = self.setup.public && matches!(self.stage, Stage::Lobby) && !self.followers.is_empty();
        let summary = listed.then(|| LobbySummary {
            table: self.id.clone(),
            game: self.setup.game.info().id.to_string(),
            options: self.setup.options.clone(),
            host: self.player_name(&self.setup.host),
            seats: self.seats.iter().map(|s| s.as_ref().map(|p| p.name.clone())).collect(),
            clock: self.setup.clock,
            created_at: self.setup.created_at,
        });
        self.ctx.registry.publish_lobby(&self.id, summary);
    }

    fn player_name(&self, id: &str) -> String {
        let seated = self.seats.iter().flatten().chain(self.followers.iter().map(|f| &f.player)).find(|p| p.id == id);
        seated.map_or_else(|| "someone".to_string(), |p| p.name.clone())
    }

    /// When the next timer runs out: a flag falls, a response window
    /// closes, a grace period ends, or a failed end is tried again. A live
    /// match stays in memory while one runs.
    fn next_timer(&self) -> Option<Instant> {
        let live = self.stage.live()?;
        let flag = live.clocks.as_ref().and_then(ClockState::next_flag);
        let grace = live.grace_until.iter().flatten().map(|(at, _)| *at).min();
        let retry = live.pending_end.as_ref().map(|(_, at)| *at);
        let window = live.window.map(|(at, _)| at);
        [flag, grace, retry, window].into_iter().flatten().min()
    }

    /// When the table next has something to do on its own: a timer, the
    /// adjudication of an idle untimed match, or leaving memory.
    fn next_deadline(&self) -> Option<Instant> {
        let idle = self.idle_since.map(|since| since + self.ctx.unwatched);
        let adjudication =
            self.adjudication_due().map(|due| Instant::now() + Duration::from_millis(due.saturating_sub(now_ms())));
        [self.next_timer(), adjudication, idle].into_iter().flatten().min()
    }

    /// When (ms since the epoch) an untimed match is adjudicated if nobody
    /// acts before: [`Context::idle_match`] after its last event, or a
    /// minute after an adjudication that could not be stored.
    fn adjudication_due(&self) -> Option<u64> {
        let live = self.stage.running().filter(|_| self.setup.clock.is_none())?;
        let last = self.events.last_at().unwrap_or(self.setup.created_at);
        let due = last.saturating_add(self.ctx.idle_match.as_millis() as u64);
        Some(live.adjudication_retry.map_or(due, |retry| retry.max(due)))
    }

    async fn on_deadline(&mut self) {
        let now = Instant::now();
        if let Some((termination, at)) = self.stage.live().and_then(|live| live.pending_end) {
            if at <= now {
                let _ = self.end(termination).await;
            }
        }
        if let Some(flag) = self.stage.running().and_then(|live| live.clocks.as_ref()?.flagged(now)) {
            self.flag(flag).await;
        }
        if self.stage.live().and_then(|live| live.window).is_some_and(|(at, _)| at <= now) {
            self.window_expired().await;
        }
        self.wake_bots();
        if self.adjudication_due().is_some_and(|due| due <= now_ms()) {
            let retry = if self.adjudicate().await { None } else { Some(now_ms() + 60_000) };
            if let Some(live) = self.stage.live_mut() {
                live.adjudication_retry = retry;
            }
        }
        let expired: Vec<Seat> = SeatSet::all(self.seats.len())
            .iter()
            .filter(|s| self.grace_until(*s).is_some_and(|(at, _)| at <= now))
            .collect();
        for seat in expired {
            if let Some(live) = self.stage.live_mut() {
                live.grace_until[seat.index()] = None;
            }
            self.grace_expired(seat).await;
        }
        self.update_idle();
    }

    fn update_idle(&mut self) {
        // Nobody follows and nothing runs on time: the table may leave
        // memory, to load again from the database when someone joins. A
        // live match stays while its clocks, a window or a grace period
        // run; its adjudication is found in the database (`housekeeping`).
        let thinking = self.stage.live().is_some_and(|live| live.thinking.iter().any(Option::is_some));
        let idle = self.followers.is_empty() && !thinking && self.next_timer().is_none();
        match (idle, self.idle_since) {
            (true, None) => self.idle_since = Some(Instant::now()),
            (false, Some(_)) => self.idle_since = None,
            _ => {}
        }
    }
}

/// Why a table's task stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// Nobody followed it and nothing in it ran on time: it left memory.
    Unwatched,
    /// The server is shutting down.
    Shutdown,
    /// It panicked (see `supervision`).
    Failed,
    /// Another node runs it now (several nodes).
    Moved,
}

/// Loads a table that has just left memory again, for commands sent to it
/// as it left, and hands them over.
async fn reopen(ctx: Context, id: String, commands: Vec<Command>) {
    let Ok(Some(handle)) = Table::load(&ctx, &id).await else {
        for command in commands {
            if let Command::Subscribe { conn, .. } | Command::Request { conn, .. } = command {
                conn.error(ErrorCode::NoSuchTable, "the table has closed; join it again", Some(&id), None);
            }
        }
        return;
    };
    for command in commands {
        if handle.send(command).await.is_err() {
            break;
        }
    }
}

fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(86_400 * 365)
}
