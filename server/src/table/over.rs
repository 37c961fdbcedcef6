//! A table whose match is over ([`Over`]): how a live match ends (its
//! result stored with the revealed seed, then everything shown to
//! everyone), and the rematch its players may open. A lobby closed before
//! it started is over too, with no result.

use super::actor::{Table, TableError};
use super::clocks::ClockState;
use super::events::{Body, Event};
use super::refusal::{Refusal, not_live, refuse};
use super::stage::Stage;
use super::{Command, Conn};
use crate::epoch::now_ms;
use crate::store::TableChange;
use protocol::{
    AgainstComputer, ErrorCode, HostSeat, LobbySettings, MatchResult, Phase, PlayerInfo, ServerMessage, Termination,
};
use rules::referee::Change;
use rules::{Leave, SeatSet, Seed};
use tokio::time::{Duration, Instant};

/// What a table holds once its match is over.
pub(super) struct Over {
    /// How it ended; none for a lobby closed before it started.
    pub(super) result: Option<MatchResult>,
    /// The match's seed, now shown to everyone; none for a closed lobby.
    pub(super) seed: Option<Seed>,
    /// The seed's SHA-256, announced at the start.
    pub(super) commitment: Option<String>,
    /// The clocks as they stopped.
    pub(super) clocks: Option<ClockState>,
    /// The seats that left the match before it ended.
    pub(super) left: SeatSet,
    /// The table of the rematch, once one is opened.
    pub(super) rematch: Option<String>,
}

impl Over {
    /// A lobby closed before its match started.
    pub(super) fn closed() -> Over {
        Over { result: None, seed: None, commitment: None, clocks: None, left: SeatSet::EMPTY, rematch: None }
    }

    /// Finished with a result, or aborted without one.
    pub(super) fn phase(&self) -> Phase {
        self.result.as_ref().map_or(Phase::Aborted, |result| ended_phase(result.termination))
    }
}

/// The phase a match ended by `termination` is in: finished if it has a
/// result, else aborted.
fn ended_phase(termination: Termination) -> Phase {
    if termination.has_result() { Phase::Finished } else { Phase::Aborted }
}

/// How a match ended when `change` ended it.
pub(super) fn termination_by(change: &Change) -> Termination {
    match change {
        Change::Leave { leave: Leave::Resigned, .. } => Termination::Resignation,
        Change::Leave { leave: Leave::TimeRanOut, .. } => Termination::Timeout,
        Change::Leave { leave: Leave::Abandoned, .. } => Termination::Abandonment,
        Change::Draw => Termination::Agreement,
        Change::Act { .. } | Change::Chance { .. } => Termination::Rules,
    }
}

impl Table {
    /// Ends the match: stores the result with the revealed seed, then
    /// shows everyone everything. The outcome is the rules' (none for an
    /// aborted match). If the end cannot be stored, the match takes no more
    /// actions and the end is tried again a second later.
    pub(super) async fn end(&mut self, termination: Termination) -> Result<(), Refusal> {
        let Some(live) = self.stage.live() else {
            return not_live();
        };
        let outcome = match termination {
            Termination::Aborted | Termination::Failed => None,
            _ => self.referee.state().status().outcome().cloned(),
        };
        let result = MatchResult { termination, outcome };
        let seed = Some(live.seed.to_hex());
        let event =
            Event { seq: self.seq() + 1, at: now_ms(), seat: None, body: Body::Ended { result: result.clone(), seed } };
        let places = match &result.outcome {
            Some(outcome) => outcome.places.iter().map(|p| Some(*p)).collect(),
            None => vec![None; self.seats.len()],
        };
        let change = TableChange::Ended {
            phase: ended_phase(termination),
            result: serde_json::to_string(&result).expect("results serialize"),
            places,
            turns: self.referee.state().turn(),
        };
        let stored = self.store_events(std::slice::from_ref(&event), Some(change)).await;
        if let (Err(_), Some(live)) = (&stored, self.stage.live_mut()) {
            live.pending_end = Some((termination, Instant::now() + Duration::from_secs(1)));
        }
        stored?;
        self.ctx.metrics.live_matches.decrement(1.0);
        self.apply_end(event.clone());
        self.broadcast_event(&event, None);
        self.publish_lobby();
        Ok(())
    }

    /// The live match becomes an ended one, with the `ended` event.
    pub(super) fn apply_end(&mut self, event: Event) {
        let Body::Ended { result, .. } = &event.body else { return };
        let Stage::Live(live) = &mut self.stage else { return };
        let mut clocks = live.clocks.take();
        if let Some(clocks) = clocks.as_mut() {
            clocks.stop(Instant::now());
        }
        let over = Over {
            result: Some(result.clone()),
            seed: Some(live.seed),
            commitment: live.commitment.take(),
            clocks,
            left: live.left,
            rematch: None,
        };
        self.stage = Stage::Over(Box::new(over));
        self.events.push(event);
    }

    /// Opens a new lobby for the same players: same game, options and clock,
    /// the requester as host in the seat after their old one. Everyone who
    /// follows this table is told.
    pub(super) async fn rematch(&mut self, conn: &Conn, player: &PlayerInfo) -> Result<(), Refusal> {
        if !self.revealed() {
            return refuse(ErrorCode::MatchNotLive, "a rematch can be offered once the match is over");
        }
        let Some(seat) = self.seats_of(player).first() else {
            return refuse(ErrorCode::NotSeated, "only players can offer a rematch");
        };
        let existing = match self.stage.over().and_then(|o| o.rematch.clone()) {
            Some(id) => self.ctx.store.table_code(&id).await.ok().flatten().map(|code| (id, code)),
            None => self.ctx.store.rematch_of(&self.id).await.ok().flatten(),
        };
        let next_seat = seat.next(self.seats.len());
        if let Some((table, code)) = existing {
            self.set_rematch(table.clone());
            // Asking for the rematch is accepting it: the player sits down
            // in the seat after theirs, and a full rematch starts. Queued
            // before the answer, so that the player's first look at the
            // rematch already shows them seated.
            if let Ok(Some(handle)) = Table::load(&self.ctx, &table).await {
                let _ = handle.send(Command::SeatForRematch { player: player.clone(), seat: next_seat }).await;
            }
            conn.send(&ServerMessage::Created { table, code });
            return Ok(());
        }
        // A match against the computer is followed by another, started at once.
        let computer = self.only_opponent_bot(player).map(|bot| AgainstComputer { bot, seat: Some(next_seat) });
        let settings = LobbySettings {
            game: self.setup.game.info().id.to_string(),
            options: self.setup.options.clone(),
            seats: Some(self.seats.len() as u8),
            public: self.setup.public,
            clock: self.setup.clock,
            takeover: self.setup.takeover.map(|bot| bot.name().to_string()),
            host_seat: computer.is_none().then_some(HostSeat { seat: Some(next_seat) }),
            computer,
            // It starts once everyone who asks for it has sat down.
            auto_start: true,
            quiet_spectators: self.setup.quiet_spectators,
        };
        let handle = Table::create(&self.ctx, &settings, player, Some(&self.id)).await.map_err(|e| match e {
            TableError::Refused(code, message) => (code, message),
            e @ (TableError::Store(_)
            | TableError::Rebuild(_)
            | TableError::Unrestorable(_)
            | TableError::Cluster(_)) => {
                tracing::error!(error = %e, "could not create a rematch");
                (ErrorCode::Internal, "could not create the rematch".to_string())
            }
        })?;
        self.set_rematch(handle.id.clone());
        conn.send(&ServerMessage::Created { table: handle.id.clone(), code: handle.code.clone() });
        let offer = super::serialize(&ServerMessage::RematchOffered {
            table: self.id.clone(),
            rematch: handle.id.clone(),
            code: handle.code.clone(),
            by: player.clone(),
        });
        self.send_each(|_| Some(vec![offer.clone()]));
        Ok(())
    }

    /// The bot that held every seat but `player`'s one from the start, if
    /// one did: a match against the computer.
    fn only_opponent_bot(&self, player: &PlayerInfo) -> Option<String> {
        if !self.replaced.is_empty() || self.seats_of(player).len() != 1 {
            return None;
        }
        let others: Vec<&PlayerInfo> = self.seats.iter().flatten().filter(|p| p.id != player.id).collect();
        let bot = others.first()?.bot.clone()?;
        others.iter().all(|p| p.bot.as_ref() == Some(&bot)).then_some(bot)
    }

    fn set_rematch(&mut self, table: String) {
        if let Stage::Over(over) = &mut self.stage {
            over.rematch = Some(table);
        }
    }
}
