//! Tactica's own end to endless play in Alva: the rulebook ends the game only
//! when a player cannot take a turn, but equal captures go back to hand, so
//! play can circle forever. The game ends when the same position occurs for
//! the third time at the start of a turn; this module holds the exact key of
//! such a position. docs/rules/alva.md gives the ruling and why play now ends.

use super::board::POINTS;
use crate::seat::Seat;

/// A position at the start of a turn, packed exactly (no hash, so two keys
/// are equal only for equal positions): the pieces on the board, both hands,
/// the captures kept and waiting, and the player to move. "Where in the turn"
/// needs no field: keys are only taken when a turn starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PositionKey {
    /// Bit `i` of entry `s` is set when seat `s` has a piece on point `i`.
    pieces: [u128; 2],
    /// Hands, kept captures, the waiting captures and the player to move, a
    /// byte each (every count is a `u8`).
    counts: u64,
}

impl PositionKey {
    /// The key of the position given by its parts.
    pub(super) fn new(
        board: &[Option<Seat>; POINTS],
        hand: [u8; 2],
        kept: [u8; 2],
        waiting: Option<(Seat, u8)>,
        to_move: Seat,
    ) -> PositionKey {
        let mut pieces = [0u128; 2];
        for (index, owner) in board.iter().enumerate() {
            if let Some(owner) = owner {
                pieces[owner.index()] |= 1 << index;
            }
        }
        // No waiting captures is written as a count of 0, which a waiting set never has.
        let (waiting_owner, waiting_count) = waiting.map_or((0, 0), |(seat, count)| (seat.index() as u8, count));
        let bytes = [hand[0], hand[1], kept[0], kept[1], waiting_count, waiting_owner, to_move.index() as u8, 0];
        PositionKey { pieces, counts: u64::from_le_bytes(bytes) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::layout::{BLACK as B, WHITE as W};

    #[test]
    fn every_part_of_the_position_tells_keys_apart() {
        let mut board = [None; POINTS];
        board[0] = Some(W);
        board[80] = Some(B);
        let base = PositionKey::new(&board, [5, 6], [1, 2], Some((W, 1)), B);
        assert_eq!(base, PositionKey::new(&board, [5, 6], [1, 2], Some((W, 1)), B));
        let mut other = board;
        other[0] = Some(B);
        assert_ne!(base, PositionKey::new(&other, [5, 6], [1, 2], Some((W, 1)), B), "the owner of a piece");
        other[0] = None;
        assert_ne!(base, PositionKey::new(&other, [5, 6], [1, 2], Some((W, 1)), B), "an empty point");
        assert_ne!(base, PositionKey::new(&board, [6, 5], [1, 2], Some((W, 1)), B), "the hands");
        assert_ne!(base, PositionKey::new(&board, [5, 6], [2, 1], Some((W, 1)), B), "the kept captures");
        assert_ne!(base, PositionKey::new(&board, [5, 6], [1, 2], Some((B, 1)), B), "whose captures wait");
        assert_ne!(base, PositionKey::new(&board, [5, 6], [1, 2], Some((W, 2)), B), "how many wait");
        assert_ne!(base, PositionKey::new(&board, [5, 6], [1, 2], None, B), "none waiting");
        assert_ne!(base, PositionKey::new(&board, [5, 6], [1, 2], Some((W, 1)), W), "the player to move");
    }
}
