//! The two boards Attangle is played on, behind one geometry: the rulebook's
//! 37-point hexagon (six directions) and the 8×8 square board of its variant
//! (eight directions).
//!
//! A point has an index (its layout cell id) and a name, a [`Spot`]: a letter
//! and a number, `e1` or `h8`. Names are read without knowing the board, so
//! notation and actions can be parsed on their own; a geometry then says
//! whether the name is one of its points.

use super::super::hex37::{self, Point};
use crate::layout::{Cell, Layout, Shape, white_and_black};
use serde::{Deserialize, Serialize};
use serde_with::{DeserializeFromStr, SerializeDisplay};
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

/// The most points a board has (8 × 8).
pub const MAX_POINTS: usize = 64;

/// The most directions a point has lines in.
pub const MAX_DIRECTIONS: usize = 8;

/// "No point" in the neighbour table.
const NONE: u8 = u8::MAX;

/// The name of a point: a letter (`a` = 0) and a number from 1.
///
/// On the hexagon the letter is the row (from White's side) and the number
/// counts from the left; on the square board the letter is the file and the
/// number the rank, as in chess. Names order by letter, then number, which is
/// the order Tactica writes the two origins of a capture in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, SerializeDisplay, DeserializeFromStr)]
pub struct Spot {
    letter: u8,
    number: u8,
}

impl Spot {
    /// The name with this letter index (0 = `a`) and number.
    pub const fn new(letter: u8, number: u8) -> Spot {
        Spot { letter, number }
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.letter) as char, self.number)
    }
}

impl fmt::Debug for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that is not the name of a point on any Attangle board.
#[derive(Debug, thiserror::Error)]
#[error("{0:?} is not a point name (a letter a to h and a number 1 to 8)")]
pub struct BadSpot(pub String);

impl FromStr for Spot {
    type Err = BadSpot;

    fn from_str(text: &str) -> Result<Spot, BadSpot> {
        let bad = || BadSpot(text.to_string());
        let mut chars = text.chars();
        let letter = chars.next().filter(|c| ('a'..='h').contains(c)).ok_or_else(bad)?;
        let digits = chars.as_str();
        if digits.len() != 1 || !digits.bytes().all(|b| (b'1'..=b'8').contains(&b)) {
            return Err(bad());
        }
        Ok(Spot { letter: letter as u8 - b'a', number: digits.as_bytes()[0] - b'0' })
    }
}

/// Which board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardKind {
    /// The rulebook's hexagon of 37 points.
    #[default]
    Hex,
    /// The variant's 8×8 square board.
    Square,
}

/// The fixed geometry of one board.
pub struct Geometry {
    /// How many points.
    pub points: usize,
    /// How many directions lines run in from a point.
    pub directions: usize,
    /// The point White may not take with the first placement (the hexagon's
    /// centre; the square board has no single centre).
    pub centre: Option<u8>,
    neighbours: [[u8; MAX_DIRECTIONS]; MAX_POINTS],
    spots: [Spot; MAX_POINTS],
    index_of: [[u8; 8]; 8],
    layout: Layout,
}

impl Geometry {
    /// The geometry of `kind`.
    pub fn of(kind: BoardKind) -> &'static Geometry {
        match kind {
            BoardKind::Hex => &HEX,
            BoardKind::Square => &SQUARE,
        }
    }

    /// The neighbour of `point` in direction `dir`.
    #[inline]
    pub fn step(&self, point: u8, dir: usize) -> Option<u8> {
        let next = self.neighbours[point as usize][dir];
        (next != NONE).then_some(next)
    }

    /// The name of `point`.
    #[inline]
    pub fn spot(&self, point: u8) -> Spot {
        self.spots[point as usize]
    }

    /// The point named `spot`, if the board has it.
    pub fn point(&self, spot: Spot) -> Option<u8> {
        let index = *self.index_of.get(spot.letter as usize)?.get(spot.number.checked_sub(1)? as usize)?;
        (index != NONE).then_some(index)
    }

    /// The board's layout for the client.
    pub fn layout(&self) -> Layout {
        self.layout.clone()
    }

    fn empty(points: usize, directions: usize) -> Geometry {
        Geometry {
            points,
            directions,
            centre: None,
            neighbours: [[NONE; MAX_DIRECTIONS]; MAX_POINTS],
            spots: [Spot::new(0, 0); MAX_POINTS],
            index_of: [[NONE; 8]; 8],
            layout: Layout {
                shape: Shape::Hex,
                rows: 0,
                cols: 0,
                cells: Vec::new(),
                zones: Vec::new(),
                seats: Vec::new(),
            },
        }
    }

    fn name(&mut self, point: usize, spot: Spot) {
        self.spots[point] = spot;
        self.index_of[spot.letter as usize][spot.number as usize - 1] = point as u8;
    }
}

static HEX: LazyLock<Geometry> = LazyLock::new(|| {
    let mut g = Geometry::empty(hex37::POINTS, hex37::DIRECTIONS.len());
    for p in Point::all() {
        g.name(p.index(), Spot::new(p.row(), p.number()));
        for dir in 0..g.directions {
            if let Some(next) = p.step(dir) {
                g.neighbours[p.index()][dir] = next.index() as u8;
            }
        }
    }
    g.centre = "d4".parse::<Point>().ok().map(|p| p.index() as u8);
    g.layout = hex37::layout(white_and_black(), Vec::new());
    g
});

/// The eight directions on the square board as (file, rank) steps.
const SQUARE_DIRECTIONS: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

static SQUARE: LazyLock<Geometry> = LazyLock::new(|| {
    let mut g = Geometry::empty(64, SQUARE_DIRECTIONS.len());
    let mut cells = Vec::with_capacity(64);
    // Point index = rank * 8 + file, so cells run a1, b1, ... h1, a2, ...
    for rank in 0..8i8 {
        for file in 0..8i8 {
            let index = (rank * 8 + file) as usize;
            g.name(index, Spot::new(file as u8, rank as u8 + 1));
            for (dir, (df, dr)) in SQUARE_DIRECTIONS.iter().enumerate() {
                let (f, r) = (file + df, rank + dr);
                if (0..8).contains(&f) && (0..8).contains(&r) {
                    g.neighbours[index][dir] = (r * 8 + f) as u8;
                }
            }
            cells.push(Cell { label: g.spots[index].to_string(), row: rank as u16, col: file as u16 });
        }
    }
    g.layout = Layout { shape: Shape::Squares, rows: 8, cols: 8, cells, zones: Vec::new(), seats: white_and_black() };
    g
});

#[cfg(test)]
mod tests {
    use super::*;

    fn spot(text: &str) -> Spot {
        text.parse().unwrap()
    }

    #[test]
    fn names_read_and_write_back_and_order_by_letter_then_number() {
        for text in ["a1", "d4", "g4", "h8"] {
            assert_eq!(spot(text).to_string(), text);
        }
        for bad in ["", "a", "a0", "a9", "i1", "A1", "a10", "1a", "a+"] {
            assert!(bad.parse::<Spot>().is_err(), "{bad}");
        }
        assert!(spot("a8") < spot("b1"));
        assert!(spot("c4") < spot("c5"));
    }

    #[test]
    fn the_hexagon_matches_the_shared_37_point_board() {
        let g = Geometry::of(BoardKind::Hex);
        assert_eq!(g.points, 37);
        assert_eq!(g.point(spot("d4")), g.centre);
        assert_eq!(g.point(spot("a5")), None);
        assert_eq!(g.point(spot("h1")), None);
        for p in Point::all() {
            let index = p.index() as u8;
            assert_eq!(g.spot(index).to_string(), p.to_string());
            assert_eq!(g.point(g.spot(index)), Some(index));
            assert_eq!(g.layout().cells[p.index()].label, p.to_string());
        }
    }

    #[test]
    fn the_square_board_has_eight_directions_and_chess_names() {
        let g = Geometry::of(BoardKind::Square);
        assert_eq!(g.points, 64);
        assert_eq!(g.centre, None);
        let d4 = g.point(spot("d4")).unwrap();
        let around: Vec<String> = (0..8).filter_map(|d| g.step(d4, d)).map(|p| g.spot(p).to_string()).collect();
        assert_eq!(around, ["e4", "e5", "d5", "c5", "c4", "c3", "d3", "e3"]);
        let a1 = g.point(spot("a1")).unwrap();
        assert_eq!((0..8).filter_map(|d| g.step(a1, d)).count(), 3);
        let layout = g.layout();
        assert_eq!(layout.shape, Shape::Squares);
        assert_eq!(layout.cells[d4 as usize].label, "d4");
        assert_eq!((layout.cells[d4 as usize].row, layout.cells[d4 as usize].col), (3, 3));
    }
}
