//! The 37-point hexagonal board of Dieter Stein's stacking games (Accasta,
//! Abande, Attangle).
//!
//! Rows run horizontally and are lettered `a` to `g` from White's side, with
//! 4, 5, 6, 7, 6, 5, 4 points numbered from 1 at the left, so the centre is
//! `d4`. Internally a point is a number from 0 (`a1`) to 36 (`g4`) in reading
//! order. Geometry uses "doubled" coordinates: a point's `x` is even in rows
//! `a`, `c`, `e`, `g` and odd in the others, neighbours in a row are 2 apart,
//! and the six directions are (±2, 0) and (±1, ±1).

use crate::layout::{Cell, CellId, Layout, SeatStyle, Shape, Zone};
use serde_with::{DeserializeFromStr, SerializeDisplay};
use std::fmt;
use std::str::FromStr;

/// Number of points on the board.
pub const POINTS: usize = 37;

/// Points per row, from row `a`.
pub const ROW_LEN: [u8; 7] = [4, 5, 6, 7, 6, 5, 4];

const ROW_START: [u8; 7] = [0, 4, 9, 15, 22, 28, 33];

/// The six directions as (dx, drow) in doubled coordinates: east, north-east,
/// north-west, west, south-west, south-east ("north" is away from White).
pub const DIRECTIONS: [(i8, i8); 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];

const NONE: u8 = u8::MAX;

/// A point of the board. Its text and JSON form is its name, such as "c4".
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, SerializeDisplay, DeserializeFromStr)]
pub struct Point(u8);

const fn row_of(index: u8) -> u8 {
    let mut row = 6;
    while ROW_START[row as usize] > index {
        row -= 1;
    }
    row
}

const fn x_of(index: u8) -> i8 {
    let row = row_of(index);
    let i = (index - ROW_START[row as usize]) as i8;
    2 * i - (ROW_LEN[row as usize] as i8 - 1)
}

const fn index_at(row: i8, x: i8) -> u8 {
    if row < 0 || row > 6 {
        return NONE;
    }
    let len = ROW_LEN[row as usize] as i8;
    let doubled = x + len - 1;
    if doubled < 0 || doubled % 2 != 0 || doubled / 2 >= len {
        return NONE;
    }
    ROW_START[row as usize] + (doubled / 2) as u8
}

const fn build_neighbours() -> [[u8; 6]; POINTS] {
    let mut table = [[NONE; 6]; POINTS];
    let mut p = 0;
    while p < POINTS {
        let row = row_of(p as u8) as i8;
        let x = x_of(p as u8);
        let mut d = 0;
        while d < 6 {
            table[p][d] = index_at(row + DIRECTIONS[d].1, x + DIRECTIONS[d].0);
            d += 1;
        }
        p += 1;
    }
    table
}

static NEIGHBOURS: [[u8; 6]; POINTS] = build_neighbours();

impl Point {
    /// The point with this index (0 = a1, 36 = g4).
    pub fn from_index(index: usize) -> Option<Point> {
        (index < POINTS).then_some(Point(index as u8))
    }

    /// Every point, a1 first.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS as u8).map(Point)
    }

    /// The point's index, 0 to 36.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row, 0 for `a` to 6 for `g`.
    pub const fn row(self) -> u8 {
        row_of(self.0)
    }

    /// The point's number within its row, from 1.
    pub const fn number(self) -> u8 {
        self.0 - ROW_START[self.row() as usize] + 1
    }

    /// The neighbour in direction `dir` (an index into [`DIRECTIONS`]).
    #[inline]
    pub fn step(self, dir: usize) -> Option<Point> {
        let next = NEIGHBOURS[self.index()][dir];
        (next != NONE).then_some(Point(next))
    }

    /// The neighbours of this point.
    pub fn neighbours(self) -> impl Iterator<Item = Point> {
        (0..6).filter_map(move |d| self.step(d))
    }

    /// The layout cell id of this point.
    pub const fn cell(self) -> CellId {
        self.0 as CellId
    }

    /// The point of a layout cell id.
    pub fn from_cell(cell: CellId) -> Option<Point> {
        Point::from_index(cell as usize)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.row()) as char, self.number())
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that names no point of the board.
#[derive(Debug, thiserror::Error)]
#[error("{0:?} is not a point of the board (a1 to g4)")]
pub struct BadPoint(pub String);

impl FromStr for Point {
    type Err = BadPoint;

    fn from_str(s: &str) -> Result<Point, BadPoint> {
        let bad = || BadPoint(s.to_string());
        let mut chars = s.chars();
        let row = chars.next().ok_or_else(bad)?;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let number: u8 = digits.parse().map_err(|_| bad())?;
        if !('a'..='g').contains(&row) {
            return Err(bad());
        }
        let row = row as usize - 'a' as usize;
        if number == 0 || number > ROW_LEN[row] {
            return Err(bad());
        }
        Ok(Point(ROW_START[row] + number - 1))
    }
}

/// The points of the rows `from..=to` (0 = `a`).
pub fn rows(from: u8, to: u8) -> impl Iterator<Item = Point> {
    Point::all().filter(move |p| (from..=to).contains(&p.row()))
}

/// The board's layout for the client, with the given seat styles and zones.
pub fn layout(seats: Vec<SeatStyle>, zones: Vec<Zone>) -> Layout {
    let cells =
        Point::all().map(|p| Cell { label: p.to_string(), row: p.row() as u16, col: (x_of(p.0) + 6) as u16 }).collect();
    Layout { shape: Shape::Hex, rows: 7, cols: 13, cells, zones, seats }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn names_follow_the_rulebook_coordinates() {
        assert_eq!(Point::all().count(), 37);
        assert_eq!(p("a1").index(), 0);
        assert_eq!(p("d4").to_string(), "d4");
        assert_eq!(p("g4").index(), 36);
        assert!("a5".parse::<Point>().is_err());
        assert!("d8".parse::<Point>().is_err());
        assert!("h1".parse::<Point>().is_err());
        for point in Point::all() {
            assert_eq!(point.to_string().parse::<Point>().unwrap(), point);
        }
    }

    #[test]
    fn neighbours_are_the_six_adjacent_points() {
        let names = |s: &str| {
            let mut v: Vec<String> = p(s).neighbours().map(|n| n.to_string()).collect();
            v.sort();
            v
        };
        assert_eq!(names("d4"), ["c3", "c4", "d3", "d5", "e3", "e4"]);
        assert_eq!(names("a1"), ["a2", "b1", "b2"]);
        assert_eq!(names("b4"), ["a3", "a4", "b3", "b5", "c4", "c5"]);
        assert_eq!(names("g4"), ["f4", "f5", "g3"]);
        // Neighbourhood is symmetric.
        for a in Point::all() {
            for b in a.neighbours() {
                assert!(b.neighbours().any(|c| c == a));
            }
        }
    }

    #[test]
    fn lines_run_straight_across_the_middle_row() {
        // From a1 north-east: a1 b2 c3 d4 e4 f4 g4.
        let mut line = vec![p("a1")];
        while let Some(next) = line.last().unwrap().step(1) {
            line.push(next);
        }
        let names: Vec<String> = line.iter().map(Point::to_string).collect();
        assert_eq!(names, ["a1", "b2", "c3", "d4", "e4", "f4", "g4"]);
    }
}
