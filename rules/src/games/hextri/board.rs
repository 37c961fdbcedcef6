//! The Hex-Tri board as the rules use it: which cells are counties
//! (hexagons) and which are roads (triangles), which touch which, the
//! production number of each county and the entry roads at the edge. The
//! geometry and drawing are the trihexagonal board of
//! [`gallery::trihex`](crate::layout::gallery::trihex) (design §2.3): radius
//! 2 for two and three players, radius 3 ("some additional fields") for six.
//!
//! Cell ids follow the layout: the counties `h1`, `h2`, … from the centre
//! out, then the roads `t1`, `t2`, …, then one reserve per seat (`R1`, …)
//! where figures wait off the board.

use crate::board::Cell;
use crate::layout::gallery::trihex::{self, Field};
use crate::layout::{CellId, Layout};
use std::collections::HashMap;
use std::sync::OnceLock;

/// One board: its counties and roads and what touches what.
#[derive(Debug)]
pub struct Board {
    /// Rings of counties around the centre.
    pub radius: i32,
    /// How many counties; they are cells `0..hexes`.
    pub hexes: usize,
    /// How many counties and roads; roads are cells `hexes..cells`.
    pub cells: usize,
    /// Per cell, the fields around it: a county's six roads, a road's one
    /// to three counties on the board.
    pub around: Vec<Vec<CellId>>,
    /// Per county, the most points it produces (its printed number, 1 if none).
    pub production: Vec<u8>,
    /// Per cell, whether it is an entry road (touching one county).
    pub entry: Vec<bool>,
    /// Per cell, its name.
    pub names: Vec<Cell>,
    ids: HashMap<Cell, CellId>,
}

impl Board {
    /// The board of `radius` (2 or 3), built once.
    pub fn of(radius: i32) -> &'static Board {
        static SMALL: OnceLock<Board> = OnceLock::new();
        static LARGE: OnceLock<Board> = OnceLock::new();
        match radius {
            2 => SMALL.get_or_init(|| Board::build(2)),
            _ => LARGE.get_or_init(|| Board::build(3)),
        }
    }

    fn build(radius: i32) -> Board {
        let fields = trihex::fields(radius);
        let on_board = |(q, r): (i32, i32)| trihex::ring(q, r) <= radius;
        let hexes = fields.iter().filter(|f| matches!(f, Field::Hexagon(..))).count();
        let hex_id: HashMap<(i32, i32), CellId> = fields
            .iter()
            .enumerate()
            .filter_map(|(id, f)| match f {
                Field::Hexagon(q, r) => Some(((*q, *r), id as CellId)),
                Field::Triangle(..) => None,
            })
            .collect();
        let mut around = vec![Vec::new(); fields.len()];
        let mut entry = vec![false; fields.len()];
        for (id, field) in fields.iter().enumerate() {
            if let Field::Triangle(..) = field {
                let touching: Vec<CellId> =
                    field.hexagons().into_iter().filter(|h| on_board(*h)).map(|h| hex_id[&h]).collect();
                entry[id] = touching.len() == 1;
                for hex in &touching {
                    around[usize::from(*hex)].push(id as CellId);
                }
                around[id] = touching;
            }
        }
        let mut production = Vec::new();
        for field in &fields[..hexes] {
            if let Field::Hexagon(q, r) = *field {
                production.push(trihex::production(q, r));
            }
        }
        let names: Vec<Cell> = (0..fields.len())
            .map(|id| {
                if id < hexes {
                    Cell::lettered("h", id as u16 + 1).expect("a name")
                } else {
                    Cell::lettered("t", (id - hexes) as u16 + 1).expect("a name")
                }
            })
            .collect();
        let ids = names.iter().enumerate().map(|(id, name)| (*name, id as CellId)).collect();
        Board { radius, hexes, cells: fields.len(), around, production, entry, names, ids }
    }

    /// Whether a cell is a county.
    pub fn is_hex(&self, cell: CellId) -> bool {
        usize::from(cell) < self.hexes
    }

    /// The cell with this name, if the board has it.
    pub fn id(&self, name: Cell) -> Option<CellId> {
        self.ids.get(&name).copied()
    }

    /// The name of a cell.
    pub fn name(&self, cell: CellId) -> Cell {
        self.names[usize::from(cell)]
    }

    /// The cell where `seat`'s figures wait off the board.
    pub fn reserve(&self, seat: usize) -> CellId {
        (self.cells + seat) as CellId
    }

    /// The drawing, for `seats` players.
    pub fn layout(&self, seats: usize) -> Layout {
        trihex::layout(self.radius, seats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_boards_have_the_sizes_of_the_design() {
        // Design §2.3: radius 2 has 19 hexes and 54 triangles (18 entry),
        // radius 3 has 37 and 96 (24 entry).
        for (radius, hexes, triangles, entries) in [(2, 19, 54, 18), (3, 37, 96, 24)] {
            let board = Board::of(radius);
            assert_eq!(board.hexes, hexes);
            assert_eq!(board.cells - board.hexes, triangles);
            assert_eq!(board.entry.iter().filter(|e| **e).count(), entries);
            assert!((0..board.hexes).all(|h| board.around[h].len() == 6), "every county has six roads");
            for t in board.hexes..board.cells {
                assert!((1..=3).contains(&board.around[t].len()));
                for h in &board.around[t] {
                    assert!(board.around[usize::from(*h)].contains(&(t as CellId)), "touching is mutual");
                }
            }
            let layout = board.layout(2);
            assert_eq!(layout.cells.len(), board.cells + 2, "the cells and a reserve per seat");
            for id in 0..board.cells {
                assert_eq!(layout.cells[id].label, board.names[id].to_string());
            }
            assert_eq!(board.production[0], 3, "the centre");
            assert_eq!(board.production.iter().map(|p| u32::from(*p)).sum::<u32>(), 3 + 12 + (hexes as u32 - 7));
        }
    }
}
