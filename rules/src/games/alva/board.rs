//! The 81 points of Alva's board: where the lines of a 9 × 9 grid cross.
//!
//! Pieces stand on the intersections. Columns are lettered `a` to `i` from
//! White's left and rows numbered `1` to `9` from White's side, so `a1` is
//! White's left corner and `e5` the centre. Internally a point is
//! `row * 9 + column`, 0 (`a1`) to 80 (`i9`). Lines run only along the rows
//! and columns: a point has up to four neighbours.

use crate::layout::{Cell, CellId, Layout, SeatStyle, Shape, Zone};
use serde_with::{DeserializeFromStr, SerializeDisplay};
use std::fmt;
use std::str::FromStr;

/// Points in a row or a column.
pub const SIDE: u8 = 9;

/// Number of points on the board.
pub const POINTS: usize = (SIDE as usize) * (SIDE as usize);

/// The four directions along the lines as (columns, rows): towards Black,
/// right, towards White, left.
pub const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// A point of the board. Its text and JSON form is its name, such as "e5".
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, SerializeDisplay, DeserializeFromStr)]
pub struct Point(u8);

impl Point {
    /// The point with this index (0 = a1, 80 = i9).
    pub fn from_index(index: usize) -> Option<Point> {
        (index < POINTS).then_some(Point(index as u8))
    }

    /// The point in `column` and `row`, both counted from 0.
    pub fn at(column: u8, row: u8) -> Option<Point> {
        (column < SIDE && row < SIDE).then_some(Point(row * SIDE + column))
    }

    /// Every point, a1 first, then along row 1 to i1, then row 2 and so on.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS as u8).map(Point)
    }

    /// The point's index, 0 to 80.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column, 0 for `a` to 8 for `i`.
    pub const fn column(self) -> u8 {
        self.0 % SIDE
    }

    /// The row, 0 for `1` to 8 for `9`.
    pub const fn row(self) -> u8 {
        self.0 / SIDE
    }

    /// Whether the point lies on the outer line of the board (the rulebook's
    /// "space which touches the edge of the board").
    pub const fn is_edge(self) -> bool {
        let (c, r) = (self.column(), self.row());
        c == 0 || r == 0 || c == SIDE - 1 || r == SIDE - 1
    }

    /// The next point in direction `dir` (an index into [`DIRECTIONS`]).
    #[inline]
    pub fn step(self, dir: usize) -> Option<Point> {
        let (dc, dr) = DIRECTIONS[dir];
        let column = self.column().checked_add_signed(dc)?;
        let row = self.row().checked_add_signed(dr)?;
        Point::at(column, row)
    }

    /// The points next to this one along the lines.
    pub fn neighbours(self) -> impl Iterator<Item = Point> {
        (0..DIRECTIONS.len()).filter_map(move |d| self.step(d))
    }

    /// The direction from this point to `other` if both lie on one line.
    pub fn direction_to(self, other: Point) -> Option<usize> {
        let dc = i16::from(other.column()) - i16::from(self.column());
        let dr = i16::from(other.row()) - i16::from(self.row());
        if (dc == 0) == (dr == 0) {
            return None;
        }
        DIRECTIONS.iter().position(|(c, r)| i16::from(*c) == dc.signum() && i16::from(*r) == dr.signum())
    }

    /// The layout cell id of this point.
    pub const fn cell(self) -> CellId {
        self.0 as CellId
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.row() + 1)
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that names no point of the board.
#[derive(Debug, thiserror::Error)]
#[error("{0:?} is not a point of the board (a1 to i9)")]
pub struct BadPoint(pub String);

impl FromStr for Point {
    type Err = BadPoint;

    fn from_str(s: &str) -> Result<Point, BadPoint> {
        let bad = || BadPoint(s.to_string());
        let &[letter, digit] = s.as_bytes() else { return Err(bad()) };
        if !(b'a'..=b'i').contains(&letter) || !(b'1'..=b'9').contains(&digit) {
            return Err(bad());
        }
        Point::at(letter - b'a', digit - b'1').ok_or_else(bad)
    }
}

/// The board's layout for the client: the edge points form one zone, since
/// pieces standing there score for the opponent at the end.
pub fn layout(seats: Vec<SeatStyle>) -> Layout {
    let cells = Point::all()
        .map(|p| Cell { label: p.to_string(), row: u16::from(p.row()), col: u16::from(p.column()) })
        .collect();
    let edge = Zone {
        name: "edge points (a piece here scores for the opponent)".into(),
        owner: None,
        cells: Point::all().filter(|p| p.is_edge()).map(Point::cell).collect(),
    };
    Layout {
        shape: Shape::Intersections,
        rows: u16::from(SIDE),
        cols: u16::from(SIDE),
        cells,
        zones: vec![edge],
        seats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn names_run_a1_to_i9() {
        assert_eq!(Point::all().count(), 81);
        assert_eq!(p("a1").index(), 0);
        assert_eq!(p("i1").index(), 8);
        assert_eq!(p("a2").index(), 9);
        assert_eq!(p("i9").index(), 80);
        for bad in ["j1", "a0", "a10", "e", "", "A1", "e55"] {
            assert!(bad.parse::<Point>().is_err(), "{bad}");
        }
        for point in Point::all() {
            assert_eq!(point.to_string().parse::<Point>().unwrap(), point);
        }
    }

    #[test]
    fn neighbours_lie_along_the_lines_only() {
        let names = |s: &str| {
            let mut v: Vec<String> = p(s).neighbours().map(|n| n.to_string()).collect();
            v.sort();
            v
        };
        assert_eq!(names("e5"), ["d5", "e4", "e6", "f5"]);
        assert_eq!(names("a1"), ["a2", "b1"]);
        assert_eq!(names("i5"), ["h5", "i4", "i6"]);
    }

    #[test]
    fn the_edge_is_the_outer_line_of_32_points() {
        assert_eq!(Point::all().filter(|p| p.is_edge()).count(), 32);
        assert!(p("a5").is_edge() && p("e9").is_edge() && p("i1").is_edge());
        assert!(!p("b2").is_edge() && !p("h8").is_edge());
    }

    #[test]
    fn directions_between_points_on_a_line() {
        assert_eq!(p("c3").direction_to(p("c7")), Some(0));
        assert_eq!(p("c3").direction_to(p("a3")), Some(3));
        assert_eq!(p("c3").direction_to(p("d4")), None);
        assert_eq!(p("c3").direction_to(p("c3")), None);
    }
}
