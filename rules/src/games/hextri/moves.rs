//! The movement phase's moves: which a seat may make, and making one.
//!
//! "To move with a figure, the player must pay 1 point", taken "from
//! hex-fields occupied by the player" and never from a contested one,
//! before the move; the Main Figure's first move of a round is free. A
//! figure moves from a county to an empty road beside it, from a road to a
//! county beside it (and on through it to an empty road for one more point
//! from that county, when that county is the player's alone and has the
//! point), or from off the board to an empty edge road. A figure leaves a
//! contested county only if one of its player's figures stays.
//!
//! With Sabotage, a step may instead pay 3 points from one of the player's
//! counties onto a county of one enemy, freezing it till the next round:
//! its figures do not move and its points are not used. With Fanatic, a
//! figure may move from a county onto a road beside it held by an enemy
//! figure other than a Main Figure: both fall, or, if the attacker is the
//! Main Figure, the enemy falls and the Main Figure stays on the road and
//! moves no more that round.

use super::round::Steps;
use super::{HexTri, HexTriAction, Move, Troop};
use crate::board::Cell;
use crate::layout::CellId;
use crate::seat::Seat;

impl<const RULES: u32> HexTri<RULES> {
    /// The counties that can pay for `seat`'s move: its alone, with a point.
    pub(super) fn payers(&self, seat: Seat) -> Vec<CellId> {
        self.held(seat).filter(|h| self.points[usize::from(*h)] > 0 && !self.frozen[usize::from(*h)]).collect()
    }

    /// The enemy on a road that a Fanatic may attack: an ordinary figure,
    /// never a Main Figure.
    fn attackable(&self, seat: Seat, road: CellId) -> bool {
        let holders = self.holders(road);
        self.options.fanatic
            && holders.len() == 1
            && !holders.contains(seat)
            && self.troops[usize::from(road)].iter().all(|t| !t.main)
    }

    /// Whether a road is empty.
    fn empty(&self, cell: CellId) -> bool {
        self.troops[usize::from(cell)].iter().all(|t| t.count() == 0)
    }

    /// Appends every move `seat` may make now.
    pub(super) fn moves(&self, seat: Seat, out: &mut impl Steps) {
        let i = seat.index();
        let board = self.board();
        // Figures on a frozen county do not move.
        let free_to_go = |cell: CellId| !board.is_hex(cell) || !self.frozen[usize::from(cell)];
        let main = self.main_at(seat);
        let main_goes = self.main_moves[i] < 2 && main.is_none_or(free_to_go);
        // The Main Figure's first move of a round is free, so it is found
        // without asking which counties can pay.
        if main_goes && self.main_moves[i] == 0 {
            self.moves_of(seat, true, main, &[None], out);
            if out.enough() {
                return;
            }
        }
        let payers = self.payers(seat);
        let paid: Vec<Option<CellId>> = payers.iter().map(|p| Some(*p)).collect();
        if paid.is_empty() {
            return;
        }
        if main_goes && self.main_moves[i] == 1 {
            self.moves_of(seat, true, main, &paid, out);
        }
        for cell in 0..board.cells {
            if out.enough() {
                return;
            }
            if self.troops[cell][i].fresh > 0 && free_to_go(cell as CellId) {
                self.moves_of(seat, false, Some(cell as CellId), &paid, out);
            }
        }
        if self.options.sabotage && !out.enough() {
            for pay in payers.iter().filter(|p| self.points[usize::from(**p)] >= 3) {
                for target in 0..board.hexes as CellId {
                    let holders = self.holders(target);
                    if holders.len() == 1 && !holders.contains(seat) && !self.frozen[usize::from(target)] {
                        out.push(HexTriAction::Sabotage { target: board.name(target), pay: board.name(*pay) });
                    }
                }
            }
        }
        if self.reserve[i] > 0 && !out.enough() {
            self.moves_of(seat, false, None, &paid, out);
        }
    }

    /// The moves of one figure of `seat` (the Main Figure if `main`) from
    /// `from` (off the board if none), each paid in each way of `pays`.
    fn moves_of(&self, seat: Seat, main: bool, from: Option<CellId>, pays: &[Option<CellId>], out: &mut impl Steps) {
        let board = self.board();
        let name = |cell: CellId| board.name(cell);
        let step = |via: Option<CellId>, to: CellId, pay: Option<CellId>, attack: bool| {
            HexTriAction::Move(Move {
                main,
                from: from.map(name),
                via: via.map(name),
                to: name(to),
                attack,
                pay: pay.map(name),
            })
        };
        let Some(from) = from else {
            // Off the board: onto an empty edge road.
            for road in (board.hexes..board.cells).map(|c| c as CellId) {
                if out.enough() {
                    return;
                }
                if board.entry[usize::from(road)] && self.empty(road) {
                    pays.iter().for_each(|pay| out.push(step(None, road, *pay, false)));
                }
            }
            return;
        };
        let here = usize::from(from);
        if board.is_hex(from) {
            let holders = self.holders(from);
            if holders.len() > 1 && self.troops[here][seat.index()].count() < 2 {
                return; // Leaving a contested county needs a figure left behind.
            }
            for road in &board.around[here] {
                if self.empty(*road) {
                    pays.iter().for_each(|pay| out.push(step(None, *road, *pay, false)));
                } else if self.attackable(seat, *road) {
                    pays.iter().for_each(|pay| out.push(step(None, *road, *pay, true)));
                }
            }
            return;
        }
        for county in &board.around[here] {
            let c = usize::from(*county);
            // On through the county: its point must be there to use once the
            // figure stands on it, so the county must be the player's alone,
            // and not frozen, whose points nobody uses and whose figures do
            // not move (Sabotage; version 1 let them through).
            let alone = self.holders(*county).without(seat).is_empty();
            let frozen = RULES >= 2 && self.frozen[c];
            for pay in pays {
                out.push(step(None, *county, *pay, false));
                let left = self.points[c] - u16::from(*pay == Some(*county));
                if !alone || frozen || left == 0 {
                    continue;
                }
                for road in &board.around[c] {
                    if *road == from || self.empty(*road) {
                        out.push(step(Some(*county), *road, *pay, false));
                    }
                }
            }
        }
    }

    /// Makes a legal move.
    pub(super) fn play_move(&mut self, seat: Seat, m: &Move) {
        let board = self.board();
        let id = |cell| board.id(cell).expect("a legal move names the board's cells");
        let (from, via, to) = (m.from.map(id), m.via.map(id), id(m.to));
        let i = seat.index();
        for county in [m.pay.map(id), via].into_iter().flatten() {
            self.points[usize::from(county)] -= 1;
        }
        match (m.main, from) {
            (true, Some(cell)) => self.troops[usize::from(cell)][i].main = false,
            (true, None) => {}
            (false, Some(cell)) => self.troops[usize::from(cell)][i].fresh -= 1,
            (false, None) => self.reserve[i] -= 1,
        }
        if m.attack {
            // Fanatic: the enemy on the road falls ("treated as they were
            // killed in the Battle Phase"), and so does the attacker unless
            // it is the Main Figure, which stays and moves no more.
            for (enemy, troop) in self.troops[usize::from(to)].iter_mut().enumerate() {
                self.fallen[enemy] += troop.fresh + troop.moved;
                *troop = Troop::default();
            }
            if !m.main {
                self.fallen[i] += 1;
            }
        }
        let arrived = &mut self.troops[usize::from(to)][i];
        if m.main {
            arrived.main = true;
            self.main_moves[i] = if m.attack { 2 } else { self.main_moves[i] + 1 };
        } else if !m.attack {
            arrived.moved += 1;
        }
        self.marks = [Some(from.unwrap_or(board.reserve(i))), via, Some(to)].into_iter().flatten().collect();
    }

    /// Why `seat` may not make `m`, in words.
    pub(super) fn explain_move(&self, seat: Seat, m: &Move) -> String {
        let board = self.board();
        let free = m.main && self.main_moves[seat.index()] == 0;
        match m.pay.map(|p| board.id(p)) {
            None if !free => {
                return "a move costs a point from a county you alone occupy (only the Main Figure's first move \
                        of a round is free)"
                    .into();
            }
            Some(None) => return format!("{} is not on this board", m.pay.map(|p| p.to_string()).unwrap_or_default()),
            Some(Some(pay)) if !self.payers(seat).contains(&pay) => {
                return format!(
                    "{} cannot pay: points are used only from a county you alone occupy, with a point on it",
                    self.cell_name(pay)
                );
            }
            _ => {}
        }
        if let Some(to) = board.id(m.to).filter(|to| !board.is_hex(*to) && !self.empty(*to)) {
            return format!("{} is taken: a road holds one figure", self.cell_name(to));
        }
        if m.main && self.main_moves[seat.index()] >= 2 {
            return "the Main Figure has made its free move and its paid move this round".into();
        }
        "no figure of yours can move that way: each figure moves once a round (the Main Figure twice), from a \
         county to a road beside it, from a road to a county beside it or on through it, and leaves a contested \
         county only if one of yours stays"
            .into()
    }

    /// Sabotage: 3 points from the player's county onto the enemy's, which
    /// is frozen till the next round.
    pub(super) fn play_sabotage(&mut self, target: Cell, pay: Cell) {
        let board = self.board();
        let (target, pay) = (board.id(target).expect("a county"), board.id(pay).expect("a county"));
        self.points[usize::from(pay)] -= 3;
        self.points[usize::from(target)] += 3;
        self.frozen[usize::from(target)] = true;
        self.marks = vec![pay, target];
    }
}
