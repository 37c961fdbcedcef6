//! The boards of the three games still to come, built now so that the
//! client's one renderer can be seen drawing them (the page /dev/layouts)
//! before the games are written: ATTACTICS' maze, the Hex-Tri board of
//! hexagons and triangles, and the oceans of Tactics (1940). Each comes with
//! a sample view that uses what those games will need: pieces of several
//! kinds, cells that change owner or store points, hands of cards shown as
//! a count, teams.

pub mod maze;
pub mod oceans;
pub mod trihex;

use super::{CellId, Layout};
use crate::seat::{Seat, SeatSet};
use crate::view::{Attribute, Fact, Hand, Panel, Piece, Roll, Stack, View};
use serde::Serialize;

/// One board of the gallery, with a view of a match on it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Exhibit {
    /// A stable name, for the page's address and the screenshots.
    pub id: &'static str,
    /// What it is.
    pub title: &'static str,
    /// The board.
    pub layout: Layout,
    /// A view of a match in progress, as seat 0 sees it.
    pub view: View,
}

/// The exhibits, in the order the gallery shows them.
pub fn exhibits() -> Vec<Exhibit> {
    vec![maze_exhibit(), trihex_exhibit(), oceans_exhibit()]
}

fn cell(layout: &Layout, label: &str) -> CellId {
    layout.find(label).unwrap_or_else(|| panic!("the gallery board has no cell {label}"))
}

fn piece(owner: u8, kind: &str) -> Piece {
    Piece::of_kind(Seat(owner), kind)
}

fn stack(layout: &Layout, label: &str, pieces: Vec<Piece>) -> Stack {
    Stack { cell: cell(layout, label), pieces }
}

/// Sorts stacks and attributes by cell, as views list them.
fn ordered(mut view: View) -> View {
    view.stacks.sort_by_key(|s| s.cell);
    view.attributes.sort_by_key(|a| a.cell);
    view
}

fn maze_exhibit() -> Exhibit {
    let layout = maze::layout();
    // Each player's pieces near their corner (design coordinates turned into
    // names: A's corner (0, 0) is a36).
    let stacks = vec![
        stack(&layout, "a36", vec![piece(0, "Mo")]),
        stack(&layout, "g30", vec![piece(0, "Mj")]),
        stack(&layout, "m24", vec![piece(0, "Mn")]),
        stack(&layout, "J36", vec![piece(1, "Mo")]),
        stack(&layout, "D30", vec![piece(1, "Ma")]),
        stack(&layout, "J1", vec![piece(2, "Mo")]),
        stack(&layout, "x13", vec![piece(2, "Mj")]),
        stack(&layout, "a1", vec![piece(3, "Mo")]),
        stack(&layout, "q16", vec![piece(3, "Ma")]),
    ];
    let panels = (0..4)
        .map(|seat| Panel {
            roll: (seat == 0).then(|| Roll { faces: vec![3, 5], used: vec![false, false], number: 12 }),
            ..Panel::facts(vec![Fact::new("points", [4, 9, 0, 15][seat]), Fact::new("pieces off the board", 9)])
        })
        .collect();
    let view = View {
        stacks,
        attributes: vec![Attribute { cell: cell(&layout, "g30"), tag: Some("moved".into()), ..Attribute::default() }],
        seats: panels,
        teams: Vec::new(),
        acting: SeatSet::only(Seat(0)),
        prompt: "A: rolled 3-5; move a piece 3 or 5 squares".into(),
        marks: vec![cell(&layout, "g33"), cell(&layout, "g30")],
        private: Vec::new(),
        announcements: vec!["Squeeze Play by Red on Blue's Master at d30: freed in Blue's next go, or taken".into()],
        outcome: None,
    };
    Exhibit { id: "maze", title: "ATTACTICS: the 36 × 36 maze", layout, view: ordered(view) }
}

fn trihex_exhibit() -> Exhibit {
    let layout = trihex::layout(3, 6);
    let owned = [("h1", 0, 3), ("h2", 1, 2), ("h4", 2, 1), ("h9", 3, 4), ("h12", 4, 1), ("h20", 5, 2)];
    let mut stacks = Vec::new();
    let mut attributes = Vec::new();
    for (label, seat, points) in owned {
        stacks.push(stack(&layout, label, vec![piece(seat, "F"), piece(seat, "F")]));
        attributes.push(Attribute {
            cell: cell(&layout, label),
            owner: Some(Seat(seat)),
            value: Some(points),
            tag: None,
        });
    }
    attributes.push(Attribute { cell: cell(&layout, "h3"), tag: Some("disputed".into()), ..Attribute::default() });
    stacks.push(stack(&layout, "h3", vec![piece(0, "F"), piece(1, "F")]));
    stacks.push(stack(&layout, "t30", vec![piece(2, "L")]));
    stacks.push(stack(&layout, "R1", vec![piece(0, "F"); 4]));
    let panels = (0..6).map(|seat| Panel::facts(vec![Fact::new("points", 3 + seat)])).collect();
    let view = View {
        stacks,
        attributes,
        seats: panels,
        teams: Vec::new(),
        acting: (0..6).map(Seat).collect(),
        prompt: "Movement: every player moves, paying a point a step".into(),
        marks: vec![cell(&layout, "t30")],
        private: Vec::new(),
        announcements: Vec::new(),
        outcome: None,
    };
    Exhibit { id: "trihex", title: "Hex-Tri: 37 hexagons and 96 triangles", layout, view: ordered(view) }
}

fn oceans_exhibit() -> Exhibit {
    let layout = oceans::layout();
    let mut stacks = Vec::new();
    for (seat, home) in ["N", "E", "S", "W"].iter().enumerate() {
        let seat = seat as u8;
        for i in 11..=14 {
            stacks.push(stack(&layout, &format!("{home}{i}"), vec![piece(seat, "BS")]));
        }
        for i in 2..=7 {
            stacks.push(stack(&layout, &format!("{home}{i}"), vec![piece(seat, "TR")]));
        }
        for i in [1, 8] {
            stacks.push(stack(&layout, &format!("{home}{i}"), vec![piece(seat, "AP")]));
        }
    }
    // A battleship and a transport out at sea, a sunk ship in Davy Jones' Locker.
    stacks.retain(|s| s.cell != cell(&layout, "N12") && s.cell != cell(&layout, "S3"));
    stacks.push(stack(&layout, "NW4", vec![piece(0, "BS")]));
    stacks.push(stack(&layout, "SE9", vec![piece(2, "TR")]));
    stacks.push(stack(&layout, "DJ", vec![piece(1, "TR")]));
    let coins = [8, 6, 7, 9];
    let panels = (0..4)
        .map(|seat| Panel {
            facts: vec![Fact::new("coins", coins[seat]), Fact::new("protest cards", 6)],
            roll: None,
            hand: Some(if seat == 0 {
                Hand { cards: vec!["SUBMARINE NW12".into()], hidden: 0 }
            } else {
                Hand { cards: Vec::new(), hidden: [0, 1, 2, 0][seat] }
            }),
        })
        .collect();
    let view = View {
        stacks,
        attributes: Vec::new(),
        seats: panels,
        teams: vec![SeatSet::only(Seat(0)).with(Seat(3)), SeatSet::only(Seat(2))],
        acting: SeatSet::only(Seat(1)).with(Seat(2)).with(Seat(3)),
        prompt: "North moved to NW4: torpedo, or pass".into(),
        marks: vec![cell(&layout, "N12"), cell(&layout, "NW4")],
        private: vec!["You hold SUBMARINE NW12".into()],
        announcements: Vec::new(),
        outcome: None,
    };
    Exhibit {
        id: "oceans",
        title: "Tactics (1940): home areas, oceans and the safety zone",
        layout,
        view: ordered(view),
    }
}
