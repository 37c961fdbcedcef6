//! The chance cards carried out (Rules 6, 12, 16 and 17): what each card
//! lets its drawer choose, and what it does. Which card is which is in
//! [`Card`]; the deck's make-up and every ruling are in
//! docs/rules/tactics1940.md ("The deck").

use super::board::Board;
use super::pieces::{Card, Kind, Piece};
use super::{Tactics1940, Tactics1940Action};
use crate::layout::CellId;
use crate::layout::gallery::oceans::{Place, Role};
use crate::seat::Seat;

impl<const RULES: u32> Tactics1940<RULES> {
    /// The choices `card` offers its drawer `seat`; none when it acts by
    /// itself or cannot act.
    pub(super) fn card_actions(&self, seat: Seat, card: Card, out: &mut Vec<Tactics1940Action>) {
        let board = Board::get();
        let name = |id: CellId| board.name(id);
        if card.needs_airplane() && !self.has(seat, Kind::Airplane, true) {
            return;
        }
        match card {
            Card::Submarine(_) | Card::WarTax => {}
            Card::SurpriseManeuver | Card::Flight => {
                let kind = if card == Card::Flight { Kind::Airplane } else { Kind::Transport };
                let landings: Vec<CellId> = board.ids().filter(|id| self.may_place(seat, kind, *id)).collect();
                for from in self.pieces_of(seat, kind) {
                    for to in landings.iter().filter(|to| **to != from) {
                        out.push(Tactics1940Action::Place { from: name(from), to: name(*to) });
                    }
                }
                if card == Card::SurpriseManeuver {
                    out.push(Tactics1940Action::Decline);
                }
            }
            Card::PlaneVsBattleship => {
                for target in self.targets(seat) {
                    let home = self.country(target);
                    for at in self.pieces_of(target, Kind::Battleship) {
                        if !board.in_zone(at) && !board.in_seaport(at, home) {
                            out.push(Tactics1940Action::Strike { at: name(at) });
                        }
                    }
                }
            }
            Card::PlaneAttack | Card::PlaneRaid => {
                let kind = if card == Card::PlaneAttack { Kind::Airplane } else { Kind::Transport };
                for target in self.targets(seat) {
                    let open: Vec<CellId> = self.pieces_of(target, kind).filter(|at| !board.in_zone(*at)).collect();
                    if open.is_empty() {
                        out.push(Tactics1940Action::Forfeit { seat: target });
                    }
                    out.extend(open.into_iter().map(|at| Tactics1940Action::Strike { at: name(at) }));
                }
            }
            Card::Mine | Card::PlaneCrash => {
                let kind = if card == Card::Mine { Kind::Transport } else { Kind::Airplane };
                for at in self.pieces_of(seat, kind).filter(|at| !board.in_zone(*at)) {
                    out.push(Tactics1940Action::Strike { at: name(at) });
                }
            }
            Card::Conscription => {
                if self.lost[seat.index()][Kind::Transport as usize] > 0 {
                    for to in board.home(self.country(seat)) {
                        if self.piece(to).is_none() && board.transport_may_stand(to) {
                            out.push(Tactics1940Action::Enlist { to: name(to) });
                        }
                    }
                }
            }
            Card::DiplomaticIncident => {
                if self.cards_left[seat.index()] > 0 {
                    for other in self.in_play().filter(|o| *o != seat && self.aggression(seat, *o)) {
                        out.push(Tactics1940Action::Serve { seat: other });
                    }
                }
            }
        }
    }

    /// Carries out `card` drawn by `seat` with the choice `action`
    /// ([`Tactics1940Action::Decline`] when it offered none).
    pub(super) fn carry_out(&mut self, seat: Seat, card: Card, action: &Tactics1940Action) {
        let board = Board::get();
        let id = |cell: &crate::board::Cell| board.id(*cell).expect("a legal action names squares of the board");
        match (card, action) {
            (Card::WarTax, _) => self.pay(seat, None),
            // With no piece to lose, a coin to the Gold Reserve (Rule 16).
            (Card::Mine | Card::PlaneCrash, Tactics1940Action::Decline) => {
                let kind = if card == Card::Mine { Kind::Transport } else { Kind::Airplane };
                if !self.has(seat, kind, false) {
                    self.pay(seat, None);
                }
            }
            (Card::Mine | Card::PlaneCrash, Tactics1940Action::Strike { at }) => self.destroy(id(at), None),
            (Card::PlaneAttack | Card::PlaneRaid, Tactics1940Action::Strike { at }) => {
                self.destroy(id(at), Some(seat));
            }
            (_, Tactics1940Action::Forfeit { seat: payer }) => self.pay(*payer, Some(seat)),
            (Card::PlaneVsBattleship, Tactics1940Action::Strike { at }) => {
                let at = id(at);
                if let Some(piece) = self.piece(at) {
                    self.aggressed(seat, piece.owner);
                    self.repair(at, piece);
                }
            }
            (_, Tactics1940Action::Place { from, to }) => {
                let (from, to) = (id(from), id(to));
                self.squares[usize::from(to)] = self.squares[usize::from(from)].take();
                self.marks = vec![from, to];
                self.moved(seat, to);
            }
            (_, Tactics1940Action::Enlist { to }) => {
                self.lost[seat.index()][Kind::Transport as usize] -= 1;
                self.squares[usize::from(id(to))] = Some(Piece { owner: seat, kind: Kind::Transport });
            }
            (_, Tactics1940Action::Serve { seat: on }) => self.protests.push_back((seat, *on)),
            _ => {}
        }
    }

    /// A damaged battleship on `at` goes back to the free square of its own
    /// seaport nearest to it; with the seaport full, a transport there is
    /// first moved back to the nearest free square of its home area; with
    /// no transport to move or nowhere to move it, the battleship stays
    /// where it is (docs/rules/tactics1940.md, "Plane vs. Battleship").
    fn repair(&mut self, at: CellId, piece: Piece) {
        let board = Board::get();
        let home = self.country(piece.owner);
        let free_port = self.nearest(at, board.seaport(home).filter(|id| self.piece(*id).is_none()).collect());
        let berth = match free_port {
            Some(berth) => Some(berth),
            None => {
                let transport =
                    board.seaport(home).find(|id| matches!(self.piece(*id), Some(p) if p.kind == Kind::Transport));
                let land = transport.and_then(|t| {
                    let free =
                        board.home(home).filter(|id| self.piece(*id).is_none() && board.transport_may_stand(*id));
                    self.nearest(t, free.collect())
                });
                match (transport, land) {
                    (Some(t), Some(land)) => {
                        self.squares[usize::from(land)] = self.squares[usize::from(t)].take();
                        Some(t)
                    }
                    _ => None,
                }
            }
        };
        if let Some(berth) = berth {
            self.squares[usize::from(berth)] = self.squares[usize::from(at)].take();
            self.marks = vec![at, berth];
        }
    }

    /// Of `ids`, the one nearest to `from` (in king's steps across the
    /// board), the first on a tie.
    fn nearest(&self, from: CellId, ids: Vec<CellId>) -> Option<CellId> {
        let board = Board::get();
        let (r, c) = board.at(from);
        ids.into_iter().min_by_key(|id| {
            let (r2, c2) = board.at(*id);
            (r.abs_diff(r2).max(c.abs_diff(c2)), *id)
        })
    }

    /// The squares of `seat`'s pieces of `kind`.
    pub(super) fn pieces_of(&self, seat: Seat, kind: Kind) -> impl Iterator<Item = CellId> + '_ {
        Board::get().ids().filter(move |id| self.piece(*id) == Some(Piece { owner: seat, kind }))
    }

    /// Whether `seat` has a piece of `kind` on the board (outside the
    /// safety zone unless `anywhere`).
    fn has(&self, seat: Seat, kind: Kind, anywhere: bool) -> bool {
        let board = Board::get();
        self.pieces_of(seat, kind).any(|at| anywhere || !board.in_zone(at))
    }

    /// Whether a card may put `seat`'s piece of `kind` on `id`: a free sea
    /// or safety-zone square that touches no open seaport square, so that
    /// no way out of a port is blocked (Rule 6); an airplane may also fly
    /// back to a free plane base of its own.
    fn may_place(&self, seat: Seat, kind: Kind, id: CellId) -> bool {
        let board = Board::get();
        if self.piece(id).is_some() {
            return false;
        }
        match board.place(id) {
            Place::Ocean { .. } | Place::Zone => !board.in_a_mouth(id),
            Place::Home { country, role: Role::PlaneBase } => kind == Kind::Airplane && country == self.country(seat),
            Place::Home { .. } => false,
        }
    }
}
