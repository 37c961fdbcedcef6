//! Abande: the rulebook's sample game and one test per rulebook passage.

use rules::Cell;
use rules::games::abande::{Abande, AbandeAction, AbandeOptions, BLACK, BoardKind, PIECES_IN_HAND, Stack, WHITE, bits};
use rules::layout::Shape;
use rules::step;
use rules::tools::replay::replay_by_id;
use rules::{Click, Game, NotationError, RulesError, Seat, Seed, SeedStream, Status, Viewer};

/// The rulebook's sample game (a copy of ../shared/samples/abande-sample.txt,
/// kept here so the tests run in any clone; see the test below).
const SAMPLE: &str = include_str!("data/abande-sample.txt");

const B: Seat = BLACK;
const W: Seat = WHITE;

fn sp(name: &str) -> Cell {
    name.parse().unwrap()
}

fn start(board: BoardKind) -> Abande {
    Abande::new(&AbandeOptions { board }).unwrap()
}

/// A position from stacks written bottom first ("BW": a white piece on a
/// black one), with pieces in hand and the player to move.
fn position(board: BoardKind, stacks: &[(&str, &str)], in_hand: [u8; 2], to_move: Seat) -> Abande {
    let stacks: Vec<(Cell, Stack)> = stacks
        .iter()
        .map(|(space, pieces)| {
            let seats: Vec<Seat> = pieces.chars().map(|c| if c == 'B' { B } else { W }).collect();
            (sp(space), Stack::from_pieces(&seats))
        })
        .collect();
    Abande::with_stacks(&AbandeOptions { board }, &stacks, in_hand, to_move).unwrap()
}

fn hex(stacks: &[(&str, &str)], in_hand: [u8; 2], to_move: Seat) -> Abande {
    position(BoardKind::Hex, stacks, in_hand, to_move)
}

fn legal(state: &Abande) -> Vec<AbandeAction> {
    let mut out = Vec::new();
    state.legal_actions(state.to_move(), &mut out);
    out
}

fn texts(state: &Abande, keep: impl Fn(&AbandeAction) -> bool) -> Vec<String> {
    let mut texts: Vec<String> = legal(state).iter().filter(|a| keep(a)).map(ToString::to_string).collect();
    texts.sort();
    texts
}

fn moves(state: &Abande) -> Vec<String> {
    texts(state, |a| matches!(a, AbandeAction::Move { .. }))
}

fn placements(state: &Abande) -> Vec<String> {
    texts(state, |a| matches!(a, AbandeAction::Place(_)))
}

fn play(state: &mut Abande, text: &str) {
    let seat = state.to_move();
    let action = state.parse_action(seat, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    state.apply(seat, &action).unwrap();
}

fn mv(from: &str, to: &str) -> AbandeAction {
    AbandeAction::Move { from: sp(from), to: sp(to) }
}

fn occupied_connected(state: &Abande) -> bool {
    let geometry = state.geometry();
    let occupied =
        (0..geometry.spaces()).filter(|i| !state.stack(geometry.name(*i)).is_empty()).fold(0, |m, i| m | 1 << i);
    geometry.connected(occupied)
}

#[test]
fn sample_game_replays_legally_and_white_wins_14_to_13() {
    let lines: Vec<&str> =
        SAMPLE.lines().map(|l| l.split('#').next().unwrap().trim()).filter(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), 52, "the initiative turn, 25 turns each and White's final pass");
    let mut state = start(BoardKind::Hex);
    for (i, line) in lines.iter().enumerate() {
        let turn: AbandeAction = line.parse().unwrap_or_else(|e| panic!("turn {} {line:?}: {e}", i + 1));
        let actions = state.resolve(&turn).unwrap_or_else(|e| panic!("turn {} {line:?}: {e}", i + 1));
        assert_eq!(state.notate(&actions).to_string(), *line, "turn {} formats back", i + 1);
        assert_eq!(
            actions[0].seat(),
            Some(if i % 2 == 0 { B } else { W }),
            "turn {}: Black first, then alternating",
            i + 1
        );
        for (seat, action) in &step::actions(&actions) {
            state.apply(*seat, action).unwrap_or_else(|e| panic!("turn {} {line:?}: {e}", i + 1));
        }
        if i + 1 < lines.len() {
            assert!(state.status().outcome().is_none(), "the game goes on after turn {}", i + 1);
        }
    }
    let outcome = state.status().outcome().cloned().expect("two passes in a row end the game");
    assert_eq!(outcome.scores, Some(vec![13, 14]), "Black 13, White 14");
    assert_eq!(outcome.first_place(), rules::SeatSet::only(W));
    assert_eq!(outcome.reason, "both players passed; White wins 14:13");
    let replayed = replay_by_id("abande", SAMPLE).unwrap();
    assert!(replayed.failure.is_none(), "{:?}", replayed.failure);
    assert_eq!(replayed.replayed, 52);
    assert_eq!(replayed.state().status(), state.status());
}

#[test]
fn the_copy_of_the_sample_game_is_the_shared_one() {
    let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/samples/abande-sample.txt");
    if let Ok(text) = std::fs::read_to_string(&shared) {
        assert_eq!(text, SAMPLE, "rules/tests/data/abande-sample.txt differs from {}", shared.display());
    }
}

#[test]
fn in_the_beginning_the_board_is_empty_and_each_player_has_18_pieces_in_hand() {
    let state = start(BoardKind::Hex);
    assert_eq!(PIECES_IN_HAND, 18);
    assert_eq!((state.in_hand(B), state.in_hand(W)), (18, 18));
    assert!(state.view(Viewer::Spectator).stacks.is_empty());
    let in_hand = |state: &Abande| {
        state.view(Viewer::Spectator).seats.iter().map(|f| f.facts[0].value.clone()).collect::<Vec<_>>()
    };
    assert_eq!(in_hand(&state), ["18", "18"]);
    let mut state = state;
    play(&mut state, "d4");
    assert_eq!(in_hand(&state), ["17", "18"]);
}

#[test]
fn black_begins_with_the_initiative_turn_on_any_space() {
    let state = start(BoardKind::Hex);
    assert_eq!(state.status(), Status::Acting(rules::Decision::turn(B)), "Black, seat 0, begins");
    assert_eq!(placements(&state).len(), 37, "any space of the board");
    assert_eq!(legal(&state).len(), 37, "nothing but placing");
    let layout = state.layout();
    assert_eq!(layout.seats[0].name, "Black");
    assert_eq!(layout.seats[1].name, "White");
    assert!(layout.seats[0].colour < layout.seats[1].colour, "Black's pieces are the dark ones");
}

#[test]
fn afterwards_the_players_alternate_turns() {
    let mut state = start(BoardKind::Hex);
    for (text, next) in [("d4", W), ("d5", B), ("e4", W), ("c3", B)] {
        play(&mut state, text);
        assert_eq!(state.to_move(), next, "after {text}");
    }
    assert_eq!(state.turn(), 4);
}

#[test]
fn newly_placed_pieces_must_appear_adjacent_to_another_piece_regardless_of_owner() {
    let mut state = start(BoardKind::Hex);
    play(&mut state, "d4");
    assert_eq!(placements(&state), ["c3", "c4", "d3", "d5", "e3", "e4"]);
    play(&mut state, "d5");
    // Next to Black's d4 or White's d5.
    assert_eq!(placements(&state), ["c3", "c4", "c5", "d3", "d6", "e3", "e4", "e5"]);
    let error = state.apply(B, &AbandeAction::Place(sp("a1"))).unwrap_err();
    assert!(matches!(&error, RulesError::Illegal(r) if r.contains("touch the chain")), "{error}");
    assert!(state.apply(B, &AbandeAction::Place(sp("d5"))).is_err(), "only on an empty space");
}

#[test]
fn moving_is_allowed_only_after_black_has_entered_his_second_piece() {
    let mut state = start(BoardKind::Hex);
    play(&mut state, "d4");
    play(&mut state, "d5");
    assert!(moves(&state).is_empty(), "Black cannot directly capture White's reply to the initiative turn");
    let error = state.apply(B, &mv("d4", "d5")).unwrap_err();
    assert!(matches!(&error, RulesError::Illegal(r) if r.contains("second piece")), "{error}");
    play(&mut state, "e4");
    assert_eq!(moves(&state), ["d5-d4", "d5-e4"], "White may move once Black has entered his second piece");
}

#[test]
fn a_move_captures_an_adjacent_opposing_piece_or_stack_never_an_empty_space_or_an_own_piece() {
    // White's d4 touches Black's c3 and c4, White's e3 and the empty d5.
    let state = hex(&[("c3", "B"), ("c4", "B"), ("d4", "W"), ("e3", "W"), ("d3", "BW")], [10, 10], W);
    let found = moves(&state);
    assert!(found.contains(&"d4-c4".to_string()), "onto an opposing piece: {found:?}");
    assert!(found.contains(&"d3-c3".to_string()), "a stack moves too: {found:?}");
    assert!(!found.iter().any(|m| m == "d4-e3" || m == "d4-d5"), "never onto an own piece or an empty space");
    for (action, reason) in [(mv("d4", "e3"), "opposing"), (mv("d4", "d5"), "opposing"), (mv("c4", "d4"), "owns no")] {
        let error = state.check(W, &action).unwrap_err();
        assert!(matches!(&error, RulesError::Illegal(r) if r.contains(reason)), "{action}: {error}");
    }
    let mut after = state.clone();
    after.apply(W, &mv("d4", "c4")).unwrap();
    assert!(after.stack(sp("d4")).is_empty());
    assert_eq!(after.stack(sp("c4")).pieces().collect::<Vec<_>>(), [B, W], "placed on top of the opposing piece");
    assert_eq!(after.stack(sp("c4")).top(), Some(W), "a player owns a stack when the topmost piece is his");
}

#[test]
fn pieces_or_stacks_move_one_space_in_one_of_the_six_directions() {
    // White's d4 inside a ring of six Black pieces, which stays connected
    // whichever it climbs on.
    let ring = [("c3", "B"), ("c4", "B"), ("d5", "B"), ("e4", "B"), ("e3", "B"), ("d3", "B"), ("d4", "W")];
    let state = hex(&ring, [10, 10], W);
    assert_eq!(moves(&state), ["d4-c3", "d4-c4", "d4-d3", "d4-d5", "d4-e3", "d4-e4"]);
    let far = hex(&[("d4", "W"), ("d5", "W"), ("d6", "B")], [10, 10], W);
    assert!(!moves(&far).contains(&"d4-d6".to_string()), "never two spaces");
    assert!(far.check(W, &mv("d4", "d6")).is_err());
}

#[test]
fn stacks_may_not_grow_to_more_than_3_in_height() {
    let state = hex(&[("d4", "WW"), ("d5", "BW"), ("e4", "W"), ("c4", "WB")], [10, 10], B);
    // c4 (Black on top, height 2) may go onto e4? Not adjacent. Onto d4 (height 2): 4 pieces.
    assert!(!moves(&state).contains(&"c4-d4".to_string()));
    let error = state.check(B, &mv("c4", "d4")).unwrap_err();
    assert!(matches!(&error, RulesError::Illegal(r) if r.contains("higher than 3")), "{error}");
    let single = hex(&[("d4", "WW"), ("c4", "B")], [10, 10], B);
    assert_eq!(moves(&single), ["c4-d4"], "a single piece onto a double makes a triple");
}

#[test]
fn stacks_may_never_be_divided() {
    let mut state = hex(&[("d4", "WB"), ("d5", "W"), ("e4", "W")], [10, 10], B);
    assert_eq!(moves(&state), ["d4-d5", "d4-e4"], "one action per target: the whole stack");
    state.apply(B, &mv("d4", "d5")).unwrap();
    assert!(state.stack(sp("d4")).is_empty(), "the whole stack leaves");
    assert_eq!(state.stack(sp("d5")).pieces().collect::<Vec<_>>(), [W, W, B]);
}

#[test]
fn triple_stacks_may_never_be_captured_nor_moved() {
    let state = hex(&[("d4", "BWB"), ("d5", "W"), ("c4", "WBW"), ("e4", "W")], [0, 0], B);
    assert!(moves(&state).is_empty(), "a triple cannot climb on anything");
    let white = hex(&[("d4", "BWB"), ("d5", "W"), ("c4", "WBW"), ("e4", "W")], [0, 0], W);
    assert!(moves(&white).iter().all(|m| !m.ends_with("-d4")), "nothing may climb on a triple");
}

#[test]
fn the_chain_may_never_be_broken_so_a_bound_piece_cannot_move() {
    // As in the rulebook's figure: the piece on d4 links c4 and e4 and is
    // bound; moving to either would break the chain.
    let state = hex(&[("c4", "W"), ("d4", "B"), ("e4", "W"), ("b4", "B")], [10, 10], B);
    assert!(!moves(&state).iter().any(|m| m.starts_with("d4")), "{:?}", moves(&state));
    let error = state.check(B, &mv("d4", "e4")).unwrap_err();
    assert!(matches!(&error, RulesError::Illegal(r) if r.contains("break the chain")), "{error}");
    assert!(moves(&state).contains(&"b4-c4".to_string()), "b4 is an end of the chain and may move");
}

#[test]
fn a_move_may_alter_the_path_of_the_chain_as_long_as_everything_stays_connected() {
    // A ring round d4's neighbours: leaving c3 breaks the ring at one place,
    // but everything is still connected the other way round.
    let ring = [("c3", "B"), ("c4", "W"), ("d5", "B"), ("e4", "W"), ("e3", "B"), ("d3", "W")];
    let state = hex(&ring, [10, 10], B);
    assert!(moves(&state).contains(&"c3-c4".to_string()), "{:?}", moves(&state));
    let mut after = state.clone();
    after.apply(B, &mv("c3", "c4")).unwrap();
    assert!(occupied_connected(&after));
}

#[test]
fn at_all_times_all_pieces_are_connected_whether_placed_or_moved() {
    for board in [BoardKind::Hex, BoardKind::Square] {
        let mut chance = SeedStream::new(Seed::from_u64(7));
        for _ in 0..200 {
            let mut state = start(board);
            while state.status().outcome().is_none() {
                let options = legal(&state);
                let action = options[chance.below(options.len() as u32) as usize];
                state.apply(state.to_move(), &action).unwrap();
                assert!(occupied_connected(&state), "{board:?}: the chain broke after {action}");
            }
        }
    }
}

#[test]
fn passing_is_only_allowed_with_no_more_stones_in_hand() {
    let state = hex(&[("d4", "B"), ("d5", "W")], [1, 0], B);
    assert!(!legal(&state).contains(&AbandeAction::Pass));
    let error = state.check(B, &AbandeAction::Pass).unwrap_err();
    assert!(matches!(&error, RulesError::Illegal(r) if r.contains("no pieces in hand")), "{error}");
    let white = hex(&[("d4", "B"), ("d5", "W")], [1, 0], W);
    assert!(legal(&white).contains(&AbandeAction::Pass), "with no pieces in hand one may pass even able to move");
    assert!(legal(&white).contains(&mv("d5", "d4")));
}

#[test]
fn with_pieces_in_hand_and_no_move_a_player_must_place() {
    let state = hex(&[("d4", "BWB"), ("d5", "W")], [5, 5], W);
    let actions = legal(&state);
    assert!(!actions.is_empty());
    assert!(actions.iter().all(|a| matches!(a, AbandeAction::Place(_))), "{actions:?}");
}

#[test]
fn a_player_may_have_to_pass_because_no_regular_turn_is_possible() {
    let state = hex(&[("d4", "BWB"), ("d5", "WBW")], [0, 0], B);
    assert_eq!(legal(&state), [AbandeAction::Pass]);
    assert_eq!(state.view(Viewer::Spectator).prompt, "Black: pass");
}

#[test]
fn a_player_who_has_passed_may_take_a_regular_turn_again() {
    let mut state = hex(&[("d4", "B"), ("d5", "W"), ("e4", "B")], [0, 2], B);
    play(&mut state, "pass");
    play(&mut state, "c4");
    assert!(state.status().outcome().is_none(), "a pass, then a placement: the game goes on");
    assert!(legal(&state).contains(&mv("d4", "d5")), "{:?}", legal(&state));
    play(&mut state, "d4-d5");
    assert_eq!(state.to_move(), W);
}

#[test]
fn if_both_players_pass_one_immediately_after_the_other_the_game_ends() {
    let mut state = hex(&[("d4", "B"), ("d5", "W"), ("e4", "W")], [0, 0], B);
    play(&mut state, "pass");
    play(&mut state, "d5-d4");
    play(&mut state, "pass");
    assert!(state.status().outcome().is_none(), "the passes were not consecutive");
    assert_eq!(state.view(Viewer::Spectator).prompt, "White: pass (a pass now ends the game)");
    play(&mut state, "pass");
    let outcome = state.status().outcome().cloned().expect("over");
    assert!(legal(&state).is_empty());
    assert_eq!(state.apply(W, &AbandeAction::Pass), Err(RulesError::MatchOver));
    // d4 (White on Black) and e4 (White) are both White: asleep. Nothing scores.
    assert_eq!(outcome.scores, Some(vec![0, 0]));
    assert!(outcome.is_draw());
}

#[test]
fn sleeping_pieces_not_adjacent_to_an_opposing_stack_are_removed_before_scoring() {
    // Along row d: Black d1 touches only Black-topped d2 (asleep); d2 and
    // White d3 touch (awake); White d4 touches only White d3 and d5, which
    // is White on top of Black (asleep: only the tops count), and d5 touches
    // only d4 (asleep).
    let state = hex(&[("d1", "B"), ("d2", "WB"), ("d3", "W"), ("d4", "W"), ("d5", "BW")], [0, 0], B);
    assert_eq!(state.sleeping(), [sp("d1"), sp("d4"), sp("d5")]);
    assert_eq!(state.points(), [2, 1], "Black: the d2 double; White: d3");
    let facts = state.view(Viewer::Spectator).seats;
    assert_eq!(facts[0].facts[1].label, "points");
    assert_eq!((facts[0].facts[1].value.as_str(), facts[1].facts[1].value.as_str()), ("2", "1"));
}

#[test]
fn removing_sleeping_pieces_may_break_the_chain_which_does_not_matter_for_scoring() {
    // White d3 sleeps between White d2 and d4; without it the chain falls
    // apart, but d2 and d4 still touch Black d1 and d5 and score: sleepers
    // are judged once, on the final board.
    let state = hex(&[("d1", "B"), ("d2", "W"), ("d3", "W"), ("d4", "W"), ("d5", "B")], [0, 0], B);
    assert_eq!(state.sleeping(), [sp("d3")]);
    assert_eq!(state.points(), [2, 2]);
}

#[test]
fn players_receive_1_2_or_3_points_for_each_owned_single_double_or_triple_stack() {
    let state = hex(&[("d4", "B"), ("d5", "BW"), ("e4", "WWB"), ("c4", "WBW"), ("c3", "BB")], [0, 0], B);
    // Every stack touches an opposing top here.
    assert!(state.sleeping().is_empty(), "{:?}", state.sleeping());
    assert_eq!(state.points(), [1 + 3 + 2, 2 + 3]);
}

#[test]
fn the_player_who_earns_more_points_wins_and_equal_totals_tie() {
    let mut state = hex(&[("d4", "B"), ("d5", "WW")], [0, 0], B);
    play(&mut state, "pass");
    play(&mut state, "pass");
    let outcome = state.status().outcome().cloned().unwrap();
    assert_eq!(outcome.scores, Some(vec![1, 2]));
    assert_eq!(outcome.first_place(), rules::SeatSet::only(W));
    let mut tie = hex(&[("d4", "BB"), ("d5", "WW")], [0, 0], W);
    play(&mut tie, "pass");
    play(&mut tie, "pass");
    let outcome = tie.status().outcome().cloned().unwrap();
    assert!(outcome.is_draw());
    assert_eq!(outcome.reason, "both players passed; a draw at 2:2");
    assert_eq!(tie.view(Viewer::Spectator).prompt, outcome.reason);
}

#[test]
fn every_game_ends_because_placements_and_captures_run_out() {
    let mut chance = SeedStream::new(Seed::from_u64(11));
    for _ in 0..300 {
        let mut state = start(BoardKind::Hex);
        let mut actions = 0;
        while state.status().outcome().is_none() {
            let options = legal(&state);
            let action = options[chance.below(options.len() as u32) as usize];
            state.apply(state.to_move(), &action).unwrap();
            actions += 1;
        }
        // 36 placements, at most 35 captures, a pass between any two of them
        // and the two final passes.
        assert!(actions <= 2 * (36 + 35) + 2, "{actions}");
    }
}

#[test]
fn on_the_square_variant_pieces_also_connect_along_the_diagonal_up_to_8_lines() {
    let mut state = start(BoardKind::Square);
    assert_eq!(placements(&state).len(), 49, "the 49 (7x7) intersections");
    play(&mut state, "d4");
    assert_eq!(placements(&state), ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]);
    play(&mut state, "e5");
    play(&mut state, "c3");
    assert_eq!(moves(&state), ["e5-d4"], "a diagonal step captures");
    let layout = state.layout();
    assert!(layout.cells.iter().all(|c| matches!(c.shape, Shape::Point(_))), "points where lines cross");
    assert_eq!(layout.cells.len(), 49);
    assert_eq!(layout.cells[0].label, "a1");
    let Shape::Point([x, y]) = layout.cells[0].shape else { unreachable!("the hexagon's cells are points") };
    assert_eq!((x, y), (0.5, 6.5), "a1 at the bottom left as seat 0 sees it");
    assert_eq!(layout.edges.len(), 156, "the lines along ranks, files and both diagonals");
    assert_eq!((layout.seats[0].name.as_str(), layout.seats[0].turn), ("Black", 0.0));
    let bound = position(BoardKind::Square, &[("c3", "W"), ("d4", "B"), ("e5", "W")], [10, 10], B);
    assert!(moves(&bound).is_empty(), "the diagonal chain c3 d4 e5 binds d4");
}

#[test]
fn the_hexagon_uses_the_accasta_coordinates_with_row_a_on_whites_side() {
    let layout = start(BoardKind::Hex).layout();
    assert_eq!(layout.cells.len(), 37);
    let at = |name: &str| match layout.cells[layout.find(name).unwrap() as usize].shape {
        Shape::Point(at) => at,
        _ => unreachable!("points"),
    };
    assert!(at("a1")[1] > at("g4")[1], "row a is drawn on White's side, at the bottom before turning");
    assert!(at("a1")[0] < at("a4")[0], "a1 at White's left");
    let (black, white) = (&layout.seats[0], &layout.seats[1]);
    assert_eq!(
        (black.name.as_str(), black.turn, white.turn),
        ("Black", 180.0, 0.0),
        "Black, seat 0, sees row g at the bottom"
    );
}

#[test]
fn notation_is_the_rulebooks_and_clicks_name_the_spaces() {
    let mut state = start(BoardKind::Hex);
    play(&mut state, "d4");
    play(&mut state, "d5");
    play(&mut state, "e4");
    let layout = state.layout();
    let cell = |name: &str| Click::Cell(layout.find(name).unwrap());
    let place = AbandeAction::Place(sp("c4"));
    assert_eq!(state.action_text(W, &place), "c4");
    assert_eq!(state.clicks(W, &place), [cell("c4")]);
    let capture = mv("d5", "d4");
    assert_eq!(state.action_text(W, &capture), "d5-d4");
    assert_eq!(state.clicks(W, &capture), [cell("d5"), cell("d4")]);
    assert_eq!(state.clicks(W, &AbandeAction::Pass), [Click::choice("pass")]);
    assert_eq!(state.action_text(W, &AbandeAction::Pass), "pass");
    assert_eq!(serde_json::to_string(&place).unwrap(), r#"{"place":"c4"}"#);
    assert_eq!(serde_json::to_string(&capture).unwrap(), r#"{"move":{"from":"d5","to":"d4"}}"#);
    assert_eq!(serde_json::to_string(&AbandeAction::Pass).unwrap(), r#""pass""#);
    assert!(matches!(state.parse_action(W, "a1"), Err(NotationError::Illegal { .. })));
    assert!(matches!(state.parse_action(W, "pass"), Err(NotationError::Illegal { .. })), "pieces still in hand");
    assert_eq!(state.parse_action(W, "d5xd4").unwrap(), capture, "a capture sign is read for the move");
    assert!(matches!(state.parse_action(W, "d5:"), Err(NotationError::Syntax { .. })));
    assert!(matches!(state.parse_action(W, "a5"), Err(NotationError::Illegal { .. })), "no a5 on the hexagon");
}

#[test]
fn the_view_shows_stacks_bottom_first_pieces_in_hand_points_and_the_last_action() {
    let mut state = start(BoardKind::Hex);
    for text in ["d4", "d5", "e4", "d5-d4"] {
        play(&mut state, text);
    }
    let view = state.view(Viewer::Seat(B));
    let layout = state.layout();
    let d4 = view.stacks.iter().find(|s| s.cell == layout.find("d4").unwrap()).unwrap();
    assert_eq!(d4.pieces.iter().map(|p| p.owner).collect::<Vec<_>>(), [B, W]);
    assert!(d4.pieces.iter().all(|p| p.kind.is_none() && !p.hidden));
    assert_eq!(view.marks, [layout.find("d5").unwrap(), layout.find("d4").unwrap()]);
    let labels: Vec<&str> = view.seats[0].facts.iter().map(|f| f.label.as_str()).collect();
    assert_eq!(labels, ["in hand", "points"]);
    assert_eq!(view.seats[0].facts[0].value, "16");
    assert_eq!(view.seats[1].facts[0].value, "17");
    // White's double on d4 touches Black's e4: 2 points to 1.
    assert_eq!((view.seats[0].facts[1].value.as_str(), view.seats[1].facts[1].value.as_str()), ("1", "2"));
    assert_eq!(view.prompt, "Black: place a piece or move");
    assert_eq!(view, state.view(Viewer::Spectator), "nothing is hidden");
}

#[test]
fn options_choose_the_board_and_the_empty_object_is_the_standard_game() {
    let standard: AbandeOptions = serde_json::from_str("{}").unwrap();
    assert_eq!(standard.board, BoardKind::Hex);
    let square: AbandeOptions = serde_json::from_str(r#"{"board":"square"}"#).unwrap();
    assert_eq!(square.board, BoardKind::Square);
    assert!(serde_json::from_str::<AbandeOptions>(r#"{"board":"round"}"#).is_err());
    assert!(serde_json::from_str::<AbandeOptions>(r#"{"size":7}"#).is_err());
    assert_eq!(Abande::option_specs()[0].key, "board");
}

#[test]
fn a_player_who_withdraws_loses() {
    let mut state = start(BoardKind::Hex);
    play(&mut state, "d4");
    state.withdraw(W, rules::Leave::Resigned);
    let outcome = state.status().outcome().cloned().unwrap();
    assert_eq!(outcome.first_place(), rules::SeatSet::only(B));
    assert!(legal(&state).is_empty());
}

#[test]
fn every_space_has_neighbours_on_both_boards() {
    // Sanity of the masks, and the bit helper lists set bits in order.
    assert_eq!(bits(0b1010_0001).collect::<Vec<_>>(), [0, 5, 7]);
    for board in [BoardKind::Hex, BoardKind::Square] {
        let geometry = start(board).geometry();
        for i in 0..geometry.spaces() {
            assert!(geometry.neighbours(i) != 0 && geometry.neighbours(i) & (1 << i) == 0);
        }
    }
}

#[test]
fn the_square_variant_keeps_the_promises_of_clicks_and_notation() {
    // The conformance suite plays the default options; this covers the variant.
    let mut chance = SeedStream::new(Seed::from_u64(3));
    for _ in 0..40 {
        let mut state = start(BoardKind::Square);
        while state.status().outcome().is_none() {
            let seat = state.to_move();
            let options = legal(&state);
            let clicks: Vec<Vec<Click>> = options.iter().map(|a| state.clicks(seat, a)).collect();
            assert_eq!(rules::click::find_prefix_clash(&clicks), None);
            for action in &options {
                let text = state.action_text(seat, action);
                assert_eq!(state.parse_action(seat, &text).as_ref(), Ok(action));
                assert_eq!(state.resolve(&text.parse().unwrap()).unwrap(), [rules::Step::Act(seat, *action)]);
            }
            let action = options[chance.below(options.len() as u32) as usize];
            state.apply(seat, &action).unwrap();
        }
    }
}
