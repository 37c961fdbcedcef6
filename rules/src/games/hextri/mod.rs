//! Hex-Tri, the "Tactical Board Game" of Gable & BP (2004;
//! rulebooks/tactical-hex.txt): rounds of movement, production and battle
//! on a board of counties (hexagons) and roads (triangles), for 2, 3 or 6
//! players. Each player has a Main Figure and ordinary figures, all off the
//! board at the start; a move costs a point taken from a county the player
//! alone occupies; counties produce points; contested counties fight; the
//! last player with a Main Figure wins.
//!
//! Every choice the rulebook leaves open is a ruling in docs/rules/hextri.md.
//! The movement phase is the only one with decisions: players take single
//! steps in turn, a step being one move, "done", or (the rulebook's starred
//! exception) "all", after which the player makes all the moves they want
//! at once. Production and battle follow by themselves when every player is
//! done, and the next round begins.
//!
//! The optional rules are options of the match: Sabotage (3 points freeze
//! an enemy county till the next round) and Fanatic (a figure may attack an
//! enemy figure on a road; both fall) in the movement phase; point
//! transport after production and Assassin at the start of the battle, each
//! a phase of its own with steps of the players; and the beginners' ending,
//! where the first Main Figure taken ends the match and its captor wins.

mod assassin;
mod board;
mod evaluate;
mod moves;
mod notation;
mod round;
mod transport;

pub use board::Board;
pub use notation::HexTriTurn;

use crate::board::Cell;
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::game::{Game, GameInfo, OptionChoice, OptionSpec, StepOf};
use crate::layout::gallery::trihex::NAMES;
use crate::layout::{CellId, Layout};
use crate::outcome::Outcome;
use crate::seat::{Seat, SeatSet, Viewer};
use crate::status::Status;
use crate::step::{Leave, NoChance, Step};
use crate::view::{Attribute, Fact, Panel, Piece, Stack, View};
use serde::{Deserialize, Serialize};

/// The most seats a match has.
pub const SEATS: usize = 6;

/// How many ordinary figures each player has besides the Main Figure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Figures {
    /// The English rulebook: 9 for two players, 6 for three or six.
    #[default]
    Rulebook,
    /// The Hungarian rules: 9 for two players, 8 for three or more.
    Hungarian,
}

/// The options: how many players, and how many figures each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HexTriOptions {
    /// 2, 3 or 6.
    pub seats: u8,
    /// Figures per player.
    #[serde(skip_serializing_if = "is_rulebook")]
    pub figures: Figures,
    /// The optional rule SABOTAGE - Freeze.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub sabotage: bool,
    /// The optional rule FANATIC - Kamikaze.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub fanatic: bool,
    /// The optional rule ASSASIN - Certain death.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub assassin: bool,
    /// Points may be transported between counties after production.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub transport: bool,
    /// The designers' advice to beginners: the first Main Figure taken
    /// ends the match, and its captor wins.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub beginners: bool,
}

/// An optional rule, off by default.
fn yes_no(key: &str, label: &str) -> OptionSpec {
    OptionSpec {
        key: key.into(),
        label: label.into(),
        choices: vec![
            OptionChoice { value: false.into(), label: "No".into() },
            OptionChoice { value: true.into(), label: "Yes".into() },
        ],
        default: false.into(),
    }
}

fn is_rulebook(figures: &Figures) -> bool {
    *figures == Figures::Rulebook
}

impl Default for HexTriOptions {
    fn default() -> HexTriOptions {
        HexTriOptions {
            seats: 2,
            figures: Figures::Rulebook,
            sabotage: false,
            fanatic: false,
            assassin: false,
            transport: false,
            beginners: false,
        }
    }
}

impl HexTriOptions {
    /// Ordinary figures per player (the Main Figure besides).
    pub fn figures(&self) -> u8 {
        match (self.seats, self.figures) {
            (2, _) => 9,
            (_, Figures::Rulebook) => 6,
            (_, Figures::Hungarian) => 8,
        }
    }

    /// The board's radius: 2, or 3 for six players.
    pub fn radius(&self) -> i32 {
        if self.seats == 6 { 3 } else { 2 }
    }
}

/// One action of the movement phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HexTriAction {
    /// A figure moves.
    Move(Move),
    /// The player pays 3 points from `pay`, placing them on the enemy
    /// county `target`, which is frozen till the next round (Sabotage).
    Sabotage {
        /// The enemy's county.
        target: Cell,
        /// The player's county the 3 points come from.
        pay: Cell,
    },
    /// After production, the player takes 2 points from `from`, one paying
    /// for the transport, and places the other on `to` (point transport).
    Transport {
        /// The player's county the points come from.
        from: Cell,
        /// The player's county the point goes to.
        to: Cell,
    },
    /// In the battle phase, the player pays 6 points from `pay` to remove
    /// one ordinary figure of `enemy` from `target` (Assassin).
    Assassin {
        /// Whose figure.
        enemy: Seat,
        /// Where it stands.
        target: Cell,
        /// The player's county the 6 points come from.
        pay: Cell,
    },
    /// The player makes all the moves they want now, one after another
    /// (the starred rule), then is done for the round.
    All,
    /// The player is done with this phase of the round.
    Done,
}

/// The part of a round whose steps are being taken. Production, and the
/// battles that end the round, happen by themselves between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Players move figures, one step each in turn.
    Movement,
    /// After production: each player in turn transports points (option).
    Transport,
    /// The battle phase begins: each player in turn may assassinate
    /// (option); then every contested county fights.
    Assassin,
}

/// One move of one figure, with where its point comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The Main Figure moves (else an ordinary figure).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub main: bool,
    /// Where it stands; none off the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Cell>,
    /// The county it steps through, from a road to another road.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub via: Option<Cell>,
    /// Where it ends.
    pub to: Cell,
    /// It attacks the enemy figure on that road (Fanatic).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attack: bool,
    /// The county whose point pays for the move; none for the Main
    /// Figure's free move. A step through a county pays its second point
    /// from that county.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pay: Option<Cell>,
}

/// The figures of one seat on one field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Troop {
    /// Ordinary figures that have not moved this round.
    fresh: u8,
    /// Ordinary figures that have moved this round.
    moved: u8,
    /// The Main Figure stands here.
    main: bool,
}

impl Troop {
    fn count(self) -> u8 {
        self.fresh + self.moved + u8::from(self.main)
    }
}

/// The state of a Hex-Tri match under rules version `RULES`. Version 1 let
/// a figure step on through a frozen county (Sabotage), using its point;
/// version 2, the current one, does not (docs/rules/hextri.md). Matches
/// stored under version 1 replay by it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexTri<const RULES: u32 = 2> {
    options: HexTriOptions,
    /// The round under way, from 1.
    round: u32,
    /// The phase of the round whose steps are being taken.
    phase: Phase,
    /// Rounds in a row that began with no move for anyone (a dead position
    /// ends the match).
    idle: u32,
    /// The seat that began this round's movement.
    first: Seat,
    /// The seat whose step it is.
    mover: Seat,
    /// The mover is taking a step of several actions, which share one turn:
    /// all its moves at once (the starred rule), or its transports.
    all: bool,
    /// The seats done with this phase of the round.
    done: SeatSet,
    /// The seats out of the game (Main Figure lost, or left the match).
    out: SeatSet,
    /// The seats that went out, in groups, in the order they went.
    gone: Vec<SeatSet>,
    /// Per field, per seat: its figures there.
    troops: Vec<[Troop; SEATS]>,
    /// Per seat: how many times its Main Figure moved this round (the first
    /// move is free).
    main_moves: [u8; SEATS],
    /// Per seat: figures off the board that may enter.
    reserve: [u8; SEATS],
    /// Per seat: figures removed last round, which may enter next round.
    resting: [u8; SEATS],
    /// Per seat: figures removed this round.
    fallen: [u8; SEATS],
    /// Per county: the points lying on it.
    points: Vec<u16>,
    /// Per county: a battle left it unclear, so it produces nothing in the
    /// next production.
    unclear: Vec<bool>,
    /// Per county: sabotaged this round, so its figures do not move and its
    /// points are not used.
    frozen: Vec<bool>,
    /// What the last production and battle did, for the players.
    report: Vec<String>,
    /// Fields the last step touched.
    marks: Vec<CellId>,
    turns: u32,
    outcome: Option<Outcome>,
}

impl<const RULES: u32> HexTri<RULES> {
    fn board(&self) -> &'static Board {
        Board::of(self.options.radius())
    }

    fn seats(&self) -> impl Iterator<Item = Seat> + use<RULES> {
        (0..self.options.seats).map(Seat)
    }

    fn in_play(&self) -> SeatSet {
        SeatSet::all(self.seat_count()).without_all(self.out)
    }

    fn name(seat: Seat) -> &'static str {
        NAMES[seat.index()]
    }

    /// The seats with figures on a field.
    fn holders(&self, cell: CellId) -> SeatSet {
        self.seats().filter(|s| self.troops[usize::from(cell)][s.index()].count() > 0).collect()
    }

    /// The counties `seat` alone occupies.
    fn held(&self, seat: Seat) -> impl Iterator<Item = CellId> + '_ {
        (0..self.board().hexes as CellId).filter(move |h| self.holders(*h) == SeatSet::only(seat))
    }

    /// Where `seat`'s Main Figure stands.
    fn main_at(&self, seat: Seat) -> Option<CellId> {
        (0..self.board().cells).find(|c| self.troops[*c][seat.index()].main).map(|c| c as CellId)
    }

    /// Every seat's place: the winners first, then the others still in the
    /// game, then the seats that went out, the last to go first.
    fn ranking(&self, winners: SeatSet, reason: String) -> Outcome {
        Outcome::by_survival(self.seat_count(), winners, self.in_play(), &self.gone, reason)
    }

    /// Ends the match if one seat (or none) is left in play.
    fn check_end(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        let left = self.in_play();
        match left.len() {
            0 => {
                // The last Main Figures fell together: they share first place.
                let last = self.gone.pop().unwrap_or(SeatSet::EMPTY);
                self.outcome = Some(self.ranking(last, "the last Main Figures fell together".into()));
            }
            1 => {
                let winner = left.first().unwrap_or(Seat(0));
                let reason = format!("{} has the last Main Figure", Self::name(winner));
                self.outcome = Some(self.ranking(left, reason));
            }
            _ => {}
        }
    }

    /// Takes every figure of the seats in `seats` out of the game.
    fn remove_seats(&mut self, seats: SeatSet) {
        if seats.is_empty() {
            return;
        }
        for troops in &mut self.troops {
            for seat in seats.iter() {
                troops[seat.index()] = Troop::default();
            }
        }
        for seat in seats.iter() {
            let i = seat.index();
            (self.reserve[i], self.resting[i], self.fallen[i]) = (0, 0, 0);
        }
        self.out = self.out.union(seats);
        self.done = self.done.union(seats);
        self.gone.push(seats);
    }

    fn cell_name(&self, cell: CellId) -> String {
        self.board().name(cell).to_string()
    }
}

impl<const RULES: u32> Game for HexTri<RULES> {
    type Options = HexTriOptions;
    type Action = HexTriAction;
    type Chance = NoChance;
    type Notation = HexTriTurn;

    const INFO: GameInfo = GameInfo {
        rules_version: RULES,
        ..GameInfo::abstract_game(
            "hextri",
            "Hex-Tri",
            "Counties and the roads between them, for 2, 3 or 6: move figures by paying points, hold counties \
             to produce more, win battles by numbers, and take out the others' Main Figures.",
            2,
            SEATS as u8,
        )
    };

    fn option_specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "seats".into(),
                label: "Players".into(),
                choices: vec![
                    OptionChoice { value: 2.into(), label: "Two".into() },
                    OptionChoice { value: 3.into(), label: "Three".into() },
                    OptionChoice { value: 6.into(), label: "Six (larger board)".into() },
                ],
                default: 2.into(),
            },
            OptionSpec {
                key: "figures".into(),
                label: "Figures".into(),
                choices: vec![
                    OptionChoice {
                        value: "rulebook".into(),
                        label: "9 + Main for two, 6 + Main for more (English rules)".into(),
                    },
                    OptionChoice {
                        value: "hungarian".into(),
                        label: "9 + Main for two, 8 + Main for more (Hungarian rules)".into(),
                    },
                ],
                default: "rulebook".into(),
            },
            yes_no("sabotage", "Sabotage (3 points freeze an enemy county)"),
            yes_no("fanatic", "Fanatic (attack a figure on a road; both fall)"),
            yes_no("assassin", "Assassin (6 points kill an enemy figure in the battle phase)"),
            yes_no("transport", "Point transport (after production, 2 points carry 1 to another county)"),
            yes_no("beginners", "Beginners' ending (the first Main Figure taken ends the game)"),
        ]
    }

    fn new(options: &HexTriOptions) -> Result<Self, RulesError> {
        if ![2, 3, 6].contains(&options.seats) {
            return Err(RulesError::BadOptions("Hex-Tri is for 2, 3 or 6 players".into()));
        }
        let board = Board::of(options.radius());
        let troops = vec![[Troop::default(); SEATS]; board.cells];
        let mut reserve = [0; SEATS];
        reserve[..usize::from(options.seats)].fill(options.figures());
        let state = HexTri::<RULES> {
            options: options.clone(),
            round: 1,
            phase: Phase::Movement,
            idle: 0,
            first: Seat(0),
            mover: Seat(0),
            all: false,
            done: SeatSet::EMPTY,
            out: SeatSet::EMPTY,
            gone: Vec::new(),
            troops,
            main_moves: [0; SEATS],
            reserve,
            resting: [0; SEATS],
            fallen: [0; SEATS],
            points: vec![0; board.hexes],
            unclear: vec![false; board.hexes],
            frozen: vec![false; board.hexes],
            report: Vec::new(),
            marks: Vec::new(),
            turns: 0,
            outcome: None,
        };
        Ok(state)
    }

    fn options(&self) -> &HexTriOptions {
        &self.options
    }

    fn layout(&self) -> Layout {
        self.board().layout(self.seat_count())
    }

    fn seat_count(&self) -> usize {
        usize::from(self.options.seats)
    }

    fn status(&self) -> Status {
        Status::one_seat(&self.outcome, self.mover)
    }

    fn evaluate(&self) -> Option<Vec<f64>> {
        Some(self.standing())
    }

    /// Playouts of 40 actions, then the evaluation: random matches of two
    /// players wander for over two hundred actions.
    fn playout_actions(&self) -> Option<u32> {
        Some(40)
    }

    fn turn(&self) -> u32 {
        self.turns
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<HexTriAction>) {
        if self.outcome.is_some() || seat != self.mover {
            return;
        }
        let before = out.len();
        self.steps(seat, out);
        if self.phase != Phase::Movement {
            out.push(HexTriAction::Done);
            return;
        }
        let can_move = out.len() > before;
        // Round 1: every Main Figure enters; nothing else can be done.
        if self.round == 1 && self.main_at(seat).is_none() {
            return;
        }
        let others_moving = !self.in_play().without_all(self.done).without(seat).is_empty();
        if can_move && !self.all && others_moving {
            out.push(HexTriAction::All);
        }
        out.push(HexTriAction::Done);
    }

    fn explain(&self, seat: Seat, action: &HexTriAction) -> String {
        let phase = match action {
            HexTriAction::Move(_) | HexTriAction::Sabotage { .. } | HexTriAction::All => Phase::Movement,
            HexTriAction::Transport { .. } => Phase::Transport,
            HexTriAction::Assassin { .. } => Phase::Assassin,
            HexTriAction::Done => self.phase,
        };
        let played = match phase {
            Phase::Movement => !matches!(action, HexTriAction::Sabotage { .. }) || self.options.sabotage,
            Phase::Transport => self.options.transport,
            Phase::Assassin => self.options.assassin,
        };
        if !played {
            return "that optional rule is not played in this match".into();
        }
        if self.outcome.is_some() || seat != self.mover {
            return "it is not your step".into();
        }
        if phase != self.phase {
            return match phase {
                Phase::Movement => "figures move in the movement phase",
                Phase::Transport => "points are transported after production",
                Phase::Assassin => "assassinations open the battle phase",
            }
            .into();
        }
        match action {
            HexTriAction::Move(m) => self.explain_move(seat, m),
            HexTriAction::Sabotage { .. } => "Sabotage pays 3 points from a county you alone occupy onto a county \
                                              only one enemy occupies, not frozen already"
                .into(),
            HexTriAction::Transport { .. } => "a transport takes 2 points from a county you alone occupy, not \
                                               frozen, and places 1 on another county you alone occupy"
                .into(),
            HexTriAction::Assassin { .. } => "an assassination pays 6 points from a county you alone occupy, not \
                                              frozen, and removes an enemy's ordinary figure (never a Main Figure)"
                .into(),
            HexTriAction::All => {
                "\"all\" starts your step: it is offered when you can move and others still move".into()
            }
            HexTriAction::Done => "in round 1 every Main Figure enters the board first".into(),
        }
    }

    fn play(&mut self, seat: Seat, action: &HexTriAction) {
        match action {
            HexTriAction::Move(m) => self.play_move(seat, m),
            HexTriAction::Sabotage { target, pay } => self.play_sabotage(*target, *pay),
            HexTriAction::Transport { from, to } => {
                let board = self.board();
                let id = |cell: &Cell| board.id(*cell).expect("a legal transport names the board's counties");
                self.play_transport(id(from), id(to));
                // A player makes all their transports in one step.
                self.all = true;
            }
            HexTriAction::Assassin { enemy, target, pay } => {
                let board = self.board();
                let id = |cell: &Cell| board.id(*cell).expect("a legal assassination names the board's fields");
                self.play_assassin(seat, *enemy, id(target), id(pay));
                self.done = self.done.with(seat);
            }
            HexTriAction::All => {
                self.all = true;
                self.marks.clear();
                return;
            }
            HexTriAction::Done => {
                self.done = self.done.with(seat);
                self.marks.clear();
            }
        }
        if self.all && !matches!(action, HexTriAction::Done) {
            // In a step of several actions the player goes on while one is left.
            if self.has_step(seat) {
                return;
            }
            self.done = self.done.with(seat);
        }
        self.all = false;
        self.turns += 1;
        self.next_step();
    }

    fn view(&self, _viewer: Viewer) -> View {
        let board = self.board();
        let mut stacks = Vec::new();
        let mut attributes = Vec::new();
        for cell in 0..board.cells {
            let mut pieces = Vec::new();
            for seat in self.seats() {
                let troop = self.troops[cell][seat.index()];
                if troop.main {
                    let kind = if self.main_moves[seat.index()] > 0 { "M*" } else { "M" };
                    pieces.push(Piece::of_kind(seat, kind));
                }
                pieces.extend((0..troop.fresh).map(|_| Piece::of_kind(seat, "F")));
                pieces.extend((0..troop.moved).map(|_| Piece::of_kind(seat, "F*")));
            }
            if !pieces.is_empty() {
                stacks.push(Stack { cell: cell as CellId, pieces });
            }
            if cell < board.hexes {
                let holders = self.holders(cell as CellId);
                let owner = (holders.len() == 1).then(|| holders.first()).flatten();
                let tag = if self.frozen[cell] {
                    Some("frozen".to_string())
                } else if self.unclear[cell] {
                    Some("unclear".to_string())
                } else if holders.len() > 1 {
                    Some("contested".to_string())
                } else {
                    None
                };
                let value = (self.points[cell] > 0).then(|| i32::from(self.points[cell]));
                if owner.is_some() || tag.is_some() || value.is_some() {
                    attributes.push(Attribute { cell: cell as CellId, owner, value, tag });
                }
            }
        }
        for seat in self.seats() {
            let i = seat.index();
            // Fallen figures ("mark figures killed in this round") lie under
            // those that may enter.
            let fallen = self.resting[i] + self.fallen[i];
            let mut pieces: Vec<Piece> = (0..fallen).map(|_| Piece::of_kind(seat, "F†")).collect();
            pieces.extend((0..self.reserve[i]).map(|_| Piece::of_kind(seat, "F")));
            if self.round == 1 && !self.out.contains(seat) && self.main_at(seat).is_none() {
                pieces.insert(0, Piece::of_kind(seat, "M"));
            }
            if !pieces.is_empty() {
                stacks.push(Stack { cell: board.reserve(i), pieces });
            }
        }
        let panels = self
            .seats()
            .map(|seat| {
                let i = seat.index();
                let held: u32 = self.held(seat).map(|h| u32::from(self.points[usize::from(h)])).sum();
                let on_board: u32 = self.troops.iter().map(|t| u32::from(t[i].count())).sum();
                let mut facts = vec![
                    Fact::new("points on its counties", held),
                    Fact::new("figures on the board", on_board),
                    Fact::new("waiting to enter", self.reserve[i]),
                ];
                if self.resting[i] + self.fallen[i] > 0 {
                    facts.push(Fact::new("fallen (enter again later)", self.resting[i] + self.fallen[i]));
                }
                if self.out.contains(seat) {
                    facts.push(Fact::new("out", "yes"));
                } else if self.done.contains(seat) {
                    facts.push(Fact::new("this round", "done"));
                }
                Panel::facts(facts)
            })
            .collect();
        let prompt = match &self.outcome {
            Some(outcome) => outcome.reason.clone(),
            None => {
                let name = Self::name(self.mover);
                let mut prompt = match self.phase {
                    Phase::Movement => format!("Round {}, movement: {name} to move", self.round),
                    Phase::Transport => format!("Round {}, point transport: {name} to transport", self.round),
                    Phase::Assassin => format!("Round {}, battle: {name} may assassinate", self.round),
                };
                if self.all && self.phase == Phase::Movement {
                    prompt.push_str(" (all their moves at once)");
                }
                if self.round == 1 && self.main_at(self.mover).is_none() {
                    prompt.push_str(": enter the Main Figure on an edge road");
                }
                for line in &self.report {
                    prompt.push_str(". ");
                    prompt.push_str(line);
                }
                prompt
            }
        };
        View {
            stacks,
            attributes,
            seats: panels,
            teams: Vec::new(),
            acting: self.status().acting(),
            prompt,
            marks: self.marks.clone(),
            private: Vec::new(),
            announcements: Vec::new(),
            outcome: self.outcome.clone(),
        }
    }

    fn clicks(&self, seat: Seat, action: &HexTriAction) -> Vec<Click> {
        let board = self.board();
        let id = |cell: Cell| Click::Cell(board.id(cell).unwrap_or(0));
        match action {
            HexTriAction::Move(m) => {
                let mut clicks = vec![m.from.map_or(Click::Cell(board.reserve(seat.index())), id)];
                clicks.extend(m.via.map(id));
                clicks.push(id(m.to));
                clicks.extend(m.pay.map(id));
                clicks.push(Click::choice(if m.main { "Main Figure" } else { "figure" }));
                clicks
            }
            HexTriAction::Sabotage { target, pay } => vec![id(*target), id(*pay), Click::choice("sabotage")],
            HexTriAction::Transport { from, to } => vec![id(*from), id(*to), Click::choice("transport a point")],
            HexTriAction::Assassin { enemy, target, pay } => {
                vec![id(*target), id(*pay), Click::choice(format!("assassinate {}'s figure", Self::name(*enemy)))]
            }
            HexTriAction::All => vec![Click::choice("all my moves now")],
            HexTriAction::Done => vec![Click::choice("done")],
        }
    }

    fn action_text(&self, seat: Seat, action: &HexTriAction) -> String {
        HexTriTurn { seat, actions: vec![*action] }.to_string()
    }

    fn resolve(&self, turn: &HexTriTurn) -> Result<Vec<StepOf<Self>>, NotationError> {
        let text = turn.to_string();
        let mut state = self.clone();
        let mut steps = Vec::new();
        for action in &turn.actions {
            state.apply(turn.seat, action).map_err(|e| NotationError::illegal(&text, e.to_string()))?;
            steps.push(Step::Act(turn.seat, *action));
        }
        Ok(steps)
    }

    fn notate(&self, turn: &[StepOf<Self>]) -> HexTriTurn {
        let seat = match turn.first() {
            Some(Step::Act(seat, _)) => *seat,
            _ => self.mover,
        };
        let actions = turn
            .iter()
            .filter_map(|step| match step {
                Step::Act(_, action) => Some(*action),
                Step::Chance(_) => None,
            })
            .collect();
        HexTriTurn { seat, actions }
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

    /// A player who leaves takes all their figures out of the game, as if
    /// their Main Figure had fallen; the others play on.
    fn withdraw(&mut self, seat: Seat, leave: Leave) {
        if self.outcome.is_some() || self.out.contains(seat) {
            return;
        }
        // A step of several actions the player left in ends here.
        if self.mover == seat && std::mem::take(&mut self.all) {
            self.turns += 1;
        }
        self.remove_seats(SeatSet::only(seat));
        if self.in_play().len() <= 1 {
            let winners = self.in_play();
            self.outcome = Some(self.ranking(winners, leave.reason().to_string()));
            return;
        }
        if self.mover == seat {
            self.next_step();
        }
    }
}

#[cfg(test)]
mod tests;
