//! Tactics (Fielding & Calhoun, Northwestern Products, 1940;
//! rulebooks/tactics-1940.txt): two belligerents, North and South, race to
//! blockade each other's seaport while one or two neutrals, East and West,
//! trade for profit; a chance card after every move, submarine cards held
//! in secret and played out of turn, and diplomatic protests that can drag
//! a neutral into the war.
//!
//! A turn is one move of a piece (a step, or a battleship's jumps), the
//! submarine window when the piece ends on a submarine square, the traps the
//! move springs, a trade, then the top card of the chance deck carried out;
//! protests are answered as soon as an aggression is made. The board and the
//! deck are the reconstructions of ../shared/designs/remaining-games.md §3,
//! with the changes and every ruling in docs/rules/tactics1940.md.

mod blockade;
mod board;
mod cards;
mod lean;
mod leaving;
mod moves;
mod notation;
mod pieces;
mod score;
mod sides;
mod threat;
mod turn;
mod view;
mod war_in_sight;

pub use notation::Tactics1940Turn;
pub use pieces::{Card, Kind, Piece};

use crate::Seed;
use crate::board::Cell;
use crate::bot::Strength;
use crate::chance::SeedStream;
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::game::{Game, GameInfo, OptionChoice, OptionSpec, StepOf};
use crate::layout::gallery::oceans::{self, Country};
use crate::layout::{CellId, Layout};
use crate::outcome::Outcome;
use crate::seat::{Seat, SeatSet, Viewer};
use crate::seen::Seen;
use crate::status::{Decision, Status};
use crate::step::{Leave, Step};
use crate::view::View;
use board::Board;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// Coins in the game: 8 dealt to each player, the rest in the Gold Reserve
/// (docs/rules/tactics1940.md, "Coins").
pub const COINS: u32 = 64;

/// Coins each player starts with (Rule 5).
pub const PURSE: u32 = 8;

/// Diplomatic protest cards each player starts with (Rule 5).
pub const PROTEST_CARDS: u8 = 6;

/// The longest a submarine window may stay open: a minute, so that no host
/// can hold a match up for long.
pub const MAX_WINDOW_MS: u32 = 60_000;

/// The options: how many players, and how long the submarine window stays
/// open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Tactics1940Options {
    /// 2 (the belligerents), 3 (and East) or 4 (and West).
    pub seats: u8,
    /// How long every submarine window stays open, in milliseconds (the
    /// lobby offers 2, 4 and 8 seconds; tests use less).
    pub window_ms: u32,
}

impl Default for Tactics1940Options {
    fn default() -> Tactics1940Options {
        Tactics1940Options { seats: 4, window_ms: 4000 }
    }
}

/// One action of a seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "do")]
pub enum Tactics1940Action {
    /// A piece steps one square.
    Move { from: Cell, to: Cell },
    /// A battleship jumps transports: the squares it stands on in turn.
    Jump { path: Vec<Cell> },
    /// No piece can move: the turn goes on to the card.
    Stand,
    /// A belligerent demands that the neutral piece on `at`, in the way of
    /// its blockade, move away on its owner's next move (Rule 13).
    Demand { at: Cell },
    /// No torpedo (a submarine window's answer).
    Pass,
    /// The submarine card naming the square sinks the piece that entered it.
    Torpedo,
    /// The protest card served is accepted.
    Accept,
    /// The protest card served is refused by paying its server a coin.
    Refuse,
    /// A neutral brought into the war by the other neutral chooses its side.
    Join { side: Country },
    /// A supply ship that traded goes back to this square of its home area.
    Home { to: Cell },
    /// A card's attack falls on the piece on `at` (or the drawer's own
    /// piece, for a mine or a crash).
    Strike { at: Cell },
    /// A card's attack falls on a player with no piece it could strike,
    /// who pays the drawer a coin instead (Rule 16).
    Forfeit { seat: Seat },
    /// A card moves the drawer's piece from `from` to `to` in one jump.
    Place { from: Cell, to: Cell },
    /// Conscription brings a destroyed transport back to `to`.
    Enlist { to: Cell },
    /// A card that permits leaves it (Surprise Maneuver).
    Decline,
    /// A protest card served on `seat` (Diplomatic Incident).
    Serve { seat: Seat },
    /// The piece on `at` is given up for a coin owed (Rule 17).
    Sacrifice { at: Cell },
}

/// What chance decides.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tactics1940Chance {
    /// A die for each seat: the high one moves first (Rule 8); a tie for
    /// the highest throws again.
    Opening(Vec<u8>),
    /// The top card of the deck.
    Draw(Card),
}

/// Where a turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// The first mover is thrown for.
    Opening,
    /// The seat to move moves a piece.
    Moving,
    /// The seats but the owner of the piece that entered `square` may sink
    /// it with a submarine card; `answered` have passed.
    Window { square: CellId, by: Seat, answered: SeatSet },
    /// The top card is due.
    Drawing,
    /// The drawer carries out `card`.
    Card(Card),
    /// The turn ends once no decision is pending.
    Ending,
}

/// What the turn has done so far, for what follows the decisions pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The piece has moved: the card comes next.
    Moved,
    /// The card is carried out: the turn ends.
    Carded,
}

/// A coin owed by a player who has none (Rule 17).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Debt {
    /// Who pays.
    payer: Seat,
    /// To whom, or the Gold Reserve.
    to: Option<Seat>,
}

/// A match of Tactics under rules version `RULES`. Version 1 counted any
/// piece of the blockaded player in its home area as one "in the vicinity",
/// so that one enemy ship at a seaport with nothing in its open squares
/// could end the game; let a jump over a blockading piece void a blockade;
/// had a player who gave up a piece with the Gold Reserve empty give up
/// another for the same coin; paid a supply ship for moving within the
/// port it traded in; and kept protests waiting between players who had
/// become allies. Version 2, the current one, mends those
/// (docs/rules/tactics1940.md). Matches stored under version 1 replay by it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tactics1940<const RULES: u32 = 2> {
    options: Tactics1940Options,
    /// The country of each seat.
    countries: Vec<Country>,
    /// The piece on each square.
    squares: Vec<Option<Piece>>,
    /// Each seat's side, None while neutral.
    sides: Vec<Option<Country>>,
    /// Each seat's coins.
    coins: Vec<u32>,
    /// The Gold Reserve.
    reserve: u32,
    /// Protest cards each seat still holds.
    cards_left: Vec<u8>,
    /// `accepted[offender][injured]`: protest cards of the injured player's
    /// colour the offender has accepted.
    accepted: Vec<Vec<u8>>,
    /// Pieces of each seat destroyed, by kind: in Davy Jones' Locker
    /// (battleships) or the Supply Base.
    lost: Vec<[u8; 3]>,
    /// The cards still to be drawn, in no order: nobody knows the order.
    pile: Vec<Card>,
    /// Cards played, face up.
    discard: Vec<Card>,
    /// Submarine cards each seat holds.
    hands: Vec<Vec<Card>>,
    /// Protests to be answered, first first: (injured, offender).
    protests: VecDeque<(Seat, Seat)>,
    /// Wars protests began: (injured, offender).
    wars: Vec<(Seat, Seat)>,
    /// A war between neutrals waits for the injured one's side: (injured,
    /// offender).
    joining: Option<(Seat, Seat)>,
    /// A supply ship that traded, to be sent home.
    homing: Option<CellId>,
    /// A coin owed by a player with none.
    debt: Option<Debt>,
    /// Neutral pieces a belligerent demanded move out of a blockade: the
    /// square each stands on.
    demands: Vec<CellId>,
    phase: Phase,
    stage: Stage,
    to_move: Seat,
    turns: u32,
    /// The last throw for the first move, a die per seat.
    opening: Vec<u8>,
    /// The last card played, for every player to read.
    last_card: Option<(Seat, Card)>,
    /// The squares the last move passed through.
    marks: Vec<CellId>,
    /// The neutrals (or former neutrals) that withdrew: out of the game.
    withdrawn: SeatSet,
    outcome: Option<Outcome>,
}

impl<const RULES: u32> Tactics1940<RULES> {
    /// The seats, in turn order (clockwise: North, East, South, West).
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<RULES> {
        (0..self.countries.len() as u8).map(Seat)
    }

    /// The country of `seat`.
    pub fn country(&self, seat: Seat) -> Country {
        self.countries[seat.index()]
    }

    /// The seat playing `country`, if anyone does.
    pub fn seat_of(&self, country: Country) -> Option<Seat> {
        self.countries.iter().position(|c| *c == country).map(|i| Seat(i as u8))
    }

    /// The countries in play for a number of seats: the belligerents, then
    /// East, then West, in turn order (docs/rules/tactics1940.md, "Seats").
    pub fn countries_for(seats: u8) -> Vec<Country> {
        match seats {
            2 => vec![Country::North, Country::South],
            3 => vec![Country::North, Country::East, Country::South],
            _ => Country::ALL.to_vec(),
        }
    }

    /// The set-up outlined on the board: battleships on the four seaport
    /// squares, transports on the six start squares, airplanes on the two
    /// plane bases.
    fn set_up(&mut self) {
        for (id, square) in oceans::squares().iter().enumerate() {
            let oceans::Place::Home { country, role } = square.place else { continue };
            let Some(owner) = self.seat_of(country) else { continue };
            let kind = match role {
                oceans::Role::OpenPort | oceans::Role::ClosedPort => Kind::Battleship,
                oceans::Role::Start => Kind::Transport,
                oceans::Role::PlaneBase => Kind::Airplane,
                oceans::Role::Land => continue,
            };
            self.squares[id] = Some(Piece { owner, kind });
        }
    }

    /// The full deck: one submarine card per submarine square, and the
    /// counts of [`Card::COUNTS`].
    fn deck() -> Vec<Card> {
        let board = Board::get();
        let mut deck: Vec<Card> = board.submarine_squares().iter().map(|id| Card::Submarine(board.name(*id))).collect();
        for (card, count) in Card::COUNTS {
            deck.extend(std::iter::repeat_n(card, count));
        }
        deck.sort_unstable();
        deck
    }

    /// The square of the open submarine window, if one is open.
    pub fn window_square(&self) -> Option<Cell> {
        match self.phase {
            Phase::Window { square, .. } => Some(Board::get().name(square)),
            _ => None,
        }
    }

    /// The seat the pending decision waits on, if one does (the submarine
    /// window aside).
    fn waiting_on(&self) -> Option<Seat> {
        if let Some(id) = self.homing {
            return self.piece(id).map(|p| p.owner);
        }
        if let Some(debt) = self.debt {
            return Some(debt.payer);
        }
        if let Some((injured, _)) = self.joining {
            return Some(injured);
        }
        self.protests.front().map(|(_, offender)| *offender)
    }
}

impl<const RULES: u32> Game for Tactics1940<RULES> {
    type Options = Tactics1940Options;
    type Action = Tactics1940Action;
    type Chance = Tactics1940Chance;
    type Notation = Tactics1940Turn;

    const INFO: GameInfo = GameInfo {
        id: "tactics1940",
        name: "Tactics (1940)",
        summary: "Naval blockade and neutral trade for 2 to 4: belligerents race to blockade each other's seaport while neutrals trade for profit; a chance card after every move, submarines held in secret, and diplomatic protests that can drag a neutral into the war.",
        min_seats: 2,
        max_seats: 4,
        chance: true,
        hidden_information: true,
        simultaneous: false,
        windows: true,
        rules_version: RULES,
    };

    fn option_specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "seats".into(),
                label: "Players".into(),
                choices: vec![
                    OptionChoice { value: 2.into(), label: "2: North and South".into() },
                    OptionChoice { value: 3.into(), label: "3: and East, neutral".into() },
                    OptionChoice { value: 4.into(), label: "4: and East and West, neutral".into() },
                ],
                default: 4.into(),
            },
            OptionSpec {
                key: "window_ms".into(),
                label: "Time to torpedo".into(),
                choices: vec![
                    OptionChoice { value: 4000.into(), label: "4 seconds".into() },
                    OptionChoice { value: 2000.into(), label: "2 seconds".into() },
                    OptionChoice { value: 8000.into(), label: "8 seconds".into() },
                ],
                default: 4000.into(),
            },
        ]
    }

    fn new(options: &Tactics1940Options) -> Result<Self, RulesError> {
        if !(2..=4).contains(&options.seats) || !(1..=MAX_WINDOW_MS).contains(&options.window_ms) {
            return Err(RulesError::BadOptions(format!("2 to 4 players, and a window of 1 to {MAX_WINDOW_MS} ms")));
        }
        let countries = Self::countries_for(options.seats);
        let n = countries.len();
        let sides = countries.iter().map(|c| c.belligerent().then_some(*c)).collect();
        let mut game = Tactics1940::<RULES> {
            options: options.clone(),
            countries,
            squares: vec![None; Board::get().len()],
            sides,
            coins: vec![PURSE; n],
            reserve: COINS - PURSE * n as u32,
            cards_left: vec![PROTEST_CARDS; n],
            accepted: vec![vec![0; n]; n],
            lost: vec![[0; 3]; n],
            pile: Self::deck(),
            discard: Vec::new(),
            hands: vec![Vec::new(); n],
            protests: VecDeque::new(),
            wars: Vec::new(),
            joining: None,
            homing: None,
            debt: None,
            demands: Vec::new(),
            phase: Phase::Opening,
            stage: Stage::Moved,
            to_move: Seat(0),
            turns: 0,
            opening: Vec::new(),
            last_card: None,
            marks: Vec::new(),
            withdrawn: SeatSet::EMPTY,
            outcome: None,
        };
        game.set_up();
        Ok(game)
    }

    fn options(&self) -> &Tactics1940Options {
        &self.options
    }

    fn layout(&self) -> Layout {
        oceans::layout_for(&self.countries)
    }

    fn seat_count(&self) -> usize {
        self.countries.len()
    }

    fn status(&self) -> Status {
        if let Some(outcome) = &self.outcome {
            return Status::Over(outcome.clone());
        }
        if let Phase::Window { by, answered, .. } = self.phase {
            let asked = SeatSet::all(self.seat_count()).without(by).without_all(self.withdrawn);
            return Status::Acting(Decision::whole_window(asked.without_all(answered), self.options.window_ms));
        }
        if let Some(seat) = self.waiting_on() {
            return Status::Acting(Decision::turn(seat));
        }
        match self.phase {
            Phase::Opening | Phase::Drawing => Status::Chance,
            Phase::Moving | Phase::Card(_) | Phase::Ending | Phase::Window { .. } => {
                Status::Acting(Decision::turn(self.to_move))
            }
        }
    }

    fn turn(&self) -> u32 {
        self.turns
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Tactics1940Action>) {
        if !self.status().acting().contains(seat) {
            return;
        }
        self.legal(seat, out);
    }

    fn play(&mut self, seat: Seat, action: &Tactics1940Action) {
        self.act(seat, action);
    }

    fn draw_chance(&self, stream: &mut SeedStream) -> Tactics1940Chance {
        match self.phase {
            Phase::Opening => Tactics1940Chance::Opening(self.seats().map(|_| stream.roll(6) as u8).collect()),
            _ => Tactics1940Chance::Draw(self.pile[stream.below(self.pile.len() as u32) as usize]),
        }
    }

    fn check_chance(&self, outcome: &Tactics1940Chance) -> Result<(), RulesError> {
        let fits = match (outcome, self.phase) {
            (Tactics1940Chance::Opening(dice), Phase::Opening) => {
                dice.len() == self.seat_count() && dice.iter().all(|d| (1..=6).contains(d))
            }
            (Tactics1940Chance::Draw(card), Phase::Drawing) => self.pile.contains(card),
            _ => false,
        };
        if fits { Ok(()) } else { Err(RulesError::Illegal(format!("{outcome:?} cannot be drawn now"))) }
    }

    fn play_chance(&mut self, outcome: &Tactics1940Chance) {
        match outcome {
            Tactics1940Chance::Opening(dice) => self.opening(dice),
            Tactics1940Chance::Draw(card) => self.draw(*card),
        }
    }

    fn chance_text(&self, outcome: &Tactics1940Chance) -> String {
        match outcome {
            Tactics1940Chance::Opening(dice) => {
                let throws: Vec<String> =
                    self.seats().zip(dice).map(|(s, d)| format!("{} {d}", self.country(s).letter())).collect();
                format!("opening {}", throws.join(", "))
            }
            Tactics1940Chance::Draw(card) => format!("card {card}"),
        }
    }

    fn default_action(&self, seat: Seat) -> Option<Tactics1940Action> {
        let asked = matches!(self.phase, Phase::Window { .. }) && self.status().acting().contains(seat);
        asked.then_some(Tactics1940Action::Pass)
    }

    /// The scores the match would end with, each blockade weighed by how
    /// near it looks (score.rs, threat.rs), each player against every other.
    fn evaluate(&self) -> Option<Vec<f64>> {
        Some(self.standing())
    }

    /// Playouts of fifty actions a seat (a hundred at two seats), windows
    /// included, then the evaluation: random matches run for hundreds of
    /// actions, and every move opens a window in which each other seat
    /// answers, so a playout of any number of seats looks about fifty moves
    /// ahead. Shorter playouts play worse: the chance of the cards and
    /// throws a playout meets averages out over more of them (two seats,
    /// club against casual, 60 games: 0.57 with 10 actions, 0.72 with 40,
    /// 0.80 with 100; docs/performance.md).
    fn playout_actions(&self) -> Option<u32> {
        Some(50 * self.seat_count() as u32)
    }

    /// Under version 2 a belligerent's playout moves lean towards a
    /// blockade, which random play seldom makes (lean.rs).
    fn playout_action(
        &self,
        seat: Seat,
        stream: &mut SeedStream,
        scratch: &mut Vec<Tactics1940Action>,
    ) -> Tactics1940Action {
        self.leaned_action(seat, stream, scratch)
    }

    /// Where a move and its window hold a decision a seat (twice as many
    /// at four seats as at two), the club and strong players take half
    /// the seats times their iterations, to look as many moves ahead as
    /// one budget for all looks at two seats, and the casual player as
    /// many times fewer: at four seats club scored 0.670 against casual
    /// with one budget for all, 0.695 with its own doubled, and 0.755 with
    /// casual's halved too. At two seats, search gains less as it grows:
    /// ten times the iterations was worth 0.79 from 50 to 500, 0.77 from
    /// 150 to 1,500 and 0.64 from 1,500 to the strong player kept to its
    /// clock, which scored 0.745 against 500. So there casual and club
    /// think a third of their iterations (50 and 500), under a strong
    /// player that stays as it is (docs/performance.md).
    fn search_budget_scale(&self, strength: Strength) -> f64 {
        let half_the_seats = self.seat_count() as f64 / 2.0;
        match (self.seat_count(), strength) {
            (2, Strength::Casual | Strength::Club) => 1.0 / 3.0,
            (_, Strength::Casual) => half_the_seats.recip(),
            (_, Strength::Club | Strength::Strong) => half_the_seats,
        }
    }

    fn view(&self, viewer: Viewer) -> View {
        self.view_for(viewer)
    }

    fn observe(&self, step: &StepOf<Self>, _after: &Self, viewer: Viewer) -> Seen {
        match step {
            // A submarine card is seen by its drawer alone; others see a
            // card drawn and kept (Rule 11).
            Step::Chance(Tactics1940Chance::Draw(Card::Submarine(_))) if !viewer.is(self.to_move) => {
                Seen::Only("card kept".into())
            }
            // A pass says nothing of the cards its player holds.
            Step::Act(seat, Tactics1940Action::Pass) if !viewer.is(*seat) => Seen::Only("answers".into()),
            _ => Seen::All,
        }
    }

    fn clicks(&self, seat: Seat, action: &Tactics1940Action) -> Vec<Click> {
        self.clicks_of(seat, action)
    }

    fn action_text(&self, seat: Seat, action: &Tactics1940Action) -> String {
        notation::action_text(self, seat, action)
    }

    fn resolve(&self, turn: &Tactics1940Turn) -> Result<Vec<StepOf<Self>>, NotationError> {
        notation::resolve(self, turn)
    }

    fn notate(&self, turn: &[StepOf<Self>]) -> Tactics1940Turn {
        notation::notate(self, turn)
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome.get_or_insert(outcome);
    }

    /// North or South leaving concedes; a neutral withdraws and the others
    /// play on (docs/rules/tactics1940.md, "Leaving").
    fn withdraw(&mut self, seat: Seat, leave: Leave) {
        self.leave(seat, leave);
    }

    fn resample(&self, viewer: Seat, seed: Seed) -> Self {
        let mut state = self.clone();
        if self.outcome.is_some() {
            return state;
        }
        // The submarine cards the viewer has not seen: the others' hands
        // and those still in the pile, dealt again in the same numbers.
        let mut stream = SeedStream::new(seed);
        let mut unseen: Vec<Card> = self.pile.iter().copied().filter(|c| c.is_submarine()).collect();
        for seat in self.seats().filter(|s| *s != viewer) {
            unseen.extend(self.hands[seat.index()].iter().copied());
        }
        // In an order of their own, so that two states the viewer cannot
        // tell apart deal the same from the same seed.
        unseen.sort_unstable();
        stream.shuffle(&mut unseen);
        for seat in self.seats().filter(|s| *s != viewer) {
            let count = self.hands[seat.index()].len();
            state.hands[seat.index()] = unseen.drain(..count).collect();
            state.hands[seat.index()].sort_unstable();
        }
        state.pile = self.pile.iter().copied().filter(|c| !c.is_submarine()).chain(unseen).collect();
        state.pile.sort_unstable();
        state
    }
}

#[cfg(test)]
mod tests;
