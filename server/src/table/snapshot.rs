//! What each follower is sent: snapshots, state updates and events, built
//! for the seats it holds (none for a spectator) so that nobody receives
//! what they may not see. A message is serialized once per set of seats and
//! the same bytes go to every follower holding that set.

use super::actor::Table;
use super::events::Event;
use super::frames;
use axum::extract::ws::Utf8Bytes;
use protocol::{PlayerInfo, ServerMessage, StateUpdate, TableSnapshot};
use rules::referee::AnyReferee;
use rules::view::View;
use rules::{Seat, SeatSet, Viewer};
use std::collections::HashMap;
use tokio::time::Instant;

/// Whose view the holder of `seats` is shown: the seat among them that
/// must decide now (a player holding two seats sees the one to play), else
/// the first; a spectator's for none.
fn viewer_of(seats: SeatSet, referee: &dyn AnyReferee) -> Viewer {
    let deciding = referee.state().status().decision().map_or(SeatSet::EMPTY, |d| d.seats);
    let seat = deciding.intersection(seats).first().or_else(|| seats.first());
    seat.map_or(Viewer::Spectator, Viewer::Seat)
}

impl Table {
    /// The viewer's current state: view, legal actions, clocks.
    pub(super) fn state_for(&self, seats: SeatSet) -> StateUpdate {
        let view = self.referee.state().view(self.viewer(&*self.referee, seats));
        self.state_of(&*self.referee, self.seq(), seats, view)
    }

    /// Whose view of the match as `referee` holds it the holder of `seats`
    /// is shown: the spectator's once everything is revealed, and in a game
    /// without hidden information, where every view is the same (so that it
    /// is drawn once for everyone).
    fn viewer(&self, referee: &dyn AnyReferee, seats: SeatSet) -> Viewer {
        if self.revealed() || !self.setup.game.info().hidden_information {
            Viewer::Spectator
        } else {
            viewer_of(seats, referee)
        }
    }

    /// The viewer's state, with its `view`, when the match stood as
    /// `referee` holds it, at event `seq`: the current one, or one inside a
    /// change of several events.
    fn state_of(&self, referee: &dyn AnyReferee, seq: u64, seats: SeatSet, view: View) -> StateUpdate {
        let state = referee.state();
        let legal = match self.stage.running() {
            Some(live) => {
                // A default answer that waits for its window's deadline is
                // not offered.
                let offered = |seat: Seat| {
                    let waits = state.answer_at_deadline(seat);
                    state.legal(seat).into_iter().filter(move |a| Some(&a.action) != waits.as_ref())
                };
                let legal: Vec<_> = seats.without_all(live.left).iter().flat_map(offered).collect();
                protocol::legal::frame(legal)
            }
            None => protocol::legal::Framed::default(),
        };
        let (live, over) = (self.stage.live(), self.stage.over());
        StateUpdate {
            table: self.id.clone(),
            seq,
            phase: self.stage.phase(),
            view,
            legal: legal.inline,
            legal_follows: legal.parts.len(),
            legal_parts: legal.parts,
            clocks: self.stage.clocks().map(|c| c.report(Instant::now(), crate::epoch::now_ms())),
            draw_offers: live.map(|l| l.draw_offers.iter().collect()).unwrap_or_default(),
            window_until: live.and_then(|l| l.window).map(|(_, ms)| ms),
            seed: over.and_then(|o| o.seed).map(|s| s.to_hex()),
            result: over.and_then(|o| o.result.clone()),
        }
    }

    /// The address of the board (`GET /api/games/{id}/layout`): the game,
    /// the rules version its match is played under, and its options.
    fn layout_url(&self) -> String {
        let game = self.setup.game.info();
        let query = url::form_urlencoded::Serializer::new(String::new())
            .append_pair("version", &game.rules_version.to_string())
            .append_pair("options", &self.setup.options.to_string())
            .finish();
        format!("/api/games/{}/layout?{query}", game.id)
    }

    /// Everything `player` needs to show the table from scratch.
    pub(super) fn snapshot_for(&self, player: &PlayerInfo) -> TableSnapshot {
        let viewing = self.viewing(player);
        let state = self.state_for(viewing);
        TableSnapshot {
            table: self.id.clone(),
            code: self.setup.code.clone(),
            game: self.setup.game.info().id.to_string(),
            options: self.setup.options.clone(),
            public: self.setup.public,
            clock: self.setup.clock,
            host: self.setup.host.clone(),
            takeover: self.setup.takeover.map(|bot| bot.name().to_string()),
            auto_start: self.setup.auto_start,
            seats: self.seats.clone(),
            your_seats: self.seats_of(player).iter().collect(),
            phase: self.stage.phase(),
            seq: state.seq,
            layout_url: self.layout_url(),
            view: state.view,
            legal: state.legal,
            legal_follows: state.legal_follows,
            legal_parts: state.legal_parts,
            events: self.events.iter().map(|e| e.view_for(viewing, self.revealed())).collect(),
            clocks: state.clocks,
            draw_offers: state.draw_offers,
            window_until: state.window_until,
            presence: self.presence(),
            seed_commitment: self.stage.commitment().map(str::to_string),
            seed: state.seed,
            result: state.result,
            rematch: self.stage.over().and_then(|o| o.rematch.clone()),
            rematch_of: self.setup.rematch_of.clone(),
            spectators: self.spectators(),
            quiet_spectators: self.setup.quiet_spectators,
            chat: self.chat.read_by(self.channel_of(player)),
        }
    }

    /// Sends every follower a fresh snapshot (after lobby changes).
    pub(super) fn broadcast_snapshots(&mut self) {
        let snapshots: Vec<Vec<Utf8Bytes>> = self
            .followers
            .iter()
            .map(|f| frames(&ServerMessage::Snapshot(Box::new(self.snapshot_for(&f.player)))))
            .collect();
        let mut sent = snapshots.into_iter();
        self.send_each(|_| sent.next());
    }

    /// Sends every follower a new event and its state after it, each as its
    /// seats may see them.
    /// `during` holds the match just after the event when it is not the
    /// last of its change, so that the state sent is the one after it.
    pub(super) fn broadcast_event(&mut self, event: &Event, during: Option<&dyn AnyReferee>) {
        let referee = during.unwrap_or(&*self.referee);
        let revealed = self.revealed();
        let viewing: Vec<SeatSet> = self.followers.iter().map(|f| self.viewing(&f.player)).collect();
        // Each view is drawn once and lent to the message of every set of
        // seats shown it: moved in for the serialization, then taken back.
        let mut views: HashMap<Viewer, View> = HashMap::new();
        let mut messages: Vec<(SeatSet, Vec<Utf8Bytes>)> = Vec::new();
        for seats in &viewing {
            if messages.iter().any(|(done, _)| done == seats) {
                continue;
            }
            let viewer = self.viewer(referee, *seats);
            let view = views.remove(&viewer).unwrap_or_else(|| referee.state().view(viewer));
            let message = ServerMessage::Event {
                event: event.view_for(*seats, revealed),
                state: Box::new(self.state_of(referee, event.seq, *seats, view)),
            };
            messages.push((*seats, frames(&message)));
            if let ServerMessage::Event { state, .. } = message {
                views.insert(viewer, state.view);
            }
        }
        self.send_each(|i| messages.iter().find(|(seats, _)| *seats == viewing[i]).map(|(_, frames)| frames.clone()));
    }
}
