//! Accasta: the rulebook's sample game and one test per rulebook passage.

use rules::games::accasta::{
    Accasta, AccastaAction, AccastaOptions, BLACK, BOARD, CastleWin, Move, Stack, TurnText, WHITE, in_castle_of,
};
use rules::step;
use rules::tools::replay::replay_by_id;
use rules::{Cell, CellId, Step};
use rules::{Game, NotationError, RulesError, Seat, Status};

/// The rulebook's sample game (a copy of ../shared/samples/accasta-sample.txt,
/// kept here so the tests run in any clone; see the test below).
const SAMPLE: &str = include_str!("data/accasta-sample.txt");

fn p(name: &str) -> Cell {
    name.parse().unwrap()
}

/// The board's id of a point.
fn id(name: &str) -> CellId {
    BOARD.id(p(name)).unwrap()
}

fn start() -> Accasta {
    Accasta::new(&AccastaOptions::default()).unwrap()
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
    for (seat, action) in &step::actions(&state.resolve(&turn).unwrap()) {
        state.apply(*seat, action).unwrap();
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
        for (seat, action) in &step::actions(&actions) {
            state.apply(*seat, action).unwrap_or_else(|e| panic!("turn {} {line:?}: {e}", i + 1));
            // Nobody ever holds three castle points, inside a turn or between
            // turns, so the castle win's timing does not decide this game.
            assert!(state.pieces_in_opposing_castle(W) < 3 && state.pieces_in_opposing_castle(B) < 3);
        }
        assert_eq!(state.turn(), i as u32 + 1, "turn {} ends after its moves", i + 1);
    }
    // "White concedes": the rules have not ended the game.
    assert_eq!(state.status(), Status::Acting(rules::Decision::turn(W)));
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
    let total = |seat| BOARD.ids().map(|pt| state.stack(BOARD.name(pt)).count(seat) as u32).sum::<u32>();
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

/// White's castle, the nine points White starts on; Black's is its mirror.
const WHITE_CASTLE: [&str; 9] = ["a1", "a2", "a3", "a4", "b2", "b3", "b4", "c3", "c4"];
const BLACK_CASTLE: [&str; 9] = ["g4", "g3", "g2", "g1", "f4", "f3", "f2", "e4", "e3"];
/// The points next to each castle that are not in it.
const OUTSIDE_WHITE: [&str; 6] = ["b1", "b5", "c1", "c2", "c5", "c6"];
const OUTSIDE_BLACK: [&str; 6] = ["f1", "f5", "e1", "e2", "e5", "e6"];

#[test]
fn the_castles_are_the_nine_starting_points_of_each_side() {
    for (seat, castle, outside) in [(W, WHITE_CASTLE, OUTSIDE_WHITE), (B, BLACK_CASTLE, OUTSIDE_BLACK)] {
        let inside: Vec<CellId> = BOARD.ids().filter(|pt| in_castle_of(*pt, seat)).collect();
        let mut names: Vec<String> = inside.iter().map(|pt| BOARD.name(*pt).to_string()).collect();
        names.sort();
        let mut expected: Vec<String> = castle.iter().map(ToString::to_string).collect();
        expected.sort();
        assert_eq!(names, expected);
        assert!(castle.iter().all(|name| !start().stack(p(name)).is_empty()), "every castle point starts occupied");
        assert!(outside.iter().all(|name| !in_castle_of(id(name), seat)));
    }
    let layout = start().layout();
    let zone = |i: usize| {
        let mut cells: Vec<&str> =
            layout.areas[i].cells.iter().map(|c| layout.cells[*c as usize].label.as_str()).collect();
        cells.sort_unstable();
        cells
    };
    assert_eq!(zone(0), ["a1", "a2", "a3", "a4", "b2", "b3", "b4", "c3", "c4"], "the client shades White's castle");
    assert_eq!(zone(1), ["e3", "e4", "f2", "f3", "f4", "g1", "g2", "g3", "g4"]);
}

/// A release from `point` of `seat`'s stack with an opposing piece beneath,
/// the opponent keeping a piece far away so the game goes on.
fn release_from(point: &str, seat: Seat) -> (Accasta, Vec<AccastaAction>) {
    let other = rules::games::two_seats::opponent(seat);
    let far = if seat == W { "g1" } else { "a1" };
    let far = if point == far { "d1" } else { far };
    let state =
        Accasta::with_stacks(&[(p(point), Stack::from_pieces(&[other, seat])), (p(far), Stack::of(other, 1))], seat);
    let releases = legal(&state, seat)
        .into_iter()
        .filter(|a| matches!(a, AccastaAction::Move(m) if m.from == p(point) && m.count == 1))
        .collect();
    (state, releases)
}

#[test]
fn releasing_an_opposing_piece_in_ones_own_castle_is_not_allowed() {
    for (seat, castle, outside) in [(W, WHITE_CASTLE, OUTSIDE_WHITE), (B, BLACK_CASTLE, OUTSIDE_BLACK)] {
        for point in castle {
            let (state, releases) = release_from(point, seat);
            assert!(releases.is_empty(), "a release from {point}, in the mover's castle, is banned");
            let carry = legal(&state, seat).iter().any(|a| matches!(a, AccastaAction::Move(m) if m.count == 2));
            assert!(carry, "carrying the opposing piece along from {point} is fine");
        }
        for point in outside {
            let (_, releases) = release_from(point, seat);
            assert!(!releases.is_empty(), "a release from {point}, just outside the castle, is allowed");
        }
        // In the opposing castle a release is allowed too.
        let (_, releases) = release_from(if seat == W { "f3" } else { "b3" }, seat);
        assert!(!releases.is_empty());
    }
    let (state, _) = release_from("b3", W);
    let reason = state.parse_action(W, "b3: -c4").unwrap_err().to_string();
    assert!(reason.contains("own castle"), "{reason}");
}

#[test]
fn three_controlling_pieces_on_castle_points_win_at_once() {
    // "The first player able to place 3 (or more) controlling pieces in his
    // opponent's castle wins the game."
    let mut state = Accasta::with_stacks(
        &[
            (p("f2"), Stack::of(W, 1)),
            (p("f4"), Stack::of(W, 1)),
            (p("e5"), Stack::of(W, 2)),
            (p("a1"), Stack::of(B, 1)),
        ],
        W,
    );
    assert_eq!(state.pieces_in_opposing_castle(W), 2);
    state.apply(W, &mv("e5", 1, "e4")).unwrap();
    match state.status() {
        Status::Over(outcome) => {
            assert_eq!(outcome.first_place(), rules::SeatSet::only(W));
            assert!(outcome.reason.contains("placed"), "{}", outcome.reason);
        }
        other => panic!("the third placed piece wins at once, even with a move left in the turn: {other:?}"),
    }
    assert_eq!(state.turn(), 1, "the winning move ends the turn");
}

#[test]
fn two_on_castle_points_and_one_just_outside_do_not_win() {
    let mut state = Accasta::with_stacks(
        &[
            (p("f2"), Stack::of(W, 1)),
            (p("f4"), Stack::of(W, 1)),
            (p("d5"), Stack::of(W, 1)),
            (p("a1"), Stack::of(B, 1)),
        ],
        W,
    );
    state.apply(W, &mv("d5", 1, "e5")).unwrap();
    assert_eq!(state.pieces_in_opposing_castle(W), 2, "e5 is next to Black's castle, not in it");
    assert!(matches!(state.status(), Status::Acting(_)));
    for point in OUTSIDE_BLACK {
        assert!(!in_castle_of(id(point), B));
    }
}

#[test]
fn under_the_2010_rule_three_win_only_when_the_holders_turn_begins() {
    let options = AccastaOptions { castle_win: CastleWin::Held };
    let stacks = ".,.,.,BBB/.,W,.,W,./.,.,.,.,WW,./.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,.,./.,.,.,. W";
    let mut state = Accasta::from_position(&options, stacks).unwrap();
    assert_eq!(state.pieces_in_opposing_castle(W), 2);
    state.apply(W, &mv("e5", 1, "e4")).unwrap();
    state.apply(W, &AccastaAction::Stop).unwrap();
    assert_eq!(state.pieces_in_opposing_castle(W), 3);
    assert!(matches!(state.status(), Status::Acting(_)), "Black has one turn to defend");
    let mut defended = state.clone();
    defended.apply(B, &mv("g4", 3, "f4")).unwrap();
    assert_eq!(defended.pieces_in_opposing_castle(W), 2);
    assert!(matches!(defended.status(), Status::Acting(_)), "Black took f4 back: no win");
    state.apply(B, &mv("g4", 1, "g3")).unwrap();
    state.apply(B, &AccastaAction::Stop).unwrap_or(());
    match state.status() {
        Status::Over(outcome) => assert_eq!(outcome.first_place(), rules::SeatSet::only(W)),
        other => panic!("White still holds three as its turn begins: {other:?}"),
    }
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
fn a_move_is_read_whatever_its_sign_and_written_with_the_right_one() {
    // The point, the count and the destination name one move; a record's
    // sign is not checked, and Tactica writes the sign the move deserves.
    let state = start();
    for written in ["b4: 2-c5", "b4: 2+c5", "b4: 2×c5", "b4 : 2 x c5"] {
        let turn = state.resolve(&written.parse().unwrap()).unwrap();
        assert_eq!(turn[0], Step::Act(W, mv("b4", 2, "c5")), "{written}");
        assert_eq!(state.notate(&turn).to_string(), "b4: 2-c5");
    }
    let turn = state.resolve(&"b2: 2-c3".parse().unwrap()).unwrap();
    assert_eq!(state.notate(&turn).to_string(), "b2: 2+c3", "written back with +");
    let err = state.resolve(&"b4: 3-c5".parse().unwrap()).unwrap_err();
    assert!(matches!(err, NotationError::Illegal { .. }), "{err}");
    assert!(err.to_string().contains("holds only 2"), "{err}");
    let mut state = start();
    play_turn(&mut state, "b4: 2-c5");
    assert_eq!(state.action_text(B, &mv("e4", 1, "e3")), "e4: +e3");
    assert_eq!(state.parse_action(B, "e4: x e3").unwrap(), mv("e4", 1, "e3"));
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
    assert!(serde_json::from_str::<AccastaAction>(r#"{"move":{"from":"c0","count":2,"to":"c5"}}"#).is_err());
    // A name is read without a board; the board refuses what it lacks.
    let off: AccastaAction = serde_json::from_str(r#"{"move":{"from":"z9","count":2,"to":"c5"}}"#).unwrap();
    let error = start().check(W, &off).unwrap_err().to_string();
    assert!(error.contains("z9 is not a point of the board"), "{error}");
}

#[test]
fn positions_read_and_write_back() {
    let start_text =
        "BBB,BBB,BBB,BBB/.,BB,BB,BB,./.,.,B,B,.,./.,.,.,.,.,.,./.,.,W,W,.,./.,WW,WW,WW,./WWW,WWW,WWW,WWW W";
    assert_eq!(start().position().as_deref(), Some(start_text));
    let read = Accasta::from_position(&AccastaOptions::default(), start_text).unwrap();
    assert_eq!(read, start());
    let mut mid = start();
    play_turn(&mut mid, "b4: 2-c5");
    mid.apply(B, &mv("f3", 1, "e4")).unwrap();
    let text = mid.position().unwrap();
    assert!(text.ends_with(" B f3 1"), "{text}");
    let back = Accasta::from_position(&AccastaOptions::default(), &text).unwrap();
    assert_eq!(back.position().unwrap(), text);
    let mut a = back.clone();
    let mut b = mid.clone();
    assert_eq!(legal(&a, B), legal(&b, B), "the turn under way goes on alike");
    a.apply(B, &AccastaAction::Stop).unwrap();
    b.apply(B, &AccastaAction::Stop).unwrap();
    assert_eq!(a.position(), b.position());
    for bad in [
        "",
        "BBB/.",
        "BBBB,.,.,./.,.,.,.,./.,.,.,.,.,./.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,.,./.,.,.,W W",
        "X,.,.,./.,.,.,.,./.,.,.,.,.,./.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,.,./.,.,.,W W",
        "B,.,.,./.,.,.,.,./.,.,.,.,.,./.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,.,./.,.,.,W Q",
        "B,.,.,./.,.,.,.,./.,.,.,.,.,./.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,.,./.,.,.,W W a1 1",
    ] {
        assert!(Accasta::from_position(&AccastaOptions::default(), bad).is_err(), "{bad:?}");
    }
}
