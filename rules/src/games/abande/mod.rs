//! Abande (Dieter Stein, 2005): 18 pieces a side placed one at a time on the
//! 37-point board, always touching the one chain all pieces form; a piece or
//! stack may instead move one space onto an adjacent opposing one, never
//! breaking the chain, stacks at most three high. When both players pass in a
//! row, stacks next to no opposing stack fall asleep and the rest score their
//! height for their owner. Optionally on a 7 × 7 grid with diagonals.
//!
//! docs/rules/abande.md states the rules as implemented and every ruling.

mod board;
mod notation;
mod stack;

pub use board::{Board, BoardKind, MAX_SPACES, bits};
pub use stack::{MAX_HEIGHT, Stack};

use super::two_seats::opponent;
use crate::board::Cell;
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::game::{Game, GameInfo, OptionChoice, OptionSpec, StepOf};
use crate::layout::{Layout, seat_styles};
use crate::outcome::Outcome;
use crate::seat::{Seat, Viewer};
use crate::status::Status;
use crate::step::{NoChance, Step};
use crate::view::{Fact, Panel, Piece, View};
use serde::{Deserialize, Serialize};

/// Black, who opens with the initiative placement: seat 0, as seats are
/// numbered in turn order.
pub const BLACK: Seat = Seat(0);
/// White.
pub const WHITE: Seat = Seat(1);

/// Pieces each player starts with in hand.
pub const PIECES_IN_HAND: u8 = 18;

/// "Black" for seat 0, "White" for seat 1.
pub fn seat_name(seat: Seat) -> &'static str {
    if seat == BLACK { "Black" } else { "White" }
}

/// The host's choices: the board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AbandeOptions {
    /// The six-sided board (standard) or the square variant.
    pub board: BoardKind,
}

/// One turn: place a piece, move a piece or stack, or pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbandeAction {
    /// A piece from hand onto an empty space.
    Place(Cell),
    /// The mover's piece or stack on `from` onto the opposing one on `to`.
    Move {
        /// Where it stands.
        from: Cell,
        /// The adjacent opposing piece or stack it lands on.
        to: Cell,
    },
    /// Do nothing (only with no pieces in hand).
    Pass,
}

/// The state of an Abande match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Abande {
    options: AbandeOptions,
    board: [Stack; MAX_SPACES],
    /// The occupied spaces, as a mask.
    occupied: u64,
    in_hand: [u8; 2],
    to_move: Seat,
    /// Passes in a row just before now: two end the game.
    passes: u8,
    turns: u32,
    last: Option<AbandeAction>,
    outcome: Option<Outcome>,
}

impl Abande {
    /// The stack on a space; empty for a space the board lacks.
    pub fn stack(&self, space: Cell) -> Stack {
        self.geometry().index(space).map(|i| self.board[i]).unwrap_or_default()
    }

    /// The seat whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The pieces `seat` still has in hand.
    pub fn in_hand(&self, seat: Seat) -> u8 {
        self.in_hand[seat.index()]
    }

    /// The board.
    pub fn geometry(&self) -> &'static Board {
        Board::of(self.options.board)
    }

    /// A position with the given stacks, pieces in hand and player to move,
    /// for tests of particular situations.
    pub fn with_stacks(
        options: &AbandeOptions,
        stacks: &[(Cell, Stack)],
        in_hand: [u8; 2],
        to_move: Seat,
    ) -> Result<Abande, RulesError> {
        let mut state = Abande::new(options)?;
        for (space, stack) in stacks {
            let index = state
                .geometry()
                .index(*space)
                .ok_or_else(|| RulesError::BadOptions(format!("{space} is not on this board")))?;
            state.board[index] = *stack;
            if !stack.is_empty() {
                state.occupied |= 1 << index;
            }
        }
        state.in_hand = in_hand;
        state.to_move = to_move;
        Ok(state)
    }

    /// Whether moving is allowed yet: only once Black has entered his
    /// second piece.
    pub fn moving_allowed(&self) -> bool {
        self.in_hand[BLACK.index()] + 2 <= PIECES_IN_HAND
    }

    /// The spaces whose stacks are asleep: next to no stack of the other
    /// owner, judged by the tops only.
    pub fn sleeping(&self) -> Vec<Cell> {
        bits(self.occupied).filter(|i| !self.awake(*i)).map(|i| self.geometry().name(i)).collect()
    }

    fn awake(&self, index: usize) -> bool {
        let owner = self.board[index].top();
        bits(self.geometry().neighbours(index) & self.occupied).any(|n| self.board[n].top() != owner)
    }

    /// The points each seat would score if the game ended now: the height of
    /// every stack it owns that is not asleep.
    pub fn points(&self) -> [i32; 2] {
        let mut points = [0; 2];
        for index in bits(self.occupied).filter(|i| self.awake(*i)) {
            let stack = self.board[index];
            if let Some(owner) = stack.top() {
                points[owner.index()] += i32::from(stack.height());
            }
        }
        points
    }

    /// Calls `each` with every legal action of the player to move:
    /// placements, then moves, then passing.
    fn for_each_action(&self, mut each: impl FnMut(AbandeAction)) {
        if self.outcome.is_some() {
            return;
        }
        let seat = self.to_move;
        let geometry = self.geometry();
        if self.in_hand[seat.index()] > 0 {
            let free =
                if self.occupied == 0 { (1u64 << geometry.spaces()) - 1 } else { geometry.around(self.occupied) };
            for index in bits(free) {
                each(AbandeAction::Place(geometry.name(index)));
            }
        }
        if self.moving_allowed() {
            for from in bits(self.occupied).filter(|i| self.board[*i].top() == Some(seat)) {
                let stack = self.board[from];
                let targets = bits(geometry.neighbours(from) & self.occupied).filter(|to| {
                    let target = self.board[*to];
                    target.top() == Some(opponent(seat)) && target.put(stack).is_some()
                });
                let mut keeps_chain = None;
                for to in targets {
                    if *keeps_chain.get_or_insert_with(|| geometry.connected(self.occupied & !(1 << from))) {
                        each(AbandeAction::Move { from: geometry.name(from), to: geometry.name(to) });
                    }
                }
            }
        }
        if self.in_hand[seat.index()] == 0 {
            each(AbandeAction::Pass);
        }
    }

    /// Why `seat` may not play `action` now, in words (only explanation:
    /// legality is [`Game::legal_actions`]'s).
    fn why_not(&self, seat: Seat, action: &AbandeAction) -> Result<(), String> {
        let name = seat_name(seat);
        let hand = self.in_hand[seat.index()];
        let index = |space: &Cell| self.geometry().index(*space).ok_or_else(|| format!("{space} is not on this board"));
        match action {
            AbandeAction::Place(space) => {
                let at = index(space)?;
                if hand == 0 {
                    return Err(format!("{name} has no pieces left in hand"));
                }
                if self.occupied & (1 << at) != 0 {
                    return Err(format!("{space} is not empty"));
                }
                if self.occupied != 0 && self.geometry().neighbours(at) & self.occupied == 0 {
                    return Err(format!("{space} does not touch the chain"));
                }
            }
            AbandeAction::Move { from, to } => {
                let (at, target) = (index(from)?, index(to)?);
                let stack = self.board[at];
                if !self.moving_allowed() {
                    return Err("moving is allowed only after Black has entered his second piece".into());
                }
                if stack.top() != Some(seat) {
                    return Err(format!("{name} owns no piece or stack on {from}"));
                }
                if self.geometry().neighbours(at) & (1 << target) == 0 {
                    return Err(format!("{to} is not next to {from}"));
                }
                if self.board[target].top() != Some(opponent(seat)) {
                    return Err(format!("a move must land on an opposing piece or stack, and {to} holds none"));
                }
                if self.board[target].put(stack).is_none() {
                    return Err(format!("the stack on {to} would grow higher than {MAX_HEIGHT}"));
                }
                if !self.geometry().connected(self.occupied & !(1 << at)) {
                    return Err(format!("leaving {from} would break the chain"));
                }
            }
            AbandeAction::Pass if hand > 0 => {
                return Err(format!("{name} may pass only with no pieces in hand ({hand} left)"));
            }
            AbandeAction::Pass => {}
        }
        Ok(())
    }

    /// Removes the sleeping stacks' points from the count and ends the game.
    fn score(&mut self) {
        let points = self.points();
        let (black, white) = (points[BLACK.index()], points[WHITE.index()]);
        let reason = match black.cmp(&white) {
            std::cmp::Ordering::Greater => format!("both players passed; Black wins {black}:{white}"),
            std::cmp::Ordering::Less => format!("both players passed; White wins {white}:{black}"),
            std::cmp::Ordering::Equal => format!("both players passed; a draw at {black}:{white}"),
        };
        self.outcome = Some(Outcome::by_scores(points.to_vec(), reason));
    }

    fn prompt(&self) -> String {
        if let Some(outcome) = &self.outcome {
            return outcome.reason.clone();
        }
        let seat = self.to_move;
        if self.occupied == 0 {
            return format!("{}: place the first piece anywhere", seat_name(seat));
        }
        let mut can_move = false;
        self.for_each_action(|a| can_move |= matches!(a, AbandeAction::Move { .. }));
        let what = match (self.in_hand[seat.index()] > 0, can_move) {
            (true, true) => "place a piece or move",
            (true, false) => "place a piece",
            (false, true) => "move or pass",
            (false, false) => "pass",
        };
        let after_pass = if self.passes > 0 { " (a pass now ends the game)" } else { "" };
        format!("{}: {what}{after_pass}", seat_name(seat))
    }
}

impl Game for Abande {
    type Options = AbandeOptions;
    type Action = AbandeAction;
    type Chance = NoChance;
    type Notation = AbandeAction;

    const INFO: GameInfo = GameInfo::abstract_game(
        "abande",
        "Abande",
        "Dieter Stein's game of placing and stacking for two. Pieces enter one by one and must always \
         form a single chain; a piece or stack may capture by climbing onto a neighbouring opposing \
         one, up to three high. At the end only stacks still touching the opponent score, one point \
         per piece.",
        2,
        2,
    );

    fn option_specs() -> Vec<OptionSpec> {
        vec![OptionSpec {
            key: "board".into(),
            label: "Board".into(),
            choices: vec![
                OptionChoice { value: "hex".into(), label: "Six-sided, 37 points".into() },
                OptionChoice { value: "square".into(), label: "Square, 7 × 7 points with diagonals".into() },
            ],
            default: "hex".into(),
        }]
    }

    fn new(options: &AbandeOptions) -> Result<Abande, RulesError> {
        Ok(Abande {
            options: options.clone(),
            board: [Stack::default(); MAX_SPACES],
            occupied: 0,
            in_hand: [PIECES_IN_HAND; 2],
            to_move: BLACK,
            passes: 0,
            turns: 0,
            last: None,
            outcome: None,
        })
    }

    fn options(&self) -> &AbandeOptions {
        &self.options
    }

    /// On the hexagon, rows `a` to `g` run from White's side, as the
    /// rulebook's coordinates do, so Black (seat 0) sees the board turned
    /// half round; on the square grid, which has no coordinates in the
    /// rulebook, `a1` is seat 0's bottom left.
    fn layout(&self) -> Layout {
        let mut seats = seat_styles(&[("Black", "#2b2b2b"), ("White", "#f4f1e8")]);
        if self.options.board == BoardKind::Hex {
            seats[0].turn = 180.0;
            seats[1].turn = 0.0;
        }
        self.geometry().layout(seats)
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn status(&self) -> Status {
        Status::one_seat(&self.outcome, self.to_move)
    }

    fn turn(&self) -> u32 {
        self.turns
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<AbandeAction>) {
        if seat == self.to_move {
            self.for_each_action(|a| out.push(a));
        }
    }

    fn count_legal(&self, seat: Seat) -> usize {
        let mut count = 0;
        if seat == self.to_move {
            self.for_each_action(|_| count += 1);
        }
        count
    }

    fn explain(&self, seat: Seat, action: &AbandeAction) -> String {
        self.why_not(seat, action).err().unwrap_or_else(|| "not a legal action here".into())
    }

    fn play(&mut self, seat: Seat, action: &AbandeAction) {
        let geometry = self.geometry();
        let index = |space: &Cell| geometry.index(*space).expect("a legal action names spaces of the board");
        match action {
            AbandeAction::Place(space) => {
                let at = index(space);
                self.board[at] = Stack::single(seat);
                self.occupied |= 1 << at;
                self.in_hand[seat.index()] -= 1;
                self.passes = 0;
            }
            AbandeAction::Move { from, to } => {
                let (at, target) = (index(from), index(to));
                let moving = std::mem::take(&mut self.board[at]);
                self.board[target] = self.board[target].put(moving).expect("a legal move keeps stacks low");
                self.occupied &= !(1 << at);
                self.passes = 0;
            }
            AbandeAction::Pass => self.passes += 1,
        }
        self.turns += 1;
        self.last = Some(*action);
        self.to_move = opponent(seat);
        if self.passes >= 2 {
            self.score();
        }
    }

    fn view(&self, _viewer: Viewer) -> View {
        let stacks = bits(self.occupied)
            .map(|i| crate::view::Stack { cell: i as u16, pieces: self.board[i].pieces().map(Piece::plain).collect() })
            .collect();
        let points = self.points();
        let seats = [BLACK, WHITE]
            .into_iter()
            .map(|seat| {
                Panel::facts(vec![
                    Fact::new("in hand", self.in_hand[seat.index()]),
                    Fact::new("points", points[seat.index()]),
                ])
            })
            .collect();
        let cell = |space: &Cell| self.geometry().index(*space).map(|i| i as u16);
        let marks = match &self.last {
            Some(AbandeAction::Place(space)) => cell(space).into_iter().collect(),
            Some(AbandeAction::Move { from, to }) => [cell(from), cell(to)].into_iter().flatten().collect(),
            Some(AbandeAction::Pass) | None => Vec::new(),
        };
        View {
            stacks,
            attributes: Vec::new(),
            seats,
            teams: Vec::new(),
            acting: self.status().acting(),
            prompt: self.prompt(),
            marks,
            private: Vec::new(),
            announcements: Vec::new(),
            outcome: self.outcome.clone(),
        }
    }

    fn clicks(&self, _seat: Seat, action: &AbandeAction) -> Vec<Click> {
        let cell = |space: &Cell| Click::Cell(self.geometry().index(*space).unwrap_or(0) as u16);
        match action {
            AbandeAction::Place(space) => vec![cell(space)],
            AbandeAction::Move { from, to } => vec![cell(from), cell(to)],
            AbandeAction::Pass => vec![Click::choice("pass")],
        }
    }

    fn action_text(&self, _seat: Seat, action: &AbandeAction) -> String {
        action.to_string()
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<AbandeAction, NotationError> {
        let action: AbandeAction = text.parse()?;
        match self.check(seat, &action) {
            Ok(()) => Ok(action),
            Err(RulesError::Illegal(reason)) => Err(NotationError::illegal(text, reason)),
            Err(other) => Err(NotationError::illegal(text, other.to_string())),
        }
    }

    fn resolve(&self, turn: &AbandeAction) -> Result<Vec<StepOf<Self>>, NotationError> {
        let seat = self.to_move;
        self.parse_action(seat, &turn.to_string()).map(|action| vec![Step::Act(seat, action)])
    }

    fn notate(&self, turn: &[StepOf<Self>]) -> AbandeAction {
        match turn.first() {
            Some(Step::Act(_, action)) => *action,
            _ => AbandeAction::Pass,
        }
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome.get_or_insert(outcome);
    }
}
