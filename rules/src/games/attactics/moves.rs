//! How pieces move: a move is a walk of exactly its count of squares, rank
//! and file (the Master also diagonally), through open sides of the maze,
//! over empty squares only, never stepping straight back onto the square it
//! just left, ending on an empty square or on an opponent's piece, which it
//! captures. Which counts a throw gives each kind is here too.

use super::board::{self, Board, Entry};
use super::square_set::SquareSet;
use super::{Attactics, AttacticsAction, Kind, Phase};
use crate::layout::CellId;
use crate::seat::Seat;

/// The most squares a move covers: the sum of two sixes, or 15 points.
pub(super) const LONGEST: u8 = 15;

/// Where the pieces stand, as the walks of one listing of moves need it.
pub(super) struct Crowd {
    /// Every square a piece stands on.
    taken: SquareSet,
    /// The squares of the mover's own pieces.
    own: SquareSet,
    /// The squares of pieces the mover may capture.
    opponents: SquareSet,
}

impl<const RULES: u32> Attactics<RULES> {
    /// Every square a piece stands on.
    pub(super) fn taken(&self) -> SquareSet {
        self.placed.iter().fold(SquareSet::EMPTY, |taken, placed| taken | *placed)
    }

    /// Where the pieces stand, for moves of `seat`.
    pub(super) fn crowd(&self, seat: Seat) -> Crowd {
        let mut crowd = Crowd { taken: self.taken(), own: self.placed[seat.index()], opponents: SquareSet::EMPTY };
        for (other, placed) in self.placed.iter().enumerate() {
            if self.is_opponent(seat, Seat(other as u8)) {
                crowd.opponents |= *placed;
            }
        }
        crowd
    }

    /// Where a `kind` of `seat` starting on `start` can end after exactly
    /// one of `counts` steps, as `(count, square)`, sorted, each once; with
    /// `first`, only whether it can (the walk stops at the first step that
    /// ends somewhere).
    pub(super) fn walks(&self, seat: Seat, kind: Kind, start: CellId, counts: &[u8], first: bool) -> Vec<(u8, CellId)> {
        self.walks_among(&self.crowd(seat), kind, start, counts, first)
    }

    /// [`Attactics::walks`] among pieces already found. A walk is followed
    /// a step at a time for all its branches at once: per direction, the
    /// set of squares the last step reached going that way, since the next
    /// step may go any way but straight back.
    fn walks_among(&self, crowd: &Crowd, kind: Kind, start: CellId, counts: &[u8], first: bool) -> Vec<(u8, CellId)> {
        let board = Board::get();
        let longest = counts.iter().copied().max().unwrap_or(0).min(LONGEST);
        let start_set = SquareSet::of(start);
        // The square the mover leaves counts as empty.
        let taken = crowd.taken & !start_set;
        let empty = !taken;
        let centre = board.centre();
        let directions = kind.directions();
        let mut open_from = [SquareSet::EMPTY; 8];
        for &d in directions {
            open_from[d] = board.open_from(d, taken);
        }
        let mut out = Vec::new();
        // The squares of Maze Center a Monarch's walk has entered so far:
        // ends for this count and every longer one.
        let mut inside = SquareSet::EMPTY;
        // Per direction, the squares the last step reached going that way,
        // and those this step reaches.
        let mut sets = [[SquareSet::EMPTY; 8]; 2];
        let mut last = 0;
        for step in 1..=longest {
            if first && !(out.is_empty() && inside.is_empty()) {
                break;
            }
            let [even, odd] = &mut sets;
            let (reached, next) = if step % 2 == 0 { (&*odd, even) } else { (&*even, odd) };
            let ends_here = counts.contains(&step);
            let mut ended = SquareSet::EMPTY;
            for &d in directions {
                let back = (d + 4) % 8;
                let leaving = if step == 1 {
                    start_set
                } else {
                    directions.iter().filter(|e| **e != back).fold(SquareSet::EMPTY, |set, e| set | reached[*e])
                };
                let arrived = (leaving & open_from[d]).shifted(board::OFFSETS[d]);
                // Only a Monarch enters Maze Center, and the rest of its
                // count is walked inside (docs/rules/attactics.md).
                if kind == Kind::Monarch {
                    inside |= arrived & centre;
                }
                let outside = arrived & !centre;
                if ends_here {
                    ended |= (outside & crowd.opponents) | (outside & empty & !start_set);
                }
                next[d] = outside & empty;
            }
            if ends_here {
                out.extend((ended | inside).iter().map(|to| (step, to)));
            }
            last = step;
            if directions.iter().all(|d| next[*d].is_empty()) {
                break;
            }
        }
        // Longer counts end only in Maze Center, entered on the way.
        for count in last + 1..=LONGEST {
            if counts.contains(&count) {
                out.extend(inside.iter().map(|to| (count, to)));
            }
        }
        out
    }

    /// The counts a `kind` may move on the throw now, given what is left
    /// of it. Empty when the kind may not move.
    pub(super) fn counts(&self, kind: Kind) -> Vec<u8> {
        let Some(dice) = self.dice else { return Vec::new() };
        let (a, b) = (dice.0, dice.1);
        let whole = self.left == [true, true];
        if self.one_due {
            // The one is the Monarch's alone: one square, two on double
            // ones, or three on 1/2 (the Monarch-Sequence).
            return match kind {
                Kind::Monarch if a == 1 && b == 1 => vec![2],
                Kind::Monarch if a + b == 3 => vec![1, 3],
                Kind::Monarch => vec![1],
                _ => Vec::new(),
            };
        }
        let single: Vec<u8> = [a, b]
            .iter()
            .zip(self.left)
            .filter(|(value, left)| *left && **value != 1)
            .map(|(value, _)| *value)
            .collect();
        let no_one = a != 1 && b != 1;
        let sum = (whole && no_one).then_some(a + b);
        let mut counts = match kind {
            Kind::Monarch => {
                // From the third double in succession it may move the sum.
                if whole && dice.is_double() && self.chain >= 3 { vec![a + b] } else { Vec::new() }
            }
            Kind::Master if dice.is_sequence() => single.into_iter().chain(sum).collect(),
            Kind::Master => Vec::new(),
            Kind::Major => single.into_iter().chain(sum).collect(),
            Kind::Minor => single.into_iter().chain(sum.filter(|_| dice.is_double())).collect(),
        };
        counts.sort_unstable();
        counts.dedup();
        counts
    }

    /// The corners `seat` may bring pieces in from.
    pub(super) fn entry_corners(&self, seat: Seat) -> impl Iterator<Item = u8> + use<RULES> {
        let own = self.corner[seat.index()];
        let opposite = (self.mid == Some(seat)).then_some((own + 2) % 4);
        std::iter::once(own).chain(opposite)
    }

    /// How many counts (and, coming in, kinds) a move of `seat` from
    /// `from` may choose between: the pieces in hand that enter there, or
    /// the piece standing there.
    pub(super) fn choices_from(&self, seat: Seat, kind: Kind, from: CellId, enter: bool) -> usize {
        if !enter {
            return self.counts(kind).len();
        }
        let enters_here = |other: &Kind| {
            self.entry_corners(seat).any(|corner| other.entries().iter().any(|entry| entry.square(corner) == from))
        };
        Kind::ALL
            .iter()
            .filter(|other| self.hand[seat.index()][**other as usize] > 0 && enters_here(other))
            .map(|other| self.counts(*other).len())
            .sum()
    }

    /// Whether `seat` has a move with what is left of the throw.
    pub(super) fn can_move(&self, seat: Seat) -> bool {
        let mut out = Vec::new();
        self.dice_moves_of(seat, &mut out, true);
        !out.is_empty()
    }

    /// The moves `seat` may make with what is left of the throw.
    pub(super) fn dice_moves(&self, seat: Seat, out: &mut Vec<AttacticsAction>) {
        self.dice_moves_of(seat, out, false);
    }

    /// The moves, or with `first` at least one move if there is any.
    fn dice_moves_of(&self, seat: Seat, out: &mut Vec<AttacticsAction>, first: bool) {
        if self.phase != Phase::Moving {
            return;
        }
        let mut by_kind: [Option<Vec<u8>>; 4] = Default::default();
        let mut counts_of = |kind: Kind| by_kind[kind as usize].get_or_insert_with(|| self.counts(kind)).clone();
        let crowd = self.crowd(seat);
        for id in crowd.own.iter() {
            let Some(piece) = self.squares[usize::from(id)] else { continue };
            if self.moved.contains(&id) {
                continue;
            }
            let counts = counts_of(piece.kind);
            if counts.is_empty() {
                continue;
            }
            for (count, to) in self.walks_among(&crowd, piece.kind, id, &counts, first) {
                out.push(AttacticsAction::Move {
                    kind: piece.kind,
                    from: board::name(id),
                    enter: false,
                    count,
                    to: board::name(to),
                });
            }
            if first && !out.is_empty() {
                return;
            }
        }
        for kind in Kind::ALL {
            if self.hand[seat.index()][kind as usize] == 0 {
                continue;
            }
            let counts = counts_of(kind);
            if counts.is_empty() {
                continue;
            }
            for corner in self.entry_corners(seat) {
                for entry in kind.entries() {
                    let at = entry.square(corner);
                    if self.squares[usize::from(at)].is_some() {
                        continue;
                    }
                    for (count, to) in self.walks_among(&crowd, kind, at, &counts, first) {
                        out.push(AttacticsAction::Move {
                            kind,
                            from: board::name(at),
                            enter: true,
                            count,
                            to: board::name(to),
                        });
                    }
                    if first && !out.is_empty() {
                        return;
                    }
                }
            }
        }
    }

    /// The points moves `seat`'s Monarch may make before the throw.
    pub(super) fn points_moves(&self, seat: Seat, out: &mut Vec<AttacticsAction>) {
        self.points_moves_of(seat, out, false);
    }

    /// Whether `seat`'s Monarch can make a points move.
    pub(super) fn can_spend(&self, seat: Seat) -> bool {
        let mut out = Vec::new();
        self.points_moves_of(seat, &mut out, true);
        !out.is_empty()
    }

    fn points_moves_of(&self, seat: Seat, out: &mut Vec<AttacticsAction>, first: bool) {
        let points = self.points[seat.index()];
        if points == 0 {
            return;
        }
        let Some(from) = self.monarch_at(seat) else { return };
        let counts: Vec<u8> = (1..=points).collect();
        for (count, to) in self.walks(seat, Kind::Monarch, from, &counts, first) {
            out.push(AttacticsAction::Points { from: board::name(from), to: board::name(to), points: count });
        }
    }

    /// Where `seat`'s Monarch stands.
    pub(super) fn monarch_at(&self, seat: Seat) -> Option<CellId> {
        self.squares
            .iter()
            .position(|s| s.is_some_and(|p| p.owner == seat && p.kind == Kind::Monarch))
            .map(|i| i as CellId)
    }
}

impl Kind {
    /// The directions it steps in: rank and file, and for the Master the
    /// diagonals too (0 is north, clockwise by eighths).
    pub(super) const fn directions(self) -> &'static [usize] {
        match self {
            Kind::Master => &[0, 2, 4, 6, 1, 3, 5, 7],
            _ => &[0, 2, 4, 6],
        }
    }

    /// The entry squares a piece of this kind comes in by.
    pub const fn entries(self) -> &'static [Entry] {
        match self {
            Kind::Monarch | Kind::Master => &[Entry::Corner],
            Kind::Major => &[Entry::MidCorner],
            Kind::Minor => &[Entry::MidCorner, Entry::CentralCorner],
        }
    }
}
