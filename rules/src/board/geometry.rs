//! The shared geometry of the boards games are played on: which cells a
//! board has, what each is called, which lie next to which along the board's
//! lines, and how the board is drawn.
//!
//! Two families cover the games so far:
//!
//! - [`Geometry::hexagon`]: a hexagon of points in horizontal rows, lettered
//!   `a` upwards and numbered from 1 at the left (Dieter Stein's 37-point
//!   board is the hexagon of side 4). Six directions, in this order: east,
//!   north-east, north-west, west, south-west, south-east ("north" is away
//!   from seat 0); direction `d` and `(d + 3) % 6` are opposite.
//! - [`Geometry::grid`]: a rectangle of squares or of points where lines
//!   cross, files lettered `a` from seat 0's left and ranks numbered from 1
//!   on seat 0's side. Four directions (north, east, south, west; opposite
//!   `(d + 2) % 4`) or eight (north, north-east, east, south-east, south,
//!   south-west, west, north-west; opposite `(d + 4) % 8`).
//!
//! A cell is known by its [`CellId`], its index in the board's list (and in
//! its [`Layout`]), which games use to index their arrays, and by its
//! [`Cell`] name, which actions and notation use.

use super::cell::Cell;
use crate::layout::{CellId, CellLayout, Edge, EdgeKind, Label, Layout, Shape, Tone};
use std::collections::HashMap;

/// The most directions a board has lines in.
pub const MAX_DIRECTIONS: usize = 8;

/// "No cell" in a neighbour table.
const NONE: CellId = CellId::MAX;

/// How far apart neighbouring rows of a hexagon of points are drawn.
const HEX_ROW: f32 = 0.866_025_4;

/// What lies along a grid's lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lines {
    /// Ranks and files only: four directions.
    Orthogonal,
    /// Diagonals too: eight directions.
    WithDiagonals,
}

/// How a grid is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    /// As squares, chequered light and dark.
    Squares,
    /// As points where lines cross.
    Points,
}

/// One board: its cells, their names and neighbours, and its drawing.
#[derive(Debug)]
pub struct Geometry {
    names: Vec<Cell>,
    /// Each cell's id by its name. Only ever looked up, never walked, so a
    /// fast hasher with a fixed seed cannot change a result.
    ids: HashMap<Cell, CellId, foldhash::fast::FixedState>,
    neighbours: Vec<[CellId; MAX_DIRECTIONS]>,
    directions: usize,
    layout: Layout,
}

impl Geometry {
    /// A board from its parts: the cells' names and neighbours by direction
    /// (`None` off the board), and its drawing, whose cells must be the same
    /// cells in the same order.
    pub fn from_parts(names: Vec<Cell>, neighbours: Vec<Vec<Option<CellId>>>, layout: Layout) -> Geometry {
        assert_eq!(names.len(), layout.cells.len(), "one drawn cell per cell");
        let directions = neighbours.first().map_or(0, Vec::len);
        assert!(directions <= MAX_DIRECTIONS);
        let neighbours = neighbours
            .into_iter()
            .map(|steps| {
                let mut row = [NONE; MAX_DIRECTIONS];
                for (d, step) in steps.into_iter().enumerate() {
                    row[d] = step.unwrap_or(NONE);
                }
                row
            })
            .collect();
        let ids = names.iter().enumerate().map(|(id, name)| (*name, id as CellId)).collect();
        Geometry { names, ids, neighbours, directions, layout }
    }

    /// The hexagon of points of side `side` (rows of `side` to `2 side - 1`
    /// points), with lines between neighbours.
    pub fn hexagon(side: u8) -> Geometry {
        let rows = 2 * side - 1;
        let len = |row: u8| side + row.min(rows - 1 - row);
        // Doubled x: neighbours in a row are 2 apart, the next row is offset by 1.
        let mut cells = Vec::new();
        for row in 0..rows {
            for i in 0..len(row) {
                let x = 2 * i as i16 - (len(row) as i16 - 1);
                cells.push((row, i, x));
            }
        }
        let index: HashMap<(i16, i16), CellId> =
            cells.iter().enumerate().map(|(id, (row, _, x))| ((i16::from(*row), *x), id as CellId)).collect();
        const STEPS: [(i16, i16); 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];
        let neighbours = cells
            .iter()
            .map(|(row, _, x)| {
                STEPS.iter().map(|(dx, dr)| index.get(&(i16::from(*row) + dr, x + dx)).copied()).collect()
            })
            .collect();
        let names: Vec<Cell> = cells.iter().map(|(row, i, _)| Cell::at(*row, u16::from(*i) + 1)).collect();
        let width = f32::from(rows - 1) / 2.0;
        let drawn = cells
            .iter()
            .zip(&names)
            .map(|((row, _, x), name)| CellLayout {
                label: name.to_string(),
                shape: Shape::Point([f32::from(*x) / 2.0 + width, f32::from(rows - 1 - row) * HEX_ROW]),
                tone: Tone::Plain,
                caption: None,
                off_board: false,
            })
            .collect();
        let mut layout = Layout {
            cells: drawn,
            backdrop: Vec::new(),
            edges: Vec::new(),
            areas: Vec::new(),
            labels: Vec::new(),
            seats: Vec::new(),
            kinds: Vec::new(),
        };
        // Each row's letter at both of its ends.
        for row in 0..rows {
            let y = f32::from(rows - 1 - row) * HEX_ROW;
            let reach = f32::from(len(row) - 1) / 2.0 + 0.75;
            let letter = Cell::at(row, 1).letters().to_string();
            for x in [width - reach, width + reach] {
                layout.labels.push(Label { text: letter.clone(), at: [x, y] });
            }
        }
        let mut geometry = Geometry::from_parts(names, neighbours, layout);
        geometry.layout.edges = geometry.links();
        geometry
    }

    /// A grid of `files` × `ranks`, drawn as squares or points, with
    /// coordinates along all four sides.
    pub fn grid(files: u8, ranks: u8, lines: Lines, drawn: Drawn) -> Geometry {
        let steps: &[(i16, i16)] = match lines {
            Lines::Orthogonal => &[(0, 1), (1, 0), (0, -1), (-1, 0)],
            Lines::WithDiagonals => &[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)],
        };
        let (w, h) = (i16::from(files), i16::from(ranks));
        let id = |file: i16, rank: i16| {
            ((0..w).contains(&file) && (0..h).contains(&rank)).then(|| (rank * w + file) as CellId)
        };
        let mut names = Vec::new();
        let mut neighbours = Vec::new();
        let mut cells = Vec::new();
        for rank in 0..h {
            for file in 0..w {
                let name = Cell::at(file as u8, rank as u16 + 1);
                names.push(name);
                neighbours.push(steps.iter().map(|(df, dr)| id(file + df, rank + dr)).collect());
                let (x, y) = (f32::from(file as u8) + 0.5, f32::from(ranks - 1 - rank as u8) + 0.5);
                let (shape, tone) = match drawn {
                    Drawn::Squares => {
                        let tone = if (file + rank) % 2 == 0 { Tone::Dark } else { Tone::Light };
                        (Shape::Square([x, y, 1.0]), tone)
                    }
                    Drawn::Points => (Shape::Point([x, y]), Tone::Plain),
                };
                cells.push(CellLayout { label: name.to_string(), shape, tone, caption: None, off_board: false });
            }
        }
        let layout = Layout {
            cells,
            backdrop: Vec::new(),
            edges: Vec::new(),
            areas: Vec::new(),
            labels: grid_coordinates(files, ranks, 0.0),
            seats: Vec::new(),
            kinds: Vec::new(),
        };
        let mut geometry = Geometry::from_parts(names, neighbours, layout);
        if drawn == Drawn::Points {
            geometry.layout.edges = geometry.links();
        }
        geometry
    }

    /// A line between every two neighbouring cells, each pair once.
    fn links(&self) -> Vec<Edge> {
        let mut edges = Vec::new();
        for (a, steps) in self.neighbours.iter().enumerate() {
            for b in steps[..self.directions].iter().copied().filter(|b| *b != NONE && usize::from(*b) > a) {
                edges.push(Edge(a as CellId, b, EdgeKind::Link));
            }
        }
        edges
    }

    /// How many cells the board has.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the board has no cells.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Every cell id, in order.
    pub fn ids(&self) -> impl Iterator<Item = CellId> + '_ {
        0..self.names.len() as CellId
    }

    /// How many directions lines run in from a cell.
    pub fn directions(&self) -> usize {
        self.directions
    }

    /// The name of a cell.
    #[inline]
    pub fn name(&self, id: CellId) -> Cell {
        self.names[usize::from(id)]
    }

    /// The cell with this name, if the board has it.
    #[inline]
    pub fn id(&self, cell: Cell) -> Option<CellId> {
        self.ids.get(&cell).copied()
    }

    /// The neighbour of `id` in direction `dir`, if any.
    #[inline]
    pub fn step(&self, id: CellId, dir: usize) -> Option<CellId> {
        let next = self.neighbours[usize::from(id)][dir];
        (next != NONE).then_some(next)
    }

    /// The neighbours of `id`.
    pub fn neighbours(&self, id: CellId) -> impl Iterator<Item = CellId> + '_ {
        (0..self.directions).filter_map(move |d| self.step(id, d))
    }

    /// The direction in which `to` lies on a straight line from `from`, and
    /// how many steps away, if it does.
    pub fn line_to(&self, from: CellId, to: CellId) -> Option<(usize, usize)> {
        (0..self.directions).find_map(|dir| {
            let mut at = from;
            let mut steps = 0;
            while let Some(next) = self.step(at, dir) {
                steps += 1;
                if next == to {
                    return Some((dir, steps));
                }
                at = next;
            }
            None
        })
    }

    /// The board's drawing (without seats: each game adds its own).
    pub fn layout(&self) -> &Layout {
        &self.layout
    }
}

/// Coordinates around a grid of `files` × `ranks` one-unit cells whose
/// corner is at the origin: files `a`, `b`, … above and below, ranks 1, 2, …
/// left and right, `gap` units further out than the usual half unit.
pub fn grid_coordinates(files: u8, ranks: u8, gap: f32) -> Vec<Label> {
    let out = 0.45 + gap;
    let (w, h) = (f32::from(files), f32::from(ranks));
    let mut labels = Vec::new();
    for file in 0..files {
        let text = Cell::at(file, 1).letters().to_string();
        let x = f32::from(file) + 0.5;
        labels.push(Label { text: text.clone(), at: [x, h + out] });
        labels.push(Label { text, at: [x, -out] });
    }
    for rank in 0..ranks {
        let y = f32::from(ranks - 1 - rank) + 0.5;
        let text = (rank + 1).to_string();
        labels.push(Label { text: text.clone(), at: [-out, y] });
        labels.push(Label { text, at: [w + out, y] });
    }
    labels
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(geometry: &Geometry, cell: &str) -> Vec<String> {
        let id = geometry.id(cell.parse().unwrap()).unwrap();
        let mut names: Vec<String> = geometry.neighbours(id).map(|n| geometry.name(n).to_string()).collect();
        names.sort();
        names
    }

    #[test]
    fn the_hexagon_of_side_four_has_the_37_points_of_the_stein_games() {
        let hex = Geometry::hexagon(4);
        assert_eq!(hex.len(), 37);
        assert_eq!(hex.name(0).to_string(), "a1");
        assert_eq!(hex.name(36).to_string(), "g4");
        assert_eq!(names(&hex, "d4"), ["c3", "c4", "d3", "d5", "e3", "e4"]);
        assert_eq!(names(&hex, "a1"), ["a2", "b1", "b2"]);
        assert_eq!(names(&hex, "g4"), ["f4", "f5", "g3"]);
        assert!(hex.id("a5".parse().unwrap()).is_none());
        // a1 north-east runs through the centre to g4.
        let mut line = vec![0];
        while let Some(next) = hex.step(*line.last().unwrap(), 1) {
            line.push(next);
        }
        let line: Vec<String> = line.iter().map(|id| hex.name(*id).to_string()).collect();
        assert_eq!(line, ["a1", "b2", "c3", "d4", "e4", "f4", "g4"]);
        for dir in 0..6 {
            for id in hex.ids() {
                if let Some(next) = hex.step(id, dir) {
                    assert_eq!(hex.step(next, (dir + 3) % 6), Some(id), "opposite directions");
                }
            }
        }
        assert_eq!(hex.layout().edges.len(), 90, "90 lines between neighbours");
        assert_eq!(hex.line_to(0, 36), Some((1, 6)));
    }

    #[test]
    fn grids_name_files_and_ranks_and_connect_along_their_lines() {
        let squares = Geometry::grid(8, 8, Lines::Orthogonal, Drawn::Squares);
        assert_eq!(squares.len(), 64);
        assert_eq!(names(&squares, "a1"), ["a2", "b1"]);
        assert_eq!(names(&squares, "d4"), ["c4", "d3", "d5", "e4"]);
        assert!(squares.layout().edges.is_empty(), "squares need no lines");
        assert_eq!(squares.layout().cells[0].tone, Tone::Dark, "a1 is dark");
        let points = Geometry::grid(7, 7, Lines::WithDiagonals, Drawn::Points);
        assert_eq!(names(&points, "d4"), ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]);
        assert_eq!(points.layout().edges.len(), 2 * 6 * 7 + 2 * 6 * 6);
        for dir in 0..8 {
            for id in points.ids() {
                if let Some(next) = points.step(id, dir) {
                    assert_eq!(points.step(next, (dir + 4) % 8), Some(id));
                }
            }
        }
        let wide = Geometry::grid(14, 14, Lines::WithDiagonals, Drawn::Squares);
        assert_eq!(wide.name(13).to_string(), "n1");
        assert_eq!(grid_coordinates(8, 8, 0.0).len(), 32, "files and ranks on all four sides");
    }
}
