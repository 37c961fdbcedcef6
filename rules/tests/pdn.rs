//! Reading real-world PDN records of international draughts: the lenient
//! forms public collections contain, the ambiguities that must still be
//! refused (with a message naming each candidate and how to write it), and
//! records that go on after the rules ended the game.

use rules::games::dame100::Dame100;
use rules::tools::replay::replay_by_id;
use rules::{Game, NotationError, Seat};

fn at(fen: &str) -> Dame100 {
    Dame100::from_position(&Default::default(), fen).unwrap()
}

/// The opening of a game as a tournament file might hold it, every lenient
/// form at least once: spaces around `-` (`32 -28`, `19- 23`, `18 - 22`) and
/// around `x` (`28 x 19`, `14x 23`), a move written with `x` (`37x32`), a
/// capture written with `-` naming its landing square on the way
/// (`27-18-29`) or not (`15-24`), a capture with `:` and spaces (`29 : 20`).
const LENIENT: &str = "[Event \"Lenient forms\"]
[White \"A\"]
[Black \"B\"]
[Result \"*\"]

1. 32 -28 19- 23 2. 28 x 19 14x 23 3. 37x32 10-14 4. 31-27 18 - 22
5. 27-18-29 {two taken} 20-24 6. 29 : 20 15-24 *
";

/// The same game written the way Tactica writes it.
const CANONICAL: [&str; 12] =
    ["32-28", "19-23", "28x19", "14x23", "37-32", "10-14", "31-27", "18-22", "27x29", "20-24", "29x20", "15x24"];

#[test]
fn a_record_with_every_lenient_form_replays_as_the_canonical_one() {
    let replayed = replay_by_id("dame100", LENIENT).unwrap();
    assert!(replayed.failure.is_none(), "{:?}", replayed.failure);
    assert_eq!(replayed.replayed, 12);
    let canonical = format!("1. {} *", CANONICAL.join(" "));
    let again = replay_by_id("dame100", &canonical).unwrap();
    assert!(again.failure.is_none(), "{:?}", again.failure);
    assert!(replayed.state().same_state(again.state()), "both records reach the same position");
}

#[test]
fn each_lenient_form_reads_as_one_move() {
    let start = at("W:W31-50:B1-20");
    let whites = [("32 - 28", "32-28"), ("32x28", "32-28"), ("32:28", "32-28"), ("32 -28", "32-28")];
    for (written, canonical) in whites {
        let m = start.parse_action(Seat(0), written).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(start.action_text(Seat(0), &m), canonical, "{written}");
    }
    // A capture written with "-", and with spaces around "x".
    let capture = at("W:W28:B23");
    for written in ["28-19", "28 x 19", "28x 19", "28 :19"] {
        let m = capture.parse_action(Seat(0), written).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(capture.action_text(Seat(0), &m), "28x19");
    }
}

#[test]
fn two_captures_with_the_same_ends_are_refused_naming_each_and_how_to_write_it() {
    // The king on 1 takes 7, 8 and 20, or 7, 19 and 20, both ending on 25.
    let state = at("W:WK1:B7,8,19,20");
    let error = state.parse_action(Seat(0), "1x25").unwrap_err();
    let NotationError::Ambiguous { text, candidates } = &error else { panic!("{error}") };
    assert_eq!(text, "1x25");
    assert_eq!(candidates.len(), 2, "{candidates:?}");
    let message = error.to_string();
    assert!(message.contains("1x12x3x25") && message.contains("1x23x14x25"), "{message}");
    assert!(message.contains("taking 7, 8, 20") && message.contains("taking 7, 19, 20"), "{message}");
    // Each way of writing it named in the message reads as one capture.
    for written in ["1x12x3x25", "1x23x14x25", "1x3x25", "1-14-25"] {
        state.parse_action(Seat(0), written).unwrap_or_else(|e| panic!("{written}: {e}"));
    }
    // The same refusal from a record, at the move that is ambiguous.
    let record = "[FEN \"W:WK1:B7,8,19,20,45\"]\n1. 1 x 25 *";
    let replayed = replay_by_id("dame100", record).unwrap();
    let failure = replayed.failure.expect("refused");
    assert_eq!((failure.number, failure.text.as_str()), (1, "1x25"));
    assert!(failure.reason.contains("1x12x3x25") && failure.reason.contains("1x23x14x25"), "{}", failure.reason);
}

#[test]
fn a_record_that_goes_on_after_a_draw_is_reported_where_the_game_ended() {
    // Kings shuffling: the start position occurs for the third time after
    // eight moves (threefold repetition, an automatic draw); the record has
    // two more moves, as the players did not stop.
    let shuffle = "[FEN \"W:WK46,31,32:BK5,19,20\"]\n\
                   1. 46-41 5-10 2. 41-46 10-5 3. 46-41 5-10 4. 41-46 10-5 5. 46-41 5-10 1-1";
    let replayed = replay_by_id("dame100", shuffle).unwrap();
    assert!(replayed.failure.is_none(), "not an illegal move: {:?}", replayed.failure);
    assert_eq!(replayed.replayed, 8, "the game ended with the eighth move");
    assert_eq!(replayed.after_end, 2);
    let outcome = replayed.state().status().outcome().cloned().expect("drawn");
    assert!(outcome.is_draw() && outcome.reason.contains("three times"), "{outcome:?}");
}
