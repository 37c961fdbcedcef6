//! Accasta (Dieter Stein, 1998), in the "Accasta Pari" form the rulebook
//! describes: 20 unmarked pieces a side on the 37-point board; stacks are
//! owned by their top piece; a piece moves as far as its owner has pieces in
//! its stack, carrying pieces beneath it; up to three moves a turn from one
//! point; three controlling pieces in the opposing castle win.
//!
//! docs/rules/accasta.md states the rules as implemented and every ruling.

mod notation;
mod stack;

pub use notation::{Landing, MoveText, TurnText};
pub use stack::Stack;

use super::hex37::{self, Point};
use crate::Seed;
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::game::{Game, GameInfo, Status, withdraw_two_seats};
use crate::layout::{Layout, Zone, white_and_black, white_or_black};
use crate::outcome::Outcome;
use crate::seat::{Seat, Viewer};
use crate::view::{Fact, Piece, View};
use serde::{Deserialize, Serialize};

pub use crate::layout::{BLACK, WHITE};

/// The most moves in one turn.
pub const MAX_MOVES_PER_TURN: u8 = 3;

/// Controlling pieces in the opposing castle needed to win.
pub const PIECES_TO_WIN: usize = 3;

/// Accasta has no options yet; the object must be empty.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccastaOptions {}

/// One move: the top `count` pieces of the stack on `from` go to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The point the turn departs from.
    pub from: Point,
    /// How many pieces move (the controlling piece and those beneath it).
    pub count: u8,
    /// Where they land.
    pub to: Point,
}

/// An Accasta action: a move, or ending the turn after at least one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AccastaAction {
    /// Move pieces.
    Move(Move),
    /// End the turn instead of moving again from the same point.
    Stop,
}

/// The state of an Accasta match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accasta {
    options: AccastaOptions,
    board: [Stack; hex37::POINTS],
    to_move: Seat,
    /// The point this turn's moves depart from, once a move has been made.
    origin: Option<Point>,
    moves_this_turn: u8,
    turns: u32,
    last_move: Option<Move>,
    outcome: Option<Outcome>,
}

/// The nine castle points of `seat`: rows a and b for White, f and g for Black.
pub fn in_castle_of(point: Point, seat: Seat) -> bool {
    if seat == WHITE { point.row() <= 1 } else { point.row() >= 5 }
}

impl Accasta {
    /// The stack on `point`.
    pub fn stack(&self, point: Point) -> Stack {
        self.board[point.index()]
    }

    /// The seat whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// A position with the given stacks and `to_move` at the start of a turn,
    /// for tests of particular situations.
    pub fn with_stacks(stacks: &[(Point, Stack)], to_move: Seat) -> Accasta {
        let mut state = Accasta::new(&AccastaOptions::default(), Seed::default()).expect("default options");
        state.board = [Stack::default(); hex37::POINTS];
        for (point, stack) in stacks {
            state.board[point.index()] = *stack;
        }
        state.to_move = to_move;
        state
    }

    /// How many stacks `seat` controls in the opposing castle.
    pub fn pieces_in_opposing_castle(&self, seat: Seat) -> usize {
        Point::all().filter(|p| in_castle_of(*p, seat.opponent()) && self.stack(*p).top() == Some(seat)).count()
    }

    /// The moves departing from `from` for the stack's controlling piece.
    fn moves_from(&self, from: Point, out: &mut Vec<AccastaAction>) {
        let stack = self.stack(from);
        let Some(owner) = stack.top() else { return };
        let range = stack.count(owner);
        let own_castle = in_castle_of(from, owner);
        for dir in 0..hex37::DIRECTIONS.len() {
            let mut to = from;
            for _ in 0..range {
                let Some(next) = to.step(dir) else { break };
                to = next;
                let target = self.stack(to);
                for count in 1..=stack.height() {
                    let (stays, moving) = stack.split(count);
                    if !target.can_take(moving) {
                        // Moving more pieces only adds to the colours already too many.
                        break;
                    }
                    let releases = stays.top() == Some(owner.opponent());
                    if releases && own_castle {
                        continue;
                    }
                    out.push(AccastaAction::Move(Move { from, count, to }));
                }
                if !target.is_empty() {
                    break;
                }
            }
        }
    }

    /// Whether `seat` may play `action` now, looking only at the moves from
    /// the point it names.
    fn is_legal(&self, seat: Seat, action: &AccastaAction) -> bool {
        if self.outcome.is_some() || seat != self.to_move {
            return false;
        }
        match (action, self.origin) {
            (AccastaAction::Stop, origin) => origin.is_some(),
            (AccastaAction::Move(m), Some(origin)) if m.from != origin => false,
            (AccastaAction::Move(m), _) => {
                let mut moves = Vec::new();
                self.moves_from(m.from, &mut moves);
                self.stack(m.from).top() == Some(seat) && moves.contains(action)
            }
        }
    }

    fn has_move(&self, seat: Seat) -> bool {
        let mut moves = Vec::new();
        Point::all().filter(|p| self.stack(*p).top() == Some(seat)).any(|p| {
            self.moves_from(p, &mut moves);
            !moves.is_empty()
        })
    }

    /// Ends the turn and judges the castles: the rulebook's sample game shows
    /// that holding three castle points in the middle of a turn does not win
    /// (docs/rules/accasta.md, "When the castle win is judged").
    fn end_turn(&mut self) {
        let mover = self.to_move;
        self.turns += 1;
        self.to_move = mover.opponent();
        self.origin = None;
        self.moves_this_turn = 0;
        for seat in [mover, mover.opponent()] {
            if self.pieces_in_opposing_castle(seat) >= PIECES_TO_WIN {
                self.outcome = Some(Outcome::win(2, seat, "three controlling pieces in the opposing castle"));
                return;
            }
        }
        if !self.has_move(self.to_move) {
            self.outcome = Some(Outcome::win(2, mover, "the opponent cannot take a legal turn"));
        }
    }

    fn landing(&self, seat: Seat, to: Point) -> Landing {
        match self.stack(to).top() {
            None => Landing::Empty,
            Some(owner) if owner == seat => Landing::Own,
            Some(_) => Landing::Capture,
        }
    }
}

impl Game for Accasta {
    type Options = AccastaOptions;
    type Action = AccastaAction;
    type Notation = TurnText;

    const INFO: GameInfo = GameInfo {
        id: "accasta",
        name: "Accasta",
        summary: "Dieter Stein's stacking race for two. Stacks belong to whoever is on top; a piece moves as \
                  far as its owner has pieces in the stack and carries pieces beneath it, up to three moves a \
                  turn from one point. Get three controlling pieces into the opposing castle.",
        min_seats: 2,
        max_seats: 2,
    };

    fn new(options: &AccastaOptions, _seed: Seed) -> Result<Accasta, RulesError> {
        let mut board = [Stack::default(); hex37::POINTS];
        // The rulebook's starting placement; Black's mirrors White's.
        let white: [(&str, u8); 9] =
            [("a1", 3), ("a2", 3), ("a3", 3), ("a4", 3), ("b2", 2), ("b3", 2), ("b4", 2), ("c3", 1), ("c4", 1)];
        let black: [(&str, u8); 9] =
            [("g1", 3), ("g2", 3), ("g3", 3), ("g4", 3), ("f2", 2), ("f3", 2), ("f4", 2), ("e3", 1), ("e4", 1)];
        for (seat, placement) in [(WHITE, white), (BLACK, black)] {
            for (name, count) in placement {
                let point: Point = name.parse().expect("valid start point");
                board[point.index()] = Stack::of(seat, count);
            }
        }
        Ok(Accasta {
            options: options.clone(),
            board,
            to_move: WHITE,
            origin: None,
            moves_this_turn: 0,
            turns: 0,
            last_move: None,
            outcome: None,
        })
    }

    fn options(&self) -> &AccastaOptions {
        &self.options
    }

    fn layout(&self) -> Layout {
        let zones = [WHITE, BLACK]
            .into_iter()
            .map(|seat| Zone {
                name: format!("{}'s castle", white_or_black(seat)),
                owner: Some(seat),
                cells: Point::all().filter(|p| in_castle_of(*p, seat)).map(Point::cell).collect(),
            })
            .collect();
        hex37::layout(white_and_black(), zones)
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

    fn legal_actions(&self, seat: Seat, out: &mut Vec<AccastaAction>) {
        if self.outcome.is_some() || seat != self.to_move {
            return;
        }
        match self.origin {
            None => {
                for point in Point::all().filter(|p| self.stack(*p).top() == Some(seat)) {
                    self.moves_from(point, out);
                }
            }
            Some(origin) => {
                self.moves_from(origin, out);
                out.push(AccastaAction::Stop);
            }
        }
    }

    fn check(&self, seat: Seat, action: &AccastaAction) -> Result<(), RulesError> {
        if seat.index() >= 2 {
            return Err(RulesError::NoSuchSeat(seat));
        }
        if self.outcome.is_some() {
            return Err(RulesError::MatchOver);
        }
        if seat != self.to_move {
            return Err(RulesError::NotYourTurn(seat));
        }
        if self.is_legal(seat, action) {
            return Ok(());
        }
        Err(RulesError::Illegal(match action {
            AccastaAction::Stop => "a turn can end only after its first move".to_string(),
            AccastaAction::Move(m) => {
                let text = MoveText { count: m.count, landing: self.landing(seat, m.to), to: m.to };
                self.why_illegal(seat, m.from, text)
            }
        }))
    }

    fn play(&mut self, seat: Seat, action: &AccastaAction) {
        let AccastaAction::Move(m) = *action else {
            self.end_turn();
            return;
        };
        let (stays, moving) = self.stack(m.from).split(m.count);
        self.board[m.from.index()] = stays;
        self.board[m.to.index()] = self.stack(m.to).put(moving);
        self.origin = Some(m.from);
        self.moves_this_turn += 1;
        self.last_move = Some(m);
        let mut further = Vec::new();
        if stays.top() == Some(seat) && self.moves_this_turn < MAX_MOVES_PER_TURN {
            self.moves_from(m.from, &mut further);
        }
        // A release, an emptied point, the third move, or a controlling piece
        // that cannot move: nothing more can depart from here this turn.
        if further.is_empty() {
            self.end_turn();
        }
    }

    fn view(&self, _viewer: Viewer) -> View {
        let stacks = Point::all()
            .filter(|p| !self.stack(*p).is_empty())
            .map(|p| crate::view::Stack { cell: p.cell(), pieces: self.stack(p).pieces().map(Piece::plain).collect() })
            .collect();
        let seats = [WHITE, BLACK]
            .into_iter()
            .map(|seat| {
                vec![
                    Fact::new("in the opposing castle", format!("{} of 3", self.pieces_in_opposing_castle(seat))),
                    Fact::new("stacks controlled", Point::all().filter(|p| self.stack(*p).top() == Some(seat)).count()),
                ]
            })
            .collect();
        let name = white_or_black(self.to_move);
        let prompt = match (&self.outcome, self.origin) {
            (Some(outcome), _) => outcome.reason.clone(),
            (None, Some(origin)) => format!("{name}: move again from {origin}, or end the turn"),
            (None, None) => format!("{name} to move"),
        };
        View {
            stacks,
            seats,
            acting: self.status().acting(),
            prompt,
            marks: self.last_move.map(|m| vec![m.from.cell(), m.to.cell()]).unwrap_or_default(),
            private: Vec::new(),
            outcome: self.outcome.clone(),
        }
    }

    fn clicks(&self, _seat: Seat, action: &AccastaAction) -> Vec<Click> {
        match action {
            AccastaAction::Move(m) => {
                let pieces = if m.count == 1 { "1 piece".to_string() } else { format!("{} pieces", m.count) };
                vec![Click::Cell(m.from.cell()), Click::Cell(m.to.cell()), Click::Choice(pieces)]
            }
            AccastaAction::Stop => vec![Click::choice("end turn")],
        }
    }

    fn action_text(&self, seat: Seat, action: &AccastaAction) -> String {
        match action {
            AccastaAction::Move(m) => {
                let text = MoveText { count: m.count, landing: self.landing(seat, m.to), to: m.to };
                TurnText { from: m.from, moves: vec![text] }.to_string()
            }
            AccastaAction::Stop => "stop".to_string(),
        }
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<AccastaAction, NotationError> {
        if text.trim() == "stop" {
            return if self.is_legal(seat, &AccastaAction::Stop) {
                Ok(AccastaAction::Stop)
            } else {
                Err(NotationError::illegal(text, "a turn can end only after its first move"))
            };
        }
        let turn: TurnText = text.parse()?;
        if turn.moves.len() != 1 {
            return Err(NotationError::syntax(text, "one action is one move"));
        }
        let action = self.resolve_move(seat, turn.from, turn.moves[0], text)?;
        Ok(action)
    }

    fn resolve(&self, turn: &TurnText) -> Result<Vec<(Seat, AccastaAction)>, NotationError> {
        let seat = self.to_move;
        if self.outcome.is_some() {
            return Err(NotationError::illegal(&turn.to_string(), "the game is over"));
        }
        if self.origin.is_some() {
            return Err(NotationError::illegal(&turn.to_string(), "a turn is already under way"));
        }
        let text = turn.to_string();
        let mut state = self.clone();
        let mut actions = Vec::new();
        for m in &turn.moves {
            if state.to_move != seat || state.outcome.is_some() {
                return Err(NotationError::illegal(&text, format!("the turn ended before {m}")));
            }
            let action = state.resolve_move(seat, turn.from, *m, &text)?;
            state.play(seat, &action);
            actions.push((seat, action));
        }
        if state.outcome.is_none() && state.to_move == seat {
            actions.push((seat, AccastaAction::Stop));
        }
        Ok(actions)
    }

    fn notate(&self, turn: &[(Seat, AccastaAction)]) -> TurnText {
        let mut state = self.clone();
        let mut from = None;
        let mut moves = Vec::new();
        for (seat, action) in turn {
            if let AccastaAction::Move(m) = action {
                from.get_or_insert(m.from);
                moves.push(MoveText { count: m.count, landing: state.landing(*seat, m.to), to: m.to });
            }
            state.play(*seat, action);
        }
        TurnText { from: from.unwrap_or_else(|| Point::from_index(0).expect("a1")), moves }
    }

    fn withdraw(&mut self, seat: Seat, reason: &str) {
        if self.outcome.is_none() {
            self.outcome = Some(withdraw_two_seats(seat, reason));
        }
    }
}

impl Accasta {
    /// The legal action a written move stands for, checking its sign.
    fn resolve_move(&self, seat: Seat, from: Point, m: MoveText, text: &str) -> Result<AccastaAction, NotationError> {
        let action = AccastaAction::Move(Move { from, count: m.count, to: m.to });
        let actual = self.landing(seat, m.to);
        // "+" onto one's own stack is optional: the rulebook says it "can be noted".
        let optional_plus = actual == Landing::Own && m.landing == Landing::Empty;
        if actual != m.landing && !optional_plus {
            let what = match actual {
                Landing::Empty => "empty",
                Landing::Own => "an own stack",
                Landing::Capture => "an opposing stack",
            };
            return Err(NotationError::illegal(text, format!("{} is {what}", m.to)));
        }
        if self.is_legal(seat, &action) {
            Ok(action)
        } else {
            Err(NotationError::illegal(text, self.why_illegal(seat, from, m)))
        }
    }

    /// A reason in words why a move is not legal, for error messages.
    fn why_illegal(&self, seat: Seat, from: Point, m: MoveText) -> String {
        let stack = self.stack(from);
        if self.to_move != seat {
            return format!("it is {}'s turn", white_or_black(self.to_move));
        }
        if self.origin.is_some_and(|o| o != from) {
            return "every move of a turn departs from the same point".into();
        }
        if stack.top() != Some(seat) {
            return format!("{from} is not controlled by {}", white_or_black(seat));
        }
        if m.count == 0 {
            return "a move carries at least one piece".into();
        }
        if m.count > stack.height() {
            return format!("{from} holds only {} pieces", stack.height());
        }
        let range = stack.count(seat);
        let line = (0..6).find_map(|dir| {
            let mut at = from;
            for steps in 1..=6 {
                at = at.step(dir)?;
                if at == m.to {
                    return Some((dir, steps));
                }
            }
            None
        });
        let Some((dir, steps)) = line else {
            return format!("{} is not on a straight line from {from}", m.to);
        };
        if steps > range {
            return format!("the piece on {from} moves at most {range} spaces");
        }
        let mut at = from;
        for _ in 1..steps {
            at = at.step(dir).expect("on the line");
            if !self.stack(at).is_empty() {
                return format!("{at} is in the way");
            }
        }
        let (stays, moving) = stack.split(m.count);
        if !self.stack(m.to).can_take(moving) {
            return format!("{} would hold more than three pieces of one colour", m.to);
        }
        if stays.top() == Some(seat.opponent()) && in_castle_of(from, seat) {
            return "an opposing piece may not be released in one's own castle".into();
        }
        "not a legal move".into()
    }
}
