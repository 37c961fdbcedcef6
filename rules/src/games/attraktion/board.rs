//! The square board of Attraktion: which seat's piece stands where, the
//! power of attraction that follows a placement, and the count of winning
//! positions.
//!
//! Squares are stored rank by rank from a1 (index `row * size + col`, which
//! is also the layout's cell id) in a fixed array large enough for the
//! largest board, so copying a board allocates nothing.

use super::coord::Coord;
use crate::games::two_seats::opponent;
use crate::seat::Seat;

/// The largest board side offered.
pub const MAX_SIZE: u8 = 14;

const MAX_CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// The four directions along a rank or file, as (file step, rank step):
/// towards rank 1, towards the last rank, towards file a, towards the last file.
pub const DIRECTIONS: [(i8, i8); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];

/// The four diagonal directions.
const DIAGONALS: [(i8, i8); 4] = [(-1, -1), (1, -1), (-1, 1), (1, 1)];

/// Which pieces an attraction moved: for each of the [`DIRECTIONS`], the
/// distance from the placed piece of the square the nearest moving piece
/// entered, or 0 if nothing moved that way. Every piece beyond that square
/// moved too (see [`Board::place`]), so the moved pieces stand on exactly the
/// occupied squares from that distance outwards.
pub type Pulled = [u8; 4];

/// An Attraktion board of `size` × `size` squares.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    cells: [Option<Seat>; MAX_CELLS],
    pieces: u16,
}

impl Board {
    /// An empty board. `size` must be at most [`MAX_SIZE`].
    pub fn empty(size: u8) -> Board {
        assert!(size <= MAX_SIZE, "board side {size} is larger than {MAX_SIZE}");
        Board { size, cells: [None; MAX_CELLS], pieces: 0 }
    }

    /// The side of the board.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// How many squares the board has.
    pub fn squares(&self) -> usize {
        usize::from(self.size) * usize::from(self.size)
    }

    /// How many pieces stand on it.
    pub fn pieces(&self) -> usize {
        usize::from(self.pieces)
    }

    /// Whether every square is occupied.
    pub fn is_full(&self) -> bool {
        self.pieces() == self.squares()
    }

    /// The index of an on-board square (also its cell id in the layout).
    pub fn index(&self, square: Coord) -> usize {
        usize::from(square.row) * usize::from(self.size) + usize::from(square.col)
    }

    /// The square at an index below [`Board::squares`].
    pub fn square(&self, index: usize) -> Coord {
        let size = usize::from(self.size);
        Coord::new((index % size) as u8, (index / size) as u8)
    }

    /// Every square of the board, from a1 rank by rank.
    pub fn all(&self) -> impl Iterator<Item = Coord> + '_ {
        (0..self.squares()).map(|i| self.square(i))
    }

    /// The owner of the piece on `square`, if any (`None` off the board too).
    pub fn get(&self, square: Coord) -> Option<Seat> {
        if square.on_board(self.size) { self.cells[self.index(square)] } else { None }
    }

    /// Puts a piece on (or clears) an on-board square without attraction,
    /// for setting up positions.
    pub fn set(&mut self, square: Coord, piece: Option<Seat>) {
        let i = self.index(square);
        match (self.cells[i].is_some(), piece.is_some()) {
            (false, true) => self.pieces += 1,
            (true, false) => self.pieces -= 1,
            _ => {}
        }
        self.cells[i] = piece;
    }

    /// The square `distance` steps from `from` in direction `(dc, dr)`, if on the board.
    pub fn step(&self, from: Coord, (dc, dr): (i8, i8), distance: u8) -> Option<Coord> {
        let col = i16::from(from.col) + i16::from(dc) * i16::from(distance);
        let row = i16::from(from.row) + i16::from(dr) * i16::from(distance);
        let inside = |v: i16| (0..i16::from(self.size)).contains(&v);
        (inside(col) && inside(row)).then(|| Coord::new(col as u8, row as u8))
    }

    /// Places a piece of `seat` on the empty square `at` and lets the power
    /// of attraction work: along its rank and file, starting next to the new
    /// piece and going outwards, every piece (of either owner) moves one
    /// square towards it if the square it would enter is empty. Because the
    /// nearest pieces go first, the first empty square in each direction is
    /// closed up and every piece beyond it moves one square in.
    /// Work is proportional to the rank plus the file.
    pub fn place(&mut self, at: Coord, seat: Seat) -> Pulled {
        self.set(at, Some(seat));
        let size = isize::from(self.size);
        let start = self.index(at) as isize;
        let (col, row) = (isize::from(at.col), isize::from(at.row));
        let mut pulled = [0; 4];
        for (d, &(dc, dr)) in DIRECTIONS.iter().enumerate() {
            let stride = isize::from(dr) * size + isize::from(dc);
            // Squares from the placed piece to the edge, this one included.
            let reach = match (dc, dr) {
                (0, -1) => row,
                (0, _) => size - 1 - row,
                (-1, _) => col,
                _ => size - 1 - col,
            };
            let mut inner = start as usize;
            for distance in 1..=reach {
                let outer = (start + stride * distance) as usize;
                if self.cells[outer].is_some() && self.cells[inner].is_none() {
                    self.cells[inner] = self.cells[outer].take();
                    if pulled[d] == 0 {
                        pulled[d] = (distance - 1) as u8;
                    }
                }
                inner = outer;
            }
        }
        pulled
    }

    /// The squares pieces entered in the attraction that followed placing on `at`.
    pub fn pulled_to(&self, at: Coord, pulled: Pulled) -> impl Iterator<Item = Coord> + '_ {
        DIRECTIONS.iter().zip(pulled).filter(|(_, first)| *first > 0).flat_map(move |(&dir, first)| {
            (first..self.size)
                .map_while(move |distance| self.step(at, dir, distance))
                .filter(|s| self.get(*s).is_some())
        })
    }

    /// Whether the piece on `square` is a winning position: its owner's piece
    /// with four diagonal neighbours, each an opposing piece. A piece on the
    /// edge has fewer than four diagonal neighbours and never is one.
    pub fn is_winning_position(&self, square: Coord) -> bool {
        let Some(owner) = self.get(square) else { return false };
        DIAGONALS.iter().all(|&dir| self.step(square, dir, 1).is_some_and(|n| self.get(n) == Some(opponent(owner))))
    }

    /// Each seat's number of winning positions, indexed by seat.
    pub fn winning_positions(&self) -> [u32; 2] {
        let size = usize::from(self.size);
        let mut counts = [0; 2];
        // Only inner squares have four diagonal neighbours.
        for row in 1..size.saturating_sub(1) {
            for col in 1..size - 1 {
                let i = row * size + col;
                let Some(owner) = self.cells[i] else { continue };
                let opponent = Some(opponent(owner));
                let surrounded =
                    [i - size - 1, i - size + 1, i + size - 1, i + size + 1].iter().all(|&n| self.cells[n] == opponent);
                if surrounded {
                    counts[owner.index()] += 1;
                }
            }
        }
        counts
    }

    /// How many pieces of `seat` stand on the board.
    pub fn count(&self, seat: Seat) -> usize {
        self.cells[..self.squares()].iter().filter(|c| **c == Some(seat)).count()
    }
}
