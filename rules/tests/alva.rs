//! Alva: one test per rulebook passage (docs/rules/alva.md quotes them), the
//! notation, the view and the perft counts.

use rules::click::Click;
use rules::games::alva::{Alva, AlvaAction, AlvaOptions, BLACK, BOARD, PIECES, TurnText, WHITE};
use rules::step;
use rules::{Cell, Step};
use rules::{Game, NotationError, RulesError, Seat, Status, Viewer};

const W: Seat = WHITE;
const B: Seat = BLACK;

fn p(name: &str) -> Cell {
    name.parse().unwrap()
}

fn start() -> Alva {
    Alva::new(&AlvaOptions::default()).unwrap()
}

/// A position with White's and Black's pieces on the named points.
fn position(white: &[&str], black: &[&str], hand: [u8; 2], to_move: Seat) -> Alva {
    let pieces: Vec<(Cell, Seat)> = white.iter().map(|n| (p(n), W)).chain(black.iter().map(|n| (p(n), B))).collect();
    Alva::with_pieces(&pieces, hand, to_move)
}

fn legal(state: &Alva, seat: Seat) -> Vec<AlvaAction> {
    let mut out = Vec::new();
    state.legal_actions(seat, &mut out);
    out
}

fn jump(from: &str, to: &str) -> AlvaAction {
    AlvaAction::Jump { from: p(from), to: p(to) }
}

fn shift(from: &str, to: &str) -> AlvaAction {
    AlvaAction::Shift { from: p(from), to: p(to) }
}

fn place(at: &str) -> AlvaAction {
    AlvaAction::Place(p(at))
}

/// The legal jumps, written `from`x`to` and sorted.
fn jumps(state: &Alva) -> Vec<String> {
    let mut out: Vec<String> = legal(state, state.to_move())
        .iter()
        .filter(|a| matches!(a, AlvaAction::Jump { .. }))
        .map(|a| state.action_text(state.to_move(), a))
        .collect();
    out.sort();
    out
}

/// Plays one whole turn written in notation, checking every action.
fn play_turn(state: &mut Alva, text: &str) {
    let turn: TurnText = text.parse().unwrap();
    let actions = state.resolve(&turn).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(state.notate(&actions).to_string(), text, "the turn writes back as given");
    for (seat, action) in &step::actions(&actions) {
        state.apply(*seat, action).unwrap();
    }
}

#[test]
fn in_the_beginning_the_board_is_empty_and_white_takes_the_first_turn() {
    let state = start();
    assert!(BOARD.ids().all(|pt| state.at(BOARD.name(pt)).is_none()));
    assert_eq!((state.in_hand(W), state.in_hand(B)), (PIECES, PIECES));
    assert_eq!(PIECES, 32, "2 × 32 white and black pieces");
    assert_eq!(state.status(), Status::Acting(rules::Decision::turn(W)));
    assert_eq!(legal(&state, W).len(), 81, "a piece may be brought into play on any of the 81 points");
    assert!(legal(&state, B).is_empty());
}

#[test]
fn a_jump_passes_along_a_line_over_a_single_opposing_piece_to_the_vacant_point_beyond() {
    let state = position(&["e5"], &["e6", "f5"], [5, 5], W);
    assert_eq!(jumps(&state), ["e5xe7", "e5xg5"]);
    let mut after = state.clone();
    after.apply(W, &jump("e5", "e7")).unwrap();
    assert_eq!(after.at(p("e6")), None, "the jumped piece is captured");
    assert_eq!(after.at(p("e7")), Some(W));
    assert_eq!(after.captured(W), 1);
}

#[test]
fn jumps_run_along_the_lines_only_never_diagonally() {
    let state = position(&["e5"], &["f6"], [5, 5], W);
    assert!(jumps(&state).is_empty());
    assert!(!state.must_capture(W));
}

#[test]
fn a_jump_may_pass_over_an_unbroken_row_of_at_least_three_opposing_pieces() {
    let three = position(&["a1"], &["b1", "c1", "d1"], [5, 5], W);
    assert_eq!(jumps(&three), ["a1xe1"]);
    let mut after = three.clone();
    after.apply(W, &jump("a1", "e1")).unwrap();
    assert!(["b1", "c1", "d1"].iter().all(|n| after.at(p(n)).is_none()), "the whole row is captured");
    assert_eq!(after.captured(W), 3);
    let seven = position(&["a1"], &["b1", "c1", "d1", "e1", "f1", "g1", "h1"], [5, 5], W);
    assert_eq!(jumps(&seven), ["a1xi1"]);
}

#[test]
fn it_is_not_allowed_to_jump_over_exactly_two_opposing_pieces() {
    let state = position(&["a1"], &["b1", "c1"], [5, 5], W);
    assert!(jumps(&state).is_empty());
    assert!(!state.must_capture(W), "with no jump, White places as usual");
    assert!(legal(&state, W).contains(&place("e5")));
    let refused = state.check(W, &jump("a1", "d1")).unwrap_err();
    assert!(matches!(refused, RulesError::Illegal(_)), "{refused}");
}

#[test]
fn the_jumped_pieces_are_contiguous_and_the_jump_ends_on_the_vacant_space_right_after_them() {
    // Separated by an empty point, as in traditional draughts: no jump.
    assert!(jumps(&position(&["a1"], &["c1"], [5, 5], W)).is_empty());
    // Two, then a gap, then one more: the row next to the jumper is two long.
    assert!(jumps(&position(&["a1"], &["b1", "c1", "e1"], [5, 5], W)).is_empty());
    // A row of three followed by an own piece, or by the edge of the board.
    assert!(jumps(&position(&["a1", "e1"], &["b1", "c1", "d1"], [5, 5], W)).is_empty());
    assert!(jumps(&position(&["f1"], &["g1", "h1", "i1"], [5, 5], W)).is_empty());
}

#[test]
fn own_pieces_cannot_be_jumped() {
    let state = position(&["a1", "b1"], &["i9"], [5, 5], W);
    assert!(jumps(&state).is_empty());
    // A row mixing own and opposing pieces is not an unbroken opposing row.
    let mixed = position(&["a1", "c1"], &["b1", "d1", "e1"], [5, 5], W);
    assert_eq!(jumps(&mixed), Vec::<String>::new());
}

#[test]
fn opposing_pieces_must_be_captured_via_jumping_whenever_possible() {
    let state = position(&["e5", "a9"], &["e6"], [5, 5], W);
    assert_eq!(legal(&state, W), vec![jump("e5", "e7")], "no placement, no shift");
    let error = state.check(W, &place("c3")).unwrap_err();
    assert_eq!(error, RulesError::Illegal("capturing is compulsory".into()));
    assert!(state.view(Viewer::Seat(W)).prompt.contains("must capture"));
}

#[test]
fn further_jumps_with_the_same_piece_must_be_carried_out_even_in_a_new_direction() {
    let mut state = position(&["c1"], &["c2", "d3"], [5, 5], W);
    state.apply(W, &jump("c1", "c3")).unwrap();
    assert_eq!(state.to_move(), W, "the turn goes on");
    assert_eq!(state.turn(), 0);
    assert_eq!(legal(&state, W), vec![jump("c3", "e3")], "only the jumping piece, turning right");
    assert!(state.view(Viewer::Spectator).prompt.contains("jump on with the piece on c3"));
    state.apply(W, &jump("c3", "e3")).unwrap();
    assert_eq!(state.to_move(), B, "no jump is left: the turn ends by itself");
    assert_eq!(state.turn(), 1);
    assert_eq!(state.captured(W), 2);
}

#[test]
fn only_the_piece_that_jumped_may_go_on_jumping() {
    let mut state = position(&["c1", "g1"], &["c2", "d3", "g2"], [5, 5], W);
    assert_eq!(jumps(&state), ["c1xc3", "g1xg3"]);
    state.apply(W, &jump("c1", "c3")).unwrap();
    assert_eq!(jumps(&state), ["c3xe3"], "g1 may not jump in this turn");
    assert!(state.check(W, &jump("g1", "g3")).is_err());
}

#[test]
fn at_the_start_of_the_turn_the_player_is_free_to_select_any_jump() {
    // a1 can take one piece; e5 can take three. No rule makes the larger capture compulsory.
    let state = position(&["a1", "e5"], &["a2", "f5", "g5", "h5"], [5, 5], W);
    assert_eq!(jumps(&state), ["a1xa3", "e5xi5"]);
}

#[test]
fn after_each_jump_the_jumped_over_pieces_are_removed() {
    // The piece jumps round in a square back to where it started; c2, removed by
    // the first jump, is not there to be jumped again at the end.
    let mut state = position(&["c1"], &["c2", "d3", "e2", "d1"], [5, 5], W);
    play_turn(&mut state, "c1xc3xe3xe1xc1");
    assert_eq!(state.at(p("c1")), Some(W));
    assert_eq!(BOARD.ids().filter(|pt| state.at(BOARD.name(*pt)) == Some(B)).count(), 0);
    assert_eq!(state.captured(W), 4);
    assert_eq!(state.to_move(), B);
}

#[test]
fn an_equal_reply_gives_back_only_the_replys_pieces_and_the_first_capture_is_kept() {
    // "he keeps them if the number of captured pieces for each player
    // differs. Otherwise, these pieces must be given back to the player to
    // whom they belong."
    let mut state = position(&["c1"], &["c2", "d3", "e3"], [5, 5], W);
    play_turn(&mut state, "c1xc3");
    assert_eq!((state.captured(W), state.in_hand(B)), (1, 5), "the captured piece waits beside the board");
    play_turn(&mut state, "d3xb3");
    assert_eq!((state.captured(W), state.captured(B)), (0, 0), "nothing waits any more");
    assert_eq!((state.kept(W), state.kept(B)), (1, 0), "White's capture is kept; Black's reply is not");
    assert_eq!((state.in_hand(W), state.in_hand(B)), (6, 5), "White's piece goes back to White's hand");
    assert_eq!(state.score(W), 1);
}

#[test]
fn an_equal_reply_by_a_chain_counts_every_piece_of_the_chain() {
    // White captures two in a chain, Black replies with a chain of two.
    let mut state = position(&["c1", "a6", "c6", "d5"], &["c2", "c4", "b6", "e1"], [5, 5], W);
    play_turn(&mut state, "c1xc3xc5");
    assert_eq!(state.captured(W), 2);
    play_turn(&mut state, "b6xd6xd4");
    assert_eq!((state.kept(W), state.kept(B)), (2, 0), "two against two: White keeps both");
    assert_eq!(state.in_hand(W), 7, "Black's two go back to White's hand");
}

#[test]
fn white_keeps_two_captured_pieces_as_black_only_managed_to_capture_one() {
    // The rulebook's diagram caption.
    let mut state = position(&["c2", "d3", "e3"], &["c1", "b4"], [5, 5], B);
    play_turn(&mut state, "c1xc3");
    assert_eq!(state.captured(B), 1);
    play_turn(&mut state, "d3xb3xb5");
    assert_eq!(state.kept(B), 1, "the counts differ: Black keeps his piece");
    assert_eq!(state.captured(W), 2, "White's two wait for Black's reply");
    play_turn(&mut state, "i9");
    assert_eq!((state.kept(W), state.captured(W)), (2, 0), "taken for good once Black's turn is complete");
    assert_eq!((state.in_hand(W), state.in_hand(B)), (5, 4));
}

#[test]
fn a_reply_that_captures_nothing_leaves_the_captures_with_their_taker() {
    let mut state = position(&["c1"], &["c2"], [5, 5], W);
    play_turn(&mut state, "c1xc3");
    assert_eq!((state.kept(W), state.captured(W)), (0, 1));
    play_turn(&mut state, "g7");
    assert_eq!((state.kept(W), state.captured(W)), (1, 0));
    assert_eq!(state.in_hand(B), 4, "the placed piece left the hand; the captured one never comes back");
}

#[test]
fn every_capture_is_weighed_against_the_opponents_capture_of_the_turn_before() {
    let mut state = position(&["c1", "d3", "e3", "f4", "f5"], &["c2", "b3", "a3"], [5, 5], W);
    play_turn(&mut state, "c1xc3");
    play_turn(&mut state, "b3xf3");
    assert_eq!((state.kept(W), state.captured(B)), (1, 3), "one against three: White keeps his piece");
    play_turn(&mut state, "f4xf2");
    assert_eq!((state.kept(B), state.captured(W)), (3, 1), "three against one: Black keeps his, White's waits");
    play_turn(&mut state, "e7");
    assert_eq!((state.kept(W), state.kept(B)), (2, 3));
    assert_eq!(state.score(W), 3, "two kept and Black's a3 on the edge");
}

#[test]
fn optionally_one_owned_piece_may_be_shifted_over_one_space_beforehand() {
    let mut state = position(&["e5"], &["a9"], [5, 5], W);
    let actions = legal(&state, W);
    for to in ["e6", "f5", "e4", "d5"] {
        assert!(actions.contains(&shift("e5", to)), "{to}");
    }
    assert!(!actions.contains(&shift("e5", "e7")), "one space only");
    assert!(!actions.contains(&shift("e5", "f6")), "orthogonally adjacent only");
    assert!(!actions.contains(&shift("a9", "a8")), "only own pieces");
    state.apply(W, &shift("e5", "e6")).unwrap();
    assert_eq!(state.to_move(), W, "the placement must follow");
    let after = legal(&state, W);
    assert!(after.iter().all(|a| matches!(a, AlvaAction::Place(_))), "only placements follow a shift");
    assert_eq!(after.len(), 81 - 2, "any empty space, the one just left included");
    state.apply(W, &place("e5")).unwrap();
    assert_eq!(state.to_move(), B);
    assert_eq!(state.in_hand(W), 4);
}

#[test]
fn a_shift_is_not_allowed_while_a_capture_is_possible() {
    let state = position(&["e5", "a1"], &["e6"], [5, 5], W);
    assert!(state.check(W, &shift("a1", "a2")).is_err());
}

#[test]
fn a_placement_alone_is_a_whole_turn() {
    let mut state = start();
    play_turn(&mut state, "e5");
    assert_eq!((state.to_move(), state.turn(), state.in_hand(W)), (B, 1, 31));
}

#[test]
fn the_game_ends_when_the_player_to_move_is_unable_to_take_a_turn() {
    // White has placed every piece and cannot capture: the game ends at once,
    // though Black still holds pieces.
    let mut state = position(&["e5"], &["a9"], [1, 3], W);
    play_turn(&mut state, "e4");
    play_turn(&mut state, "a8");
    assert!(matches!(state.status(), Status::Over(_)));
    assert!(legal(&state, W).is_empty() && legal(&state, B).is_empty());
    // With an empty hand a capture is still a turn.
    let capture = position(&["e5"], &["e6"], [0, 0], W);
    assert_eq!(capture.status(), Status::Acting(rules::Decision::turn(W)));
}

#[test]
fn every_exchange_removes_a_piece_for_good_so_play_cannot_circle() {
    // Under the old "both sets go back" reading these four turns restored
    // the position and could repeat for ever; now White's capture is kept.
    let mut state = position(&["a5", "e5"], &["b5", "d5", "i9", "i1"], [5, 5], W);
    play_turn(&mut state, "a5xc5"); // c5 cannot jump on: e5 stands beyond d5
    play_turn(&mut state, "d5xb5");
    assert_eq!((state.kept(W), state.kept(B)), (1, 0));
    assert_eq!((state.in_hand(W), state.in_hand(B)), (6, 5));
    play_turn(&mut state, "a5");
    play_turn(&mut state, "d5");
    assert_eq!(state.score(W), 3, "one kept and Black's i9 and i1 on the edge");
}

#[test]
fn each_captured_piece_and_every_opponent_piece_on_an_edge_space_counts_one_point() {
    // White: two black pieces on the edge (a9, i5). Black: one white piece on the edge (a1).
    let state = position(&["a1", "e5"], &["a9", "i5", "d4"], [0, 0], W);
    let outcome = state.status().outcome().cloned().expect("White cannot take a turn");
    assert_eq!(outcome.scores, Some(vec![2, 1]));
    assert_eq!(outcome.places, vec![1, 2], "the higher total wins");
    assert_eq!(state.score(W), 2);
    // Captured pieces count too, as the game ends before Black can reply.
    let mut state = position(&["c1", "e5"], &["c2", "a9"], [1, 0], W);
    play_turn(&mut state, "c1xc3");
    let outcome = state.status().outcome().cloned().expect("Black cannot take a turn");
    assert_eq!(outcome.scores, Some(vec![2, 0]), "one captured, one black piece on the edge");
    assert_eq!(state.kept(W), 1);
}

#[test]
fn equal_totals_are_a_draw() {
    let state = position(&["a1", "e5"], &["i9", "d4"], [0, 0], B);
    let outcome = state.status().outcome().cloned().unwrap();
    assert!(outcome.is_draw());
    assert_eq!(outcome.scores, Some(vec![1, 1]));
}

#[test]
fn random_games_end_by_the_rules() {
    // No repetition rule: every game ends because a player cannot take a turn.
    let report = rules::tools::playout::playouts::<Alva>(&AlvaOptions::default(), 500, 7, 5_000).unwrap();
    assert_eq!(report.unfinished, 0, "{report:?}");
    assert!(report.outcomes.keys().all(|o| !o.contains("third")), "{report:?}");
    assert!(report.actions / report.games < 300, "{report:?}");
}

#[test]
fn a_jump_chain_is_one_turn_written_with_every_landing_point() {
    let state = position(&["c1"], &["c2", "d3"], [5, 5], W);
    let turn: TurnText = "c1xc3xe3".parse().unwrap();
    let actions = state.resolve(&turn).unwrap();
    assert_eq!(actions, vec![Step::Act(W, jump("c1", "c3")), Step::Act(W, jump("c3", "e3"))]);
    assert_eq!(state.notate(&actions).to_string(), "c1xc3xe3");
    assert_eq!(state.action_text(W, &jump("c1", "c3")), "c1xc3");
    // Stopping early is not a turn: continuing is compulsory.
    let short: TurnText = "c1xc3".parse().unwrap();
    assert!(matches!(state.resolve(&short), Err(NotationError::Illegal { .. })));
    let wrong: TurnText = "c1xc3xc5".parse().unwrap();
    assert!(matches!(state.resolve(&wrong), Err(NotationError::Illegal { .. })));
}

#[test]
fn a_shift_and_placement_is_written_as_the_shift_then_the_point() {
    let state = position(&["d4"], &["a9"], [5, 5], W);
    let turn: TurnText = "d4-d5 e6".parse().unwrap();
    let actions = state.resolve(&turn).unwrap();
    assert_eq!(actions, vec![Step::Act(W, shift("d4", "d5")), Step::Act(W, place("e6"))]);
    assert_eq!(state.action_text(W, &shift("d4", "d5")), "d4-d5");
    assert_eq!(state.parse_action(W, "d4-d5").unwrap(), shift("d4", "d5"));
    assert_eq!(state.parse_action(W, "e6").unwrap(), place("e6"));
    for bad in ["d4-d6 e6", "d4-d5 a9", "a9-a8 e6", "d4"] {
        assert!(state.resolve(&bad.parse().unwrap()).is_err(), "{bad}");
    }
}

#[test]
fn actions_have_a_stable_json_form() {
    assert_eq!(serde_json::to_string(&jump("c3", "c5")).unwrap(), r#"{"jump":{"from":"c3","to":"c5"}}"#);
    assert_eq!(serde_json::to_string(&shift("d4", "d5")).unwrap(), r#"{"shift":{"from":"d4","to":"d5"}}"#);
    assert_eq!(serde_json::to_string(&place("e6")).unwrap(), r#"{"place":"e6"}"#);
    assert!(serde_json::from_str::<AlvaAction>(r#"{"place":"j0"}"#).is_err());
    let off: AlvaAction = serde_json::from_str(r#"{"place":"j1"}"#).unwrap();
    let error = start().check(W, &off).unwrap_err().to_string();
    assert!(error.contains("j1 is not a point of the board"), "{error}");
}

#[test]
fn clicks_are_the_points_a_person_touches() {
    let state = position(&["d4"], &["a9"], [5, 5], W);
    let layout = state.layout();
    let cell = |n: &str| Click::Cell(layout.find(n).unwrap());
    assert_eq!(state.clicks(W, &shift("d4", "d5")), vec![cell("d4"), cell("d5")]);
    assert_eq!(state.clicks(W, &place("e6")), vec![cell("e6")]);
    assert_eq!(state.clicks(W, &jump("c1", "c3")), vec![cell("c1"), cell("c3")]);
    assert_eq!(layout.cells.len(), 81);
    assert_eq!(
        layout.cells[layout.find("e5").unwrap() as usize].shape,
        rules::layout::Shape::Point([4.5, 4.5]),
        "the centre"
    );
}

#[test]
fn the_view_shows_hand_captures_and_score_per_seat_and_marks_the_last_action() {
    let mut state = position(&["c1", "a1"], &["c2", "d3", "i9"], [5, 5], W);
    state.apply(W, &jump("c1", "c3")).unwrap();
    let view = state.view(Viewer::Spectator);
    let fact = |seat: usize, label: &str| {
        view.seats[seat].facts.iter().find(|f| f.label == label).map(|f| f.value.clone()).unwrap()
    };
    assert_eq!(fact(0, "in hand"), "5");
    assert_eq!(fact(0, "captured"), "0");
    assert_eq!(fact(0, "taken this turn"), "1", "the jump must go on over d3");
    assert_eq!(fact(0, "score"), "1", "Black's i9 on the edge; the turn's captures count once it is over");
    assert_eq!(fact(1, "score"), "1", "White's a1 on the edge");
    let layout = state.layout();
    assert_eq!(view.marks, vec![layout.find("c1").unwrap(), layout.find("c3").unwrap()]);
    assert_eq!(view.stacks.len(), 4);
    state.apply(W, &jump("c3", "e3")).unwrap();
    let view = state.view(Viewer::Spectator);
    let fact = |label: &str| view.seats[0].facts.iter().find(|f| f.label == label).map(|f| f.value.clone());
    assert_eq!(fact("captured").as_deref(), Some("2"), "a capture waiting for the reply is kept whatever it does");
    assert_eq!(fact("taken this turn"), None);
    assert_eq!(fact("score").as_deref(), Some("3"));
}

#[test]
fn perft_from_the_start_matches_the_recorded_counts() {
    let text = include_str!("data/alva.perft");
    let state = start();
    let mut checked = 0;
    for line in text.lines().filter_map(|l| l.strip_prefix("perft ")) {
        let (depth, count) = line.split_once(' ').unwrap();
        let (depth, count): (u32, u64) = (depth.parse().unwrap(), count.parse().unwrap());
        if depth <= 3 {
            assert_eq!(state.perft(depth), count, "depth {depth}");
            checked += 1;
        }
    }
    assert_eq!(checked, 3);
}
