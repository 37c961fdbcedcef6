//! Attraktion: one test per rulebook passage, and random games checked
//! against a second, independently written reading of the rules.

use rules::games::attraktion::{Attraktion, AttraktionOptions, BLACK, Coord, Placement, WHITE};
use rules::registry;
use rules::{Cell, Step};
use rules::{Click, Game, NotationError, RulesError, Seat, Seed, SeedStream, Status, Viewer};
use serde_json::json;

const W: Seat = WHITE;
const B: Seat = BLACK;

fn sq(name: &str) -> Cell {
    name.parse().unwrap()
}

fn coord(name: &str) -> Coord {
    Coord::of(sq(name)).unwrap()
}

fn new_game(size: u8) -> Attraktion {
    Attraktion::new(&AttraktionOptions::of_size(size)).unwrap()
}

/// A match from a position (see rules/src/games/attraktion/position.rs); the
/// board size is the number of ranks.
fn at(position: &str) -> Attraktion {
    let size = position.split('/').count() as u8;
    Attraktion::from_position(&AttraktionOptions::of_size(size), position).unwrap_or_else(|e| panic!("{position}: {e}"))
}

fn place(state: &mut Attraktion, name: &str) {
    let seat = state.to_move();
    state.apply(seat, &sq(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
}

fn board(state: &Attraktion) -> String {
    let position = state.position().unwrap();
    position.split(' ').next().unwrap().to_string()
}

fn owner(state: &Attraktion, name: &str) -> Option<Seat> {
    state.board().get(coord(name))
}

// "White takes the first turn."
#[test]
fn white_takes_the_first_turn_on_an_empty_board() {
    let state = new_game(8);
    assert_eq!(state.board().pieces(), 0, "In the beginning the board is empty");
    assert_eq!(state.status(), Status::Acting(rules::Decision::turn(W)));
    let mut state = state;
    place(&mut state, "d4");
    assert_eq!(state.to_move(), B, "turns alternate");
}

// "2 × 32 white and black pieces (2 × 50 for the 10 x 10 game board)"
#[test]
fn each_player_has_half_as_many_pieces_as_the_board_has_squares() {
    for (size, pieces) in [(8, 32), (10, 50), (12, 72), (14, 98)] {
        let state = new_game(size);
        assert_eq!((state.in_hand(W), state.in_hand(B)), (pieces, pieces), "{size}×{size}");
    }
    let mut state = new_game(8);
    place(&mut state, "a1");
    let facts = &state.view(Viewer::Spectator).seats;
    assert!(facts[0].facts.iter().any(|f| f.label == "in hand" && f.value == "31"), "{facts:?}");
    assert!(facts[1].facts.iter().any(|f| f.label == "in hand" && f.value == "32"), "{facts:?}");
}

// "Usually, however, the larger board with its 100 spaces should be used.
// Experts play on still larger boards."
#[test]
fn the_standard_board_is_ten_by_ten_and_eight_twelve_and_fourteen_are_options() {
    let game = registry::game("attraktion").unwrap();
    assert_eq!(game.normalize_options(&json!({})).unwrap(), json!({"size": 10}));
    let standard = Attraktion::new(&AttraktionOptions::default()).unwrap();
    assert_eq!(standard.layout().cells.len(), 100);
    for size in [8, 10, 12, 14] {
        assert!(game.normalize_options(&json!({ "size": size })).is_ok(), "{size}");
    }
    for size in [0, 6, 9, 11, 16, 26] {
        assert!(matches!(game.normalize_options(&json!({ "size": size })), Err(RulesError::BadOptions(_))), "{size}");
    }
    let layout = new_game(8).layout();
    assert_eq!(layout.cells.len(), 64);
    assert_eq!(layout.cells[0].label, "a1");
    assert_eq!(layout.cells[63].label, "h8");
    assert_eq!(new_game(14).layout().cells[195].label, "n14");
}

// "Placing one's piece on any empty board space."
#[test]
fn a_piece_may_be_placed_on_any_empty_space_and_nowhere_else() {
    let state = new_game(8);
    assert_eq!(state.count_legal(W), 64);
    assert_eq!(state.count_legal(B), 0, "Black waits");
    let mut state = state;
    place(&mut state, "e5");
    let mut legal = Vec::new();
    state.legal_actions(B, &mut legal);
    assert_eq!(legal.len(), 63);
    assert!(!legal.contains(&sq("e5")));
    let before = state.clone();
    let error = state.apply(B, &sq("e5")).unwrap_err();
    assert_eq!(error, RulesError::Illegal("e5 is occupied".into()));
    assert!(matches!(state.apply(B, &sq("i1")), Err(RulesError::Illegal(_))), "off the 8×8 board");
    assert_eq!(state.apply(W, &sq("a1")), Err(RulesError::NotYourTurn(W)));
    assert_eq!(state, before, "refusals change nothing");
}

// "move every piece, regardless of owner, in the same row and column one
// space in the direction of the new piece"
#[test]
fn attraction_pulls_pieces_of_both_colours_along_the_row_and_the_column() {
    // White d7 above, Black d1 below, Black a4 left and White h4 right of d4.
    let mut state = at("8/3W4/8/8/B6W/8/8/3B4 W");
    place(&mut state, "d4");
    assert_eq!(owner(&state, "d6"), Some(W), "d7 moved down one");
    assert_eq!(owner(&state, "d2"), Some(B), "d1 moved up one");
    assert_eq!(owner(&state, "b4"), Some(B), "a4 moved right one");
    assert_eq!(owner(&state, "g4"), Some(W), "h4 moved left one");
    assert_eq!(board(&state), "8/8/3W4/8/1B1W2W1/8/3B4/8");
}

// "in the same row and column": pieces on the diagonals stay.
#[test]
fn pieces_off_the_row_and_column_are_not_attracted() {
    let mut state = at("8/8/5W2/8/8/8/1B6/8 W");
    place(&mut state, "d4");
    assert_eq!(board(&state), "8/8/5W2/8/3W4/8/1B6/8");
}

// "Starting from the newly-placed piece and extending outward ... However, a
// piece only moves if the space which it is to enter is vacant."
#[test]
fn attraction_works_outward_so_pieces_close_up_nearest_first() {
    // a1 placed; c1, d1 and f1 in its row. c1 enters b1, which lets d1 enter
    // c1; e1 was empty, so f1 enters it.
    let mut state = at("7W/8/8/8/8/8/8/2WB1B2 W");
    place(&mut state, "a1");
    assert_eq!(board(&state), "7W/8/8/8/8/8/8/WWB1B3");
    // Read the other way round (farthest first) d1 would stay where it was.
    assert_eq!(owner(&state, "d1"), None);
    assert_eq!(owner(&state, "c1"), Some(B));
}

#[test]
fn a_blocked_piece_does_not_move() {
    // b1 is next to the placed piece: the space it would enter is taken, and
    // so is every space of the unbroken line behind it.
    let mut state = at("8/8/8/8/8/8/8/1WBW3B W");
    place(&mut state, "a1");
    assert_eq!(board(&state), "8/8/8/8/8/8/8/WWBW2B1", "only h1, beyond the first gap, moves");
}

#[test]
fn each_piece_moves_at_most_one_space() {
    let mut state = at("8/8/8/8/8/8/8/5W1B W");
    place(&mut state, "a1");
    assert_eq!(board(&state), "8/8/8/8/8/8/8/W3W1B1");
}

// "Players try to reach a particular winning position: 1 of one's own pieces
// surrounded by exactly 4 opposing ones on the diagonally adjacent spaces."
#[test]
fn a_winning_position_is_an_own_piece_with_four_opposing_diagonal_neighbours() {
    // Black d4 with White on c3, e3, c5, e5; the orthogonal neighbours do not matter.
    let state = at("8/8/8/2W1W3/2WBW3/2W1W3/8/BBBBB3 W");
    assert_eq!(state.winning_positions(), [0, 1]);
    assert!(state.board().is_winning_position(coord("d4")));
    // Three opposing diagonal neighbours and an empty one is not enough.
    let three = at("8/8/8/2W5/3B4/2W1W3/8/1BB5 W");
    assert_eq!(three.winning_positions(), [0, 0]);
    // Nor is an own piece among the four.
    let own = at("8/8/8/2W1B3/3B4/2W1W3/8/1B6 W");
    assert_eq!(own.winning_positions(), [0, 0]);
}

#[test]
fn a_piece_on_the_edge_or_in_a_corner_is_never_a_winning_position() {
    // a1 has one diagonal neighbour (b2) and d1 two (c2, e2), all White.
    let state = at("BBB5/8/8/8/8/8/WWWWW3/B2B4 W");
    assert_eq!(state.winning_positions(), [0, 0]);
    assert!(!state.board().is_winning_position(coord("a1")));
    assert!(!state.board().is_winning_position(coord("d1")));
}

// "A player wins if he has more winning positions than his opponent."
#[test]
fn a_player_with_more_winning_positions_after_a_turn_wins() {
    // Black places d4 among White's c3, e3, c5 and e5; nothing is in its
    // rank or file to be pulled.
    let mut state = at("8/8/8/2W1W3/8/2W1W3/8/BBB5 B");
    assert_eq!(state.status().outcome(), None);
    place(&mut state, "d4");
    assert_eq!(state.winning_positions(), [0, 1]);
    let outcome = state.status().outcome().cloned().expect("the game is over");
    assert_eq!(outcome.first_place(), rules::SeatSet::only(B), "{outcome:?}");
    assert_eq!(outcome.reason, "more winning positions, 1 to 0");
    assert_eq!(state.count_legal(W), 0, "nobody moves after the end");
}

// "A player's move may create winning positions for the opponent as well."
#[test]
fn a_move_that_gives_only_the_opponent_a_winning_position_loses() {
    // White places d5; the attraction pulls f5 into e5, which completes the
    // four White pieces around Black's d4.
    let mut state = at("BB6/8/8/2W2W2/3B4/2W1W3/8/7B W");
    place(&mut state, "d5");
    assert_eq!(owner(&state, "e5"), Some(W));
    assert_eq!(state.winning_positions(), [0, 1]);
    let outcome = state.status().outcome().cloned().expect("the game is over");
    assert_eq!(outcome.first_place(), rules::SeatSet::only(B), "the opponent wins: {outcome:?}");
    assert!(outcome.reason.contains("opponent"), "{}", outcome.reason);
}

// "In case of a tie, the game is continues."
#[test]
fn equal_numbers_of_winning_positions_go_on_even_when_both_have_some() {
    // White's d4 completes a White winning position (d4 among Black c3, e3,
    // c5, e5) and a Black one (e5 among White d4, f4, d6, f6) at once; its
    // four neighbours are occupied, so nothing moves.
    let mut state = at("8/8/3W1W2/2BWB3/2B1BW2/2BWB3/8/W7 W");
    assert_eq!(state.winning_positions(), [0, 0]);
    place(&mut state, "d4");
    assert_eq!(state.winning_positions(), [1, 1]);
    assert_eq!(state.status(), Status::Acting(rules::Decision::turn(B)), "a tie goes on");
    let facts = &state.view(Viewer::Spectator).seats;
    assert!(facts[0].facts.iter().any(|f| f.label == "winning positions" && f.value == "1"), "{facts:?}");
}

// The rulebook does not say what happens on a full board; with equal
// numbers of winning positions no one can move, and the game is drawn.
#[test]
fn a_full_board_with_equal_winning_positions_is_a_draw() {
    // Bands two ranks wide: every piece has an own diagonal neighbour.
    let mut state = at("BBBBBBB1/BBBBBBBB/WWWWWWWW/WWWWWWWW/BBBBBBBB/BBBBBBBB/WWWWWWWW/WWWWWWWW B");
    assert_eq!(state.count_legal(B), 1);
    place(&mut state, "h8");
    assert_eq!(state.in_hand(W), 0);
    assert_eq!(state.in_hand(B), 0);
    let outcome = state.status().outcome().cloned().expect("the board is full");
    assert!(outcome.is_draw(), "{outcome:?}");
}

// "Each player's turn is conducted in 2 phases": one placement, then the
// attraction; the turn is written as the square of the placement.
#[test]
fn a_turn_is_written_as_the_square_of_its_placement_and_clicked_there() {
    let mut state = new_game(10);
    let turn: Placement = "j10".parse().unwrap();
    assert_eq!(state.resolve(&turn).unwrap(), vec![Step::Act(W, sq("j10"))]);
    assert_eq!(state.action_text(W, &sq("j10")), "j10");
    assert_eq!(state.parse_action(W, "J10").unwrap(), sq("j10"));
    assert_eq!(state.clicks(W, &sq("j10")), vec![Click::Cell(99)]);
    assert_eq!(state.clicks(W, &sq("a2")), vec![Click::Cell(10)]);
    assert_eq!(serde_json::to_value(sq("j10")).unwrap(), json!("j10"));
    place(&mut state, "j10");
    assert!(matches!(state.parse_action(B, "j10"), Err(NotationError::Illegal { .. })));
    assert!(matches!(state.parse_action(B, "k1"), Err(NotationError::Illegal { .. })), "off the board");
    assert!(matches!(state.parse_action(B, "j-1"), Err(NotationError::Syntax { .. })));
    assert!(matches!(state.parse_action(W, "a1"), Err(NotationError::Illegal { .. })), "not White's turn");
    assert_eq!(state.notate(&[Step::Act(B, sq("c3"))]).to_string(), "c3");
}

#[test]
fn the_view_marks_the_placed_piece_and_the_squares_pulled_pieces_entered() {
    let mut state = at("8/8/8/8/8/8/8/1W2BW1B W");
    place(&mut state, "a1");
    // b1 is blocked; e1 and f1 enter d1 and e1, h1 enters g1.
    let view = state.view(Viewer::Spectator);
    let layout = state.layout();
    let mut marked: Vec<&str> = view.marks.iter().map(|c| layout.cells[*c as usize].label.as_str()).collect();
    marked.sort_unstable();
    assert_eq!(marked, ["a1", "d1", "e1", "g1"]);
    assert_eq!(view.stacks.len(), 5);
    assert_eq!(view.prompt, "Black: place a piece on an empty square");
}

#[test]
fn a_player_who_withdraws_loses() {
    let mut state = new_game(8);
    state.withdraw(W, rules::Leave::Resigned);
    assert_eq!(state.status().outcome().unwrap().first_place(), rules::SeatSet::only(B));
}

// ---- A second reading of the rules, written differently, for random games.

/// The board as rows of cells, with the attraction written as "in each
/// direction, the first empty square is closed up: everything beyond it
/// moves one square in", and winning positions checked square by square.
#[derive(Clone)]
struct Reference {
    size: usize,
    rows: Vec<Vec<Option<Seat>>>,
    to_move: Seat,
    over: bool,
}

impl Reference {
    fn new(size: usize) -> Reference {
        Reference { size, rows: vec![vec![None; size]; size], to_move: W, over: false }
    }

    fn place(&mut self, col: usize, row: usize) {
        self.rows[row][col] = Some(self.to_move);
        let n = self.size as isize;
        for (dc, dr) in [(1isize, 0isize), (-1, 0), (0, 1), (0, -1)] {
            let ray: Vec<(usize, usize)> = (1..n)
                .map(|k| (col as isize + dc * k, row as isize + dr * k))
                .take_while(|(c, r)| (0..n).contains(c) && (0..n).contains(r))
                .map(|(c, r)| (c as usize, r as usize))
                .collect();
            let mut line: Vec<Option<Seat>> = ray.iter().map(|&(c, r)| self.rows[r][c]).collect();
            if let Some(gap) = line.iter().position(Option::is_none) {
                line.remove(gap);
                line.push(None);
            }
            for (&(c, r), cell) in ray.iter().zip(line) {
                self.rows[r][c] = cell;
            }
        }
        let counts = self.winning();
        let full = self.rows.iter().flatten().all(Option::is_some);
        self.over = counts[0] != counts[1] || full;
        self.to_move = rules::games::two_seats::opponent(self.to_move);
    }

    fn winning(&self) -> [u32; 2] {
        let mut counts = [0; 2];
        for row in 0..self.size {
            for col in 0..self.size {
                let Some(me) = self.rows[row][col] else { continue };
                let mut around = 0;
                for (dc, dr) in [(-1isize, -1isize), (1, -1), (-1, 1), (1, 1)] {
                    let (c, r) = (col as isize + dc, row as isize + dr);
                    let on = (0..self.size as isize).contains(&c) && (0..self.size as isize).contains(&r);
                    if on && self.rows[r as usize][c as usize] == Some(rules::games::two_seats::opponent(me)) {
                        around += 1;
                    }
                }
                if around == 4 {
                    counts[me.index()] += 1;
                }
            }
        }
        counts
    }

    fn empties(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for row in 0..self.size {
            for col in 0..self.size {
                if self.rows[row][col].is_none() {
                    out.push((col, row));
                }
            }
        }
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over {
            return 0;
        }
        self.empties()
            .into_iter()
            .map(|(c, r)| {
                let mut child = self.clone();
                child.place(c, r);
                child.perft(depth - 1)
            })
            .sum()
    }

    fn matches(&self, state: &Attraktion) -> bool {
        (0..self.size)
            .all(|r| (0..self.size).all(|c| self.rows[r][c] == state.board().get(Coord::new(c as u8, r as u8))))
    }
}

#[test]
fn random_games_agree_with_a_second_reading_of_the_rules() {
    let mut chance = SeedStream::new(Seed::from_u64(7));
    let (mut wins, mut draws) = (0, 0);
    for game in 0..300 {
        let size = [8usize, 10, 12, 14][game % 4];
        let mut state = new_game(size as u8);
        let mut reference = Reference::new(size);
        loop {
            let empties = reference.empties();
            assert_eq!(state.count_legal(state.to_move()), empties.len());
            let (c, r) = empties[chance.below(empties.len() as u32) as usize];
            place(&mut state, &Coord::new(c as u8, r as u8).to_string());
            reference.place(c, r);
            assert!(reference.matches(&state), "game {game}: {}", state.position().unwrap());
            assert_eq!(state.winning_positions(), reference.winning(), "game {game}");
            assert_eq!(state.status().outcome().is_some(), reference.over, "game {game}");
            if let Some(outcome) = state.status().outcome() {
                let [white, black] = reference.winning();
                if outcome.is_draw() {
                    assert_eq!(white, black);
                    assert!(state.board().is_full());
                    draws += 1;
                } else {
                    let winner = outcome.first_place().first().unwrap();
                    assert_eq!(winner == W, white > black);
                    wins += 1;
                }
                break;
            }
        }
    }
    assert!(wins > 0 && draws > 0, "both endings occur: {wins} wins, {draws} draws");
}

#[test]
fn perft_agrees_with_the_second_reading_of_the_rules() {
    let reference = Reference::new(8);
    for depth in 1..=2 {
        assert_eq!(new_game(8).perft(depth), reference.perft(depth), "start, depth {depth}");
    }
    // Late positions, where winning positions end some lines early.
    let mut chance = SeedStream::new(Seed::from_u64(11));
    let mut checked = 0;
    while checked < 20 {
        let mut state = new_game(8);
        let mut reference = Reference::new(8);
        for _ in 0..56 {
            let empties = reference.empties();
            let (c, r) = empties[chance.below(empties.len() as u32) as usize];
            place(&mut state, &Coord::new(c as u8, r as u8).to_string());
            reference.place(c, r);
            if reference.over {
                break;
            }
        }
        if reference.over {
            continue;
        }
        for depth in 1..=4 {
            assert_eq!(state.perft(depth), reference.perft(depth), "{} depth {depth}", state.position().unwrap());
        }
        checked += 1;
    }
}

#[test]
fn positions_read_back_and_a_position_already_won_is_over() {
    let start = new_game(8);
    assert_eq!(start.position().unwrap(), "8/8/8/8/8/8/8/8 W");
    let won = at("8/8/8/2W1W3/3B4/2W1W3/8/BBB5 W");
    assert_eq!(won.status().outcome().unwrap().first_place(), rules::SeatSet::only(B));
    let game = registry::game("attraktion").unwrap();
    assert!(game.match_at(&json!({"size": 10}), "8/8/8/8/8/8/8/8 W").is_err(), "wrong size");
    assert!(game.match_at(&json!({"size": 8}), "8/8/8/8/8/8/8/W7 W").is_err(), "Black's turn");
}
