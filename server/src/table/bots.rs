//! Seats held by bots, from the start or taken over from a player who
//! went away. When the rules ask a bot's seat to act, the table
//! hands the bot only what that seat may know: a state resampled from the
//! seat's point of view (which cannot lead back to the true hidden state)
//! and the seat's legal actions. The bot thinks on the bot pool, off the
//! runtime, so a hundred bot matches do not slow the tables people play at.
//! Its choice comes back to the table as a command and is played like a
//! person's action, unless the match has meanwhile changed what the seat
//! sees; then the bot is asked again.

use super::actor::Table;
use super::events::{Body, Event};
use super::refusal::Refusal;
use super::{BotChoice, Command};
use crate::epoch::now_ms;
use crate::identity::random_bytes;
use protocol::{ErrorCode, PlayerInfo};
use rules::bot::{Bot, DecisionSeeds};
use rules::{Seat, SeatSet, Seed, SeedStream};
use serde_json::Value;
use std::time::Instant;

impl Table {
    /// The seats held by bots.
    pub(super) fn bot_seats(&self) -> SeatSet {
        (0..self.seats.len() as u8)
            .map(Seat)
            .filter(|s| self.seats[s.index()].as_ref().is_some_and(|p| p.bot.is_some()))
            .collect()
    }

    /// Asks every bot the rules wait for to decide, once per event.
    pub(super) fn wake_bots(&mut self) {
        if self.stage.running().is_none() {
            return;
        }
        let bots = self.bot_seats();
        if bots.is_empty() {
            return;
        }
        let state = self.referee.state();
        let asked = state.status().acting().intersection(bots).without_all(self.stage.left());
        let seq = self.seq();
        for seat in asked.iter() {
            let Some(live) = self.stage.live_mut() else { return };
            if live.thinking[seat.index()].is_some() || live.waiting[seat.index()] == Some(seq) {
                continue;
            }
            let name = self.seats[seat.index()].as_ref().and_then(|p| p.bot.clone()).unwrap_or_default();
            let Some(bot) = rules::bot::bot(&name) else {
                tracing::error!(table = %self.id, bot = name, "a seat is held by a bot this server does not have");
                continue;
            };
            // The true state goes to the pool, where the seat's legal list
            // is written out (its clicks and paths cost time the table's
            // task need not spend) and the state resampled; the bot sees
            // the resampled one.
            let truth = state.clone_box();
            let seeds = DecisionSeeds { resample: Seed(random_bytes()), choices: Seed(random_bytes()) };
            live.thinking[seat.index()] = Some(seq);
            let (pool, myself) = (self.ctx.bots.clone(), self.myself.clone());
            tokio::spawn(async move {
                let chosen = pool
                    .run(move || {
                        let legal = truth.legal(seat);
                        let waits = truth.answer_at_deadline(seat);
                        // The budget runs from when the pool takes the work.
                        let until = bot.time_budget().map(|budget| Instant::now() + budget);
                        let stop = || until.is_some_and(|until| Instant::now() >= until);
                        let index = rules::bot::decide(bot, truth.as_ref(), seat, &legal, seeds, &stop);
                        // A bot that names no legal action plays a random one, so
                        // that a faulty bot cannot stall its match.
                        let index = if index < legal.len() {
                            index
                        } else {
                            tracing::error!(bot = bot.name(), index, "a bot named no legal action");
                            SeedStream::new(seeds.choices).below(legal.len() as u32) as usize
                        };
                        let action = legal[index].action.clone();
                        if Some(&action) == waits.as_ref() { BotChoice::Wait } else { BotChoice::Play(action) }
                    })
                    .await;
                let choice = chosen.unwrap_or(BotChoice::Failed);
                if let Some(table) = myself.and_then(|m| m.upgrade()) {
                    let _ = table.send(Command::BotActs { seat, seq, choice }).await;
                }
            });
        }
    }

    /// `bot`'s player, stored if it is not yet.
    pub(super) async fn bot_player(&self, bot: &'static dyn Bot) -> Result<PlayerInfo, Refusal> {
        self.ctx.store.bot_player(bot).await.map_err(|e| {
            tracing::error!(table = %self.id, error = %e, "could not store a bot player");
            (ErrorCode::Internal, "could not seat the bot; try again".to_string())
        })
    }

    /// Whether the host's bot takes over `seat`, whose grace period ended:
    /// in a game of three or more, when its player went away (rather than
    /// was not back yet when the table loaded), and a person still plays
    /// another seat, so that no match is left to bots alone.
    pub(super) fn takes_over(&self, seat: Seat) -> bool {
        let Some(live) = self.stage.running() else { return false };
        let people = self.in_play().without_all(self.bot_seats()).without(seat);
        self.seats.len() >= 3 && live.went_away.contains(seat) && !people.is_empty()
    }

    /// `bot` takes over `seat`, whose player went away: from the stored
    /// event on, the bot plays the seat as any bot does. The player stays
    /// the seat's player of record (the seats stored, the lists, the
    /// exports) and may follow the table, but no longer plays.
    pub(super) async fn take_over(&mut self, seat: Seat, bot: &'static dyn Bot) -> Result<(), Refusal> {
        let player = self.bot_player(bot).await?;
        let body = Body::TakenOver { player: player.clone() };
        let event = Event { seq: self.seq() + 1, at: now_ms(), seat: Some(seat), body };
        self.store_events(std::slice::from_ref(&event), None).await?;
        tracing::info!(table = %self.id, seat = seat.0, bot = bot.name(), "a bot takes over a seat whose player went away");
        self.seat_bot_for(seat, player);
        if let Some(live) = self.stage.live_mut() {
            live.note(&event);
        }
        self.events.push(event);
        // Who sits where changed, which only a snapshot says: everyone
        // gets the table whole, the event in it.
        self.broadcast_snapshots();
        self.wake_bots();
        Ok(())
    }

    /// Puts the bot `player` on `seat` in place of its player.
    pub(super) fn seat_bot_for(&mut self, seat: Seat, player: PlayerInfo) {
        let Some(slot) = self.seats.get_mut(seat.index()) else { return };
        if let Some(before) = slot.replace(player) {
            self.replaced.push(before.id);
        }
    }

    /// A bot's choice for `seat`, made at event `seq`.
    pub(super) async fn bot_acts(&mut self, seat: Seat, seq: u64, choice: BotChoice) {
        let Some(live) = self.stage.live_mut() else { return };
        if live.thinking.get(seat.index()).copied().flatten() != Some(seq) {
            return;
        }
        live.thinking[seat.index()] = None;
        let action = match choice {
            BotChoice::Play(action) => action,
            BotChoice::Wait => {
                live.waiting[seat.index()] = Some(seq);
                return;
            }
            BotChoice::Failed => {
                // The bot panicked: a random legal action stands in for it,
                // so that the match goes on, and the fault is logged.
                tracing::error!(table = %self.id, seat = seat.0, "a bot failed to decide: a random legal action is played");
                let state = self.referee.state();
                let waits = state.answer_at_deadline(seat);
                let legal: Vec<Value> =
                    state.legal(seat).into_iter().map(|a| a.action).filter(|a| Some(a) != waits.as_ref()).collect();
                if legal.is_empty() {
                    if let Some(live) = self.stage.live_mut() {
                        live.waiting[seat.index()] = Some(seq);
                    }
                    return;
                }
                let action = legal[SeedStream::new(Seed(random_bytes())).below(legal.len() as u32) as usize].clone();
                if let Err((_, message)) = self.play_announced(seat, &action, None).await {
                    tracing::error!(table = %self.id, seat = seat.0, %message, "a random action for a failed bot was refused");
                }
                return;
            }
        };
        let still_asked = self.stage.running().is_some() && self.referee.state().status().acting().contains(seat);
        // A change the seat sees makes the choice stale: the bot is asked again.
        if !still_asked || self.check_fresh(seat, seq).is_err() {
            return;
        }
        if let Err((_, message)) = self.play_announced(seat, &action, None).await {
            tracing::error!(table = %self.id, seat = seat.0, %message, "a bot's action was refused");
        }
    }
}
