//! ATTACTICS' board as reconstructed in ../shared/designs/remaining-games.md
//! (§1.3, §1.4): 36 × 36 squares, four quadrants that are turns of each
//! other, the four-square Maze Center with its pinwheel of openings, and a
//! maze of walls drawn by the design's deterministic rule (SplitMix64 from
//! seed 1975, candidates in a fixed order, shuffled, each orbit of four walls
//! kept unless it makes a straight wall longer than four, a dead end, or a
//! closed area). `rules/tests/gallery.rs` checks the result against the
//! design's golden hash.
//!
//! Coordinates follow the design: square `(r, c)`, row 0 at the top. Player
//! A's corner is `(0, 0)`, B's `(0, 35)`, C's `(35, 35)`, D's `(35, 0)`.

use crate::layout::{Area, AreaStyle, CellId, CellLayout, Edge, EdgeKind, Label, Layout, SeatStyle, Shape, Tone};
use crate::seat::Seat;

/// Squares on a side.
pub const SIDE: usize = 36;

/// A square's sides as bits, as the design encodes them: the north side's.
pub const NORTH: u8 = 1;
/// The east side's bit.
pub const EAST: u8 = 2;
/// The south side's bit.
pub const SOUTH: u8 = 4;
/// The west side's bit.
pub const WEST: u8 = 8;

/// An edge between squares: `H(r, c)` between `(r-1, c)` and `(r, c)`, or
/// `V(r, c)` between `(r, c-1)` and `(r, c)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Side {
    H(usize, usize),
    V(usize, usize),
}

impl Side {
    /// The edge turned a quarter clockwise with the board (ρ in the design).
    fn turned(self) -> Side {
        match self {
            Side::H(r, c) => Side::V(c, 36 - r),
            Side::V(r, c) => Side::H(c, 35 - r),
        }
    }

    /// The edge and its three turns.
    fn orbit(self) -> [Side; 4] {
        let a = self.turned();
        let b = a.turned();
        [self, a, b, b.turned()]
    }

    /// The two squares it separates.
    fn squares(self) -> [(usize, usize); 2] {
        match self {
            Side::H(r, c) => [(r - 1, c), (r, c)],
            Side::V(r, c) => [(r, c - 1), (r, c)],
        }
    }

    /// Its midpoint in vertex coordinates (x to the right, y down).
    fn midpoint(self) -> (f64, f64) {
        match self {
            Side::H(r, c) => (c as f64 + 0.5, r as f64),
            Side::V(r, c) => (c as f64, r as f64 + 0.5),
        }
    }
}

/// SplitMix64, as the design specifies it.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The walls of the maze, as a bit set of edges per square (the board's
/// border not included).
pub struct Maze {
    walls: [[u8; SIDE]; SIDE],
}

/// Whether a square is one of Maze Center's four.
fn in_centre(r: usize, c: usize) -> bool {
    (17..=18).contains(&r) && (17..=18).contains(&c)
}

impl Maze {
    /// Whether the edge is a wall.
    fn is_wall(&self, side: Side) -> bool {
        match side {
            Side::H(r, c) => self.walls[r][c] & NORTH != 0,
            Side::V(r, c) => self.walls[r][c] & WEST != 0,
        }
    }

    fn set(&mut self, side: Side, wall: bool) {
        let (a, b, bit_a, bit_b) = match side {
            Side::H(r, c) => ((r - 1, c), (r, c), SOUTH, NORTH),
            Side::V(r, c) => ((r, c - 1), (r, c), EAST, WEST),
        };
        for ((r, c), bit) in [(a, bit_a), (b, bit_b)] {
            if wall {
                self.walls[r][c] |= bit;
            } else {
                self.walls[r][c] &= !bit;
            }
        }
    }

    /// The longest run of collinear walls through `side`.
    fn run_through(&self, side: Side) -> usize {
        let step = |s: Side, forward: bool| -> Option<Side> {
            match (s, forward) {
                (Side::H(r, c), true) => (c + 1 < SIDE).then_some(Side::H(r, c + 1)),
                (Side::H(r, c), false) => c.checked_sub(1).map(|c| Side::H(r, c)),
                (Side::V(r, c), true) => (r + 1 < SIDE).then_some(Side::V(r + 1, c)),
                (Side::V(r, c), false) => r.checked_sub(1).map(|r| Side::V(r, c)),
            }
        };
        let mut run = 1;
        for forward in [true, false] {
            let mut at = side;
            while let Some(next) = step(at, forward).filter(|n| self.is_wall(*n)) {
                run += 1;
                at = next;
            }
        }
        run
    }

    /// Open sides of a square, the board's border counted as closed.
    fn open_sides(&self, r: usize, c: usize) -> u32 {
        4 - self.closed(r, c).count_ones()
    }

    /// Whether every square can reach every other through open edges.
    fn connected(&self) -> bool {
        let mut seen = [[false; SIDE]; SIDE];
        let mut stack = vec![(0usize, 0usize)];
        seen[0][0] = true;
        let mut count = 1;
        while let Some((r, c)) = stack.pop() {
            let w = self.walls[r][c];
            let mut visit = |r: usize, c: usize, seen: &mut [[bool; SIDE]; SIDE]| {
                if !seen[r][c] {
                    seen[r][c] = true;
                    count += 1;
                    stack.push((r, c));
                }
            };
            if r > 0 && w & NORTH == 0 {
                visit(r - 1, c, &mut seen);
            }
            if r + 1 < SIDE && w & SOUTH == 0 {
                visit(r + 1, c, &mut seen);
            }
            if c > 0 && w & WEST == 0 {
                visit(r, c - 1, &mut seen);
            }
            if c + 1 < SIDE && w & EAST == 0 {
                visit(r, c + 1, &mut seen);
            }
        }
        count == SIDE * SIDE
    }

    /// The maze of the design, built by its rule.
    pub fn reference() -> Maze {
        let mut maze = Maze { walls: [[0; SIDE]; SIDE] };
        let centre_walls = Side::V(17, 17).orbit();
        let fixed: Vec<Side> =
            [Side::V(17, 17), Side::H(17, 17), Side::V(17, 18)].iter().flat_map(|s| s.orbit()).collect();
        for side in centre_walls {
            maze.set(side, true);
        }
        let mut candidates: Vec<Side> = Vec::new();
        candidates.extend((1..=17).flat_map(|r| (0..=17).map(move |c| Side::H(r, c))));
        candidates.extend((0..=17).flat_map(|r| (1..=17).map(move |c| Side::V(r, c))));
        candidates.extend((0..=17).map(|r| Side::V(r, 18)));
        candidates.retain(|s| !fixed.contains(s));
        debug_assert_eq!(candidates.len(), 627);
        let mut random = SplitMix(1975);
        for i in (1..candidates.len()).rev() {
            let j = (random.next() % (i as u64 + 1)) as usize;
            candidates.swap(i, j);
        }
        for candidate in candidates {
            let (x, y) = candidate.midpoint();
            let d = (x - 18.0).abs().max((y - 18.0).abs());
            if d > 6.0 && d <= 12.0 && random.next() % 2 == 1 {
                continue;
            }
            let orbit = candidate.orbit();
            let before = maze.walls;
            for side in orbit {
                maze.set(side, true);
            }
            let too_long = orbit.iter().any(|s| maze.run_through(*s) > 4);
            let dead_end =
                orbit.iter().flat_map(|s| s.squares()).any(|(r, c)| !in_centre(r, c) && maze.open_sides(r, c) < 2);
            if too_long || dead_end || !maze.connected() {
                maze.walls = before;
            }
        }
        maze
    }

    /// The closed sides of square `(r, c)` as bits (N=1, E=2, S=4, W=8),
    /// the board's border counted as closed.
    pub fn closed(&self, r: usize, c: usize) -> u8 {
        let mut bits = self.walls[r][c];
        if r == 0 {
            bits |= NORTH;
        }
        if r == SIDE - 1 {
            bits |= SOUTH;
        }
        if c == 0 {
            bits |= WEST;
        }
        if c == SIDE - 1 {
            bits |= EAST;
        }
        bits
    }

    /// The walls of square `(r, c)` inside the border, as bits like
    /// [`Maze::closed`]'s.
    pub fn walls_of(&self, r: usize, c: usize) -> u8 {
        self.walls[r][c]
    }

    /// The design's text encoding: a hex digit per square (N=1, E=2, S=4,
    /// W=8, the border counted as a wall), rows top to bottom, each ending
    /// in a newline.
    pub fn encoding(&self) -> String {
        let mut out = String::with_capacity(SIDE * (SIDE + 1));
        for r in 0..SIDE {
            for c in 0..SIDE {
                let bits = self.closed(r, c);
                out.push(char::from_digit(u32::from(bits), 16).expect("a nibble"));
            }
            out.push('\n');
        }
        out
    }

    /// How many wall segments lie inside the border.
    pub fn wall_count(&self) -> usize {
        let horizontal: usize = (1..SIDE).map(|r| (0..SIDE).filter(|c| self.is_wall(Side::H(r, *c))).count()).sum();
        let vertical: usize = (0..SIDE).map(|r| (1..SIDE).filter(|c| self.is_wall(Side::V(r, *c))).count()).sum();
        horizontal + vertical
    }

    /// Every wall inside the border.
    fn walls(&self) -> impl Iterator<Item = Side> + '_ {
        let horizontal = (1..SIDE).flat_map(|r| (0..SIDE).map(move |c| Side::H(r, c)));
        let vertical = (0..SIDE).flat_map(|r| (1..SIDE).map(move |c| Side::V(r, c)));
        horizontal.chain(vertical).filter(|s| self.is_wall(*s))
    }
}

/// The id of square `(r, c)`.
fn id(r: usize, c: usize) -> CellId {
    (r * SIDE + c) as CellId
}

/// The squares turned with the board for each player, A first.
fn turns((r, c): (usize, usize)) -> [(usize, usize); 4] {
    let once = |(r, c): (usize, usize)| (c, SIDE - 1 - r);
    let b = once((r, c));
    let cc = once(b);
    [(r, c), b, cc, once(cc)]
}

/// The board drawn with all four corners taken: squares named by file
/// `a`–`z`, `A`–`J` from the left and rank from the bottom, its walls,
/// quadrants, Maze Center and each player's entry squares.
pub fn layout() -> Layout {
    layout_for(&[0, 1, 2, 3], &["A", "B", "C", "D"], None)
}

/// The board for seats at `corners` (0 the top left, then clockwise), each
/// seat named after its corner's entry in `names`; `mid`, the mid-player of
/// three, may also bring pieces in from the corner opposite its own.
pub fn layout_for(corners: &[u8], names: &[&str; 4], mid: Option<Seat>) -> Layout {
    let maze = Maze::reference();
    let cells = (0..SIDE * SIDE)
        .map(|i| {
            let (r, c) = (i / SIDE, i % SIDE);
            CellLayout {
                label: crate::board::Cell::at(c as u8, (SIDE - r) as u16).to_string(),
                shape: Shape::Square([c as f32 + 0.5, r as f32 + 0.5, 1.0]),
                tone: if (r + c) % 2 == 0 { Tone::Light } else { Tone::Plain },
                caption: None,
                off_board: false,
            }
        })
        .collect();
    let edges = maze
        .walls()
        .map(|side| {
            let [(r1, c1), (r2, c2)] = side.squares();
            Edge(id(r1, c1), id(r2, c2), EdgeKind::Wall)
        })
        .collect();
    let quadrant = |corner: u8| -> Vec<CellId> {
        let (rows, cols) = match corner {
            0 => (0..18, 0..18),
            1 => (0..18, 18..36),
            2 => (18..36, 18..36),
            _ => (18..36, 0..18),
        };
        rows.flat_map(|r| cols.clone().map(move |c| id(r, c))).collect()
    };
    let mut areas: Vec<Area> = corners
        .iter()
        .enumerate()
        .map(|(seat, corner)| Area {
            name: format!("{}'s quadrant", names[usize::from(*corner)]),
            owner: Some(Seat(seat as u8)),
            cells: quadrant(*corner),
            style: AreaStyle::Tint(None),
        })
        .collect();
    areas.push(Area {
        name: "Maze Center".into(),
        owner: None,
        cells: vec![id(17, 17), id(17, 18), id(18, 17), id(18, 18)],
        style: AreaStyle::Tint(Some("#d9a441".into())),
    });
    // Entry squares on each player's diagonal (design §1.3, Diagram 1) and
    // the approach squares from which a Monarch enters Maze Center (Diagram 3).
    let entries = [("Corner", (0, 0)), ("Mid-Corner", (6, 6)), ("Central-Corner", (12, 12))];
    for (seat, corner) in corners.iter().enumerate() {
        let seat = Seat(seat as u8);
        let mut own = vec![*corner];
        if mid == Some(seat) {
            own.push((corner + 2) % 4);
        }
        for corner in own {
            for (name, square) in entries {
                let (r, c) = turns(square)[usize::from(corner)];
                areas.push(Area {
                    name: format!("{}'s {name}", names[usize::from(corners[seat.index()])]),
                    owner: Some(seat),
                    cells: vec![id(r, c)],
                    style: AreaStyle::Marker("★".into()),
                });
            }
        }
    }
    areas.push(Area {
        name: "squares from which a Monarch enters Maze Center".into(),
        owner: None,
        cells: turns((16, 17)).iter().map(|(r, c)| id(*r, *c)).collect(),
        style: AreaStyle::Marker("✕".into()),
    });
    let mut labels = Vec::new();
    for c in (0..SIDE).step_by(5) {
        let text = crate::board::Cell::at(c as u8, 1).letters().to_string();
        labels.push(Label { text: text.clone(), at: [c as f32 + 0.5, SIDE as f32 + 0.6] });
        labels.push(Label { text, at: [c as f32 + 0.5, -0.6] });
    }
    for r in (0..SIDE).step_by(5) {
        let text = (SIDE - r).to_string();
        labels.push(Label { text: text.clone(), at: [-0.8, r as f32 + 0.5] });
        labels.push(Label { text, at: [SIDE as f32 + 0.8, r as f32 + 0.5] });
    }
    let colours = ["#c0392b", "#2e86c1", "#229954", "#d4ac0d"];
    // A's corner is the top left: a quarter turn anticlockwise brings it to
    // the bottom left; each next corner clockwise needs a quarter less.
    let seats = corners
        .iter()
        .map(|corner| {
            let corner = usize::from(*corner);
            SeatStyle {
                name: names[corner].to_string(),
                colour: colours[corner].to_string(),
                turn: [270.0, 180.0, 90.0, 0.0][corner],
            }
        })
        .collect();
    Layout { cells, backdrop: Vec::new(), edges, areas, labels, seats, kinds: Vec::new() }
}
