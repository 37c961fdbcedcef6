//! Dame 100: one test per rule of the rulebook section and of the FMJD rules
//! it defers to, plus notation, FEN and PDN.

use rules::games::dame100::{Dame100, Dame100Options, Move, MoveText};
use rules::record::RecordMeta;
use rules::tools::replay::replay_by_id;
use rules::{Game, Seat, Status};

const WHITE: Seat = Seat(0);
const BLACK: Seat = Seat(1);

fn at(fen: &str) -> Dame100 {
    Dame100::from_position(&Dame100Options::default(), fen).unwrap()
}

fn side(state: &Dame100) -> Seat {
    state.status().acting().first().expect("someone to move")
}

fn legal_texts(state: &Dame100) -> Vec<String> {
    let seat = side(state);
    let mut moves = Vec::new();
    state.legal_actions(seat, &mut moves);
    let mut texts: Vec<String> = moves.iter().map(|m| state.action_text(seat, m)).collect();
    texts.sort();
    texts
}

fn play(state: &mut Dame100, text: &str) {
    let seat = side(state);
    let m = state.parse_action(seat, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    state.apply(seat, &m).unwrap();
}

fn is_king(state: &Dame100, square: u8) -> bool {
    state.board().kings & rules::games::dame100::Square::new(square).unwrap().bit() != 0
}

#[test]
fn white_moves_first_from_twenty_men_each_on_the_first_four_rows() {
    let state = Dame100::new(&Dame100Options::default()).unwrap();
    assert_eq!(
        state.position().unwrap(),
        "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
    );
    assert_eq!(side(&state), WHITE);
    assert_eq!(legal_texts(&state).len(), 9);
}

#[test]
fn a_man_moves_one_square_diagonally_forward() {
    assert_eq!(legal_texts(&at("W:W28:B3")), ["28-22", "28-23"]);
    assert_eq!(legal_texts(&at("B:W45:B28")), ["28-32", "28-33"]);
}

#[test]
fn a_man_captures_forward_and_backward() {
    assert_eq!(legal_texts(&at("W:W28:B32,3")), ["28x37"], "backward");
    assert_eq!(legal_texts(&at("W:W28:B22,3")), ["28x17"], "forward");
}

#[test]
fn capturing_is_required() {
    assert_eq!(legal_texts(&at("W:W28,45:B32,3")), ["28x37"]);
    let err = at("W:W28,45:B32,3").parse_action(WHITE, "45-40").unwrap_err();
    assert!(err.to_string().contains("compulsory"), "{err}");
}

#[test]
fn the_sequence_capturing_the_most_pieces_must_be_chosen() {
    // 28 can take 32 and 42; 45 can take only 40.
    assert_eq!(legal_texts(&at("W:W28,45:B32,42,40")), ["28x48"]);
    let err = at("W:W28,45:B32,42,40").parse_action(WHITE, "45x34").unwrap_err();
    assert!(err.to_string().contains("the most pieces possible (2)"), "{err}");
}

#[test]
fn kings_count_like_men_when_counting_the_most_pieces() {
    // Taking one king does not beat taking two men.
    assert_eq!(legal_texts(&at("W:W28,45:BK22,40,29")), ["45x23"]);
}

#[test]
fn a_king_moves_any_distance_along_a_diagonal() {
    let texts = legal_texts(&at("W:WK46:B5"));
    assert_eq!(texts, ["46-10", "46-14", "46-19", "46-23", "46-28", "46-32", "46-37", "46-41"]);
}

#[test]
fn a_king_captures_from_a_distance_and_lands_on_any_free_square_beyond() {
    assert_eq!(legal_texts(&at("W:WK46:B28")), ["46x10", "46x14", "46x19", "46x23", "46x5"]);
    // Two pieces in a row along the line cannot be jumped.
    assert!(
        legal_texts(&at("W:WK46:B28,23,3")).iter().all(|t| !t.starts_with("46x")),
        "two pieces in a row cannot be jumped"
    );
}

#[test]
fn a_king_may_not_jump_its_own_pieces() {
    assert_eq!(legal_texts(&at("W:WK46,37:B28,3")), ["37-31", "37-32", "46-41"]);
}

#[test]
fn a_man_passing_the_far_row_during_a_capture_does_not_become_a_king() {
    let mut state = at("W:W11:B7,8,30");
    assert_eq!(legal_texts(&state), ["11x13"]);
    play(&mut state, "11x13");
    assert!(!is_king(&state, 13));
}

#[test]
fn a_man_ending_its_move_on_the_far_row_becomes_a_king() {
    let mut state = at("W:W7:B1,30");
    play(&mut state, "7-2");
    assert!(is_king(&state, 2));
    let mut state = at("W:W12:B7,30");
    play(&mut state, "12x1");
    assert!(is_king(&state, 1), "also by capturing");
}

#[test]
fn captured_pieces_are_removed_only_after_the_turn() {
    let mut state = at("W:W28,45:B32,42,40");
    play(&mut state, "28x48");
    assert_eq!(state.position().unwrap(), "B:W45,48:B40");
}

#[test]
fn a_player_who_cannot_move_loses() {
    let state = at("B:W41,47:B36");
    match state.status() {
        Status::Over(outcome) => {
            assert_eq!(outcome.first_place(), rules::SeatSet::only(WHITE));
            assert_eq!(outcome.reason, "the opponent has no legal move");
        }
        other => panic!("{other:?}"),
    }
    let none_left = at("W:W31:B");
    assert_eq!(none_left.status().outcome().unwrap().first_place(), rules::SeatSet::only(WHITE), "set up already won");
    let mut state = at("W:W28:B32");
    play(&mut state, "28x37");
    assert_eq!(state.status().outcome().unwrap().first_place(), rules::SeatSet::only(WHITE), "no pieces left");
    assert_eq!(state.status().outcome().unwrap().reason, "the opponent has no pieces left", "said as it is");
}

#[test]
fn the_same_position_a_third_time_is_a_draw() {
    let mut state = at("W:WK50,31:BK1,20");
    for (i, text) in ["50-45", "1-6", "45-50", "6-1", "50-45", "1-6", "45-50", "6-1"].iter().enumerate() {
        assert!(matches!(state.status(), Status::Acting(_)), "over too early, before move {}", i + 1);
        play(&mut state, text);
    }
    let outcome = state.status().outcome().cloned().expect("a draw");
    assert!(outcome.is_draw());
    assert_eq!(outcome.reason, "the same position occurred three times");
}

/// Plays up to `plies` king moves that capture nothing, lead to new
/// positions and leave the opponent nothing to capture, searching with
/// backtracking; stops early if the game ends. Returns the plies played.
fn quiet_walk(state: &mut Dame100, plies: u32) -> u32 {
    fn walk(state: &Dame100, seen: &mut Vec<String>, left: u32) -> Option<(Dame100, u32)> {
        if left == 0 || !matches!(state.status(), Status::Acting(_)) {
            return Some((state.clone(), 0));
        }
        let mut options = safe_moves(state, seen);
        options.sort_by_key(|(after, _)| std::cmp::Reverse(safe_moves(after, seen).len()));
        for (after, fen) in options.into_iter().take(4) {
            seen.push(fen);
            if let Some((end, played)) = walk(&after, seen, left - 1) {
                return Some((end, played + 1));
            }
            seen.pop();
        }
        None
    }
    let mut seen = vec![state.position().unwrap()];
    let (end, played) = walk(state, &mut seen, plies)
        .unwrap_or_else(|| panic!("no quiet king walk of {plies} plies from {:?}", state.position()));
    *state = end;
    played
}

/// The king moves of the side to move that capture nothing, reach a new
/// position and leave the opponent nothing to capture.
fn safe_moves(state: &Dame100, seen: &[String]) -> Vec<(Dame100, String)> {
    let Some(seat) = state.status().acting().first() else { return Vec::new() };
    let mut moves = Vec::new();
    state.legal_actions(seat, &mut moves);
    moves
        .iter()
        .filter(|m| m.captured == 0 && !state.board().moves_man(m))
        .filter_map(|m: &Move| {
            let mut after = state.clone();
            after.apply(seat, m).unwrap();
            let fen = after.position().unwrap();
            let quiet = legal_texts_or_empty(&after).iter().all(|t| !t.contains('x'));
            (quiet && !seen.contains(&fen)).then_some((after, fen))
        })
        .collect()
}

fn legal_texts_or_empty(state: &Dame100) -> Vec<String> {
    if matches!(state.status(), Status::Acting(_)) { legal_texts(state) } else { Vec::new() }
}

#[test]
fn twenty_five_moves_each_with_only_kings_moving_is_a_draw() {
    let mut state = at("W:WK46,K50,31,32:BK1,K5,19,20");
    let played = quiet_walk(&mut state, 60);
    assert_eq!(played, 50, "drawn after 25 moves each");
    assert_eq!(state.status().outcome().unwrap().reason, "25 moves each with only kings moving and no capture");
}

#[test]
fn three_pieces_with_a_king_against_a_lone_king_draw_after_sixteen_moves_each() {
    for fen in ["W:WK46,K47,K48:BK2", "W:WK46,K47,36:BK2", "W:WK46,36,37:BK2"] {
        let mut state = at(fen);
        let played = quiet_walk(&mut state, 40);
        assert_eq!(played, 32, "{fen}");
        assert_eq!(state.status().outcome().unwrap().reason, "16 moves each in a three-against-one-king endgame");
    }
}

#[test]
fn two_pieces_with_a_king_against_a_lone_king_draw_after_five_moves_each() {
    for fen in ["W:WK46,K47:BK2", "W:WK46,36:BK2", "B:WK46:BK2"] {
        let mut state = at(fen);
        let played = quiet_walk(&mut state, 20);
        assert_eq!(played, 10, "{fen}");
        assert_eq!(state.status().outcome().unwrap().reason, "5 moves each in a two-against-one-king endgame");
    }
}

#[test]
fn a_running_sixteen_move_count_still_ends_the_game_after_a_capture() {
    // Three kings against one; after 13 moves each White gives up a king,
    // leaving two against one. The 16-move limit comes before the new
    // 5-move one, and the earlier limit ends the game.
    let mut state = at("W:WK46,K47,K48:BK2");
    assert_eq!(quiet_walk(&mut state, 26), 26);
    let mut moves = Vec::new();
    state.legal_actions(WHITE, &mut moves);
    let sacrifice = moves
        .into_iter()
        .find(|m| {
            let mut after = state.clone();
            after.apply(WHITE, m).unwrap();
            legal_texts_or_empty(&after).iter().any(|t| t.contains('x'))
        })
        .expect("White can give a king away");
    state.apply(WHITE, &sacrifice).unwrap();
    let mut captures = Vec::new();
    state.legal_actions(BLACK, &mut captures);
    state.apply(BLACK, &captures[0]).unwrap();
    assert!(matches!(state.status(), Status::Acting(_)));
    assert!(
        state.view(rules::Viewer::Spectator).prompt.contains("draw in 2 moves"),
        "{}",
        state.view(rules::Viewer::Spectator).prompt
    );
    assert_eq!(quiet_walk(&mut state, 10), 4, "16 moves each after the endgame began");
    assert_eq!(state.status().outcome().unwrap().reason, "16 moves each in a three-against-one-king endgame");
}

#[test]
fn two_capture_paths_taking_the_same_pieces_between_the_same_squares_are_one_move() {
    // The man on 32 can take 28, 18, 17, 27 going round either way and
    // come back to 32: one move.
    let state = at("W:W32:B17,18,27,28");
    assert_eq!(legal_texts(&state), ["32x32"]);
    assert_eq!(state.board().capture_paths().len(), 2, "two paths");
    assert_eq!(state.perft(1), 1);
}

#[test]
fn notation_writes_captures_with_x_and_names_landing_squares_only_when_needed() {
    let state = at("W:W28,45:B32,42,40");
    let seat = WHITE;
    let m = state.parse_action(seat, "28x48").unwrap();
    assert_eq!(m.capture_count(), 2);
    assert_eq!(state.parse_action(seat, "28x37x48").unwrap(), m, "a full path reads too");
    assert!(state.parse_action(seat, "28x39x48").is_err(), "a wrong landing square does not");
    assert!(state.parse_action(seat, "28x48x48").is_err(), "the end is not a square on the way");
    assert!("+32-28".parse::<MoveText>().is_err(), "digits only");
    assert!(state.parse_action(seat, "28-33").is_err());
    assert_eq!(serde_json::to_string(&m).unwrap(), r#"{"from":28,"to":48,"captures":[32,42]}"#);
    assert_eq!("32-28".parse::<MoveText>().unwrap().to_string(), "32-28");
}

#[test]
fn pdn_records_export_and_replay_to_the_same_game() {
    // Forty plies chosen deterministically among the legal moves.
    let mut state = Dame100::new(&Dame100Options::default()).unwrap();
    let start = state.clone();
    let mut texts = Vec::new();
    for i in 0..40 {
        let seat = side(&state);
        let mut moves = Vec::new();
        state.legal_actions(seat, &mut moves);
        let m = moves[(i * 7) % moves.len()];
        texts.push(state.action_text(seat, &m));
        state.apply(seat, &m).unwrap();
    }
    let meta = RecordMeta { event: "Test".into(), players: vec!["ann".into(), "bob".into()], ..RecordMeta::default() };
    let pdn = start.write_record(&texts, &meta);
    assert!(pdn.starts_with("[Event \"Test\"]"), "{pdn}");
    assert!(pdn.contains("[GameType \"20\"]"));
    assert!(pdn.contains(&format!("1. {} {} 2. {}", texts[0], texts[1], texts[2])), "{pdn}");
    let replayed = replay_by_id("dame100", &pdn).unwrap();
    assert!(replayed.failure.is_none(), "{:?}", replayed.failure);
    assert_eq!(replayed.state().position(), state.position());
    // A game from a set-up position carries it in a FEN tag.
    let setup = at("B:W28,45:B3,40");
    let pdn = setup.write_record(&["3-9".to_string()], &meta);
    assert!(pdn.contains("[FEN \"B:W28,45:B3,40\"]") && pdn.contains("1... 3-9"), "{pdn}");
    assert!(replay_by_id("dame100", &pdn).unwrap().failure.is_none());
}

#[test]
fn replay_reports_the_first_illegal_move_and_why() {
    let replayed = replay_by_id("dame100", "1. 32-28 19-23 2. 28-22 23-28\n").unwrap();
    let failure = replayed.failure.expect("an illegal move");
    assert_eq!(failure.number, 3);
    assert_eq!(failure.text, "28-22");
    assert!(failure.reason.contains("compulsory"), "{}", failure.reason);
}
