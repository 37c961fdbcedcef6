//! The 81 points of Alva's board, on the shared geometry: where the lines of
//! a 9 × 9 grid cross. Columns are lettered `a` to `i` from White's left and
//! rows numbered `1` to `9` from White's side, so `a1` is White's left corner
//! and `e5` the centre. Lines run only along the rows and columns: a point
//! has up to four neighbours, in the directions north (towards Black), east,
//! south, west.

use crate::board::{Drawn, Geometry, Lines};
use crate::layout::{Area, AreaStyle, CellId, Layout, SeatStyle};
use std::sync::LazyLock;

/// Points in a row or a column.
pub const SIDE: u8 = 9;

/// Number of points on the board.
pub const POINTS: usize = (SIDE as usize) * (SIDE as usize);

/// The board.
pub static BOARD: LazyLock<Geometry> = LazyLock::new(|| Geometry::grid(SIDE, SIDE, Lines::Orthogonal, Drawn::Points));

/// Whether the point lies on the outer line of the board (the rulebook's
/// "space which touches the edge of the board").
pub fn is_edge(id: CellId) -> bool {
    let (column, row) = (id % u16::from(SIDE), id / u16::from(SIDE));
    column == 0 || row == 0 || column == u16::from(SIDE) - 1 || row == u16::from(SIDE) - 1
}

/// The edge band's colour: the board's wood, a shade darker.
const EDGE_BAND: &str = "#d8c39a";

/// The board's layout for the client: the edge points lie on a darker band,
/// since pieces standing there score for the opponent at the end.
pub fn layout(seats: Vec<SeatStyle>) -> Layout {
    BOARD.layout().clone().with_seats(seats).with_area(Area {
        name: "edge points (a piece here scores for the opponent)".into(),
        owner: None,
        cells: BOARD.ids().filter(|id| is_edge(*id)).collect(),
        style: AreaStyle::Tint(Some(EDGE_BAND.into())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(name: &str) -> CellId {
        BOARD.id(name.parse().unwrap()).unwrap()
    }

    #[test]
    fn names_run_a1_to_i9_and_lines_run_along_rows_and_columns() {
        assert_eq!(BOARD.len(), 81);
        assert_eq!((id("a1"), id("i1"), id("a2"), id("i9")), (0, 8, 9, 80));
        let names = |s: &str| {
            let mut v: Vec<String> = BOARD.neighbours(id(s)).map(|n| BOARD.name(n).to_string()).collect();
            v.sort();
            v
        };
        assert_eq!(names("e5"), ["d5", "e4", "e6", "f5"]);
        assert_eq!(names("a1"), ["a2", "b1"]);
        assert_eq!(BOARD.line_to(id("c3"), id("c7")), Some((0, 4)));
        assert_eq!(BOARD.line_to(id("c3"), id("a3")).map(|l| l.0), Some(3));
        assert_eq!(BOARD.line_to(id("c3"), id("d4")), None);
    }

    #[test]
    fn the_edge_is_the_outer_line_of_32_points() {
        assert_eq!(BOARD.ids().filter(|p| is_edge(*p)).count(), 32);
        assert!(is_edge(id("a5")) && is_edge(id("e9")) && is_edge(id("i1")));
        assert!(!is_edge(id("b2")) && !is_edge(id("h8")));
    }
}
