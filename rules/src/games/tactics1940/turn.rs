//! The order of a turn (Rules 8, 11, 7, 14): the opening throw, a move,
//! the submarine window, the traps, a trade, the protests the move caused,
//! the card, and the next player on the left; and which actions each of
//! those steps allows.

use super::board::Board;
use super::pieces::{Card, Kind};
use super::{Debt, Phase, Stage, Tactics1940, Tactics1940Action};
use crate::game::Game;
use crate::layout::CellId;
use crate::layout::gallery::oceans::Country;
use crate::seat::Seat;

impl<const RULES: u32> Tactics1940<RULES> {
    /// The legal actions of `seat`, which is asked now.
    pub(super) fn legal(&self, seat: Seat, out: &mut Vec<Tactics1940Action>) {
        let board = Board::get();
        if let Phase::Window { square, .. } = self.phase {
            out.push(Tactics1940Action::Pass);
            let target = self.piece(square).filter(|p| p.owner != seat && !self.allies(seat, p.owner));
            if target.is_some() && self.hands[seat.index()].contains(&Card::Submarine(board.name(square))) {
                out.push(Tactics1940Action::Torpedo);
            }
            return;
        }
        if let Some(id) = self.homing {
            let owner = self.piece(id).map(|p| p.owner);
            if let Some(country) = owner.map(|o| self.country(o)) {
                for to in board.home(country).filter(|to| self.piece(*to).is_none() && board.transport_may_stand(*to)) {
                    out.push(Tactics1940Action::Home { to: board.name(to) });
                }
            }
            return;
        }
        if let Some(debt) = self.debt {
            for id in self.squares_of(debt.payer) {
                out.push(Tactics1940Action::Sacrifice { at: board.name(id) });
            }
            return;
        }
        if self.joining.is_some() {
            out.extend([Country::North, Country::South].map(|side| Tactics1940Action::Join { side }));
            return;
        }
        if self.protests.front().is_some() {
            out.push(Tactics1940Action::Accept);
            if self.coins[seat.index()] > 0 {
                out.push(Tactics1940Action::Refuse);
            }
            return;
        }
        match self.phase {
            Phase::Moving => self.moving(seat, out),
            Phase::Card(card) => self.card_actions(seat, card, out),
            _ => {}
        }
    }

    /// A move of a piece; a demand on a neutral in the way of a blockade
    /// first, if the mover likes; only the demanded piece when the mover
    /// owes a demand it can meet; standing still when nothing can move.
    fn moving(&self, seat: Seat, out: &mut Vec<Tactics1940Action>) {
        let board = Board::get();
        let demanded: Vec<CellId> =
            self.demands.iter().copied().filter(|id| matches!(self.piece(*id), Some(p) if p.owner == seat)).collect();
        for id in &demanded {
            self.moves_from(seat, *id, out);
        }
        if !out.is_empty() {
            return;
        }
        for id in self.squares_of(seat) {
            self.moves_from(seat, id, out);
        }
        if out.is_empty() {
            out.push(Tactics1940Action::Stand);
        }
        for at in self.demandable(seat) {
            out.push(Tactics1940Action::Demand { at: board.name(at) });
        }
    }

    /// Plays an action already known to be legal.
    pub(super) fn act(&mut self, seat: Seat, action: &Tactics1940Action) {
        let board = Board::get();
        let id = |cell: &crate::board::Cell| board.id(*cell).expect("a legal action names squares of the board");
        match action {
            Tactics1940Action::Move { from, to } => {
                let (from, to) = (id(from), id(to));
                self.marks = vec![from, to];
                self.squares[usize::from(to)] = self.squares[usize::from(from)].take();
                self.moved(seat, to);
            }
            Tactics1940Action::Jump { path } => {
                let path: Vec<CellId> = path.iter().map(id).collect();
                for over in Self::jumped(&path) {
                    self.destroy(over, Some(seat));
                }
                let (from, to) = (path[0], path[path.len() - 1]);
                self.squares[usize::from(to)] = self.squares[usize::from(from)].take();
                self.marks = path;
                self.moved(seat, to);
            }
            Tactics1940Action::Stand => {
                self.marks.clear();
                self.phase = Phase::Drawing;
            }
            Tactics1940Action::Demand { at } => self.demands.push(id(at)),
            Tactics1940Action::Pass => {
                if let Phase::Window { square, by, answered } = self.phase {
                    self.phase = Phase::Window { square, by, answered: answered.with(seat) };
                    if self.status().acting().is_empty() {
                        self.after_move(by, square);
                    }
                }
            }
            Tactics1940Action::Torpedo => {
                if let Phase::Window { square, by, .. } = self.phase {
                    let card = Card::Submarine(board.name(square));
                    self.hands[seat.index()].retain(|c| *c != card);
                    self.discard.push(card);
                    self.last_card = Some((seat, card));
                    self.destroy(square, Some(seat));
                    self.after_move(by, square);
                }
            }
            Tactics1940Action::Accept => {
                let (injured, offender) = self.protests.pop_front().expect("a protest is served");
                if self.accept(injured, offender) {
                    self.joining = Some((injured, offender));
                }
                self.proceed();
            }
            Tactics1940Action::Refuse => {
                let (injured, offender) = self.protests.pop_front().expect("a protest is served");
                self.coins[offender.index()] -= 1;
                self.coins[injured.index()] += 1;
                self.proceed();
            }
            Tactics1940Action::Join { side } => {
                let (injured, offender) = self.joining.take().expect("a neutral chooses its side");
                self.join(injured, offender, *side);
                self.proceed();
            }
            Tactics1940Action::Home { to } => {
                let from = self.homing.take().expect("a supply ship goes home");
                self.squares[usize::from(id(to))] = self.squares[usize::from(from)].take();
                self.proceed();
            }
            Tactics1940Action::Sacrifice { at } => {
                let debt = self.debt.take().expect("a coin is owed");
                let at = id(at);
                let value = self.piece(at).map_or(0, |p| p.kind.value());
                self.destroy(at, None);
                // The piece's value comes from the Gold Reserve, as far as
                // it goes, and the coin owed is paid from it (Rule 17). The
                // piece is the forfeit: with the Reserve empty, giving it up
                // settles the debt (version 1 asked for another piece).
                let change = value.min(self.reserve);
                self.reserve -= change;
                self.coins[debt.payer.index()] += change;
                if RULES < 2 || change > 0 {
                    self.pay(debt.payer, debt.to);
                }
                self.proceed();
            }
            Tactics1940Action::Strike { .. }
            | Tactics1940Action::Forfeit { .. }
            | Tactics1940Action::Place { .. }
            | Tactics1940Action::Enlist { .. }
            | Tactics1940Action::Decline
            | Tactics1940Action::Serve { .. } => {
                let Phase::Card(card) = self.phase else {
                    unreachable!("card actions are asked while a card is carried out")
                };
                self.stage = Stage::Carded;
                self.phase = Phase::Ending;
                self.carry_out(seat, card, action);
                self.proceed();
            }
        }
    }

    /// After a piece of `seat` ended a move (or a card's jump) on `to`: a
    /// window for a submarine there, else what follows the move.
    pub(super) fn moved(&mut self, seat: Seat, to: CellId) {
        // A demand is met, or lapses, once its piece's owner has moved.
        let kept =
            self.demands.iter().copied().filter(|id| *id != to && self.piece(*id).is_some_and(|p| p.owner != seat));
        self.demands = kept.collect();
        if Board::get().submarine_squares().contains(&to) {
            self.phase = Phase::Window { square: to, by: seat, answered: crate::seat::SeatSet::EMPTY };
            return;
        }
        self.after_move(seat, to);
    }

    /// The window on `square` closes, or no window was due: the traps the
    /// move sprang and a trade; then the card after a move, or the end of
    /// the turn after a card's.
    fn after_move(&mut self, seat: Seat, to: CellId) {
        self.phase = match self.stage {
            Stage::Moved => Phase::Drawing,
            Stage::Carded => Phase::Ending,
        };
        self.spring_traps(self.to_move);
        self.trade(seat, to);
        self.proceed();
    }

    /// A neutral's supply ship that entered another player's seaport trades:
    /// a coin from the Gold Reserve for each of the two, and the ship goes
    /// home in one jump (its owner chooses the square).
    fn trade(&mut self, seat: Seat, at: CellId) {
        let board = Board::get();
        let Some(piece) = self.piece(at) else { return };
        let Some(home) = board.home_of(at) else { return };
        // A seaport whose player withdrew trades with nobody.
        let Some(host) = self.seat_of(home).filter(|h| !self.withdrawn.contains(*h)) else { return };
        if piece.kind != Kind::Transport || piece.owner != seat || host == seat || self.belligerent(seat) {
            return;
        }
        if !board.in_seaport(at, home) {
            return;
        }
        // A trade is a ship's entering the port (Rule 14), not a move within
        // it; the move's first mark is where it came from.
        let entered = self.marks.first().is_none_or(|from| !board.in_seaport(*from, home));
        if RULES >= 2 && !entered {
            return;
        }
        for payee in [seat, host] {
            if self.reserve > 0 {
                self.reserve -= 1;
                self.coins[payee.index()] += 1;
            }
        }
        let home_free =
            board.home(self.country(seat)).any(|id| self.piece(id).is_none() && board.transport_may_stand(id));
        if home_free {
            self.homing = Some(at);
        }
    }

    /// `payer` pays a coin to `to` or the Gold Reserve; with none, it owes
    /// it and gives up a piece for it (Rule 17) if it has one.
    pub(super) fn pay(&mut self, payer: Seat, to: Option<Seat>) {
        if self.coins[payer.index()] == 0 {
            if self.squares_of(payer).next().is_some() {
                self.debt = Some(Debt { payer, to });
            }
            return;
        }
        self.coins[payer.index()] -= 1;
        match to {
            Some(seat) => self.coins[seat.index()] += 1,
            None => self.reserve += 1,
        }
    }

    /// Goes on once no decision is pending: protests whose server has no
    /// card left lapse, and a turn whose card is carried out ends.
    pub(super) fn proceed(&mut self) {
        while let Some((injured, _)) = self.protests.front() {
            if self.cards_left[injured.index()] > 0 {
                break;
            }
            self.protests.pop_front();
        }
        let pending = self.waiting_on().is_some() || matches!(self.phase, Phase::Window { .. });
        if self.outcome.is_none() && !pending && self.phase == Phase::Ending {
            self.end_turn();
        }
    }

    /// The opening throw: the high die moves first; a tie for it throws
    /// again.
    pub(super) fn opening(&mut self, dice: &[u8]) {
        self.opening = dice.to_vec();
        let high = dice.iter().copied().max().unwrap_or(0);
        let highest: Vec<usize> = (0..dice.len()).filter(|i| dice[*i] == high).collect();
        if let [first] = highest.as_slice() {
            self.to_move = Seat(*first as u8);
            self.phase = Phase::Moving;
            self.stage = Stage::Moved;
        }
    }

    /// The top card drawn: a submarine card is kept; any other is carried
    /// out, by its drawer where it offers a choice.
    pub(super) fn draw(&mut self, card: Card) {
        let at = self.pile.iter().position(|c| *c == card).expect("the card drawn is in the pile");
        self.pile.remove(at);
        let drawer = self.to_move;
        self.stage = Stage::Carded;
        if card.is_submarine() {
            self.hands[drawer.index()].push(card);
            self.hands[drawer.index()].sort_unstable();
            self.phase = Phase::Ending;
            self.proceed();
            return;
        }
        self.last_card = Some((drawer, card));
        self.discard.push(card);
        let mut choices = Vec::new();
        self.card_actions(drawer, card, &mut choices);
        if choices.is_empty() {
            // Nothing to choose: the card does what it does, or nothing.
            self.phase = Phase::Ending;
            self.carry_out(drawer, card, &Tactics1940Action::Decline);
            self.proceed();
        } else {
            self.phase = Phase::Card(card);
        }
    }

    /// The turn ends: traps the card made, a blockade, and the next
    /// player on the left.
    fn end_turn(&mut self) {
        self.spring_traps(self.to_move);
        if !self.protests.is_empty() {
            self.proceed();
            return;
        }
        self.turns += 1;
        if self.check_blockade() {
            return;
        }
        let n = self.seat_count();
        let next = (1..=n).map(|k| Seat(((self.to_move.index() + k) % n) as u8)).find(|s| !self.withdrawn.contains(*s));
        self.to_move = next.unwrap_or(self.to_move);
        self.phase = Phase::Moving;
        self.stage = Stage::Moved;
        if self.pile.is_empty() {
            // The deck drawn out is shuffled again before the next draw
            // (Rule 6); the cards held in hands stay there.
            self.pile = std::mem::take(&mut self.discard);
            self.pile.sort_unstable();
        }
    }
}
