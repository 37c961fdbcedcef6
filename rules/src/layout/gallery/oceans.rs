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
use std::collections::HashMap;

const SIDE: usize = 14;

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
fn north_home() -> Vec<((usize, usize), &'static str)> {
    let mut home = vec![((0, 3), "plane base"), ((0, 10), "plane base")];
    home.extend((4..=9).map(|c| ((0, c), "transport")));
    home.extend([(1, 3), (1, 4), (1, 9), (1, 10)].map(|s| (s, "land")));
    home.extend([((1, 5), "closed port"), ((1, 6), "open port"), ((1, 7), "open port"), ((1, 8), "closed port")]);
    home
}

/// The board drawn: oceans `NW1`…`SW20`, home areas `N1`…`W16`, the safety
/// zone `Z1`…`Z16`, the corners `DJ`, `SB`, `GR`, `CC` beside the board.
pub fn layout() -> Layout {
    let mut cells: Vec<CellLayout> = Vec::new();
    let mut ids: HashMap<(usize, usize), CellId> = HashMap::new();
    let mut add =
        |cells: &mut Vec<CellLayout>, square: (usize, usize), label: String, tone: Tone, caption: Option<String>| {
            ids.insert(square, cells.len() as CellId);
            let (r, c) = square;
            cells.push(CellLayout {
                label,
                shape: Shape::Square([c as f32 + 0.5, r as f32 + 0.5, 1.0]),
                tone,
                caption,
                off_board: false,
            });
        };
    let oceans = ["NW", "NE", "SE", "SW"];
    let homes = ["N", "E", "S", "W"];
    let mut ocean_cells: Vec<Vec<(usize, (usize, usize))>> = vec![Vec::new(); 4];
    for (n, square) in north_west().into_iter().enumerate() {
        for (q, s) in turns(square).into_iter().enumerate() {
            ocean_cells[q].push((n + 1, s));
        }
    }
    for (q, squares) in ocean_cells.iter().enumerate() {
        for (n, square) in squares {
            add(&mut cells, *square, format!("{}{n}", oceans[q]), Tone::Water, Some(n.to_string()));
        }
    }
    let mut home_kinds: Vec<Vec<((usize, usize), &str)>> = vec![Vec::new(); 4];
    for (square, kind) in north_home() {
        for (q, s) in turns(square).into_iter().enumerate() {
            home_kinds[q].push((s, kind));
        }
    }
    for (q, home) in home_kinds.iter_mut().enumerate() {
        home.sort_by_key(|(s, _)| *s);
        for (i, (square, kind)) in home.iter().enumerate() {
            let tone = if kind.ends_with("port") { Tone::Water } else { Tone::Land };
            add(&mut cells, *square, format!("{}{}", homes[q], i + 1), tone, None);
        }
    }
    let mut zone = Vec::new();
    for r in 5..=8 {
        for c in 5..=8 {
            zone.push(cells.len() as CellId);
            add(&mut cells, (r, c), format!("Z{}", zone.len()), Tone::Plain, None);
        }
    }
    let corners = [("DJ", 1.5, 1.5), ("SB", 12.5, 1.5), ("GR", 12.5, 12.5), ("CC", 1.5, 12.5)];
    for (name, x, y) in corners {
        cells.push(CellLayout {
            label: name.to_string(),
            shape: Shape::Square([x, y, 3.0]),
            tone: Tone::Plain,
            caption: Some(name.to_string()),
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
    let names = ["North", "East", "South", "West"];
    let mut areas: Vec<Area> = (0..4)
        .map(|q| Area {
            name: format!("{}'s home area", names[q]),
            owner: Some(Seat(q as u8)),
            cells: home_kinds[q].iter().map(|(s, _)| id(*s)).collect(),
            style: AreaStyle::Tint(None),
        })
        .collect();
    for (kind, marker) in [("open port", "⚓"), ("closed port", "⚓"), ("plane base", "✈")] {
        areas.push(Area {
            name: format!("{kind}s"),
            owner: None,
            cells: home_kinds.iter().flatten().filter(|(_, k)| *k == kind).map(|(s, _)| id(*s)).collect(),
            style: AreaStyle::Marker(marker.into()),
        });
    }
    for (q, ocean) in oceans.iter().enumerate() {
        areas.push(Area {
            name: format!("the {ocean} ocean"),
            owner: None,
            cells: ocean_cells[q].iter().map(|(_, s)| id(*s)).collect(),
            style: AreaStyle::Outline,
        });
    }
    areas.push(Area {
        name: "submarine squares".into(),
        owner: None,
        cells: ocean_cells.iter().flatten().filter(|(n, _)| [2, 9, 12, 20].contains(n)).map(|(_, s)| id(*s)).collect(),
        style: AreaStyle::Marker("∗".into()),
    });
    areas.push(Area {
        name: "the safety zone".into(),
        owner: None,
        cells: zone,
        style: AreaStyle::Tint(Some("#b9c7a5".into())),
    });
    let colours = ["#1f4e8c", "#8c8c1f", "#8c1f1f", "#1f8c5a"];
    let seats = (0..4)
        .map(|q| SeatStyle {
            name: names[q].to_string(),
            colour: colours[q].to_string(),
            turn: [180.0, 90.0, 0.0, 270.0][q],
        })
        .collect();
    // The zone's name, written across its middle.
    let labels = vec![Label { text: "safety zone".into(), at: [7.0, 7.0] }];
    Layout { cells, backdrop: Vec::new(), edges, areas, labels, seats, kinds: Vec::new() }
}
