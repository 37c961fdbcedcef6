//! The walk a move takes, square by square: what a player sees of a move
//! before it is played (the path of the hover preview) and after (the
//! squares marked). The legal moves need only where a walk can end
//! (`moves.rs`); this finds one walk to each end, by the same steps.

use super::board::{self, Board, NONE, in_centre};
use super::moves::LONGEST;
use super::square_set::SquareSet;
use super::{Attactics, AttacticsAction, Kind};
use crate::layout::CellId;
use std::collections::HashMap;

/// A move played, kept as what finds its walk again: the walk is worked
/// out only when a view shows it, so the playouts of a search, which
/// nobody sees, never pay for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Walked {
    /// The piece that moved, which sets the directions it steps in.
    kind: Kind,
    /// The square it left.
    from: CellId,
    /// The steps it took: the die, the sum or the points.
    count: u8,
    /// The square it ended on.
    to: CellId,
    /// The squares pieces stood on when it was played.
    taken: SquareSet,
}

impl Walked {
    /// The squares it walked, in order, both ends included.
    pub(super) fn path(&self) -> Vec<CellId> {
        let mut walks = walks_taken(self.taken, self.kind, self.from, self.count, Some(self.to));
        walks.remove(&self.to).unwrap_or_else(|| no_walk(self.from, self.count, self.to))
    }
}

/// Marks, reused from walk to walk, of the squares a walk has reached.
struct Scratch {
    /// Per square and direction of arrival: the stamp of the step that
    /// last reached it so.
    seen: Vec<u32>,
    /// The stamp of the last walk's first step: a walk's steps stamp above
    /// it, so no mark of an earlier walk is ever taken for one of its own
    /// and `seen` is cleared only when the stamps run out.
    stamp: u32,
}

impl Scratch {
    /// A stamp for a new walk, leaving room for one per step after it.
    fn next_stamp(&mut self) -> u32 {
        let room = u32::from(LONGEST) + 1;
        if self.stamp > u32::MAX - 2 * room {
            self.seen.fill(0);
            self.stamp = 0;
        }
        self.stamp += room;
        self.stamp
    }
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> =
        std::cell::RefCell::new(Scratch { seen: vec![0; board::SQUARES * 8], stamp: 0 });
}

impl<const RULES: u32> Attactics<RULES> {
    /// The move `action` makes, asked before it is played; None for an
    /// action that moves nothing.
    pub(super) fn walked_by(&self, action: &AttacticsAction) -> Option<Walked> {
        let (kind, from, count, to) = walk_ends(action)?;
        Some(Walked { kind, from, count, to, taken: self.taken() })
    }

    /// The squares a move or a points move walks, in order (empty for
    /// actions that move nothing): the path shown before it is played and
    /// marked after. Asked before the action.
    fn walk_of(&self, action: &AttacticsAction) -> Vec<CellId> {
        self.walked_by(action).as_ref().map_or_else(Vec::new, Walked::path)
    }

    /// The squares the last move walked, marked for the players.
    pub(super) fn marks(&self) -> Vec<CellId> {
        self.walked.as_ref().map_or_else(Vec::new, Walked::path)
    }

    /// [`Attactics::walk_of`] for many actions at once: the actions of one
    /// piece and count share one search.
    pub(super) fn walks_of(&self, actions: &[AttacticsAction]) -> Vec<Vec<CellId>> {
        if let [one] = actions {
            return vec![self.walk_of(one)];
        }
        let taken = self.taken();
        let mut found: HashMap<(Kind, CellId, u8), HashMap<CellId, Vec<CellId>>> = HashMap::new();
        actions
            .iter()
            .map(|action| {
                let Some((kind, from, count, to)) = walk_ends(action) else { return Vec::new() };
                let walks =
                    found.entry((kind, from, count)).or_insert_with(|| walks_taken(taken, kind, from, count, None));
                walks.get(&to).cloned().unwrap_or_else(|| no_walk(from, count, to))
            })
            .collect()
    }
}

/// A legal move's walk that the search did not find: a bug, loud in
/// tests; in a release build the player sees the two ends.
fn no_walk(from: CellId, count: u8, to: CellId) -> Vec<CellId> {
    if cfg!(debug_assertions) {
        panic!("a legal move of {count} squares from {from} to {to} has a walk");
    }
    vec![from, to]
}

/// For each square a `kind` may end on from `start` after exactly `count`
/// steps (Maze Center after at most `count`), among pieces on `taken`, one
/// walk there, both ends included: what the players see of a move. Of
/// several walks to a square, the first found, rank and file before
/// diagonals. With `only` a square, the search stops at the first walk
/// there.
pub(super) fn walks_taken(
    taken: SquareSet,
    kind: Kind,
    start: CellId,
    count: u8,
    only: Option<CellId>,
) -> HashMap<CellId, Vec<CellId>> {
    SCRATCH.with_borrow_mut(|scratch| {
        let board = Board::get();
        let walk_stamp = scratch.next_stamp();
        let mut ends = HashMap::new();
        // Per step, each square reached and the index of the square it was
        // reached from in the step before.
        let mut steps: Vec<Vec<(CellId, usize)>> = vec![vec![(start, usize::MAX)]];
        for step in 1..=count.min(LONGEST) {
            let (earlier, last) = match steps.as_slice() {
                [.., earlier, last] => (Some(earlier), last),
                [last] => (None, last),
                [] => unreachable!("the walk starts with its first square"),
            };
            let mut next: Vec<(CellId, usize)> = Vec::new();
            let step_stamp = walk_stamp.wrapping_add(u32::from(step));
            for (index, &(here, from)) in last.iter().enumerate() {
                let before = earlier.map_or(NONE, |e| e[from].0);
                for &d in kind.directions() {
                    let square = step_from(board, taken, here, d, start);
                    if square == NONE || square == before {
                        continue;
                    }
                    let wanted = only.is_none_or(|to| to == square);
                    if (step == count || in_centre(square)) && wanted && !ends.contains_key(&square) {
                        ends.insert(square, path_to(&steps, index, square));
                        if only.is_some() {
                            return ends;
                        }
                    }
                    if step == count || in_centre(square) || blocked(taken, square, start) {
                        continue;
                    }
                    // The same square reached the same way is walked on once.
                    let key = usize::from(square) * 8 + d;
                    if scratch.seen[key] != step_stamp {
                        scratch.seen[key] = step_stamp;
                        next.push((square, index));
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            steps.push(next);
        }
        ends
    })
}

/// The walk that ends on `square`, reached from the square at `index` of
/// the last step in `steps`: each step's square, traced back to the start,
/// then put in walking order.
fn path_to(steps: &[Vec<(CellId, usize)>], index: usize, square: CellId) -> Vec<CellId> {
    let mut path = vec![square];
    let mut at = index;
    for reached in steps.iter().rev() {
        path.push(reached[at].0);
        at = reached[at].1;
    }
    path.reverse();
    path
}

/// The piece, start, count and end of an action that walks; None for one
/// that moves nothing or names a square off the board.
fn walk_ends(action: &AttacticsAction) -> Option<(Kind, CellId, u8, CellId)> {
    let (kind, from, count, to) = match action {
        AttacticsAction::Points { from, to, points } => (Kind::Monarch, from, *points, to),
        AttacticsAction::Move { kind, from, count, to, .. } => (*kind, from, *count, to),
        AttacticsAction::Roll | AttacticsAction::Squeeze { .. } | AttacticsAction::Stop => return None,
    };
    Some((kind, board::id(*from)?, count, board::id(*to)?))
}

/// The square a step from `here` in direction `d` reaches among pieces on
/// `taken`, or `NONE` when a wall or the board's edge stops it: rank and
/// file on even directions, a Master's diagonal on odd ones (closed by
/// walls and pieces beside it). `start`, the square the mover leaves, is
/// empty.
#[inline]
pub(super) fn step_from(board: &Board, taken: SquareSet, here: CellId, d: usize, start: CellId) -> CellId {
    if d % 2 == 0 {
        return board.step(here, d);
    }
    match board.diagonal(here, d) {
        Some(diagonal) => {
            let beside = diagonal.shoulders.map(|s| blocked(taken, s, start));
            if diagonal.closed_by(beside) { NONE } else { diagonal.to }
        }
        None => NONE,
    }
}

/// Whether a piece other than the mover's stands on `id` (`start`, the
/// square the mover leaves, counting as empty).
fn blocked(taken: SquareSet, id: CellId, start: CellId) -> bool {
    id != start && taken.contains(id)
}
