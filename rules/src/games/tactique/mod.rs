//! Tactique, a game of hidden ranks for two: 27 pieces a side on an 8×8
//! board, arranged in secret; ranks are revealed only in combat, where the
//! lower rank is demoted or removed; archers shoot at the start of their
//! side's turn; attacking the opposing Flag wins. It is Tactica's first game
//! with hidden information: see [`Tactique::view`](crate::Game::view) and
//! the `resample` module.
//!
//! docs/rules/tactique.md states the rules as implemented and every ruling.

mod army;
mod board;
mod notation;
mod play;
mod resample;
mod setup;
mod view;

pub use army::{ARMY_SIZE, Rank, Unit};
pub use board::{SQUARES, Square};
pub use notation::TurnText;
pub use setup::FRONT_ROW_PIECES;

use super::two_seats::white_or_black;
use crate::Seed;
use crate::board::Cell;
use crate::chance::SeedStream;
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::game::{Game, GameInfo, OptionChoice, OptionSpec, StepOf, random_listed};
use crate::layout::Layout;
use crate::outcome::Outcome;
use crate::seat::{Seat, SeatSet, Viewer};
use crate::seen::{Opening, Seen};
use crate::status::{Decision, Status};
use crate::step::Step;
use crate::view::View;
use serde::{Deserialize, Serialize};

pub use super::two_seats::{BLACK, WHITE};

/// Rearrangements (shifts) a seat may make during its set-up, so that the
/// set-up ends even when actions are chosen at random.
pub const SHIFTS_PER_SEAT: u8 = 60;

/// The options of a match. `{}` is the standard game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TactiqueOptions {
    /// The rulebook's variant: a piece demoted in combat (not by an archer)
    /// changes sides.
    pub defect: bool,
}

/// One action. Its JSON form is externally tagged in snake_case:
/// `{"place":{"cell":"a1","rank":"commander"}}`, `"random"`,
/// `{"move":{"from":"c2","to":"c5"}}`, `"end_turn"`. Squares are named by
/// [`Cell`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TactiqueAction {
    /// Set-up: a piece from the supply onto an empty square of one's half.
    Place {
        /// The square.
        cell: Cell,
        /// The rank.
        rank: Rank,
    },
    /// Set-up: a placed piece to another square of one's half, swapping
    /// with the own piece there if any.
    Shift {
        /// The placed piece.
        from: Cell,
        /// Its new square.
        to: Cell,
    },
    /// Set-up: the whole remaining supply placed at random (chance then
    /// draws the arrangement).
    Random,
    /// Set-up: the arrangement is final.
    Ready,
    /// A piece moves in a straight line over empty squares.
    Move {
        /// Its square.
        from: Cell,
        /// An empty square in line.
        to: Cell,
    },
    /// A piece attacks an orthogonally adjacent opposing piece.
    Attack {
        /// The attacker.
        from: Cell,
        /// The piece attacked.
        to: Cell,
    },
    /// After a move that ended next to an opposing piece: no attack.
    EndTurn,
}

/// A chance outcome: the rest of a seat's supply placed at random after its
/// `random` action. Its JSON form: `{"seat":0,"pieces":[["a1","commander"],…]}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Arrangement {
    /// The seat whose pieces are placed.
    pub seat: Seat,
    /// Each square and the rank placed on it, in square order.
    pub pieces: Vec<(Cell, Rank)>,
}

/// The state of a Tactique match under rules version `RULES`. Version 1
/// placed a `random` set-up's ranks uniformly, the Flag and the Archers
/// anywhere; version 2, the current one, keeps them back
/// (docs/rules/tactique.md, "A random set-up"). Matches stored under
/// version 1 replay by it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tactique<const RULES: u32 = 2> {
    options: TactiqueOptions,
    /// A seat that asked for its supply to be placed at random, while chance
    /// has not placed it yet.
    random_for: Option<Seat>,
    board: [Option<Unit>; SQUARES],
    /// Pieces not yet placed, per seat, counted by rank value.
    supply: [[u8; 6]; 2],
    ready: [bool; 2],
    shifts_left: [u8; 2],
    /// The squares of each seat's last set-up action, shown only to it.
    setup_marks: [Vec<Square>; 2],
    to_move: Seat,
    /// The square of the piece that moved this turn next to an opposing
    /// piece, while its owner may still attack from there.
    charging: Option<Square>,
    /// The move made this turn, if any.
    this_move: Option<(Square, Square)>,
    /// Per seat, the moves of its last two turns, the latest first (`None`
    /// for a turn without a move).
    past_moves: [[Option<(Square, Square)>; 2]; 2],
    /// The squares hit by the volley that began the current turn.
    volley: Vec<Square>,
    /// The squares of the current or last turn's actions.
    marks: Vec<Square>,
    /// Pieces removed from the board, in order: as they stood in the fight
    /// that removed them, or before the volley that did.
    removed: Vec<Unit>,
    turns: u32,
    outcome: Option<Outcome>,
}

impl<const RULES: u32> Tactique<RULES> {
    /// Whether the set-up is over (both seats ready).
    pub fn playing(&self) -> bool {
        self.ready.iter().all(|r| *r)
    }

    /// The piece on `square`.
    pub fn unit(&self, square: Square) -> Option<Unit> {
        self.board[square.index()]
    }

    /// The seat whose turn it is, once play has begun.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The squares hit by the archers at the start of the current turn.
    pub fn volley(&self) -> &[Square] {
        &self.volley
    }

    /// The pieces removed so far, each as it stood in the fight that removed
    /// it or before the volley that did.
    pub fn removed(&self) -> &[Unit] {
        &self.removed
    }

    /// A match in play with only the given pieces, both set-ups done, and
    /// `to_move` to act without a volley first: for tests of particular
    /// situations.
    pub fn with_pieces(options: &TactiqueOptions, pieces: &[(Square, Seat, Rank)], to_move: Seat) -> Self {
        let mut state = Self::new(options).expect("valid options");
        for (square, seat, rank) in pieces {
            state.board[square.index()] = Some(Unit::new(*seat, *rank));
        }
        state.supply = [[0; 6]; 2];
        state.ready = [true; 2];
        state.to_move = to_move;
        state
    }

    fn why_illegal(&self, seat: Seat, action: &TactiqueAction) -> String {
        let setup_action = matches!(
            action,
            TactiqueAction::Place { .. }
                | TactiqueAction::Shift { .. }
                | TactiqueAction::Random
                | TactiqueAction::Ready
        );
        match (self.playing(), setup_action) {
            (true, true) => "the set-up is over".into(),
            (false, false) => "the set-up is not over".into(),
            (false, true) => match action {
                TactiqueAction::Ready => "every piece must be placed first".into(),
                TactiqueAction::Shift { .. } if self.shifts_left[seat.index()] == 0 => {
                    "no rearrangements are left".into()
                }
                _ => "the arrangement could not be completed: three back rows full, three pieces in the fourth row"
                    .into(),
            },
            (true, false) => match (action, self.charging) {
                (TactiqueAction::EndTurn, None) => {
                    "a turn ends by itself unless a move ended next to an opposing piece".into()
                }
                (_, Some(square)) => format!("the piece on {} may attack or the turn end", square.name()),
                _ => "not a legal move or attack".into(),
            },
        }
    }

    /// The seat that acts in a written action, and the action: for a
    /// placement or shift the owner of the half it names, for `random` and
    /// `ready` the seat named, in play the seat to move. Public knowledge
    /// only, so that it can be told before anything hidden is looked at.
    fn actor(&self, turn: &TurnText) -> (Seat, TactiqueAction) {
        let half = |cell: Cell| Square::of(cell).map_or(self.to_move, Square::half);
        match *turn {
            TurnText::Place { rank, cell } => (half(cell), TactiqueAction::Place { cell, rank }),
            TurnText::Shift { from, to } => (half(from), TactiqueAction::Shift { from, to }),
            TurnText::Random(seat) => (seat, TactiqueAction::Random),
            TurnText::Ready(seat) => (seat, TactiqueAction::Ready),
            TurnText::Move { from, to, .. } => (self.to_move, TactiqueAction::Move { from, to }),
            TurnText::Attack { from, to } => (self.to_move, TactiqueAction::Attack { from, to }),
            TurnText::EndTurn => (self.to_move, TactiqueAction::EndTurn),
        }
    }

    /// The seat and action of a written action, checked against the rules.
    /// The reason given for an illegal action depends on its actor's
    /// arrangement: callers on behalf of a seat first make sure the actor is
    /// that seat ([`Game::parse_action`]).
    fn resolve_one(&self, turn: &TurnText, text: &str) -> Result<(Seat, TactiqueAction), NotationError> {
        let (seat, action) = self.actor(turn);
        if self.outcome.is_some() {
            return Err(NotationError::illegal(text, "the game is over"));
        }
        if !self.status().acting().contains(seat) {
            return Err(NotationError::illegal(text, format!("{} may not act now", white_or_black(seat))));
        }
        if self.check(seat, &action).is_ok() {
            return Ok((seat, action));
        }
        // A move written as an attack or an attack as a move: the squares
        // name one action (a move ends on an empty square, an attack on an
        // opposing piece), so it is read as that action.
        let other = match action {
            TactiqueAction::Move { from, to } => Some(TactiqueAction::Attack { from, to }),
            TactiqueAction::Attack { from, to } => Some(TactiqueAction::Move { from, to }),
            _ => None,
        };
        match other {
            Some(other) if self.check(seat, &other).is_ok() => Ok((seat, other)),
            _ => Err(NotationError::illegal(text, self.why_illegal(seat, &action))),
        }
    }

    fn text_of(action: &TactiqueAction, seat: Seat) -> TurnText {
        match *action {
            TactiqueAction::Place { cell, rank } => TurnText::Place { rank, cell },
            TactiqueAction::Shift { from, to } => TurnText::Shift { from, to },
            TactiqueAction::Random => TurnText::Random(seat),
            TactiqueAction::Ready => TurnText::Ready(seat),
            TactiqueAction::Move { from, to } => TurnText::Move { from, to, attack: None },
            TactiqueAction::Attack { from, to } => TurnText::Attack { from, to },
            TactiqueAction::EndTurn => TurnText::EndTurn,
        }
    }
}

impl<const RULES: u32> Game for Tactique<RULES> {
    type Options = TactiqueOptions;
    type Action = TactiqueAction;
    type Chance = Arrangement;
    type Notation = TurnText;

    const INFO: GameInfo = GameInfo {
        id: "tactique",
        name: "Tactique",
        summary: "A battle of hidden ranks for two. Arrange 27 pieces in secret, then advance: ranks are \
                  revealed only in combat, where the lower rank is demoted or removed, and archers shoot \
                  unseen at the start of each turn. Capture the opposing Flag.",
        min_seats: 2,
        max_seats: 2,
        chance: true,
        hidden_information: true,
        simultaneous: true,
        windows: false,
        rules_version: RULES,
    };

    fn option_specs() -> Vec<OptionSpec> {
        vec![OptionSpec {
            key: "defect".into(),
            label: "Demoted pieces change sides".into(),
            choices: vec![
                OptionChoice { value: false.into(), label: "No: the standard rules".into() },
                OptionChoice {
                    value: true.into(),
                    label: "Yes: a piece demoted in combat joins the victor (the rulebook's variant)".into(),
                },
            ],
            default: false.into(),
        }]
    }

    fn new(options: &TactiqueOptions) -> Result<Self, RulesError> {
        Ok(Self {
            options: options.clone(),
            random_for: None,
            board: [None; SQUARES],
            supply: [setup::full_supply(); 2],
            ready: [false; 2],
            shifts_left: [SHIFTS_PER_SEAT; 2],
            setup_marks: [Vec::new(), Vec::new()],
            to_move: WHITE,
            charging: None,
            this_move: None,
            past_moves: [[None; 2]; 2],
            volley: Vec::new(),
            marks: Vec::new(),
            removed: Vec::new(),
            turns: 0,
            outcome: None,
        })
    }

    fn options(&self) -> &TactiqueOptions {
        &self.options
    }

    fn layout(&self) -> Layout {
        board::layout()
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn status(&self) -> Status {
        match &self.outcome {
            Some(outcome) => Status::Over(outcome.clone()),
            None if self.random_for.is_some() => Status::Chance,
            None if self.playing() => Status::Acting(Decision::turn(self.to_move)),
            None => Status::Acting(Decision::simultaneous(
                [WHITE, BLACK].into_iter().filter(|s| !self.ready[s.index()]).collect::<SeatSet>(),
            )),
        }
    }

    fn turn(&self) -> u32 {
        self.turns
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<TactiqueAction>) {
        if seat.index() >= 2 || self.random_for.is_some() {
            return;
        }
        if self.playing() {
            self.play_actions(seat, out);
        } else {
            self.setup_actions(seat, out);
        }
    }

    fn count_legal(&self, seat: Seat) -> usize {
        if seat.index() >= 2 || self.random_for.is_some() {
            return 0;
        }
        if self.playing() {
            let mut actions = Vec::new();
            self.play_actions(seat, &mut actions);
            actions.len()
        } else {
            self.count_setup(seat)
        }
    }

    /// In the set-up, found by its place in the list without making the
    /// list (a set-up list runs to hundreds of actions, and random
    /// playouts pass through many set-ups).
    fn random_action(&self, seat: Seat, stream: &mut SeedStream, scratch: &mut Vec<TactiqueAction>) -> TactiqueAction {
        if seat.index() >= 2 || self.random_for.is_some() || self.playing() {
            return random_listed(self, seat, stream, scratch);
        }
        self.random_setup_action(seat, stream)
    }

    /// A set-up whose time ran out is completed at random, then ready.
    fn default_action(&self, seat: Seat) -> Option<TactiqueAction> {
        if seat.index() >= 2 || self.playing() {
            return None;
        }
        self.setup_default(seat)
    }

    fn explain(&self, seat: Seat, action: &TactiqueAction) -> String {
        self.why_illegal(seat, action)
    }

    fn play(&mut self, seat: Seat, action: &TactiqueAction) {
        if self.playing() {
            self.play_turn_action(seat, action);
        } else {
            self.play_setup(seat, action);
        }
    }

    fn view(&self, viewer: Viewer) -> View {
        self.view_for(viewer)
    }

    fn observe(&self, step: &StepOf<Self>, _after: &Self, viewer: Viewer) -> Seen {
        self.observed(step, viewer)
    }

    /// The volley of archers that began the turn.
    fn opening(&self) -> Option<Opening> {
        self.volley_opening()
    }

    fn draw_chance(&self, stream: &mut SeedStream) -> Arrangement {
        self.draw_arrangement(self.random_for.expect("chance is due after a random set-up"), stream)
    }

    fn check_chance(&self, outcome: &Arrangement) -> Result<(), RulesError> {
        self.check_arrangement(outcome)
    }

    fn play_chance(&mut self, outcome: &Arrangement) {
        self.place_arrangement(outcome);
    }

    fn chance_text(&self, outcome: &Arrangement) -> String {
        format!("{}: pieces placed at random", white_or_black(outcome.seat))
    }

    fn clicks(&self, seat: Seat, action: &TactiqueAction) -> Vec<Click> {
        let cell = |name: Cell| Click::Cell(Square::of(name).map_or(u16::MAX, Square::cell));
        match *action {
            // The supply's button says how many of the rank are left: "Pikeman 3 ×8".
            TactiqueAction::Place { cell: at, rank } => {
                let left = self.supply[seat.index()][rank.value() as usize];
                vec![Click::choice(format!("{} ×{left}", rank.choice())), cell(at)]
            }
            TactiqueAction::Shift { from, to }
            | TactiqueAction::Move { from, to }
            | TactiqueAction::Attack { from, to } => vec![cell(from), cell(to)],
            TactiqueAction::Random => vec![Click::choice("random")],
            TactiqueAction::Ready => vec![Click::choice("ready")],
            TactiqueAction::EndTurn => vec![Click::choice("end turn")],
        }
    }

    fn action_text(&self, seat: Seat, action: &TactiqueAction) -> String {
        Self::text_of(action, seat).to_string()
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<TactiqueAction, NotationError> {
        let turn: TurnText = text.parse()?;
        if let TurnText::Move { attack: Some(_), .. } = turn {
            return Err(NotationError::syntax(text, "a charge is two actions: the move, then the attack"));
        }
        // The actor first: checking the rules for the other seat's half
        // would tell this one about an arrangement it may not see.
        let (actor, _) = self.actor(&turn);
        if actor != seat {
            return Err(NotationError::illegal(text, format!("that is {}'s action", white_or_black(actor))));
        }
        let (_, action) = self.resolve_one(&turn, text)?;
        Ok(action)
    }

    /// For tools reading complete records, which see everything: a reason
    /// for an illegal turn may depend on hidden pieces. Nothing answers a
    /// seat with it; a seat's texts go through [`Game::parse_action`].
    /// The arrangement of a `random` set-up is not written: replaying it
    /// draws it again from the match's seed.
    fn resolve(&self, turn: &TurnText) -> Result<Vec<StepOf<Self>>, NotationError> {
        let text = turn.to_string();
        let (seat, action) = self.resolve_one(turn, &text)?;
        let mut steps = vec![Step::Act(seat, action)];
        if let TurnText::Move { attack, .. } = turn {
            let mut after = self.clone();
            after.play(seat, &action);
            let next = match attack {
                Some(target) => {
                    Some(TactiqueAction::Attack { from: after.charging.map_or(*target, Square::name), to: *target })
                }
                None => after.charging.map(|_| TactiqueAction::EndTurn),
            };
            if let Some(next) = next {
                if after.check(seat, &next).is_err() {
                    return Err(NotationError::illegal(&text, "the move does not end next to the piece attacked"));
                }
                steps.push(Step::Act(seat, next));
            }
        }
        Ok(steps)
    }

    fn notate(&self, turn: &[StepOf<Self>]) -> TurnText {
        let mut actions = turn.iter().filter_map(|step| match step {
            Step::Act(seat, action) => Some((*seat, *action)),
            Step::Chance(_) => None,
        });
        let Some((seat, first)) = actions.next() else { return TurnText::EndTurn };
        let mut text = Self::text_of(&first, seat);
        if let (TurnText::Move { attack, .. }, Some((_, TactiqueAction::Attack { to, .. }))) =
            (&mut text, actions.next())
        {
            *attack = Some(to);
        }
        text
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome.get_or_insert(outcome);
    }

    fn resample(&self, viewer: Seat, seed: Seed) -> Self {
        self.resampled(viewer, seed)
    }
}
