//! What each viewer sees of a match, and what a person clicks for each
//! action. Everything on the board is public; a submarine card is read by
//! its holder alone (others see how many each holds) until the match ends.

use super::board::Board;
use super::pieces::{Card, Kind};
use super::{Phase, Tactics1940, Tactics1940Action};
use crate::click::Click;
use crate::game::Game;
use crate::layout::gallery::oceans::Corner;
use crate::seat::{Seat, Viewer};
use crate::view::{Attribute, Fact, Hand, Panel, Piece, Stack, View};

impl<const RULES: u32> Tactics1940<RULES> {
    /// The view of `viewer`.
    pub(super) fn view_for(&self, viewer: Viewer) -> View {
        let board = Board::get();
        let stacks = board
            .ids()
            .filter_map(|id| {
                let piece = self.piece(id)?;
                Some(Stack { cell: id, pieces: vec![Piece::of_kind(piece.owner, piece.kind.short())] })
            })
            .collect();
        let open = self.outcome.is_some();
        let seats = self
            .seats()
            .map(|seat| {
                let i = seat.index();
                let mut facts = vec![
                    Fact::new("side", self.side_name(seat)),
                    Fact::new("coins", self.coins[i]),
                    Fact::new("protest cards", self.cards_left[i]),
                ];
                if let Some(die) = self.opening.get(i) {
                    facts.push(Fact::new("opening throw", die));
                }
                let taken: Vec<String> = self
                    .seats()
                    .filter(|from| self.accepted[i][from.index()] > 0)
                    .map(|from| format!("{} from {}", self.accepted[i][from.index()], self.country(from).name()))
                    .collect();
                if !taken.is_empty() {
                    facts.push(Fact::new("protests accepted", taken.join(", ")));
                }
                let lost: Vec<String> = Kind::ALL
                    .iter()
                    .filter(|k| self.lost[i][**k as usize] > 0)
                    .map(|k| format!("{} {}", self.lost[i][*k as usize], k.short()))
                    .collect();
                if !lost.is_empty() {
                    facts.push(Fact::new("lost", lost.join(", ")));
                }
                let held = &self.hands[i];
                let hand = if open || viewer.is(seat) {
                    Hand { cards: held.iter().map(Card::to_string).collect(), hidden: 0 }
                } else {
                    Hand { cards: Vec::new(), hidden: held.len() as u32 }
                };
                Panel { hand: Some(hand), ..Panel::facts(facts) }
            })
            .collect();
        let private = match viewer {
            Viewer::Seat(seat) if !open => self.hands[seat.index()].iter().map(|c| c.text()).collect(),
            _ => Vec::new(),
        };
        let mut announcements = vec![format!("Gold Reserve: {} coins; deck: {} cards", self.reserve, self.pile.len())];
        if let Some((drawer, card)) = self.last_card {
            announcements.push(format!("{} drew {card}: {}", self.country(drawer).name(), card.text()));
        }
        // The boxes beside the board: what each holds, counted.
        let lost = |kinds: &[Kind]| -> i32 {
            self.lost.iter().map(|l| kinds.iter().map(|k| i32::from(l[*k as usize])).sum::<i32>()).sum()
        };
        let counts = [
            (Corner::Locker, lost(&[Kind::Battleship])),
            (Corner::Supply, lost(&[Kind::Transport, Kind::Airplane])),
            (Corner::Reserve, self.reserve as i32),
            (Corner::Deck, self.pile.len() as i32),
        ];
        let attributes = counts
            .into_iter()
            .map(|(corner, count)| Attribute { cell: corner.cell(), owner: None, value: Some(count), tag: None })
            .collect();
        View {
            stacks,
            attributes,
            seats,
            teams: self.teams(),
            acting: self.status().acting(),
            prompt: self.prompt(),
            marks: self.marks.clone(),
            private,
            announcements,
            outcome: self.outcome.clone(),
        }
    }

    /// Its side, in words: "belligerent", "neutral", "at war, allied with
    /// South", or "withdrew".
    fn side_name(&self, seat: Seat) -> String {
        let country = self.country(seat);
        if self.withdrawn.contains(seat) {
            return "withdrew".into();
        }
        match self.side(seat) {
            None => "neutral".into(),
            Some(side) if side == country => "belligerent".into(),
            Some(side) => format!("at war, allied with {}", side.name()),
        }
    }

    /// What is asked now, in words.
    fn prompt(&self) -> String {
        if self.outcome.is_some() {
            return String::new();
        }
        let board = Board::get();
        let name = |seat: Seat| self.country(seat).name();
        if let Phase::Window { square, .. } = self.phase {
            return format!("A piece entered {}: a submarine may strike", board.name(square));
        }
        if let Some(id) = self.homing {
            return format!(
                "{} traded: choose where the supply ship goes home",
                self.piece(id).map_or("", |p| name(p.owner))
            );
        }
        if let Some(debt) = self.debt {
            return format!("{} owes a coin and has none: give up a piece", name(debt.payer));
        }
        if let Some((injured, _)) = self.joining {
            return format!("{} is at war: choose a side", name(injured));
        }
        if let Some((injured, offender)) = self.protests.front() {
            return format!("{} serves a protest card on {}: accept it or pay a coin", name(*injured), name(*offender));
        }
        match self.phase {
            Phase::Opening => "throwing for the first move".into(),
            Phase::Moving => format!("{} moves a piece", name(self.to_move)),
            Phase::Card(card) => format!("{} carries out {card}", name(self.to_move)),
            _ => String::new(),
        }
    }

    /// The clicks of each action: squares for moves, a piece and where it
    /// goes for a card's move, the piece struck, and named choices for the
    /// rest.
    pub(super) fn clicks_of(&self, seat: Seat, action: &Tactics1940Action) -> Vec<Click> {
        let board = Board::get();
        let cell = |c: &crate::board::Cell| Click::Cell(board.id(*c).unwrap_or(0));
        let name = |seat: &Seat| self.country(*seat).name();
        match action {
            Tactics1940Action::Move { from, to } | Tactics1940Action::Place { from, to } => vec![cell(from), cell(to)],
            Tactics1940Action::Jump { path } => {
                // Where the jumps could go on, stopping is a choice of its own.
                let mut clicks: Vec<Click> = path.iter().map(cell).collect();
                let mut all = Vec::new();
                if let Some(start) = board.id(path[0]) {
                    self.moves_from(seat, start, &mut all);
                }
                let goes_on = all.iter().any(|other| {
                    matches!(other, Tactics1940Action::Jump { path: longer } if longer.len() > path.len() && longer.starts_with(path))
                });
                if goes_on {
                    clicks.push(Click::choice("stop here"));
                }
                clicks
            }
            Tactics1940Action::Stand => vec![Click::choice("no piece can move")],
            Tactics1940Action::Demand { at } => vec![Click::choice("demand"), cell(at)],
            Tactics1940Action::Pass => vec![Click::choice("pass")],
            Tactics1940Action::Torpedo => vec![Click::choice("torpedo!")],
            Tactics1940Action::Accept => vec![Click::choice("accept the protest")],
            Tactics1940Action::Refuse => vec![Click::choice("refuse: pay a coin")],
            Tactics1940Action::Join { side } => vec![Click::choice(format!("join {}", side.name()))],
            Tactics1940Action::Home { to } | Tactics1940Action::Enlist { to } => vec![cell(to)],
            Tactics1940Action::Strike { at } | Tactics1940Action::Sacrifice { at } => vec![cell(at)],
            Tactics1940Action::Forfeit { seat } => vec![Click::choice(format!("{} pays a coin", name(seat)))],
            Tactics1940Action::Decline => vec![Click::choice("decline")],
            Tactics1940Action::Serve { seat } => vec![Click::choice(format!("serve on {}", name(seat)))],
        }
    }
}
