//! ATTACTICS (Amura Oñaā, 1975; rulebooks/attactics.txt): the race of the
//! Monarchs through a 36 × 36 maze to Maze Center, for 2, 3 or 4 players,
//! with dice "you can control" through points won by captures.
//!
//! Each player brings twelve pieces in from the entry squares of its
//! corner: a Monarch, two Masters, four Majors and five Minors. A turn is a
//! throw of two dice; what each kind may move on it is fixed (a one is the
//! Monarch's alone, the Master moves only on a sequence such as 3/4, the
//! Minor takes the sum only on doubles); the dice move one piece by the sum
//! or two pieces by a die each, and doubles throw again, five at most.
//! Landing on an opponent's piece captures it, for points that the Monarch
//! spends before a throw to move a square a point. A player whose Monarch
//! is taken is out; the first Monarch in Maze Center, or the last one on
//! the board, wins.
//!
//! The board is the reconstruction of ../shared/designs/remaining-games.md
//! §1; every choice the rulebook leaves open is a ruling in
//! docs/rules/attactics.md.

mod allies;
mod board;
mod evaluate;
mod moves;
mod notation;
mod square_set;
mod squeeze;
mod turn;
mod walks;

pub use allies::{Allies, TeamPoints};
pub use notation::AttacticsTurn;

use crate::board::Cell;
use crate::bot::Strength;
use crate::chance::SeedStream;
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::game::{Game, GameInfo, OptionChoice, OptionSpec, StepOf};
use crate::layout::{CellId, Emblem, KindLook, Layout};
use crate::outcome::Outcome;
use crate::seat::{Seat, SeatSet, Viewer};
use crate::status::{Decision, Status};
use crate::step::Leave;
use crate::view::{Attribute, Fact, Panel, Roll, Stack, View};
use serde::{Deserialize, Serialize};
use square_set::SquareSet;
use squeeze::Squeeze;
use std::fmt;

/// The most seats a match has.
pub const SEATS: usize = 4;

/// The seats' names, by corner from the top left clockwise.
const NAMES: [&str; 4] = ["Red", "Blue", "Green", "Gold"];

/// The options: how many players, and for four, whether they play as
/// two teams and how a team keeps its points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AttacticsOptions {
    /// 2, 3 or 4.
    pub seats: u8,
    /// How four players pair up.
    pub allies: Allies,
    /// The team version (only with allies).
    pub version: TeamPoints,
}

impl Default for AttacticsOptions {
    fn default() -> AttacticsOptions {
        AttacticsOptions { seats: 2, allies: Allies::None, version: TeamPoints::EachOwn }
    }
}

/// The four kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Reaches Maze Center; moves on a one.
    Monarch,
    /// Moves on sequences, diagonally too.
    Master,
    /// Moves by a die or the sum.
    Major,
    /// Moves by a die, the sum on doubles.
    Minor,
}

impl Kind {
    /// Every kind, in the order of the rulebook's list.
    pub const ALL: [Kind; 4] = [Kind::Monarch, Kind::Master, Kind::Major, Kind::Minor];

    /// Its points when captured.
    pub const fn value(self) -> u8 {
        match self {
            Kind::Monarch => 5,
            Kind::Master => 2,
            Kind::Major => 3,
            Kind::Minor => 1,
        }
    }

    /// Its short name, as pieces and notation show it.
    pub const fn short(self) -> &'static str {
        match self {
            Kind::Monarch => "Mo",
            Kind::Master => "Ms",
            Kind::Major => "Mj",
            Kind::Minor => "Mn",
        }
    }

    /// How its pieces are drawn: the Monarch crowned, the Master with a
    /// diamond (it alone steps diagonally; the board's stars are entry
    /// squares), the Major and the Minor with two and one chevrons, each
    /// smaller than the kind above it, so rank shows at a glance on a
    /// crowded maze.
    fn look(self) -> KindLook {
        let (emblem, size) = match self {
            Kind::Monarch => (Emblem::Crown, 1.0),
            Kind::Master => (Emblem::Diamond, 0.94),
            Kind::Major => (Emblem::Chevrons(2), 0.86),
            Kind::Minor => (Emblem::Chevrons(1), 0.76),
        };
        KindLook { kind: self.short().to_string(), name: self.name().to_string(), emblem, size }
    }

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Monarch => "Monarch",
            Kind::Master => "Master",
            Kind::Major => "Major",
            Kind::Minor => "Minor",
        }
    }

    /// How many a player has: 1, 2, 4 and 5, and one more Master, Major
    /// and Minor for the mid-player of three.
    const fn set(self, mid: bool) -> u8 {
        let extra = if mid { 1 } else { 0 };
        match self {
            Kind::Monarch => 1,
            Kind::Master => 2 + extra,
            Kind::Major => 4 + extra,
            Kind::Minor => 5 + extra,
        }
    }
}

/// One piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Piece {
    owner: Seat,
    kind: Kind,
}

/// Two dice as they came up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dice(pub u8, pub u8);

impl Dice {
    /// Both dice show the same.
    pub const fn is_double(self) -> bool {
        self.0 == self.1
    }

    /// A sequence throw, on which Masters move: 2/3, 3/4, 4/5 or 5/6.
    pub const fn is_sequence(self) -> bool {
        self.0.abs_diff(self.1) == 1 && self.0 >= 2 && self.1 >= 2
    }

    fn valid(self) -> bool {
        (1..=6).contains(&self.0) && (1..=6).contains(&self.1)
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.0, self.1)
    }
}

/// What chance decides: the opening roll of the seats contending to go
/// first, in seat order, or a throw of the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Throw {
    /// One throw per contending seat, in seat order.
    Opening(Vec<Dice>),
    /// The mover's throw.
    Roll(Dice),
}

/// One action of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttacticsAction {
    /// Throw the dice without spending points (offered when points could
    /// be spent).
    Roll,
    /// Before the throw, the Monarch moves from `from` to `to`, a square
    /// for each of `points` points.
    Points {
        /// Where the Monarch stands.
        from: Cell,
        /// Where it ends.
        to: Cell,
        /// The points spent, one a square.
        points: u8,
    },
    /// A piece moves `count` squares (a die or the sum) from `from` to
    /// `to`; with `enter`, a piece off the board comes in on the entry
    /// square `from` and moves from there.
    Move {
        /// The kind of piece.
        kind: Kind,
        /// Where it starts.
        from: Cell,
        /// It comes in from off the board.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        enter: bool,
        /// Squares moved.
        count: u8,
        /// Where it ends.
        to: Cell,
    },
    /// Announce the Squeeze Play the last move completed on the piece on
    /// `target`.
    Squeeze {
        /// The squeezed piece's square.
        target: Cell,
    },
    /// Leave the rest of the throw unused.
    Stop,
}

/// What the player to move is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// The opening roll is due.
    Opening,
    /// Before the throw: the mover may spend points on a Monarch move.
    Before,
    /// The throw is due.
    Throw,
    /// The mover moves with the dice.
    Moving,
}

/// The state of an ATTACTICS match under rules version `RULES`. Version 1
/// took a squeezed piece whose squeeze had been opened and closed again
/// before its owner's go, and counted a throw with only a points move as
/// one in which no piece moved; version 2, the current one, frees the
/// piece and counts the move (docs/rules/attactics.md). Matches stored
/// under version 1 replay by it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attactics<const RULES: u32 = 2> {
    options: AttacticsOptions,
    /// Per seat: its corner, 0 (top left) to 3, clockwise.
    corner: [u8; SEATS],
    /// Per seat: the quadrant where its captures count single.
    home: [u8; SEATS],
    /// The mid-player of a three-player game.
    mid: Option<Seat>,
    /// The mid-player's goes still to be doubled.
    bonus_goes: u8,
    /// The mid-player is in the second of a doubled go.
    second_go: bool,
    /// Per square: the piece on it. Changed only by [`Attactics::put`].
    squares: Vec<Option<Piece>>,
    /// Per seat: the squares its pieces stand on, the same as `squares`
    /// as sets, which the walks of every move work with (`moves.rs`, and
    /// the squares taken that a move keeps for its marks, `walks.rs`).
    placed: [SquareSet; SEATS],
    /// Per seat, per kind: pieces not yet brought in.
    hand: [[u8; 4]; SEATS],
    /// Per seat, per kind: pieces lost.
    captured: [[u8; 4]; SEATS],
    /// Per seat: points, 0 to 15.
    points: [u8; SEATS],
    /// Per seat: the seat whose points its captures add to (a team's
    /// holder under version 1, else itself).
    bank: [Seat; SEATS],
    /// Per seat: the seats on its side (its team, or itself alone), asked
    /// at every occupied square a walk meets.
    sides: [SeatSet; SEATS],
    /// The seats still rolling to go first.
    contenders: SeatSet,
    phase: Phase,
    /// Whose go it is.
    mover: Seat,
    /// The throw being moved.
    dice: Option<Dice>,
    /// Which of the two dice are still unused.
    left: [bool; 2],
    /// A one is showing and the Monarch has yet to move on it.
    one_due: bool,
    /// Doubles thrown in succession in this go, the throw now included.
    chain: u8,
    /// Where the pieces moved on this throw stand (none moves twice).
    moved: Vec<CellId>,
    /// A piece has moved on this throw.
    any_moved: bool,
    /// Points were spent before this throw.
    spent: bool,
    /// Squeezes the last move completed, which may be announced now.
    announce: Vec<CellId>,
    /// Announced squeezes waiting for their owners' goes.
    squeezes: Vec<Squeeze>,
    /// The seats out of the game.
    out: SeatSet,
    /// The seats that went out, in the order they went.
    gone: Vec<SeatSet>,
    /// Throws in a row on which no piece moved.
    idle: u32,
    /// Throws of the match so far (opening rolls aside), numbering each
    /// throw as the players see it.
    throws: u32,
    /// What happened last, for the players.
    report: String,
    /// The last move, whose walk the players see marked.
    walked: Option<walks::Walked>,
    turns: u32,
    outcome: Option<Outcome>,
}

impl<const RULES: u32> Attactics<RULES> {
    /// Puts `piece` on square `id`, or empties it, in both forms.
    fn put(&mut self, id: CellId, piece: Option<Piece>) {
        if let Some(old) = self.squares[usize::from(id)] {
            self.placed[old.owner.index()].remove(id);
            // A blocker taken or moved away frees the piece it squeezed:
            // the squeeze is over, whatever closes the gap again.
            if RULES >= 2 {
                self.squeezes.retain(|s| !s.blockers.contains(&id));
            }
        }
        if let Some(new) = piece {
            self.placed[new.owner.index()].insert(id);
        }
        self.squares[usize::from(id)] = piece;
    }

    fn name(&self, seat: Seat) -> &'static str {
        NAMES[usize::from(self.corner[seat.index()])]
    }

    /// The corners seats sit at: across the board for two, three in a row
    /// (the mid-player in the middle) for three, all four for four.
    fn corners(seats: u8) -> &'static [u8] {
        match seats {
            2 => &[0, 2],
            3 => &[0, 1, 2],
            _ => &[0, 1, 2, 3],
        }
    }
}

impl<const RULES: u32> Game for Attactics<RULES> {
    type Options = AttacticsOptions;
    type Action = AttacticsAction;
    type Chance = Throw;
    type Notation = AttacticsTurn;

    const INFO: GameInfo = GameInfo {
        id: "attactics",
        name: "ATTACTICS",
        summary: "Race your Monarch through a 36 × 36 maze to its centre, for 2 to 4: two dice move your pieces, \
                  captures win points, and points move your Monarch when the dice will not.",
        min_seats: 2,
        max_seats: SEATS as u8,
        chance: true,
        hidden_information: false,
        simultaneous: false,
        windows: false,
        rules_version: RULES,
    };

    fn option_specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "seats".into(),
                label: "Players".into(),
                choices: vec![
                    OptionChoice { value: 2.into(), label: "Two (opposite corners)".into() },
                    OptionChoice { value: 3.into(), label: "Three (the mid-player in the middle)".into() },
                    OptionChoice { value: 4.into(), label: "Four".into() },
                ],
                default: 2.into(),
            },
            OptionSpec {
                key: "allies".into(),
                label: "Allies (four players)".into(),
                choices: vec![
                    OptionChoice { value: "none".into(), label: "None: each for themselves".into() },
                    OptionChoice {
                        value: "across".into(),
                        label: "Two against two, partners diagonally across".into(),
                    },
                    OptionChoice { value: "side".into(), label: "Two against two, partners on the same side".into() },
                ],
                default: "none".into(),
            },
            OptionSpec {
                key: "version".into(),
                label: "Team points".into(),
                choices: vec![
                    OptionChoice { value: "2".into(), label: "Version 2: each partner keeps its own points".into() },
                    OptionChoice {
                        value: "1a".into(),
                        label: "Version 1a: one partner holds the team's points; its Monarch lost ends the team".into(),
                    },
                    OptionChoice {
                        value: "1b".into(),
                        label: "Version 1b: one partner holds the team's points; its Monarch lost passes half on"
                            .into(),
                    },
                ],
                default: "2".into(),
            },
        ]
    }

    fn new(options: &AttacticsOptions) -> Result<Self, RulesError> {
        if !(2..=4).contains(&options.seats) {
            return Err(RulesError::BadOptions("ATTACTICS is for 2, 3 or 4 players".into()));
        }
        if options.allies != Allies::None && options.seats != 4 {
            return Err(RulesError::BadOptions("allies play two against two: choose four players".into()));
        }
        if options.allies == Allies::None && options.version != TeamPoints::EachOwn {
            return Err(RulesError::BadOptions("team points need allies".into()));
        }
        let seats = usize::from(options.seats);
        let mid = (seats == 3).then_some(Seat(1));
        let mut corner = [0; SEATS];
        corner[..seats].copy_from_slice(Self::corners(options.seats));
        let mut hand = [[0; 4]; SEATS];
        for (i, set) in hand.iter_mut().enumerate().take(seats) {
            *set = Kind::ALL.map(|k| k.set(mid == Some(Seat(i as u8))));
        }
        let mut state = Attactics::<RULES> {
            options: options.clone(),
            corner,
            home: corner,
            mid,
            bonus_goes: if mid.is_some() { 3 } else { 0 },
            second_go: false,
            squares: vec![None; board::SQUARES],
            placed: [SquareSet::EMPTY; SEATS],
            hand,
            captured: [[0; 4]; SEATS],
            points: [0; SEATS],
            bank: Self::first_banks(options),
            sides: Self::first_sides(options.allies),
            contenders: SeatSet::all(seats),
            phase: Phase::Opening,
            mover: Seat(0),
            dice: None,
            left: [false; 2],
            one_due: false,
            chain: 0,
            moved: Vec::new(),
            any_moved: false,
            spent: false,
            announce: Vec::new(),
            squeezes: Vec::new(),
            out: SeatSet::EMPTY,
            gone: Vec::new(),
            idle: 0,
            throws: 0,
            report: String::new(),
            walked: None,
            turns: 0,
            outcome: None,
        };
        if let Some(mid) = mid {
            // Three players: the seat in the middle corner goes first, and
            // there is no opening roll (docs/rules/attactics.md).
            state.contenders = SeatSet::EMPTY;
            state.begin_go(mid);
        }
        Ok(state)
    }

    fn options(&self) -> &AttacticsOptions {
        &self.options
    }

    fn layout(&self) -> Layout {
        crate::layout::gallery::maze::layout_for(&self.corner[..self.seat_count()], &NAMES, self.mid)
            .with_kinds(Kind::ALL.map(Kind::look).to_vec())
    }

    fn seat_count(&self) -> usize {
        usize::from(self.options.seats)
    }

    fn status(&self) -> Status {
        if let Some(outcome) = &self.outcome {
            return Status::Over(outcome.clone());
        }
        match self.phase {
            Phase::Opening | Phase::Throw => Status::Chance,
            Phase::Before | Phase::Moving => Status::Acting(Decision::turn(self.mover)),
        }
    }

    fn turn(&self) -> u32 {
        self.turns
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<AttacticsAction>) {
        if self.outcome.is_some() || seat != self.mover {
            return;
        }
        let squeezes = self.announce.iter().map(|t| AttacticsAction::Squeeze { target: board::name(*t) });
        match self.phase {
            Phase::Before => {
                if !self.spent {
                    self.points_moves(seat, out);
                }
                out.extend(squeezes);
                out.push(AttacticsAction::Roll);
            }
            Phase::Moving => {
                self.dice_moves(seat, out);
                out.extend(squeezes);
                if self.any_moved {
                    out.push(AttacticsAction::Stop);
                }
            }
            Phase::Opening | Phase::Throw => {}
        }
    }

    fn explain(&self, seat: Seat, action: &AttacticsAction) -> String {
        if self.outcome.is_some() || seat != self.mover {
            return "it is not your turn".into();
        }
        match (self.phase, action) {
            (Phase::Moving, AttacticsAction::Roll | AttacticsAction::Points { .. }) => {
                "points are spent, and the dice thrown, before the moves of a throw".into()
            }
            (Phase::Before, AttacticsAction::Move { .. } | AttacticsAction::Stop) => {
                "throw the dice first (or spend points on a Monarch move)".into()
            }
            (_, AttacticsAction::Squeeze { .. }) => {
                "a Squeeze Play is announced right after the move that completes it".into()
            }
            (_, AttacticsAction::Stop) => "you cannot pass: move a piece if one can move".into(),
            (_, AttacticsAction::Points { .. }) => {
                "a points move takes the Monarch, rank and file, one square a point, before the throw".into()
            }
            (_, AttacticsAction::Move { kind, .. }) if self.one_due && *kind != Kind::Monarch => {
                "the one is the Monarch's: it moves first".into()
            }
            (_, AttacticsAction::Move { kind, .. }) => {
                let counts = self.counts(*kind);
                if counts.is_empty() {
                    format!("a {} cannot move on this throw", kind.name())
                } else {
                    let counts: Vec<String> = counts.iter().map(u8::to_string).collect();
                    format!(
                        "a {} moves {} squares on this throw, through open squares, never straight back, \
                         and no piece moves twice",
                        kind.name(),
                        counts.join(" or ")
                    )
                }
            }
            _ => "not a legal action here".into(),
        }
    }

    fn play(&mut self, seat: Seat, action: &AttacticsAction) {
        self.act(seat, action);
    }

    fn draw_chance(&self, stream: &mut SeedStream) -> Throw {
        let mut die = || stream.roll(6) as u8;
        match self.phase {
            Phase::Opening => Throw::Opening(self.contenders.iter().map(|_| Dice(die(), die())).collect()),
            _ => Throw::Roll(Dice(die(), die())),
        }
    }

    fn check_chance(&self, outcome: &Throw) -> Result<(), RulesError> {
        let fits = match (self.phase, outcome) {
            (Phase::Opening, Throw::Opening(rolls)) => {
                rolls.len() == self.contenders.len() && rolls.iter().all(|d| d.valid())
            }
            (Phase::Throw, Throw::Roll(dice)) => dice.valid(),
            _ => false,
        };
        if fits { Ok(()) } else { Err(RulesError::Illegal("that throw is not possible here".into())) }
    }

    fn play_chance(&mut self, outcome: &Throw) {
        match outcome {
            Throw::Opening(rolls) => self.opened(rolls),
            Throw::Roll(dice) => self.thrown(*dice),
        }
    }

    fn chance_text(&self, outcome: &Throw) -> String {
        notation::Part::of_chance(self, outcome).to_string()
    }

    /// Pieces in the game and the nearest Monarch's way to Maze Center.
    fn evaluate(&self) -> Option<Vec<f64>> {
        Some(self.standing())
    }

    /// Playouts of about three goes of each of two players, then the
    /// evaluation: random matches run for thousands of actions.
    fn playout_actions(&self) -> Option<u32> {
        Some(30)
    }

    /// The strong player meets its clock long before its 15,000 iterations
    /// here (club's 1,500 take 0.4 s a move), so with the same budgets it
    /// would think a few times as much as club, where ten times carried
    /// club past casual by little (0.730). So casual and club think a
    /// third of their iterations (50 and 500), under a strong player that
    /// stays as it is, as in two-seat Tactics (docs/performance.md).
    fn search_budget_scale(&self, strength: Strength) -> f64 {
        match strength {
            Strength::Casual | Strength::Club => 1.0 / 3.0,
            Strength::Strong => 1.0,
        }
    }

    /// Captures by the points they are worth, and a Monarch's steps
    /// towards Maze Center (evaluate.rs).
    fn priority(&self, seat: Seat, action: &AttacticsAction) -> u32 {
        self.worth_trying(seat, action)
    }

    fn view(&self, _viewer: Viewer) -> View {
        let mut stacks = Vec::new();
        for (id, square) in self.squares.iter().enumerate() {
            if let Some(piece) = square {
                stacks.push(Stack {
                    cell: id as CellId,
                    pieces: vec![crate::view::Piece::of_kind(piece.owner, piece.kind.short())],
                });
            }
        }
        let attributes = self
            .squeezes
            .iter()
            .map(|s| Attribute { cell: s.target, owner: Some(s.squeezer), value: None, tag: Some("squeezed".into()) })
            .collect();
        let seats = (0..self.seat_count())
            .map(|i| {
                let seat = Seat(i as u8);
                let mut facts = vec![Fact::new("points", self.points[i])];
                let hand: Vec<String> = Kind::ALL
                    .iter()
                    .filter(|k| self.hand[i][**k as usize] > 0)
                    .map(|k| format!("{} {}", self.hand[i][*k as usize], k.short()))
                    .collect();
                if !hand.is_empty() {
                    facts.push(Fact::new("off the board", hand.join(", ")));
                }
                let lost: u8 = self.captured[i].iter().sum();
                if lost > 0 {
                    facts.push(Fact::new("lost", lost));
                }
                if let Some(team) = self.team_fact(seat) {
                    facts.push(Fact::new("team", team));
                }
                if self.out.contains(seat) {
                    facts.push(Fact::new("out", "yes"));
                } else if self.mid == Some(seat) {
                    facts.push(Fact::new("mid-player", format!("doubled goes left: {}", self.bonus_goes)));
                }
                if seat == self.mover && self.outcome.is_none() && self.chain > 0 {
                    facts.push(Fact::new("doubles in a row", self.chain));
                }
                let roll = self.dice.filter(|_| seat == self.mover && self.outcome.is_none()).map(|dice| Roll {
                    faces: vec![dice.0, dice.1],
                    used: self.left.map(|left| !left).to_vec(),
                    number: self.throws,
                });
                Panel { roll, ..Panel::facts(facts) }
            })
            .collect();
        View {
            stacks,
            attributes,
            seats,
            teams: self.options.allies.teams(),
            acting: self.status().acting(),
            prompt: self.prompt(),
            marks: self.marks(),
            private: Vec::new(),
            // A squeeze still waiting when the match ends is never settled.
            announcements: match self.outcome {
                Some(_) => Vec::new(),
                None => self.squeezes.iter().map(|s| self.squeeze_announcement(s)).collect(),
            },
            outcome: self.outcome.clone(),
        }
    }

    /// A piece, then the die or the sum where its square offers more than
    /// one, then where it goes.
    fn clicks(&self, seat: Seat, action: &AttacticsAction) -> Vec<Click> {
        let cell = |c: &Cell| Click::Cell(board::id(*c).unwrap_or(0));
        match action {
            AttacticsAction::Roll => vec![Click::choice("roll the dice")],
            AttacticsAction::Points { from, to, points } => {
                vec![cell(from), Click::choice(format!("{points} points")), cell(to)]
            }
            AttacticsAction::Move { kind, from, enter, count, to } => {
                if self.choices_from(seat, *kind, board::id(*from).unwrap_or(0), *enter) < 2 {
                    return vec![cell(from), cell(to)];
                }
                let word = if *enter { format!("bring in a {} for {count}", kind.name()) } else { count.to_string() };
                vec![cell(from), Click::choice(word), cell(to)]
            }
            AttacticsAction::Squeeze { target } => vec![cell(target), Click::choice("announce Squeeze Play")],
            AttacticsAction::Stop if self.left.contains(&true) => vec![Click::choice("leave the other die")],
            AttacticsAction::Stop => vec![Click::choice("end the throw without announcing")],
        }
    }

    /// The walk through the maze, shown as the pointer rests on where it
    /// ends and marked once it is played.
    fn paths(&self, _seat: Seat, actions: &[AttacticsAction]) -> Vec<Vec<CellId>> {
        self.walks_of(actions)
    }

    fn action_text(&self, seat: Seat, action: &AttacticsAction) -> String {
        AttacticsTurn { seat: Some(self.name(seat)), parts: vec![notation::Part::of_action(self, action)] }.to_string()
    }

    fn resolve(&self, turn: &AttacticsTurn) -> Result<Vec<StepOf<Self>>, NotationError> {
        notation::resolve(self, turn)
    }

    fn notate(&self, turn: &[StepOf<Self>]) -> AttacticsTurn {
        notation::notate(self, turn)
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome.get_or_insert(outcome);
    }

    /// The players still in the game share first place; those out come after.
    fn agree_draw(&mut self) {
        if self.outcome.is_none() {
            self.outcome = Some(self.ranking(self.in_play(), "agreement".into()));
        }
    }

    /// A player who leaves takes its pieces off the board, as if its
    /// Monarch had been captured; the others play on.
    fn withdraw(&mut self, seat: Seat, leave: Leave) {
        if self.outcome.is_some() || self.out.contains(seat) {
            return;
        }
        let going = self.fall(seat);
        self.remove_seats(going);
        self.contenders = self.contenders.without_all(going);
        if self.one_side_left() {
            self.outcome = Some(self.ranking(self.in_play(), leave.reason().to_string()));
            return;
        }
        if self.phase == Phase::Opening {
            if self.contenders.len() == 1 {
                // The last contender left goes first.
                let first = self.contenders.first().expect("one contender");
                self.contenders = SeatSet::EMPTY;
                self.turns += 1;
                self.begin_go(first);
            }
        } else if going.contains(self.mover) {
            self.end_go();
        }
    }
}

impl<const RULES: u32> Attactics<RULES> {
    /// What is being waited for, in words.
    fn prompt(&self) -> String {
        if let Some(outcome) = &self.outcome {
            // The last throw stays in words beside the result.
            return if self.report.is_empty() {
                outcome.reason.clone()
            } else {
                format!("{}. {}", self.report, outcome.reason)
            };
        }
        let name = self.name(self.mover);
        let doing = match self.phase {
            Phase::Opening => "Opening roll: the highest throw goes first".to_string(),
            Phase::Before if !self.announce.is_empty() => format!("{name} may announce a Squeeze Play, then roll"),
            Phase::Before => format!("{name} may spend points on a Monarch move, then rolls"),
            Phase::Throw => format!("{name} rolls"),
            Phase::Moving => {
                // The report tells the throw and what it moved so far.
                let doing = if self.one_due {
                    "the Monarch moves on the one"
                } else if self.any_moved {
                    "another piece may use the other die"
                } else {
                    "move"
                };
                return format!("{}: {doing}", self.report);
            }
        };
        if self.report.is_empty() { doing } else { format!("{}. {doing}", self.report) }
    }
}

#[cfg(test)]
mod tests;
