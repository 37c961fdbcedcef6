//! The two boards Abande is played on, on the shared geometry: the 37-point
//! hexagon of Dieter Stein's stacking games (six neighbours a point), and
//! the 7 × 7 grid of points of the variant, where diagonal points count as
//! neighbours too (eight). The rules need only which spaces touch, so each
//! board keeps its spaces' neighbours as bit masks (at most 49 spaces fit in
//! a `u64`), which makes the chain test a few mask operations.

use crate::board::{Cell, Drawn, Geometry, Lines};
use crate::layout::{CellId, Layout, SeatStyle};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// The most spaces of either board.
pub const MAX_SPACES: usize = 49;

/// Side of the square variant's grid of points.
pub const SQUARE_SIDE: u8 = 7;

/// Which board a match is played on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardKind {
    /// The six-sided board of 37 points.
    #[default]
    Hex,
    /// The variant on the 7 × 7 points of a square grid, diagonals connecting.
    Square,
}

/// One board: the shared geometry, and each space's neighbours as a mask.
#[derive(Debug)]
pub struct Board {
    geometry: Geometry,
    neighbours: [u64; MAX_SPACES],
}

static HEX: LazyLock<Board> = LazyLock::new(|| Board::on(Geometry::hexagon(4)));
static SQUARE: LazyLock<Board> =
    LazyLock::new(|| Board::on(Geometry::grid(SQUARE_SIDE, SQUARE_SIDE, Lines::WithDiagonals, Drawn::Points)));

impl Board {
    fn on(geometry: Geometry) -> Board {
        let mut neighbours = [0u64; MAX_SPACES];
        for id in geometry.ids() {
            neighbours[usize::from(id)] = geometry.neighbours(id).fold(0, |mask, n| mask | 1 << n);
        }
        Board { geometry, neighbours }
    }

    /// The board of `kind`.
    pub fn of(kind: BoardKind) -> &'static Board {
        match kind {
            BoardKind::Hex => &HEX,
            BoardKind::Square => &SQUARE,
        }
    }

    /// How many spaces the board has.
    pub fn spaces(&self) -> usize {
        self.geometry.len()
    }

    /// The name of the space with this index.
    pub fn name(&self, index: usize) -> Cell {
        self.geometry.name(index as CellId)
    }

    /// The index of a named space, if the board has it.
    pub fn index(&self, cell: Cell) -> Option<usize> {
        self.geometry.id(cell).map(usize::from)
    }

    /// The neighbours of a space, as a mask of indexes.
    #[inline]
    pub fn neighbours(&self, index: usize) -> u64 {
        self.neighbours[index]
    }

    /// The spaces next to any space of `set`, `set` itself left out.
    pub fn around(&self, set: u64) -> u64 {
        bits(set).fold(0, |mask, i| mask | self.neighbours[i]) & !set
    }

    /// Whether the spaces of `set` form one connected group (an empty set does).
    pub fn connected(&self, set: u64) -> bool {
        if set == 0 {
            return true;
        }
        let mut reached = set & set.wrapping_neg();
        let mut frontier = reached;
        while frontier != 0 {
            let next = bits(frontier).fold(0, |mask, i| mask | self.neighbours[i]) & set & !reached;
            reached |= next;
            frontier = next;
        }
        reached == set
    }

    /// How the client draws the board, with `seats` as given.
    pub fn layout(&self, seats: Vec<SeatStyle>) -> Layout {
        self.geometry.layout().clone().with_seats(seats)
    }
}

/// The indexes of the set bits of a mask, lowest first.
pub fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let index = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            index
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(board: &Board, space: &str) -> Vec<String> {
        let index = board.index(space.parse().unwrap()).unwrap();
        let mut names: Vec<String> = bits(board.neighbours(index)).map(|i| board.name(i).to_string()).collect();
        names.sort();
        names
    }

    #[test]
    fn the_hexagon_has_the_37_points_of_the_stein_games() {
        let hex = Board::of(BoardKind::Hex);
        assert_eq!(hex.spaces(), 37);
        assert_eq!(names(hex, "d4"), ["c3", "c4", "d3", "d5", "e3", "e4"]);
        assert_eq!(hex.index("a5".parse().unwrap()), None);
    }

    #[test]
    fn the_square_grid_connects_along_diagonals() {
        let square = Board::of(BoardKind::Square);
        assert_eq!(square.spaces(), 49);
        assert_eq!(names(square, "a1"), ["a2", "b1", "b2"]);
        assert_eq!(names(square, "d4"), ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]);
        assert_eq!(names(square, "g7"), ["f6", "f7", "g6"]);
    }

    #[test]
    fn a_group_is_connected_when_every_space_reaches_every_other() {
        let square = Board::of(BoardKind::Square);
        let mask =
            |spaces: &[&str]| spaces.iter().fold(0u64, |m, s| m | 1 << square.index(s.parse().unwrap()).unwrap());
        assert!(square.connected(mask(&["a1", "b2", "c3"])), "diagonal steps connect");
        assert!(!square.connected(mask(&["a1", "c3"])));
        assert!(square.connected(0));
        assert_eq!(square.around(mask(&["a1"])), mask(&["a2", "b1", "b2"]));
    }
}
