//! Who follows a table, and who is here: the connections subscribed to it,
//! the seats their players hold, the grace period of a seat whose player
//! went away, and the `presence` message that tells everyone. A follower
//! leaves by one path ([`Table::lose`]), whether it said so, closed, or
//! could not be sent a message, so that its seats are never left without
//! their grace period.

use super::Conn;
use super::actor::Table;
use super::events::Body;
use super::stage::Stage;
use crate::epoch::now_ms;
use axum::extract::ws::Utf8Bytes;
use protocol::{ErrorCode, PlayerInfo, SeatPresence, ServerMessage};
use rules::{Seat, SeatSet};
use tokio::time::Instant;

/// A connection following the table.
#[derive(Debug)]
pub(super) struct Follower {
    pub conn: Conn,
    pub player: PlayerInfo,
}

impl Table {
    /// The seats `player` holds (in a game of three or more seats, a
    /// player may hold several).
    pub(super) fn seats_of(&self, player: &PlayerInfo) -> SeatSet {
        (0..self.seats.len() as u8)
            .map(Seat)
            .filter(|s| self.seats[s.index()].as_ref().is_some_and(|p| p.id == player.id))
            .collect()
    }

    /// The seats whose view of the match `player` is shown: those they
    /// hold once the match has started (none for a spectator, and none in
    /// the lobby, where everyone sees the start position alike).
    pub(super) fn viewing(&self, player: &PlayerInfo) -> SeatSet {
        match self.stage {
            Stage::Lobby => SeatSet::EMPTY,
            Stage::Live(_) | Stage::Over(_) => self.seats_of(player),
        }
    }

    pub(super) fn subscribe(&mut self, conn: Conn, player: PlayerInfo, last_seq: Option<u64>, via_code: bool) {
        let participant =
            !self.seats_of(&player).is_empty() || player.id == self.setup.host || self.replaced.contains(&player.id);
        if !(self.setup.public || via_code || participant) {
            conn.error(ErrorCode::NoSuchTable, "no such table", Some(&self.id), None);
            return;
        }
        self.followers.retain(|f| f.conn.id != conn.id);
        // Followed from here on, so that what it is sent counts it among
        // the spectators.
        let watching = self.spectators();
        self.followers.push(Follower { conn: conn.clone(), player: player.clone() });
        let viewing = self.viewing(&player);
        // A seat taken over since changes who sits where, which only a
        // snapshot carries.
        let caught_up = |seen| {
            self.events.after(seen).is_some_and(|mut after| after.all(|e| !matches!(e.body, Body::TakenOver { .. })))
        };
        match last_seq {
            Some(seen) if !matches!(self.stage, Stage::Lobby) && seen <= self.seq() && caught_up(seen) => {
                let recent = self.events.after(seen).into_iter().flatten();
                let events = recent.map(|e| e.view_for(viewing, self.revealed())).collect();
                conn.send(&ServerMessage::CatchUp { events, state: Box::new(self.state_for(viewing)) });
            }
            Some(seen) if seen > self.seq() => {
                conn.error(
                    ErrorCode::StaleSequence,
                    format!("event {seen} does not exist yet (last is {}); here is a snapshot", self.seq()),
                    Some(&self.id),
                    None,
                );
                conn.send(&ServerMessage::Snapshot(Box::new(self.snapshot_for(&player))));
            }
            _ => {
                conn.send(&ServerMessage::Snapshot(Box::new(self.snapshot_for(&player))));
            }
        }
        let seated = self.seats_of(&player);
        if let Some(live) = self.stage.live_mut() {
            for seat in seated.iter() {
                live.grace_until[seat.index()] = None;
            }
            live.went_away = live.went_away.without_all(seated);
        }
        if !seated.is_empty() || self.watchers_changed(watching) {
            self.broadcast_presence();
        }
        self.publish_lobby();
    }

    /// The one path by which followers leave, whether they unsubscribed,
    /// closed, or could not be queued a message (gone, or too slow): each
    /// seat whose player is no longer here starts its grace period and is
    /// noted as gone away (so that a bot may take it over), and everyone is
    /// told who is here, which may find more followers gone.
    pub(super) fn lose(&mut self, gone: Vec<u64>) {
        if gone.is_empty() {
            return;
        }
        let watching = self.spectators();
        let mut held = SeatSet::EMPTY;
        for conn_id in gone {
            if let Some(index) = self.followers.iter().position(|f| f.conn.id == conn_id) {
                let follower = self.followers.remove(index);
                held = held.union(self.seats_of(&follower.player));
            }
        }
        let away: Vec<Seat> = held.iter().filter(|s| !self.is_connected(*s)).collect();
        for seat in &away {
            self.start_grace(*seat);
            if let Some(live) = self.stage.live_mut() {
                live.went_away = live.went_away.with(*seat);
            }
        }
        if !away.is_empty() || self.watchers_changed(watching) {
            self.broadcast_presence();
        }
        self.publish_lobby();
    }

    /// Queues `frames_for(i)` for the `i`th follower (nothing where it is
    /// `None`), and lets those it cannot reach go ([`Table::lose`]).
    pub(super) fn send_each(&mut self, mut frames_for: impl FnMut(usize) -> Option<Vec<Utf8Bytes>>) {
        let gone = self.unreached(|i, f| frames_for(i).is_none_or(|frames| f.conn.send_frames(frames)));
        self.lose(gone);
    }

    /// The connections of the followers for which `send` failed.
    fn unreached(&self, mut send: impl FnMut(usize, &Follower) -> bool) -> Vec<u64> {
        self.followers.iter().enumerate().filter(|(i, f)| !send(*i, f)).map(|(_, f)| f.conn.id).collect()
    }

    /// Whether the seat's holder is here: following the table, or a bot
    /// (which is always here).
    pub(super) fn is_connected(&self, seat: Seat) -> bool {
        let holder = self.seats.get(seat.index()).and_then(Option::as_ref);
        holder.is_some_and(|holder| holder.bot.is_some() || self.followers.iter().any(|f| f.player.id == holder.id))
    }

    /// An absent seat's player gets the grace period to come back.
    pub(super) fn start_grace(&mut self, seat: Seat) {
        let connected = self.is_connected(seat);
        let grace = self.ctx.grace;
        if let Some(live) = self.stage.live_mut().filter(|_| !connected) {
            let until = &mut live.grace_until[seat.index()];
            if until.is_none() {
                *until = Some((Instant::now() + grace, now_ms() + grace.as_millis() as u64));
            }
        }
    }

    /// When an absent seat's grace period ends, while it runs.
    pub(super) fn grace_until(&self, seat: Seat) -> Option<(Instant, u64)> {
        self.stage.live().and_then(|live| live.grace_until.get(seat.index()).copied().flatten())
    }

    /// People following the table without a seat, each counted once
    /// however many pages they have open.
    pub(super) fn spectators(&self) -> u32 {
        let mut ids: Vec<&str> = self
            .followers
            .iter()
            .filter(|f| self.seats_of(&f.player).is_empty())
            .map(|f| f.player.id.as_str())
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids.len() as u32
    }

    /// Whether the number of spectators differs from `before`, in a match
    /// (a lobby's followers are told who sits where by its snapshots).
    pub(super) fn watchers_changed(&self, before: u32) -> bool {
        !matches!(self.stage, Stage::Lobby) && self.spectators() != before
    }

    /// Who is connected, for the `presence` message and snapshots.
    pub(super) fn presence(&self) -> Vec<SeatPresence> {
        SeatSet::all(self.seats.len())
            .iter()
            .map(|seat| SeatPresence {
                seat,
                connected: self.is_connected(seat),
                grace_until: self.grace_until(seat).map(|(_, ms)| ms),
            })
            .collect()
    }

    /// Tells every follower who is here.
    pub(super) fn broadcast_presence(&mut self) {
        let message = super::serialize(&ServerMessage::Presence {
            table: self.id.clone(),
            seats: self.presence(),
            spectators: self.spectators(),
        });
        let gone = self.unreached(|_, f| f.conn.send_text(message.clone()));
        self.lose(gone);
    }
}
