//! The fixed geometry of a board as the client draws it: its cells as points
//! or polygons, the edges between cells that carry walls or lines, labelled
//! areas, coordinates, and how each seat sees the board turned.
//!
//! A layout does not change during a match, so it is sent once per match and
//! views refer to cells by [`CellId`], a cell's index in [`Layout::cells`].
//! Everything is placed in one plane of *board units* (neighbouring squares
//! or points are one unit apart), `x` to the right and `y` down, with seat 0
//! at the bottom; the client has one renderer that draws any layout from
//! this data (web/assets/boards/), so a new board shape needs no new client
//! code. [`gallery`] holds the boards of the games still to come.

pub mod gallery;

use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// A cell's index in [`Layout::cells`]: what views, marks and clicks name.
pub type CellId = u16;

/// Where a cell lies and what it looks like. Sizes are in board units.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// A point where lines cross, at `[x, y]` (pieces stand on it).
    Point([f32; 2]),
    /// An axis-aligned square: `[x, y, side]`, centre and side.
    Square([f32; 3]),
    /// A regular hexagon with a flat top: `[x, y, radius]`, centre and the
    /// distance from the centre to a corner.
    Hexagon([f32; 3]),
    /// An equilateral triangle: `[x, y, radius, up]`, its centre, the
    /// distance to a corner, and 1 if its apex points up, 0 if down.
    Triangle([f32; 4]),
    /// Any polygon, its corners in order: `[x0, y0, x1, y1, …]`.
    Polygon(Vec<f32>),
}

impl Shape {
    /// The centre of the shape (a polygon's corner average).
    pub fn centre(&self) -> (f32, f32) {
        match self {
            Shape::Point([x, y]) => (*x, *y),
            Shape::Square([x, y, _]) | Shape::Hexagon([x, y, _]) | Shape::Triangle([x, y, _, _]) => (*x, *y),
            Shape::Polygon(points) => {
                let n = (points.len() / 2).max(1) as f32;
                let sum = points.chunks(2).fold((0.0, 0.0), |(sx, sy), p| (sx + p[0], sy + p.get(1).unwrap_or(&0.0)));
                (sum.0 / n, sum.1 / n)
            }
        }
    }
}

/// How a cell is coloured when nothing else colours it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tone {
    /// The board's plain colour.
    #[default]
    Plain,
    /// A light square of a chequerboard.
    Light,
    /// A dark square of a chequerboard.
    Dark,
    /// Land.
    Land,
    /// Water.
    Water,
}

/// One cell of the board: its name, shape and look.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CellLayout {
    /// Its name in the game's notation ("c4", "32").
    pub label: String,
    /// Where it is and what shape.
    pub shape: Shape,
    /// Its colour.
    #[serde(default, skip_serializing_if = "is_plain")]
    pub tone: Tone,
    /// A short text printed in the cell (a draughts square's number, the
    /// towns of a county).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// A place beside the board rather than on it: pieces waiting to enter,
    /// a supply, a pile of losses. It holds stacks and takes clicks like any
    /// cell and is drawn apart.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub off_board: bool,
}

fn is_plain(tone: &Tone) -> bool {
    *tone == Tone::Plain
}

/// What an edge between two cells carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EdgeKind {
    /// A line from centre to centre, along which pieces move (the lines of
    /// a board of points).
    Link,
    /// A wall on the side the two cells share: nothing crosses it.
    Wall,
    /// A heavy line on the shared side: a boundary between areas.
    Line,
    /// A double line on the shared side (the border of an ocean).
    Double,
}

/// An edge between two cells: `[a, b, kind]` in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Edge(pub CellId, pub CellId, pub EdgeKind);

/// A named group of cells: a castle, a quadrant, a home area, an ocean.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Area {
    /// What players call it ("White's castle").
    pub name: String,
    /// The seat it belongs to; its colour tints the area.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<Seat>,
    /// Its cells.
    pub cells: Vec<CellId>,
    /// How it is drawn.
    pub style: AreaStyle,
}

/// How an area is drawn.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AreaStyle {
    /// Each cell washed in the owner's colour, or this CSS colour.
    Tint(Option<String>),
    /// A line around the area's outer boundary.
    Outline,
    /// A symbol drawn on each of its cells (a castle point, an entry square).
    Marker(String),
}

/// A text placed on the board: a coordinate along an edge, an area's name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Label {
    /// The text.
    pub text: String,
    /// Where its centre goes.
    pub at: [f32; 2],
}

/// How the pieces of one kind are drawn, where the kind's text on the piece
/// would not tell it at a glance (ATTACTICS' four kinds all begin with "M").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KindLook {
    /// The kind as views name it ([`crate::view::Piece::kind`]).
    pub kind: String,
    /// Its name, shown when the pointer rests on the piece and read by
    /// screen readers ("Monarch").
    pub name: String,
    /// The emblem drawn on the piece.
    pub emblem: Emblem,
    /// Its size as a share of a full piece: a lesser kind may be smaller,
    /// so rank shows before the sign is read.
    pub size: f32,
}

/// A sign drawn on a piece in place of its kind's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Emblem {
    /// A crown: the piece the game is about (a king, a Monarch).
    Crown,
    /// A diamond (a square on its corner).
    Diamond,
    /// Stripes as on a sleeve, this many (one to three).
    Chevrons(u8),
}

/// How a seat's pieces look and how its player sees the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatStyle {
    /// The seat's name in the rulebook ("White").
    pub name: String,
    /// A CSS colour for its pieces.
    pub colour: String,
    /// Degrees (clockwise) to turn the board so that this seat's side is at
    /// the bottom: 0 for seat 0, 180 for the seat across, 90 or 120 steps on
    /// boards with four or six sides.
    #[serde(default)]
    pub turn: f32,
}

/// The whole fixed geometry of a match's board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Layout {
    /// The cells; a cell's index is its [`CellId`].
    pub cells: Vec<CellLayout>,
    /// Shapes drawn under the cells that are not cells (a chequerboard's
    /// squares no piece stands on).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub backdrop: Vec<(Shape, Tone)>,
    /// Edges between cells: lines to move along, walls, boundaries.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub edges: Vec<Edge>,
    /// Named groups of cells.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub areas: Vec<Area>,
    /// Coordinates and names written on the board.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<Label>,
    /// One style per seat.
    pub seats: Vec<SeatStyle>,
    /// How pieces of some kinds are drawn; a kind not listed shows its text.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<KindLook>,
}

impl Layout {
    /// The id of the cell named `label`.
    pub fn find(&self, label: &str) -> Option<CellId> {
        self.cells.iter().position(|c| c.label == label).map(|i| i as CellId)
    }

    /// The layout with these seats.
    #[must_use]
    pub fn with_seats(mut self, seats: Vec<SeatStyle>) -> Layout {
        self.seats = seats;
        self
    }

    /// The layout with these looks of piece kinds.
    #[must_use]
    pub fn with_kinds(mut self, kinds: Vec<KindLook>) -> Layout {
        self.kinds = kinds;
        self
    }

    /// The layout with an area added.
    #[must_use]
    pub fn with_area(mut self, area: Area) -> Layout {
        self.areas.push(area);
        self
    }
}

/// Styles for seats sitting round the board clockwise from seat 0 at the
/// bottom, with the given names and colours: each seat's player sees the
/// board turned so that its own side is at the bottom.
pub fn seat_styles(names_and_colours: &[(&str, &str)]) -> Vec<SeatStyle> {
    let share = 360.0 / names_and_colours.len().max(1) as f32;
    names_and_colours
        .iter()
        .enumerate()
        .map(|(i, (name, colour))| SeatStyle {
            name: (*name).to_string(),
            colour: (*colour).to_string(),
            turn: (360.0 - share * i as f32) % 360.0,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_have_a_compact_json_form() {
        let layout = Layout {
            cells: vec![
                CellLayout {
                    label: "a1".into(),
                    shape: Shape::Square([0.5, 0.5, 1.0]),
                    tone: Tone::Dark,
                    caption: None,
                    off_board: false,
                },
                CellLayout {
                    label: "b1".into(),
                    shape: Shape::Point([1.5, 0.5]),
                    tone: Tone::Plain,
                    caption: Some("3".into()),
                    off_board: false,
                },
            ],
            backdrop: Vec::new(),
            edges: vec![Edge(0, 1, EdgeKind::Wall)],
            areas: Vec::new(),
            labels: Vec::new(),
            seats: seat_styles(&[("White", "#fff"), ("Black", "#000")]),
            kinds: vec![KindLook { kind: "king".into(), name: "King".into(), emblem: Emblem::Chevrons(2), size: 0.8 }],
        };
        let json = serde_json::to_string(&layout).unwrap();
        assert!(json.contains(r#"{"label":"a1","shape":{"square":[0.5,0.5,1.0]},"tone":"dark"}"#), "{json}");
        assert!(json.contains(r#""edges":[[0,1,"wall"]]"#), "{json}");
        assert!(json.contains(r#""turn":180.0"#), "{json}");
        assert!(json.contains(r#""emblem":{"chevrons":2}"#), "{json}");
        assert_eq!(serde_json::from_str::<Layout>(&json).unwrap(), layout);
        assert_eq!(layout.find("b1"), Some(1));
        assert_eq!(Shape::Polygon(vec![0.0, 0.0, 2.0, 0.0, 2.0, 2.0, 0.0, 2.0]).centre(), (1.0, 1.0));
    }
}
