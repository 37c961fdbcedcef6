//! The course of a round: movement, production, point transport (option),
//! the battle phase's assassinations (option), then the battles, and the
//! next round. Production and the battles ask nobody anything, so they
//! happen inside the step that ends the phase before them. The match ends
//! when a battle leaves one player with a Main Figure (or, with the
//! beginners' ending, when the first Main Figure falls).

use super::{HexTri, HexTriAction, Phase, SEATS};
use crate::layout::CellId;
use crate::outcome::Outcome;
use crate::seat::{Seat, SeatSet};

/// Whole rounds in a row in which nobody could move before the match is
/// dead: by then every fallen figure is back and every county not
/// fighting has produced.
const DEAD_ROUNDS: u32 = 2;

/// Where the steps a seat may take go as they are found: every one into a
/// list, or only whether there is one ([`Found`]). A generator may stop
/// once `enough` says more would tell nothing; one that goes on is only
/// slower.
pub(super) trait Steps {
    fn push(&mut self, step: HexTriAction);
    /// Whether further steps would add nothing.
    fn enough(&self) -> bool;
}

impl Steps for Vec<HexTriAction> {
    fn push(&mut self, step: HexTriAction) {
        Vec::push(self, step);
    }

    fn enough(&self) -> bool {
        false
    }
}

/// Whether any step was found.
pub(super) struct Found(bool);

impl Steps for Found {
    fn push(&mut self, _: HexTriAction) {
        self.0 = true;
    }

    fn enough(&self) -> bool {
        self.0
    }
}

/// A Main Figure that fell in a battle phase, and the players who took it.
pub(super) struct Capture {
    /// Whose Main Figure fell.
    pub(super) seat: Seat,
    /// The enemies on its county when it fell, or around the field it was
    /// surrounded on.
    pub(super) captors: SeatSet,
}

impl<const RULES: u32> HexTri<RULES> {
    /// Finds the next seat with a step to take: in this phase, or in the
    /// next one, making production and the battles on the way. A round
    /// that begins with no move for anyone counts towards a dead position.
    pub(super) fn next_step(&mut self) {
        loop {
            if let Some(seat) = self.next_mover() {
                self.mover = seat;
                return;
            }
            match self.phase {
                Phase::Movement => {
                    self.report.clear();
                    self.produce();
                    self.begin(Phase::Transport);
                }
                Phase::Transport => self.begin(Phase::Assassin),
                Phase::Assassin if self.idle > DEAD_ROUNDS => {
                    // The rounds before passed whole (production and battle
                    // included) without a move, and this one offered none
                    // and no killing either: more points or battles change
                    // nothing.
                    let reason = "no player can move any more: the players still in the game share the win";
                    self.outcome = Some(self.ranking(self.in_play(), reason.into()));
                    return;
                }
                Phase::Assassin => {
                    self.battle();
                    if self.outcome.is_some() {
                        return;
                    }
                    self.new_round();
                    // A round that begins with no move for anyone counts
                    // towards a dead position; an assassination resets it.
                    let next = self.next_mover();
                    self.idle = if next.is_some() { 0 } else { self.idle + 1 };
                    if let Some(seat) = next {
                        self.mover = seat;
                        return;
                    }
                }
            }
        }
    }

    /// The seats after `seat` in turn order, `seat` itself last.
    fn seats_after(&self, seat: Seat) -> impl Iterator<Item = Seat> + use<RULES> {
        let n = usize::from(self.options.seats);
        std::iter::successors(Some(seat.next(n)), move |s| Some(s.next(n))).take(n)
    }

    /// Starts a phase: nobody is done with it yet, and the search for the
    /// seat to act starts at the seat that began the round.
    fn begin(&mut self, phase: Phase) {
        self.phase = phase;
        self.done = self.out;
        self.all = false;
        let n = self.options.seats;
        self.mover = Seat((self.first.0 + n - 1) % n);
    }

    /// The first seat after the mover (the mover itself last) that is in
    /// play, not done and has a step to take in this phase. A seat passed
    /// over because it cannot move now is asked again if a later move frees
    /// its way.
    fn next_mover(&self) -> Option<Seat> {
        self.seats_after(self.mover)
            .find(|seat| !self.out.contains(*seat) && !self.done.contains(*seat) && self.has_step(*seat))
    }

    /// Whether `seat` has a step to take in this phase, "done" and "all"
    /// aside: found by stopping at the first, as this is asked of every
    /// seat after every action and the whole list only of the one to act.
    pub(super) fn has_step(&self, seat: Seat) -> bool {
        let mut found = Found(false);
        self.steps(seat, &mut found);
        found.0
    }

    /// Appends what `seat` may do in this phase, "done" and "all" aside.
    pub(super) fn steps(&self, seat: Seat, out: &mut impl Steps) {
        if self.outcome.is_some() || self.out.contains(seat) {
            return;
        }
        match self.phase {
            Phase::Movement => self.moves(seat, out),
            Phase::Transport => self.transports(seat, out),
            Phase::Assassin => self.assassinations(seat, out),
        }
    }

    /// The next round's movement: moved figures turn back, freezes end,
    /// last round's fallen may enter again, and the first step passes to
    /// the next seat in play after the one that began the last round.
    pub(super) fn new_round(&mut self) {
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
        self.first = self.seats_after(self.first).find(|s| !self.out.contains(*s)).unwrap_or(self.first);
        self.begin(Phase::Movement);
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

    /// The battles: every contested county fights, then the players whose
    /// Main Figure fell leave, then every field surrounded by enemies loses
    /// its figures, then the players whose Main Figure fell so leave. The
    /// match ends if one player is left, or at the first Main Figure taken
    /// with the beginners' ending.
    pub(super) fn battle(&mut self) {
        let mut captures = Vec::new();
        for county in 0..self.board().hexes as CellId {
            if self.holders(county).len() > 1 {
                self.fight(county, &mut captures);
            }
        }
        let fought = captures.len();
        self.remove_fallen(&captures);
        // Judged all at once: each surrounded field with the enemies around it.
        let surrounded: Vec<(CellId, Seat, SeatSet)> = (0..self.board().cells as CellId)
            .filter_map(|cell| {
                let holders = self.holders(cell);
                let seat = holders.first().filter(|_| holders.len() == 1)?;
                let around = self.board().around[usize::from(cell)].iter();
                let enemies = around.fold(SeatSet::EMPTY, |all, near| all.union(self.holders(*near)));
                self.surrounded(cell, seat).then_some((cell, seat, enemies))
            })
            .collect();
        for (cell, seat, captors) in surrounded {
            let troop = std::mem::take(&mut self.troops[usize::from(cell)][seat.index()]);
            self.fallen[seat.index()] += troop.fresh + troop.moved;
            if troop.main {
                captures.push(Capture { seat, captors });
            }
            self.report.push(format!("{} was surrounded on {}", Self::name(seat), self.cell_name(cell)));
        }
        self.remove_fallen(&captures[fought..]);
        if self.options.beginners && !captures.is_empty() {
            self.outcome = Some(self.first_capture(&captures));
        }
        self.check_end();
    }

    /// The beginners' ending: the captors of the Main Figures that fell
    /// win, unless they fell too; if every captor fell, the players still
    /// in the game share the win (or, if none is, those who fell last).
    fn first_capture(&mut self, captures: &[Capture]) -> Outcome {
        let captured = captures.iter().fold(SeatSet::EMPTY, |all, c| all.with(c.seat));
        let captors = captures.iter().fold(SeatSet::EMPTY, |all, c| all.union(c.captors)).without_all(captured);
        let names = |set: SeatSet| set.iter().map(Self::name).collect::<Vec<_>>().join(" and ");
        let winners = if captors.is_empty() { self.in_play() } else { captors };
        let winners = if winners.is_empty() { self.gone.pop().unwrap_or(SeatSet::EMPTY) } else { winners };
        let reason = format!("{} took the first Main Figure ({})", names(winners), names(captured));
        self.ranking(winners, reason)
    }

    /// "If a player has more figures than others, than 1 figure from that
    /// hex must be removed from the board, from all the players standing on
    /// it", again and again, until one player is left or all have equal
    /// numbers (then the county is unclear). Ordinary figures fall before
    /// the Main Figure. A Main Figure that falls is taken by the players
    /// left standing there with it.
    pub(super) fn fight(&mut self, county: CellId, captures: &mut Vec<Capture>) {
        let c = usize::from(county);
        let start: Vec<String> = self
            .holders(county)
            .iter()
            .map(|s| format!("{} {}", Self::name(s), self.troops[c][s.index()].count()))
            .collect();
        loop {
            let present = self.holders(county);
            let counts: Vec<u8> = present.iter().map(|s| self.troops[c][s.index()].count()).collect();
            if present.len() < 2 {
                let result = match present.first() {
                    Some(seat) => format!("{} holds it", Self::name(seat)),
                    None => "nobody is left".into(),
                };
                self.report.push(format!("Battle on {}: {}; {result}", self.cell_name(county), start.join(", ")));
                return;
            }
            if counts.iter().all(|n| *n == counts[0]) {
                self.unclear[c] = true;
                self.report.push(format!("Battle on {}: {}; unclear", self.cell_name(county), start.join(", ")));
                return;
            }
            let mut fell = SeatSet::EMPTY;
            for seat in present.iter() {
                let troop = &mut self.troops[c][seat.index()];
                if troop.fresh > 0 {
                    troop.fresh -= 1;
                } else if troop.moved > 0 {
                    troop.moved -= 1;
                } else {
                    troop.main = false;
                    fell = fell.with(seat);
                    continue;
                }
                self.fallen[seat.index()] += 1;
            }
            // The captors: those still standing there when it fell.
            let captors = self.holders(county).without_all(fell);
            captures.extend(fell.iter().map(|seat| Capture { seat, captors }));
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
    fn remove_fallen(&mut self, captures: &[Capture]) {
        let fallen = captures.iter().fold(SeatSet::EMPTY, |all, c| all.with(c.seat));
        for seat in fallen.iter() {
            self.report.push(format!("{}'s Main Figure fell: all their figures leave", Self::name(seat)));
        }
        self.remove_seats(fallen);
    }
}
