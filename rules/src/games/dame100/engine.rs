//! Dame 100's own searcher, which the strong bot plays with instead of the
//! generic engine ([`crate::bot::search`]): in a game of perfect
//! information with forcing captures, a classical alpha-beta search on the
//! bitboard generator looks much deeper than random playouts can.
//!
//! - **Iterative deepening** one ply at a time, the best move of each depth
//!   searched first at the next, so that a search stopped at any moment
//!   answers with the best move of the deepest depth it finished (or a
//!   better one the unfinished depth had already proved).
//! - **Principal variation search**: the first move with the full window,
//!   the others with a null window, searched again only if they beat it.
//! - **Quiet leaves only**: at depth 0 a position in which the side to move
//!   must capture is searched on (captures are compulsory, so that is every
//!   move there), and a move that is the only legal one costs no depth.
//! - **A transposition table** keyed by the position, keeping each
//!   position's bound and best move; **history** ordering of quiet moves;
//!   late quiet moves searched a ply shallower first (late move reduction).
//! - **Repetition**: a position met again on the line from the game's last
//!   man move or capture is scored as a draw.
//!
//! The search counts the positions it visits and stops at a budget, so the
//! same budget gives the same move (arena runs repeat); the root's moves
//! are shuffled from the bot's stream first, so equal moves vary between
//! games. It also stops when its caller says the time is up.

use super::eval::evaluate;
use super::position::{Move, Position};
use crate::chance::SeedStream;
use crate::games::two_seats::BLACK;
use std::cmp::Reverse;

/// A score beyond any evaluation: the side to move has lost, `MATE - ply`
/// plies from the root.
const MATE: i32 = 30_000;
/// Scores above this are wins found by the search (or losses, negated).
const MATE_BOUND: i32 = MATE - 1_000;
/// The deepest line the search follows.
const MAX_PLY: usize = 96;
/// Entries of the transposition table, a power of two (about 10 MB).
const TABLE_SIZE: usize = 1 << 18;
/// Positions visited between two questions to the caller whether to stop.
const STOP_EVERY: u64 = 1 << 10;

/// What a search found.
#[derive(Clone, Copy, Debug)]
pub struct Searched {
    /// The move to play.
    pub best: Move,
    /// Its score for the side to move, in hundredths of a man
    /// ([`super::eval`]); beyond ±29,000 a forced win or loss.
    pub score: i32,
    /// The deepest depth, in plies, searched to the end.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

/// Searches `position` (in which the side to move has at least one legal
/// move) visiting at most `max_nodes` positions (at least the first depth
/// is always finished) and asking `stop` now and then whether to end.
/// `earlier` holds the game's positions since its last man move or capture,
/// for repetitions.
pub fn search(
    position: &Position,
    earlier: &[Position],
    max_nodes: u64,
    stream: &mut SeedStream,
    stop: &dyn Fn() -> bool,
) -> Searched {
    search_to(position, earlier, (max_nodes, MAX_PLY as u32 - 1), false, stream, stop)
}

/// [`search`], deepening to at most `max_depth` plies, `exact` or not
/// (see [`Searcher::exact`]).
fn search_to(
    position: &Position,
    earlier: &[Position],
    (max_nodes, max_depth): (u64, u32),
    exact: bool,
    stream: &mut SeedStream,
    stop: &dyn Fn() -> bool,
) -> Searched {
    let mut root = Vec::new();
    position.legal_moves(&mut root);
    assert!(!root.is_empty(), "the side to move has a legal move");
    stream.shuffle(&mut root);
    let mut searcher = Searcher {
        table: if exact { Vec::new() } else { vec![None; TABLE_SIZE] },
        exact,
        history: [[0; 50]; 50],
        line: earlier.iter().map(key).collect(),
        buffers: vec![Vec::new(); MAX_PLY + 1],
        nodes: 0,
        max_nodes,
        depth: 0,
        stop,
        stopped: false,
    };
    let mut found = Searched { best: root[0], score: 0, depth: 0, nodes: 0 };
    if root.len() == 1 {
        return found;
    }
    let mut scores = vec![0; root.len()];
    for depth in 1..=max_depth.max(1) {
        searcher.depth = depth;
        let (mut alpha, beta) = (-MATE, MATE);
        let mut best: Option<(usize, i32)> = None;
        for (i, m) in root.iter().enumerate() {
            let mut child = *position;
            child.play(m);
            let next = depth as i32 - 1;
            let score = if i == 0 {
                -searcher.principal(&child, next, -beta, -alpha, 1, true)
            } else {
                let probe = -searcher.principal(&child, next, -alpha - 1, -alpha, 1, false);
                if probe > alpha && !searcher.stopped {
                    -searcher.principal(&child, next, -beta, -alpha, 1, true)
                } else {
                    probe
                }
            };
            if searcher.stopped {
                break;
            }
            scores[i] = score;
            if score > alpha {
                alpha = score;
                best = Some((i, score));
            }
        }
        if let Some((i, score)) = best {
            // A move proved better than all before it, even at an unfinished depth.
            found.best = root[i];
            found.score = score;
        }
        if searcher.stopped {
            break;
        }
        found.depth = depth;
        if found.score.abs() > MATE_BOUND {
            break;
        }
        // Best first next time; moves that failed low keep their order.
        let mut order: Vec<usize> = (0..root.len()).collect();
        order.sort_by_key(|&i| Reverse(if Some(i) == best.map(|b| b.0) { MATE + 1 } else { scores[i] }));
        root = order.iter().map(|&i| root[i]).collect();
        scores = order.iter().map(|&i| scores[i]).collect();
    }
    found.nodes = searcher.nodes;
    found
}

/// Whether a stored score is exact or a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (every move failed low).
    Upper,
}

/// What the table keeps of a searched position.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    depth: i32,
    score: i32,
    bound: Bound,
    best: Option<Move>,
}

struct Searcher<'s> {
    /// `TABLE_SIZE` entries, or none in an exact search.
    table: Vec<Option<Entry>>,
    /// No table and no reductions: each depth's score is then exactly the
    /// minimax score (the tests check the pruning against that).
    exact: bool,
    /// How often a quiet move from one square to another cut the search
    /// off, weighted by depth: the order of quiet moves.
    history: [[u32; 50]; 50],
    /// Keys of the positions from the game's last irreversible move to the
    /// one being searched.
    line: Vec<u64>,
    /// One move list per ply, reused.
    buffers: Vec<Vec<Move>>,
    nodes: u64,
    max_nodes: u64,
    /// The depth being searched from the root. The first is never cut
    /// short, by the budget or by `stop`, so that there is a searched move
    /// to play.
    depth: u32,
    stop: &'s dyn Fn() -> bool,
    /// Set once the budget is spent or `stop` said so: every score after
    /// it is meaningless and the search unwinds.
    stopped: bool,
}

impl Searcher<'_> {
    /// The score of `position` for its side to move, searched `depth` plies
    /// deep (beyond that only captures), within the window (`alpha`,
    /// `beta`). `pv` is whether this is the line with the full window.
    fn principal(&mut self, position: &Position, depth: i32, mut alpha: i32, beta: i32, ply: usize, pv: bool) -> i32 {
        if self.stopped {
            return 0;
        }
        self.nodes += 1;
        let spent = self.nodes >= self.max_nodes || (self.nodes % STOP_EVERY == 0 && (self.stop)());
        if spent && self.depth > 1 {
            self.stopped = true;
            return 0;
        }
        let key = key(position);
        if position.kings != 0 && self.line.iter().rev().skip(1).step_by(2).any(|k| *k == key) {
            // The same side to move, on the same squares: a repetition.
            return 0;
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        position.legal_moves(&mut moves);
        let score = self.moves(position, &mut moves, key, depth, &mut alpha, beta, ply, pv);
        self.buffers[ply] = moves;
        score
    }

    #[allow(clippy::too_many_arguments)]
    fn moves(
        &mut self,
        position: &Position,
        moves: &mut [Move],
        key: u64,
        depth: i32,
        alpha: &mut i32,
        beta: i32,
        ply: usize,
        pv: bool,
    ) -> i32 {
        if moves.is_empty() {
            return -(MATE - ply as i32);
        }
        let capturing = moves[0].captured != 0;
        if (depth <= 0 && !capturing) || ply >= MAX_PLY {
            return evaluate(position);
        }
        let slot = key as usize & (TABLE_SIZE - 1);
        let stored = self.table.get(slot).copied().flatten().filter(|e| e.key == key);
        if let Some(entry) = stored
            && !pv
            && entry.depth >= depth
        {
            let score = from_table(entry.score, ply);
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= *alpha,
            };
            if usable {
                return score;
            }
        }
        let known = stored.and_then(|e| e.best);
        let history = &self.history;
        moves.sort_unstable_by_key(|m| {
            Reverse(if Some(*m) == known { u32::MAX } else { history[square(m.from)][square(m.to)] })
        });
        // A forced move costs no depth.
        let next = if moves.len() == 1 { depth } else { depth - 1 };
        let original_alpha = *alpha;
        let mut best = -MATE;
        let mut best_move = moves[0];
        self.line.push(key);
        for (i, m) in moves.iter().enumerate() {
            let mut child = *position;
            child.play(m);
            let score = if i == 0 {
                -self.principal(&child, next, -beta, -*alpha, ply + 1, pv)
            } else {
                // Late quiet moves are first searched a ply shallower.
                let reduce = !self.exact && !capturing && i >= 3 && depth >= 3;
                let mut probe = -self.principal(&child, next - i32::from(reduce), -*alpha - 1, -*alpha, ply + 1, false);
                if reduce && probe > *alpha && !self.stopped {
                    probe = -self.principal(&child, next, -*alpha - 1, -*alpha, ply + 1, false);
                }
                if probe > *alpha && probe < beta && !self.stopped {
                    -self.principal(&child, next, -beta, -*alpha, ply + 1, pv)
                } else {
                    probe
                }
            };
            if self.stopped {
                self.line.pop();
                return 0;
            }
            if score > best {
                best = score;
                best_move = *m;
                if score > *alpha {
                    *alpha = score;
                    if score >= beta {
                        if !capturing {
                            let weight = (depth.max(1) * depth.max(1)) as u32;
                            let cell = &mut self.history[square(m.from)][square(m.to)];
                            *cell = cell.saturating_add(weight);
                        }
                        break;
                    }
                }
            }
        }
        self.line.pop();
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if let Some(entry) = self.table.get_mut(slot) {
            *entry = Some(Entry { key, depth, score: to_table(best, ply), bound, best: Some(best_move) });
        }
        best
    }
}

/// A win or loss scored from the root, stored as from this position.
fn to_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > MATE_BOUND => s + ply as i32,
        s if s < -MATE_BOUND => s - ply as i32,
        s => s,
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > MATE_BOUND => s - ply as i32,
        s if s < -MATE_BOUND => s + ply as i32,
        s => s,
    }
}

fn square(s: super::Square) -> usize {
    usize::from(s.number() - 1)
}

/// A position's key: its three bit sets and the side to move, mixed.
fn key(position: &Position) -> u64 {
    let mix = |mut z: u64| {
        // The finaliser of SplitMix64.
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let side = if position.side == BLACK { 0x9e37_79b9_7f4a_7c15 } else { 0 };
    mix(position.white ^ 0x2545_f491_4f6c_dd1d)
        ^ mix(position.black ^ 0x6a09_e667_f3bc_c909).rotate_left(21)
        ^ mix(position.kings ^ 0xbb67_ae85_84ca_a73b).rotate_left(42)
        ^ side
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chance::Seed;
    use crate::games::dame100::eval::MAN;
    use crate::games::dame100::eval::evaluate;
    use crate::games::dame100::fen;

    fn stream() -> SeedStream {
        SeedStream::new(Seed::from_u64(7))
    }

    /// The minimax score of `position` searched `depth` plies deep by the
    /// engine's rules (captures followed at depth 0, a forced move free,
    /// the same evaluation), without any pruning: the yardstick.
    fn minimax(position: &Position, depth: i32, ply: usize) -> i32 {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            return -(MATE - ply as i32);
        }
        if (depth <= 0 && moves[0].captured == 0) || ply >= MAX_PLY {
            return evaluate(position);
        }
        let next = if moves.len() == 1 { depth } else { depth - 1 };
        moves
            .iter()
            .map(|m| {
                let mut child = *position;
                child.play(m);
                -minimax(&child, next, ply + 1)
            })
            .max()
            .unwrap()
    }

    #[test]
    fn an_exact_search_scores_each_depth_as_minimax_does() {
        // Positions from random games, before any king is crowned (the
        // yardstick knows no repetitions).
        let mut random = SeedStream::new(Seed::from_u64(3));
        let mut compared = 0;
        for _ in 0..40 {
            let mut position = Position::default();
            for _ in 0..random.below(40) + 4 {
                let mut moves = Vec::new();
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                position.play(&moves[random.below(moves.len() as u32) as usize]);
            }
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            if moves.len() < 2 || position.kings != 0 {
                continue;
            }
            for depth in 1..=3 {
                let found = search_to(&position, &[], (u64::MAX, depth), true, &mut stream(), &|| false);
                let exact = minimax(&position, depth as i32, 0);
                assert_eq!((found.depth, found.score), (depth, exact), "{} at depth {depth}", fen::format(&position));
                let mut child = position;
                child.play(&found.best);
                assert_eq!(-minimax(&child, depth as i32 - 1, 1), exact, "its move is one that scores it");
            }
            compared += 1;
        }
        assert!(compared >= 20, "only {compared} positions compared");
    }

    #[test]
    fn it_sees_a_won_ending_and_stops_at_its_budget() {
        // Two white kings against a black man that cannot escape them.
        let won = fen::parse("W:WK47,K49:B16").unwrap();
        let found = search(&won, &[], 200_000, &mut stream(), &|| false);
        assert!(found.score > 2 * MAN, "{found:?}");
        assert!(found.nodes <= 200_000 + 1_000, "{found:?}");
        let again = search(&won, &[], 200_000, &mut stream(), &|| false);
        assert_eq!((again.best, again.nodes), (found.best, found.nodes), "the same budget, the same search");
    }

    #[test]
    fn it_stops_when_told_and_still_names_a_legal_move() {
        let start = Position::default();
        let found = search(&start, &[], u64::MAX, &mut stream(), &|| true);
        let mut legal = Vec::new();
        start.legal_moves(&mut legal);
        assert!(legal.contains(&found.best));
        assert!(found.depth >= 1, "the first depth is always finished: {found:?}");
        assert!(found.nodes <= STOP_EVERY, "then it stopped at the first question: {found:?}");
    }
}
