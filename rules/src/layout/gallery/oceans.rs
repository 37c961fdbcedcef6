//! The board of Tactics (1940) as reconstructed in
//! ../shared/designs/remaining-games.md (§3.3): 14 × 14 squares, a home area
//! of 8 × 2 on the middle of each edge (plane bases, transport squares, a
//! seaport of four sea squares whose two open centre squares are the only
//! way in or out), four oceans of 20 numbered squares separated by double
//! lines, a central safety zone of 4 × 4, and four corners beside the board:
//! Davy Jones' Locker, the Supply Base, the Gold Reserve and the chance deck.
//!
//! Squares are `(r, c)`, row 0 at the top (the North home area). The board
//! is four quarter turns of one quarter: ρ(r, c) = (c, 13 − r) maps North to
//! East, South and West, and each ocean to the next clockwise with the same
//! numbers.

use crate::layout::{Area, AreaStyle, CellId, CellLayout, Edge, EdgeKind, Label, Layout, SeatStyle, Shape, Tone};
use crate::seat::Seat;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Squares along each edge.
pub const SIDE: usize = 14;

/// The four countries, one on each edge: the belligerents North and South,
/// the neutrals East and West (the rulebook's "North Belligerent", "West
/// neutral"), in turn order (clockwise, Rule 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Country {
    /// The top edge; a belligerent.
    North,
    /// The right edge; a neutral.
    East,
    /// The bottom edge; a belligerent.
    South,
    /// The left edge; a neutral.
    West,
}

impl Country {
    /// Every country, in turn order.
    pub const ALL: [Country; 4] = [Country::North, Country::East, Country::South, Country::West];

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            Country::North => "North",
            Country::East => "East",
            Country::South => "South",
            Country::West => "West",
        }
    }

    /// Its letter, which starts its home squares' names and its actions.
    pub const fn letter(self) -> &'static str {
        match self {
            Country::North => "N",
            Country::East => "E",
            Country::South => "S",
            Country::West => "W",
        }
    }

    /// Whether it is at war from the start.
    pub const fn belligerent(self) -> bool {
        matches!(self, Country::North | Country::South)
    }

    /// The country across the board.
    pub const fn opposite(self) -> Country {
        match self {
            Country::North => Country::South,
            Country::East => Country::West,
            Country::South => Country::North,
            Country::West => Country::East,
        }
    }

    /// Its colour on the board.
    const fn colour(self) -> &'static str {
        match self {
            Country::North => "#1f4e8c",
            Country::East => "#8c8c1f",
            Country::South => "#8c1f1f",
            Country::West => "#1f8c5a",
        }
    }

    /// How far its side of the board is turned for its player.
    const fn turn(self) -> f32 {
        match self {
            Country::North => 180.0,
            Country::East => 90.0,
            Country::South => 0.0,
            Country::West => 270.0,
        }
    }
}

/// What part a square of a home area plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// An airplane's base; no ship stands on it.
    PlaneBase,
    /// Land where a transport starts.
    Start,
    /// Other land.
    Land,
    /// A seaport square closed on the sea side.
    ClosedPort,
    /// One of the two open centre squares of the seaport, the only way in
    /// or out of the home area.
    OpenPort,
}

/// What a square of play is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// Square `number` (1 to 20) of ocean `ocean` (0 NW, 1 NE, 2 SE, 3 SW).
    Ocean {
        /// Which ocean.
        ocean: u8,
        /// Its number there.
        number: u8,
    },
    /// The safety zone.
    Zone,
    /// A square of `country`'s home area.
    Home {
        /// Whose.
        country: Country,
        /// What it is there.
        role: Role,
    },
}

/// A square of play: where it is, what it is, and its name.
#[derive(Clone, Debug, PartialEq)]
pub struct Square {
    /// Row (0 along North's edge) and column.
    pub at: (usize, usize),
    /// What it is.
    pub place: Place,
    /// Its name: `NW12`, `N5`, `Z3`.
    pub label: String,
}

/// The quarter turn clockwise.
fn turn((r, c): (usize, usize)) -> (usize, usize) {
    (c, SIDE - 1 - r)
}

/// A square and its three turns, North's first.
fn turns(square: (usize, usize)) -> [(usize, usize); 4] {
    let a = turn(square);
    let b = turn(a);
    [square, a, b, turn(b)]
}

/// The North-West ocean in reading order: its squares 1 to 20.
fn north_west() -> Vec<(usize, usize)> {
    (2..=6)
        .flat_map(|r| (2..=6).map(move |c| (r, c)))
        .filter(|&(r, c)| (r, c) != (2, 2) && !(r >= 5 && c >= 5))
        .collect()
}

/// The North home area: plane bases, transport squares, land and seaport.
fn north_home() -> Vec<((usize, usize), Role)> {
    let mut home = vec![((0, 3), Role::PlaneBase), ((0, 10), Role::PlaneBase)];
    home.extend((4..=9).map(|c| ((0, c), Role::Start)));
    home.extend([(1, 3), (1, 4), (1, 9), (1, 10)].map(|s| (s, Role::Land)));
    home.extend([
        ((1, 5), Role::ClosedPort),
        ((1, 6), Role::OpenPort),
        ((1, 7), Role::OpenPort),
        ((1, 8), Role::ClosedPort),
    ]);
    home
}

/// How many squares of play: four oceans of 20, four home areas of 16 and
/// the safety zone of 16.
pub const SQUARES: usize = 160;

/// The four boxes beside the board, whose cells follow the squares of play
/// in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    /// Davy Jones' Locker: battleships sunk.
    Locker,
    /// The Supply Base: transports and airplanes destroyed.
    Supply,
    /// The Gold Reserve: the coins nobody holds.
    Reserve,
    /// The chance deck.
    Deck,
}

impl Corner {
    /// Every box, in the order of their cells.
    pub const ALL: [Corner; 4] = [Corner::Locker, Corner::Supply, Corner::Reserve, Corner::Deck];

    /// Its name in the notation.
    pub const fn label(self) -> &'static str {
        match self {
            Corner::Locker => "DJ",
            Corner::Supply => "SB",
            Corner::Reserve => "GR",
            Corner::Deck => "CC",
        }
    }

    /// Its name on the board.
    pub const fn name(self) -> &'static str {
        match self {
            Corner::Locker => "Davy Jones' Locker",
            Corner::Supply => "Supply Base",
            Corner::Reserve => "Gold Reserve",
            Corner::Deck => "Chance cards",
        }
    }

    /// Its cell.
    pub const fn cell(self) -> CellId {
        (SQUARES + self as usize) as CellId
    }

    /// Where it is drawn: the corner of the board it fills.
    const fn centre(self) -> [f32; 2] {
        match self {
            Corner::Locker => [1.5, 1.5],
            Corner::Supply => [12.5, 1.5],
            Corner::Reserve => [12.5, 12.5],
            Corner::Deck => [1.5, 12.5],
        }
    }
}

/// The squares of play in the order of the layout's cells (the corner
/// boxes, which are not squares of play, come after them there): the four
/// oceans, the four home areas, the safety zone.
pub fn squares() -> Vec<Square> {
    let oceans = ["NW", "NE", "SE", "SW"];
    let mut squares = Vec::new();
    let mut ocean_cells: Vec<Vec<(usize, (usize, usize))>> = vec![Vec::new(); 4];
    for (n, square) in north_west().into_iter().enumerate() {
        for (q, s) in turns(square).into_iter().enumerate() {
            ocean_cells[q].push((n + 1, s));
        }
    }
    for (q, cells) in ocean_cells.iter().enumerate() {
        for (n, at) in cells {
            let place = Place::Ocean { ocean: q as u8, number: *n as u8 };
            squares.push(Square { at: *at, place, label: format!("{}{n}", oceans[q]) });
        }
    }
    let mut homes: Vec<Vec<((usize, usize), Role)>> = vec![Vec::new(); 4];
    for (square, role) in north_home() {
        for (q, s) in turns(square).into_iter().enumerate() {
            homes[q].push((s, role));
        }
    }
    for (q, home) in homes.iter_mut().enumerate() {
        home.sort_by_key(|(s, _)| *s);
        let country = Country::ALL[q];
        for (i, (at, role)) in home.iter().enumerate() {
            squares.push(Square {
                at: *at,
                place: Place::Home { country, role: *role },
                label: format!("{}{}", country.letter(), i + 1),
            });
        }
    }
    for r in 5..=8 {
        for c in 5..=8 {
            let n = (r - 5) * 4 + (c - 5) + 1;
            squares.push(Square { at: (r, c), place: Place::Zone, label: format!("Z{n}") });
        }
    }
    squares
}

/// The board drawn for all four countries.
pub fn layout() -> Layout {
    layout_for(&Country::ALL)
}

/// The board drawn for a match of `countries`, seat by seat: oceans
/// `NW1`…`SW20`, home areas `N1`…`W16`, the safety zone `Z1`…`Z16`, the
/// corners `DJ`, `SB`, `GR`, `CC` beside the board. A home area nobody
/// plays is drawn with no owner.
pub fn layout_for(countries: &[Country]) -> Layout {
    let squares = squares();
    let mut cells: Vec<CellLayout> = Vec::new();
    let mut ids: HashMap<(usize, usize), CellId> = HashMap::new();
    for square in &squares {
        let (r, c) = square.at;
        ids.insert(square.at, cells.len() as CellId);
        let (tone, caption) = match square.place {
            Place::Ocean { number, .. } => (Tone::Water, Some(number.to_string())),
            Place::Home { role: Role::OpenPort | Role::ClosedPort, .. } => (Tone::Water, None),
            Place::Home { .. } => (Tone::Land, None),
            Place::Zone => (Tone::Plain, None),
        };
        cells.push(CellLayout {
            label: square.label.clone(),
            shape: Shape::Square([c as f32 + 0.5, r as f32 + 0.5, 1.0]),
            tone,
            caption,
            off_board: false,
        });
    }
    let in_home = |country: Country, role: Option<Role>| -> Vec<CellId> {
        squares
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s.place, Place::Home { country: c, role: r } if c == country && role.is_none_or(|w| w == r)))
            .map(|(id, _)| id as CellId)
            .collect()
    };
    let zone: Vec<CellId> =
        squares.iter().enumerate().filter(|(_, s)| s.place == Place::Zone).map(|(id, _)| id as CellId).collect();
    for corner in Corner::ALL {
        let [x, y] = corner.centre();
        cells.push(CellLayout {
            label: corner.label().to_string(),
            shape: Shape::Square([x, y, 3.0]),
            tone: Tone::Plain,
            caption: Some(corner.name().to_string()),
            off_board: true,
        });
    }
    let id = |s: (usize, usize)| ids[&s];
    let mut edges = Vec::new();
    // Double lines between the oceans, on the board's midlines.
    for r in (2..=4).chain(9..=11) {
        edges.push(Edge(id((r, 6)), id((r, 7)), EdgeKind::Double));
    }
    for c in (2..=4).chain(9..=11) {
        edges.push(Edge(id((6, c)), id((7, c)), EdgeKind::Double));
    }
    // Home areas are closed to the sea but across their two open squares.
    for c in (3..=10).filter(|c| *c != 6 && *c != 7) {
        for [a, b] in [0, 1, 2, 3].map(|q| [turns((1, c))[q], turns((2, c))[q]]) {
            edges.push(Edge(id(a), id(b), EdgeKind::Wall));
        }
    }
    // The safety zone's boundary.
    for i in 5..=8 {
        for (inside, outside) in [((5, i), (4, i)), ((8, i), (9, i)), ((i, 5), (i, 4)), ((i, 8), (i, 9))] {
            edges.push(Edge(id(inside), id(outside), EdgeKind::Line));
        }
    }
    let mut areas: Vec<Area> = Country::ALL
        .iter()
        .map(|country| Area {
            name: format!("{}'s home area", country.name()),
            owner: countries.iter().position(|c| c == country).map(|i| Seat(i as u8)),
            cells: in_home(*country, None),
            style: AreaStyle::Tint(None),
        })
        .collect();
    for (role, kind, marker) in [
        (Role::OpenPort, "open port", "⚓"),
        (Role::ClosedPort, "closed port", "⚓"),
        (Role::PlaneBase, "plane base", "✈"),
    ] {
        areas.push(Area {
            name: format!("{kind}s"),
            owner: None,
            cells: Country::ALL.iter().flat_map(|c| in_home(*c, Some(role))).collect(),
            style: AreaStyle::Marker(marker.into()),
        });
    }
    for (q, ocean) in ["NW", "NE", "SE", "SW"].iter().enumerate() {
        areas.push(Area {
            name: format!("the {ocean} ocean"),
            owner: None,
            cells: squares
                .iter()
                .enumerate()
                .filter(|(_, s)| matches!(s.place, Place::Ocean { ocean, .. } if usize::from(ocean) == q))
                .map(|(id, _)| id as CellId)
                .collect(),
            style: AreaStyle::Outline,
        });
    }
    areas.push(Area {
        name: "submarine squares".into(),
        owner: None,
        cells: squares
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s.place, Place::Ocean { number: 2 | 9 | 12 | 20, .. }))
            .map(|(id, _)| id as CellId)
            .collect(),
        style: AreaStyle::Marker("∗".into()),
    });
    areas.push(Area {
        name: "the safety zone".into(),
        owner: None,
        cells: zone,
        style: AreaStyle::Tint(Some("#b9c7a5".into())),
    });
    let seats = countries
        .iter()
        .map(|c| SeatStyle { name: c.name().to_string(), colour: c.colour().to_string(), turn: c.turn() })
        .collect();
    // The zone's name, written across its middle.
    let labels = vec![Label { text: "safety zone".into(), at: [7.0, 7.0] }];
    Layout { cells, backdrop: Vec::new(), edges, areas, labels, seats, kinds: Vec::new() }
}
