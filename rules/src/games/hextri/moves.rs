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

use super::{HexTri, HexTriAction, Move};
use crate::layout::CellId;
use crate::seat::{Seat, SeatSet};

impl HexTri {
    /// The counties that can pay for `seat`'s move: its alone, with a point.
    fn payers(&self, seat: Seat) -> Vec<CellId> {
        (0..self.board().hexes as CellId)
            .filter(|h| self.points[usize::from(*h)] > 0 && self.holders(*h) == SeatSet::only(seat))
            .collect()
    }

    /// Whether a road is empty.
    fn empty(&self, cell: CellId) -> bool {
        self.troops[usize::from(cell)].iter().all(|t| t.count() == 0)
    }

    /// Appends every move `seat` may make now.
    pub(super) fn moves(&self, seat: Seat, out: &mut Vec<HexTriAction>) {
        if self.outcome.is_some() || self.out.contains(seat) {
            return;
        }
        let i = seat.index();
        let payers = self.payers(seat);
        let paid: Vec<Option<CellId>> = payers.iter().map(|p| Some(*p)).collect();
        if self.main_moves[i] < 2 {
            let pays = if self.main_moves[i] == 0 { vec![None] } else { paid.clone() };
            if !pays.is_empty() {
                self.moves_of(seat, true, self.main_at(seat), &pays, out);
            }
        }
        if paid.is_empty() {
            return;
        }
        for cell in 0..self.board().cells {
            if self.troops[cell][i].fresh > 0 {
                self.moves_of(seat, false, Some(cell as CellId), &paid, out);
            }
        }
        if self.reserve[i] > 0 {
            self.moves_of(seat, false, None, &paid, out);
        }
    }

    /// The moves of one figure of `seat` (the Main Figure if `main`) from
    /// `from` (off the board if none), each paid in each way of `pays`.
    fn moves_of(
        &self,
        seat: Seat,
        main: bool,
        from: Option<CellId>,
        pays: &[Option<CellId>],
        out: &mut Vec<HexTriAction>,
    ) {
        let board = self.board();
        let name = |cell: CellId| board.name(cell);
        let mut push = |via: Option<CellId>, to: CellId, pay: Option<CellId>| {
            out.push(HexTriAction::Move(Move {
                main,
                from: from.map(name),
                via: via.map(name),
                to: name(to),
                pay: pay.map(name),
            }));
        };
        let Some(from) = from else {
            // Off the board: onto an empty edge road.
            for road in (board.hexes..board.cells).map(|c| c as CellId) {
                if board.entry[usize::from(road)] && self.empty(road) {
                    pays.iter().for_each(|pay| push(None, road, *pay));
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
                    pays.iter().for_each(|pay| push(None, *road, *pay));
                }
            }
            return;
        }
        for county in &board.around[here] {
            let c = usize::from(*county);
            // On through the county: its point must be there to use once the
            // figure stands on it, so the county must be the player's alone.
            let alone = self.holders(*county).without(seat).is_empty();
            for pay in pays {
                push(None, *county, *pay);
                let left = self.points[c] - u16::from(*pay == Some(*county));
                if !alone || left == 0 {
                    continue;
                }
                for road in &board.around[c] {
                    if *road == from || self.empty(*road) {
                        push(Some(*county), *road, *pay);
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
        let arrived = &mut self.troops[usize::from(to)][i];
        if m.main {
            arrived.main = true;
            self.main_moves[i] += 1;
        } else {
            arrived.moved += 1;
        }
        self.marks = [Some(from.unwrap_or(board.reserve(i))), via, Some(to)].into_iter().flatten().collect();
    }

    /// Why `seat` may not make `m`, in words.
    pub(super) fn explain_move(&self, seat: Seat, m: &Move) -> String {
        let board = self.board();
        if seat != self.mover || self.outcome.is_some() {
            return "it is not your step".into();
        }
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
}
