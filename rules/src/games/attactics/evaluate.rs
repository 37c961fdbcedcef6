//! How an unfinished ATTACTICS match stands, for the bots' search, which
//! cannot play random games of 6,000 to 10,000 actions to their end: a
//! side is ahead by the worth of its pieces still in the game and by how
//! near its nearest Monarch is to Maze Center, through the maze. And which
//! actions a search tries first: those that gain points or bring a Monarch
//! nearer Maze Center.

use super::board::{self, Board, NONE, SQUARES};
use super::{Attactics, AttacticsAction, Kind};
use crate::bot::search::standing;
use crate::game::Game;
use crate::layout::CellId;
use crate::seat::Seat;
use std::collections::VecDeque;
use std::sync::OnceLock;

/// What a Monarch standing on Maze Center's doorstep is worth over one
/// at the farthest square, in points of pieces (a Master is 2).
const MONARCH_PROGRESS: f64 = 12.0;

/// A lead worth about three to one, in the same points.
const LEAD: f64 = 6.0;

/// How much more a point of a capture counts, in [`Attactics::worth_trying`],
/// than a step a Monarch comes nearer Maze Center.
const POINT: u32 = 4;

/// Rank-and-file steps from each square to Maze Center through the maze
/// (`u16::MAX` where it cannot be reached).
fn steps_to_centre() -> &'static [u16] {
    static STEPS: OnceLock<Vec<u16>> = OnceLock::new();
    STEPS.get_or_init(|| {
        let board = Board::get();
        // Who steps onto each square: walking them back from Maze Center.
        let mut into: Vec<Vec<CellId>> = vec![Vec::new(); SQUARES];
        for id in 0..SQUARES as CellId {
            for d in (0..8).step_by(2) {
                let to = board.step(id, d);
                if to != NONE {
                    into[usize::from(to)].push(id);
                }
            }
        }
        let mut steps = vec![u16::MAX; SQUARES];
        let mut queue: VecDeque<CellId> = board::CENTRE.into_iter().collect();
        for id in board::CENTRE {
            steps[usize::from(id)] = 0;
        }
        while let Some(id) = queue.pop_front() {
            for &from in &into[usize::from(id)] {
                if steps[usize::from(from)] == u16::MAX {
                    steps[usize::from(from)] = steps[usize::from(id)] + 1;
                    queue.push_back(from);
                }
            }
        }
        steps
    })
}

impl<const RULES: u32> Attactics<RULES> {
    /// Each seat's standing: the points of its pieces on the board and still
    /// to come in, plus up to [`MONARCH_PROGRESS`] for its Monarch nearest
    /// Maze Center; a seat out of the game has none. Allies stand together.
    pub(super) fn standing(&self) -> Vec<f64> {
        let steps = steps_to_centre();
        let farthest = f64::from(*steps.iter().filter(|s| **s != u16::MAX).max().unwrap_or(&1));
        let seats = self.seat_count();
        let mut worth = vec![0.0; seats];
        let mut nearest = vec![f64::INFINITY; seats];
        for (id, piece) in self.squares.iter().enumerate() {
            let Some(piece) = piece else { continue };
            let seat = piece.owner.index();
            worth[seat] += f64::from(piece.kind.value());
            if piece.kind == Kind::Monarch && steps[id] != u16::MAX {
                nearest[seat] = nearest[seat].min(f64::from(steps[id]));
            }
        }
        let in_play = self.in_play();
        let scores: Vec<f64> = (0..seats)
            .map(|seat| {
                if !in_play.contains(Seat(seat as u8)) {
                    return 0.0;
                }
                let hand: f64 = Kind::ALL.iter().map(|k| f64::from(self.hand[seat][*k as usize] * k.value())).sum();
                let progress = if nearest[seat].is_finite() { 1.0 - nearest[seat] / farthest } else { 0.0 };
                worth[seat] + hand + MONARCH_PROGRESS * progress
            })
            .collect();
        standing(&scores, &self.options.allies.teams(), LEAD)
    }

    /// The priority of `seat`'s `action` for a search that tries the best
    /// first ([`Game::priority`]): [`POINT`] for each point the piece it
    /// captures is worth to `seat` where it stands (the piece a Squeeze Play
    /// announces is worth as much, taken if its owner cannot free it), plus
    /// the steps the Monarch it moves comes nearer Maze Center, and above
    /// all a Monarch's move into Maze Center, which wins. A guide, not the
    /// score: the 15-point ceiling is not applied, and a three-player
    /// mid-player's Monarch capturing as it comes in is counted in the
    /// quadrant it had before.
    pub(super) fn worth_trying(&self, seat: Seat, action: &AttacticsAction) -> u32 {
        let id = |cell| board::id(cell).unwrap_or(0);
        let captured = |at: CellId| match self.squares[usize::from(at)] {
            Some(piece) if self.is_opponent(seat, piece.owner) => {
                POINT * u32::from(self.capture_points(seat, piece.kind, at))
            }
            _ => 0,
        };
        let nearer = |from: CellId, to: CellId| {
            if board::in_centre(to) {
                return u32::MAX / 2;
            }
            // A walk from a square cut off from Maze Center ends on another
            // such (both `u16::MAX`): no way gained.
            let steps = steps_to_centre();
            u32::from(steps[usize::from(from)].saturating_sub(steps[usize::from(to)]))
        };
        match *action {
            AttacticsAction::Points { from, to, .. } => captured(id(to)) + nearer(id(from), id(to)),
            AttacticsAction::Move { kind, from, to, .. } => {
                let progress = if kind == Kind::Monarch { nearer(id(from), id(to)) } else { 0 };
                captured(id(to)) + progress
            }
            AttacticsAction::Squeeze { target } => captured(id(target)),
            AttacticsAction::Roll | AttacticsAction::Stop => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maze_center_is_reached_from_every_corner_and_its_doorsteps_are_one_step_away() {
        let steps = steps_to_centre();
        for corner in 0..4 {
            let entry = board::Entry::Corner.square(corner);
            assert!(steps[usize::from(entry)] != u16::MAX && steps[usize::from(entry)] > 20, "corner {corner}");
        }
        assert_eq!(steps[usize::from(board::square(16, 17))], 1);
    }

    #[test]
    fn a_monarchs_move_is_worth_trying_by_the_steps_it_gains_and_its_capture_by_the_points() {
        let steps = steps_to_centre();
        let doorstep = board::square(16, 17);
        let far = (0..SQUARES as CellId).find(|id| steps[usize::from(*id)] == 4).expect("a square four steps out");
        let mut state = <Attactics>::new(&Default::default()).unwrap();
        let (from, to) = (board::name(far), board::name(doorstep));
        let walk = AttacticsAction::Move { kind: Kind::Monarch, from, enter: false, count: 3, to };
        assert_eq!(state.worth_trying(Seat(0), &walk), 3, "three steps nearer");
        let back = AttacticsAction::Move { kind: Kind::Monarch, from: to, enter: false, count: 3, to: from };
        assert_eq!(state.worth_trying(Seat(0), &back), 0, "farther gains nothing");
        let minor = AttacticsAction::Move { kind: Kind::Minor, from, enter: false, count: 3, to };
        assert_eq!(state.worth_trying(Seat(0), &minor), 0, "only a Monarch's way counts");
        state.put(doorstep, Some(super::super::Piece { owner: Seat(1), kind: Kind::Major }));
        let spend = AttacticsAction::Points { from, to, points: 3 };
        let points = u32::from(Kind::Major.value() * board::multiplier(state.home(Seat(0)), doorstep));
        assert_eq!(state.worth_trying(Seat(0), &spend), POINT * points + 3, "the Major's points, and the way");
    }
}
