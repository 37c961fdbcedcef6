//! How pieces move: a move is a walk of exactly its count of squares, rank
//! and file (the Master also diagonally), through open sides of the maze,
//! over empty squares only, never stepping straight back onto the square it
//! just left, ending on an empty square or on an opponent's piece, which it
//! captures. Which counts a throw gives each kind is here too.

use super::board::{self, Board, Entry, NONE, in_centre};
use super::{Attactics, AttacticsAction, Kind, Phase};
use crate::layout::CellId;
use crate::seat::Seat;

/// The most squares a move covers: the sum of two sixes, or 15 points.
pub(super) const LONGEST: u8 = 15;

/// Reused buffers of the walks, so that a search for ends allocates
/// nothing but its answer: stamps mark what a walk (or one step of it) has
/// already seen.
pub(super) struct Scratch {
    /// Per square and direction of arrival: the stamp of the step that
    /// last reached it so.
    pub(super) seen: Vec<u32>,
    /// Per square and count: the stamp of the walk that last ended there.
    ended: Vec<u32>,
    frontier: Vec<(CellId, CellId)>,
    next: Vec<(CellId, CellId)>,
    stamp: u32,
}

impl Scratch {
    /// A stamp for a new walk, leaving room for one per step after it.
    pub(super) fn next_stamp(&mut self) -> u32 {
        let room = u32::from(LONGEST) + 1;
        if self.stamp > u32::MAX - 2 * room {
            self.seen.fill(0);
            self.ended.fill(0);
            self.stamp = 0;
        }
        self.stamp += room;
        self.stamp
    }
}

thread_local! {
    pub(super) static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch {
        seen: vec![0; board::SQUARES * 8],
        ended: vec![0; board::SQUARES * 16],
        frontier: Vec::new(),
        next: Vec::new(),
        stamp: 0,
    });
}

impl Attactics {
    /// Whether a piece other than the mover's stands on `id` (`start`, the
    /// square the mover leaves, counting as empty).
    pub(super) fn blocked(&self, id: CellId, start: CellId) -> bool {
        id != start && self.squares[usize::from(id)].is_some()
    }

    /// Where a `kind` of `seat` starting on `start` can end after exactly
    /// one of `counts` steps, as `(count, square)`, sorted, each once; with
    /// `first`, only whether it can (the walk stops at the first end found).
    pub(super) fn walks(&self, seat: Seat, kind: Kind, start: CellId, counts: &[u8], first: bool) -> Vec<(u8, CellId)> {
        SCRATCH.with(|scratch| self.walk(&mut scratch.borrow_mut(), seat, kind, start, counts, first))
    }

    fn walk(
        &self,
        scratch: &mut Scratch,
        seat: Seat,
        kind: Kind,
        start: CellId,
        counts: &[u8],
        first: bool,
    ) -> Vec<(u8, CellId)> {
        let board = Board::get();
        let mut ends = Vec::new();
        let longest = counts.iter().copied().max().unwrap_or(0).min(LONGEST);
        let directions = kind.directions();
        let walk_stamp = scratch.next_stamp();
        let Scratch { seen, ended, frontier, next, .. } = scratch;
        let mut end = |count: u8, to: CellId, ends: &mut Vec<(u8, CellId)>| {
            let key = usize::from(to) * 16 + usize::from(count);
            if ended[key] != walk_stamp {
                ended[key] = walk_stamp;
                ends.push((count, to));
            }
        };
        // (square, the square it was reached from)
        frontier.clear();
        frontier.push((start, NONE));
        for step in 1..=longest {
            if first && !ends.is_empty() {
                break;
            }
            let ends_here = counts.contains(&step);
            let step_stamp = walk_stamp.wrapping_add(u32::from(step));
            next.clear();
            for &(here, before) in frontier.iter() {
                for &d in directions {
                    let to = self.step_from(board, here, d, start);
                    if to == NONE || to == before {
                        continue;
                    }
                    if in_centre(to) {
                        // Only a Monarch enters Maze Center, and the rest of
                        // its count is walked inside (docs/rules/attactics.md).
                        if kind == Kind::Monarch {
                            for count in counts.iter().filter(|c| **c >= step) {
                                end(*count, to, &mut ends);
                            }
                        }
                        continue;
                    }
                    match self.squares[usize::from(to)] {
                        Some(piece) if to != start => {
                            if ends_here && self.is_opponent(seat, piece.owner) {
                                end(step, to, &mut ends);
                            }
                        }
                        _ => {
                            if ends_here && to != start {
                                end(step, to, &mut ends);
                            }
                            // The same square reached the same way is walked on once.
                            let key = usize::from(to) * 8 + d;
                            if seen[key] != step_stamp {
                                seen[key] = step_stamp;
                                next.push((to, here));
                            }
                        }
                    }
                }
            }
            std::mem::swap(frontier, next);
            if frontier.is_empty() {
                break;
            }
        }
        ends.sort_unstable();
        ends
    }

    /// The square a step from `here` in direction `d` reaches, or `NONE`
    /// when a wall or the board's edge stops it: rank and file on even
    /// directions, a Master's diagonal on odd ones (closed by walls and
    /// pieces beside it). `start`, the square the mover leaves, is empty.
    #[inline]
    pub(super) fn step_from(&self, board: &Board, here: CellId, d: usize, start: CellId) -> CellId {
        if d % 2 == 0 {
            return board.step(here, d);
        }
        match board.diagonal(here, d) {
            Some(diagonal) => {
                let taken = diagonal.shoulders.map(|s| self.blocked(s, start));
                if diagonal.closed_by(taken) { NONE } else { diagonal.to }
            }
            None => NONE,
        }
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
    pub(super) fn entry_corners(&self, seat: Seat) -> impl Iterator<Item = u8> + use<> {
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
        for (id, square) in self.squares.iter().enumerate() {
            let Some(piece) = square else { continue };
            let id = id as CellId;
            if piece.owner != seat || self.moved.contains(&id) {
                continue;
            }
            let counts = counts_of(piece.kind);
            if counts.is_empty() {
                continue;
            }
            for (count, to) in self.walks(seat, piece.kind, id, &counts, first) {
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
                    for (count, to) in self.walks(seat, kind, at, &counts, first) {
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
