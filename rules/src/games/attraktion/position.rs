//! Tactica's position format for Attraktion, for tests, perft files and
//! tools (the rulebook has none): the ranks from the last down to rank 1,
//! separated by `/`, each written from file `a` with `W` for a White piece,
//! `B` for a Black one and a number for a run of empty squares; then a
//! space and the side to move, `W` or `B`. The empty 8×8 board with White to
//! move is `8/8/8/8/8/8/8/8 W`.

use super::board::Board;
use super::coord::Coord;
use super::{BLACK, WHITE};
use crate::seat::Seat;

/// Reads a position for a `size` × `size` board: the board and the side to move.
pub fn parse(size: u8, text: &str) -> Result<(Board, Seat), String> {
    let (ranks, side) = text.trim().split_once(' ').ok_or("expected the ranks, a space and the side to move")?;
    let side = match side.trim() {
        "W" | "w" => WHITE,
        "B" | "b" => BLACK,
        other => return Err(format!("the side to move is W or B, not {other:?}")),
    };
    let ranks: Vec<&str> = ranks.split('/').collect();
    if ranks.len() != usize::from(size) {
        return Err(format!("{} ranks for a board of {size} (set the size option to match)", ranks.len()));
    }
    let mut board = Board::empty(size);
    for (from_top, rank) in ranks.iter().enumerate() {
        let row = size - 1 - from_top as u8;
        let mut col: u32 = 0;
        let mut run = String::new();
        let mut put = |piece: Option<Seat>, run: &mut String, col: &mut u32| -> Result<(), String> {
            if !run.is_empty() {
                *col += run.parse::<u32>().map_err(|_| format!("bad count {run:?} in rank {}", row + 1))?;
                run.clear();
            }
            if let Some(seat) = piece {
                if *col >= u32::from(size) {
                    return Err(format!("rank {} is longer than {size} squares", row + 1));
                }
                board.set(Coord::new(*col as u8, row), Some(seat));
                *col += 1;
            }
            Ok(())
        };
        for c in rank.chars() {
            match c {
                '0'..='9' => run.push(c),
                'W' | 'w' => put(Some(WHITE), &mut run, &mut col)?,
                'B' | 'b' => put(Some(BLACK), &mut run, &mut col)?,
                other => return Err(format!("unexpected {other:?} in rank {}", row + 1)),
            }
        }
        put(None, &mut run, &mut col)?;
        if col != u32::from(size) {
            return Err(format!("rank {} has {col} squares, not {size}", row + 1));
        }
    }
    let (white, black) = (board.count(WHITE), board.count(BLACK));
    let turn_order = if side == WHITE { white == black } else { white == black + 1 };
    if !turn_order {
        return Err(format!(
            "White, who begins, has {white} pieces on the board and Black {black}: {} cannot be to move",
            if side == WHITE { "White" } else { "Black" }
        ));
    }
    Ok((board, side))
}

/// Writes a position in the format [`parse`] reads.
pub fn format(board: &Board, side: Seat) -> String {
    let size = board.size();
    let mut out = String::new();
    for row in (0..size).rev() {
        let mut empty = 0;
        for col in 0..size {
            match board.get(Coord::new(col, row)) {
                None => empty += 1,
                Some(seat) => {
                    if empty > 0 {
                        out += &empty.to_string();
                        empty = 0;
                    }
                    out.push(if seat == WHITE { 'W' } else { 'B' });
                }
            }
        }
        if empty > 0 {
            out += &empty.to_string();
        }
        if row > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(if side == WHITE { 'W' } else { 'B' });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_and_write_back() {
        for text in
            ["8/8/8/8/8/8/8/8 W", "8/8/8/3W4/8/8/8/8 B", "10/10/10/10/4BW4/10/10/10/10/10 W", "WB6/8/8/8/8/8/8/7W B"]
        {
            let size = text.split('/').count() as u8;
            let (board, side) = parse(size, text).unwrap();
            assert_eq!(format(&board, side), text);
        }
    }

    #[test]
    fn malformed_positions_are_refused() {
        for text in [
            "8/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/8 X",
            "8/8/8/8/8/8/8 W",
            "9/8/8/8/8/8/8/8 W",
            "7/8/8/8/8/8/8/8 W",
            "8/8/8/8/8/8/8/8W W",
            "8/8/8/8/8/8/8/4x3 W",
            "8/8/8/8/8/8/8/W7 W",
            "8/8/8/8/8/8/8/B7 B",
        ] {
            assert!(parse(8, text).is_err(), "{text} should not parse");
        }
    }
}
