//! The Drill: a small race for two to four seats that is not offered to
//! players. It exists to exercise every part of the rules contract end to
//! end, through the referee, the server and real clients:
//!
//! - **private chance**: each seat is dealt a secret lucky number (chance's
//!   outcome, seen in full only by its holder);
//! - **a simultaneous decision**: every seat bids 1 to 3 in secret and
//!   decides whether to keep a block card; the bids are revealed together
//!   and the highest bid races first;
//! - **dice**: a seat's turn is a roll (a public chance outcome); its token
//!   advances that many squares, twice as many on its lucky number;
//! - **a response window with a deadline**: after every roll each other seat
//!   answers, in secret, "pass" or (with an unspent block card) "block"; when
//!   all have answered, or the deadline passes and the rest pass by
//!   default, a block sends the token back and spends the blocker's card;
//! - **hidden information**: lucky numbers, bids until revealed, held cards
//!   and answers, which `resample` draws anew;
//! - **a fault**: with the option `fault` (which no option list offers), a
//!   bid of 3 panics, as a bug in a game's rules would, so the server's
//!   supervision of its tables can be tested;
//! - **a slow board**: with the option `slow_ms` (also offered nowhere), a
//!   view takes that long to draw and an action that long to play, as a
//!   very large game's would, so tests can watch the server rebuild and
//!   restore matches off its runtime;
//! - **a long race**: with the option `laps` (offered nowhere), a token goes
//!   round the track that many times, so tests can play matches of
//!   thousands of actions.
//!
//! The first token to reach square 10 wins.

mod notation;

pub use notation::DrillTurn;

use crate::Seed;
use crate::chance::SeedStream;
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::game::{Game, GameInfo, OptionChoice, OptionSpec, StepOf};
use crate::layout::{CellId, CellLayout, Label, Layout, SeatStyle, Shape, Tone};
use crate::outcome::Outcome;
use crate::seat::{Seat, SeatSet, Viewer};
use crate::seen::Seen;
use crate::status::{Decision, Status};
use crate::step::{Leave, Step};
use crate::view::{Fact, Panel, Piece, Stack, View};
use serde::{Deserialize, Serialize};

/// Squares on the track; the first token on the last one wins.
pub const TRACK: u8 = 10;

/// The seats' names, in seat order.
pub const SEAT_NAMES: [&str; SEATS] = ["Red", "Blue", "Green", "Gold"];

/// The most seats a Drill has.
pub const SEATS: usize = 4;

const COLOURS: [&str; SEATS] = ["#c0392b", "#2e86c1", "#229954", "#b7950b"];

/// The options: how many seats, and how long a response window stays open;
/// and, offered nowhere, for the server's tests: a fault (a bid of 3 panics)
/// and a slow board (each view and each action takes `slow_ms`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DrillOptions {
    /// Two to four.
    pub seats: u8,
    /// A response window's deadline, in milliseconds.
    pub window_ms: u32,
    /// A bid of 3 panics (for the server's supervision tests).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub fault: bool,
    /// Milliseconds each view takes (for the server's rebuild tests).
    #[serde(skip_serializing_if = "is_zero")]
    pub slow_ms: u32,
    /// Times round the track (for the server's long-match tests).
    #[serde(skip_serializing_if = "is_one")]
    pub laps: u16,
}

fn is_one(n: &u16) -> bool {
    *n == 1
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Default for DrillOptions {
    fn default() -> DrillOptions {
        DrillOptions { seats: 2, window_ms: 300, fault: false, slow_ms: 0, laps: 1 }
    }
}

/// An answer in a response window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Let the move stand (everyone's default).
    Pass,
    /// Spend the block card: the token goes back.
    Block,
}

impl Answer {
    fn word(self) -> &'static str {
        match self {
            Answer::Pass => "pass",
            Answer::Block => "block",
        }
    }
}

/// One action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrillAction {
    /// The prepare phase: a bid and whether to keep a block card.
    Prepare {
        /// 1 to 3.
        bid: u8,
        /// Keep a block card.
        card: bool,
    },
    /// Roll the die.
    Roll,
    /// Answer the window.
    Answer(Answer),
}

/// A chance outcome.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrillChance {
    /// Each seat's lucky number, in seat order.
    Deal(Vec<u8>),
    /// A roll of the die.
    Die(u8),
}

/// Where the match is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// The lucky numbers are to be dealt.
    Deal,
    /// Seats bid in secret.
    Prepare,
    /// The seat to move rolls.
    Roll,
    /// The die is to be cast.
    Rolling,
    /// The other seats answer; the token moved from `from` on lap `lap`.
    Window { from: u8, lap: u16 },
}

/// The state of a Drill match under rules version `RULES`.
///
/// Version 1 is the Drill; version 2 lets a seat bid up to 4. Version 2 is
/// registered as current only by a server started to test a rules upgrade
/// (`--test-rules-next`), which must go on replaying the matches stored
/// under version 1 with version 1's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drill<const RULES: u32 = 1> {
    options: DrillOptions,
    phase: Phase,
    lucky: Vec<u8>,
    /// Lucky numbers shown by a doubled move.
    lucky_known: [bool; SEATS],
    /// Numbers a seat rolled that were not lucky, as bits: public.
    not_lucky: [u8; SEATS],
    prepared: [Option<(u8, bool)>; SEATS],
    /// The race order, once the bids are revealed.
    order: Vec<Seat>,
    mover: usize,
    held: [bool; SEATS],
    spent: [bool; SEATS],
    square: [u8; SEATS],
    /// Laps completed (with the `laps` option): public.
    lap: [u16; SEATS],
    out: [bool; SEATS],
    /// The seats that left, in the order they left: public, for the ranking.
    left: Vec<Seat>,
    answers: [Option<Answer>; SEATS],
    marks: Vec<CellId>,
    /// The last roll and who rolled it: public, as dice are.
    last_roll: Option<(Seat, u8)>,
    turns: u32,
    outcome: Option<Outcome>,
}

impl<const RULES: u32> Drill<RULES> {
    /// The highest bid: 3, or 4 from rules version 2.
    const MAX_BID: u8 = if RULES >= 2 { 4 } else { 3 };

    fn seats(&self) -> impl Iterator<Item = Seat> + use<RULES> {
        (0..self.options.seats).map(Seat)
    }

    fn in_play(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats().filter(|s| !self.out[s.index()])
    }

    fn to_move(&self) -> Seat {
        self.order[self.mover]
    }

    /// The seats a window asks: every other seat in play that has not answered.
    fn asked(&self) -> SeatSet {
        let mover = self.to_move();
        self.in_play().filter(|s| *s != mover && self.answers[s.index()].is_none()).collect()
    }

    /// Takes the `slow_ms` option's time.
    fn slow(&self) {
        if self.options.slow_ms > 0 {
            std::thread::sleep(std::time::Duration::from_millis(u64::from(self.options.slow_ms)));
        }
    }

    fn bids_revealed(&self) -> bool {
        !matches!(self.phase, Phase::Deal | Phase::Prepare)
    }

    /// Starts the race once every seat in play has bid.
    fn after_prepare(&mut self) {
        if self.in_play().any(|s| self.prepared[s.index()].is_none()) {
            return;
        }
        let mut order: Vec<Seat> = self.in_play().collect();
        order.sort_by_key(|s| (std::cmp::Reverse(self.prepared[s.index()].map_or(0, |p| p.0)), *s));
        self.order = order;
        self.mover = 0;
        self.phase = Phase::Roll;
    }

    /// Ends the window when every seat asked has answered.
    fn after_answer(&mut self) {
        let Phase::Window { from, lap } = self.phase else { return };
        if !self.asked().is_empty() {
            return;
        }
        let mover = self.to_move();
        let blockers: Vec<Seat> = self.seats().filter(|s| self.answers[s.index()] == Some(Answer::Block)).collect();
        for blocker in &blockers {
            self.held[blocker.index()] = false;
            self.spent[blocker.index()] = true;
        }
        if !blockers.is_empty() {
            self.square[mover.index()] = from;
            self.lap[mover.index()] = lap;
        } else if self.square[mover.index()] == TRACK {
            let name = SEAT_NAMES[mover.index()];
            self.outcome = Some(self.ranking(mover, format!("{name} reached square {TRACK}")));
        }
        self.answers = [None; SEATS];
        self.turns += 1;
        self.next_mover();
    }

    fn next_mover(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        self.phase = Phase::Roll;
        loop {
            self.mover = (self.mover + 1) % self.order.len();
            if !self.out[self.to_move().index()] {
                break;
            }
        }
    }

    /// Every seat's place when `winner` has won: then the seats still in
    /// the race, the furthest first (level seats share a place), then the
    /// seats that left, the last to leave first.
    fn ranking(&self, winner: Seat, reason: String) -> Outcome {
        let mut racing: Vec<Seat> = self.in_play().filter(|s| *s != winner).collect();
        racing.sort_by_key(|s| std::cmp::Reverse((self.lap[s.index()], self.square[s.index()])));
        let mut groups = vec![SeatSet::only(winner)];
        let mut previous = None;
        for seat in racing {
            let square = (self.lap[seat.index()], self.square[seat.index()]);
            match groups.last_mut() {
                Some(group) if previous == Some(square) => *group = group.with(seat),
                _ => groups.push(SeatSet::only(seat)),
            }
            previous = Some(square);
        }
        groups.extend(self.left.iter().rev().map(|s| SeatSet::only(*s)));
        Outcome::ranked(self.seats().count(), &groups, reason)
    }

    fn cell(square: u8) -> CellId {
        CellId::from(square - 1)
    }
}

impl<const RULES: u32> Game for Drill<RULES> {
    type Options = DrillOptions;
    type Action = DrillAction;
    type Chance = DrillChance;
    type Notation = DrillTurn;

    const INFO: GameInfo = GameInfo {
        id: "drill",
        name: "Drill",
        summary: "The test game: a dice race with secret bids, lucky numbers and blocks. Not offered to players.",
        min_seats: 2,
        max_seats: SEATS as u8,
        chance: true,
        hidden_information: true,
        simultaneous: true,
        windows: true,
        rules_version: RULES,
    };

    fn option_specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "seats".into(),
                label: "Seats".into(),
                choices: vec![
                    OptionChoice { value: 2.into(), label: "Two".into() },
                    OptionChoice { value: 3.into(), label: "Three".into() },
                    OptionChoice { value: 4.into(), label: "Four".into() },
                ],
                default: 2.into(),
            },
            OptionSpec {
                key: "window_ms".into(),
                label: "Answer within".into(),
                choices: vec![
                    OptionChoice { value: 300.into(), label: "0.3 s".into() },
                    OptionChoice { value: 3000.into(), label: "3 s".into() },
                ],
                default: 300.into(),
            },
        ]
    }

    fn new(options: &DrillOptions) -> Result<Self, RulesError> {
        if !(2..=SEATS as u8).contains(&options.seats) || options.window_ms == 0 || options.laps == 0 {
            return Err(RulesError::BadOptions(
                "two to four seats, a window of at least 1 ms, and at least one lap".into(),
            ));
        }
        Ok(Drill {
            options: options.clone(),
            phase: Phase::Deal,
            lucky: Vec::new(),
            lucky_known: [false; SEATS],
            not_lucky: [0; SEATS],
            prepared: [None; SEATS],
            order: Vec::new(),
            mover: 0,
            held: [false; SEATS],
            spent: [false; SEATS],
            square: [1; SEATS],
            lap: [0; SEATS],
            out: [false; SEATS],
            left: Vec::new(),
            answers: [None; SEATS],
            marks: Vec::new(),
            last_roll: None,
            turns: 0,
            outcome: None,
        })
    }

    fn options(&self) -> &DrillOptions {
        &self.options
    }

    fn layout(&self) -> Layout {
        let cells = (1..=TRACK)
            .map(|n| CellLayout {
                label: n.to_string(),
                shape: Shape::Square([f32::from(n) - 0.5, 0.5, 1.0]),
                tone: if n == TRACK { Tone::Dark } else { Tone::Light },
                caption: Some(n.to_string()),
                off_board: false,
            })
            .collect();
        let seats = self
            .seats()
            .map(|s| SeatStyle { name: SEAT_NAMES[s.index()].into(), colour: COLOURS[s.index()].into(), turn: 0.0 })
            .collect();
        let labels = vec![Label { text: "finish".into(), at: [f32::from(TRACK) - 0.5, 1.4] }];
        Layout { cells, backdrop: Vec::new(), edges: Vec::new(), areas: Vec::new(), labels, seats, kinds: Vec::new() }
    }

    fn seat_count(&self) -> usize {
        usize::from(self.options.seats)
    }

    fn status(&self) -> Status {
        if let Some(outcome) = &self.outcome {
            return Status::Over(outcome.clone());
        }
        match self.phase {
            Phase::Deal | Phase::Rolling => Status::Chance,
            Phase::Prepare => Status::Acting(Decision::simultaneous(
                self.in_play().filter(|s| self.prepared[s.index()].is_none()).collect(),
            )),
            Phase::Roll => Status::Acting(Decision::turn(self.to_move())),
            Phase::Window { .. } => Status::Acting(Decision::window(self.asked(), self.options.window_ms)),
        }
    }

    fn turn(&self) -> u32 {
        self.turns
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<DrillAction>) {
        if !self.status().acting().contains(seat) {
            return;
        }
        match self.phase {
            Phase::Prepare => {
                for bid in 1..=Self::MAX_BID {
                    for card in [false, true] {
                        out.push(DrillAction::Prepare { bid, card });
                    }
                }
            }
            Phase::Roll => out.push(DrillAction::Roll),
            Phase::Window { .. } => {
                out.push(DrillAction::Answer(Answer::Pass));
                if self.held[seat.index()] {
                    out.push(DrillAction::Answer(Answer::Block));
                }
            }
            Phase::Deal | Phase::Rolling => {}
        }
    }

    fn explain(&self, seat: Seat, action: &DrillAction) -> String {
        match (action, self.phase) {
            (DrillAction::Answer(Answer::Block), Phase::Window { .. }) if !self.held[seat.index()] => {
                "you hold no block card".into()
            }
            (DrillAction::Prepare { .. }, Phase::Prepare) => format!("a bid is 1 to {}", Self::MAX_BID),
            _ => "that is not what this phase asks for".into(),
        }
    }

    fn play(&mut self, seat: Seat, action: &DrillAction) {
        self.slow();
        match *action {
            DrillAction::Prepare { bid, card } => {
                assert!(!(self.options.fault && bid == 3), "the Drill's fault: a bid of 3");
                self.prepared[seat.index()] = Some((bid, card));
                self.held[seat.index()] = card;
                self.turns += 1;
                self.after_prepare();
            }
            DrillAction::Roll => self.phase = Phase::Rolling,
            DrillAction::Answer(answer) => {
                self.answers[seat.index()] = Some(answer);
                self.after_answer();
            }
        }
    }

    fn draw_chance(&self, stream: &mut SeedStream) -> DrillChance {
        match self.phase {
            Phase::Deal => DrillChance::Deal(self.seats().map(|_| stream.roll(6) as u8).collect()),
            _ => DrillChance::Die(stream.roll(6) as u8),
        }
    }

    fn check_chance(&self, outcome: &DrillChance) -> Result<(), RulesError> {
        let die = |n: &u8| (1..=6).contains(n);
        let fits = match (outcome, self.phase) {
            (DrillChance::Deal(numbers), Phase::Deal) => numbers.len() == self.seat_count() && numbers.iter().all(die),
            (DrillChance::Die(n), Phase::Rolling) => die(n),
            _ => false,
        };
        if fits { Ok(()) } else { Err(RulesError::Illegal(format!("{outcome:?} cannot be drawn now"))) }
    }

    fn play_chance(&mut self, outcome: &DrillChance) {
        match outcome {
            DrillChance::Deal(numbers) => {
                self.lucky.clone_from(numbers);
                self.phase = Phase::Prepare;
                self.turns += 1;
            }
            DrillChance::Die(n) => {
                let mover = self.to_move();
                let lucky = self.lucky[mover.index()] == *n;
                if lucky {
                    self.lucky_known[mover.index()] = true;
                } else {
                    self.not_lucky[mover.index()] |= 1 << n;
                }
                let (from, lap) = (self.square[mover.index()], self.lap[mover.index()]);
                let steps = if lucky { 2 * n } else { *n };
                let (mut square, mut laps) = (from + steps, lap);
                // Past the last square with laps to go, round again from square 1.
                while square >= TRACK && laps + 1 < self.options.laps {
                    laps += 1;
                    square -= TRACK - 1;
                }
                self.square[mover.index()] = square.min(TRACK);
                self.lap[mover.index()] = laps;
                self.marks = vec![Self::cell(from), Self::cell(self.square[mover.index()])];
                self.last_roll = Some((mover, *n));
                self.phase = Phase::Window { from, lap };
                self.after_answer();
            }
        }
    }

    fn chance_text(&self, outcome: &DrillChance) -> String {
        match outcome {
            DrillChance::Deal(numbers) => {
                let numbers: Vec<String> = numbers.iter().map(u8::to_string).collect();
                format!("deal {}", numbers.join(" "))
            }
            DrillChance::Die(n) => format!("rolled {n}"),
        }
    }

    /// In a window, "pass"; in the secret bids, whose time may run out, the
    /// smallest bid without the card.
    fn default_action(&self, seat: Seat) -> Option<DrillAction> {
        match self.phase {
            Phase::Window { .. } => self.asked().contains(seat).then_some(DrillAction::Answer(Answer::Pass)),
            Phase::Prepare if self.status().acting().contains(seat) => {
                Some(DrillAction::Prepare { bid: 1, card: false })
            }
            _ => None,
        }
    }

    fn view(&self, viewer: Viewer) -> View {
        self.slow();
        let over = self.outcome.is_some();
        let mut stacks: Vec<Stack> = (1..=TRACK)
            .filter_map(|square| {
                let pieces: Vec<Piece> =
                    self.in_play().filter(|s| self.square[s.index()] == square).map(Piece::plain).collect();
                (!pieces.is_empty()).then(|| Stack { cell: Self::cell(square), pieces })
            })
            .collect();
        stacks.sort_by_key(|s| s.cell);
        let seats = self
            .seats()
            .map(|seat| {
                let own = viewer.is(seat) || over;
                let mut facts = vec![Fact::new("square", self.square[seat.index()])];
                if self.options.laps > 1 {
                    facts.push(Fact::new("lap", format!("{} of {}", self.lap[seat.index()] + 1, self.options.laps)));
                }
                let bid = match self.prepared[seat.index()] {
                    Some((bid, _)) if own || self.bids_revealed() => bid.to_string(),
                    Some(_) => "made".into(),
                    None => "—".into(),
                };
                facts.push(Fact::new("bid", bid));
                let card = if self.spent[seat.index()] {
                    "spent"
                } else if own {
                    if self.held[seat.index()] { "held" } else { "none" }
                } else {
                    "unknown"
                };
                facts.push(Fact::new("block card", card));
                if let Some(answer) = self.answers[seat.index()] {
                    facts.push(Fact::new("answer", if own { answer.word() } else { "given" }));
                }
                if let Some((_, n)) = self.last_roll.filter(|(roller, _)| *roller == seat) {
                    facts.push(Fact::new("last roll", n));
                }
                if (own || self.lucky_known[seat.index()]) && !self.lucky.is_empty() {
                    facts.push(Fact::new("lucky number", self.lucky[seat.index()]));
                }
                if self.out[seat.index()] {
                    facts.push(Fact::new("left", "yes"));
                }
                Panel::facts(facts)
            })
            .collect();
        let prompt = match (&self.outcome, self.phase) {
            (Some(outcome), _) => outcome.reason.clone(),
            (None, Phase::Prepare) => {
                format!("Everyone bids 1 to {} in secret, with or without a block card", Self::MAX_BID)
            }
            (None, Phase::Roll) => format!("{} to roll", SEAT_NAMES[self.to_move().index()]),
            (None, Phase::Window { .. }) => {
                format!("Block {}'s move, or pass", SEAT_NAMES[self.to_move().index()])
            }
            (None, _) => "Chance decides".into(),
        };
        let private = match viewer {
            Viewer::Seat(seat) if seat.index() < self.seat_count() && !self.lucky.is_empty() && !over => {
                vec![format!("Your lucky number is {}", self.lucky[seat.index()])]
            }
            _ => Vec::new(),
        };
        View {
            stacks,
            attributes: Vec::new(),
            seats,
            teams: Vec::new(),
            acting: self.status().acting(),
            prompt,
            marks: self.marks.clone(),
            private,
            announcements: Vec::new(),
            outcome: self.outcome.clone(),
        }
    }

    fn observe(&self, step: &StepOf<Self>, _after: &Self, viewer: Viewer) -> Seen {
        match step {
            Step::Chance(DrillChance::Deal(numbers)) => match viewer {
                Viewer::Seat(seat) => match numbers.get(seat.index()) {
                    Some(n) => Seen::Only(format!("lucky numbers dealt; yours is {n}")),
                    None => Seen::Only("lucky numbers dealt".into()),
                },
                Viewer::Spectator => Seen::Only("lucky numbers dealt".into()),
            },
            Step::Chance(DrillChance::Die(_)) | Step::Act(_, DrillAction::Roll) => Seen::All,
            Step::Act(seat, DrillAction::Prepare { .. }) if !viewer.is(*seat) => Seen::Only("prepares".into()),
            Step::Act(seat, DrillAction::Answer(_)) if !viewer.is(*seat) => Seen::Only("answers".into()),
            Step::Act(..) => Seen::All,
        }
    }

    fn clicks(&self, _seat: Seat, action: &DrillAction) -> Vec<Click> {
        match action {
            DrillAction::Prepare { bid, card } => vec![
                Click::choice(format!("bid {bid}")),
                Click::choice(if *card { "with a block card" } else { "without a card" }),
            ],
            DrillAction::Roll => vec![Click::choice("roll")],
            DrillAction::Answer(answer) => vec![Click::choice(answer.word())],
        }
    }

    fn action_text(&self, seat: Seat, action: &DrillAction) -> String {
        let name = SEAT_NAMES[seat.index()];
        match action {
            DrillAction::Prepare { bid, card } => DrillTurn::Prepare { seat, bid: *bid, card: *card }.to_string(),
            DrillAction::Roll => format!("{name}: roll"),
            DrillAction::Answer(answer) => format!("{name} {}", answer.word()),
        }
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<DrillAction, NotationError> {
        let mut legal = Vec::new();
        self.legal_actions(seat, &mut legal);
        legal
            .into_iter()
            .find(|a| self.action_text(seat, a).eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| NotationError::illegal(text, "no legal action is written this way"))
    }

    fn resolve(&self, turn: &DrillTurn) -> Result<Vec<StepOf<Self>>, NotationError> {
        let text = turn.to_string();
        let illegal = |e: RulesError| NotationError::illegal(&text, e.to_string());
        let mut state = self.clone();
        let mut steps = Vec::new();
        match turn {
            DrillTurn::Deal(None) => {}
            DrillTurn::Deal(Some(numbers)) => {
                let outcome = DrillChance::Deal(numbers.clone());
                state.check_chance(&outcome).map_err(illegal)?;
                steps.push(Step::Chance(outcome));
            }
            DrillTurn::Prepare { seat, bid, card } => {
                let action = DrillAction::Prepare { bid: *bid, card: *card };
                state.check(*seat, &action).map_err(illegal)?;
                steps.push(Step::Act(*seat, action));
            }
            DrillTurn::Race { seat, roll, answers } => {
                state.apply(*seat, &DrillAction::Roll).map_err(illegal)?;
                steps.push(Step::Act(*seat, DrillAction::Roll));
                match roll {
                    Some(n) => {
                        let outcome = DrillChance::Die(*n);
                        state.check_chance(&outcome).map_err(illegal)?;
                        state.play_chance(&outcome);
                        steps.push(Step::Chance(outcome));
                        for (who, answer) in answers {
                            let action = DrillAction::Answer(*answer);
                            state.apply(*who, &action).map_err(illegal)?;
                            steps.push(Step::Act(*who, action));
                        }
                    }
                    None if answers.is_empty() => {}
                    None => return Err(NotationError::syntax(&text, "answers follow a stated roll")),
                }
            }
        }
        Ok(steps)
    }

    fn notate(&self, turn: &[StepOf<Self>]) -> DrillTurn {
        match turn {
            [Step::Chance(DrillChance::Deal(numbers)), ..] => DrillTurn::Deal(Some(numbers.clone())),
            [Step::Act(seat, DrillAction::Prepare { bid, card }), ..] => {
                DrillTurn::Prepare { seat: *seat, bid: *bid, card: *card }
            }
            [Step::Act(seat, _), rest @ ..] => {
                let roll = rest.iter().find_map(|s| match s {
                    Step::Chance(DrillChance::Die(n)) => Some(*n),
                    _ => None,
                });
                let answers = rest
                    .iter()
                    .filter_map(|s| match s {
                        Step::Act(who, DrillAction::Answer(answer)) => Some((*who, *answer)),
                        _ => None,
                    })
                    .collect();
                DrillTurn::Race { seat: *seat, roll, answers }
            }
            _ => DrillTurn::Deal(None),
        }
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome.get_or_insert(outcome);
    }

    /// The seats still in the race share first place; those that left come after.
    fn agree_draw(&mut self) {
        if self.outcome.is_none() {
            let in_play = self.in_play().collect();
            self.finish(Outcome::winners(self.seat_count(), in_play, "agreement"));
        }
    }

    /// A seat that leaves is out of the race; the last seat in play wins.
    fn withdraw(&mut self, seat: Seat, leave: Leave) {
        if self.outcome.is_some() || self.out[seat.index()] {
            return;
        }
        self.out[seat.index()] = true;
        self.left.push(seat);
        let left: Vec<Seat> = self.in_play().collect();
        if let [winner] = left.as_slice() {
            self.finish(self.ranking(*winner, leave.reason().to_string()));
            return;
        }
        match self.phase {
            Phase::Prepare => self.after_prepare(),
            Phase::Roll if self.to_move() == seat => self.next_mover(),
            Phase::Window { from, lap } if self.to_move() == seat => {
                // The leaving seat's move lapses.
                self.square[seat.index()] = from;
                self.lap[seat.index()] = lap;
                self.answers = [None; SEATS];
                self.turns += 1;
                self.next_mover();
            }
            Phase::Window { .. } => {
                self.answers[seat.index()] = None;
                self.after_answer();
            }
            _ => {}
        }
    }

    fn resample(&self, viewer: Seat, seed: Seed) -> Self {
        let mut state = self.clone();
        if self.outcome.is_some() {
            return state;
        }
        let mut stream = SeedStream::new(seed);
        for seat in self.seats().filter(|s| *s != viewer) {
            let i = seat.index();
            if !self.lucky.is_empty() && !self.lucky_known[i] {
                let possible: Vec<u8> = (1..=6).filter(|n| self.not_lucky[i] & 1 << n == 0).collect();
                state.lucky[i] = possible[stream.below(possible.len() as u32) as usize];
            }
            if let Some((bid, _)) = self.prepared[i] {
                // A spent card was held; an unspent one may or may not be.
                let card = self.spent[i] || stream.below(2) == 1;
                let bid = if self.bids_revealed() { bid } else { stream.below(u32::from(Self::MAX_BID)) as u8 + 1 };
                state.prepared[i] = Some((bid, card));
                state.held[i] = card && !self.spent[i];
            }
            if self.answers[i].is_some() {
                let block = state.held[i] && stream.below(2) == 1;
                state.answers[i] = Some(if block { Answer::Block } else { Answer::Pass });
            }
        }
        state
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Referee;

    #[test]
    fn a_match_deals_bids_rolls_and_answers() {
        let mut referee = Referee::<Drill>::new(&DrillOptions::default(), Seed::from_u64(3)).unwrap();
        let dealt = referee.settle();
        assert_eq!(dealt.len(), 1, "the deal is chance's first step");
        assert!(dealt[0].seen[0].as_deref().unwrap().contains("yours is"));
        assert_eq!(dealt[0].seen[2].as_deref(), Some("lucky numbers dealt"), "spectators learn no number");
        referee.act(Seat(0), &DrillAction::Prepare { bid: 3, card: false }).unwrap();
        let entries = referee.act(Seat(1), &DrillAction::Prepare { bid: 1, card: true }).unwrap();
        assert_eq!(entries[0].seen[0].as_deref(), Some("prepares"));
        assert_eq!(referee.state().status(), Status::Acting(Decision::turn(Seat(0))), "the highest bid rolls first");
        let rolled = referee.act(Seat(0), &DrillAction::Roll).unwrap();
        assert_eq!(rolled.len(), 2, "the roll and chance's die");
        assert!(matches!(rolled[1].change, crate::referee::Change::Chance { .. }));
        let Status::Acting(window) = referee.state().status() else { panic!("a window") };
        assert_eq!(window, Decision::window(SeatSet::only(Seat(1)), 300));
        let before = referee.state().square;
        let blocked = referee.act(Seat(1), &DrillAction::Answer(Answer::Block)).unwrap();
        assert_eq!(blocked[0].seen[0].as_deref(), Some("answers"), "the answer is hidden from the mover");
        assert_eq!(referee.state().square[0], 1, "blocked: the token went back from {before:?}");
        assert!(referee.state().spent[1]);
        assert_eq!(referee.state().status(), Status::Acting(Decision::turn(Seat(1))));
    }
}
