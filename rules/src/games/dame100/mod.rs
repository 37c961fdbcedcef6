//! Dame 100: International Draughts on the 10×10 board, by the rulebook's
//! "Dame 100" section and the FMJD rules where it is silent, including the
//! FMJD draw rules (threefold repetition, 25 king moves, short endgames).
//!
//! docs/rules/dame100.md states the rules as implemented and every ruling.

mod board;
pub mod engine;
mod eval;
mod fen;
mod notation;
mod pdn;
mod position;

pub use board::Square;
pub use notation::MoveText;
pub use position::{BLACK, Move, Position, WHITE};

use super::two_seats::{opponent, white_and_black, white_or_black};
use crate::board::{Cell, grid_coordinates};
use crate::chance::SeedStream;
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::game::{Game, GameInfo, StepOf};
use crate::layout::{CellLayout, Emblem, KindLook, Layout, Shape, Tone};
use crate::outcome::Outcome;
use crate::record::{Record, RecordMeta};
use crate::seat::{Seat, Viewer};
use crate::status::Status;
use crate::step::{NoChance, Step};
use crate::view::{Fact, Panel, Piece, Stack, View};
use board::squares;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Plies of king moves alone (no capture, no man moved) that draw: 25 each.
pub const KING_MOVE_PLIES: u16 = 50;
/// Plies allowed once three pieces (at least one a king) face a lone king: 16 each.
pub const SIXTEEN_MOVE_PLIES: u32 = 32;
/// Plies allowed once at most two pieces (at least one a king) face a lone king: 5 each.
pub const FIVE_MOVE_PLIES: u32 = 10;

/// Dame 100 has no options yet; the object must be empty.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dame100Options {}

/// A move's JSON form: `{"from":32,"to":28}`, with `"captures":[23,...]`
/// (ascending) for a capture; squares are cells named by their numbers.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveJson {
    from: Cell,
    to: Cell,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    captures: Vec<Cell>,
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let captures = squares(self.captured).map(Square::cell).collect();
        MoveJson { from: self.from.cell(), to: self.to.cell(), captures }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let json = MoveJson::deserialize(deserializer)?;
        let square = |cell: Cell| {
            Square::of(cell).ok_or_else(|| serde::de::Error::custom(format!("{cell} is not a square (1 to 50)")))
        };
        let mut captured = 0;
        for cell in json.captures {
            captured |= square(cell)?.bit();
        }
        Ok(Move { from: square(json.from)?, to: square(json.to)?, captured })
    }
}

/// Which short-endgame limit applies to a material balance (FMJD).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Endgame {
    /// Three kings, two kings and a man, or a king and two men against a king.
    Sixteen,
    /// Two kings, a king and a man, or a king against a king.
    Five,
}

fn endgame(position: &Position) -> Option<Endgame> {
    for (strong, weak) in [(position.white, position.black), (position.black, position.white)] {
        let lone_king = weak.count_ones() == 1 && weak & position.kings != 0;
        if !lone_king || strong & position.kings == 0 {
            continue;
        }
        match strong.count_ones() {
            3 => return Some(Endgame::Sixteen),
            1 | 2 => return Some(Endgame::Five),
            _ => {}
        }
    }
    None
}

/// The state of a Dame 100 match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dame100 {
    options: Dame100Options,
    position: Position,
    plies: u32,
    /// Plies in a row in which only kings moved, without capturing.
    king_plies: u16,
    /// The ply at which a 16-move endgame began, while it lasts.
    sixteen_since: Option<u32>,
    /// The ply at which a 5-move endgame began, while it lasts.
    five_since: Option<u32>,
    /// Positions since the last capture or man move, the current one last.
    history: Vec<Position>,
    last_move: Option<Move>,
    outcome: Option<Outcome>,
}

impl Dame100 {
    /// A match from `position`.
    pub fn from(position: Position) -> Dame100 {
        let mut state = Dame100 {
            options: Dame100Options::default(),
            position,
            plies: 0,
            king_plies: 0,
            sixteen_since: None,
            five_since: None,
            history: vec![position],
            last_move: None,
            outcome: None,
        };
        state.track_endgame();
        if position.pieces(opponent(position.side)) == 0 {
            // Set up with the side not to move already out of pieces.
            state.outcome = Some(Outcome::win(2, position.side, "the opponent has no pieces"));
        } else {
            state.check_end(opponent(position.side));
        }
        state
    }

    /// The position on the board.
    pub fn board(&self) -> &Position {
        &self.position
    }

    fn track_endgame(&mut self) {
        match endgame(&self.position) {
            None => {
                self.sixteen_since = None;
                self.five_since = None;
            }
            Some(Endgame::Sixteen) => {
                self.sixteen_since.get_or_insert(self.plies);
            }
            Some(Endgame::Five) => {
                // A running 16-move limit still applies: whichever ends first.
                self.five_since.get_or_insert(self.plies);
            }
        }
    }

    /// Ends the match if the side to move cannot move or a draw rule applies.
    fn check_end(&mut self, mover: Seat) {
        let position = self.position;
        let mut scratch = Vec::new();
        let reason = if position.pieces(position.side) == 0 {
            self.outcome = Some(Outcome::win(2, mover, "the opponent has no pieces left"));
            return;
        } else if position.count_moves(&mut scratch) == 0 {
            self.outcome = Some(Outcome::win(2, mover, "the opponent has no legal move"));
            return;
        } else if self.history.iter().filter(|p| **p == position).count() >= 3 {
            "the same position occurred three times"
        } else if self.king_plies >= KING_MOVE_PLIES {
            "25 moves each with only kings moving and no capture"
        } else if self.sixteen_since.is_some_and(|s| self.plies - s >= SIXTEEN_MOVE_PLIES) {
            "16 moves each in a three-against-one-king endgame"
        } else if self.five_since.is_some_and(|s| self.plies - s >= FIVE_MOVE_PLIES) {
            "5 moves each in a two-against-one-king endgame"
        } else {
            return;
        };
        self.outcome = Some(Outcome::draw(2, reason));
    }

    fn legal(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.outcome.is_none() {
            self.position.legal_moves(&mut moves);
        }
        moves
    }

    /// Whether another legal move shares `m`'s start and end.
    fn ambiguous(&self, m: &Move) -> bool {
        self.legal().iter().any(|other| other != m && other.from == m.from && other.to == m.to)
    }

    /// The draw clock that will run out first, in words, for the prompt.
    fn clock_note(&self) -> Option<String> {
        let left = |since: Option<u32>, limit: u32| since.map(|s| (limit - (self.plies - s)).div_ceil(2));
        let mut notes = Vec::new();
        let five = left(self.five_since, FIVE_MOVE_PLIES);
        let sixteen = left(self.sixteen_since, SIXTEEN_MOVE_PLIES);
        if let Some(n) = five.into_iter().chain(sixteen).min() {
            notes.push(format!("endgame: draw in {n} moves"));
        }
        if self.king_plies >= 20 {
            notes.push(format!("{} king moves without capture", self.king_plies));
        }
        (!notes.is_empty()).then(|| notes.join(", "))
    }
}

impl Game for Dame100 {
    type Options = Dame100Options;
    type Action = Move;
    type Chance = NoChance;
    type Notation = MoveText;

    const INFO: GameInfo = GameInfo::abstract_game(
        "dame100",
        "Dame 100",
        "International draughts on the 10×10 board. Men step diagonally forward and capture in \
         every direction; capturing is compulsory and you must take the most pieces you can; kings \
         fly along the diagonals. Take every opposing piece, or leave your opponent without a move.",
        2,
        2,
    );

    fn new(_options: &Dame100Options) -> Result<Dame100, RulesError> {
        Ok(Dame100::from(Position::default()))
    }

    fn from_position(_options: &Dame100Options, position: &str) -> Result<Dame100, RulesError> {
        Ok(Dame100::from(fen::parse(position)?))
    }

    fn options(&self) -> &Dame100Options {
        &self.options
    }

    /// The 50 dark squares are the cells, each with its number; the light
    /// squares are drawn behind them.
    fn layout(&self) -> Layout {
        let centre = |col: u8, row: u8| (f32::from(col) + 0.5, f32::from(row) + 0.5);
        let cells = (1..=50)
            .map(|n| {
                let square = Square::new(n).expect("square");
                let (x, y) = centre(square.column(), square.row_from_top());
                CellLayout {
                    label: n.to_string(),
                    shape: Shape::Square([x, y, 1.0]),
                    tone: Tone::Dark,
                    caption: Some(n.to_string()),
                    off_board: false,
                }
            })
            .collect();
        let backdrop = (0..10u8)
            .flat_map(|row| (0..10u8).map(move |col| (col, row)))
            .filter(|(col, row)| (col + row) % 2 == 0)
            .map(|(col, row)| {
                let (x, y) = centre(col, row);
                (Shape::Square([x, y, 1.0]), Tone::Light)
            })
            .collect();
        Layout {
            cells,
            backdrop,
            edges: Vec::new(),
            areas: Vec::new(),
            labels: grid_coordinates(10, 10, 0.0),
            seats: white_and_black(),
            kinds: vec![KindLook { kind: "king".into(), name: "King".into(), emblem: Emblem::Crown, size: 1.0 }],
        }
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn status(&self) -> Status {
        Status::one_seat(&self.outcome, self.position.side)
    }

    fn turn(&self) -> u32 {
        self.plies
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Move>) {
        if self.outcome.is_none() && seat == self.position.side {
            self.position.legal_moves(out);
        }
    }

    fn count_legal(&self, seat: Seat) -> usize {
        if self.outcome.is_none() && seat == self.position.side {
            self.position.count_moves(&mut Vec::new())
        } else {
            0
        }
    }

    fn play(&mut self, seat: Seat, m: &Move) {
        let irreversible = m.captured != 0 || self.position.moves_man(m);
        self.position.play(m);
        self.plies += 1;
        self.last_move = Some(*m);
        if irreversible {
            self.king_plies = 0;
            self.history.clear();
        } else {
            self.king_plies += 1;
        }
        self.history.push(self.position);
        self.track_endgame();
        self.check_end(seat);
    }

    fn view(&self, _viewer: Viewer) -> View {
        let p = &self.position;
        let stacks = squares(p.white | p.black)
            .map(|s| {
                let owner = if p.white & s.bit() != 0 { WHITE } else { BLACK };
                let piece = if p.kings & s.bit() != 0 { Piece::of_kind(owner, "king") } else { Piece::plain(owner) };
                Stack { cell: s.id(), pieces: vec![piece] }
            })
            .collect();
        let seats = [WHITE, BLACK]
            .into_iter()
            .map(|seat| {
                let own = p.pieces(seat);
                Panel::facts(vec![
                    Fact::new("men", (own & !p.kings).count_ones()),
                    Fact::new("kings", (own & p.kings).count_ones()),
                ])
            })
            .collect();
        let prompt = match &self.outcome {
            Some(outcome) => outcome.reason.clone(),
            None => {
                let name = white_or_black(p.side);
                let legal = self.legal();
                let most = legal.first().map_or(0, Move::capture_count);
                let mut prompt = match most {
                    0 => format!("{name} to move"),
                    1 => format!("{name} must capture"),
                    n => format!("{name} must capture {n} pieces"),
                };
                if let Some(note) = self.clock_note() {
                    prompt += &format!(" ({note})");
                }
                prompt
            }
        };
        let marks = self.last_move.map(|m| vec![m.from.id(), m.to.id()]);
        View {
            stacks,
            attributes: Vec::new(),
            seats,
            teams: Vec::new(),
            acting: self.status().acting(),
            prompt,
            marks: marks.unwrap_or_default(),
            private: Vec::new(),
            announcements: Vec::new(),
            outcome: self.outcome.clone(),
        }
    }

    fn clicks(&self, _seat: Seat, m: &Move) -> Vec<Click> {
        let cell = |s: Square| Click::Cell(s.id());
        let mut clicks = vec![cell(m.from), cell(m.to)];
        if m.captured != 0 && self.ambiguous(m) {
            // Moves sharing start and end take equally many pieces (the most
            // possible), so their sorted captured squares differ somewhere
            // and none is a prefix of another.
            clicks.extend(squares(m.captured).map(cell));
        }
        clicks
    }

    fn action_text(&self, _seat: Seat, m: &Move) -> String {
        if m.captured == 0 {
            return format!("{}-{}", m.from, m.to);
        }
        if !self.ambiguous(m) {
            return format!("{}x{}", m.from, m.to);
        }
        let path = self
            .position
            .capture_paths()
            .into_iter()
            .find(|(path, captured)| path[0] == m.from && path.last() == Some(&m.to) && *captured == m.captured)
            .map(|(path, _)| path)
            .expect("a legal capture has a path");
        MoveText { squares: path.into_iter().map(Square::cell).collect(), capture: true }.to_string()
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<Move, NotationError> {
        let syntax: MoveText = text.parse()?;
        if seat != self.position.side {
            return Err(NotationError::illegal(text, format!("it is {}'s turn", white_or_black(self.position.side))));
        }
        self.read_move(&syntax)
    }

    fn resolve(&self, text: &MoveText) -> Result<Vec<StepOf<Self>>, NotationError> {
        Ok(vec![Step::Act(self.position.side, self.read_move(text)?)])
    }

    fn notate(&self, turn: &[StepOf<Self>]) -> MoveText {
        let Some(Step::Act(seat, m)) = turn.first() else { panic!("a turn is one move") };
        self.action_text(*seat, m).parse().expect("written notation reads back")
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome.get_or_insert(outcome);
    }

    fn read_record(text: &str) -> Result<Record, NotationError> {
        pdn::read(text)
    }

    fn write_record(&self, turns: &[String], meta: &RecordMeta) -> String {
        let mut meta = meta.clone();
        if self.position != Position::default() {
            meta.position = Some(fen::format(&self.position));
        }
        pdn::write(turns, &meta, self.position.side == BLACK)
    }

    fn position(&self) -> Option<String> {
        Some(fen::format(&self.position))
    }

    fn perft(&self, depth: u32) -> u64 {
        self.position.perft(depth)
    }

    /// The alpha-beta searcher of [`engine`].
    fn own_search(&self, seat: Seat, positions: u64, stream: &mut SeedStream, stop: &dyn Fn() -> bool) -> Option<Move> {
        let to_move = self.outcome.is_none() && seat == self.position.side;
        to_move.then(|| engine::search(&self.position, &self.history, positions, stream, stop).best)
    }
}

impl Dame100 {
    /// Reads a move by its squares: the start, the end and any landing
    /// squares named between must fit exactly one legal move. Whether it was
    /// written as a capture (`x`) or a move (`-`) is not checked, as real
    /// records mix them up and the squares already decide (a capture is
    /// compulsory, so a quiet move and a capture never share both ends).
    fn read_move(&self, text: &MoveText) -> Result<Move, NotationError> {
        let written = text.to_string();
        let legal = self.legal();
        if self.outcome.is_some() {
            return Err(NotationError::illegal(&written, "the game is over"));
        }
        let must_capture = legal.first().map_or(0, Move::capture_count);
        let named = text
            .squares
            .iter()
            .map(|cell| {
                Square::of(*cell)
                    .ok_or_else(|| NotationError::illegal(&written, format!("{cell} is not a square (1 to 50)")))
            })
            .collect::<Result<Vec<Square>, _>>()?;
        let (from, to) = (named[0], named[named.len() - 1]);
        let mut matching: Vec<Move> = if named.len() > 2 {
            let via = &named[1..named.len() - 1];
            let mut fitting: Vec<Move> = self
                .position
                .capture_paths()
                .into_iter()
                .filter(|(path, _)| {
                    path[0] == from && path.last() == Some(&to) && is_subsequence(via, &path[1..path.len() - 1])
                })
                .map(|(_, captured)| Move { from, to, captured })
                .collect();
            fitting.sort_unstable();
            fitting.dedup();
            fitting
        } else {
            legal.iter().copied().filter(|m| m.from == from && m.to == to).collect()
        };
        match matching.len() {
            1 => Ok(matching.remove(0)),
            0 => {
                let own = self.position.pieces(self.position.side);
                let reason = if own & from.bit() == 0 {
                    format!("{} has no piece on {from}", white_or_black(self.position.side))
                } else if must_capture > 0 && !text.capture {
                    "capturing is compulsory".to_string()
                } else if must_capture > 0 {
                    format!("a capture must take the most pieces possible ({must_capture})")
                } else if text.capture {
                    "there is nothing to capture".to_string()
                } else {
                    format!("the piece on {from} cannot move to {to}")
                };
                Err(NotationError::illegal(&written, reason))
            }
            _ => {
                let side = self.position.side;
                let candidates = matching
                    .iter()
                    .map(|m| {
                        let taken: Vec<String> = squares(m.captured).map(|s| s.to_string()).collect();
                        format!("{} (taking {})", self.action_text(side, m), taken.join(", "))
                    })
                    .collect();
                Err(NotationError::Ambiguous { text: written, candidates })
            }
        }
    }
}

fn is_subsequence(needle: &[Square], haystack: &[Square]) -> bool {
    let mut rest = haystack.iter();
    needle.iter().all(|n| rest.any(|h| h == n))
}
