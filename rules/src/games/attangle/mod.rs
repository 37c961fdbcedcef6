//! Attangle (Dieter Stein, 1998), as the stacking-trilogy rulebook gives it
//! (not the 2008 rules): 50 pieces a side; a turn places a piece on an empty
//! point or captures an opposing piece or stack of three by moving two own
//! units onto it at once along straight lines from different directions,
//! making stacks of three or five; stacks of five are fixed; the first to own
//! three stacks of five wins. Option: the 8×8 square board, eight directions,
//! five stacks of five to win.
//!
//! docs/rules/attangle.md states the rules as implemented and every ruling.

mod board;
mod notation;
mod unit;

pub use board::{Board, BoardKind};
pub use notation::TurnText;
pub use unit::{MAX_HEIGHT, Unit};

use super::two_seats::{opponent, white_or_black};
use crate::board::Cell;
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::game::{Game, GameInfo, OptionChoice, OptionSpec, StepOf};
use crate::layout::Layout;
use crate::outcome::Outcome;
use crate::seat::{Seat, Viewer};
use crate::status::Status;
use crate::step::{NoChance, Step};
use crate::view::{Fact, Panel, Piece, View};
use board::MAX_POINTS;
use serde::{Deserialize, Serialize};

pub use super::two_seats::{BLACK, WHITE};

/// Pieces each player has: "100 playing pieces, half black and half white".
pub const PIECES_PER_SIDE: u8 = 50;

/// The options: which board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AttangleOptions {
    /// The rulebook's hexagon (the default) or the variant's square board.
    pub board: BoardKind,
}

impl AttangleOptions {
    /// Stacks of five that win: three on the hexagon, five on the square board.
    pub fn stacks_to_win(&self) -> u8 {
        match self.board {
            BoardKind::Hex => 3,
            BoardKind::Square => 5,
        }
    }
}

/// A capture: the units on the two `from` points (in name order) move onto
/// the opposing unit on `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "CaptureJson")]
pub struct Capture {
    /// The two origins, the smaller name first.
    pub from: [Cell; 2],
    /// The point they meet on.
    pub to: Cell,
}

impl Capture {
    /// The capture from `a` and `b` (in either order) onto `to`.
    pub fn new(a: Cell, b: Cell, to: Cell) -> Capture {
        Capture { from: [a.min(b), a.max(b)], to }
    }
}

/// A capture's JSON form as read: the origins in any order.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaptureJson {
    from: [Cell; 2],
    to: Cell,
}

impl From<CaptureJson> for Capture {
    fn from(json: CaptureJson) -> Capture {
        Capture::new(json.from[0], json.from[1], json.to)
    }
}

/// An Attangle action, which is always a whole turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttangleAction {
    /// A piece from hand onto an empty point.
    Place(Cell),
    /// Two own units onto an opposing one.
    Capture(Capture),
}

/// The state of an Attangle match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attangle {
    options: AttangleOptions,
    board: [Unit; MAX_POINTS],
    in_hand: [u8; 2],
    fives: [u8; 2],
    to_move: Seat,
    turns: u32,
    last: Option<AttangleAction>,
    outcome: Option<Outcome>,
}

/// Up to one attacker per direction: its point and height.
type Attackers = ([(u8, u8); crate::board::MAX_DIRECTIONS], usize);

impl Attangle {
    /// The board's geometry.
    pub fn geometry(&self) -> &'static Board {
        Board::of(self.options.board)
    }

    /// What stands on the point named `spot` (empty off the board).
    pub fn unit(&self, spot: Cell) -> Unit {
        self.geometry().point(spot).map_or(Unit::EMPTY, |p| self.board[p as usize])
    }

    /// Pieces `seat` still has in hand.
    pub fn in_hand(&self, seat: Seat) -> u8 {
        self.in_hand[seat.index()]
    }

    /// Stacks of five `seat` owns.
    pub fn stacks_of_five(&self, seat: Seat) -> u8 {
        self.fives[seat.index()]
    }

    /// The seat whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// A position with the given units, `to_move` to play and the given
    /// pieces in hand, past the first turn; for tests of particular situations.
    pub fn with_units(
        options: &AttangleOptions,
        units: &[(Cell, Unit)],
        to_move: Seat,
        in_hand: [u8; 2],
    ) -> Result<Attangle, RulesError> {
        let mut state = Attangle::new(options)?;
        let g = state.geometry();
        for (spot, unit) in units {
            let point = g.point(*spot).ok_or_else(|| RulesError::BadOptions(format!("{spot} is not on this board")))?;
            state.board[point as usize] = *unit;
            if unit.height() == MAX_HEIGHT
                && let Some(owner) = unit.owner()
            {
                state.fives[owner.index()] += 1;
            }
        }
        state.to_move = to_move;
        state.in_hand = in_hand;
        state.turns = 2;
        Ok(state)
    }

    /// The units of `seat` that could move onto `target`: the first occupied
    /// point in each direction, if it is `seat`'s single piece or triple.
    fn attackers(&self, g: &Board, seat: Seat, target: u8) -> Attackers {
        let mut found = [(0u8, 0u8); crate::board::MAX_DIRECTIONS];
        let mut n = 0;
        for dir in 0..g.directions {
            let mut at = target;
            while let Some(next) = g.step(at, dir) {
                at = next;
                let unit = self.board[at as usize];
                if unit.is_empty() {
                    continue;
                }
                if unit.owner() == Some(seat) && unit.height() < MAX_HEIGHT {
                    found[n] = (at, unit.height());
                    n += 1;
                }
                break;
            }
        }
        (found, n)
    }

    /// Calls `f(a, b, target)` for every capture of `seat` (a, b in point
    /// order) until it returns true; returns whether it did.
    fn find_capture(&self, seat: Seat, mut f: impl FnMut(u8, u8, u8) -> bool) -> bool {
        let g = self.geometry();
        for target in 0..g.points as u8 {
            let unit = self.board[target as usize];
            if unit.owner() != Some(opponent(seat)) || unit.height() >= MAX_HEIGHT {
                continue;
            }
            let (found, n) = self.attackers(g, seat, target);
            for i in 0..n {
                for j in i + 1..n {
                    if found[i].1 + found[j].1 + unit.height() <= MAX_HEIGHT && f(found[i].0, found[j].0, target) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether `seat` may place a piece on `point` now (ignoring whose turn it is).
    fn may_place(&self, seat: Seat, point: u8) -> bool {
        self.in_hand[seat.index()] > 0
            && self.board[point as usize].is_empty()
            && !(self.turns == 0 && self.geometry().centre == Some(point))
    }

    /// Whether `seat` can take any turn at all.
    fn has_turn(&self, seat: Seat) -> bool {
        (0..self.geometry().points as u8).any(|p| self.may_place(seat, p)) || self.find_capture(seat, |_, _, _| true)
    }

    fn capture_of(&self, a: u8, b: u8, target: u8) -> AttangleAction {
        let g = self.geometry();
        AttangleAction::Capture(Capture::new(g.spot(a), g.spot(b), g.spot(target)))
    }

    /// Why `seat` may not play `action` now, in words, or `None` if nothing
    /// is found wrong (legality itself is [`Game::legal_actions`]'s).
    fn why_illegal(&self, seat: Seat, action: &AttangleAction) -> Option<String> {
        if self.outcome.is_some() {
            return Some("the game is over".into());
        }
        if seat != self.to_move {
            return Some(format!("it is {}'s turn", white_or_black(self.to_move)));
        }
        let g = self.geometry();
        let point = |spot: Cell| g.point(spot).ok_or_else(|| format!("{spot} is not a point of this board"));
        match *action {
            AttangleAction::Place(spot) => {
                let p = match point(spot) {
                    Ok(p) => p,
                    Err(e) => return Some(e),
                };
                if self.in_hand[seat.index()] == 0 {
                    Some(format!("{} has no pieces left in hand", white_or_black(seat)))
                } else if !self.board[p as usize].is_empty() {
                    Some(format!("{spot} is occupied"))
                } else if !self.may_place(seat, p) {
                    Some(format!("the first piece of the game may not go on the centre {spot}"))
                } else {
                    None
                }
            }
            AttangleAction::Capture(c) => {
                let points = (point(c.from[0]), point(c.from[1]), point(c.to));
                let (a, b, t) = match points {
                    (Ok(a), Ok(b), Ok(t)) => (a, b, t),
                    (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return Some(e),
                };
                self.why_capture_illegal(g, seat, [a, b], t)
            }
        }
    }

    fn why_capture_illegal(&self, g: &Board, seat: Seat, from: [u8; 2], to: u8) -> Option<String> {
        let name = |p: u8| g.spot(p);
        let target = self.board[to as usize];
        if from[0] == from[1] || from.contains(&to) {
            return Some("a capture moves two pieces from two other points".into());
        }
        if target.owner() != Some(opponent(seat)) {
            return Some(format!("{} holds no opposing piece or stack", name(to)));
        }
        for p in from {
            if self.board[p as usize].owner() != Some(seat) {
                return Some(format!("{} holds no piece or stack of {}", name(p), white_or_black(seat)));
            }
        }
        if target.height() == MAX_HEIGHT {
            return Some("a stack of five can never be captured".into());
        }
        for p in from {
            if self.board[p as usize].height() == MAX_HEIGHT {
                return Some(format!("the stack of five on {} can never move", name(p)));
            }
        }
        for (p, other) in [(from[0], from[1]), (from[1], from[0])] {
            match self.line(g, p, to) {
                Line::None => return Some(format!("{} is not on a straight line with {}", name(p), name(to))),
                Line::Blocked(at) if at == other => {
                    return Some("the two capturing pieces must come from different directions".into());
                }
                Line::Blocked(at) => {
                    return Some(format!("{} is in the way from {} to {}", name(at), name(p), name(to)));
                }
                Line::Clear => {}
            }
        }
        let heights = [self.board[from[0] as usize].height(), self.board[from[1] as usize].height()];
        if heights == [3, 3] {
            return Some("a capture moves two single pieces, or a single piece and a stack of three".into());
        }
        if heights[0] + heights[1] + target.height() > MAX_HEIGHT {
            return Some(format!("the stack on {} would be higher than five", name(to)));
        }
        None
    }

    /// How `from` sees `to`: along a clear line, a line blocked at some
    /// point, or not on a line at all.
    fn line(&self, g: &Board, from: u8, to: u8) -> Line {
        for dir in 0..g.directions {
            let mut blocked = None;
            let mut at = from;
            while let Some(next) = g.step(at, dir) {
                at = next;
                if at == to {
                    return blocked.map_or(Line::Clear, Line::Blocked);
                }
                if blocked.is_none() && !self.board[at as usize].is_empty() {
                    blocked = Some(at);
                }
            }
        }
        Line::None
    }

    /// The action a written turn stands for, checked against the rules.
    fn checked(&self, seat: Seat, turn: &TurnText, text: &str) -> Result<AttangleAction, NotationError> {
        let action = Attangle::action_of(turn);
        match self.check(seat, &action) {
            Ok(()) => Ok(action),
            Err(RulesError::Illegal(reason)) => Err(NotationError::illegal(text, reason)),
            Err(other) => Err(NotationError::illegal(text, other.to_string())),
        }
    }

    fn text_of(action: &AttangleAction) -> TurnText {
        match *action {
            AttangleAction::Capture(c) => TurnText::Capture { from: c.from, to: c.to },
            AttangleAction::Place(at) => TurnText::Place(at),
        }
    }

    fn action_of(turn: &TurnText) -> AttangleAction {
        match *turn {
            TurnText::Place(at) => AttangleAction::Place(at),
            TurnText::Capture { from, to } => AttangleAction::Capture(Capture::new(from[0], from[1], to)),
        }
    }
}

/// How one point sees another.
enum Line {
    Clear,
    Blocked(u8),
    None,
}

impl Game for Attangle {
    type Options = AttangleOptions;
    type Action = AttangleAction;
    type Chance = NoChance;
    type Notation = TurnText;

    const INFO: GameInfo = GameInfo::abstract_game(
        "attangle",
        "Attangle",
        "Dieter Stein's stacking game of angles. Place a piece, or capture an opposing piece or stack \
         by moving two of yours onto it at once, in straight lines from two directions, building \
         stacks of three and five. The first to own three stacks of five wins.",
        2,
        2,
    );

    fn option_specs() -> Vec<OptionSpec> {
        vec![OptionSpec {
            key: "board".into(),
            label: "Board".into(),
            choices: vec![
                OptionChoice { value: "hex".into(), label: "Hexagon, 37 points (three stacks of five win)".into() },
                OptionChoice {
                    value: "square".into(),
                    label: "Chessboard 8×8, lines straight and diagonal as a queen's (five stacks of five win)".into(),
                },
            ],
            default: "hex".into(),
        }]
    }

    fn new(options: &AttangleOptions) -> Result<Attangle, RulesError> {
        Ok(Attangle {
            options: options.clone(),
            board: [Unit::EMPTY; MAX_POINTS],
            in_hand: [PIECES_PER_SIDE; 2],
            fives: [0; 2],
            to_move: WHITE,
            turns: 0,
            last: None,
            outcome: None,
        })
    }

    fn options(&self) -> &AttangleOptions {
        &self.options
    }

    fn layout(&self) -> Layout {
        self.geometry().layout()
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

    fn legal_actions(&self, seat: Seat, out: &mut Vec<AttangleAction>) {
        if self.outcome.is_some() || seat != self.to_move {
            return;
        }
        let g = self.geometry();
        for p in 0..g.points as u8 {
            if self.may_place(seat, p) {
                out.push(AttangleAction::Place(g.spot(p)));
            }
        }
        self.find_capture(seat, |a, b, t| {
            out.push(self.capture_of(a, b, t));
            false
        });
    }

    fn count_legal(&self, seat: Seat) -> usize {
        if self.outcome.is_some() || seat != self.to_move {
            return 0;
        }
        let mut count = (0..self.geometry().points as u8).filter(|p| self.may_place(seat, *p)).count();
        self.find_capture(seat, |_, _, _| {
            count += 1;
            false
        });
        count
    }

    fn explain(&self, seat: Seat, action: &AttangleAction) -> String {
        self.why_illegal(seat, action).unwrap_or_else(|| "not a legal action here".into())
    }

    fn play(&mut self, seat: Seat, action: &AttangleAction) {
        let g = self.geometry();
        let point = |spot: Cell| g.point(spot).expect("a legal action names points of the board") as usize;
        match *action {
            AttangleAction::Place(at) => {
                self.board[point(at)] = Unit::single(seat);
                self.in_hand[seat.index()] -= 1;
            }
            AttangleAction::Capture(c) => {
                let (a, b, t) = (point(c.from[0]), point(c.from[1]), point(c.to));
                let stack = self.board[t].with(self.board[a]).with(self.board[b]);
                debug_assert_eq!(stack.count(seat), stack.count(opponent(seat)) + 1, "a majority of exactly one");
                self.board[a] = Unit::EMPTY;
                self.board[b] = Unit::EMPTY;
                self.board[t] = stack;
                if stack.height() == MAX_HEIGHT {
                    self.fives[seat.index()] += 1;
                }
            }
        }
        self.last = Some(*action);
        self.turns += 1;
        self.to_move = opponent(seat);
        let needed = self.options.stacks_to_win();
        if self.fives[seat.index()] >= needed {
            let reason = format!("{} owns {} stacks of five", white_or_black(seat), number_word(needed));
            self.outcome = Some(Outcome::win(2, seat, reason));
        } else if !self.has_turn(self.to_move) {
            let reason = format!("{} can neither place nor capture", white_or_black(self.to_move));
            self.outcome = Some(Outcome::win(2, seat, reason));
        }
    }

    fn view(&self, _viewer: Viewer) -> View {
        let g = self.geometry();
        let stacks = (0..g.points as u8)
            .filter(|p| !self.board[*p as usize].is_empty())
            .map(|p| crate::view::Stack {
                cell: p as u16,
                pieces: self.board[p as usize].drawn().map(Piece::plain).collect(),
            })
            .collect();
        let needed = self.options.stacks_to_win();
        let seats = [WHITE, BLACK]
            .into_iter()
            .map(|seat| {
                Panel::facts(vec![
                    Fact::new("in hand", self.in_hand(seat)),
                    Fact::new("stacks of five", format!("{} of {needed}", self.stacks_of_five(seat))),
                ])
            })
            .collect();
        let name = white_or_black(self.to_move);
        let prompt = match &self.outcome {
            Some(outcome) => outcome.reason.clone(),
            None if self.turns == 0 && g.centre.is_some() => {
                format!("{name}: place a piece (not on the centre)")
            }
            None if self.in_hand(self.to_move) == 0 => format!("{name}: capture (no pieces left in hand)"),
            None => format!("{name}: place a piece or capture"),
        };
        let marks = match self.last {
            None => Vec::new(),
            Some(AttangleAction::Place(at)) => g.point(at).map(u16::from).into_iter().collect(),
            Some(AttangleAction::Capture(c)) => {
                [c.from[0], c.from[1], c.to].into_iter().filter_map(|s| g.point(s)).map(u16::from).collect()
            }
        };
        View {
            stacks,
            attributes: Vec::new(),
            seats,
            teams: Vec::new(),
            acting: self.status().acting(),
            prompt,
            marks,
            private: Vec::new(),
            announcements: Vec::new(),
            outcome: self.outcome.clone(),
        }
    }

    /// A placement is the empty point; a capture is the target, then the two
    /// origins in name order (the order they are written in).
    fn clicks(&self, _seat: Seat, action: &AttangleAction) -> Vec<Click> {
        let g = self.geometry();
        let cell = |spot: Cell| Click::Cell(g.point(spot).map_or(u16::MAX, u16::from));
        match *action {
            AttangleAction::Place(at) => vec![cell(at)],
            AttangleAction::Capture(c) => vec![cell(c.to), cell(c.from[0]), cell(c.from[1])],
        }
    }

    fn other_clicks(&self, _seat: Seat, action: &AttangleAction) -> Vec<Vec<Click>> {
        let g = self.geometry();
        let cell = |spot: Cell| Click::Cell(g.point(spot).map_or(u16::MAX, u16::from));
        match *action {
            AttangleAction::Place(_) => Vec::new(),
            // The two units may be clicked in either order.
            AttangleAction::Capture(c) => vec![vec![cell(c.to), cell(c.from[1]), cell(c.from[0])]],
        }
    }

    fn action_text(&self, _seat: Seat, action: &AttangleAction) -> String {
        Attangle::text_of(action).to_string()
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<AttangleAction, NotationError> {
        self.checked(seat, &text.parse()?, text)
    }

    fn resolve(&self, turn: &TurnText) -> Result<Vec<StepOf<Self>>, NotationError> {
        let seat = self.to_move;
        Ok(vec![Step::Act(seat, self.checked(seat, turn, &turn.to_string())?)])
    }

    fn notate(&self, turn: &[StepOf<Self>]) -> TurnText {
        match turn.first() {
            Some(Step::Act(_, action)) => Attangle::text_of(action),
            _ => TurnText::Place(Cell::at(0, 1)),
        }
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome.get_or_insert(outcome);
    }
}

fn number_word(n: u8) -> String {
    match n {
        3 => "three".into(),
        5 => "five".into(),
        n => n.to_string(),
    }
}
