//! The Hex-Tri board as reconstructed in ../shared/designs/remaining-games.md
//! (§2.3): the trihexagonal tiling, where every triangle shares a side with
//! three hexagons and hexagons meet only at corners. Hexagons are counties
//! (production numbers printed on the inner ones), triangles the roads
//! between them. The board of radius `R` has every hexagon within `R` rings
//! of the centre and every triangle touching one of them; radius 3, the
//! six-player board, has 37 hexagons and 96 triangles.
//!
//! Hexagons use axial coordinates `(q, r)`; triangle `(q, r, A)` touches the
//! hexagons `(q, r)`, `(q + 1, r)` and `(q, r + 1)`, triangle `(q, r, B)` the
//! hexagons `(q + 1, r)`, `(q, r + 1)` and `(q + 1, r + 1)`.

use crate::layout::{Area, AreaStyle, CellId, CellLayout, Layout, Shape, Tone, seat_styles};
use crate::seat::Seat;

const SQRT3: f32 = 1.732_050_8;

/// The entry roads' wash: the road's sand, a shade darker.
const ROAD_TINT: &str = "#dcc08a";

/// How many rings of hexagons around the centre a hexagon is.
pub fn ring(q: i32, r: i32) -> i32 {
    q.abs().max(r.abs()).max((q + r).abs())
}

/// Where a hexagon's centre is drawn: hexagons of radius 1 with flat tops,
/// neighbouring centres 2 apart, `r` growing upwards.
fn centre(q: i32, r: i32) -> (f32, f32) {
    ((2 * q + r) as f32, -SQRT3 * r as f32)
}

/// One cell of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// A hexagon (county) at `(q, r)`.
    Hexagon(i32, i32),
    /// A triangle (road): `(q, r, second)`, the A triangle or (second) the B one.
    Triangle(i32, i32, bool),
}

impl Field {
    /// The hexagons a triangle touches (a hexagon touches itself only).
    pub fn hexagons(self) -> Vec<(i32, i32)> {
        match self {
            Field::Hexagon(q, r) => vec![(q, r)],
            Field::Triangle(q, r, false) => vec![(q, r), (q + 1, r), (q, r + 1)],
            Field::Triangle(q, r, true) => vec![(q + 1, r), (q, r + 1), (q + 1, r + 1)],
        }
    }
}

/// Every field of the board of `radius`: hexagons from the centre out, then
/// triangles, each group in reading order (top to bottom, left to right).
pub fn fields(radius: i32) -> Vec<Field> {
    let on_board = |(q, r): (i32, i32)| ring(q, r) <= radius;
    let reading = |f: &Field| {
        let (x, y) = shape(*f).centre();
        ((y * 100.0).round() as i64, (x * 100.0).round() as i64)
    };
    let mut hexagons: Vec<Field> = (-radius..=radius)
        .flat_map(|q| (-radius..=radius).map(move |r| Field::Hexagon(q, r)))
        .filter(|f| f.hexagons().into_iter().all(on_board))
        .collect();
    hexagons.sort_by_key(|f| {
        let Field::Hexagon(q, r) = *f else { unreachable!("hexagons only") };
        (ring(q, r), reading(f))
    });
    let mut triangles: Vec<Field> = (-radius - 1..=radius)
        .flat_map(|q| {
            (-radius - 1..=radius).flat_map(move |r| [Field::Triangle(q, r, false), Field::Triangle(q, r, true)])
        })
        .filter(|f| f.hexagons().into_iter().any(on_board))
        .collect();
    triangles.sort_by_key(reading);
    hexagons.into_iter().chain(triangles).collect()
}

/// The shape a field is drawn as.
pub fn shape(field: Field) -> Shape {
    match field {
        Field::Hexagon(q, r) => {
            let (x, y) = centre(q, r);
            Shape::Hexagon([x, y, 1.0])
        }
        Field::Triangle(q, r, second) => {
            let (x, y) = centre(q, r);
            // A's corners are the midpoints of its three hexagons' centres:
            // its apex points down; B's points up.
            let (dx, dy, up) = if second { (2.0, -2.0 * SQRT3 / 3.0, 1.0) } else { (1.0, -SQRT3 / 3.0, 0.0) };
            Shape::Triangle([x + dx, y + dy, 1.0 / SQRT3, up])
        }
    }
}

/// The players' colours' names, seat 0 first.
pub const NAMES: [&str; 6] = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"];

/// A county's production number: 3 at the centre, 2 on the first ring,
/// 1 elsewhere (design §2.3).
pub fn production(q: i32, r: i32) -> u8 {
    match ring(q, r) {
        0 => 3,
        1 => 2,
        _ => 1,
    }
}

/// The board of `radius` for `seats` players (radius 3 and six seats is the
/// six-player board): hexagons `h1`, `h2`, … from the centre out, production
/// numbers on the inner ones, triangles `t1`, `t2`, …, the entry roads
/// (touching one county) washed darker, and a reserve `R1`, `R2`, … beside
/// the board for each player's figures waiting to enter, seat 0's at the
/// bottom and the others round the board clockwise.
pub fn layout(radius: i32, seats: usize) -> Layout {
    let fields = fields(radius);
    let on_board = |(q, r): (i32, i32)| ring(q, r) <= radius;
    let mut cells: Vec<CellLayout> = Vec::new();
    let (mut hexagons, mut triangles) = (0, 0);
    let mut entries: Vec<CellId> = Vec::new();
    for field in &fields {
        let (label, caption) = match *field {
            Field::Hexagon(q, r) => {
                hexagons += 1;
                let printed = ring(q, r) <= 1;
                (format!("h{hexagons}"), printed.then(|| production(q, r).to_string()))
            }
            Field::Triangle(..) => {
                triangles += 1;
                if field.hexagons().into_iter().filter(|h| on_board(*h)).count() == 1 {
                    entries.push(cells.len() as CellId);
                }
                (format!("t{triangles}"), None)
            }
        };
        let tone = if matches!(field, Field::Hexagon(..)) { Tone::Land } else { Tone::Plain };
        cells.push(CellLayout { label, shape: shape(*field), tone, caption, off_board: false });
    }
    let colours = ["#c0392b", "#2e86c1", "#229954", "#d4ac0d", "#8e44ad", "#e67e22"];
    // Reserves: one beside each side of the hexagon, seat 0 at the bottom,
    // then round the board clockwise.
    // The outer roads' far corners lie (radius + 1)·√3 from the centre on
    // every side; a reserve sits just beyond, clear of the board's frame.
    let reach = (radius + 1) as f32 * SQRT3 + 1.2;
    let mut reserves = Vec::new();
    let share = 360.0 / seats.max(1) as f32;
    for seat in 0..seats {
        // Straight below the centre for seat 0, then evenly clockwise.
        let angle = (90.0 + share * seat as f32).to_radians();
        let (x, y) = (reach * angle.cos(), reach * angle.sin());
        reserves.push(cells.len() as CellId);
        cells.push(CellLayout {
            label: format!("R{}", seat + 1),
            shape: Shape::Hexagon([x, y, 0.8]),
            tone: Tone::Plain,
            caption: None,
            off_board: true,
        });
    }
    let mut areas = vec![Area {
        name: "entry roads (touching one county)".into(),
        owner: None,
        cells: entries,
        style: AreaStyle::Tint(Some(ROAD_TINT.into())),
    }];
    for (seat, cell) in reserves.iter().enumerate() {
        areas.push(Area {
            name: format!("{}'s figures waiting to enter", NAMES[seat]),
            owner: Some(Seat(seat as u8)),
            cells: vec![*cell],
            style: AreaStyle::Tint(None),
        });
    }
    let seats = seat_styles(&NAMES.into_iter().zip(colours).take(seats).collect::<Vec<_>>());
    Layout { cells, backdrop: Vec::new(), edges: Vec::new(), areas, labels: Vec::new(), seats, kinds: Vec::new() }
}
