//! The finishing scores (Rules 18 and 19): the blockaded belligerent loses
//! its pieces outside its home area, those in other players' home areas
//! to those players at triple value; the winning side shares the Gold
//! Reserve; each player counts coins and pieces, its own in other players'
//! home areas double; the outcome ranks the players by their scores, the
//! settlements being the differences between them. The scores so far are
//! also how the bots' search judges an unfinished match.

use super::Tactics1940;
use super::board::Board;
use crate::bot::search::standing;
use crate::layout::CellId;
use crate::seat::{Seat, SeatSet};

/// A lead in score worth about three to one in the bots' search: a
/// battleship and a few coins. A blockade moves scores far more (the loser's
/// fleet at sea, the Gold Reserve), so a near one outweighs such leads.
const LEAD: f64 = 8.0;

impl<const RULES: u32> Tactics1940<RULES> {
    /// Each seat's standing for the bots' search: the scores the match
    /// would end with now if nobody were blockaded, moved towards those a
    /// blockade of each belligerent would bring by the chance of it the
    /// bots guess (threat.rs), and then towards those of each war the
    /// protests accepted may bring, by the chance of it (war_in_sight.rs).
    /// Each seat is judged against every other on its own, allies too, as
    /// the outcome places them ([`Self::ranking`] ranks players, not
    /// sides): judged by sides, a bot would not mind an ally finishing
    /// ahead of it, which the end of a match does count.
    pub(super) fn standing(&self) -> Vec<f64> {
        let now = self.expected();
        let mut expected = now.clone();
        for war in self.wars_in_sight() {
            let at_war = self.expected_at_war(war);
            for (e, (w, n)) in expected.iter_mut().zip(at_war.iter().zip(&now)) {
                *e += war.chance * (w - n);
            }
        }
        standing(&expected, &[], LEAD)
    }

    /// The scores the match would end with now if nobody were blockaded,
    /// moved towards those a blockade of each belligerent would bring by
    /// the chance of it.
    pub(super) fn expected(&self) -> Vec<f64> {
        let now: Vec<f64> = self.counted(None).into_iter().map(f64::from).collect();
        let mut expected = now.clone();
        for victim in self.in_play().filter(|s| self.belligerent(*s)) {
            let chance = self.threat(victim);
            let mut after: Vec<f64> = self.counted(Some(victim)).into_iter().map(f64::from).collect();
            for (winner, share) in self.shares(victim) {
                after[winner.index()] += f64::from(share);
            }
            for (e, (a, n)) in expected.iter_mut().zip(after.iter().zip(&now)) {
                *e += chance * (a - n);
            }
        }
        expected
    }

    /// Ends the match with `loser`'s seaport blockaded (or `loser` gone).
    pub(super) fn end(&mut self, loser: Seat, reason: &str) {
        let scores = self.scores(Some(loser));
        self.outcome = Some(self.ranking(scores, reason));
    }

    /// The sides as teams: each belligerent with its allies; a neutral alone.
    pub fn teams(&self) -> Vec<SeatSet> {
        let mut teams: Vec<SeatSet> = Vec::new();
        for seat in self.seats() {
            match self.side(seat) {
                Some(side) => {
                    let team = self.side_seats(side);
                    if !teams.contains(&team) {
                        teams.push(team);
                    }
                }
                None => teams.push(SeatSet::only(seat)),
            }
        }
        teams
    }

    /// Each seat's finishing score, `loser` blockaded; the Gold Reserve
    /// shared by the loser's enemies, equally, the remainder to the first
    /// of them in turn order (docs/rules/tactics1940.md, "Scoring").
    pub fn scores(&mut self, loser: Option<Seat>) -> Vec<i32> {
        if let Some(loser) = loser {
            for (winner, share) in self.shares(loser) {
                self.coins[winner.index()] += share;
                self.reserve -= share;
            }
        }
        self.counted(loser)
    }

    /// Who shares the Gold Reserve if `loser` is blockaded, and how much
    /// each gets: its enemies in play, equally, the remainder to the first.
    fn shares(&self, loser: Seat) -> Vec<(Seat, u32)> {
        let winners: Vec<Seat> = self.in_play().filter(|s| self.enemies(*s, loser)).collect();
        if winners.is_empty() {
            return Vec::new();
        }
        let n = winners.len() as u32;
        let (share, rest) = (self.reserve / n, self.reserve % n);
        winners.into_iter().enumerate().map(|(i, w)| (w, share + if i == 0 { rest } else { 0 })).collect()
    }

    /// Each seat's coins and pieces as Rule 19 counts them, `loser` (if
    /// any) blockaded, the Gold Reserve already shared.
    fn counted(&self, loser: Option<Seat>) -> Vec<i32> {
        let board = Board::get();
        let mut scores: Vec<i64> = self.coins.iter().map(|c| i64::from(*c)).collect();
        // A home area whose player withdrew is nobody's: it scores as the sea.
        let host_of =
            |id: CellId| board.home_of(id).and_then(|c| self.seat_of(c)).filter(|h| !self.withdrawn.contains(*h));
        for id in board.ids() {
            let Some(piece) = self.piece(id) else { continue };
            let value = i64::from(piece.kind.value());
            let host = host_of(id);
            match (loser, host) {
                // The loser's pieces outside its home area: lost at sea, or
                // forfeited to the player whose home area holds them.
                (Some(l), Some(h)) if piece.owner == l && h != l => scores[h.index()] += 3 * value,
                (Some(l), None) if piece.owner == l => {}
                (_, Some(h)) if h != piece.owner => scores[piece.owner.index()] += 2 * value,
                _ => scores[piece.owner.index()] += value,
            }
        }
        scores.into_iter().map(|s| s as i32).collect()
    }
}
