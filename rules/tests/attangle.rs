//! Attangle: the rulebook's sample game and one test per rulebook passage
//! (and per ruling of docs/rules/attangle.md).

use rules::click::{Click, find_prefix_clash};
use rules::games::attangle::{
    Attangle, AttangleAction, AttangleOptions, BLACK, BoardKind, Capture, PIECES_PER_SIDE, TurnText, Unit, WHITE,
};
use rules::step;
use rules::tools::replay::replay_by_id;
use rules::{Game, RulesError, Seat, SeatSet, Seed, Status, Viewer};

/// The rulebook's sample game (a copy of ../shared/samples/attangle-sample.txt,
/// kept here so the tests run in any clone; see the test below).
const SAMPLE: &str = include_str!("data/attangle-sample.txt");

const W: Seat = WHITE;
const B: Seat = BLACK;

fn s(name: &str) -> rules::Cell {
    name.parse().unwrap()
}

fn hex() -> AttangleOptions {
    AttangleOptions::default()
}

fn square() -> AttangleOptions {
    AttangleOptions { board: BoardKind::Square }
}

fn start(options: &AttangleOptions) -> Attangle {
    Attangle::new(options).unwrap()
}

fn one(seat: Seat) -> Unit {
    Unit::single(seat)
}

fn triple(seat: Seat) -> Unit {
    Unit::of(seat, 2, 1)
}

fn five(seat: Seat) -> Unit {
    Unit::of(seat, 3, 2)
}

/// A hexagon position with White to move and pieces in hand.
fn position(units: &[(&str, Unit)]) -> Attangle {
    position_on(&hex(), units, W)
}

fn position_on(options: &AttangleOptions, units: &[(&str, Unit)], to_move: Seat) -> Attangle {
    let units: Vec<(rules::Cell, Unit)> = units.iter().map(|(name, unit)| (s(name), *unit)).collect();
    Attangle::with_units(options, &units, to_move, [20, 20]).unwrap()
}

fn capture(a: &str, b: &str, to: &str) -> AttangleAction {
    AttangleAction::Capture(Capture::new(s(a), s(b), s(to)))
}

fn legal(state: &Attangle, seat: Seat) -> Vec<AttangleAction> {
    let mut out = Vec::new();
    state.legal_actions(seat, &mut out);
    out
}

fn captures(state: &Attangle, seat: Seat) -> Vec<String> {
    legal(state, seat)
        .iter()
        .filter(|a| matches!(a, AttangleAction::Capture(_)))
        .map(|a| state.action_text(seat, a))
        .collect()
}

fn refusal(state: &Attangle, seat: Seat, action: AttangleAction) -> String {
    let mut copy = state.clone();
    let error = copy.apply(seat, &action).unwrap_err();
    assert_eq!(&copy, state, "a refused action changes nothing");
    match error {
        RulesError::Illegal(reason) => reason,
        other => panic!("expected an illegal action, got {other}"),
    }
}

fn sample_turns() -> Vec<&'static str> {
    SAMPLE.lines().map(|l| l.split('#').next().unwrap().trim()).filter(|l| !l.is_empty()).collect()
}

#[test]
fn sample_game_replays_legally_and_white_wins_with_its_last_turn() {
    let lines = sample_turns();
    assert_eq!(lines.len(), 49, "25 White turns, 24 Black turns");
    let mut state = start(&hex());
    for (i, line) in lines.iter().enumerate() {
        assert!(matches!(state.status(), Status::Acting(_)), "turn {} {line:?}: the game ended early", i + 1);
        let turn: TurnText = line.parse().unwrap_or_else(|e| panic!("turn {} {line:?}: {e}", i + 1));
        let actions = state.resolve(&turn).unwrap_or_else(|e| panic!("turn {} {line:?}: {e}", i + 1));
        assert_eq!(actions.len(), 1);
        assert_eq!(state.notate(&actions), turn, "turn {} writes back as the same turn", i + 1);
        for (seat, action) in &step::actions(&actions) {
            state.apply(*seat, action).unwrap_or_else(|e| panic!("turn {} {line:?}: {e}", i + 1));
        }
    }
    assert_eq!(state.turn(), 49);
    assert_eq!(state.stacks_of_five(W), 3);
    match state.status() {
        Status::Over(outcome) => {
            assert_eq!(outcome.first_place(), SeatSet::only(W), "White wins");
            assert_eq!(outcome.reason, "White owns three stacks of five");
        }
        other => panic!("expected White's win, got {other:?}"),
    }
    let replayed = replay_by_id("attangle", SAMPLE).unwrap();
    assert!(replayed.failure.is_none(), "{:?}", replayed.failure);
    assert_eq!(replayed.replayed, 49);
}

#[test]
fn the_copy_of_the_sample_game_is_the_shared_one() {
    let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/samples/attangle-sample.txt");
    if let Ok(text) = std::fs::read_to_string(&shared) {
        assert_eq!(text, SAMPLE, "rules/tests/data/attangle-sample.txt differs from {}", shared.display());
    }
}

#[test]
fn on_the_first_turn_white_may_not_place_in_the_exact_center() {
    let state = start(&hex());
    let moves = legal(&state, W);
    assert_eq!(moves.len(), 36);
    assert!(!moves.contains(&AttangleAction::Place(s("d4"))));
    assert_eq!(
        refusal(&state, W, AttangleAction::Place(s("d4"))),
        "the first piece of the game may not go on the centre d4"
    );
    assert_eq!(state.view(Viewer::Spectator).prompt, "White: place a piece (not on the centre)");
    // Only White's first turn: Black may take d4 at once.
    let mut state = state;
    state.apply(W, &AttangleAction::Place(s("e1"))).unwrap();
    assert!(legal(&state, B).contains(&AttangleAction::Place(s("d4"))));
    assert_eq!(legal(&state, B).len(), 36);
}

#[test]
fn a_new_piece_may_be_brought_onto_any_vacant_location() {
    let state = position(&[("a1", one(B)), ("g4", one(W))]);
    let placements = legal(&state, W).iter().filter(|a| matches!(a, AttangleAction::Place(_))).count();
    assert_eq!(placements, 35, "every empty point, the centre included after the first turn");
    assert_eq!(refusal(&state, W, AttangleAction::Place(s("a1"))), "a1 is occupied");
    let mut state = state;
    state.apply(W, &AttangleAction::Place(s("d4"))).unwrap();
    assert_eq!(state.unit(s("d4")), one(W));
    assert_eq!(state.in_hand(W), 19);
}

#[test]
fn each_player_has_fifty_pieces_and_none_can_be_placed_once_the_hand_is_empty() {
    let state = start(&hex());
    assert_eq!((state.in_hand(W), state.in_hand(B)), (PIECES_PER_SIDE, PIECES_PER_SIDE));
    assert_eq!(PIECES_PER_SIDE, 50);
    let units = [(s("a1"), one(B)), (s("c1"), one(W)), (s("c3"), one(W))];
    let empty_hand = Attangle::with_units(&hex(), &units, W, [0, 5]).unwrap();
    assert_eq!(legal(&empty_hand, W), vec![capture("c1", "c3", "a1")], "only the capture is left");
    assert_eq!(refusal(&empty_hand, W, AttangleAction::Place(s("d4"))), "White has no pieces left in hand");
    assert_eq!(empty_hand.view(Viewer::Spectator).prompt, "White: capture (no pieces left in hand)");
}

#[test]
fn two_individual_pieces_capture_an_opposing_piece_and_create_a_triple_stack() {
    // c1 and c3 both see a1 (c1 along row... a1-b1-c1 and a1-b2-c3).
    let mut state = position(&[("a1", one(B)), ("c1", one(W)), ("c3", one(W))]);
    assert_eq!(captures(&state, W), ["c1,c3-a1"]);
    state.apply(W, &capture("c1", "c3", "a1")).unwrap();
    assert_eq!(state.unit(s("a1")), Unit::of(W, 2, 1), "2:1, White owns it");
    assert!(state.unit(s("c1")).is_empty() && state.unit(s("c3")).is_empty(), "the capturing pieces moved");
}

#[test]
fn to_capture_a_player_moves_exactly_two_pieces_or_a_piece_plus_a_stack_of_three() {
    // Two triples may not capture together, even a single piece.
    let state = position(&[("d4", one(B)), ("d1", triple(W)), ("d7", triple(W))]);
    assert!(captures(&state, W).is_empty());
    assert_eq!(
        refusal(&state, W, capture("d1", "d7", "d4")),
        "a capture moves two single pieces, or a single piece and a stack of three"
    );
    // A single piece and a triple capture a single piece: a stack of five, 3:2.
    let mut state = position(&[("d4", one(B)), ("d1", triple(W)), ("g1", one(W))]);
    assert_eq!(captures(&state, W), ["d1,g1-d4"]);
    state.apply(W, &capture("d1", "g1", "d4")).unwrap();
    assert_eq!(state.unit(s("d4")), five(W));
    assert_eq!(state.stacks_of_five(W), 1);
    // One piece alone never captures.
    let alone = position(&[("d4", one(B)), ("d1", one(W))]);
    assert!(captures(&alone, W).is_empty());
}

#[test]
fn triple_stacks_can_be_captured_by_two_individual_pieces_but_not_by_a_piece_and_a_triple() {
    let mut state = position(&[("d4", triple(B)), ("d1", one(W)), ("g1", one(W)), ("a1", triple(W))]);
    assert_eq!(captures(&state, W), ["d1,g1-d4"], "a1 (a triple) with either piece would make seven");
    assert_eq!(refusal(&state, W, capture("a1", "d1", "d4")), "the stack on d4 would be higher than five");
    state.apply(W, &capture("d1", "g1", "d4")).unwrap();
    assert_eq!(state.unit(s("d4")), five(W), "the triple's own white piece gives White 3:2");
}

#[test]
fn after_the_move_the_active_player_has_a_majority_of_one_piece() {
    // Every capture of many random positions ends 2:1 or 3:2 for the mover.
    let mut chance = rules::SeedStream::new(Seed::from_u64(7));
    let mut checked = 0;
    for _ in 0..20 {
        let mut state = start(&hex());
        while let Status::Acting(acting) = state.status() {
            let seat = acting.seats.first().unwrap();
            let moves = legal(&state, seat);
            let action = moves[chance.below(moves.len() as u32) as usize];
            state.apply(seat, &action).unwrap();
            if let AttangleAction::Capture(c) = action {
                let unit = state.unit(c.to);
                assert_eq!(unit.owner(), Some(seat));
                assert_eq!(unit.count(seat), unit.count(rules::games::two_seats::opponent(seat)) + 1, "{unit:?}");
                assert!(unit.height() == 3 || unit.height() == 5);
                checked += 1;
            }
        }
    }
    assert!(checked > 20, "only {checked} captures");
}

#[test]
fn pieces_move_in_a_straight_line_any_distance_in_any_of_the_six_directions() {
    // From g4 down the long diagonal to a1 is six steps.
    let state = position(&[("a1", one(B)), ("g4", one(W)), ("a4", one(W))]);
    assert_eq!(captures(&state, W), ["a4,g4-a1"]);
    // Not on a line with the target.
    let state = position(&[("d4", one(B)), ("c1", one(W)), ("d7", one(W))]);
    assert!(captures(&state, W).is_empty());
    assert_eq!(refusal(&state, W, capture("c1", "d7", "d4")), "c1 is not on a straight line with d4");
}

#[test]
fn it_is_not_allowed_to_jump_over_owned_or_opposing_pieces() {
    for blocker in [one(W), one(B)] {
        let state = position(&[("d4", one(B)), ("d1", one(W)), ("d2", blocker), ("d7", one(W))]);
        assert!(!legal(&state, W).contains(&capture("d1", "d7", "d4")), "{blocker:?} on d2");
        assert_eq!(refusal(&state, W, capture("d1", "d7", "d4")), "d2 is in the way from d1 to d4");
    }
}

#[test]
fn the_capturing_pieces_must_come_from_different_directions() {
    // d5 and d6 are on the same line east of d4: the farther one would jump.
    let state = position(&[("d4", one(B)), ("d5", one(W)), ("d6", one(W))]);
    assert!(captures(&state, W).is_empty());
    assert_eq!(
        refusal(&state, W, capture("d5", "d6", "d4")),
        "the two capturing pieces must come from different directions"
    );
}

#[test]
fn pieces_coming_from_opposite_directions_capture_too() {
    // Ruling: "from different directions" includes opposite ones.
    let state = position(&[("d4", one(B)), ("d1", one(W)), ("d7", one(W))]);
    assert_eq!(captures(&state, W), ["d1,d7-d4"]);
}

#[test]
fn pieces_may_not_move_unless_they_capture() {
    let state = position(&[("d4", one(W)), ("d1", one(W)), ("d7", one(W)), ("g2", one(B))]);
    assert!(captures(&state, W).is_empty(), "no capture onto one's own piece");
    assert_eq!(refusal(&state, W, capture("d1", "d7", "d4")), "d4 holds no opposing piece or stack");
    assert_eq!(refusal(&state, W, capture("d1", "d7", "e4")), "e4 holds no opposing piece or stack");
    assert!(legal(&state, W).iter().all(|a| matches!(a, AttangleAction::Place(_))));
    // Opposing pieces never capture for the mover.
    assert_eq!(refusal(&state, W, capture("g2", "d7", "d4")), "d4 holds no opposing piece or stack");
}

#[test]
fn stacks_of_five_can_never_be_captured_or_moved() {
    let state = position(&[("d4", five(B)), ("d1", one(W)), ("d7", one(W))]);
    assert!(captures(&state, W).is_empty());
    assert_eq!(refusal(&state, W, capture("d1", "d7", "d4")), "a stack of five can never be captured");
    let state = position(&[("d4", one(B)), ("d1", five(W)), ("d7", one(W))]);
    assert!(captures(&state, W).is_empty());
    assert_eq!(refusal(&state, W, capture("d1", "d7", "d4")), "the stack of five on d1 can never move");
    // A stack of five also blocks lines like any other unit.
    let state = position(&[("d4", one(B)), ("d1", one(W)), ("d2", five(W)), ("d7", one(W))]);
    assert!(captures(&state, W).is_empty());
}

#[test]
fn the_first_player_to_create_his_third_stack_of_five_wins() {
    let mut state = position(&[("a1", five(W)), ("a4", five(W)), ("d4", one(B)), ("d1", triple(W)), ("d7", one(W))]);
    assert_eq!(state.stacks_of_five(W), 2);
    assert!(matches!(state.status(), Status::Acting(_)));
    state.apply(W, &capture("d1", "d7", "d4")).unwrap();
    assert_eq!(state.stacks_of_five(W), 3);
    match state.status() {
        Status::Over(outcome) => {
            assert_eq!(outcome.first_place(), SeatSet::only(W));
            assert_eq!(outcome.reason, "White owns three stacks of five");
        }
        other => panic!("expected a win, got {other:?}"),
    }
    let view = state.view(Viewer::Spectator);
    assert_eq!(view.prompt, "White owns three stacks of five");
    assert_eq!(view.seats[0].facts[1].value, "3 of 3");
}

#[test]
fn a_player_who_cannot_take_a_turn_loses() {
    // "It is required to always take a turn": Black has no pieces in hand
    // and, after White's placement, no capture.
    let units = [(s("a1"), one(B)), (s("g4"), one(B))];
    let mut state = Attangle::with_units(&hex(), &units, W, [5, 0]).unwrap();
    state.apply(W, &AttangleAction::Place(s("e1"))).unwrap();
    match state.status() {
        Status::Over(outcome) => {
            assert_eq!(outcome.first_place(), SeatSet::only(W));
            assert_eq!(outcome.reason, "Black can neither place nor capture");
        }
        other => panic!("expected White to win, got {other:?}"),
    }
    // With a capture left, the game goes on.
    let units = [(s("a1"), one(B)), (s("g4"), one(B)), (s("d4"), one(W))];
    let mut state = Attangle::with_units(&hex(), &units, W, [5, 0]).unwrap();
    state.apply(W, &AttangleAction::Place(s("e1"))).unwrap();
    assert_eq!(state.status(), Status::Acting(rules::Decision::turn(B)));
    assert_eq!(legal(&state, B), vec![capture("a1", "g4", "d4")]);
}

#[test]
fn there_is_no_pass() {
    let state = start(&hex());
    assert!("pass".parse::<TurnText>().is_err());
    assert!(legal(&state, W).iter().all(|a| matches!(a, AttangleAction::Place(_))));
}

#[test]
fn the_square_variant_has_64_spaces_eight_directions_and_no_centre_rule() {
    let state = start(&square());
    assert_eq!(legal(&state, W).len(), 64, "the 8×8 board has no single centre to forbid");
    assert!(state.layout().cells.iter().all(|c| matches!(c.shape, rules::layout::Shape::Square(_))), "squares");
    // Diagonal and straight lines, any length.
    let state = position_on(&square(), &[("d4", one(B)), ("a1", one(W)), ("d8", one(W)), ("h7", one(W))], W);
    assert_eq!(captures(&state, W), ["a1,d8-d4"], "h7 is not on a line with d4");
    let state = position_on(&square(), &[("d4", one(B)), ("a1", one(W)), ("g7", one(W))], W);
    assert_eq!(captures(&state, W), ["a1,g7-d4"], "opposite diagonal directions");
    assert_eq!(state.view(Viewer::Spectator).seats[0].facts[1].value, "0 of 5");
}

#[test]
fn five_stacks_of_five_are_required_to_win_the_square_variant() {
    let fives: Vec<(&str, Unit)> = ["a1", "a3", "a5", "a7"].iter().map(|n| (*n, five(W))).collect();
    let mut units = fives.clone();
    units.extend([
        ("h1", five(B)),
        ("h3", five(B)),
        ("h5", five(B)),
        ("d4", one(B)),
        ("d1", triple(W)),
        ("d8", one(W)),
    ]);
    let mut state = position_on(&square(), &units, W);
    assert_eq!(state.stacks_of_five(W), 4);
    state.apply(W, &capture("d1", "d8", "d4")).unwrap();
    match state.status() {
        Status::Over(outcome) => {
            assert_eq!(outcome.first_place(), SeatSet::only(W));
            assert_eq!(outcome.reason, "White owns five stacks of five");
        }
        other => panic!("expected a win, got {other:?}"),
    }
    // Three are not enough there.
    let mut state = position_on(
        &square(),
        &[("a1", five(W)), ("a3", five(W)), ("d4", one(B)), ("d1", triple(W)), ("d8", one(W))],
        W,
    );
    state.apply(W, &capture("d1", "d8", "d4")).unwrap();
    assert_eq!(state.stacks_of_five(W), 3);
    assert!(matches!(state.status(), Status::Acting(_)));
}

#[test]
fn square_variant_perft_counts_placements_only_for_three_plies() {
    let state = start(&square());
    let counts: Vec<u64> = (1..=3).map(|d| state.perft(d)).collect();
    assert_eq!(counts, [64, 64 * 63, 64 * 63 * 62]);
}

#[test]
fn notation_reads_the_origins_in_either_order_and_writes_them_in_name_order() {
    let state = position(&[("e6", one(B)), ("f5", one(W)), ("c5", one(W))]);
    let written = state.resolve(&"f5,c5-e6".parse().unwrap()).unwrap();
    let reversed = state.resolve(&"c5,f5-e6".parse().unwrap()).unwrap();
    assert_eq!(written, reversed);
    assert_eq!(written, vec![rules::Step::Act(W, capture("c5", "f5", "e6"))]);
    assert_eq!(state.action_text(W, &capture("c5", "f5", "e6")), "c5,f5-e6");
    assert_eq!(state.parse_action(W, "f5, c5 - e6").unwrap(), capture("c5", "f5", "e6"));
    assert_eq!(state.parse_action(W, "e1").unwrap(), AttangleAction::Place(s("e1")));
    let err = state.parse_action(W, "e6").unwrap_err().to_string();
    assert_eq!(err, "\"e6\" is not legal here: e6 is occupied");
    let err = state.parse_action(W, "h8").unwrap_err().to_string();
    assert!(err.contains("not a point of this board"), "{err}");
}

#[test]
fn actions_have_a_stable_json_form_with_either_origin_order_read() {
    let json = serde_json::to_string(&capture("f5", "c5", "e6")).unwrap();
    assert_eq!(json, r#"{"capture":{"from":["c5","f5"],"to":"e6"}}"#);
    let reversed: AttangleAction = serde_json::from_str(r#"{"capture":{"from":["f5","c5"],"to":"e6"}}"#).unwrap();
    assert_eq!(reversed, capture("c5", "f5", "e6"));
    assert_eq!(serde_json::to_string(&AttangleAction::Place(s("e1"))).unwrap(), r#"{"place":"e1"}"#);
    assert!(serde_json::from_str::<AttangleAction>(r#"{"place":"z0"}"#).is_err());
    let options: AttangleOptions = serde_json::from_str("{}").unwrap();
    assert_eq!(options, hex());
    let options: AttangleOptions = serde_json::from_str(r#"{"board":"square"}"#).unwrap();
    assert_eq!(options, square());
}

#[test]
fn clicks_are_the_empty_point_or_the_target_then_both_origins_in_name_order() {
    let state = position(&[("d4", one(B)), ("d1", one(W)), ("g1", one(W)), ("a1", one(W)), ("d7", one(W))]);
    let cell = |name: &str| Click::Cell(state.layout().find(name).unwrap());
    assert_eq!(state.clicks(W, &AttangleAction::Place(s("e1"))), [cell("e1")]);
    assert_eq!(state.clicks(W, &capture("g1", "d1", "d4")), [cell("d4"), cell("d1"), cell("g1")]);
    let moves = legal(&state, W);
    assert_eq!(captures(&state, W).len(), 6, "four attackers, six pairs");
    let clicks: Vec<Vec<Click>> = moves.iter().map(|a| state.clicks(W, a)).collect();
    assert_eq!(find_prefix_clash(&clicks), None);
}

#[test]
fn the_view_shows_pieces_in_hand_stacks_of_five_and_the_owner_on_top() {
    let mut state = position(&[("d4", one(B)), ("d1", triple(W)), ("g1", one(W)), ("a1", five(B))]);
    state.apply(W, &capture("d1", "g1", "d4")).unwrap();
    let view = state.view(Viewer::Seat(B));
    let facts =
        |seat: usize| view.seats[seat].facts.iter().map(|f| (f.label.as_str(), f.value.as_str())).collect::<Vec<_>>();
    assert_eq!(facts(0), [("in hand", "20"), ("stacks of five", "1 of 3")]);
    assert_eq!(facts(1), [("in hand", "20"), ("stacks of five", "1 of 3")]);
    let d4 = state.layout().find("d4").unwrap();
    let stack = view.stacks.iter().find(|st| st.cell == d4).unwrap();
    let owners: Vec<Seat> = stack.pieces.iter().map(|p| p.owner).collect();
    assert_eq!(owners, [B, B, W, W, W], "bottom first, the owner's pieces on top");
    let cells = |names: &[&str]| names.iter().map(|n| state.layout().find(n).unwrap()).collect::<Vec<_>>();
    assert_eq!(view.marks, cells(&["d1", "g1", "d4"]));
    assert_eq!(view.prompt, "Black: place a piece or capture");
}

#[test]
fn random_square_games_keep_the_promises_the_conformance_suite_checks_on_the_hexagon() {
    // The conformance suite plays the default options only.
    let mut chance = rules::SeedStream::new(Seed::from_u64(11));
    let mut wins_by_fives = 0;
    for _ in 0..200 {
        let mut state = start(&square());
        while let Status::Acting(acting) = state.status() {
            let seat = acting.seats.first().unwrap();
            let moves = legal(&state, seat);
            assert!(!moves.is_empty(), "a seat to act has a legal turn");
            assert_eq!(moves.len(), state.count_legal(seat));
            let clicks: Vec<Vec<Click>> = moves.iter().map(|a| state.clicks(seat, a)).collect();
            assert_eq!(find_prefix_clash(&clicks), None);
            let action = moves[chance.below(moves.len() as u32) as usize];
            let text = state.action_text(seat, &action);
            assert_eq!(state.parse_action(seat, &text).unwrap(), action, "{text}");
            state.apply(seat, &action).unwrap();
            assert!(state.turn() <= 150, "placements use pieces and captures remove units");
        }
        if let Status::Over(outcome) = state.status() {
            wins_by_fives += u32::from(outcome.reason.contains("five stacks of five"));
        }
    }
    assert!(wins_by_fives > 0, "some random games end with five stacks of five");
}
