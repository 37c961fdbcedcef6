//! The bitboard move generator against a deliberately naive one written
//! from the rules on a plain 10×10 array, on many random positions. The naive
//! generator can also be told to break two rules (remove captured pieces at
//! once; allow a piece to be jumped twice) to prove those rules matter in the
//! positions tried and that the fast generator keeps them.

use rules::games::dame100::{BLACK, Move, Position, Square, WHITE};
use rules::{Seed, SeedStream};
use std::collections::BTreeSet;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Empty,
    Piece { white: bool, king: bool },
}

type Board = [[Cell; 10]; 10];

/// Rule switches; the real rules are `Rules::FMJD`.
#[derive(Clone, Copy)]
struct Rules {
    remove_at_once: bool,
    jump_twice: bool,
}

const FMJD: Rules = Rules { remove_at_once: false, jump_twice: false };

type RefMove = (u8, u8, BTreeSet<u8>);

fn square_at(r: i32, c: i32) -> Option<u8> {
    if !(0..10).contains(&r) || !(0..10).contains(&c) || (r + c) % 2 == 0 {
        return None;
    }
    Some((r * 5 + c / 2 + 1) as u8)
}

fn board_of(position: &Position) -> Board {
    let mut board = [[Cell::Empty; 10]; 10];
    for n in 1..=50u8 {
        let s = Square::new(n).unwrap();
        let (r, c) = (s.row_from_top() as usize, s.column() as usize);
        let bit = s.bit();
        if (position.white | position.black) & bit != 0 {
            board[r][c] = Cell::Piece { white: position.white & bit != 0, king: position.kings & bit != 0 };
        }
    }
    board
}

const DIRS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

fn reference_moves(board: &Board, white: bool, rules: Rules) -> BTreeSet<RefMove> {
    let mut captures = Vec::new();
    for r in 0..10 {
        for c in 0..10 {
            if let Cell::Piece { white: w, king } = board[r as usize][c as usize] {
                if w == white {
                    let mut work = *board;
                    work[r as usize][c as usize] = Cell::Empty;
                    let from = square_at(r, c).unwrap();
                    search(&mut work, white, king, (r, c), from, &mut Vec::new(), rules, &mut captures);
                }
            }
        }
    }
    if let Some(best) = captures.iter().map(|(_, _, caps): &RefMove| caps.len()).max() {
        return captures.into_iter().filter(|m| m.2.len() == best).collect();
    }
    let mut quiet = BTreeSet::new();
    for r in 0..10i32 {
        for c in 0..10i32 {
            let Cell::Piece { white: w, king } = board[r as usize][c as usize] else { continue };
            if w != white {
                continue;
            }
            for (dr, dc) in DIRS {
                if !king && (dr == -1) != white {
                    continue;
                }
                let mut k = 1;
                while let Some(to) = square_at(r + k * dr, c + k * dc) {
                    if board[(r + k * dr) as usize][(c + k * dc) as usize] != Cell::Empty {
                        break;
                    }
                    quiet.insert((square_at(r, c).unwrap(), to, BTreeSet::new()));
                    if !king {
                        break;
                    }
                    k += 1;
                }
            }
        }
    }
    quiet
}

#[allow(clippy::too_many_arguments)]
fn search(
    board: &mut Board,
    white: bool,
    king: bool,
    (r, c): (i32, i32),
    from: u8,
    taken: &mut Vec<(i32, i32)>,
    rules: Rules,
    out: &mut Vec<RefMove>,
) {
    let mut went_on = false;
    for (dr, dc) in DIRS {
        // Find the first piece along the line (kings look far, men next door).
        let mut k = 1;
        loop {
            let (rr, cc) = (r + k * dr, c + k * dc);
            if square_at(rr, cc).is_none() || !king || board[rr as usize][cc as usize] != Cell::Empty {
                break;
            }
            k += 1;
        }
        let (vr, vc) = (r + k * dr, c + k * dc);
        if square_at(vr, vc).is_none() {
            continue;
        }
        let Cell::Piece { white: w, .. } = board[vr as usize][vc as usize] else { continue };
        if w == white || (!rules.jump_twice && taken.contains(&(vr, vc))) {
            continue;
        }
        let mut j = 1;
        loop {
            let (lr, lc) = (vr + j * dr, vc + j * dc);
            if square_at(lr, lc).is_none() || board[lr as usize][lc as usize] != Cell::Empty {
                break;
            }
            if rules.jump_twice && taken.len() >= 5 {
                break;
            }
            went_on = true;
            let victim = board[vr as usize][vc as usize];
            if rules.remove_at_once {
                board[vr as usize][vc as usize] = Cell::Empty;
            }
            taken.push((vr, vc));
            search(board, white, king, (lr, lc), from, taken, rules, out);
            taken.pop();
            board[vr as usize][vc as usize] = victim;
            if !king {
                break;
            }
            j += 1;
        }
    }
    if !went_on && !taken.is_empty() {
        let caps = taken.iter().map(|(a, b)| square_at(*a, *b).unwrap()).collect();
        out.push((from, square_at(r, c).unwrap(), caps));
    }
}

fn fast_moves(position: &Position) -> BTreeSet<RefMove> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let set: BTreeSet<RefMove> = moves.iter().map(to_ref).collect();
    assert_eq!(set.len(), moves.len(), "the fast generator listed a move twice");
    set
}

fn to_ref(m: &Move) -> RefMove {
    let caps = (1..=50u8).filter(|n| Square::new(*n).unwrap().bit() & m.captured != 0).collect();
    (m.from.number(), m.to.number(), caps)
}

fn random_position(chance: &mut SeedStream, max_per_side: u32, king_percent: u32) -> Position {
    let mut position =
        Position { white: 0, black: 0, kings: 0, side: if chance.below(2) == 0 { WHITE } else { BLACK } };
    for white in [true, false] {
        let count = 1 + chance.below(max_per_side);
        for _ in 0..count {
            let n = 1 + chance.below(50) as u8;
            let bit = Square::new(n).unwrap().bit();
            if (position.white | position.black) & bit != 0 {
                continue;
            }
            let promotion_row = if white { n <= 5 } else { n >= 46 };
            let king = promotion_row || chance.below(100) < king_percent;
            if white {
                position.white |= bit;
            } else {
                position.black |= bit;
            }
            if king {
                position.kings |= bit;
            }
        }
    }
    position
}

#[test]
fn the_fast_generator_agrees_with_a_naive_one_on_random_positions() {
    let mut chance = SeedStream::new(Seed::from_u64(100));
    let mut captures = 0;
    for _ in 0..30_000 {
        let position = random_position(&mut chance, 15, 25);
        let expected = reference_moves(&board_of(&position), position.side == WHITE, FMJD);
        let actual = fast_moves(&position);
        assert_eq!(actual, expected, "position {position:?}");
        captures += usize::from(expected.iter().any(|m| !m.2.is_empty()));
    }
    assert!(captures > 5_000, "too few capture positions tried: {captures}");
}

#[test]
fn perft_agrees_with_the_naive_generator_from_random_positions() {
    fn reference_perft(board: &Board, white: bool, depth: u32) -> u64 {
        let moves = reference_moves(board, white, FMJD);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|(from, to, caps)| {
                let mut next = *board;
                let at = |n: u8| {
                    let s = Square::new(n).unwrap();
                    (s.row_from_top() as usize, s.column() as usize)
                };
                let (fr, fc) = at(*from);
                let Cell::Piece { king, .. } = next[fr][fc] else { unreachable!() };
                next[fr][fc] = Cell::Empty;
                for cap in caps {
                    let (r, c) = at(*cap);
                    next[r][c] = Cell::Empty;
                }
                let (tr, tc) = at(*to);
                let crowned = king || (white && tr == 0) || (!white && tr == 9);
                next[tr][tc] = Cell::Piece { white, king: crowned };
                reference_perft(&next, !white, depth - 1)
            })
            .sum()
    }
    let mut chance = SeedStream::new(Seed::from_u64(7));
    for _ in 0..60 {
        let position = random_position(&mut chance, 12, 20);
        let expected = reference_perft(&board_of(&position), position.side == WHITE, 3);
        assert_eq!(position.perft(3), expected, "position {position:?}");
    }
}

/// Finds random positions where breaking `broken` changes the legal moves,
/// and checks the fast generator keeps the real rule there.
fn rule_matters(broken: Rules, seed: u64, positions: usize) -> usize {
    let mut chance = SeedStream::new(Seed::from_u64(seed));
    let mut found = 0;
    for _ in 0..positions {
        let position = random_position(&mut chance, 14, 60);
        let board = board_of(&position);
        let white = position.side == WHITE;
        let real = reference_moves(&board, white, FMJD);
        if reference_moves(&board, white, broken) != real {
            found += 1;
            assert_eq!(fast_moves(&position), real, "position {position:?}");
        }
    }
    found
}

#[test]
fn captured_pieces_stay_on_the_board_until_the_sequence_ends() {
    let found = rule_matters(Rules { remove_at_once: true, jump_twice: false }, 11, 40_000);
    assert!(found >= 20, "only {found} positions where removing pieces at once would change the moves");
}

#[test]
fn no_piece_is_jumped_twice() {
    let found = rule_matters(Rules { remove_at_once: false, jump_twice: true }, 12, 3_000);
    assert!(found >= 20, "only {found} positions where a second jump would change the moves");
}
