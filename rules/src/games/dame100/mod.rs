//! Dame 100: International Draughts on the 10×10 board, by the rulebook's
//! "Dame 100" section and the FMJD rules where it is silent, including the
//! FMJD draw rules (threefold repetition, 25 king moves, short endgames).
//!
//! docs/rules/dame100.md states the rules as implemented and every ruling.

mod board;
mod fen;
mod notation;
mod pdn;
mod position;

pub use board::Square;
pub use notation::MoveText;
pub use position::{BLACK, Move, Position, WHITE};

use crate::Seed;
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::game::{Game, GameInfo, Status, withdraw_two_seats};
use crate::layout::{Cell, Layout, Shape, white_and_black, white_or_black};
use crate::outcome::Outcome;
use crate::seat::{Seat, Viewer};
use crate::tools::record::{Record, RecordMeta};
use crate::view::{Fact, Piece, Stack, View};
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
/// (ascending) for a capture.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveJson {
    from: Square,
    to: Square,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    captures: Vec<Square>,
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        MoveJson { from: self.from, to: self.to, captures: squares(self.captured).collect() }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let json = MoveJson::deserialize(deserializer)?;
        Ok(Move { from: json.from, to: json.to, captured: json.captures.iter().fold(0, |bits, s| bits | s.bit()) })
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
        if position.pieces(position.side.opponent()) == 0 {
            // Set up with the side not to move already out of pieces.
            state.outcome = Some(Outcome::win(2, position.side, "the opponent has no pieces"));
        } else {
            state.check_end(position.side.opponent());
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
        let reason = if position.count_moves(&mut scratch) == 0 {
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
    type Notation = MoveText;

    const INFO: GameInfo = GameInfo {
        id: "dame100",
        name: "Dame 100",
        summary: "International draughts on the 10×10 board. Men step diagonally forward and capture in \
                  every direction; capturing is compulsory and you must take the most pieces you can; kings \
                  fly along the diagonals. Take every opposing piece, or leave your opponent without a move.",
        min_seats: 2,
        max_seats: 2,
    };

    fn new(_options: &Dame100Options, _seed: Seed) -> Result<Dame100, RulesError> {
        Ok(Dame100::from(Position::default()))
    }

    fn from_position(_options: &Dame100Options, position: &str, _seed: Seed) -> Result<Dame100, RulesError> {
        Ok(Dame100::from(fen::parse(position)?))
    }

    fn options(&self) -> &Dame100Options {
        &self.options
    }

    fn layout(&self) -> Layout {
        let cells = (1..=50)
            .map(|n| {
                let square = Square::new(n).expect("square");
                Cell { label: n.to_string(), row: 9 - square.row_from_top() as u16, col: square.column() as u16 }
            })
            .collect();
        Layout { shape: Shape::Squares, rows: 10, cols: 10, cells, zones: Vec::new(), seats: white_and_black() }
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
                Stack { cell: u16::from(s.number() - 1), pieces: vec![piece] }
            })
            .collect();
        let seats = [WHITE, BLACK]
            .into_iter()
            .map(|seat| {
                let own = p.pieces(seat);
                vec![Fact::new("men", (own & !p.kings).count_ones()), Fact::new("kings", (own & p.kings).count_ones())]
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
        let marks = self.last_move.map(|m| vec![u16::from(m.from.number() - 1), u16::from(m.to.number() - 1)]);
        View {
            stacks,
            seats,
            acting: self.status().acting(),
            prompt,
            marks: marks.unwrap_or_default(),
            private: Vec::new(),
            outcome: self.outcome.clone(),
        }
    }

    fn clicks(&self, _seat: Seat, m: &Move) -> Vec<Click> {
        let cell = |s: Square| Click::Cell(u16::from(s.number() - 1));
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
        MoveText { squares: path, capture: true }.to_string()
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<Move, NotationError> {
        let syntax: MoveText = text.parse()?;
        self.resolve(&syntax)?
            .into_iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, m)| m)
            .ok_or_else(|| NotationError::illegal(text, format!("it is {}'s turn", white_or_black(self.position.side))))
    }

    fn resolve(&self, text: &MoveText) -> Result<Vec<(Seat, Move)>, NotationError> {
        let written = text.to_string();
        let legal = self.legal();
        if self.outcome.is_some() {
            return Err(NotationError::illegal(&written, "the game is over"));
        }
        let must_capture = legal.first().map_or(0, Move::capture_count);
        let (from, to) = (text.from(), text.to());
        let matching: Vec<Move> = if text.capture {
            let candidates: Vec<Move> =
                legal.iter().copied().filter(|m| m.from == from && m.to == to && m.captured != 0).collect();
            if text.squares.len() > 2 {
                let via = &text.squares[1..text.squares.len() - 1];
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
                candidates
            }
        } else {
            legal.iter().copied().filter(|m| m.from == from && m.to == to && m.captured == 0).collect()
        };
        match matching.len() {
            1 => Ok(vec![(self.position.side, matching[0])]),
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
            _ => Err(NotationError::Ambiguous { text: written }),
        }
    }

    fn notate(&self, turn: &[(Seat, Move)]) -> MoveText {
        let (seat, m) = turn.first().expect("a turn is one move");
        self.action_text(*seat, m).parse().expect("written notation reads back")
    }

    fn withdraw(&mut self, seat: Seat, reason: &str) {
        if self.outcome.is_none() {
            self.outcome = Some(withdraw_two_seats(seat, reason));
        }
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
}

fn is_subsequence(needle: &[Square], haystack: &[Square]) -> bool {
    let mut rest = haystack.iter();
    needle.iter().all(|n| rest.any(|h| h == n))
}
