//! Blockade, the end of the game (Rule 13): a belligerent's seaport cut off
//! from the sea by its enemies, so that no piece of its own can get in or
//! out on its next move. Tactica checks it after every completed turn (a
//! move and its card) instead of waiting for a player to call it; what
//! "cut off" and "in the vicinity" mean here is ruled in
//! docs/rules/tactics1940.md ("Blockade").

use super::board::Board;
use super::pieces::Kind;
use super::{Tactics1940, Tactics1940Action};
use crate::layout::CellId;
use crate::layout::gallery::oceans::Country;
use crate::seat::Seat;

impl<const RULES: u32> Tactics1940<RULES> {
    /// Ends the game if a belligerent's seaport is blockaded: the first
    /// found by the side that just moved, else any. Returns whether it did.
    pub(super) fn check_blockade(&mut self) -> bool {
        let mover = self.to_move;
        let mut victims: Vec<Seat> = self.seats().filter(|s| self.belligerent(*s) && self.blockaded(*s)).collect();
        victims.sort_by_key(|victim| !self.enemies(mover, *victim));
        if let Some(victim) = victims.first() {
            self.end(*victim, "blockade");
            return true;
        }
        // A side that can never blockade again has lost the war.
        let mut beaten: Vec<Seat> = [Country::North, Country::South]
            .into_iter()
            .filter_map(|country| self.seat_of(country))
            .filter(|belligerent| !self.keeps_a_fleet(*belligerent))
            .collect();
        beaten.sort_by_key(|victim| !self.enemies(mover, *victim));
        match beaten.first() {
            Some(victim) => {
                self.end(*victim, "fleet lost");
                true
            }
            None => false,
        }
    }

    /// Whether the side `belligerent` leads (it and its allies) has two
    /// battleships or transports on the board at least: the pieces that can
    /// blockade, which takes two. Airplanes cannot: no card lands one in a
    /// seaport or in front of one. Asked after every move, so the walk over
    /// the squares stops at the second.
    fn keeps_a_fleet(&self, belligerent: Seat) -> bool {
        let side = self.side(belligerent);
        let mut ships =
            self.squares.iter().flatten().filter(|p| p.kind != Kind::Airplane && self.side(p.owner) == side);
        ships.nth(1).is_some()
    }

    /// Whether `victim`'s seaport is blockaded:
    /// - a piece of its enemies holds one of its open port squares or the
    ///   sea squares touching them (only a belligerent blockades);
    /// - no piece of the victim could cross its home area's edge on its
    ///   next move, and none of its pieces on those sea squares could move
    ///   at all (one trapped within the blockade must be blocked), a jump
    ///   that would sink a blockading piece not counting (Rule 13);
    /// - each open port square holds a piece of the victim's (which cannot
    ///   leave, by the above), or its enemies hold it or the square in
    ///   front of it: with none of the victim's pieces there, both open
    ///   squares or both in front (the simplest form), or one of each.
    pub fn blockaded(&self, victim: Seat) -> bool {
        let board = Board::get();
        let country = self.country(victim);
        let ports = board.open_ports(country);
        let mouth = board.mouth(country);
        let enemy = |id: CellId| matches!(self.piece(id), Some(p) if self.enemies(p.owner, victim));
        if !ports.iter().chain(mouth).any(|id| enemy(*id)) {
            return false;
        }
        let blockading = |id: CellId| (ports.contains(&id) || mouth.contains(&id)) && enemy(id);
        let sinks_a_blockader = |m: &Tactics1940Action| match m {
            Tactics1940Action::Jump { path } if RULES >= 2 => {
                let path: Vec<CellId> = path.iter().filter_map(|cell| board.id(*cell)).collect();
                Self::jumped(&path).into_iter().any(blockading)
            }
            _ => false,
        };
        let mut moves = Vec::new();
        let mut near = false;
        for id in self.squares_of(victim) {
            moves.clear();
            self.moves_from(victim, id, &mut moves);
            moves.retain(|m| !sinks_a_blockader(m));
            let in_mouth = mouth.contains(&id);
            near |= in_mouth || board.home_of(id) == Some(country);
            if in_mouth && !moves.is_empty() {
                return false;
            }
            let inside = |cell: &crate::board::Cell| board.id(*cell).and_then(|c| board.home_of(c)) == Some(country);
            let crosses = moves.iter().any(|m| match m {
                Tactics1940Action::Move { from, to } => inside(from) != inside(to),
                Tactics1940Action::Jump { path } => inside(&path[0]) != inside(&path[path.len() - 1]),
                _ => false,
            });
            if crosses {
                return false;
            }
        }
        if RULES < 2 {
            return near || ports.iter().all(|id| enemy(*id)) || board.fronts(country).iter().all(|id| enemy(*id));
        }
        let own = |id: CellId| matches!(self.piece(id), Some(p) if p.owner == victim);
        ports.iter().zip(board.fronts(country)).all(|(port, front)| own(*port) || enemy(*port) || enemy(front))
    }

    /// The neutral pieces `seat` may demand move out of the way of its
    /// blockade: those on an enemy belligerent's open port squares or the
    /// sea squares touching them, not yet demanded (Rule 13).
    pub(super) fn demandable(&self, seat: Seat) -> Vec<CellId> {
        let board = Board::get();
        if !self.belligerent(seat) {
            return Vec::new();
        }
        let mut out: Vec<CellId> = self
            .seats()
            .filter(|victim| self.enemies(seat, *victim))
            .flat_map(|victim| {
                let country = self.country(victim);
                board.open_ports(country).into_iter().chain(board.mouth(country).iter().copied())
            })
            .filter(|id| matches!(self.piece(*id), Some(p) if !self.belligerent(p.owner)) && !self.demands.contains(id))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}
