//! Perft: counting the leaves of the tree of legal actions.
//!
//! Every action of every acting seat is a child, so for games with
//! multi-action turns the depth counts actions, not turns. The counts are the
//! standard way to check a move generator against others.

use crate::game::{Game, Status};

/// Leaf count `depth` actions deep, using only the public [`Game`] API.
/// The last level is counted with [`Game::count_legal`] without playing it.
pub fn generic_perft<G: Game>(state: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Status::Acting(seats) = state.status() else {
        return 0;
    };
    let mut total = 0;
    let mut actions = Vec::new();
    for seat in seats.iter() {
        if depth == 1 {
            total += state.count_legal(seat) as u64;
            continue;
        }
        actions.clear();
        state.legal_actions(seat, &mut actions);
        for action in &actions {
            let mut child = state.clone();
            child.play(seat, action);
            total += generic_perft(&child, depth - 1);
        }
    }
    total
}
