//! The two boards Abande is played on, behind one geometry.
//!
//! The standard board is the 37-point hexagon of Dieter Stein's stacking
//! games ([`hex37`]), where a point has up to six neighbours. The variant is
//! the 7 × 7 grid of points, where diagonal points count as neighbours too,
//! so a point has up to eight. The rules need only three things of a board:
//! its spaces, their names and which spaces touch, so both boards become a
//! [`Geometry`]: spaces numbered from 0, a name for each, and each space's
//! neighbours as a bit mask (at most 49 spaces fit in a `u64`), which makes
//! the chain test a few mask operations.

use super::super::hex37::{self, Point};
use crate::layout::{Cell, Layout, SeatStyle, Shape};
use serde::{Deserialize, Serialize};
use serde_with::{DeserializeFromStr, SerializeDisplay};
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

/// The most spaces of either board.
pub const MAX_SPACES: usize = 49;

/// Side of the square variant's grid of points.
pub const SQUARE_SIDE: usize = 7;

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

/// The name of a space: a letter `a` to `g` and a number 1 to 7, such as
/// `d4`. On the hexagon the letter is the row, as in Accasta; on the square
/// grid it is the file, as in chess. A name does not depend on the board, so
/// actions are read without one; whether the board has the space is checked
/// when the action is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, SerializeDisplay, DeserializeFromStr)]
pub struct Space {
    letter: u8,
    number: u8,
}

impl Space {
    /// The space with this letter (0 for `a`) and number (from 1), if it can
    /// be named.
    pub fn new(letter: u8, number: u8) -> Option<Space> {
        (letter < 7 && (1..=7).contains(&number)).then_some(Space { letter, number })
    }

    fn code(self) -> usize {
        usize::from(self.letter) * 8 + usize::from(self.number)
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.letter) as char, self.number)
    }
}

impl fmt::Debug for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that is not the name of a space.
#[derive(Debug, thiserror::Error)]
#[error("{0:?} is not the name of a space (a letter a to g and a number 1 to 7)")]
pub struct BadSpace(pub String);

impl FromStr for Space {
    type Err = BadSpace;

    fn from_str(text: &str) -> Result<Space, BadSpace> {
        let bad = || BadSpace(text.to_string());
        match text.as_bytes() {
            [letter @ b'a'..=b'g', number @ b'1'..=b'7'] => Space::new(letter - b'a', number - b'0').ok_or_else(bad),
            _ => Err(bad()),
        }
    }
}

/// One board: its spaces (numbered from 0, which is also the layout's cell
/// id), their names and neighbours.
#[derive(Debug, PartialEq, Eq)]
pub struct Geometry {
    kind: BoardKind,
    spaces: usize,
    names: [Space; MAX_SPACES],
    /// Space index by [`Space::code`], `NONE` where the board has no such space.
    by_code: [u8; 64],
    neighbours: [u64; MAX_SPACES],
}

const NONE: u8 = u8::MAX;

static HEX: LazyLock<Geometry> = LazyLock::new(|| {
    let mut geometry = Geometry::empty(BoardKind::Hex, hex37::POINTS);
    for point in Point::all() {
        let space = Space::new(point.row(), point.number()).expect("hex37 names fit a1 to g7");
        let neighbours = point.neighbours().fold(0, |mask, n| mask | 1u64 << n.index());
        geometry.set(point.index(), space, neighbours);
    }
    geometry
});

static SQUARE: LazyLock<Geometry> = LazyLock::new(|| {
    let side = SQUARE_SIDE as i32;
    let mut geometry = Geometry::empty(BoardKind::Square, SQUARE_SIDE * SQUARE_SIDE);
    for index in 0..SQUARE_SIDE * SQUARE_SIDE {
        let (row, col) = ((index / SQUARE_SIDE) as i32, (index % SQUARE_SIDE) as i32);
        let mut neighbours = 0u64;
        for (dr, dc) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
            let (r, c) = (row + dr, col + dc);
            if (0..side).contains(&r) && (0..side).contains(&c) {
                neighbours |= 1 << (r * side + c);
            }
        }
        let space = Space::new(col as u8, row as u8 + 1).expect("7 × 7 names");
        geometry.set(index, space, neighbours);
    }
    geometry
});

impl Geometry {
    fn empty(kind: BoardKind, spaces: usize) -> Geometry {
        Geometry {
            kind,
            spaces,
            names: [Space { letter: 0, number: 1 }; MAX_SPACES],
            by_code: [NONE; 64],
            neighbours: [0; MAX_SPACES],
        }
    }

    fn set(&mut self, index: usize, space: Space, neighbours: u64) {
        self.names[index] = space;
        self.by_code[space.code()] = index as u8;
        self.neighbours[index] = neighbours;
    }

    /// The geometry of a board.
    pub fn of(kind: BoardKind) -> &'static Geometry {
        match kind {
            BoardKind::Hex => &HEX,
            BoardKind::Square => &SQUARE,
        }
    }

    /// How many spaces the board has.
    pub fn spaces(&self) -> usize {
        self.spaces
    }

    /// The name of the space with this index.
    pub fn name(&self, index: usize) -> Space {
        self.names[index]
    }

    /// The index of a named space, if the board has it.
    pub fn index(&self, space: Space) -> Option<usize> {
        let index = self.by_code[space.code()];
        (index != NONE).then_some(usize::from(index))
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

    /// How the client draws the board. On the hexagon, rows `a` to `g` run
    /// from White's side, as the rulebook's coordinates do, so the layout is
    /// [`hex37::layout`] turned round for Black, who sits at the bottom as
    /// seat 0. The square grid has no coordinates in the rulebook; `a1` is
    /// the bottom left point seen from seat 0, the way the client writes
    /// files and ranks along the edges.
    pub fn layout(&self, seats: Vec<SeatStyle>) -> Layout {
        match self.kind {
            BoardKind::Hex => {
                let mut layout = hex37::layout(seats, Vec::new());
                let (rows, cols) = (layout.rows, layout.cols);
                for cell in &mut layout.cells {
                    cell.row = rows - 1 - cell.row;
                    cell.col = cols - 1 - cell.col;
                }
                layout
            }
            BoardKind::Square => {
                let side = SQUARE_SIDE as u16;
                let cells = (0..self.spaces)
                    .map(|i| Cell { label: self.name(i).to_string(), row: i as u16 / side, col: i as u16 % side })
                    .collect();
                Layout { shape: Shape::Intersections, rows: side, cols: side, cells, zones: Vec::new(), seats }
            }
        }
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

    fn names(geometry: &Geometry, space: &str) -> Vec<String> {
        let index = geometry.index(space.parse().unwrap()).unwrap();
        let mut names: Vec<String> = bits(geometry.neighbours(index)).map(|i| geometry.name(i).to_string()).collect();
        names.sort();
        names
    }

    #[test]
    fn the_hexagon_keeps_the_hex37_names_and_neighbours() {
        let hex = Geometry::of(BoardKind::Hex);
        assert_eq!(hex.spaces(), 37);
        for point in Point::all() {
            let space: Space = point.to_string().parse().unwrap();
            assert_eq!(hex.index(space), Some(point.index()));
            assert_eq!(hex.name(point.index()), space);
        }
        assert_eq!(names(hex, "d4"), ["c3", "c4", "d3", "d5", "e3", "e4"]);
        assert_eq!(hex.index("a5".parse().unwrap()), None);
    }

    #[test]
    fn the_square_grid_connects_along_diagonals() {
        let square = Geometry::of(BoardKind::Square);
        assert_eq!(square.spaces(), 49);
        assert_eq!(names(square, "a1"), ["a2", "b1", "b2"]);
        assert_eq!(names(square, "d4"), ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]);
        assert_eq!(names(square, "g7"), ["f6", "f7", "g6"]);
        for space in ["a7", "g1", "g7"] {
            assert!(square.index(space.parse().unwrap()).is_some());
        }
    }

    #[test]
    fn a_group_is_connected_when_every_space_reaches_every_other() {
        let square = Geometry::of(BoardKind::Square);
        let mask =
            |spaces: &[&str]| spaces.iter().fold(0u64, |m, s| m | 1 << square.index(s.parse().unwrap()).unwrap());
        assert!(square.connected(mask(&["a1", "b2", "c3"])), "diagonal steps connect");
        assert!(!square.connected(mask(&["a1", "c3"])));
        assert!(square.connected(0));
        assert_eq!(square.around(mask(&["a1"])), mask(&["a2", "b1", "b2"]));
    }

    #[test]
    fn names_outside_a_to_g_and_1_to_7_are_refused() {
        for bad in ["h1", "a0", "a8", "d10", "", "d", "4d", "D4"] {
            assert!(bad.parse::<Space>().is_err(), "{bad}");
        }
        assert_eq!("g7".parse::<Space>().unwrap().to_string(), "g7");
    }
}
