//! Accasta (Dieter Stein, 1998), in the "Accasta Pari" form the rulebook
//! describes: 20 unmarked pieces a side on the 37-point board; stacks are
//! owned by their top piece; a piece moves as far as its owner has pieces in
//! its stack, carrying pieces beneath it; up to three moves a turn from one
//! point; three controlling pieces in the opposing castle win.
//!
//! docs/rules/accasta.md states the rules as implemented and every ruling.

mod notation;
mod position;
mod stack;

pub use notation::{Landing, MoveText, TurnText};
pub use stack::Stack;
use stack::{MAX_PER_COLOUR, fit_together};

pub use super::two_seats::{BLACK, WHITE};
use super::two_seats::{opponent, white_and_black, white_or_black};
use crate::board::{Cell, Geometry};
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::game::{Game, GameInfo, OptionChoice, OptionSpec, StepOf};
use crate::layout::{Area, AreaStyle, CellId, Layout};
use crate::outcome::Outcome;
use crate::seat::{Seat, Viewer};
use crate::status::Status;
use crate::step::{NoChance, Step};
use crate::view::{Fact, Panel, Piece, View};
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use std::sync::LazyLock;

/// The most moves in one turn.
pub const MAX_MOVES_PER_TURN: u8 = 3;

/// Controlling pieces in the opposing castle needed to win.
pub const PIECES_TO_WIN: usize = 3;

/// Points on the board.
pub const POINTS: usize = 37;

/// The 37-point hexagon of Dieter Stein's stacking games: rows `a` to `g`
/// from White's side, points numbered from 1 at the left, `d4` the centre.
pub static BOARD: LazyLock<Geometry> = LazyLock::new(|| Geometry::hexagon(4));

/// The options of a match. `{}` is the rulebook's game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AccastaOptions {
    /// When three controlling pieces in the opposing castle win.
    pub castle_win: CastleWin,
}

/// When three controlling pieces in the opposing castle win
/// (docs/rules/accasta.md, "When the castle win is judged").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CastleWin {
    /// The rulebook (1998): at once, by the move that places the third.
    #[default]
    Placed,
    /// The designer's rule of 2010: when the holder's turn begins, so the
    /// threatened player has one turn to defend.
    Held,
}

/// One move: the top `count` pieces of the stack on `from` go to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The point the turn departs from.
    pub from: Cell,
    /// How many pieces move (the controlling piece and those beneath it).
    pub count: u8,
    /// Where they land.
    pub to: Cell,
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
    /// The stack on each point, by cell id.
    board: [Stack; POINTS],
    to_move: Seat,
    /// The point this turn's moves depart from, once a move has been made.
    origin: Option<CellId>,
    moves_this_turn: u8,
    turns: u32,
    /// The last move's two points.
    last_move: Option<(CellId, CellId)>,
    outcome: Option<Outcome>,
}

/// White's castle: the nine points White starts on. Black's castle is its
/// mirror, the nine points Black starts on (docs/rules/accasta.md, "The
/// castles").
const WHITE_CASTLE: [&str; 9] = ["a1", "a2", "a3", "a4", "b2", "b3", "b4", "c3", "c4"];

/// The castle of each seat as a bit per point.
static CASTLES: LazyLock<[u64; 2]> = LazyLock::new(|| {
    let white = WHITE_CASTLE.iter().fold(0u64, |mask, name| mask | 1 << point(name));
    // Black's castle is White's turned half round: the point `36 - i`.
    let black = (0..POINTS).filter(|i| white & 1 << i != 0).fold(0u64, |mask, i| mask | 1 << (POINTS - 1 - i));
    [white, black]
});

/// The id of a point named on the board (for fixed names in the code).
fn point(name: &str) -> CellId {
    BOARD.id(name.parse().expect("a point name")).expect("a point of the board")
}

/// Whether the point `id` is one of the nine castle points of `seat`, the
/// points its pieces start on.
pub fn in_castle_of(id: CellId, seat: Seat) -> bool {
    CASTLES[seat.index()] & 1 << id != 0
}

impl Accasta {
    /// The stack on the point named `cell` (empty off the board).
    pub fn stack(&self, cell: Cell) -> Stack {
        BOARD.id(cell).map_or_else(Stack::default, |id| self.board[usize::from(id)])
    }

    /// The seat whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// A position with the given stacks and `to_move` at the start of a turn,
    /// for tests of particular situations.
    pub fn with_stacks(stacks: &[(Cell, Stack)], to_move: Seat) -> Accasta {
        let mut state = Accasta::new(&AccastaOptions::default()).expect("default options");
        state.board = [Stack::default(); POINTS];
        for (cell, stack) in stacks {
            state.board[usize::from(BOARD.id(*cell).expect("a point of the board"))] = *stack;
        }
        state.to_move = to_move;
        state
    }

    /// How many stacks `seat` controls in the opposing castle.
    pub fn pieces_in_opposing_castle(&self, seat: Seat) -> usize {
        let mut castle = CASTLES[opponent(seat).index()];
        let mut held = 0;
        while castle != 0 {
            let id = castle.trailing_zeros() as CellId;
            castle &= castle - 1;
            held += usize::from(self.at(id).top() == Some(seat));
        }
        held
    }

    fn at(&self, id: CellId) -> Stack {
        self.board[usize::from(id)]
    }

    /// The moves departing from `from` for the stack's controlling piece.
    fn moves_from(&self, from: CellId, out: &mut Vec<AccastaAction>) {
        let _ = self.each_move_from(from, |m| {
            out.push(AccastaAction::Move(m));
            ControlFlow::Continue(())
        });
    }

    /// Whether the stack on `from` has a move (without listing them).
    fn can_move_from(&self, from: CellId) -> bool {
        self.each_move_from(from, |_| ControlFlow::Break(())).is_break()
    }

    /// Hands each move departing from `from` to `f`, in the order of the
    /// legal list, until `f` breaks. The one place Accasta's moves are made:
    /// what each count carries, and whether it releases an opposing piece, is
    /// worked out once per stack, so each landing point costs one popcount.
    fn each_move_from(&self, from: CellId, mut f: impl FnMut(Move) -> ControlFlow<()>) -> ControlFlow<()> {
        let board = &*BOARD;
        let stack = self.at(from);
        let Some(owner) = stack.top() else { return ControlFlow::Continue(()) };
        let range = stack.count(owner);
        let own_castle = in_castle_of(from, owner);
        let height = usize::from(stack.height());
        // For each count (a stack holds at most six pieces): the pieces of
        // each seat it carries, and whether it may go.
        const TALLEST: usize = 2 * MAX_PER_COLOUR as usize;
        let mut carried = [[0u8; 2]; TALLEST + 1];
        let mut may_go = [false; TALLEST + 1];
        for count in 1..=height {
            let (stays, moving) = stack.split(count as u8);
            carried[count] = moving.counts();
            // Releasing an opposing piece in one's own castle is not allowed.
            may_go[count] = !(own_castle && stays.top() == Some(opponent(owner)));
        }
        let from_name = board.name(from);
        for dir in 0..board.directions() {
            let mut to = from;
            for _ in 0..range {
                let Some(next) = board.step(to, dir) else { break };
                to = next;
                let target = self.at(to);
                let held = target.counts();
                for count in 1..=height {
                    if !fit_together(held, carried[count]) {
                        // Moving more pieces only adds to the colours already too many.
                        break;
                    }
                    if may_go[count] {
                        f(Move { from: from_name, count: count as u8, to: board.name(to) })?;
                    }
                }
                if !target.is_empty() {
                    break;
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn has_move(&self, seat: Seat) -> bool {
        BOARD.ids().any(|id| self.at(id).top() == Some(seat) && self.can_move_from(id))
    }

    /// Ends the turn and judges the castles (docs/rules/accasta.md, "When
    /// the castle win is judged"): under the rulebook's rule the mover wins
    /// with three (a move that placed the third ended the turn at once);
    /// under the 2010 rule the player whose turn begins wins if they hold
    /// three.
    fn end_turn(&mut self) {
        let mover = self.to_move;
        let next = opponent(mover);
        self.turns += 1;
        self.to_move = next;
        self.origin = None;
        self.moves_this_turn = 0;
        let (judged, reason) = match self.options.castle_win {
            CastleWin::Placed => (mover, "three controlling pieces placed in the opposing castle"),
            CastleWin::Held => (next, "three controlling pieces held in the opposing castle as the turn begins"),
        };
        if self.pieces_in_opposing_castle(judged) >= PIECES_TO_WIN {
            self.outcome = Some(Outcome::win(2, judged, reason));
            return;
        }
        if !self.has_move(self.to_move) {
            self.outcome = Some(Outcome::win(2, mover, "the opponent cannot take a legal turn"));
        }
    }

    fn landing(&self, seat: Seat, to: Cell) -> Landing {
        match self.stack(to).top() {
            None => Landing::Empty,
            Some(owner) if owner == seat => Landing::Own,
            Some(_) => Landing::Capture,
        }
    }

    fn move_text(&self, seat: Seat, m: &Move) -> MoveText {
        MoveText { count: m.count, landing: self.landing(seat, m.to), to: m.to }
    }
}

impl Game for Accasta {
    type Options = AccastaOptions;
    type Action = AccastaAction;
    type Chance = NoChance;
    type Notation = TurnText;

    const INFO: GameInfo = GameInfo::abstract_game(
        "accasta",
        "Accasta",
        "Dieter Stein's stacking race for two. Stacks belong to whoever is on top; a piece moves as \
         far as its owner has pieces in the stack and carries pieces beneath it, up to three moves a \
         turn from one point. Get three controlling pieces into the opposing castle.",
        2,
        2,
    );

    fn option_specs() -> Vec<OptionSpec> {
        vec![OptionSpec {
            key: "castle_win".into(),
            label: "Castle win".into(),
            choices: vec![
                OptionChoice {
                    value: "placed".into(),
                    label: "The rulebook: the move that places the third controlling piece wins".into(),
                },
                OptionChoice {
                    value: "held".into(),
                    label: "The designer's 2010 rule: three held when one's turn begins win".into(),
                },
            ],
            default: "placed".into(),
        }]
    }

    fn new(options: &AccastaOptions) -> Result<Accasta, RulesError> {
        let mut board = [Stack::default(); POINTS];
        // The rulebook's starting placement; Black's mirrors White's.
        let white: [(&str, u8); 9] =
            [("a1", 3), ("a2", 3), ("a3", 3), ("a4", 3), ("b2", 2), ("b3", 2), ("b4", 2), ("c3", 1), ("c4", 1)];
        for (name, count) in white {
            let id = usize::from(point(name));
            board[id] = Stack::of(WHITE, count);
            board[POINTS - 1 - id] = Stack::of(BLACK, count);
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

    fn from_position(options: &AccastaOptions, text: &str) -> Result<Accasta, RulesError> {
        let written = position::parse(text).map_err(|e| RulesError::BadOptions(format!("bad position: {e}")))?;
        let mut state = Accasta::new(options)?;
        state.board = written.board;
        state.to_move = written.to_move;
        if let Some((from, moves)) = written.turn {
            state.origin = Some(from);
            state.moves_this_turn = moves;
        }
        if !state.has_move(state.to_move) && state.origin.is_none() {
            state.outcome = Some(Outcome::win(2, opponent(state.to_move), "the opponent cannot take a legal turn"));
        }
        Ok(state)
    }

    fn position(&self) -> Option<String> {
        let turn = self.origin.map(|from| (from, self.moves_this_turn));
        Some(position::format(&position::Written { board: self.board, to_move: self.to_move, turn }))
    }

    fn options(&self) -> &AccastaOptions {
        &self.options
    }

    fn layout(&self) -> Layout {
        let mut layout = BOARD.layout().clone().with_seats(white_and_black());
        for seat in [WHITE, BLACK] {
            layout = layout.with_area(Area {
                name: format!("{}'s castle", white_or_black(seat)),
                owner: Some(seat),
                cells: BOARD.ids().filter(|id| in_castle_of(*id, seat)).collect(),
                style: AreaStyle::Tint(None),
            });
        }
        layout
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
                for id in BOARD.ids().filter(|id| self.at(*id).top() == Some(seat)) {
                    self.moves_from(id, out);
                }
            }
            Some(origin) => {
                self.moves_from(origin, out);
                out.push(AccastaAction::Stop);
            }
        }
    }

    fn explain(&self, seat: Seat, action: &AccastaAction) -> String {
        match action {
            AccastaAction::Stop => "a turn can end only after its first move".to_string(),
            AccastaAction::Move(m) => self.why_illegal(seat, m),
        }
    }

    fn play(&mut self, seat: Seat, action: &AccastaAction) {
        let AccastaAction::Move(m) = *action else {
            self.end_turn();
            return;
        };
        let (from, to) = (point_of(m.from), point_of(m.to));
        let (stays, moving) = self.at(from).split(m.count);
        self.board[usize::from(from)] = stays;
        self.board[usize::from(to)] = self.at(to).put(moving);
        self.origin = Some(from);
        self.moves_this_turn += 1;
        self.last_move = Some((from, to));
        if self.options.castle_win == CastleWin::Placed && self.pieces_in_opposing_castle(seat) >= PIECES_TO_WIN {
            // The move placed the third: the game is won at once.
            self.end_turn();
            return;
        }
        let further =
            stays.top() == Some(seat) && self.moves_this_turn < MAX_MOVES_PER_TURN && self.can_move_from(from);
        // A release, an emptied point, the third move, or a controlling piece
        // that cannot move: nothing more can depart from here this turn.
        if !further {
            self.end_turn();
        }
    }

    fn view(&self, _viewer: Viewer) -> View {
        let stacks = BOARD
            .ids()
            .filter(|id| !self.at(*id).is_empty())
            .map(|id| crate::view::Stack { cell: id, pieces: self.at(id).pieces().map(Piece::plain).collect() })
            .collect();
        let seats = [WHITE, BLACK]
            .into_iter()
            .map(|seat| {
                Panel::facts(vec![
                    Fact::new("in the opposing castle", format!("{} of 3", self.pieces_in_opposing_castle(seat))),
                    Fact::new("stacks controlled", BOARD.ids().filter(|id| self.at(*id).top() == Some(seat)).count()),
                ])
            })
            .collect();
        let name = white_or_black(self.to_move);
        let prompt = match (&self.outcome, self.origin) {
            (Some(outcome), _) => outcome.reason.clone(),
            (None, Some(origin)) => format!("{name}: move again from {}, or end the turn", BOARD.name(origin)),
            (None, None) => format!("{name} to move"),
        };
        View {
            stacks,
            attributes: Vec::new(),
            seats,
            teams: Vec::new(),
            acting: self.status().acting(),
            prompt,
            marks: self.last_move.map(|(from, to)| vec![from, to]).unwrap_or_default(),
            private: Vec::new(),
            announcements: Vec::new(),
            outcome: self.outcome.clone(),
        }
    }

    fn clicks(&self, _seat: Seat, action: &AccastaAction) -> Vec<Click> {
        match action {
            AccastaAction::Move(m) => {
                let pieces = if m.count == 1 { "1 piece".to_string() } else { format!("{} pieces", m.count) };
                vec![Click::Cell(point_of(m.from)), Click::Cell(point_of(m.to)), Click::Choice(pieces)]
            }
            AccastaAction::Stop => vec![Click::choice("end turn")],
        }
    }

    fn action_text(&self, seat: Seat, action: &AccastaAction) -> String {
        match action {
            AccastaAction::Move(m) => TurnText { from: m.from, moves: vec![self.move_text(seat, m)] }.to_string(),
            AccastaAction::Stop => "stop".to_string(),
        }
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<AccastaAction, NotationError> {
        if text.trim() == "stop" {
            return match self.check(seat, &AccastaAction::Stop) {
                Ok(()) => Ok(AccastaAction::Stop),
                Err(e) => Err(NotationError::illegal(text, e.to_string())),
            };
        }
        let turn: TurnText = text.parse()?;
        if turn.moves.len() != 1 {
            return Err(NotationError::syntax(text, "one action is one move"));
        }
        self.resolve_move(seat, turn.from, turn.moves[0], text)
    }

    fn resolve(&self, turn: &TurnText) -> Result<Vec<StepOf<Self>>, NotationError> {
        let seat = self.to_move;
        let text = turn.to_string();
        if self.outcome.is_some() {
            return Err(NotationError::illegal(&text, "the game is over"));
        }
        if self.origin.is_some() {
            return Err(NotationError::illegal(&text, "a turn is already under way"));
        }
        let mut state = self.clone();
        let mut steps = Vec::new();
        for m in &turn.moves {
            if state.to_move != seat || state.outcome.is_some() {
                return Err(NotationError::illegal(&text, format!("the turn ended before {m}")));
            }
            let action = state.resolve_move(seat, turn.from, *m, &text)?;
            state.play(seat, &action);
            steps.push(Step::Act(seat, action));
        }
        if state.outcome.is_none() && state.to_move == seat {
            steps.push(Step::Act(seat, AccastaAction::Stop));
        }
        Ok(steps)
    }

    fn notate(&self, turn: &[StepOf<Self>]) -> TurnText {
        let mut state = self.clone();
        let mut from = None;
        let mut moves = Vec::new();
        for step in turn {
            let Step::Act(seat, action) = step else { continue };
            if let AccastaAction::Move(m) = action {
                from.get_or_insert(m.from);
                moves.push(state.move_text(*seat, m));
            }
            state.play(*seat, action);
        }
        TurnText { from: from.unwrap_or_else(|| BOARD.name(0)), moves }
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome.get_or_insert(outcome);
    }
}

/// The id of a point an action names (legal actions name points of the board).
fn point_of(cell: Cell) -> CellId {
    BOARD.id(cell).expect("actions name points of the board")
}

impl Accasta {
    /// The legal action a written move stands for. The point, the count and
    /// the destination name exactly one move, so the sign is not checked: a
    /// record that writes `-` for `+` or `×` is still read (docs/rules/accasta.md,
    /// "Notation"); Tactica writes the sign the move deserves.
    fn resolve_move(&self, seat: Seat, from: Cell, m: MoveText, text: &str) -> Result<AccastaAction, NotationError> {
        let action = AccastaAction::Move(Move { from, count: m.count, to: m.to });
        self.check(seat, &action).map(|()| action).map_err(|e| match e {
            RulesError::Illegal(reason) => NotationError::illegal(text, reason),
            other => NotationError::illegal(text, other.to_string()),
        })
    }

    /// A reason in words why a move is not legal, for error messages.
    fn why_illegal(&self, seat: Seat, m: &Move) -> String {
        let (Some(from), Some(to)) = (BOARD.id(m.from), BOARD.id(m.to)) else {
            let off = if BOARD.id(m.from).is_none() { m.from } else { m.to };
            return format!("{off} is not a point of the board (a1 to g4)");
        };
        let stack = self.at(from);
        if self.to_move != seat {
            return format!("it is {}'s turn", white_or_black(self.to_move));
        }
        if self.origin.is_some_and(|o| o != from) {
            return "every move of a turn departs from the same point".into();
        }
        if stack.top() != Some(seat) {
            return format!("{} is not controlled by {}", m.from, white_or_black(seat));
        }
        if m.count == 0 {
            return "a move carries at least one piece".into();
        }
        if m.count > stack.height() {
            return format!("{} holds only {} pieces", m.from, stack.height());
        }
        let range = stack.count(seat);
        let Some((dir, steps)) = BOARD.line_to(from, to) else {
            return format!("{} is not on a straight line from {}", m.to, m.from);
        };
        if steps > usize::from(range) {
            return format!("the piece on {} moves at most {range} spaces", m.from);
        }
        let mut at = from;
        for _ in 1..steps {
            at = BOARD.step(at, dir).expect("on the line");
            if !self.at(at).is_empty() {
                return format!("{} is in the way", BOARD.name(at));
            }
        }
        let (stays, moving) = stack.split(m.count);
        if !self.at(to).can_take(moving) {
            return format!("{} would hold more than three pieces of one colour", m.to);
        }
        if stays.top() == Some(opponent(seat)) && in_castle_of(from, seat) {
            return "an opposing piece may not be released in one's own castle".into();
        }
        "not a legal move".into()
    }
}
