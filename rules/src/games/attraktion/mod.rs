//! Attraktion (Jaroslaw Cichocki, 2005): players take turns placing a piece
//! on an empty square; every piece in its rank and file is then pulled one
//! square towards it where there is room. An own piece whose four diagonal
//! neighbours are opposing pieces is a winning position; after every turn,
//! the player with more of them wins.
//!
//! docs/rules/attraktion.md states the rules as implemented and every ruling.

mod board;
mod position;
mod square;

pub use board::{Board, DIRECTIONS, MAX_SIZE, Pulled};
pub use square::Square;

use crate::Seed;
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::game::{Game, GameInfo, OptionChoice, OptionSpec, Status, withdraw_two_seats};
use crate::layout::{Cell, Layout, Shape, white_and_black, white_or_black};
use crate::outcome::Outcome;
use crate::seat::{Seat, Viewer};
use crate::view::{Fact, Piece, Stack, View};
use serde::{Deserialize, Serialize};

pub use crate::layout::{BLACK, WHITE};

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

/// The last placement and the pieces it pulled, for the view's marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct LastTurn {
    at: Square,
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

    /// Why `seat` may not place on `at` now, if it may not.
    fn refusal(&self, seat: Seat, at: Square) -> Option<String> {
        if self.outcome.is_some() {
            Some("the game is over".into())
        } else if seat != self.to_move {
            Some(format!("it is {}'s turn", white_or_black(self.to_move)))
        } else if !at.on_board(self.board.size()) {
            let size = self.board.size();
            Some(format!("{at} is not on the {size}×{size} board"))
        } else if self.board.get(at).is_some() {
            Some(format!("{at} is occupied"))
        } else {
            None
        }
    }

    fn cell(&self, square: Square) -> crate::layout::CellId {
        self.board.index(square) as crate::layout::CellId
    }
}

impl Game for Attraktion {
    type Options = AttraktionOptions;
    type Action = Square;
    type Notation = Square;

    const INFO: GameInfo = GameInfo {
        id: "attraktion",
        name: "Attraktion",
        summary: "Jaroslaw Cichocki's game of attraction for two. Place a piece on any empty square and every \
                  piece in its row and column slides one square towards it. Surround one of your pieces with \
                  four opposing pieces on its diagonals, and have more such positions than your opponent.",
        min_seats: 2,
        max_seats: 2,
    };

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

    fn new(options: &AttraktionOptions, _seed: Seed) -> Result<Attraktion, RulesError> {
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

    fn from_position(options: &AttraktionOptions, text: &str, seed: Seed) -> Result<Attraktion, RulesError> {
        let mut state = Attraktion::new(options, seed)?;
        let (board, to_move) = position::parse(options.size, text)
            .map_err(|reason| RulesError::Notation(NotationError::syntax(text, reason)))?;
        state.placed = [board.count(WHITE) as u32, board.count(BLACK) as u32];
        state.turns = board.pieces() as u32;
        state.board = board;
        state.to_move = to_move;
        // Judged as if the player who placed the last piece had just moved.
        state.judge(to_move.opponent());
        Ok(state)
    }

    fn options(&self) -> &AttraktionOptions {
        &self.options
    }

    fn layout(&self) -> Layout {
        let size = self.board.size();
        let cells = self
            .board
            .all()
            .map(|s| Cell { label: s.to_string(), row: u16::from(s.row), col: u16::from(s.col) })
            .collect();
        Layout {
            shape: Shape::Squares,
            rows: u16::from(size),
            cols: u16::from(size),
            cells,
            zones: Vec::new(),
            seats: white_and_black(),
        }
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

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Square>) {
        if self.outcome.is_none() && seat == self.to_move {
            out.extend(self.board.all().filter(|s| self.board.get(*s).is_none()));
        }
    }

    fn count_legal(&self, seat: Seat) -> usize {
        if self.outcome.is_none() && seat == self.to_move { self.board.squares() - self.board.pieces() } else { 0 }
    }

    fn check(&self, seat: Seat, at: &Square) -> Result<(), RulesError> {
        if seat.index() >= 2 {
            return Err(RulesError::NoSuchSeat(seat));
        }
        if self.outcome.is_some() {
            return Err(RulesError::MatchOver);
        }
        if seat != self.to_move {
            return Err(RulesError::NotYourTurn(seat));
        }
        match self.refusal(seat, *at) {
            Some(reason) => Err(RulesError::Illegal(reason)),
            None => Ok(()),
        }
    }

    fn play(&mut self, seat: Seat, at: &Square) {
        let pulled = self.board.place(*at, seat);
        self.placed[seat.index()] += 1;
        self.turns += 1;
        self.to_move = seat.opponent();
        self.last = Some(LastTurn { at: *at, pulled });
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
                vec![
                    Fact::new("winning positions", self.winning[seat.index()]),
                    Fact::new("in hand", self.in_hand(seat)),
                ]
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
            seats,
            acting: self.status().acting(),
            prompt,
            marks,
            private: Vec::new(),
            outcome: self.outcome.clone(),
        }
    }

    fn clicks(&self, _seat: Seat, at: &Square) -> Vec<Click> {
        vec![Click::Cell(self.cell(*at))]
    }

    fn action_text(&self, _seat: Seat, at: &Square) -> String {
        at.to_string()
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<Square, NotationError> {
        let at: Square = text.parse()?;
        match self.refusal(seat, at) {
            Some(reason) => Err(NotationError::illegal(text, reason)),
            None => Ok(at),
        }
    }

    fn resolve(&self, at: &Square) -> Result<Vec<(Seat, Square)>, NotationError> {
        match self.refusal(self.to_move, *at) {
            Some(reason) => Err(NotationError::illegal(&at.to_string(), reason)),
            None => Ok(vec![(self.to_move, *at)]),
        }
    }

    fn notate(&self, turn: &[(Seat, Square)]) -> Square {
        turn.first().map(|(_, at)| *at).expect("a turn is one placement")
    }

    fn withdraw(&mut self, seat: Seat, reason: &str) {
        if self.outcome.is_none() {
            self.outcome = Some(withdraw_two_seats(seat, reason));
        }
    }

    fn position(&self) -> Option<String> {
        Some(position::format(&self.board, self.to_move))
    }
}
