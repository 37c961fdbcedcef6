//! The end of a round: production, then battle, then the next round's
//! movement, and the end of the match when a round leaves one player with
//! a Main Figure. Nobody decides anything here, so it all happens inside
//! the step that ends the movement phase.

use super::{HexTri, SEATS};
use crate::layout::CellId;
use crate::seat::{Seat, SeatSet};

/// Whole rounds in a row in which nobody could move before the match is
/// dead: by then every fallen figure is back and every county not
/// fighting has produced.
const DEAD_ROUNDS: u32 = 2;

impl HexTri {
    /// The next seat, after the mover, that still moves this round: seats
    /// with no move left are done. When nobody moves any more the round
    /// ends, and the next begins, until someone can move.
    pub(super) fn next_step(&mut self) {
        // Rounds begun here, each found without a move at its start.
        let mut begun = 0;
        loop {
            if let Some(seat) = self.next_mover() {
                self.mover = seat;
                return;
            }
            // The rounds begun before this one passed whole (production and
            // battle included) without a move, and this one has none either.
            if begun > DEAD_ROUNDS {
                // No figure can move, and more points or battles change nothing.
                let reason = "no player can move any more: the players still in the game share the win";
                self.outcome = Some(self.ranking(self.in_play(), reason.into()));
                return;
            }
            self.end_round();
            if self.outcome.is_some() {
                return;
            }
            begun += 1;
        }
    }

    /// The first seat after the mover (the mover itself last) that is in
    /// play, not done and able to move. A seat passed over because it
    /// cannot move now is asked again if a later move frees its way.
    fn next_mover(&self) -> Option<Seat> {
        let n = self.options.seats;
        let mut actions = Vec::new();
        for i in 1..=n {
            let seat = Seat((self.mover.0 + i) % n);
            if self.out.contains(seat) || self.done.contains(seat) {
                continue;
            }
            actions.clear();
            self.moves(seat, &mut actions);
            if !actions.is_empty() {
                return Some(seat);
            }
        }
        None
    }

    /// Production, battle, and the start of the next round.
    pub(super) fn end_round(&mut self) {
        self.report.clear();
        self.produce();
        self.battle();
        self.check_end();
        if self.outcome.is_some() {
            return;
        }
        for troops in &mut self.troops {
            for troop in troops.iter_mut() {
                troop.fresh += troop.moved;
                troop.moved = 0;
            }
        }
        self.main_moves = [0; SEATS];
        self.frozen.iter_mut().for_each(|f| *f = false);
        for i in 0..SEATS {
            self.reserve[i] += self.resting[i];
            self.resting[i] = self.fallen[i];
            self.fallen[i] = 0;
        }
        self.round += 1;
        self.done = self.out;
        self.all = false;
        // The first step passes to the next seat in play after the one that
        // began the last round; the search for a mover starts there.
        let n = self.options.seats;
        self.first =
            (1..=n).map(|i| Seat((self.first.0 + i) % n)).find(|s| !self.out.contains(*s)).unwrap_or(self.first);
        self.mover = Seat((self.first.0 + n - 1) % n);
    }

    /// "A hexagon occupied by one player's figures only, produces 1 point
    /// […] Inner hex-fields may produce a maximum number of points written
    /// on the hex, but not more than the number of the player's figures";
    /// a county a battle left unclear produces nothing this time.
    pub(super) fn produce(&mut self) {
        let mut made = [0u32; SEATS];
        for county in 0..self.board().hexes {
            let unclear = std::mem::take(&mut self.unclear[county]);
            let holders = self.holders(county as CellId);
            let (Some(seat), 1, false) = (holders.first(), holders.len(), unclear) else { continue };
            let figures = self.troops[county][seat.index()].count();
            let produced = self.board().production[county].min(figures);
            self.points[county] += u16::from(produced);
            made[seat.index()] += u32::from(produced);
        }
        let parts: Vec<String> = self
            .seats()
            .filter(|s| made[s.index()] > 0)
            .map(|s| format!("{} +{}", Self::name(s), made[s.index()]))
            .collect();
        if !parts.is_empty() {
            self.report.push(format!("Round {} produced {}", self.round, parts.join(", ")));
        }
    }

    /// The battle phase: every contested county fights, then the players
    /// whose Main Figure fell leave, then every field surrounded by enemies
    /// loses its figures, then the players whose Main Figure fell so leave.
    pub(super) fn battle(&mut self) {
        let mut fallen = SeatSet::EMPTY;
        for county in 0..self.board().hexes as CellId {
            if self.holders(county).len() > 1 {
                fallen = fallen.union(self.fight(county));
            }
        }
        self.remove_fallen(fallen);
        let mut fallen = SeatSet::EMPTY;
        let surrounded: Vec<(CellId, Seat)> = (0..self.board().cells as CellId)
            .filter_map(|cell| {
                let holders = self.holders(cell);
                let seat = holders.first().filter(|_| holders.len() == 1)?;
                self.surrounded(cell, seat).then_some((cell, seat))
            })
            .collect();
        for (cell, seat) in surrounded {
            let troop = std::mem::take(&mut self.troops[usize::from(cell)][seat.index()]);
            self.fallen[seat.index()] += troop.fresh + troop.moved;
            if troop.main {
                fallen = fallen.with(seat);
            }
            self.report.push(format!("{} was surrounded on {}", Self::name(seat), self.cell_name(cell)));
        }
        self.remove_fallen(fallen);
    }

    /// "If a player has more figures than others, than 1 figure from that
    /// hex must be removed from the board, from all the players standing on
    /// it", again and again, until one player is left or all have equal
    /// numbers (then the county is unclear). Ordinary figures fall before
    /// the Main Figure. Returns the seats whose Main Figure fell.
    pub(super) fn fight(&mut self, county: CellId) -> SeatSet {
        let c = usize::from(county);
        let start: Vec<String> = self
            .holders(county)
            .iter()
            .map(|s| format!("{} {}", Self::name(s), self.troops[c][s.index()].count()))
            .collect();
        let mut fallen = SeatSet::EMPTY;
        loop {
            let present = self.holders(county);
            let counts: Vec<u8> = present.iter().map(|s| self.troops[c][s.index()].count()).collect();
            if present.len() < 2 {
                let result = match present.first() {
                    Some(seat) => format!("{} holds it", Self::name(seat)),
                    None => "nobody is left".into(),
                };
                self.report.push(format!("Battle on {}: {}; {result}", self.cell_name(county), start.join(", ")));
                return fallen;
            }
            if counts.iter().all(|n| *n == counts[0]) {
                self.unclear[c] = true;
                self.report.push(format!("Battle on {}: {}; unclear", self.cell_name(county), start.join(", ")));
                return fallen;
            }
            for seat in present.iter() {
                let troop = &mut self.troops[c][seat.index()];
                if troop.fresh > 0 {
                    troop.fresh -= 1;
                } else if troop.moved > 0 {
                    troop.moved -= 1;
                } else {
                    troop.main = false;
                    fallen = fallen.with(seat);
                    continue;
                }
                self.fallen[seat.index()] += 1;
            }
        }
    }

    /// Whether `seat`'s figures on `cell` have "all surrounding fields
    /// occupied by enemy figures": every field around it (a county's six
    /// roads; a road's counties on the board) holds figures, none of them
    /// the seat's.
    fn surrounded(&self, cell: CellId, seat: Seat) -> bool {
        self.board().around[usize::from(cell)].iter().all(|near| {
            let holders = self.holders(*near);
            !holders.is_empty() && !holders.contains(seat)
        })
    }

    /// The players whose Main Figure fell leave with all their figures.
    fn remove_fallen(&mut self, fallen: SeatSet) {
        for seat in fallen.iter() {
            self.report.push(format!("{}'s Main Figure fell: all their figures leave", Self::name(seat)));
        }
        self.remove_seats(fallen);
    }
}
