//! The lobby: taking and leaving seats, the host's powers, closing the
//! lobby, and starting the match.

use super::actor::Table;
use super::clocks::ClockState;
use super::events::{Body, Event};
use super::live::{Live, open_window, window_ms};
use super::over::Over;
use super::refusal::{Refusal, refuse};
use super::stage::Stage;
use crate::epoch::now_ms;
use crate::identity;
use crate::store::TableChange;
use protocol::{ErrorCode, Phase, PlayerInfo};
use rules::{Seat, SeatSet, Seed};
use tokio::time::Instant;

impl Table {
    fn in_lobby(&self) -> Result<(), Refusal> {
        if matches!(self.stage, Stage::Lobby) {
            Ok(())
        } else {
            refuse(ErrorCode::NotInLobby, "the match has already started")
        }
    }

    /// Who sits where, as the store keeps a lobby's seats.
    pub(super) fn seat_rows(&self) -> Vec<(Seat, String)> {
        self.seats.iter().enumerate().filter_map(|(i, s)| s.as_ref().map(|p| (Seat(i as u8), p.id.clone()))).collect()
    }

    async fn save_seats(&self) -> Result<(), Refusal> {
        self.ctx
            .store
            .set_lobby_seats(&self.id, self.term, &self.seat_rows())
            .await
            .map_err(|e| self.refused_by_store(e, "store seats", "could not store the seats; try again"))
    }

    fn lobby_changed(&mut self) {
        self.broadcast_snapshots();
        self.publish_lobby();
    }

    pub(super) async fn take_seat(&mut self, player: &PlayerInfo, seat: Seat) -> Result<(), Refusal> {
        self.in_lobby()?;
        let Some(slot) = self.seats.get(seat.index()) else {
            return refuse(ErrorCode::NoSuchSeat, format!("this table has seats 0 to {}", self.seats.len() - 1));
        };
        if slot.is_some() {
            return refuse(ErrorCode::SeatTaken, format!("{seat} is taken"));
        }
        if !self.seats_of(player).is_empty() && self.seats.len() <= 2 {
            // Holding both seats of a game of two is playing oneself.
            return refuse(ErrorCode::AlreadySeated, "you already have a seat; leave it first");
        }
        if !self.played_before(player).await? {
            return refuse(ErrorCode::Forbidden, "this rematch is kept for the players of the match before it");
        }
        self.change_seat(seat, Some(player.clone())).await
    }

    /// Whether `player` may sit in this lobby as a rematch: anyone in a
    /// lobby that is none, a bot the host seats, or a player of the match
    /// before (a rematch starts by itself, so nobody else may fill it).
    async fn played_before(&self, player: &PlayerInfo) -> Result<bool, Refusal> {
        let Some(before) = &self.setup.rematch_of else { return Ok(true) };
        if player.bot.is_some() {
            return Ok(true);
        }
        let seats = self.ctx.store.table_seats(before).await.map_err(|e| {
            tracing::error!(table = %self.id, error = %e, "could not read the seats of the match before");
            (ErrorCode::Internal, "could not check the seat; try again".to_string())
        })?;
        Ok(seats.iter().any(|s| s.player.id == player.id))
    }

    /// A player of the match this lobby is the rematch of takes `seat`, or
    /// the first free one, unless seated already.
    pub(super) async fn seat_for_rematch(&mut self, player: &PlayerInfo, seat: Seat) -> Result<(), Refusal> {
        self.in_lobby()?;
        if !self.seats_of(player).is_empty() {
            return Ok(());
        }
        let free = |s: &Seat| self.seats.get(s.index()).is_some_and(Option::is_none);
        let seat = Some(seat).filter(free).or_else(|| SeatSet::all(self.seats.len()).iter().find(free));
        match seat {
            Some(seat) => self.take_seat(player, seat).await,
            None => refuse(ErrorCode::SeatTaken, "every seat of the rematch is taken"),
        }
    }

    /// The host puts a bot on an empty seat. A bot is one player, as a
    /// person is: it holds one seat of a game of two.
    pub(super) async fn seat_bot(&mut self, player: &PlayerInfo, seat: Seat, name: &str) -> Result<(), Refusal> {
        self.in_lobby()?;
        if player.id != self.setup.host {
            return refuse(ErrorCode::Forbidden, "only the host can put a bot on a seat");
        }
        let bot_player = self.bot_player(known_bot(name)?).await?;
        self.take_seat(&bot_player, seat).await
    }

    /// Leaves the seat named, or every seat the player holds.
    pub(super) async fn leave_seat(&mut self, player: &PlayerInfo, named: Option<Seat>) -> Result<(), Refusal> {
        self.in_lobby()?;
        let held = self.seats_of(player);
        let leaving = match named {
            Some(seat) if seat.index() < self.seats.len() && held.contains(seat) => SeatSet::only(seat),
            Some(seat) => return refuse(ErrorCode::NotSeated, format!("you do not hold {seat}")),
            None if held.is_empty() => return refuse(ErrorCode::NotSeated, "you have no seat here"),
            None => held,
        };
        let mut seats = self.seats.clone();
        for seat in leaving.iter() {
            seats[seat.index()] = None;
        }
        self.set_seats(seats).await
    }

    /// The host puts the seated players in a new order: new seat `i` goes
    /// to whoever holds seat `order[i]`.
    pub(super) async fn arrange_seats(&mut self, player: &PlayerInfo, order: &[Seat]) -> Result<(), Refusal> {
        self.in_lobby()?;
        if player.id != self.setup.host {
            return refuse(ErrorCode::Forbidden, "only the host can arrange the seats");
        }
        let count = self.seats.len();
        let mut seen = vec![false; count];
        let permutation = order.len() == count
            && order.iter().all(|&old| old.index() < count && !std::mem::replace(&mut seen[old.index()], true));
        if !permutation {
            return refuse(
                ErrorCode::BadAction,
                format!("the order must name each of the seats 0 to {} once", count - 1),
            );
        }
        let seats = order.iter().map(|&old| self.seats[old.index()].clone()).collect();
        self.set_seats(seats).await
    }

    pub(super) async fn remove_player(&mut self, player: &PlayerInfo, seat: Seat) -> Result<(), Refusal> {
        self.in_lobby()?;
        if player.id != self.setup.host {
            return refuse(ErrorCode::Forbidden, "only the host can remove players");
        }
        match self.seats.get(seat.index()) {
            None => return refuse(ErrorCode::NoSuchSeat, "no such seat"),
            Some(None) => return refuse(ErrorCode::NotSeated, format!("nobody sits in {seat}")),
            Some(Some(_)) => {}
        }
        self.change_seat(seat, None).await
    }

    /// The host closes a lobby that has not started: it is stored as
    /// aborted, leaves the public list, and its followers see it closed.
    pub(super) async fn close_lobby(&mut self, player: &PlayerInfo) -> Result<(), Refusal> {
        self.in_lobby()?;
        if player.id != self.setup.host {
            return refuse(ErrorCode::Forbidden, "only the host can close the lobby");
        }
        self.ctx
            .store
            .set_phase(&self.id, self.term, Phase::Aborted)
            .await
            .map_err(|e| self.refused_by_store(e, "close a lobby", "could not close the lobby; try again"))?;
        self.stage = Stage::Over(Box::new(Over::closed()));
        self.lobby_changed();
        Ok(())
    }

    /// Seats someone (or nobody).
    async fn change_seat(&mut self, seat: Seat, player: Option<PlayerInfo>) -> Result<(), Refusal> {
        let mut seats = self.seats.clone();
        seats[seat.index()] = player;
        self.set_seats(seats).await
    }

    /// Stores who sits where and shows it; on a failed store nothing changes.
    async fn set_seats(&mut self, seats: Vec<Option<PlayerInfo>>) -> Result<(), Refusal> {
        let before = std::mem::replace(&mut self.seats, seats);
        if let Err(refusal) = self.save_seats().await {
            self.seats = before;
            return Err(refusal);
        }
        self.lobby_changed();
        if self.starts_by_itself() {
            // The seat is taken whatever happens; a start that fails to be
            // stored leaves a full lobby the host may start by hand.
            if let Err((_, message)) = self.begin(false).await {
                tracing::error!(table = %self.id, %message, "could not start a full lobby");
            }
        }
        Ok(())
    }

    /// Starts a lobby whose seats are all taken, without the host.
    pub(super) async fn start_full(&mut self) -> Result<(), Refusal> {
        self.in_lobby()?;
        self.begin(false).await
    }

    /// Whether this is a lobby that starts by itself and every seat is taken.
    pub(super) fn starts_by_itself(&self) -> bool {
        matches!(self.stage, Stage::Lobby) && self.setup.auto_start && self.full().is_ok()
    }

    /// The players in seat order, if every seat is taken by at least two players.
    fn full(&self) -> Result<Vec<PlayerInfo>, Refusal> {
        let Some(players) = self.seats.iter().cloned().collect::<Option<Vec<PlayerInfo>>>() else {
            return refuse(ErrorCode::LobbyNotFull, "every seat must be taken first");
        };
        if players.iter().all(|p| p.id == players[0].id) {
            return refuse(ErrorCode::LobbyNotFull, "a match needs at least two players");
        }
        Ok(players)
    }

    /// The host starts the match.
    pub(super) async fn start(&mut self, player: &PlayerInfo, shuffle_seats: bool) -> Result<(), Refusal> {
        self.in_lobby()?;
        if player.id != self.setup.host {
            return refuse(ErrorCode::Forbidden, "only the host can start the match");
        }
        self.begin(shuffle_seats).await
    }

    /// Starts the match: shuffles the seats if asked, draws the seed from
    /// the operating system, stores it with the `started` event, and
    /// announces its SHA-256.
    async fn begin(&mut self, shuffle_seats: bool) -> Result<(), Refusal> {
        let mut players = self.full()?;
        if shuffle_seats {
            shuffle(&mut players);
        }
        let seed = Seed(identity::random_bytes::<32>());
        let commitment = identity::sha256_hex(&seed.0);
        let mut referee = self
            .setup
            .game
            .referee(&self.setup.options, None, seed)
            .map_err(|e| (ErrorCode::InvalidOptions, e.to_string()))?;
        // Chance due at the start (a deal, say) is drawn now and stored with it.
        let dealt = referee.settle();
        let mut clocks = self.setup.clock.map(|c| ClockState::new(c, self.seats.len()));
        let now = Instant::now();
        let at = now_ms();
        let started = Event {
            seq: self.seq() + 1,
            at,
            seat: None,
            body: Body::Started {
                seed_commitment: commitment.clone(),
                players: players.clone(),
                clocks: clocks.as_ref().map(|c| c.left_all(now)),
            },
        };
        let mut events = vec![started];
        for entry in dealt {
            events.push(Event::change(self.seq() + 1 + events.len() as u64, at, entry, None, None));
        }
        let change = TableChange::Started {
            seed: seed.to_hex(),
            commitment: commitment.clone(),
            players: players.iter().map(|p| p.id.clone()).collect(),
        };
        self.store_events(&events, Some(change)).await?;
        self.seats = players.into_iter().map(Some).collect();
        let status = referee.state().status();
        if let Some(c) = clocks.as_mut() {
            c.update(&status, None, now);
        }
        let mut live = Live::new(seed, Some(commitment), self.seats.len(), clocks);
        live.window = window_ms(status.decision()).map(|ms| open_window(now, at, ms));
        self.referee = referee;
        self.stage = Stage::Live(Box::new(live));
        self.ctx.metrics.live_matches.increment(1.0);
        for event in events {
            self.events.push(event);
        }
        for seat in SeatSet::all(self.seats.len()).iter() {
            self.start_grace(seat);
        }
        self.publish_lobby();
        self.broadcast_snapshots();
        Ok(())
    }
}

/// The bot named `name`, or a refusal that lists the bots there are.
pub(super) fn known_bot(name: &str) -> Result<&'static dyn rules::bot::Bot, Refusal> {
    rules::bot::bot(name).ok_or_else(|| {
        let known: Vec<&str> = rules::bot::bots().iter().map(|b| b.name()).collect();
        (ErrorCode::BadAction, format!("no bot {name:?}; there are {}", known.join(", ")))
    })
}

/// Shuffles the players into a random seat order (Fisher–Yates, with the
/// operating system's randomness).
fn shuffle(players: &mut [PlayerInfo]) {
    for i in (1..players.len()).rev() {
        let j = identity::random_below(i + 1);
        players.swap(i, j);
    }
}
