//! The two boards Attangle is played on, on the shared geometry: the
//! rulebook's 37-point hexagon (six directions) and the 8×8 square board of
//! its variant (eight directions). A point is known by its index, a `u8`
//! that is also its layout cell id, and by its [`Cell`] name (`e1`, `h8`).

use crate::board::{Cell, Drawn, Geometry, Lines};
use crate::games::two_seats::white_and_black;
use crate::layout::Layout;
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// The most points a board has (8 × 8).
pub const MAX_POINTS: usize = 64;

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

/// One board: its geometry and the point White may not take first.
#[derive(Debug)]
pub struct Board {
    geometry: Geometry,
    /// How many points.
    pub points: usize,
    /// How many directions lines run in from a point.
    pub directions: usize,
    /// The point White may not take with the first placement (the hexagon's
    /// centre; the square board has no single centre).
    pub centre: Option<u8>,
}

static HEX: LazyLock<Board> = LazyLock::new(|| {
    let geometry = Geometry::hexagon(4);
    let centre = geometry.id(Cell::at(3, 4)).map(|id| id as u8);
    Board::on(geometry, centre)
});

static SQUARE: LazyLock<Board> =
    LazyLock::new(|| Board::on(Geometry::grid(8, 8, Lines::WithDiagonals, Drawn::Squares), None));

impl Board {
    fn on(geometry: Geometry, centre: Option<u8>) -> Board {
        Board { points: geometry.len(), directions: geometry.directions(), centre, geometry }
    }

    /// The board of `kind`.
    pub fn of(kind: BoardKind) -> &'static Board {
        match kind {
            BoardKind::Hex => &HEX,
            BoardKind::Square => &SQUARE,
        }
    }

    /// The neighbour of `point` in direction `dir`.
    #[inline]
    pub fn step(&self, point: u8, dir: usize) -> Option<u8> {
        self.geometry.step(u16::from(point), dir).map(|id| id as u8)
    }

    /// The name of `point`.
    #[inline]
    pub fn spot(&self, point: u8) -> Cell {
        self.geometry.name(u16::from(point))
    }

    /// The point named `cell`, if the board has it.
    pub fn point(&self, cell: Cell) -> Option<u8> {
        self.geometry.id(cell).map(|id| id as u8)
    }

    /// The board's layout for the client.
    pub fn layout(&self) -> Layout {
        self.geometry.layout().clone().with_seats(white_and_black())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spot(text: &str) -> Cell {
        text.parse().unwrap()
    }

    #[test]
    fn the_hexagon_has_its_centre_and_no_point_off_the_board() {
        let g = Board::of(BoardKind::Hex);
        assert_eq!(g.points, 37);
        assert_eq!(g.point(spot("d4")), g.centre);
        assert_eq!(g.point(spot("a5")), None);
        assert_eq!(g.point(spot("h1")), None);
    }

    #[test]
    fn the_square_board_has_eight_directions_and_chess_names() {
        let g = Board::of(BoardKind::Square);
        assert_eq!((g.points, g.directions), (64, 8));
        assert_eq!(g.centre, None);
        let d4 = g.point(spot("d4")).unwrap();
        let mut around: Vec<String> = (0..8).filter_map(|d| g.step(d4, d)).map(|p| g.spot(p).to_string()).collect();
        around.sort();
        assert_eq!(around, ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]);
        let a1 = g.point(spot("a1")).unwrap();
        assert_eq!((0..8).filter_map(|d| g.step(a1, d)).count(), 3);
        assert_eq!(g.layout().cells[d4 as usize].label, "d4");
    }
}
