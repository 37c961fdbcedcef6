//! Accasta: the rulebook's sample game and one test per rulebook passage.

use rules::games::accasta::{Accasta, AccastaAction, AccastaOptions, BLACK, Move, Stack, TurnText, WHITE};
use rules::games::hex37::Point;
use rules::tools::replay::replay_by_id;
use rules::{Game, NotationError, RulesError, Seat, Seed, Status};

/// The rulebook's sample game (a copy of ../shared/samples/accasta-sample.txt,
/// kept here so the tests run in any clone; see the test below).
const SAMPLE: &str = include_str!("data/accasta-sample.txt");

fn p(name: &str) -> Point {
    name.parse().unwrap()
}

fn start() -> Accasta {
    Accasta::new(&AccastaOptions::default(), Seed::default()).unwrap()
}

fn mv(from: &str, count: u8, to: &str) -> AccastaAction {
    AccastaAction::Move(Move { from: p(from), count, to: p(to) })
}

fn legal(state: &Accasta, seat: Seat) -> Vec<AccastaAction> {
    let mut out = Vec::new();
    state.legal_actions(seat, &mut out);
    out
}

fn play_turn(state: &mut Accasta, text: &str) {
    let turn: TurnText = text.parse().unwrap();
    for (seat, action) in state.resolve(&turn).unwrap() {
        state.apply(seat, &action).unwrap();
    }
}

const W: Seat = WHITE;
const B: Seat = BLACK;

#[test]
fn sample_game_replays_legally_and_every_turn_writes_back_as_written() {
    let lines: Vec<&str> =
        SAMPLE.lines().map(|l| l.split('#').next().unwrap().trim()).filter(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), 30, "15 turns each");
    let mut state = start();
    for (i, line) in lines.iter().enumerate() {
        let turn: TurnText = line.parse().unwrap_or_else(|e| panic!("turn {} {line:?}: {e}", i + 1));
        let actions = state.resolve(&turn).unwrap_or_else(|e| panic!("turn {} {line:?}: {e}", i + 1));
        assert_eq!(state.notate(&actions).to_string(), *line, "turn {} formats back", i + 1);
        for (seat, action) in &actions {
            state.apply(*seat, action).unwrap_or_else(|e| panic!("turn {} {line:?}: {e}", i + 1));
        }
        assert_eq!(state.turn(), i as u32 + 1, "turn {} ends after its moves", i + 1);
    }
    // "White concedes": the rules have not ended the game.
    assert_eq!(state.status(), Status::Acting(rules::SeatSet::only(W)));
    let replayed = replay_by_id("accasta", SAMPLE).unwrap();
    assert!(replayed.failure.is_none(), "{:?}", replayed.failure);
    assert_eq!(replayed.replayed, 30);
}

#[test]
fn the_copy_of_the_sample_game_is_the_shared_one() {
    let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/samples/accasta-sample.txt");
    if let Ok(text) = std::fs::read_to_string(&shared) {
        assert_eq!(text, SAMPLE, "rules/tests/data/accasta-sample.txt differs from {}", shared.display());
    }
}

#[test]
fn starting_placement_puts_twenty_pieces_a_side_as_the_rulebook_lists() {
    let state = start();
    for (name, count) in [("a1", 3), ("a4", 3), ("b2", 2), ("b4", 2), ("c3", 1), ("c4", 1)] {
        assert_eq!(state.stack(p(name)), Stack::of(W, count), "{name}");
    }
    for (name, count) in [("g1", 3), ("g4", 3), ("f2", 2), ("f4", 2), ("e3", 1), ("e4", 1)] {
        assert_eq!(state.stack(p(name)), Stack::of(B, count), "{name}");
    }
    let total = |seat| Point::all().map(|pt| state.stack(pt).count(seat) as u32).sum::<u32>();
    assert_eq!((total(W), total(B)), (20, 20));
    assert_eq!(state.to_move(), W, "White takes the first turn");
}

#[test]
fn range_is_the_number_of_own_pieces_in_the_stack_ignoring_opposing_ones() {
    // "a white main piece atop 3 black pieces may only move 1 space".
    let stack = Stack::from_pieces(&[B, B, B, W]);
    let state = Accasta::with_stacks(&[(p("d4"), stack), (p("g4"), Stack::of(B, 1))], W);
    let targets: Vec<String> = legal(&state, W)
        .iter()
        .filter_map(|a| match a {
            AccastaAction::Move(m) if m.count == 1 => Some(m.to.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(targets.len(), 6, "one step in each of six directions: {targets:?}");
    // A piece in the third position moves 1, 2 or 3 spaces.
    let state = Accasta::with_stacks(&[(p("d4"), Stack::from_pieces(&[W, B, W, W])), (p("g4"), Stack::of(B, 1))], W);
    assert!(legal(&state, W).contains(&mv("d4", 1, "d7")));
    let state = Accasta::with_stacks(&[(p("d4"), Stack::from_pieces(&[W, B, W])), (p("g4"), Stack::of(B, 1))], W);
    assert!(legal(&state, W).contains(&mv("d4", 1, "d6")));
    assert!(!legal(&state, W).contains(&mv("d4", 1, "d7")), "a piece in the second position moves at most 2");
}

#[test]
fn a_piece_may_carry_any_number_of_pieces_beneath_it_without_changing_its_range() {
    let state = Accasta::with_stacks(&[(p("d4"), Stack::from_pieces(&[W, B, B, W])), (p("g4"), Stack::of(B, 1))], W);
    let moves = legal(&state, W);
    for count in 1..=4 {
        assert!(moves.contains(&mv("d4", count, "d6")), "carrying {count}");
    }
    assert!(!moves.contains(&mv("d4", 4, "d7")), "range 2 whatever is carried");
}

#[test]
fn no_piece_or_stack_may_be_jumped_over() {
    let blocked =
        Accasta::with_stacks(&[(p("d2"), Stack::of(W, 3)), (p("d3"), Stack::of(B, 1)), (p("g4"), Stack::of(B, 1))], W);
    let moves = legal(&blocked, W);
    assert!(moves.contains(&mv("d2", 1, "d3")), "landing on a stack is allowed");
    assert!(!moves.contains(&mv("d2", 1, "d4")), "passing over it is not");
    assert!(moves.contains(&mv("d2", 1, "d1")), "the other way is open");
}

#[test]
fn no_stack_may_hold_more_than_three_pieces_of_one_colour() {
    let state =
        Accasta::with_stacks(&[(p("d4"), Stack::of(W, 2)), (p("d5"), Stack::of(W, 2)), (p("g4"), Stack::of(B, 1))], W);
    let moves = legal(&state, W);
    assert!(moves.contains(&mv("d4", 1, "d5")));
    assert!(!moves.contains(&mv("d4", 2, "d5")), "2 + 2 white pieces would make 4");
    let black_top = Accasta::with_stacks(
        &[(p("d4"), Stack::from_pieces(&[B, B, W])), (p("d5"), Stack::of(B, 2)), (p("g4"), Stack::of(B, 1))],
        W,
    );
    let moves = legal(&black_top, W);
    assert!(moves.contains(&mv("d4", 2, "d5")), "W + B onto BB: three black");
    assert!(!moves.contains(&mv("d4", 3, "d5")), "W + BB onto BB: four black");
}

#[test]
fn further_moves_depart_from_the_same_space_while_the_uncovered_piece_is_the_movers() {
    let mut state = start();
    state.apply(W, &mv("a4", 1, "b5")).unwrap();
    let moves = legal(&state, W);
    assert!(moves.contains(&AccastaAction::Stop), "a player may stop after one move");
    assert!(moves.iter().all(|a| match a {
        AccastaAction::Move(m) => m.from == p("a4"),
        AccastaAction::Stop => true,
    }));
    let before = state.clone();
    let error = state.apply(W, &mv("b4", 1, "c5")).unwrap_err();
    assert!(matches!(error, RulesError::Illegal(_)), "a second move from another space: {error}");
    assert_eq!(state, before, "a refused action changes nothing");
    state.apply(W, &AccastaAction::Stop).unwrap();
    assert_eq!(state.to_move(), B);
    assert_eq!(state.turn(), 1);
}

#[test]
fn at_most_three_moves_a_turn_and_the_turn_ends_when_the_space_empties() {
    let mut state = Accasta::with_stacks(&[(p("d4"), Stack::of(W, 3)), (p("g4"), Stack::of(B, 1))], W);
    state.apply(W, &mv("d4", 1, "d7")).unwrap();
    state.apply(W, &mv("d4", 1, "d6")).unwrap();
    assert_eq!(state.to_move(), W);
    state.apply(W, &mv("d4", 1, "d5")).unwrap();
    assert_eq!(state.to_move(), B, "the space is empty after the third move");
}

#[test]
fn a_release_ends_the_turn_at_once() {
    let mut state = Accasta::with_stacks(&[(p("d4"), Stack::from_pieces(&[W, B, W])), (p("g4"), Stack::of(B, 1))], W);
    state.apply(W, &mv("d4", 1, "d5")).unwrap();
    assert_eq!(state.to_move(), B, "Black's piece now controls d4 and Black moves next");
    assert_eq!(state.stack(p("d4")).top(), Some(B));
}

#[test]
fn releasing_an_opposing_piece_in_ones_own_castle_is_not_allowed() {
    let state = Accasta::with_stacks(&[(p("b3"), Stack::from_pieces(&[B, W])), (p("g4"), Stack::of(B, 1))], W);
    assert!(!legal(&state, W).contains(&mv("b3", 1, "c4")), "would release Black on b3");
    assert!(legal(&state, W).contains(&mv("b3", 2, "c4")), "carrying the black piece along is fine");
    let outside = Accasta::with_stacks(&[(p("c3"), Stack::from_pieces(&[B, W])), (p("g4"), Stack::of(B, 1))], W);
    assert!(legal(&outside, W).contains(&mv("c3", 1, "d4")), "outside the own castle a release is allowed");
    let reason = Accasta::with_stacks(&[(p("b3"), Stack::from_pieces(&[B, W])), (p("g4"), Stack::of(B, 1))], W)
        .parse_action(W, "b3: -c4")
        .unwrap_err()
        .to_string();
    assert!(reason.contains("own castle"), "{reason}");
}

#[test]
fn three_controlling_pieces_in_the_opposing_castle_win_when_the_turn_ends() {
    let mut state = Accasta::with_stacks(
        &[
            (p("f1"), Stack::of(W, 1)),
            (p("f5"), Stack::of(W, 1)),
            (p("e3"), Stack::of(W, 1)),
            (p("a1"), Stack::of(B, 1)),
        ],
        W,
    );
    assert_eq!(state.pieces_in_opposing_castle(W), 2);
    state.apply(W, &mv("e3", 1, "f3")).unwrap();
    assert_eq!(state.to_move(), B, "the single piece emptied e3, so the turn is over");
    match state.status() {
        Status::Over(outcome) => assert_eq!(outcome.first_place(), rules::SeatSet::only(W)),
        other => panic!("expected a win, got {other:?}"),
    }
}

#[test]
fn three_castle_points_held_in_the_middle_of_a_turn_do_not_win() {
    // As in the sample game's 12th Black turn: a stack on a castle point
    // whose uncovered piece is the mover's counts only while it stays there.
    let mut state = Accasta::with_stacks(
        &[
            (p("f1"), Stack::of(W, 1)),
            (p("f5"), Stack::of(W, 1)),
            (p("e3"), Stack::of(W, 2)),
            (p("a1"), Stack::of(B, 1)),
        ],
        W,
    );
    state.apply(W, &mv("e3", 1, "f3")).unwrap();
    assert_eq!(state.pieces_in_opposing_castle(W), 3);
    assert_eq!(state.to_move(), W, "the turn goes on");
    assert!(matches!(state.status(), Status::Acting(_)));
    state.apply(W, &AccastaAction::Stop).unwrap();
    assert!(matches!(state.status(), Status::Over(_)), "judged when the turn ends");
}

#[test]
fn a_player_wins_when_the_opponent_cannot_take_a_legal_turn() {
    // Black's only piece sits under a white piece: Black controls nothing.
    let mut state = Accasta::with_stacks(&[(p("d4"), Stack::of(W, 1)), (p("d5"), Stack::from_pieces(&[W, B]))], W);
    // Black controls d5, but White captures it.
    state.apply(W, &mv("d4", 1, "d5")).unwrap();
    match state.status() {
        Status::Over(outcome) => {
            assert_eq!(outcome.first_place(), rules::SeatSet::only(W));
            assert!(outcome.reason.contains("cannot"));
        }
        other => panic!("expected a win, got {other:?}"),
    }
}

#[test]
fn notation_signs_must_match_what_the_move_lands_on() {
    let state = start();
    let err = state.resolve(&"b4: 2+c5".parse().unwrap()).unwrap_err();
    assert!(matches!(err, NotationError::Illegal { .. }), "{err}");
    assert!(err.to_string().contains("c5 is empty"));
    let err = state.resolve(&"b4: 3-c5".parse().unwrap()).unwrap_err();
    assert!(err.to_string().contains("holds only 2"), "{err}");
    let mut state = start();
    play_turn(&mut state, "b4: 2-c5");
    assert_eq!(state.action_text(B, &mv("e4", 1, "e3")), "e4: +e3");
    assert_eq!(state.parse_action(B, "e4: +e3").unwrap(), mv("e4", 1, "e3"));
    assert_eq!(
        state.parse_action(B, "e4: x e3").map_err(|e| e.to_string()).unwrap_err(),
        "\"e4: x e3\" is not legal here: e3 is an own stack"
    );
}

#[test]
fn a_plus_onto_ones_own_stack_may_be_written_as_a_minus() {
    // "this can be noted by a "+" rather than a "-"".
    let state = start();
    let turn = state.resolve(&"b2: 2-c3".parse().unwrap()).unwrap();
    assert_eq!(state.notate(&turn).to_string(), "b2: 2+c3", "written back with +");
    assert!(state.resolve(&"b2: 2×c3".parse().unwrap()).is_err(), "× is not optional");
}

#[test]
fn an_action_carrying_no_pieces_is_refused_without_a_panic() {
    let mut state = start();
    let action: AccastaAction = serde_json::from_str(r#"{"move":{"from":"c3","count":0,"to":"d4"}}"#).unwrap();
    let error = state.apply(W, &action).unwrap_err();
    assert_eq!(error, RulesError::Illegal("a move carries at least one piece".into()));
}

#[test]
fn actions_have_a_stable_json_form() {
    let json = serde_json::to_string(&mv("b4", 2, "c5")).unwrap();
    assert_eq!(json, r#"{"move":{"from":"b4","count":2,"to":"c5"}}"#);
    assert_eq!(serde_json::to_string(&AccastaAction::Stop).unwrap(), r#""stop""#);
    assert!(serde_json::from_str::<AccastaAction>(r#"{"move":{"from":"z9","count":2,"to":"c5"}}"#).is_err());
}
