//! Attraktion (Jaroslaw Cichocki, 2005): players take turns placing a piece
//! on an empty square; every piece in its rank and file is then pulled one
//! square towards it where there is room. An own piece whose four diagonal
//! neighbours are opposing pieces is a winning position; after every turn,
//! the player with more of them wins.
//!
//! docs/rules/attraktion.md states the rules as implemented and every ruling.

mod board;
mod coord;
mod position;

pub use board::Board;
pub use coord::Coord;

use super::two_seats::{opponent, white_and_black, white_or_black};
use crate::board::{Cell, Drawn, Geometry, Lines};
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::game::{Game, GameInfo, OptionChoice, OptionSpec, StepOf};
use crate::layout::Layout;
use crate::outcome::Outcome;
use crate::seat::{Seat, Viewer};
use crate::status::Status;
use crate::step::{NoChance, Step};
use crate::view::{Fact, Panel, Piece, Stack, View};
use board::Pulled;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

pub use super::two_seats::{BLACK, WHITE};

/// The board sides a match may be played on: the rulebook's 8 × 8 and
/// 10 × 10, and two of the "still larger boards" it leaves to experts.
pub const SIZES: [u8; 4] = [8, 10, 12, 14];

/// The rulebook's usual board: "Usually, however, the larger board with its
/// 100 spaces should be used."
pub const STANDARD_SIZE: u8 = 10;

/// The options of an Attraktion match: the side of the square board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AttraktionOptions {
    /// Squares along each side: 8, 10 (standard), 12 or 14.
    pub size: u8,
}

impl Default for AttraktionOptions {
    fn default() -> AttraktionOptions {
        AttraktionOptions { size: STANDARD_SIZE }
    }
}

impl AttraktionOptions {
    /// Options for a board of side `size`.
    pub fn of_size(size: u8) -> AttraktionOptions {
        AttraktionOptions { size }
    }
}

/// A turn written down: the square placed on, such as `d5` (`D5` is read
/// too).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement(pub Cell);

impl FromStr for Placement {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Placement, NotationError> {
        let lower = text.trim().to_ascii_lowercase();
        lower
            .parse::<Cell>()
            .ok()
            .filter(|cell| Coord::of(*cell).is_some())
            .map(Placement)
            .ok_or_else(|| NotationError::syntax(text, "expected a square name like d5"))
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The boards of every offered size, for names and drawing.
static BOARDS: LazyLock<Vec<Geometry>> = LazyLock::new(|| {
    SIZES.iter().map(|&size| Geometry::grid(size, size, Lines::WithDiagonals, Drawn::Squares)).collect()
});

/// The last placement and the pieces it pulled, for the view's marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct LastTurn {
    at: Coord,
    pulled: Pulled,
}

/// The state of an Attraktion match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attraktion {
    options: AttraktionOptions,
    board: Board,
    to_move: Seat,
    turns: u32,
    /// Pieces each seat has placed.
    placed: [u32; 2],
    /// Each seat's winning positions on the board now.
    winning: [u32; 2],
    last: Option<LastTurn>,
    outcome: Option<Outcome>,
}

impl Attraktion {
    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The seat whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Each seat's number of winning positions, indexed by seat.
    pub fn winning_positions(&self) -> [u32; 2] {
        self.winning
    }

    /// How many pieces `seat` has not yet placed: each player has half as
    /// many pieces as the board has squares.
    pub fn in_hand(&self, seat: Seat) -> u32 {
        self.board.squares() as u32 / 2 - self.placed[seat.index()]
    }

    /// Reviews the board after `mover`'s turn: more winning positions than
    /// the opponent wins, whoever moved; equal numbers go on, unless the
    /// board is full, which is a draw.
    fn judge(&mut self, mover: Seat) {
        self.winning = self.board.winning_positions();
        let [white, black] = self.winning;
        self.outcome = if white != black {
            let (winner, loser) = if white > black { (WHITE, BLACK) } else { (BLACK, WHITE) };
            let (most, fewer) = (self.winning[winner.index()], self.winning[loser.index()]);
            let how = if winner == mover { "" } else { ", made by the opponent's placement" };
            Some(Outcome::win(2, winner, format!("more winning positions, {most} to {fewer}{how}")))
        } else if self.board.is_full() {
            Some(Outcome::draw(2, format!("the board is full with equal winning positions, {white} each")))
        } else {
            None
        };
    }

    /// Why `seat` may not place on `at` now, in words.
    fn refusal(&self, seat: Seat, at: Cell) -> String {
        let size = self.board.size();
        match Coord::of(at) {
            _ if self.outcome.is_some() => "the game is over".into(),
            _ if seat != self.to_move => format!("it is {}'s turn", white_or_black(self.to_move)),
            Some(square) if square.on_board(size) && self.board.get(square).is_some() => format!("{at} is occupied"),
            Some(square) if square.on_board(size) => "not a legal placement".into(),
            _ => format!("{at} is not on the {size}×{size} board"),
        }
    }

    fn cell(&self, square: Coord) -> crate::layout::CellId {
        self.board.index(square) as crate::layout::CellId
    }

    /// The placement a written square stands for, checked against the rules.
    fn checked(&self, seat: Seat, at: Cell, text: &str) -> Result<Cell, NotationError> {
        match self.check(seat, &at) {
            Ok(()) => Ok(at),
            Err(RulesError::Illegal(reason)) => Err(NotationError::illegal(text, reason)),
            Err(other) => Err(NotationError::illegal(text, other.to_string())),
        }
    }
}

impl Game for Attraktion {
    type Options = AttraktionOptions;
    type Action = Cell;
    type Chance = NoChance;
    type Notation = Placement;

    const INFO: GameInfo = GameInfo::abstract_game(
        "attraktion",
        "Attraktion",
        "Jaroslaw Cichocki's game of attraction for two. Place a piece on any empty square and every \
         piece in its row and column slides one square towards it. Surround one of your pieces with \
         four opposing pieces on its diagonals, and have more such positions than your opponent.",
        2,
        2,
    );

    fn option_specs() -> Vec<OptionSpec> {
        let label = |size: u8| match size {
            8 => "8×8 (for learning)".to_string(),
            STANDARD_SIZE => "10×10 (standard)".to_string(),
            _ => format!("{size}×{size} (for experts)"),
        };
        vec![OptionSpec {
            key: "size".into(),
            label: "Board".into(),
            choices: SIZES.iter().map(|&s| OptionChoice { value: s.into(), label: label(s) }).collect(),
            default: STANDARD_SIZE.into(),
        }]
    }

    fn new(options: &AttraktionOptions) -> Result<Attraktion, RulesError> {
        if !SIZES.contains(&options.size) {
            return Err(RulesError::BadOptions(format!("the board size is one of {SIZES:?}, not {}", options.size)));
        }
        Ok(Attraktion {
            options: options.clone(),
            board: Board::empty(options.size),
            to_move: WHITE,
            turns: 0,
            placed: [0; 2],
            winning: [0; 2],
            last: None,
            outcome: None,
        })
    }

    fn from_position(options: &AttraktionOptions, text: &str) -> Result<Attraktion, RulesError> {
        let mut state = Attraktion::new(options)?;
        let (board, to_move) = position::parse(options.size, text)
            .map_err(|reason| RulesError::Notation(NotationError::syntax(text, reason)))?;
        state.placed = [board.count(WHITE) as u32, board.count(BLACK) as u32];
        state.turns = board.pieces() as u32;
        state.board = board;
        state.to_move = to_move;
        // Judged as if the player who placed the last piece had just moved.
        state.judge(opponent(to_move));
        Ok(state)
    }

    fn options(&self) -> &AttraktionOptions {
        &self.options
    }

    fn layout(&self) -> Layout {
        let board = SIZES.iter().position(|s| *s == self.board.size()).expect("an offered size");
        BOARDS[board].layout().clone().with_seats(white_and_black())
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

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Cell>) {
        if self.outcome.is_none() && seat == self.to_move {
            out.extend(self.board.all().filter(|s| self.board.get(*s).is_none()).map(Coord::cell));
        }
    }

    fn count_legal(&self, seat: Seat) -> usize {
        if self.outcome.is_none() && seat == self.to_move { self.board.squares() - self.board.pieces() } else { 0 }
    }

    fn explain(&self, seat: Seat, at: &Cell) -> String {
        self.refusal(seat, *at)
    }

    fn play(&mut self, seat: Seat, at: &Cell) {
        let at = Coord::of(*at).expect("a legal placement names a square");
        let pulled = self.board.place(at, seat);
        self.placed[seat.index()] += 1;
        self.turns += 1;
        self.to_move = opponent(seat);
        self.last = Some(LastTurn { at, pulled });
        self.judge(seat);
    }

    fn view(&self, _viewer: Viewer) -> View {
        let stacks = self
            .board
            .all()
            .filter_map(|s| {
                self.board.get(s).map(|owner| Stack { cell: self.cell(s), pieces: vec![Piece::plain(owner)] })
            })
            .collect();
        let seats = [WHITE, BLACK]
            .into_iter()
            .map(|seat| {
                Panel::facts(vec![
                    Fact::new("winning positions", self.winning[seat.index()]),
                    Fact::new("in hand", self.in_hand(seat)),
                ])
            })
            .collect();
        let prompt = match &self.outcome {
            Some(outcome) => outcome.reason.clone(),
            None => format!("{}: place a piece on an empty square", white_or_black(self.to_move)),
        };
        let marks = match self.last {
            Some(last) => std::iter::once(last.at)
                .chain(self.board.pulled_to(last.at, last.pulled))
                .map(|s| self.cell(s))
                .collect(),
            None => Vec::new(),
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

    fn clicks(&self, _seat: Seat, at: &Cell) -> Vec<Click> {
        vec![Click::Cell(self.cell(Coord::of(*at).expect("a legal placement names a square")))]
    }

    fn action_text(&self, _seat: Seat, at: &Cell) -> String {
        at.to_string()
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<Cell, NotationError> {
        let Placement(at) = text.parse()?;
        self.checked(seat, at, text)
    }

    fn resolve(&self, turn: &Placement) -> Result<Vec<StepOf<Self>>, NotationError> {
        let at = self.checked(self.to_move, turn.0, &turn.to_string())?;
        Ok(vec![Step::Act(self.to_move, at)])
    }

    fn notate(&self, turn: &[StepOf<Self>]) -> Placement {
        match turn.first() {
            Some(Step::Act(_, at)) => Placement(*at),
            _ => Placement(Cell::at(0, 1)),
        }
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome.get_or_insert(outcome);
    }

    fn position(&self) -> Option<String> {
        Some(position::format(&self.board, self.to_move))
    }
}
