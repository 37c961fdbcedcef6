//! Figs. A, B, C and E of the rulebook ("Controversial situations"), on
//! the reconstructed board; Figs. D, F and G are beside the rules they
//! illustrate in the parent module. The figures' drawings were lost, so
//! each is set up as its caption describes, at North's seaport: open
//! squares N12 and N13, their mouth NW3, NW4, NE18 and NE15.

use super::*;

/// An empty two-player board with North's open seaport squares held by
/// `defenders` (N12's, then N13's) and South's battleships on `blockers`.
fn seaport(defenders: [Kind; 2], blockers: &[&str]) -> Tactics1940 {
    let mut game = empty(2);
    put(&mut game, 0, defenders[0], "N12");
    put(&mut game, 0, defenders[1], "N13");
    for at in blockers {
        put(&mut game, 1, Kind::Battleship, at);
    }
    game
}

#[test]
fn fig_a_open_seaport_squares_defended_by_transports_only() {
    let transports = [Kind::Transport, Kind::Transport];
    assert!(!seaport(transports, &["NW4"]).blockaded(Seat(0)), "NO: N13's transport can still leave by NE18");
    assert!(seaport(transports, &["NW4", "NE18"]).blockaded(Seat(0)), "YES: transports leave only straight ahead");
}

#[test]
fn fig_b_open_seaport_squares_defended_by_a_transport_and_a_battleship() {
    let mixed = [Kind::Transport, Kind::Battleship];
    assert!(!seaport(mixed, &["NW4", "NE18"]).blockaded(Seat(0)), "NO: the battleship leaves diagonally to NE15");
    assert!(seaport(mixed, &["NW4", "NE18", "NE15"]).blockaded(Seat(0)), "YES: an additional piece on NE15");
}

#[test]
fn fig_c_open_seaport_squares_defended_by_battleships() {
    let battleships = [Kind::Battleship, Kind::Battleship];
    assert!(!seaport(battleships, &["NW4", "NE18", "NE15"]).blockaded(Seat(0)), "NO: N12's battleship leaves by NW3");
    assert!(seaport(battleships, &["NW3", "NW4", "NE18", "NE15"]).blockaded(Seat(0)), "YES: the whole mouth is held");

    // Transports in the mouth hold it too: "The fact that the losing
    // player might, on his next move, be able to destroy one of the
    // blockading pieces, does not void the blockade." Version 1 let the
    // defenders' jumps over them count as a way out.
    let mut game = seaport(battleships, &[]);
    let mut old = empty_at::<1>(2);
    put(&mut old, 0, Kind::Battleship, "N12");
    put(&mut old, 0, Kind::Battleship, "N13");
    for at in ["NW3", "NW4", "NE18", "NE15"] {
        put(&mut game, 1, Kind::Transport, at);
        put(&mut old, 1, Kind::Transport, at);
    }
    assert!(game.blockaded(Seat(0)), "YES: jumping a blockader out of the way does not void it");
    assert!(!old.blockaded(Seat(0)), "version 1: the defenders could jump their way out");
}

#[test]
fn an_open_seaport_is_blockaded_only_when_both_its_ways_out_are_held() {
    // North's battleships moored on N11 and N14 cannot leave in one move,
    // and nothing of North's is on the open squares or at sea.
    let blockers = |at: &[&str]| {
        let mut game = empty(2);
        at.iter().for_each(|at| put(&mut game, 1, Kind::Battleship, at));
        game.blockaded(Seat(0))
    };
    assert!(!blockers(&["NW3"]), "one ship beside the mouth cuts nothing off");
    assert!(!blockers(&["NW4"]), "N13 and the sea before it are open");
    assert!(!blockers(&["NW3", "NE15"]), "the squares in front are open");
    assert!(blockers(&["NW4", "NE18"]), "the two squares in front: the simplest form");
    assert!(blockers(&["N12", "N13"]), "the two open squares: the simplest form");
    assert!(blockers(&["N12", "NE18"]), "one open square and the square in front of the other");

    // Version 1 counted the moored ships as defenders in the vicinity, so
    // that one ship anywhere at the seaport ended the game.
    let mut old = empty_at::<1>(2);
    put(&mut old, 1, Kind::Battleship, "NW3");
    assert!(old.blockaded(Seat(0)));
}

#[test]
fn fig_e_a_jump_capture_stands_and_then_the_submarine_sinks_the_jumper() {
    // Battleship A on NW7 jumps South's transport on NW8 (square B) and
    // lands on NW9 (square C), where South has a submarine.
    let mut game = empty(2);
    put(&mut game, 0, Kind::Battleship, "NW7");
    put(&mut game, 1, Kind::Transport, "NW8");
    let card = Card::Submarine("NW9".parse().unwrap());
    game.hands[1].push(card);
    let jump = Tactics1940Action::Jump { path: vec!["NW7".parse().unwrap(), "NW9".parse().unwrap()] };
    game.apply(Seat(0), &jump).unwrap();
    assert_eq!(game.piece(id("NW8")), None, "the transport in square B is sunk");
    assert_eq!(game.window_square(), Some("NW9".parse().unwrap()), "A completed its move in square C");
    game.apply(Seat(1), &Tactics1940Action::Torpedo).unwrap();
    assert_eq!(game.piece(id("NW9")), None, "A is also sunk");
    assert_eq!((game.lost[0][Kind::Battleship as usize], game.lost[1][Kind::Transport as usize]), (1, 1));
    assert!(game.hands[1].is_empty() && game.discard.contains(&card), "the card is produced");
}

#[test]
fn the_squares_a_multi_jump_passes_are_not_entered() {
    // Over NW8 to NW9, then over NW14 to NW19: NW9 is a submarine square
    // the jump passes, and the jump ends on NW19, which is not one.
    let mut game = empty(2);
    put(&mut game, 0, Kind::Battleship, "NW7");
    put(&mut game, 1, Kind::Transport, "NW8");
    put(&mut game, 1, Kind::Transport, "NW13");
    let path = ["NW7", "NW9", "NW17"].map(|s| s.parse().unwrap()).to_vec();
    let jump = Tactics1940Action::Jump { path };
    assert!(legal(&game, 0).contains(&jump), "{:?}", legal(&game, 0));
    game.apply(Seat(0), &jump).unwrap();
    assert_eq!(game.window_square(), None, "no window on the submarine square passed");
    assert_eq!(game.status(), Status::Chance, "on to the card");
}

#[test]
fn a_side_left_with_fewer_than_two_ships_can_never_blockade_and_loses_the_war() {
    let mut game = empty(2);
    game.squares.iter_mut().for_each(|s| *s = None);
    put(&mut game, 0, Kind::Battleship, "NW7");
    put(&mut game, 0, Kind::Transport, "N3");
    put(&mut game, 1, Kind::Battleship, "SE7");
    put(&mut game, 1, Kind::Airplane, "S1");
    assert!(game.check_blockade(), "South has one ship and an airplane");
    let outcome = game.outcome.clone().unwrap();
    assert_eq!((outcome.reason.as_str(), outcome.first_place()), ("fleet lost", SeatSet::only(Seat(0))));
}
