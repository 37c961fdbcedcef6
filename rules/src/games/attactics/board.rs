//! ATTACTICS' board as the rules use it: the 36 × 36 squares of the
//! reconstructed maze (`layout::gallery::maze`), which steps between them
//! the walls allow, the four corners with their entry squares, the
//! quadrants that set a capture's multiplier, and Maze Center.
//!
//! A square is a [`CellId`], `r * 36 + c` with row 0 at the top, the same
//! index the layout gives it. Corners are numbered clockwise from the top
//! left: 0 (A, `a36`), 1 (B, `J36`), 2 (C, `J1`), 3 (D, `a1`); the board
//! turned a quarter clockwise takes each corner's squares to the next's.

use super::square_set::SquareSet;
use crate::board::Cell;
use crate::layout::CellId;
use crate::layout::gallery::maze::{EAST, Maze, NORTH, SIDE, SOUTH, WEST};
use std::sync::OnceLock;

/// Squares on the board.
pub const SQUARES: usize = SIDE * SIDE;

/// The eight directions, clockwise from north: even ones are rank and file,
/// odd ones diagonal.
const DIRECTIONS: [(i32, i32); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];

/// No square.
pub const NONE: CellId = CellId::MAX;

/// A diagonal step and what may block it while pieces stand around it.
#[derive(Clone, Copy, Debug)]
pub struct Diagonal {
    /// Where it lands.
    pub to: CellId,
    /// The two squares beside the corner it crosses.
    pub shoulders: [CellId; 2],
    /// Per shoulder: the square has walls on two opposite sides, so a piece
    /// on it blocks the step ("it cannot jump over a piece sitting in a
    /// space with two parallel maze-pattern lines").
    pub narrow: [bool; 2],
}

impl Diagonal {
    /// Whether pieces on the squares beside the corner (`taken`, per
    /// shoulder) stop the step: pieces on both, or one on a square with two
    /// parallel walls.
    pub fn closed_by(&self, taken: [bool; 2]) -> bool {
        (taken[0] && taken[1]) || (0..2).any(|i| taken[i] && self.narrow[i])
    }
}

/// How far a step in each direction moves a square's index.
pub const OFFSETS: [i32; 8] = {
    let mut offsets = [0; 8];
    let mut d = 0;
    while d < 8 {
        offsets[d] = DIRECTIONS[d].0 * SIDE as i32 + DIRECTIONS[d].1;
        d += 1;
    }
    offsets
};

/// The steps the walls allow from each square.
pub struct Board {
    /// Per square, per direction: the square a step reaches, or [`NONE`]
    /// where a wall, the border or (diagonally) the corner's walls forbid it.
    steps: Vec<[CellId; 8]>,
    /// Per square, per diagonal direction (1, 3, 5, 7 halved): its shoulders.
    diagonals: Vec<[Option<Diagonal>; 4]>,
    /// The same steps as sets: per direction, the squares a step that way
    /// is open from (before pieces close a diagonal).
    open: [SquareSet; 8],
    /// The squares with walls on two opposite sides: a piece on one beside
    /// a diagonal's corner closes the diagonal ([`Diagonal::narrow`]).
    narrow: SquareSet,
    /// Maze Center's squares as a set, built once with the board so that
    /// no walk builds it.
    centre: SquareSet,
}

/// The squares of Maze Center.
pub const CENTRE: [CellId; 4] = [square(17, 17), square(17, 18), square(18, 17), square(18, 18)];

/// The square at row `r` (from the top) and column `c` (from the left).
pub const fn square(r: usize, c: usize) -> CellId {
    (r * SIDE + c) as CellId
}

/// Row and column of a square.
pub const fn row_col(id: CellId) -> (usize, usize) {
    (id as usize / SIDE, id as usize % SIDE)
}

/// Whether a square is one of Maze Center's.
#[inline]
pub fn in_centre(id: CellId) -> bool {
    // The four squares in the middle of the board: rows and columns 17 and 18.
    let middle = SIDE / 2 - 1..=SIDE / 2;
    let (r, c) = row_col(id);
    middle.contains(&r) && middle.contains(&c)
}

/// The square turned `quarters` quarter turns clockwise with the board.
pub const fn turned(id: CellId, quarters: u8) -> CellId {
    let (mut r, mut c) = row_col(id);
    let mut i = 0;
    while i < quarters % 4 {
        (r, c) = (c, SIDE - 1 - r);
        i += 1;
    }
    square(r, c)
}

/// The three entry squares of a corner, as Diagram 1 marks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The corner square: the Monarch and the Masters enter here.
    Corner,
    /// A third of the way along the diagonal: Majors and Minors.
    MidCorner,
    /// Two thirds of the way: Minors.
    CentralCorner,
}

impl Entry {
    /// The entry square of this kind for corner `corner`.
    pub const fn square(self, corner: u8) -> CellId {
        let a = match self {
            Entry::Corner => square(0, 0),
            Entry::MidCorner => square(6, 6),
            Entry::CentralCorner => square(12, 12),
        };
        turned(a, corner)
    }

    /// Its name in the rulebook.
    pub const fn name(self) -> &'static str {
        match self {
            Entry::Corner => "Corner",
            Entry::MidCorner => "Mid-Corner",
            Entry::CentralCorner => "Central-Corner",
        }
    }
}

/// The quadrant (by its corner, 0 to 3) a square lies in.
pub fn quadrant(id: CellId) -> u8 {
    let (r, c) = row_col(id);
    match (r < SIDE / 2, c < SIDE / 2) {
        (true, true) => 0,
        (true, false) => 1,
        (false, false) => 2,
        (false, true) => 3,
    }
}

/// What a capture on `id` is worth, as a multiple of the piece's value, to
/// a player whose own quadrant is `home`: 1 in it, 2 in a quadrant beside
/// it, 3 in the one diagonally across.
pub fn multiplier(home: u8, id: CellId) -> u8 {
    match (quadrant(id) + 4 - home) % 4 {
        0 => 1,
        2 => 3,
        _ => 2,
    }
}

/// The name of a square: files `a`–`z`, `A`–`J` from the left, ranks from
/// 1 at the bottom (`a36` is the top left).
pub fn name(id: CellId) -> Cell {
    let (r, c) = row_col(id);
    Cell::at(c as u8, (SIDE - r) as u16)
}

/// The square named `cell`, if the board has it.
pub fn id(cell: Cell) -> Option<CellId> {
    let c = usize::from(cell.letter()?);
    let rank = usize::from(cell.number());
    (c < SIDE && (1..=SIDE).contains(&rank)).then(|| square(SIDE - rank, c))
}

impl Board {
    /// The one board, built once from the maze.
    pub fn get() -> &'static Board {
        static BOARD: OnceLock<Board> = OnceLock::new();
        BOARD.get_or_init(|| Board::from_maze(&Maze::reference()))
    }

    fn from_maze(maze: &Maze) -> Board {
        let side = SIDE as i32;
        let at = |r: i32, c: i32| (0..side).contains(&r) && (0..side).contains(&c);
        let closed = |r: i32, c: i32, bit: u8| maze.closed(r as usize, c as usize) & bit != 0;
        let towards_row = |dr: i32| if dr < 0 { NORTH } else { SOUTH };
        let towards_col = |dc: i32| if dc < 0 { WEST } else { EAST };
        let mut steps = vec![[NONE; 8]; SQUARES];
        let mut diagonals = vec![[None; 4]; SQUARES];
        for r in 0..side {
            for c in 0..side {
                let here = square(r as usize, c as usize);
                for (d, (dr, dc)) in DIRECTIONS.iter().copied().enumerate() {
                    let (tr, tc) = (r + dr, c + dc);
                    if !at(tr, tc) {
                        continue;
                    }
                    let there = square(tr as usize, tc as usize);
                    if d % 2 == 0 {
                        let bit = if dr != 0 { towards_row(dr) } else { towards_col(dc) };
                        if !closed(r, c, bit) {
                            steps[usize::from(here)][d] = there;
                        }
                        continue;
                    }
                    // The four walls that meet at the corner crossed: between
                    // this square and its neighbour in the row direction (p),
                    // in the column direction (q), and from those to the target.
                    let s_p = closed(r, c, towards_row(dr));
                    let s_q = closed(r, c, towards_col(dc));
                    let p_t = closed(r + dr, c, towards_col(dc));
                    let q_t = closed(r, c + dc, towards_row(dr));
                    // A straight wall through the corner, or either square
                    // closed at that corner, forbids the step; a wall's end or
                    // an open corner does not.
                    let straight = (s_p && q_t) || (s_q && p_t);
                    let shut = (s_p && s_q) || (p_t && q_t);
                    if straight || shut {
                        continue;
                    }
                    let narrow = |r: i32, c: i32| {
                        let w = maze.walls_of(r as usize, c as usize);
                        (w & NORTH != 0 && w & SOUTH != 0) || (w & EAST != 0 && w & WEST != 0)
                    };
                    steps[usize::from(here)][d] = there;
                    diagonals[usize::from(here)][d / 2] = Some(Diagonal {
                        to: there,
                        shoulders: [square((r + dr) as usize, c as usize), square(r as usize, (c + dc) as usize)],
                        narrow: [narrow(r + dr, c), narrow(r, c + dc)],
                    });
                }
            }
        }
        let mut open = [SquareSet::EMPTY; 8];
        let mut narrow = SquareSet::EMPTY;
        for (here, towards) in steps.iter().enumerate() {
            for (d, to) in towards.iter().enumerate() {
                if *to != NONE {
                    open[d].insert(here as CellId);
                }
            }
        }
        for diagonal in diagonals.iter().flatten().flatten() {
            for (shoulder, thin) in diagonal.shoulders.iter().zip(diagonal.narrow) {
                if thin {
                    narrow.insert(*shoulder);
                }
            }
        }
        let mut centre = SquareSet::EMPTY;
        CENTRE.iter().for_each(|id| centre.insert(*id));
        Board { steps, diagonals, open, narrow, centre }
    }

    /// Maze Center's squares as a set, the same as [`CENTRE`].
    pub fn centre(&self) -> SquareSet {
        self.centre
    }

    /// The squares a step in direction `d` may leave from, `taken` the
    /// squares pieces stand on: where the walls leave it open and, for a
    /// diagonal, the pieces beside its corner do not close it
    /// ([`Diagonal::closed_by`], for every square at once).
    pub fn open_from(&self, d: usize, taken: SquareSet) -> SquareSet {
        if d % 2 == 0 {
            return self.open[d];
        }
        // Each square's shoulders, in the row and in the column stepped
        // towards, brought onto the square itself.
        let (dr, dc) = DIRECTIONS[d];
        let (row, column) = (-dr * SIDE as i32, -dc);
        let thin = taken & self.narrow;
        let closed = (taken.shifted(row) & taken.shifted(column)) | thin.shifted(row) | thin.shifted(column);
        self.open[d] & !closed
    }

    /// The square a rank-and-file step in direction `d` (0 north, 2 east,
    /// 4 south, 6 west) reaches from `from`, or [`NONE`].
    pub fn step(&self, from: CellId, d: usize) -> CellId {
        self.steps[usize::from(from)][d]
    }

    /// The diagonal step in direction `d` (1, 3, 5 or 7) from `from` that
    /// the walls allow, if any.
    pub fn diagonal(&self, from: CellId, d: usize) -> Option<Diagonal> {
        self.diagonals[usize::from(from)][d / 2]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_entries_and_quadrants() {
        assert_eq!(name(square(0, 0)).to_string(), "a36");
        assert_eq!(name(square(35, 35)).to_string(), "J1");
        assert_eq!(id("J1".parse().unwrap()), Some(square(35, 35)));
        assert_eq!(id("K1".parse().unwrap()), None);
        assert_eq!(Entry::Corner.square(1), square(0, 35));
        assert_eq!(Entry::MidCorner.square(2), square(29, 29));
        assert_eq!(Entry::CentralCorner.square(3), square(23, 12));
        assert_eq!(multiplier(0, square(0, 20)), 2);
        assert_eq!(multiplier(0, square(30, 30)), 3);
        assert_eq!(multiplier(2, square(30, 30)), 1);
        assert_eq!(multiplier(1, square(30, 3)), 3);
        for id in 0..SQUARES as CellId {
            assert_eq!(turned(turned(id, 1), 3), id);
            assert_eq!(in_centre(id), CENTRE.contains(&id), "{id}");
            assert_eq!(Board::get().centre().contains(id), CENTRE.contains(&id), "{id}");
        }
        assert!(!in_centre(NONE));
    }

    #[test]
    fn steps_turn_with_the_board() {
        let board = Board::get();
        for id in 0..SQUARES as CellId {
            for d in 0..8 {
                let to = board.step(id, d);
                let turned_to = board.step(turned(id, 1), (d + 2) % 8);
                let expected = if to == NONE { NONE } else { turned(to, 1) };
                assert_eq!(turned_to, expected, "{id} {d}");
            }
        }
        // Maze Center opens only to its four approach squares.
        let inside: Vec<(CellId, CellId)> = (0..SQUARES as CellId)
            .flat_map(|id| (0..8).step_by(2).map(move |d| (id, d)))
            .filter_map(|(id, d)| {
                let to = board.step(id, d);
                (to != NONE && !in_centre(id) && in_centre(to)).then_some((id, to))
            })
            .collect();
        assert_eq!(inside.len(), 4, "{inside:?}");
        assert!(inside.contains(&(square(16, 17), square(17, 17))));
    }
}
