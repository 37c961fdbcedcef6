//! The live match: what a table holds while it is played ([`Live`]), and
//! actions, the chance they set off, response windows, seats leaving,
//! draws, abort, clocks, absent players, and rebuilding a match from its
//! stored events.
//!
//! Every change follows the same order: the referee works it out on a copy
//! of the match, the events it makes are stored together (waiting until the
//! journal says they are durable), and only then does the copy become the
//! match and are the events told to the followers. A failed store changes
//! nothing. The server decides no result itself: resigning, a fallen flag,
//! an abandoned seat, a draw and an expired window all go through the
//! referee, and the match ends when the rules say it is over.

use super::Conn;
use super::actor::Table;
use super::clocks::{ClockState, Flag, Reading};
use super::events::{Body, Event};
use super::over::termination_by;
use super::refusal::{Refusal, not_live, refuse};
use super::stage::Stage;
use super::write::Pending;
use crate::epoch::now_ms;
use protocol::{ErrorCode, PlayerInfo, ServerMessage, Termination};
use rules::referee::Change;
use rules::{Decision, DecisionKind, Leave, RulesError, Seat, SeatSet, Seed, Status};
use serde_json::Value;
use tokio::time::{Duration, Instant};

/// The protocol's error code for a rules refusal.
fn rules_code(error: &RulesError) -> ErrorCode {
    match error {
        RulesError::MatchOver => ErrorCode::MatchNotLive,
        RulesError::NotYourTurn(_) => ErrorCode::NotYourTurn,
        RulesError::NoSuchSeat(_) => ErrorCode::NoSuchSeat,
        RulesError::Illegal(_) | RulesError::Notation(_) | RulesError::AnswerAtDeadline => ErrorCode::IllegalAction,
        RulesError::BadAction(_) => ErrorCode::BadAction,
        RulesError::BadOptions(_) => ErrorCode::InvalidOptions,
        RulesError::UnknownGame(_) => ErrorCode::UnknownGame,
        RulesError::UnknownRulesVersion { .. } => ErrorCode::Unrestorable,
    }
}

/// What a table holds while its match is played.
pub(super) struct Live {
    /// The seed of the match's chance, revealed when it ends.
    pub(super) seed: Seed,
    /// The seed's SHA-256, announced at the start.
    pub(super) commitment: Option<String>,
    pub(super) clocks: Option<ClockState>,
    /// The seats that offered or agreed to a draw, while an offer is open.
    pub(super) draw_offers: SeatSet,
    /// The seats that left the match (resigned, flagged, abandoned).
    pub(super) left: SeatSet,
    /// When the open response window closes at the latest, as an instant
    /// and in milliseconds since the epoch.
    pub(super) window: Option<(Instant, u64)>,
    /// Per seat: when an absent player's grace period ends.
    pub(super) grace_until: Vec<Option<(Instant, u64)>>,
    /// The seats whose player's last connection closed while this table
    /// ran, and who has not come back: only these are taken over. A grace
    /// period given to everyone when a table starts or loads again (after
    /// a restart, say) is not someone going away.
    pub(super) went_away: SeatSet,
    /// An end that could not be stored yet, and when to try again. The
    /// match takes no actions meanwhile.
    pub(super) pending_end: Option<(Termination, Instant)>,
    /// Per seat held by a bot: the event it is deciding at.
    pub(super) thinking: Vec<Option<u64>>,
    /// Per seat held by a bot: the event at which it chose to let a whole
    /// window run to its deadline, so that it is not asked again until
    /// something happens.
    pub(super) waiting: Vec<Option<u64>>,
    /// When (ms since the epoch) to try again an adjudication that could
    /// not be stored.
    pub(super) adjudication_retry: Option<u64>,
}

impl Live {
    /// A match of `seats` seats starting with `seed`.
    pub(super) fn new(seed: Seed, commitment: Option<String>, seats: usize, clocks: Option<ClockState>) -> Live {
        Live {
            seed,
            commitment,
            clocks,
            draw_offers: SeatSet::EMPTY,
            left: SeatSet::EMPTY,
            window: None,
            grace_until: vec![None; seats],
            went_away: SeatSet::EMPTY,
            pending_end: None,
            thinking: vec![None; seats],
            waiting: vec![None; seats],
            adjudication_retry: None,
        }
    }

    /// What an applied event changes besides the match: seats that left, a
    /// lapsing draw offer.
    pub(super) fn note(&mut self, event: &Event) {
        if let (Body::TakenOver { .. }, Some(seat)) = (&event.body, event.seat) {
            // The bot has agreed to nothing.
            self.draw_offers = self.draw_offers.without(seat);
            self.went_away = self.went_away.without(seat);
        }
        let Body::Change { entry, .. } = &event.body else { return };
        match &entry.change {
            Change::Act { seat, .. } => {
                if !self.draw_offers.is_empty() && !self.draw_offers.contains(*seat) {
                    // Playing on declines the others' offer.
                    self.draw_offers = SeatSet::EMPTY;
                }
            }
            Change::Leave { seat, .. } => {
                self.left = self.left.with(*seat);
                self.draw_offers = SeatSet::EMPTY;
            }
            Change::Chance { .. } | Change::Draw => {}
        }
    }
}

/// The deadline of a response window, if the decision is one.
pub(super) fn window_ms(decision: Option<Decision>) -> Option<u32> {
    match decision?.kind {
        DecisionKind::Window { deadline_ms, .. } => Some(deadline_ms),
        DecisionKind::Turn | DecisionKind::Simultaneous => None,
    }
}

impl Table {
    /// The seats `player` still plays in this live match.
    fn playing(&self, player: &PlayerInfo) -> Result<SeatSet, Refusal> {
        let Some(live) = self.stage.running() else { return not_live() };
        let held = self.seats_of(player);
        if held.is_empty() {
            return refuse(ErrorCode::NotSeated, "you do not play in this match");
        }
        let playing = held.without_all(live.left);
        if playing.is_empty() {
            return refuse(ErrorCode::MatchNotLive, "you have left this match");
        }
        Ok(playing)
    }

    /// The seat a request of `player` is for: the seat it names, else the
    /// player's only seat still playing, else the one of theirs the rules
    /// ask now.
    fn acting_seat(&self, player: &PlayerInfo, named: Option<Seat>) -> Result<Seat, Refusal> {
        let playing = self.playing(player)?;
        if let Some(seat) = named {
            if seat.index() >= self.seats.len() {
                return refuse(ErrorCode::NoSuchSeat, format!("this table has seats 0 to {}", self.seats.len() - 1));
            }
            if playing.contains(seat) {
                return Ok(seat);
            }
            if self.seats_of(player).contains(seat) {
                return refuse(ErrorCode::MatchNotLive, format!("{seat} has left this match"));
            }
            return refuse(ErrorCode::NotSeated, format!("you do not hold {seat}"));
        }
        // Only one of the player's seats is in play, or asked now.
        let asked = self.referee.state().status().decision().map_or(SeatSet::EMPTY, |d| d.seats);
        let candidates = if playing.len() == 1 { playing } else { asked.intersection(playing) };
        match (candidates.len(), candidates.first()) {
            (1, Some(seat)) => Ok(seat),
            _ => refuse(ErrorCode::BadAction, "you hold several seats: name the seat to act for"),
        }
    }

    /// The seats still playing that are held by whoever holds `seat`: one
    /// player's agreement to a draw counts for all of them.
    fn held_with(&self, seat: Seat) -> SeatSet {
        let holder = self.seats.get(seat.index()).and_then(Option::as_ref);
        holder.map_or(SeatSet::EMPTY, |p| self.seats_of(p)).without_all(self.stage.left())
    }

    /// Plays an action: check, store, apply, acknowledge, announce. `named`
    /// is the seat the action names and `seq` the last event its sender
    /// saw; `received` is when the server got it, for the latency metric.
    pub(super) async fn act(
        &mut self,
        conn: &Conn,
        player: &PlayerInfo,
        id: &str,
        (named, seq): (Option<Seat>, Option<u64>),
        action: &Value,
        received: Instant,
    ) -> Result<(), Refusal> {
        if id.is_empty() || id.len() > 64 {
            return refuse(ErrorCode::BadAction, "an action id is 1 to 64 characters");
        }
        if let Some(done) = self.applied_before(self.seats_of(player), id, seq).await? {
            // Resent after a reconnect: it was applied once already (even if
            // it ended the match).
            conn.send(&ServerMessage::Acted { table: self.id.clone(), id: id.to_string(), seq: done });
            return Ok(());
        }
        let seat = self.acting_seat(player, named)?;
        if let Some(seen) = seq {
            self.check_fresh(seat, seen)?;
        }
        let (table, latency) = (self.id.clone(), self.ctx.metrics.action_latency.clone());
        // The actor hears first that its action stands, then everyone the events.
        let acted = |seq| {
            latency.record(received.elapsed().as_secs_f64());
            conn.send(&ServerMessage::Acted { table, id: id.to_string(), seq })
        };
        self.play_acknowledged(seat, action, Some(id.to_string()), acted).await
    }

    /// The event number of the action one of `held` sent as `id`, if it was
    /// applied already. The ring knows every action chosen at an event it
    /// still holds; one chosen before (or naming no event) is looked up in
    /// the database's index of action ids, so a recent action never waits
    /// for that query.
    async fn applied_before(&self, held: SeatSet, id: &str, seq: Option<u64>) -> Result<Option<u64>, Refusal> {
        if let Some(done) = held.iter().find_map(|seat| self.events.applied(seat, id)) {
            return Ok(Some(done));
        }
        if held.is_empty() || seq.is_some_and(|seen| self.events.after(seen).is_some()) {
            return Ok(None);
        }
        self.ctx.store.acted_seq(&self.id, held, id).await.map_err(|error| {
            tracing::error!(table = %self.id, %error, "could not look up an action id");
            (ErrorCode::Internal, "the server could not check this action; try again".to_string())
        })
    }

    /// Plays `seat`'s action (a bot's) and announces it.
    pub(super) async fn play_announced(
        &mut self,
        seat: Seat,
        action: &Value,
        client_id: Option<String>,
    ) -> Result<(), Refusal> {
        self.play_acknowledged(seat, action, client_id, |_| true).await
    }

    /// Plays `seat`'s action: checks it with the rules, stores it, calls
    /// `acknowledge` with its first event's number, then announces it.
    async fn play_acknowledged(
        &mut self,
        seat: Seat,
        action: &Value,
        client_id: Option<String>,
        acknowledge: impl FnOnce(u64) -> bool,
    ) -> Result<(), Refusal> {
        let now = Instant::now();
        let Some(live) = self.stage.running() else { return not_live() };
        if let Some(flag) = live.clocks.as_ref().and_then(|c| c.flagged(now)).filter(|f| f.seat() == seat) {
            self.flag(flag).await;
            return match flag {
                Flag::Main(_) => refuse(ErrorCode::MatchNotLive, "your time ran out"),
                Flag::Setup(_) => {
                    refuse(ErrorCode::StaleSequence, "your set-up time ran out: your set-up was completed for you")
                }
            };
        }
        let turn = self.referee.state().turn();
        let deciding = self.referee.state().status().decision();
        let mut referee = self.referee.clone_box();
        let entries = referee.act(seat, action).map_err(|e| (rules_code(&e), e.to_string()))?;
        // The increment once a turn is over: in a simultaneous set-up, once
        // the seat is done arranging (not for each piece it places).
        let arranging =
            deciding.zip(referee.state().status().decision()).is_some_and(|(d, a)| d.still_deciding(seat, a));
        let completed = (referee.state().turn() != turn && !arranging).then_some(seat);
        let pending = Pending { referee, entries, client_id, completed };
        let committed = self.commit(pending).await?;
        self.ctx.metrics.actions_total.increment(1);
        acknowledge(committed.first_seq());
        self.announce(committed);
        self.end_if_over(Termination::Rules).await;
        Ok(())
    }

    /// Refuses an action chosen at event `seen` if a later event changed
    /// what the seat could see. Another seat's part of a simultaneous
    /// decision, or its answer in a window, does not: each seat adds its
    /// part without waiting on the others.
    pub(super) fn check_fresh(&self, seat: Seat, seen: u64) -> Result<(), Refusal> {
        if seen > self.seq() {
            return refuse(
                ErrorCode::StaleSequence,
                format!("event {seen} does not exist yet (the table is at event {})", self.seq()),
            );
        }
        // Only the events after `seen` matter; a client further behind than
        // the recent events needs a snapshot anyway.
        let Some(mut after) = self.events.after(seen) else {
            return refuse(
                ErrorCode::StaleSequence,
                format!("event {seen} is too far behind (the table is at event {}); join again", self.seq()),
            );
        };
        match after.find(|e| e.stales(seat)) {
            Some(event) => refuse(
                ErrorCode::StaleSequence,
                format!("you acted on event {seen}, but event {} changed what you see", event.seq),
            ),
            None => Ok(()),
        }
    }

    /// Ends the match, as `termination`, if the rules say it is over.
    async fn end_if_over(&mut self, termination: Termination) {
        if self.referee.state().status().outcome().is_some() {
            // The changes stand; an end that fails to store is retried.
            let _ = self.end(termination).await;
        }
    }

    /// A seat leaves the match: the rules decide what follows.
    async fn leave(&mut self, seat: Seat, leave: Leave) -> Result<(), Refusal> {
        let mut referee = self.referee.clone_box();
        let entries = referee.leave(seat, leave);
        let committed = self.commit(Pending { referee, entries, client_id: None, completed: None }).await?;
        self.announce(committed);
        self.end_if_over(termination_by(&Change::Leave { seat, leave })).await;
        Ok(())
    }

    /// Resigns the seat named, or every seat the player still plays.
    pub(super) async fn resign(&mut self, player: &PlayerInfo, named: Option<Seat>) -> Result<(), Refusal> {
        let seats = match named {
            Some(_) => SeatSet::only(self.acting_seat(player, named)?),
            None => self.playing(player)?,
        };
        for seat in seats.iter() {
            if self.stage.running().is_none() {
                break;
            }
            self.leave(seat, Leave::Resigned).await?;
        }
        Ok(())
    }

    /// The seats still playing.
    pub(super) fn in_play(&self) -> SeatSet {
        SeatSet::all(self.seats.len()).without_all(self.stage.left())
    }

    /// The seats that offered or agreed to a draw (none unless live).
    fn draw_offers(&self) -> SeatSet {
        self.stage.live().map_or(SeatSet::EMPTY, |live| live.draw_offers)
    }

    /// Replaces the open draw offer; gives back the one before.
    fn set_draw_offers(&mut self, offers: SeatSet) -> SeatSet {
        self.stage.live_mut().map_or(SeatSet::EMPTY, |live| std::mem::replace(&mut live.draw_offers, offers))
    }

    /// Offers a draw, or agrees to the open offer; when every seat still
    /// playing agrees, the referee draws the match.
    pub(super) async fn offer_draw(&mut self, player: &PlayerInfo) -> Result<(), Refusal> {
        let playing = self.playing(player)?;
        if playing.is_subset(self.draw_offers()) {
            return refuse(ErrorCode::NoDrawOffer, "you have already offered a draw");
        }
        let seat = playing.first().unwrap_or(Seat(0));
        let agreed = self.draw_offers().union(playing);
        if self.in_play().is_subset(agreed) {
            let mut referee = self.referee.clone_box();
            let entries = referee.agree_draw();
            let committed = self.commit(Pending { referee, entries, client_id: None, completed: None }).await?;
            self.announce(committed);
            self.end_if_over(Termination::Agreement).await;
            return Ok(());
        }
        let before = self.set_draw_offers(agreed);
        if let Err(refusal) = self.control(Some(seat), Body::DrawOffered).await {
            self.set_draw_offers(before);
            return Err(refusal);
        }
        Ok(())
    }

    pub(super) async fn accept_draw(&mut self, player: &PlayerInfo) -> Result<(), Refusal> {
        let playing = self.playing(player)?;
        if self.draw_offers().is_empty() || playing.is_subset(self.draw_offers()) {
            return refuse(ErrorCode::NoDrawOffer, "there is no draw offer to accept");
        }
        self.offer_draw(player).await
    }

    pub(super) async fn decline_draw(&mut self, player: &PlayerInfo) -> Result<(), Refusal> {
        let playing = self.playing(player)?;
        if self.draw_offers().is_empty() || playing.is_subset(self.draw_offers()) {
            return refuse(ErrorCode::NoDrawOffer, "there is no draw offer to decline");
        }
        let before = self.set_draw_offers(SeatSet::EMPTY);
        let seat = playing.first().unwrap_or(Seat(0));
        if let Err(refusal) = self.control(Some(seat), Body::DrawDeclined).await {
            self.set_draw_offers(before);
            return Err(refusal);
        }
        Ok(())
    }

    /// Stores and announces an event that changes nothing in the match.
    async fn control(&mut self, seat: Option<Seat>, body: Body) -> Result<(), Refusal> {
        let event = Event { seq: self.seq() + 1, at: now_ms(), seat, body };
        self.store_events(std::slice::from_ref(&event), None).await?;
        self.events.push(event.clone());
        self.broadcast_event(&event, None);
        Ok(())
    }

    pub(super) async fn abort(&mut self, player: &PlayerInfo) -> Result<(), Refusal> {
        self.playing(player)?;
        if self.events.acted() {
            return refuse(ErrorCode::TooLate, "a match can be aborted only before its first action");
        }
        self.end(Termination::Aborted).await
    }

    /// The seats still playing, other than `mine`, that are away with their
    /// grace period over.
    fn gone_for_good(&self, mine: SeatSet) -> SeatSet {
        let others = self.in_play().without_all(mine);
        others.iter().filter(|s| !self.is_connected(*s) && self.grace_until(*s).is_none()).collect()
    }

    /// The seats still playing that are away past their grace period leave
    /// the match as abandoned, at the request of a seat still playing: in a
    /// game of two, the claim of victory; in larger games play goes on
    /// without them, and the rules decide what follows. Nobody is removed
    /// for being away without it (docs/rules/platform.md).
    pub(super) async fn claim_victory(&mut self, player: &PlayerInfo) -> Result<(), Refusal> {
        let mine = self.playing(player)?;
        let gone = self.gone_for_good(mine);
        if gone.is_empty() {
            return refuse(ErrorCode::NotAbsent, "every other player is connected or still has time to come back");
        }
        for other in gone.iter() {
            if self.stage.running().is_none() {
                break;
            }
            self.leave(other, Leave::Abandoned).await?;
        }
        Ok(())
    }

    /// A clock ran out. A game clock: the seat leaves the match. A set-up
    /// clock: the rules complete the seat's set-up for it (its default
    /// parts); a game that gives none has the seat leave on time.
    pub(super) async fn flag(&mut self, flag: Flag) {
        if self.stage.running().is_none() {
            return;
        }
        let seat = match flag {
            Flag::Main(seat) => seat,
            Flag::Setup(seat) => {
                let mut referee = self.referee.clone_box();
                let entries = referee.expire_setup(seat);
                if !entries.is_empty() {
                    // Its turn, for the clock, is over once the set-up is done.
                    let pending = Pending { referee, entries, client_id: None, completed: Some(seat) };
                    match self.commit(pending).await {
                        Ok(committed) => self.announce(committed),
                        Err((_, message)) => {
                            tracing::error!(table = %self.id, %message, "could not record a set-up completed on time");
                        }
                    }
                    self.end_if_over(Termination::Rules).await;
                    return;
                }
                seat
            }
        };
        if let Err((_, message)) = self.leave(seat, Leave::TimeRanOut).await {
            tracing::error!(table = %self.id, %message, "could not record a flag fall");
        }
    }

    /// A response window's deadline passed: the seats it still asks give
    /// their default answers.
    pub(super) async fn window_expired(&mut self) {
        if self.stage.running().is_none() {
            return;
        }
        let mut referee = self.referee.clone_box();
        let entries = referee.expire_window();
        if entries.is_empty() {
            if let Some(live) = self.stage.live_mut() {
                live.window = None;
            }
            return;
        }
        let pending = Pending { referee, entries, client_id: None, completed: None };
        match self.commit(pending).await {
            Ok(committed) => self.announce(committed),
            Err((_, message)) => {
                // The window stays open; the next deadline tries again.
                if let Some(live) = self.stage.live_mut() {
                    live.window = live.window.map(|(_, ms)| (Instant::now() + Duration::from_secs(1), ms));
                }
                tracing::error!(table = %self.id, %message, "could not record a window's default answers");
                return;
            }
        }
        self.end_if_over(Termination::Rules).await;
    }

    /// An untimed match went [`Context::idle_match`] without an action: the
    /// seats it waits for are taken to have abandoned it, and the rules
    /// decide what follows. Returns whether that was stored.
    ///
    /// [`Context::idle_match`]: super::Context::idle_match
    pub(super) async fn adjudicate(&mut self) -> bool {
        // A bot is never idle: if it is waited for, it is thinking.
        let waited =
            self.referee.state().status().acting().without_all(self.stage.left()).without_all(self.bot_seats());
        if waited.is_empty() {
            tracing::warn!(table = %self.id, "an idle untimed match waits for no seat: it is not adjudicated");
            return false;
        }
        tracing::info!(table = %self.id, seats = ?waited, "an idle untimed match is adjudicated");
        for seat in waited.iter() {
            if self.stage.running().is_none() {
                break;
            }
            if let Err((_, message)) = self.leave(seat, Leave::Abandoned).await {
                tracing::error!(table = %self.id, %message, "could not record an adjudication");
                return false;
            }
        }
        true
    }

    /// An absent player's grace period is over: the host's bot takes the
    /// seat over if there is one (games of three or more seats), else the
    /// others may now have the seat leave ([`Table::claim_victory`]). It
    /// stays until they do.
    pub(super) async fn grace_expired(&mut self, seat: Seat) {
        if self.stage.running().is_none() || self.is_connected(seat) || self.stage.left().contains(seat) {
            return;
        }
        if let Some(bot) = self.setup.takeover.filter(|_| self.takes_over(seat)) {
            match self.take_over(seat, bot).await {
                Ok(()) => return,
                // The others may still have the seat leave.
                Err((_, message)) => tracing::error!(table = %self.id, %message, "a bot could not take over a seat"),
            }
        }
        // The others may now have the seat leave; they see it in the presence.
        self.broadcast_presence();
    }

    /// Rebuilds a started match from its stored events through the
    /// referee, then its clocks, open draw offer, response window and
    /// result. A window open at a restart gets its whole deadline again, as
    /// clocks are not charged for the time the server was down.
    pub(super) fn replay(&mut self, seed: Seed, commitment: Option<String>, events: Vec<Event>) -> Result<(), String> {
        self.referee = self.setup.game.referee(&self.setup.options, None, seed).map_err(|e| e.to_string())?;
        self.stage = Stage::Live(Box::new(Live::new(seed, commitment, self.seats.len(), None)));
        let mut last_clocks: Option<Reading> = None;
        let mut last_change = None;
        for mut event in events {
            match &event.body {
                Body::Started { players, clocks, .. } => {
                    for (seat, player) in players.iter().enumerate() {
                        if let Some(slot) = self.seats.get_mut(seat) {
                            *slot = Some(player.clone());
                        }
                    }
                    last_clocks = clocks.clone().map(|main| Reading { main, setup: None });
                }
                Body::Change { .. } => {
                    event.apply_to(self.referee.as_mut())?;
                    let Body::Change { entry, clocks, setup_clocks, .. } = &event.body else { unreachable!() };
                    if let Some(main) = clocks {
                        last_clocks = Some(Reading { main: main.clone(), setup: setup_clocks.clone() });
                    }
                    last_change = Some(entry.change.clone());
                    if let Some(live) = self.stage.live_mut() {
                        live.note(&event);
                    }
                }
                Body::TakenOver { player } => {
                    if let Some(seat) = event.seat {
                        self.seat_bot_for(seat, player.clone());
                    }
                    if let Some(live) = self.stage.live_mut() {
                        live.note(&event);
                    }
                }
                Body::DrawOffered => {
                    let agreed = self.draw_offers().union(self.held_with(event.seat.unwrap_or(Seat(0))));
                    self.set_draw_offers(agreed);
                }
                Body::DrawDeclined => {
                    self.set_draw_offers(SeatSet::EMPTY);
                }
                Body::Ended { .. } => {
                    self.apply_end(event);
                    continue;
                }
            }
            self.events.push(event);
        }
        let clocks = self.setup.clock.zip(last_clocks).map(|(control, left)| ClockState::resume(control, left));
        match &mut self.stage {
            Stage::Over(over) => over.clocks = clocks,
            Stage::Live(live) => {
                live.clocks = clocks;
                let now = Instant::now();
                let status = self.referee.state().status();
                if let (Status::Over(_), Some(change)) = (&status, &last_change) {
                    // An end that was decided but not stored before a crash: end it now.
                    live.pending_end = Some((termination_by(change), now));
                } else {
                    if let Some(clocks) = live.clocks.as_mut() {
                        clocks.update(&status, None, now);
                    }
                    live.window = window_ms(status.decision()).map(|ms| open_window(now, now_ms(), ms));
                }
            }
            Stage::Lobby => {}
        }
        Ok(())
    }
}

/// A response window opening now, as its deadline in both clocks.
pub(super) fn open_window(now: Instant, now_ms: u64, deadline_ms: u32) -> (Instant, u64) {
    (now + Duration::from_millis(u64::from(deadline_ms)), now_ms + u64::from(deadline_ms))
}
