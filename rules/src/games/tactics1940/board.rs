//! The squares of Tactics as the rules use them: what each square is (a
//! numbered ocean square, the safety zone, a country's home area and its
//! part in it), which squares touch through an open side, and where each
//! kind of piece may stand. The geometry is the reconstruction drawn in
//! [`oceans`] (design §3.3); the rulings on ports and the ocean dividers are
//! in docs/rules/tactics1940.md.

use crate::board::Cell;
use crate::layout::CellId;
use crate::layout::gallery::oceans::{self, Country, Place, Role};
use std::collections::{HashMap, VecDeque};
use std::sync::OnceLock;

/// "No square" in a step table.
pub const NONE: CellId = CellId::MAX;

/// The eight directions, north first, clockwise: even ones are straight
/// (rank and file), odd ones diagonal. `(d + 4) % 8` is `d`'s opposite.
const DIRECTIONS: [(i8, i8); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];

/// The board: the squares pieces stand on (the corner boxes are not
/// squares of play) and the steps between them.
pub struct Board {
    /// Each square's name, by id.
    names: Vec<Cell>,
    /// The square of each name.
    ids: HashMap<Cell, CellId>,
    /// Per square and direction, the square a step reaches through an open
    /// side, or [`NONE`].
    next: Vec<[CellId; 8]>,
    /// What each square is, by id.
    places: Vec<Place>,
    /// The submarine squares: #2, #9, #12 and #20 of each ocean.
    submarines: Vec<CellId>,
    /// Each square's row and column.
    at: Vec<(usize, usize)>,
    /// Each country's two open port squares (see [`Board::open_ports`]),
    /// by `Country as usize`: asked at every step of a playout.
    ports: Vec<[CellId; 2]>,
    /// Each country's mouth (see [`Board::mouth`]), by `Country as usize`.
    mouths: Vec<Vec<CellId>>,
    /// Whether each square is in some country's mouth, by id: asked for
    /// every square a card might place a piece on.
    in_mouth: Vec<bool>,
    /// Per country (by `Country as usize`) and square, how many steps a
    /// battleship needs to reach that country's open port squares or its
    /// mouth (see [`Board::approach`]).
    approaches: Vec<Vec<u8>>,
    /// Per country and square, how many steps a battleship needs to reach
    /// one of the squares that close that country's seaport (see
    /// [`Board::closing`]): asked for every move a playout leans.
    closings: Vec<Vec<u8>>,
}

impl Board {
    /// The one board.
    pub fn get() -> &'static Board {
        static BOARD: OnceLock<Board> = OnceLock::new();
        BOARD.get_or_init(Board::build)
    }

    fn build() -> Board {
        let squares = oceans::squares();
        let mut grid = [[NONE; oceans::SIDE]; oceans::SIDE];
        for (id, square) in squares.iter().enumerate() {
            grid[square.at.0][square.at.1] = id as CellId;
        }
        let places: Vec<Place> = squares.iter().map(|s| s.place).collect();
        let next = squares
            .iter()
            .enumerate()
            .map(|(id, square)| {
                DIRECTIONS.map(|(dr, dc)| {
                    let r = square.at.0 as i32 + i32::from(dr);
                    let c = square.at.1 as i32 + i32::from(dc);
                    let side = oceans::SIDE as i32;
                    if !(0..side).contains(&r) || !(0..side).contains(&c) {
                        return NONE;
                    }
                    let to = grid[r as usize][c as usize];
                    if to != NONE && open_between(places[id], places[usize::from(to)]) { to } else { NONE }
                })
            })
            .collect();
        let names: Vec<Cell> =
            squares.iter().map(|s| s.label.parse::<Cell>().expect("square names are cell names")).collect();
        let ids = names.iter().enumerate().map(|(id, name)| (*name, id as CellId)).collect();
        let submarines = (0..squares.len())
            .filter(|id| matches!(places[*id], Place::Ocean { number: 2 | 9 | 12 | 20, .. }))
            .map(|id| id as CellId)
            .collect();
        let at = squares.iter().map(|s| s.at).collect();
        let mut board = Board {
            names,
            ids,
            next,
            places,
            submarines,
            at,
            ports: Vec::new(),
            mouths: Vec::new(),
            in_mouth: Vec::new(),
            approaches: Vec::new(),
            closings: Vec::new(),
        };
        board.ports = Country::ALL.iter().map(|c| board.find_open_ports(*c)).collect();
        board.mouths = Country::ALL.iter().map(|c| board.find_mouth(*c)).collect();
        board.in_mouth = board.ids().map(|id| board.mouths.iter().any(|m| m.contains(&id))).collect();
        board.approaches = Country::ALL
            .iter()
            .map(|c| board.walk(board.open_ports(*c).into_iter().chain(board.mouth(*c).iter().copied())))
            .collect();
        board.closings =
            Country::ALL.iter().map(|c| board.walk(board.open_ports(*c).into_iter().chain(board.fronts(*c)))).collect();
        board
    }

    /// How many squares.
    pub fn len(&self) -> usize {
        self.places.len()
    }

    /// What square `id` is.
    pub fn place(&self, id: CellId) -> Place {
        self.places[usize::from(id)]
    }

    /// The square one step from `id` in direction `d` through an open side,
    /// or [`NONE`].
    #[inline]
    pub fn step(&self, id: CellId, d: usize) -> CellId {
        self.next[usize::from(id)][d]
    }

    /// The square's name.
    pub fn name(&self, id: CellId) -> Cell {
        self.names[usize::from(id)]
    }

    /// The square named `cell`, if the board has it.
    pub fn id(&self, cell: Cell) -> Option<CellId> {
        self.ids.get(&cell).copied()
    }

    /// Whether a battleship may stand on `id`: water (an ocean, the safety
    /// zone) or a seaport square, never a home area beyond its seaport.
    pub fn battleship_may_stand(&self, id: CellId) -> bool {
        match self.place(id) {
            Place::Ocean { .. } | Place::Zone => true,
            Place::Home { role, .. } => matches!(role, Role::OpenPort | Role::ClosedPort),
        }
    }

    /// Whether a transport (supply ship) may stand on `id`: anywhere but a
    /// plane base.
    pub fn transport_may_stand(&self, id: CellId) -> bool {
        !matches!(self.place(id), Place::Home { role: Role::PlaneBase, .. })
    }

    /// Whether `id` is in the safety zone.
    pub fn in_zone(&self, id: CellId) -> bool {
        matches!(self.place(id), Place::Zone)
    }

    /// The country whose home area `id` is in, if any.
    pub fn home_of(&self, id: CellId) -> Option<Country> {
        match self.place(id) {
            Place::Home { country, .. } => Some(country),
            _ => None,
        }
    }

    /// Whether `id` is one of the four squares of `country`'s seaport.
    pub fn in_seaport(&self, id: CellId, country: Country) -> bool {
        matches!(self.place(id), Place::Home { country: c, role: Role::OpenPort | Role::ClosedPort } if c == country)
    }

    /// The squares of `country`'s home area.
    pub fn home(&self, country: Country) -> impl Iterator<Item = CellId> + '_ {
        self.ids().filter(move |id| self.home_of(*id) == Some(country))
    }

    /// The four squares of `country`'s seaport.
    pub fn seaport(&self, country: Country) -> impl Iterator<Item = CellId> + '_ {
        self.ids().filter(move |id| self.in_seaport(*id, country))
    }

    /// The two open centre squares of `country`'s seaport, the only way in
    /// or out of its home area (Fig. G).
    pub fn open_ports(&self, country: Country) -> [CellId; 2] {
        self.ports[country as usize]
    }

    fn find_open_ports(&self, country: Country) -> [CellId; 2] {
        let mut open = self
            .ids()
            .filter(|id| matches!(self.place(*id), Place::Home { country: c, role: Role::OpenPort } if c == country));
        [open.next().expect("two open port squares"), open.next().expect("two open port squares")]
    }

    /// The sea squares that touch `country`'s open port squares: the two
    /// directly in front of them and one beside each (design §3.3: #3, #4
    /// of one ocean, #18, #15 of the next).
    pub fn mouth(&self, country: Country) -> &[CellId] {
        &self.mouths[country as usize]
    }

    fn find_mouth(&self, country: Country) -> Vec<CellId> {
        let mut mouth: Vec<CellId> = self
            .open_ports(country)
            .iter()
            .flat_map(|port| (0..8).map(|d| self.step(*port, d)))
            .filter(|id| *id != NONE && self.home_of(*id).is_none())
            .collect();
        mouth.sort_unstable();
        mouth.dedup();
        mouth
    }

    /// How many one-square steps a battleship on `id` needs to reach one of
    /// `country`'s open port squares or the sea squares touching them, where
    /// a blockade of `country` is made; `u8::MAX` where no battleship can
    /// stand or none could get there.
    pub fn approach(&self, country: Country, id: CellId) -> u8 {
        self.approaches[country as usize][usize::from(id)]
    }

    /// How many one-square steps a battleship on `id` needs to reach one of
    /// `country`'s open port squares or the squares in front of them, the
    /// squares that close its seaport under rules version 2 (Rule 13, as
    /// ruled in docs/rules/tactics1940.md); `u8::MAX` as for
    /// [`Board::approach`].
    pub fn closing(&self, country: Country, id: CellId) -> u8 {
        self.closings[country as usize][usize::from(id)]
    }

    /// How many steps from each square to the nearest of `targets`, walking
    /// over the squares a battleship may stand on.
    fn walk(&self, targets: impl Iterator<Item = CellId>) -> Vec<u8> {
        let mut steps = vec![u8::MAX; self.len()];
        let mut next: VecDeque<CellId> = targets.collect();
        for id in &next {
            steps[usize::from(*id)] = 0;
        }
        while let Some(id) = next.pop_front() {
            let far = steps[usize::from(id)].saturating_add(1);
            for d in 0..8 {
                let to = self.step(id, d);
                if to != NONE && self.battleship_may_stand(to) && steps[usize::from(to)] == u8::MAX {
                    steps[usize::from(to)] = far;
                    next.push_back(to);
                }
            }
        }
        steps
    }

    /// Square `id`'s row and column (row 0 along North's edge).
    pub fn at(&self, id: CellId) -> (usize, usize) {
        self.at[usize::from(id)]
    }

    /// Whether `id` touches any seaport's open square from the sea.
    pub fn in_a_mouth(&self, id: CellId) -> bool {
        self.in_mouth[usize::from(id)]
    }

    /// The two squares directly in front of `country`'s open port squares.
    pub fn fronts(&self, country: Country) -> [CellId; 2] {
        let d = self.seaward(country);
        self.open_ports(country).map(|port| self.step(port, d))
    }

    /// The straight direction from `country`'s home area out to sea.
    pub fn seaward(&self, country: Country) -> usize {
        match country {
            Country::North => 4,
            Country::East => 6,
            Country::South => 0,
            Country::West => 2,
        }
    }

    /// The squares a submarine card may name.
    pub fn submarine_squares(&self) -> &[CellId] {
        &self.submarines
    }

    /// Every square's id.
    pub fn ids(&self) -> impl Iterator<Item = CellId> + use<> {
        0..self.places.len() as CellId
    }
}

/// Whether two squares side by side (or corner to corner) are open to each
/// other: within the sea and the safety zone always (the ocean dividers
/// only mark the numbering), within one home area always, and across a home
/// area's edge only at its two open seaport squares.
fn open_between(a: Place, b: Place) -> bool {
    match (a, b) {
        (Place::Home { country: x, .. }, Place::Home { country: y, .. }) => x == y,
        (Place::Home { role, .. }, _) | (_, Place::Home { role, .. }) => role == Role::OpenPort,
        _ => true,
    }
}

/// Whether direction `d` is straight (rank or file), the only way a
/// transport steps but out of the safety zone.
pub const fn straight(d: usize) -> bool {
    d % 2 == 0
}
