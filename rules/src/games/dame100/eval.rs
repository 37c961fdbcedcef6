//! How good a Dame 100 position is for the side to move, in hundredths of
//! a man: what the alpha-beta searcher ([`super::engine`]) scores the
//! quiet positions at the end of its lines with.
//!
//! Material first (a king is worth three men), then what draughts players
//! value in men: advancing (more the nearer the crown), standing in the
//! centre, standing backed by a man behind (it cannot be jumped from the
//! front), and, while the board is full, keeping the back row shut. A side
//! ahead in material gains from trading down. An endgame in which the weaker
//! side keeps a king and the stronger has at most three pieces is mostly a
//! draw under the FMJD rules, so its score shrinks towards even.

use super::board::{DIRECTIONS, Square, shift};
use super::position::{Position, WHITE};
use crate::seat::Seat;

/// A man's worth.
pub const MAN: i32 = 100;
/// A king's worth.
pub const KING: i32 = 300;

/// Bonus of a man by how many rows it has advanced from its side's back
/// row (0) towards the crown (9, where it is a king and no longer a man).
const ADVANCE: [i32; 10] = [0, 0, 1, 3, 5, 8, 11, 15, 21, 0];
/// A man on one of the six centre squares (22–24, 27–29).
const CENTRE_MAN: i32 = 4;
/// A man with a piece of its own diagonally behind it.
const BACKED_MAN: i32 = 2;
/// A man still on its back row while both sides keep more than eight pieces.
const BACK_ROW_MAN: i32 = 5;
/// A king on the long diagonal (46–5).
const LONG_DIAGONAL_KING: i32 = 10;
/// Per piece gone from the board, for the side ahead in material.
const TRADE_DOWN: i32 = 2;

/// The squares numbered in `numbers`, as bits.
const fn bits_of(numbers: &[u8]) -> u64 {
    let mut bits = 0;
    let mut i = 0;
    while i < numbers.len() {
        bits |= Square::new_const(numbers[i]).bit();
        i += 1;
    }
    bits
}

/// The squares of row `row` (0 is Black's back row, 1–5).
const fn row(row: u8) -> u64 {
    let mut bits = 0;
    let mut n = row * 5 + 1;
    while n <= row * 5 + 5 {
        bits |= Square::new_const(n).bit();
        n += 1;
    }
    bits
}

const ROWS: [u64; 10] = [row(0), row(1), row(2), row(3), row(4), row(5), row(6), row(7), row(8), row(9)];
const CENTRE: u64 = bits_of(&[22, 23, 24, 27, 28, 29]);
const LONG_DIAGONAL: u64 = bits_of(&[5, 10, 14, 19, 23, 28, 32, 37, 41, 46]);

/// The position's worth to the side to move.
pub fn evaluate(position: &Position) -> i32 {
    let white = side_worth(position, WHITE);
    let black = side_worth(position, super::position::BLACK);
    let mut score = white.total - black.total;
    let lead = white.material - black.material;
    if lead != 0 {
        let gone = 40 - (position.white | position.black).count_ones() as i32;
        score += lead.signum() * gone * TRADE_DOWN;
        let (strong, weak) = if lead > 0 { (position.white, position.black) } else { (position.black, position.white) };
        if weak & position.kings != 0 && strong.count_ones() <= 3 {
            score /= 8;
        }
    }
    if position.side == WHITE { score } else { -score }
}

/// One side's material and its whole worth.
struct Worth {
    material: i32,
    total: i32,
}

fn side_worth(position: &Position, seat: Seat) -> Worth {
    let own = position.pieces(seat);
    let men = own & !position.kings;
    let kings = own & position.kings;
    let material = men.count_ones() as i32 * MAN + kings.count_ones() as i32 * KING;
    let mut total = material;
    for (rows_from_top, mask) in ROWS.iter().enumerate() {
        let advanced = if seat == WHITE { 9 - rows_from_top } else { rows_from_top };
        total += (men & mask).count_ones() as i32 * ADVANCE[advanced];
    }
    total += (men & CENTRE).count_ones() as i32 * CENTRE_MAN;
    // Behind a white man is further down the board (higher bit numbers):
    // shifting White's pieces up by those steps lands them on the men
    // they back.
    let behind = if seat == WHITE { [DIRECTIONS[2], DIRECTIONS[3]] } else { [DIRECTIONS[0], DIRECTIONS[1]] };
    let backing = shift(own, -behind[0]) | shift(own, -behind[1]);
    total += (men & backing).count_ones() as i32 * BACKED_MAN;
    let crowded = position.white.count_ones() > 8 && position.black.count_ones() > 8;
    if crowded {
        let back_row = if seat == WHITE { ROWS[9] } else { ROWS[0] };
        total += (men & back_row).count_ones() as i32 * BACK_ROW_MAN;
    }
    total += (kings & LONG_DIAGONAL).count_ones() as i32 * LONG_DIAGONAL_KING;
    Worth { material, total }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dame100::fen;

    #[test]
    fn the_start_is_even_and_a_man_more_is_worth_about_a_man() {
        assert_eq!(evaluate(&Position::default()), 0);
        let up = fen::parse("W:W31-50:B2-20").unwrap();
        assert!((90..=130).contains(&evaluate(&up)), "{}", evaluate(&up));
        let mirrored = fen::parse("B:W31-50:B2-20").unwrap();
        assert_eq!(evaluate(&mirrored), -evaluate(&up), "the same position is worth the opposite to the other side");
    }

    #[test]
    fn a_king_outweighs_two_men_and_advanced_men_count_more() {
        let king = fen::parse("W:WK28:B1,2").unwrap();
        assert!(evaluate(&king) > 0);
        let home = fen::parse("W:W46:B5").unwrap();
        let near = fen::parse("W:W11:B5").unwrap();
        assert!(evaluate(&near) > evaluate(&home));
    }
}
