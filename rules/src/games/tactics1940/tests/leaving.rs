//! Players leaving mid-match (docs/rules/tactics1940.md, "Leaving"): the
//! rulebook has none, so these are rulings.

use super::*;

#[test]
fn a_belligerent_who_leaves_concedes_as_if_blockaded() {
    let mut game = game(4);
    game.withdraw(Seat(2), Leave::Resigned);
    let outcome = game.outcome.clone().expect("over");
    assert_eq!(outcome.first_place(), SeatSet::only(Seat(0)), "North takes the jackpot");
    assert!(outcome.places[2] > 1);
}

#[test]
fn a_neutral_who_leaves_withdraws_and_the_others_play_on_without_it() {
    let mut game = game(4);
    let reserve = game.reserve;
    game.withdraw(Seat(1), Leave::Abandoned);
    assert!(game.outcome.is_none(), "the war goes on");
    assert_eq!(game.withdrawn(), SeatSet::only(Seat(1)));
    assert_eq!(Board::get().ids().filter(|id| matches!(game.piece(*id), Some(p) if p.owner == Seat(1))).count(), 0);
    assert_eq!((game.coins[1], game.reserve), (0, reserve + PURSE), "its coins back to the Gold Reserve");
    assert_eq!(game.lost[1], [4, 6, 2], "its pieces to Davy Jones' Locker and the Supply Base");
    // North moves and draws; the turn skips East for South.
    let mut turn = game.clone();
    let mut chance = SeedStream::new(Seed::from_u64(5));
    while turn.turn() == game.turn() {
        match turn.status() {
            Status::Chance => {
                let outcome = turn.draw_chance(&mut chance);
                turn.play_chance(&outcome);
            }
            Status::Acting(decision) => {
                let seat = decision.seats.first().unwrap();
                assert!(!decision.seats.contains(Seat(1)), "East is never asked again");
                let first = legal(&turn, seat.0)[0].clone();
                turn.apply(seat, &first).unwrap();
            }
            Status::Over(outcome) => panic!("{outcome:?}"),
        }
    }
    assert_eq!(turn.status().acting(), SeatSet::only(Seat(2)), "South moves next");
    let view = turn.view(Viewer::Spectator);
    assert_eq!(view.seats[1].facts[0].value, "withdrew");
}

#[test]
fn a_neutral_who_left_is_never_asked_in_a_submarine_window_nor_picked_on_by_a_card() {
    let mut game = empty(4);
    game.withdraw(Seat(3), Leave::Resigned);
    put(&mut game, 0, Kind::Battleship, "NW3");
    game.apply(Seat(0), &step("NW3", "NW2")).unwrap();
    assert_eq!(game.status().acting(), SeatSet::from_iter([Seat(1), Seat(2)]), "West is not asked");
    let mut game = empty(4);
    game.withdraw(Seat(3), Leave::Resigned);
    put(&mut game, 0, Kind::Airplane, "N1");
    game.phase = Phase::Drawing;
    game.play_chance(&Tactics1940Chance::Draw(Card::PlaneAttack));
    let on_west = |a: &Tactics1940Action| matches!(a, Tactics1940Action::Forfeit { seat } if *seat == Seat(3));
    assert!(!legal(&game, 0).iter().any(on_west), "no forfeit asked of a player who left");
}

#[test]
fn a_player_who_withdrew_finishes_last_whatever_the_scores() {
    let mut game = empty(3);
    game.withdraw(Seat(1), Leave::Resigned);
    game.coins[2] = 0;
    game.end(Seat(2), "blockade");
    let outcome = game.outcome.clone().unwrap();
    assert_eq!(outcome.places, vec![1, 3, 2], "South, blockaded and penniless, still above East");
}

#[test]
fn the_protests_waiting_on_a_player_who_leaves_lapse() {
    let mut game = empty(4);
    game.aggressed(Seat(0), Seat(1));
    game.proceed();
    assert_eq!(game.status().acting(), SeatSet::only(Seat(0)));
    game.withdraw(Seat(1), Leave::Abandoned);
    assert!(game.protests.is_empty());
    assert_eq!(game.status().acting(), SeatSet::only(Seat(0)), "North moves on");
}

#[test]
fn a_neutral_who_leaves_while_its_own_move_is_in_a_window_ends_its_turn() {
    let mut game = empty(4);
    game.to_move = Seat(1);
    put(&mut game, 1, Kind::Battleship, "NW3");
    game.apply(Seat(1), &step("NW3", "NW2")).unwrap();
    assert_eq!(game.window_square(), Some("NW2".parse().unwrap()), "East's move opened a window");
    game.withdraw(Seat(1), Leave::Abandoned);
    assert_eq!(game.window_square(), None, "the window closed with the piece gone");
    assert_eq!(game.status().acting(), SeatSet::only(Seat(2)), "South moves next");
}

#[test]
fn a_seaport_whose_player_withdrew_trades_with_nobody() {
    let board = Board::get();
    let mut game = empty(4);
    game.withdraw(Seat(3), Leave::Resigned);
    let [port, _] = board.open_ports(Country::West);
    let front = board.step(port, board.seaward(Country::West));
    game.squares[usize::from(front)] = Some(Piece { owner: Seat(1), kind: Kind::Transport });
    game.to_move = Seat(1);
    let (coins, reserve) = (game.coins[1], game.reserve);
    game.apply(Seat(1), &Tactics1940Action::Move { from: board.name(front), to: board.name(port) }).unwrap();
    assert_eq!((game.coins[1], game.reserve), (coins, reserve), "no coin for anyone");
}
