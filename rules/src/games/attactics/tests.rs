//! ATTACTICS' rules, each test named after the rulebook passage it checks.
//! Positions are set up on the real maze: squares are found by what the
//! walls around them are, so the tests say what they need of the board.

use super::board::{Board, Entry, NONE, square};
use super::*;
use crate::Seed;
use crate::step::Step;

/// A match of `seats` after an opening roll that Red (seat 0) wins.
fn game(seats: u8) -> Attactics {
    game_of(AttacticsOptions { seats, ..Default::default() })
}

/// Four players in two teams, after an opening roll that Red wins.
fn teams(allies: Allies, version: TeamPoints) -> Attactics {
    game_of(AttacticsOptions { seats: 4, allies, version })
}

/// A match with `options` after an opening roll that Red (seat 0) wins.
fn game_of(options: AttacticsOptions) -> Attactics {
    let seats = options.seats;
    let mut game = <Attactics>::new(&options).unwrap();
    if seats != 3 {
        let mut rolls = vec![Dice(6, 6)];
        rolls.extend((1..seats).map(|_| Dice(1, 2)));
        game.play_chance(&Throw::Opening(rolls));
    }
    game
}

/// Puts a piece of `seat` on `at`, from its hand.
fn place(game: &mut Attactics, seat: u8, kind: Kind, at: CellId) {
    game.hand[usize::from(seat)][kind as usize] -= 1;
    game.put(at, Some(Piece { owner: Seat(seat), kind }));
}

/// Plays the throws `state` waits for, drawn from `chance`, until a seat
/// is to act: that seat, or None once the match is over.
fn throw_until_a_seat_acts(state: &mut Attactics, chance: &mut SeedStream) -> Option<Seat> {
    loop {
        match state.status() {
            Status::Over(_) => return None,
            Status::Chance => {
                let throw = state.draw_chance(chance);
                state.play_chance(&throw);
            }
            Status::Acting(decision) => return decision.seats.first(),
        }
    }
}

fn legal(game: &Attactics) -> Vec<AttacticsAction> {
    let mut out = Vec::new();
    game.legal_actions(game.mover, &mut out);
    out
}

/// The legal moves of the piece on `from`, as (count, to).
fn moves_of(game: &Attactics, from: CellId) -> Vec<(u8, CellId)> {
    legal(game)
        .into_iter()
        .filter_map(|a| match a {
            AttacticsAction::Move { from: f, enter: false, count, to, .. } if board::id(f) == Some(from) => {
                Some((count, board::id(to).unwrap()))
            }
            _ => None,
        })
        .collect()
}

fn counts_of(game: &Attactics, from: CellId) -> Vec<u8> {
    let mut counts: Vec<u8> = moves_of(game, from).into_iter().map(|(c, _)| c).collect();
    counts.dedup();
    counts
}

fn roll(game: &mut Attactics, a: u8, b: u8) {
    assert_eq!(game.status(), Status::Chance, "a throw is due: {}", game.prompt());
    game.play_chance(&Throw::Roll(Dice(a, b)));
}

fn play(game: &mut Attactics, action: AttacticsAction) {
    let seat = game.mover;
    game.apply(seat, &action).unwrap_or_else(|e| panic!("{action:?}: {e}; legal {:?}", legal(game)));
}

/// Red's Major on (9, 9) and Minor on (3, 9), and a throw of 3/5: the
/// rulebook's example of combining moves.
fn major_and_minor_on_three_five() -> Attactics {
    let mut game = game(2);
    place(&mut game, 0, Kind::Major, square(9, 9));
    place(&mut game, 0, Kind::Minor, square(3, 9));
    roll(&mut game, 3, 5);
    game
}

fn step_move(kind: Kind, from: CellId, count: u8, to: CellId) -> AttacticsAction {
    AttacticsAction::Move { kind, from: board::name(from), enter: false, count, to: board::name(to) }
}

/// `len` squares in a row of Red's quadrant, away from its entry squares,
/// each open to the next and none next to another but its neighbours in
/// the row: a corridor a piece can walk along.
fn open_row(len: usize) -> Vec<CellId> {
    let board = Board::get();
    let adjacent = |a: CellId, b: CellId| [0, 2, 4, 6].iter().any(|d| board.step(a, *d) == b);
    fn extend(path: &mut Vec<CellId>, len: usize, ok: &dyn Fn(&[CellId], CellId) -> bool) -> bool {
        if path.len() == len {
            return true;
        }
        let last = *path.last().expect("a start");
        for d in [0, 2, 4, 6] {
            let next = Board::get().step(last, d);
            if next != NONE && ok(path, next) {
                path.push(next);
                if extend(path, len, ok) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let ok = |path: &[CellId], next: CellId| {
        let (r, c) = board::row_col(next);
        (2..16).contains(&r)
            && (2..16).contains(&c)
            && (r, c) != (6, 6)
            && (r, c) != (12, 12)
            && !path[..path.len().saturating_sub(1)].iter().any(|p| *p == next || adjacent(*p, next))
    };
    for start in (0..board::SQUARES as CellId).filter(|s| ok(&[], *s)) {
        let mut path = vec![start];
        if extend(&mut path, len, &ok) {
            return path;
        }
    }
    panic!("no corridor of {len}");
}

#[test]
fn the_board_is_the_designs_golden_maze() {
    use crate::layout::gallery::maze::Maze;
    use sha2::{Digest, Sha256};
    let maze = Maze::reference();
    let hash = Sha256::digest(maze.encoding().as_bytes());
    assert_eq!(hex::encode(hash), "51ee377e392f86659129df3a7a9ebece2c428e9907f57b443152178a817f2fc0");
    assert_eq!(maze.wall_count(), 1008);
}

#[test]
fn the_monarch_must_move_one_space_when_one_appears_and_no_other_piece_can_move_on_one() {
    let mut game = game(2);
    let row = open_row(8);
    place(&mut game, 0, Kind::Monarch, row[0]);
    place(&mut game, 0, Kind::Major, row[7]);
    roll(&mut game, 1, 5);
    // First only the Monarch, one square.
    assert!(moves_of(&game, row[7]).is_empty(), "the Major waits for the one");
    assert!(counts_of(&game, row[0]).iter().all(|c| *c == 1));
    assert!(legal(&game).iter().all(|a| !matches!(a, AttacticsAction::Stop)), "no passing");
    play(&mut game, step_move(Kind::Monarch, row[0], 1, row[1]));
    // Then the five, for a Major or Minor, never the six.
    assert_eq!(counts_of(&game, row[7]), vec![5]);
    assert!(legal(&game).contains(&AttacticsAction::Stop), "the five is optional");
}

#[test]
fn snake_eyes_move_the_monarch_two_spaces() {
    let mut game = game(2);
    let row = open_row(3);
    place(&mut game, 0, Kind::Monarch, row[0]);
    roll(&mut game, 1, 1);
    assert_eq!(counts_of(&game, row[0]), vec![2]);
    play(&mut game, step_move(Kind::Monarch, row[0], 2, row[2]));
    // Doubles: the same player throws again.
    assert_eq!(game.mover, Seat(0));
    assert_eq!(game.status(), Status::Chance);
}

#[test]
fn the_monarch_sequence_moves_three_or_one_and_leaves_the_two_to_a_major_or_minor() {
    let mut game = game(2);
    let row = open_row(12);
    place(&mut game, 0, Kind::Monarch, row[0]);
    place(&mut game, 0, Kind::Minor, row[11]);
    place(&mut game, 0, Kind::Master, row[6]);
    roll(&mut game, 1, 2);
    assert_eq!(counts_of(&game, row[0]), vec![1, 3]);
    play(&mut game, step_move(Kind::Monarch, row[0], 1, row[1]));
    assert_eq!(counts_of(&game, row[11]), vec![2]);
    assert!(moves_of(&game, row[6]).is_empty(), "1/2 is no sequence: the Master stays");
}

#[test]
fn a_players_turn_is_forfeited_when_the_monarch_cannot_move_upon_a_one() {
    let mut game = game(2);
    let board = Board::get();
    let row = open_row(4);
    place(&mut game, 0, Kind::Monarch, row[1]);
    // Own pieces on every square the Monarch could step to.
    for d in [0, 2, 4, 6] {
        let to = board.step(row[1], d);
        if to != NONE {
            place(&mut game, 0, Kind::Minor, to);
        }
    }
    roll(&mut game, 1, 4);
    assert_eq!(game.mover, Seat(1), "the throw is lost and the turn passes");
    assert!(game.prompt().contains("cannot move on the one"), "{}", game.prompt());
}

#[test]
fn the_master_moves_only_on_a_sequence_by_one_die_or_the_sum() {
    let mut game = game(2);
    place(&mut game, 0, Kind::Master, square(9, 9));
    roll(&mut game, 3, 5);
    assert!(moves_of(&game, square(9, 9)).is_empty());
    let mut game2 = self::game(2);
    place(&mut game2, 0, Kind::Master, square(9, 9));
    roll(&mut game2, 4, 3);
    assert_eq!(counts_of(&game2, square(9, 9)), vec![3, 4, 7]);
}

#[test]
fn the_minor_moves_either_die_and_the_sum_only_on_a_double() {
    let mut game = game(2);
    place(&mut game, 0, Kind::Minor, square(9, 9));
    place(&mut game, 0, Kind::Major, square(3, 9));
    roll(&mut game, 5, 3);
    assert_eq!(counts_of(&game, square(9, 9)), vec![3, 5]);
    assert_eq!(counts_of(&game, square(3, 9)), vec![3, 5, 8], "a Major: either die or the sum");
    let mut game = self::game(2);
    place(&mut game, 0, Kind::Minor, square(9, 9));
    roll(&mut game, 4, 4);
    assert_eq!(counts_of(&game, square(9, 9)), vec![4, 8]);
}

#[test]
fn combining_moves_one_piece_by_the_sum_or_two_pieces_by_a_die_each() {
    // "A player rolls an eight (3/5)": one Major 8, or two pieces 3 and 5.
    let mut game = major_and_minor_on_three_five();
    let three = moves_of(&game, square(9, 9)).into_iter().find(|(c, _)| *c == 3).unwrap();
    play(&mut game, step_move(Kind::Major, square(9, 9), 3, three.1));
    // "A player cannot move the same piece twice within a turn."
    assert!(moves_of(&game, three.1).is_empty());
    assert_eq!(counts_of(&game, square(3, 9)), vec![5]);
    // The sum moves one piece and ends the throw.
    let mut game = major_and_minor_on_three_five();
    let eight = moves_of(&game, square(9, 9)).into_iter().find(|(c, _)| *c == 8).unwrap();
    play(&mut game, step_move(Kind::Major, square(9, 9), 8, eight.1));
    assert_eq!(game.mover, Seat(1));
}

#[test]
fn choosing_a_move_a_piece_then_the_die_or_the_sum_where_both_are_possible_then_the_destination() {
    let mut game = major_and_minor_on_three_five();
    // The dice lie on the mover's panel for everyone to see.
    let roll_seen = game.view(Viewer::Spectator).seats[0].roll.clone().unwrap();
    assert_eq!((roll_seen.faces, roll_seen.used, roll_seen.number), (vec![3, 5], vec![false, false], 1));
    // The Major may move 3, 5 or 8: its square, the count, the destination.
    let (_, to) = moves_of(&game, square(9, 9)).into_iter().find(|(c, _)| *c == 3).unwrap();
    let three = step_move(Kind::Major, square(9, 9), 3, to);
    let clicks = game.clicks(Seat(0), &three);
    assert_eq!(clicks, vec![Click::Cell(square(9, 9)), Click::choice("3"), Click::Cell(to)]);
    play(&mut game, three);
    assert_eq!(game.view(Viewer::Spectator).seats[0].roll.as_ref().unwrap().used, vec![true, false]);
    // The Minor has the 5 alone: its square, then the destination.
    let (count, to) = moves_of(&game, square(3, 9))[0];
    assert_eq!(count, 5);
    let five = step_move(Kind::Minor, square(3, 9), 5, to);
    assert_eq!(game.clicks(Seat(0), &five), vec![Click::Cell(square(3, 9)), Click::Cell(to)]);
}

#[test]
fn the_walk_a_piece_takes_is_shown_before_and_marked_after_square_by_square() {
    // Every move of a random four-player game marks a walk of its count:
    // from its square to its destination, a step at a time through open
    // sides and empty squares, never straight back; the same walk the
    // board showed for the move before it was chosen.
    let board = Board::get();
    let mut chance = SeedStream::new(Seed::from_u64(7));
    let mut choices = SeedStream::new(Seed::from_u64(8));
    let mut state = <Attactics>::new(&AttacticsOptions { seats: 4, ..Default::default() }).unwrap();
    let mut checked = 0;
    while checked < 400 {
        let Some(seat) = throw_until_a_seat_acts(&mut state, &mut chance) else { break };
        let mut legal = Vec::new();
        state.legal_actions(seat, &mut legal);
        let action = legal[choices.below(legal.len() as u32) as usize];
        let before = state.clone();
        let shown = state.paths(seat, &legal).swap_remove(legal.iter().position(|a| *a == action).unwrap());
        state.play(seat, &action);
        let (kind, from, count, to) = match action {
            AttacticsAction::Move { kind, from, count, to, .. } => (kind, from, count, to),
            AttacticsAction::Points { from, to, points } => (Kind::Monarch, from, points, to),
            _ => {
                assert!(shown.is_empty(), "{action:?} walks nowhere");
                continue;
            }
        };
        let path = &state.marks();
        assert_eq!(path, &shown, "{action:?}");
        let (from, to) = (board::id(from).unwrap(), board::id(to).unwrap());
        assert_eq!((path[0], *path.last().unwrap()), (from, to), "{action:?}");
        if board::in_centre(to) {
            assert!(path.len() <= usize::from(count) + 1, "{action:?}: {path:?}");
        } else {
            assert_eq!(path.len(), usize::from(count) + 1, "{action:?}: {path:?}");
        }
        for (i, pair) in path.windows(2).enumerate() {
            let step =
                kind.directions().iter().any(|d| walks::step_from(board, before.taken(), pair[0], *d, from) == pair[1]);
            assert!(step, "a step of a {}: {path:?}", kind.name());
            assert!(i < 1 || path[i - 1] != pair[1], "never straight back: {path:?}");
            let empty = pair[1] == to || pair[1] == from || before.squares[usize::from(pair[1])].is_none();
            assert!(empty, "over empty squares: {path:?}");
        }
        checked += 1;
    }
    assert_eq!(checked, 400);
}

#[test]
fn doubles_roll_again_to_a_maximum_of_five_and_the_monarch_moves_the_sum_from_the_third() {
    let mut game = game(2);
    let row = open_row(12);
    place(&mut game, 0, Kind::Monarch, square(30, 3));
    place(&mut game, 0, Kind::Major, row[0]);
    for throw in 1..=5u8 {
        roll(&mut game, 2, 2);
        assert_eq!(game.chain, throw);
        let monarch = counts_of(&game, square(30, 3));
        if throw >= 3 {
            assert!(monarch.iter().all(|c| *c == 4), "the third double on: the sum, all of it");
        } else {
            assert!(monarch.is_empty(), "the first two doubles: the Monarch stays");
        }
        let major = game.squares.iter().position(|s| s.is_some_and(|p| p.kind == Kind::Major)).unwrap() as CellId;
        let (_, to) = moves_of(&game, major).into_iter().find(|(c, _)| *c == 4).unwrap();
        play(&mut game, step_move(Kind::Major, major, 4, to));
        if throw < 5 {
            assert_eq!((game.mover, game.status()), (Seat(0), Status::Chance), "double {throw}: roll again");
        }
    }
    assert_eq!(game.mover, Seat(1), "after the fifth double the turn passes");
}

#[test]
fn the_blitz_the_blocking_piece_clears_out_then_the_striking_piece_moves_in() {
    let mut game = game(2);
    let row = open_row(8);
    // Red's striker, Red's blocker, then Green's piece five squares from
    // the striker along the row.
    place(&mut game, 0, Kind::Major, row[0]);
    place(&mut game, 0, Kind::Minor, row[2]);
    place(&mut game, 1, Kind::Minor, row[5]);
    roll(&mut game, 2, 5);
    assert!(!moves_of(&game, row[0]).contains(&(5, row[5])), "blocked: no piece jumps another");
    let (_, out_of_the_way) = moves_of(&game, row[2])
        .into_iter()
        .find(|(c, to)| *c == 2 && !row[..6].contains(to))
        .expect("the blocker can clear out of the path");
    play(&mut game, step_move(Kind::Minor, row[2], 2, out_of_the_way));
    assert!(moves_of(&game, row[0]).contains(&(5, row[5])));
    play(&mut game, step_move(Kind::Major, row[0], 5, row[5]));
    assert_eq!(game.captured[1][Kind::Minor as usize], 1);
    assert_eq!(game.points[0], 1, "a Minor in the capturer's own quadrant");
}

#[test]
fn captures_score_by_quadrant_and_points_stop_at_the_15_point_ceiling() {
    let mut game = game(2);
    // A Major taken in Green's quadrant, diagonally across from Red: 9.
    game.capture(Seat(0), Piece { owner: Seat(1), kind: Kind::Major }, square(30, 30));
    assert_eq!(game.points[0], 9);
    // A Master in a quadrant beside Red's: 4 more.
    game.capture(Seat(0), Piece { owner: Seat(1), kind: Kind::Master }, square(3, 30));
    assert_eq!(game.points[0], 13);
    game.capture(Seat(0), Piece { owner: Seat(1), kind: Kind::Major }, square(30, 30));
    assert_eq!(game.points[0], 15, "points beyond the ceiling are void");
}

#[test]
fn points_are_used_before_the_dice_one_point_a_square_of_monarch_movement() {
    let mut game = game(2);
    let row = open_row(6);
    place(&mut game, 0, Kind::Monarch, row[0]);
    place(&mut game, 1, Kind::Minor, row[3]);
    game.points[0] = 4;
    game.begin_go(Seat(0));
    assert_eq!(game.status(), Status::Acting(Decision::turn(Seat(0))), "spend or roll");
    let spends: Vec<AttacticsAction> =
        legal(&game).into_iter().filter(|a| matches!(a, AttacticsAction::Points { .. })).collect();
    let take = AttacticsAction::Points { from: board::name(row[0]), to: board::name(row[3]), points: 3 };
    assert!(spends.contains(&take), "{spends:?}");
    assert!(legal(&game).contains(&AttacticsAction::Roll));
    play(&mut game, take);
    // "subtract the number of points used … then add on the number of
    // points obtained by the capture": 4 - 3 + 1.
    assert_eq!(game.points[0], 2);
    assert_eq!(game.status(), Status::Chance, "then the dice");
}

#[test]
fn only_the_monarch_enters_maze_center_and_wins() {
    let mut game = game(2);
    // X_A, the approach square above Maze Center's top left square.
    let x = square(16, 17);
    place(&mut game, 0, Kind::Monarch, x);
    place(&mut game, 1, Kind::Major, square(20, 25));
    roll(&mut game, 1, 3);
    let into = moves_of(&game, x);
    assert!(into.contains(&(1, square(17, 17))), "{into:?}");
    play(&mut game, step_move(Kind::Monarch, x, 1, square(17, 17)));
    let outcome = game.status().outcome().cloned().expect("over");
    assert_eq!(outcome.places, vec![1, 2]);
    assert!(outcome.reason.contains("Maze Center"));
}

#[test]
fn capturing_a_monarch_puts_its_player_out_and_the_last_monarch_wins() {
    let mut game = game(4);
    let row = open_row(4);
    place(&mut game, 0, Kind::Major, row[0]);
    place(&mut game, 1, Kind::Monarch, row[3]);
    place(&mut game, 1, Kind::Minor, square(2, 30));
    roll(&mut game, 3, 5);
    play(&mut game, step_move(Kind::Major, row[0], 3, row[3]));
    assert!(game.out.contains(Seat(1)));
    assert!(game.squares.iter().all(|s| s.is_none_or(|p| p.owner != Seat(1))), "its pieces leave the board");
    assert_eq!(game.status().outcome(), None, "three players remain");
    game.withdraw(Seat(2), Leave::Resigned);
    game.withdraw(Seat(3), Leave::Resigned);
    let outcome = game.status().outcome().cloned().unwrap();
    assert_eq!(outcome.places, vec![1, 4, 3, 2], "Blue went out first, then Green, then Gold");
}

#[test]
fn pieces_enter_from_their_entry_squares_which_are_not_counted_and_block_when_occupied() {
    let mut game = game(2);
    roll(&mut game, 3, 5);
    let entering: Vec<(Kind, CellId)> = legal(&game)
        .into_iter()
        .filter_map(|a| match a {
            AttacticsAction::Move { kind, from, enter: true, .. } => Some((kind, board::id(from).unwrap())),
            _ => None,
        })
        .collect();
    let mid = Entry::MidCorner.square(0);
    let central = Entry::CentralCorner.square(0);
    assert!(entering.contains(&(Kind::Major, mid)) && entering.contains(&(Kind::Minor, central)));
    assert!(!entering.iter().any(|(k, _)| matches!(k, Kind::Monarch | Kind::Master)), "3/5: no Monarch, no Master");
    assert!(!entering.contains(&(Kind::Major, central)));
    // An entering piece moves its whole count from the entry square.
    let mut from_mid = game.walks(Seat(0), Kind::Major, mid, &[3], false);
    from_mid.sort();
    let moves: Vec<(u8, CellId)> = legal(&game)
        .into_iter()
        .filter_map(|a| match a {
            AttacticsAction::Move { kind: Kind::Major, enter: true, count: 3, to, .. } => {
                Some((3, board::id(to).unwrap()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(moves, from_mid);
    // An occupied entry square blocks entry there.
    let mut game = self::game(2);
    place(&mut game, 1, Kind::Minor, mid);
    roll(&mut game, 3, 5);
    assert!(!legal(&game).iter().any(|a| matches!(a, AttacticsAction::Move { enter: true, kind: Kind::Major, .. })));
}

#[test]
fn no_piece_can_pass_back_over_the_square_it_just_passed_over() {
    let game = game(2);
    let row = open_row(3);
    // Two squares out and straight back is never a move of 2.
    let ends = game.walks(Seat(0), Kind::Major, row[1], &[2], false);
    assert!(!ends.contains(&(2, row[1])));
    assert!(!ends.iter().any(|(_, to)| *to == row[1]));
}

#[test]
fn the_master_cannot_pass_two_pieces_occupying_adjacent_squares() {
    let board = Board::get();
    // A square with a diagonal step whose corner is clear of walls.
    let (from, d, diagonal) = (0..board::SQUARES as CellId)
        .flat_map(|id| [1, 3, 5, 7].map(|d| (id, d)))
        .find_map(|(id, d)| board.diagonal(id, d).filter(|g| !g.narrow[0] && !g.narrow[1]).map(|g| (id, d, g)))
        .unwrap();
    let mut game = game(2);
    place(&mut game, 0, Kind::Master, from);
    let reach = |game: &Attactics| game.walks(Seat(0), Kind::Master, from, &[1], false);
    assert!(reach(&game).contains(&(1, diagonal.to)), "{d}");
    place(&mut game, 1, Kind::Minor, diagonal.shoulders[0]);
    assert!(reach(&game).contains(&(1, diagonal.to)), "one piece beside the corner: it goes around");
    place(&mut game, 1, Kind::Minor, diagonal.shoulders[1]);
    assert!(!reach(&game).contains(&(1, diagonal.to)), "two pieces on adjacent squares block it");
}

/// A square in Red's quadrant with exactly two open sides, and those two
/// sides' squares: a piece there is squeezed by two.
fn squeezable() -> (CellId, Vec<CellId>) {
    let board = Board::get();
    let target = (0..board::SQUARES as CellId)
        .filter(|id| board::quadrant(*id) == 0 && board::row_col(*id).0 > 2)
        .find(|id| [0, 2, 4, 6].iter().filter(|d| board.step(*id, **d) != NONE).count() == 2)
        .unwrap();
    let open = [0, 2, 4, 6].iter().map(|d| board.step(target, *d)).filter(|s| *s != NONE).collect();
    (target, open)
}

#[test]
fn a_squeeze_play_announced_takes_the_piece_unless_its_owner_frees_it() {
    // A Minor of Green's in a square with exactly two open sides, in Red's
    // quadrant: Red blocks both.
    let (target, open) = squeezable();
    let mut game = game(2);
    place(&mut game, 1, Kind::Minor, target);
    place(&mut game, 0, Kind::Major, open[0]);
    // Red's Minor reaches the second blocking square with a 3.
    let approach = (0..board::SQUARES as CellId)
        .find(|s| {
            game.squares[usize::from(*s)].is_none()
                && game.walks(Seat(0), Kind::Minor, *s, &[3], false).contains(&(3, open[1]))
        })
        .unwrap();
    place(&mut game, 0, Kind::Minor, approach);
    roll(&mut game, 3, 6);
    play(&mut game, step_move(Kind::Minor, approach, 3, open[1]));
    let announce = AttacticsAction::Squeeze { target: board::name(target) };
    assert!(legal(&game).contains(&announce), "{:?}", legal(&game));
    play(&mut game, announce);
    assert_eq!(game.squeezes.len(), 1);
    // "The Squeeze Play must be announced": everyone sees it until settled.
    let announced = game.view(Viewer::Spectator).announcements;
    assert_eq!(announced.len(), 1);
    assert!(announced[0].starts_with("Squeeze Play by Red on Green's Minor"), "{announced:?}");
    play(&mut game, AttacticsAction::Stop);
    // Green's go: it cannot free the Minor (its other pieces are off the
    // board and a 6-6 brings none within reach), so the Minor is taken.
    assert_eq!(game.mover, Seat(1));
    roll(&mut game, 6, 5);
    while game.status().decision().is_some() && game.mover == Seat(1) {
        let action = legal(&game)
            .into_iter()
            .find(|a| !matches!(a, AttacticsAction::Move { to, .. } if open.contains(&board::id(*to).unwrap())))
            .unwrap();
        play(&mut game, action);
    }
    assert_eq!(game.squares[usize::from(target)], None, "not freed: removed");
    assert_eq!(game.points[0], 1, "the squeezer scores it");
    assert!(game.view(Viewer::Spectator).announcements.is_empty(), "settled, no longer announced");
}

/// Under rules version `R`: Red announces a squeeze on Green's Minor (two
/// open sides, a Red Major and a Red Minor on them); before Green's go ends,
/// `meanwhile` changes the board. Whether the Minor is taken.
fn squeeze_takes<const R: u32>(meanwhile: impl Fn(&mut Attactics<R>, &[CellId])) -> bool {
    let (target, open) = squeezable();
    let mut game = Attactics::<R>::new(&AttacticsOptions { seats: 2, ..Default::default() }).unwrap();
    let piece = |seat: u8, kind: Kind| Some(Piece { owner: Seat(seat), kind });
    game.put(target, piece(1, Kind::Minor));
    game.put(open[0], piece(0, Kind::Major));
    game.put(open[1], piece(0, Kind::Minor));
    game.announced(Seat(0), target);
    meanwhile(&mut game, &open);
    game.settle_squeezes(Seat(1));
    game.squares[usize::from(target)].is_none()
}

#[test]
fn a_squeeze_play_whose_blocker_moved_away_frees_the_piece_though_another_closes_the_gap() {
    // "'Freeing' a piece is done by eliminating any of the blocking pieces";
    // the ruling: a blocker taken or moved away meanwhile frees it.
    let untouched = |_: &mut Attactics, _: &[CellId]| {};
    let reclosed = |game: &mut Attactics, open: &[CellId]| {
        game.put(open[0], None);
        game.put(open[0], Some(Piece { owner: Seat(0), kind: Kind::Master }));
    };
    assert!(squeeze_takes::<2>(untouched), "still squeezed by the same pieces: taken");
    assert!(!squeeze_takes::<2>(reclosed), "the Major moved away: free, though a Master closed the gap");
    // Version 1 judged only whether the piece was squeezed when the go ended.
    assert!(squeeze_takes::<1>(|game, open| {
        game.put(open[0], None);
        game.put(open[0], Some(Piece { owner: Seat(0), kind: Kind::Master }));
    }));
}

#[test]
fn three_players_the_mid_player_goes_first_with_extra_pieces_and_goes_twice_the_first_three_times_up() {
    let mut game = <Attactics>::new(&AttacticsOptions { seats: 3, ..Default::default() }).unwrap();
    assert_eq!(game.mover, Seat(1));
    assert_eq!(game.hand[1], [1, 3, 5, 6]);
    assert_eq!(game.hand[0], [1, 2, 4, 5]);
    let mut goes = Vec::new();
    let mut chance = SeedStream::new(Seed::from_u64(3));
    while goes.len() < 12 {
        match game.status() {
            Status::Chance => {
                let before = game.turns;
                let mover = game.mover;
                let outcome = game.draw_chance(&mut chance);
                game.play_chance(&outcome);
                if game.turns > before {
                    goes.push(mover);
                }
            }
            Status::Acting(_) => {
                let before = game.turns;
                let mover = game.mover;
                let action = legal(&game).into_iter().next().unwrap();
                game.play(mover, &action);
                if game.turns > before {
                    goes.push(mover);
                }
            }
            Status::Over(_) => break,
        }
    }
    let names: Vec<u8> = goes.iter().map(|s| s.0).collect();
    assert_eq!(&names[..12], &[1, 1, 2, 0, 1, 1, 2, 0, 1, 1, 2, 0]);
    // The mid-player may bring pieces in from the opposite corner too.
    assert_eq!(game.entry_corners(Seat(1)).collect::<Vec<_>>(), vec![1, 3]);
}

#[test]
fn the_opening_roll_highest_goes_first_and_ties_roll_again() {
    let mut game = <Attactics>::new(&AttacticsOptions { seats: 4, ..Default::default() }).unwrap();
    assert_eq!(game.status(), Status::Chance);
    game.play_chance(&Throw::Opening(vec![Dice(6, 5), Dice(2, 2), Dice(5, 6), Dice(1, 1)]));
    assert_eq!(game.contenders, SeatSet::only(Seat(0)).with(Seat(2)), "Red and Green tie");
    assert_eq!(game.turns, 0);
    game.play_chance(&Throw::Opening(vec![Dice(1, 2), Dice(4, 4)]));
    assert_eq!((game.mover, game.turns), (Seat(2), 1));
    assert!(game.prompt().contains("Green goes first"), "{}", game.prompt());
}

#[test]
fn a_go_reads_back_as_written() {
    let texts = [
        "Red: roll 3-5; Mj in g30-g27 3; Mn in m24xm19 5",
        "Red: Mo a36-a34 2 points; roll 6-6; Mj g30-g24 6; stop; roll 1-2; Mo a34-b34 1",
        "opening Red 3-5, Green 6-2",
        "Blue: squeeze n21",
    ];
    for text in texts {
        let turn: AttacticsTurn = text.parse().unwrap();
        assert_eq!(turn.to_string(), text);
    }
    assert!("Red: Mj g30-g27".parse::<AttacticsTurn>().is_err());
    // Resolved against a match: the throw is the mover's, and a go ends
    // where the rules end it.
    let game = game(2);
    let resolve = |text: &str| game.resolve(&text.parse().unwrap());
    assert!(resolve("Green: roll 3-5").is_err(), "Red throws first");
    let mut thrown = game.clone();
    thrown.play_chance(&Throw::Roll(Dice(3, 5)));
    let eight = legal(&thrown).into_iter().find(|a| matches!(a, AttacticsAction::Move { count: 8, .. })).unwrap();
    let eight = notation::Part::of_action(&thrown, &eight);
    assert!(resolve(&format!("Red: roll 3-5; {eight}")).is_ok());
    assert!(resolve(&format!("Red: roll 3-5; {eight}; roll 4-4")).is_err(), "the sum ends Red's go: Green rolls");
    assert!("Purple: stop".parse::<AttacticsTurn>().is_err());
    assert!("Red: Mj g30-g27 3 points".parse::<AttacticsTurn>().is_err());
}

#[test]
fn random_games_finish_and_their_goes_resolve_from_their_notation() {
    for seats in [2u8, 3, 4] {
        let options = AttacticsOptions { seats, ..Default::default() };
        let mut chance = SeedStream::new(Seed::from_u64(u64::from(seats)));
        let mut choices = SeedStream::new(Seed::from_u64(99));
        let mut state = <Attactics>::new(&options).unwrap();
        let mut turn_start = state.clone();
        let mut steps: Vec<StepOf<Attactics>> = Vec::new();
        let mut checked = 0;
        loop {
            let step = match state.status() {
                Status::Over(_) => break,
                Status::Chance => Step::Chance(state.draw_chance(&mut chance)),
                Status::Acting(decision) => {
                    let seat = decision.seats.first().unwrap();
                    let mut legal = Vec::new();
                    state.legal_actions(seat, &mut legal);
                    Step::Act(seat, legal[choices.below(legal.len() as u32) as usize])
                }
            };
            let turn = state.turns;
            match &step {
                Step::Act(seat, action) => state.play(*seat, action),
                Step::Chance(outcome) => state.play_chance(outcome),
            }
            steps.push(step);
            if state.turns != turn || state.outcome.is_some() {
                let written = turn_start.notate(&steps).to_string();
                let parsed: AttacticsTurn = written.parse().unwrap_or_else(|e| panic!("{written}: {e}"));
                assert_eq!(parsed.to_string(), written);
                let resolved = turn_start.resolve(&parsed).unwrap_or_else(|e| panic!("{written}: {e}"));
                assert_eq!(resolved, steps, "{written}");
                checked += 1;
                steps.clear();
                turn_start = state.clone();
            }
        }
        assert!(checked > 100, "{seats}: {checked}");
    }
}

#[test]
fn a_master_beside_maze_center_can_be_squeezed_as_maze_center_is_no_square_for_it() {
    let board = Board::get();
    for x in [square(16, 17), square(16, 18)] {
        let mut game = game(2);
        place(&mut game, 1, Kind::Master, x);
        for d in 0..8 {
            let to = if d % 2 == 0 { board.step(x, d) } else { board.diagonal(x, d).map_or(NONE, |g| g.to) };
            if to != NONE && !board::in_centre(to) {
                place(&mut game, 0, Kind::Minor, to);
            }
        }
        assert_eq!(game.squeezed_by(x), Some(SeatSet::only(Seat(0))), "{}", board::name(x));
    }
}

#[test]
fn allies_sit_diagonally_across_or_on_the_same_side_and_only_with_four_players() {
    let across = teams(Allies::Across, TeamPoints::EachOwn);
    assert_eq!(across.side(Seat(0)), SeatSet::only(Seat(0)).with(Seat(2)), "Red with Green");
    let side = teams(Allies::Side, TeamPoints::EachOwn);
    assert_eq!(side.side(Seat(3)), SeatSet::only(Seat(2)).with(Seat(3)), "Green with Gold");
    assert_eq!(side.view(Viewer::Spectator).teams, Allies::Side.teams());
    // "turns still are clockwise": Red, Blue, Green, Gold.
    assert_eq!(side.mover, Seat(0));
    for seats in [2, 3] {
        let options = AttacticsOptions { seats, allies: Allies::Across, version: TeamPoints::EachOwn };
        assert!(<Attactics>::new(&options).is_err(), "allies play two against two");
    }
    let loose = AttacticsOptions { seats: 4, allies: Allies::None, version: TeamPoints::HolderFalls };
    assert!(<Attactics>::new(&loose).is_err(), "a team version needs teams");
}

#[test]
fn team_players_cannot_use_each_other_as_a_source_of_points_nor_capture_each_other() {
    let mut game = teams(Allies::Across, TeamPoints::EachOwn);
    let row = open_row(8);
    place(&mut game, 0, Kind::Major, row[0]);
    place(&mut game, 2, Kind::Minor, row[3]);
    place(&mut game, 1, Kind::Minor, row[5]);
    roll(&mut game, 3, 5);
    let major = moves_of(&game, row[0]);
    assert!(!major.iter().any(|(_, to)| *to == row[3]), "Green's Minor is a partner's: {major:?}");
    assert!(!major.contains(&(5, row[5])), "and it blocks like Red's own pieces");
    // Green's piece is no squeeze target for Red either.
    assert_eq!(game.squeezed_by(row[3]), None);
}

#[test]
fn a_squeeze_play_may_be_completed_with_a_partners_pieces() {
    let board = Board::get();
    let mut game = teams(Allies::Across, TeamPoints::EachOwn);
    // A square of Red's quadrant with three open sides (away from entries).
    let target = (0..board::SQUARES as CellId)
        .find(|s| {
            let (r, c) = board::row_col(*s);
            (3..15).contains(&r)
                && (3..15).contains(&c)
                && [0, 2, 4, 6].iter().filter(|d| board.step(*s, **d) != NONE).count() == 3
        })
        .unwrap();
    let open: Vec<CellId> = [0, 2, 4, 6].iter().map(|d| board.step(target, *d)).filter(|s| *s != NONE).collect();
    place(&mut game, 1, Kind::Minor, target);
    place(&mut game, 2, Kind::Minor, open[0]);
    place(&mut game, 2, Kind::Minor, open[1]);
    assert_eq!(game.squeezed_by(target), None, "one side still open");
    place(&mut game, 0, Kind::Minor, open[2]);
    assert_eq!(game.squeezed_by(target), Some(SeatSet::only(Seat(0)).with(Seat(2))), "Red and Green squeeze it");
    assert!(game.squeezed_near(Seat(0), open[2]).contains(&target), "Red, who completed it, may announce it");
}

#[test]
fn version_1_one_member_receives_all_points_earned_by_the_team_and_the_partner_plays_without_points() {
    let mut game = teams(Allies::Across, TeamPoints::HolderFalls);
    // Green's capture of a Blue Major in Gold's quadrant (beside Green's) counts 6, for Red.
    game.capture(Seat(2), Piece { owner: Seat(1), kind: Kind::Major }, square(30, 3));
    assert_eq!((game.points[0], game.points[2]), (6, 0));
    let row = open_row(4);
    place(&mut game, 2, Kind::Monarch, row[0]);
    game.begin_go(Seat(2));
    assert_eq!(game.status(), Status::Chance, "Green's Monarch has no points to spend");
    let facts = &game.view(Viewer::Spectator).seats[2];
    assert!(format!("{facts:?}").contains("points go to Red"), "{facts:?}");
}

#[test]
fn version_1a_if_the_chosen_players_monarch_is_captured_the_game_is_over_for_the_team() {
    let mut game = teams(Allies::Across, TeamPoints::HolderFalls);
    let row = open_row(4);
    place(&mut game, 0, Kind::Monarch, row[3]);
    place(&mut game, 2, Kind::Major, square(30, 30));
    place(&mut game, 1, Kind::Major, row[0]);
    game.begin_go(Seat(1));
    roll(&mut game, 3, 5);
    play(&mut game, step_move(Kind::Major, row[0], 3, row[3]));
    assert!(game.out.contains(Seat(0)) && game.out.contains(Seat(2)), "Red and Green are out");
    let outcome = game.status().outcome().cloned().expect("Blue and Gold have the last Monarchs");
    assert_eq!(outcome.places, vec![2, 1, 2, 1]);
    assert_eq!(outcome.teams, Allies::Across.teams());
}

#[test]
fn version_1b_half_the_points_rounded_up_go_to_the_remaining_partner() {
    let mut game = teams(Allies::Side, TeamPoints::HalfToPartner);
    game.points[2] = 13;
    // Green holds for Green and Gold; Red takes Green's Monarch.
    game.capture(Seat(0), Piece { owner: Seat(2), kind: Kind::Monarch }, square(30, 30));
    assert!(game.out.contains(Seat(2)) && !game.out.contains(Seat(3)));
    assert_eq!(game.points[3], 7, "1/2 of 13 will round off to 7");
    game.capture(Seat(3), Piece { owner: Seat(0), kind: Kind::Minor }, square(30, 3));
    assert_eq!(game.points[3], 8, "Gold keeps what it earns from then on");
    assert_eq!(game.status().outcome(), None, "Gold plays on for the team");
}

#[test]
fn version_2_every_man_for_himself_but_a_partners_monarch_in_maze_center_wins_for_the_team() {
    let mut game = teams(Allies::Across, TeamPoints::EachOwn);
    game.capture(Seat(2), Piece { owner: Seat(1), kind: Kind::Minor }, square(30, 30));
    assert_eq!((game.points[0], game.points[2]), (0, 1), "Green keeps its own point");
    // Red's Monarch is taken, and Red is out; Green plays on.
    game.capture(Seat(1), Piece { owner: Seat(0), kind: Kind::Monarch }, square(3, 3));
    assert!(game.out.contains(Seat(0)) && !game.out.contains(Seat(2)));
    let x = square(16, 17);
    place(&mut game, 2, Kind::Monarch, x);
    game.begin_go(Seat(2));
    play(&mut game, AttacticsAction::Roll);
    roll(&mut game, 1, 4);
    play(&mut game, step_move(Kind::Monarch, x, 1, square(17, 17)));
    let outcome = game.status().outcome().cloned().expect("over");
    assert_eq!(outcome.places, vec![1, 2, 1, 2], "Red wins with Green though its Monarch was taken");
}

/// The bots' evaluation (evaluate.rs): even at the start; a Monarch nearer
/// Maze Center, or pieces kept, put its side ahead; allies share a standing.
#[test]
fn the_bots_evaluation_favours_the_side_nearer_maze_center_and_richer_in_pieces() {
    let start = game(2);
    assert_eq!(start.evaluate(), Some(vec![0.5, 0.5]), "even at the start");
    let mut near = game(2);
    place(&mut near, 0, Kind::Monarch, square(16, 17));
    let corner = Entry::Corner.square(near.corner[1]);
    place(&mut near, 1, Kind::Monarch, corner);
    let standing = near.evaluate().unwrap();
    assert!(standing[0] > 0.6 && (standing[0] + standing[1] - 1.0).abs() < 1e-9, "{standing:?}");
    let mut poorer = game(2);
    poorer.hand[1][Kind::Major as usize] -= 2;
    let standing = poorer.evaluate().unwrap();
    assert!(standing[0] > 0.55, "Red has two Majors more: {standing:?}");
    let mut allied = teams(Allies::Across, TeamPoints::EachOwn);
    place(&mut allied, 2, Kind::Monarch, square(16, 17));
    let standing = allied.evaluate().unwrap();
    assert_eq!(standing[0], standing[2], "partners stand together: {standing:?}");
    assert!(standing[0] > standing[1] && standing[1] == standing[3], "{standing:?}");
}

#[test]
fn the_bots_try_first_the_captures_by_their_points_and_a_monarchs_way_into_maze_center() {
    let mut game = game(2);
    // Green's Major in Green's quadrant: 3 points a Major, tripled for Red.
    place(&mut game, 1, Kind::Major, square(30, 30));
    place(&mut game, 0, Kind::Minor, square(30, 33));
    let take = step_move(Kind::Minor, square(30, 33), 3, square(30, 30));
    assert_eq!(game.priority(Seat(0), &take), 4 * 9);
    let aside = step_move(Kind::Minor, square(30, 33), 1, square(30, 32));
    assert_eq!(game.priority(Seat(0), &aside), 0, "nothing taken, no Monarch moved");
    let x = square(16, 17);
    place(&mut game, 0, Kind::Monarch, x);
    let home = step_move(Kind::Monarch, x, 1, square(17, 17));
    assert!(game.priority(Seat(0), &home) > game.priority(Seat(0), &take), "Maze Center wins");
}

#[test]
fn where_a_walk_can_end_is_where_a_walk_shown_square_by_square_ends() {
    // The legal moves follow every branch of a walk at once, as sets of
    // squares (`moves.rs`); the walk shown for a move is found a square at
    // a time (`walks.rs`). Over random games, from every piece of the seat
    // to move, for every count (and three at once), both find the same
    // ends, and the sets of squares each seat's pieces stand on are the
    // squares' pieces.
    for (seats, allies) in [(2u8, Allies::None), (4, Allies::Across)] {
        let version = if allies == Allies::None { TeamPoints::default() } else { TeamPoints::EachOwn };
        let options = AttacticsOptions { seats, allies, version };
        let mut chance = SeedStream::new(Seed::from_u64(11));
        let mut choices = SeedStream::new(Seed::from_u64(12));
        let mut state = <Attactics>::new(&options).unwrap();
        let (mut states, mut walks) = (0, 0);
        while states < 150 {
            let Some(seat) = throw_until_a_seat_acts(&mut state, &mut chance) else { break };
            for (owner, placed) in state.placed.iter().enumerate() {
                let on: Vec<CellId> = (0..board::SQUARES as CellId)
                    .filter(|id| state.squares[usize::from(*id)].is_some_and(|p| p.owner.index() == owner))
                    .collect();
                assert_eq!(placed.iter().collect::<Vec<_>>(), on, "seat {owner}");
            }
            for id in state.placed[seat.index()].iter() {
                let kind = state.squares[usize::from(id)].unwrap().kind;
                let ends_of = |count: u8| -> Vec<(u8, CellId)> {
                    let mut ends: Vec<(u8, CellId)> = walks::walks_taken(state.taken(), kind, id, count, None)
                        .into_keys()
                        .filter(|to| match state.squares[usize::from(*to)] {
                            _ if board::in_centre(*to) => kind == Kind::Monarch,
                            Some(piece) => *to != id && state.is_opponent(seat, piece.owner),
                            None => *to != id,
                        })
                        .map(|to| (count, to))
                        .collect();
                    ends.sort_unstable();
                    ends
                };
                for count in 1..=moves::LONGEST {
                    assert_eq!(state.walks(seat, kind, id, &[count], false), ends_of(count), "{kind:?} {id} {count}");
                    walks += 1;
                }
                let three = [2, 7, 12].into_iter().flat_map(ends_of).collect::<Vec<_>>();
                assert_eq!(state.walks(seat, kind, id, &[2, 7, 12], false), three, "{kind:?} {id}");
                let any = state.walks(seat, kind, id, &[2, 7, 12], true);
                assert_eq!(any.is_empty(), three.is_empty(), "{kind:?} {id}");
            }
            let mut legal = Vec::new();
            state.legal_actions(seat, &mut legal);
            let action = legal[choices.below(legal.len() as u32) as usize];
            state.play(seat, &action);
            states += 1;
        }
        assert!(states >= 150 && walks > 3000, "{seats} seats: {states} states, {walks} walks");
    }
}
