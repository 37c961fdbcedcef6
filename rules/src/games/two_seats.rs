//! What the games of two seats share: White (seat 0) against Black (seat 1),
//! their names and colours, the board turned half round for Black, and each
//! seat's opponent. Nothing outside the games of two seats uses these.

use crate::layout::{SeatStyle, seat_styles};
use crate::seat::Seat;

/// White's seat in games of White against Black where White moves first.
pub const WHITE: Seat = Seat(0);
/// Black's seat in those games.
pub const BLACK: Seat = Seat(1);

/// The names of seat 0 and seat 1 in games of White against Black.
pub const WHITE_AND_BLACK: [&str; 2] = ["White", "Black"];

/// "White" for seat 0, "Black" for seat 1.
pub fn white_or_black(seat: Seat) -> &'static str {
    WHITE_AND_BLACK[seat.index()]
}

/// The styles of a White seat 0 and a Black seat 1 facing each other.
pub fn white_and_black() -> Vec<SeatStyle> {
    seat_styles(&[(WHITE_AND_BLACK[0], "#f4f1e8"), (WHITE_AND_BLACK[1], "#2b2b2b")])
}

/// The other seat of a game of two seats.
pub const fn opponent(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}
