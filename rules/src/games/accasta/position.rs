//! Tactica's position format for Accasta, for tests, perft files and tools
//! (the rulebook has none). The rows from `g` down to `a`, as White sees the
//! board, separated by `/`; in each row its points from 1, separated by `,`,
//! each written `.` when empty or as its pieces from the bottom up, `W` for
//! White and `B` for Black (`WWB`: two White pieces under a Black one). Then
//! a space and the side to move, `W` or `B`; and, in the middle of a turn,
//! a space, the point the turn departs from and the number of moves made
//! (`b4 1`). The start:
//!
//! `BBB,BBB,BBB,BBB/.,BB,BB,BB,./.,.,B,B,.,./.,.,.,.,.,.,./.,.,W,W,.,./.,WW,WW,WW,./WWW,WWW,WWW,WWW W`

use super::stack::{MAX_PER_COLOUR, Stack};
use super::{BLACK, BOARD, MAX_MOVES_PER_TURN, POINTS, WHITE};
use crate::board::{BadCell, Cell};
use crate::layout::CellId;
use crate::seat::Seat;
use std::fmt::Write as _;

/// A position as the format describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The stack on every point, by cell id.
    pub board: [Stack; POINTS],
    /// The side to move.
    pub to_move: Seat,
    /// In the middle of a turn: the point it departs from and the moves made.
    pub turn: Option<(CellId, u8)>,
}

/// The points of row `row` (0 for `a`), from 1.
fn row(row: u8) -> impl Iterator<Item = CellId> {
    BOARD.ids().filter(move |id| BOARD.name(*id).letter() == Some(row))
}

fn letter(seat: Seat) -> char {
    if seat == WHITE { 'W' } else { 'B' }
}

/// Writes a position.
pub fn format(written: &Written) -> String {
    let mut out = String::new();
    for row in (0..7u8).rev() {
        let points: Vec<String> = self::row(row)
            .map(|p| {
                let stack = written.board[usize::from(p)];
                if stack.is_empty() { ".".to_string() } else { stack.pieces().map(letter).collect() }
            })
            .collect();
        out += &points.join(",");
        out.push(if row == 0 { ' ' } else { '/' });
    }
    out.push(letter(written.to_move));
    if let Some((from, moves)) = written.turn {
        let _ = write!(out, " {} {moves}", BOARD.name(from));
    }
    out
}

/// Reads a position, checking that every stack is one the rules allow.
pub fn parse(text: &str) -> Result<Written, String> {
    let mut fields = text.split_whitespace();
    let rows: Vec<&str> = fields.next().ok_or("an empty position")?.split('/').collect();
    if rows.len() != 7 {
        return Err(format!("{} rows, not 7 (g down to a, separated by /)", rows.len()));
    }
    let mut board = [Stack::default(); POINTS];
    for (from_top, row_text) in rows.iter().enumerate() {
        let row = 6 - from_top as u8;
        let name = (b'a' + row) as char;
        let points: Vec<&str> = row_text.split(',').collect();
        let length = self::row(row).count();
        if points.len() != length {
            return Err(format!("row {name} has {} points, not {length}", points.len()));
        }
        for (point, text) in self::row(row).zip(points) {
            let point_name = BOARD.name(point);
            if text == "." {
                continue;
            }
            let pieces = text
                .chars()
                .map(|c| match c {
                    'W' | 'w' => Ok(WHITE),
                    'B' | 'b' => Ok(BLACK),
                    other => {
                        Err(format!("unexpected {other:?} on {point_name}: a stack is W and B from the bottom up"))
                    }
                })
                .collect::<Result<Vec<Seat>, String>>()?;
            for seat in [WHITE, BLACK] {
                if pieces.iter().filter(|s| **s == seat).count() > usize::from(MAX_PER_COLOUR) {
                    return Err(format!("{point_name} holds more than three pieces of one colour"));
                }
            }
            board[usize::from(point)] = Stack::from_pieces(&pieces);
        }
    }
    let to_move = match fields.next() {
        Some("W" | "w") => WHITE,
        Some("B" | "b") => BLACK,
        other => return Err(format!("the side to move is W or B, not {:?}", other.unwrap_or(""))),
    };
    let turn = match (fields.next(), fields.next()) {
        (None, _) => None,
        (Some(from), Some(moves)) => {
            let name: Cell = from.parse().map_err(|e: BadCell| e.to_string())?;
            let from = BOARD.id(name).ok_or_else(|| format!("{name} is not a point of the board"))?;
            let moves: u8 = moves.parse().map_err(|_| format!("{moves:?} is not a number of moves"))?;
            if !(1..MAX_MOVES_PER_TURN).contains(&moves) {
                return Err(format!("{moves} moves made: a turn under way has made 1 or 2"));
            }
            if board[usize::from(from)].top() != Some(to_move) {
                return Err(format!("the turn departs from {name}, which the side to move does not control"));
            }
            Some((from, moves))
        }
        (Some(_), None) => return Err("a turn under way is written as its point and the moves made: b4 1".into()),
    };
    if fields.next().is_some() {
        return Err("unexpected text after the position".into());
    }
    let total = |seat| board.iter().map(|s| usize::from(s.count(seat))).sum::<usize>();
    if total(WHITE) > 20 || total(BLACK) > 20 {
        return Err("a side has at most 20 pieces".into());
    }
    Ok(Written { board, to_move, turn })
}
