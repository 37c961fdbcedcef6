//! A draughts position and its move generator.
//!
//! A [`Position`] is three bit sets and the side to move; it is `Copy`, so
//! search clones it freely. Moves follow the FMJD rules: men step forward,
//! capture forward and backward; kings fly; capturing is compulsory and only
//! the sequences taking the most pieces are legal; captured pieces stay on
//! the board until the sequence ends (they block, and none is jumped twice).
//!
//! A move is identified by its start, its end and the set of pieces it takes:
//! two capture paths that agree on all three are the same move.

use super::board::{BLACK_PROMOTION, DIRECTIONS, Square, VALID, WHITE_PROMOTION, shift, squares};
use crate::seat::Seat;

use crate::games::two_seats::opponent;
pub use crate::games::two_seats::{BLACK, WHITE};

/// One move: a step, a king's slide, or a whole capture sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece starts.
    pub from: Square,
    /// Where it ends.
    pub to: Square,
    /// Bits of the pieces it takes (empty for a plain move).
    pub captured: u64,
}

impl Move {
    /// How many pieces it takes.
    pub fn capture_count(&self) -> u32 {
        self.captured.count_ones()
    }
}

/// Pieces on the board and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// White's pieces.
    pub white: u64,
    /// Black's pieces.
    pub black: u64,
    /// Kings of either colour.
    pub kings: u64,
    /// Whose move it is.
    pub side: Seat,
}

impl Default for Position {
    /// The starting position: Black on 1–20, White on 31–50, White to move.
    fn default() -> Position {
        let range = |a: u8, b: u8| (a..=b).map(|n| Square::new(n).expect("square").bit()).fold(0, |x, y| x | y);
        Position { white: range(31, 50), black: range(1, 20), kings: 0, side: WHITE }
    }
}

impl Position {
    /// The pieces of `seat`.
    #[inline]
    pub fn pieces(&self, seat: Seat) -> u64 {
        if seat == WHITE { self.white } else { self.black }
    }

    /// Empty squares.
    #[inline]
    pub fn empty(&self) -> u64 {
        VALID & !(self.white | self.black)
    }

    fn forward(side: Seat) -> [i32; 2] {
        if side == WHITE { [DIRECTIONS[0], DIRECTIONS[1]] } else { [DIRECTIONS[2], DIRECTIONS[3]] }
    }

    fn promotion_row(side: Seat) -> u64 {
        if side == WHITE { WHITE_PROMOTION } else { BLACK_PROMOTION }
    }

    /// Appends every legal move of the side to move to `out`.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.has_capture() {
            self.captures(out);
        } else {
            self.quiet_moves(out);
        }
    }

    /// How many legal moves the side to move has, without listing plain moves.
    pub fn count_moves(&self, scratch: &mut Vec<Move>) -> usize {
        if self.has_capture() {
            scratch.clear();
            self.captures(scratch);
            return scratch.len();
        }
        let own = self.pieces(self.side);
        let men = own & !self.kings;
        let empty = self.empty();
        let [a, b] = Position::forward(self.side);
        let mut count = (shift(men, a) & empty).count_ones() + (shift(men, b) & empty).count_ones();
        for king in squares(own & self.kings) {
            for d in DIRECTIONS {
                let mut to = shift(king.bit(), d);
                while to & empty != 0 {
                    count += 1;
                    to = shift(to, d);
                }
            }
        }
        count as usize
    }

    /// Whether the side to move can capture.
    pub fn has_capture(&self) -> bool {
        self.capturing_men() != 0 || self.king_can_capture()
    }

    /// The men of the side to move that can capture at least once.
    fn capturing_men(&self) -> u64 {
        let men = self.pieces(self.side) & !self.kings;
        let enemy = self.pieces(opponent(self.side));
        let empty = self.empty();
        DIRECTIONS.iter().fold(0, |found, &d| {
            let landing = shift(shift(men, d) & enemy, d) & empty;
            found | shift(shift(landing, -d), -d)
        })
    }

    fn king_can_capture(&self) -> bool {
        let own = self.pieces(self.side);
        let enemy = self.pieces(opponent(self.side));
        let empty = self.empty();
        squares(own & self.kings).any(|king| {
            DIRECTIONS.iter().any(|&d| {
                let mut at = shift(king.bit(), d);
                while at & empty != 0 {
                    at = shift(at, d);
                }
                at & enemy != 0 && shift(at, d) & empty != 0
            })
        })
    }

    fn quiet_moves(&self, out: &mut Vec<Move>) {
        let own = self.pieces(self.side);
        let empty = self.empty();
        let men = own & !self.kings;
        for d in Position::forward(self.side) {
            for to in squares(shift(men, d) & empty) {
                out.push(Move { from: Square::from_bit(shift(to.bit(), -d)), to, captured: 0 });
            }
        }
        for king in squares(own & self.kings) {
            for d in DIRECTIONS {
                let mut to = shift(king.bit(), d);
                while to & empty != 0 {
                    out.push(Move { from: king, to: Square::from_bit(to), captured: 0 });
                    to = shift(to, d);
                }
            }
        }
    }

    /// Appends the capture moves that take the most pieces, each distinct
    /// (start, end, captured set) once.
    fn captures(&self, out: &mut Vec<Move>) {
        let own = self.pieces(self.side);
        let enemy = self.pieces(opponent(self.side));
        let start = out.len();
        let mut search = CaptureSearch { out, start, best: 0, from: Square::from_index(0), enemy, empty: 0 };
        // Only pieces that can make a first capture can start a sequence.
        for piece in squares(self.capturing_men() | (own & self.kings)) {
            search.from = piece;
            // The moving piece's own square counts as empty during its sequence.
            search.empty = self.empty() | piece.bit();
            if piece.bit() & self.kings != 0 {
                search.king(piece.bit(), 0, usize::MAX);
            } else {
                search.man(piece.bit(), 0);
            }
        }
        if search.best >= 2 {
            // Different paths may take the same pieces between the same squares.
            let found = &mut search.out[start..];
            found.sort_unstable();
            let mut write = 0;
            for read in 0..found.len() {
                if read == 0 || found[read] != found[write - 1] {
                    found[write] = found[read];
                    write += 1;
                }
            }
            out.truncate(start + write);
        }
    }

    /// Plays a legal move.
    pub fn play(&mut self, m: &Move) {
        let from = m.from.bit();
        let to = m.to.bit();
        let was_king = self.kings & from != 0;
        let moved = from ^ to;
        if self.side == WHITE {
            self.white ^= moved;
            self.black &= !m.captured;
        } else {
            self.black ^= moved;
            self.white &= !m.captured;
        }
        self.kings &= !m.captured;
        if was_king {
            self.kings ^= moved;
        } else if to & Position::promotion_row(self.side) != 0 {
            self.kings |= to;
        }
        self.side = opponent(self.side);
    }

    /// Whether `m` moves a man (not a king).
    pub fn moves_man(&self, m: &Move) -> bool {
        self.kings & m.from.bit() == 0
    }

    /// Leaf count of the move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        let mut buffers = vec![Vec::with_capacity(64); depth as usize + 1];
        self.perft_with(depth, &mut buffers)
    }

    fn perft_with(&self, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        let (moves, deeper) = buffers.split_first_mut().expect("one buffer per level");
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_moves(moves) as u64;
        }
        moves.clear();
        self.legal_moves(moves);
        let mut total = 0;
        for m in moves.iter() {
            let mut child = *self;
            child.play(m);
            total += child.perft_with(depth - 1, deeper);
        }
        total
    }

    /// Every capture path of the side to move that takes the most pieces,
    /// as the list of squares the piece stands on (start, each landing),
    /// with the set it takes. Slower than [`Position::legal_moves`]; used for
    /// writing and reading notation that names intermediate squares.
    pub fn capture_paths(&self) -> Vec<(Vec<Square>, u64)> {
        let mut moves = Vec::new();
        self.captures(&mut moves);
        let Some(best) = moves.first().map(Move::capture_count) else {
            return Vec::new();
        };
        let own = self.pieces(self.side);
        let enemy = self.pieces(opponent(self.side));
        let mut paths = Vec::new();
        for piece in squares(own) {
            let empty = self.empty() | piece.bit();
            let king = piece.bit() & self.kings != 0;
            let mut path = vec![piece];
            walk_paths(king, piece.bit(), enemy, empty, 0, usize::MAX, &mut path, &mut paths);
        }
        paths.retain(|(_, captured)| captured.count_ones() == best);
        paths
    }
}

/// Depth-first search for the longest capture sequences.
struct CaptureSearch<'a> {
    out: &'a mut Vec<Move>,
    start: usize,
    best: u32,
    from: Square,
    enemy: u64,
    empty: u64,
}

impl CaptureSearch<'_> {
    fn record(&mut self, at: u64, captured: u64) {
        let count = captured.count_ones();
        if count > self.best {
            self.best = count;
            self.out.truncate(self.start);
        }
        if count == self.best {
            self.out.push(Move { from: self.from, to: Square::from_bit(at), captured });
        }
    }

    fn man(&mut self, at: u64, captured: u64) {
        let mut extended = false;
        for d in DIRECTIONS {
            let over = shift(at, d);
            if over & self.enemy & !captured == 0 {
                continue;
            }
            let land = shift(over, d);
            if land & self.empty == 0 {
                continue;
            }
            extended = true;
            self.man(land, captured | over);
        }
        if !extended && captured != 0 {
            self.record(at, captured);
        }
    }

    fn king(&mut self, at: u64, captured: u64, came: usize) {
        let mut extended = false;
        for (i, &d) in DIRECTIONS.iter().enumerate() {
            // Straight back is blocked by the piece just taken.
            if came != usize::MAX && i == 3 - came {
                continue;
            }
            let mut over = shift(at, d);
            while over & self.empty != 0 {
                over = shift(over, d);
            }
            if over & self.enemy & !captured == 0 {
                continue;
            }
            let mut land = shift(over, d);
            while land & self.empty != 0 {
                extended = true;
                self.king(land, captured | over, i);
                land = shift(land, d);
            }
        }
        if !extended && captured != 0 {
            self.record(at, captured);
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn walk_paths(
    king: bool,
    at: u64,
    enemy: u64,
    empty: u64,
    captured: u64,
    came: usize,
    path: &mut Vec<Square>,
    paths: &mut Vec<(Vec<Square>, u64)>,
) {
    let mut extended = false;
    for (i, &d) in DIRECTIONS.iter().enumerate() {
        if came != usize::MAX && i == 3 - came {
            continue;
        }
        let mut over = shift(at, d);
        while king && over & empty != 0 {
            over = shift(over, d);
        }
        if over & enemy & !captured == 0 {
            continue;
        }
        let mut land = shift(over, d);
        while land & empty != 0 {
            extended = true;
            path.push(Square::from_bit(land));
            walk_paths(king, land, enemy, empty, captured | over, i, path, paths);
            path.pop();
            if !king {
                break;
            }
            land = shift(land, d);
        }
    }
    if !extended && captured != 0 {
        paths.push((path.clone(), captured));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_from_the_start_matches_the_published_counts() {
        let counts: Vec<u64> = (1..=5).map(|d| Position::default().perft(d)).collect();
        assert_eq!(counts, [9, 81, 658, 4265, 27117]);
    }
}
