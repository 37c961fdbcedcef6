//! One test per chance card (Rules 6, 11, 12, 16 and 17, and the deck of
//! docs/rules/tactics1940.md): what it lets its drawer do, and what it
//! does when there is nothing to do it to.

use super::*;

/// North (seat 0) draws `card` after its move.
fn draw(game: &mut Tactics1940, card: Card) {
    game.phase = Phase::Drawing;
    game.stage = Stage::Moved;
    game.play_chance(&Tactics1940Chance::Draw(card));
}

fn strike(at: &str) -> Tactics1940Action {
    Tactics1940Action::Strike { at: at.parse().unwrap() }
}

#[test]
fn submarine_the_card_is_held_concealed_and_others_see_only_that_a_card_was_kept() {
    let mut game = empty(4);
    let card = Card::Submarine("NE12".parse().unwrap());
    let step = Step::Chance(Tactics1940Chance::Draw(card));
    let before = game.clone();
    draw(&mut game, card);
    assert_eq!(game.hands[0], vec![card]);
    assert_eq!(before.observe(&step, &game, Viewer::Seat(Seat(1))), Seen::Only("card kept".into()));
    assert_eq!(before.observe(&step, &game, Viewer::Spectator), Seen::Only("card kept".into()));
    assert_eq!(before.observe(&step, &game, Viewer::Seat(Seat(0))), Seen::All);
    let east = game.view(Viewer::Seat(Seat(1)));
    assert_eq!(east.seats[0].hand.as_ref().map(|h| (h.cards.len(), h.hidden)), Some((0, 1)), "a count, not the card");
    assert!(east.private.is_empty());
    assert_eq!(game.view(Viewer::Seat(Seat(0))).private, vec![card.text()]);
    assert_eq!(game.status().acting(), SeatSet::only(Seat(1)), "kept, and the turn passed to East");
}

#[test]
fn surprise_maneuver_permits_a_transport_one_jump_to_a_free_sea_square_away_from_open_ports() {
    let board = Board::get();
    let mut game = empty(2);
    put(&mut game, 0, Kind::Transport, "N3");
    draw(&mut game, Card::SurpriseManeuver);
    let choices = legal(&game, 0);
    assert!(choices.contains(&Tactics1940Action::Decline), "it permits: the drawer may leave it");
    let landings: Vec<CellId> = choices
        .iter()
        .filter_map(|a| match a {
            Tactics1940Action::Place { to, .. } => board.id(*to),
            _ => None,
        })
        .collect();
    assert!(landings.contains(&id("SE12")) && landings.contains(&id("Z6")));
    assert!(landings.iter().all(|to| board.home_of(*to).is_none()), "never into a home area");
    assert!(landings.iter().all(|to| !board.in_a_mouth(*to)), "never in front of an open seaport square");
    game.apply(Seat(0), &Tactics1940Action::Place { from: "N3".parse().unwrap(), to: "SE12".parse().unwrap() })
        .unwrap();
    assert_eq!(game.piece(id("SE12")), Some(Piece { owner: Seat(0), kind: Kind::Transport }));
    assert_eq!(game.piece(id("N3")), None);
}

#[test]
fn plane_vs_battleship_sends_an_enemy_battleship_home_for_repairs_but_not_from_the_safety_zone() {
    let board = Board::get();
    let mut game = empty(2);
    put(&mut game, 0, Kind::Airplane, "N1");
    put(&mut game, 1, Kind::Battleship, "NW7");
    put(&mut game, 1, Kind::Battleship, "Z6");
    draw(&mut game, Card::PlaneVsBattleship);
    assert_eq!(legal(&game, 0), vec![strike("NW7")], "the one in the safety zone is safe from attack");
    game.apply(Seat(0), &strike("NW7")).unwrap();
    assert_eq!(game.piece(id("NW7")), None);
    let moored = board.seaport(Country::South).filter(|id| game.piece(*id).is_some_and(|p| p.owner == Seat(1))).count();
    assert_eq!(moored, MOORED + 1, "back in its seaport");
    assert_eq!(game.lost[1], [0; 3], "damaged, not destroyed");
}

#[test]
fn plane_vs_battleship_needs_the_drawers_airplane() {
    let mut game = empty(2);
    put(&mut game, 1, Kind::Battleship, "NW7");
    draw(&mut game, Card::PlaneVsBattleship);
    assert_eq!(game.piece(id("NW7")), Some(Piece { owner: Seat(1), kind: Kind::Battleship }), "no plane, no attack");
    assert_eq!(game.status().acting(), SeatSet::only(Seat(1)), "the card did nothing and the turn passed");
}

#[test]
fn plane_attack_destroys_an_enemy_airplane_and_an_enemy_with_none_pays_a_coin() {
    let mut game = empty(2);
    put(&mut game, 0, Kind::Airplane, "N1");
    put(&mut game, 1, Kind::Airplane, "SW7");
    draw(&mut game, Card::PlaneAttack);
    assert_eq!(legal(&game, 0), vec![strike("SW7")]);
    game.apply(Seat(0), &strike("SW7")).unwrap();
    assert_eq!((game.piece(id("SW7")), game.lost[1][Kind::Airplane as usize]), (None, 1));

    let mut game = empty(2);
    put(&mut game, 0, Kind::Airplane, "N1");
    draw(&mut game, Card::PlaneAttack);
    assert_eq!(legal(&game, 0), vec![Tactics1940Action::Forfeit { seat: Seat(1) }], "Rule 16: a coin instead");
    game.apply(Seat(0), &Tactics1940Action::Forfeit { seat: Seat(1) }).unwrap();
    assert_eq!((game.coins[0], game.coins[1]), (PURSE + 1, PURSE - 1));
}

#[test]
fn plane_raid_destroys_an_enemy_transport_and_on_a_neutral_is_an_aggression() {
    let mut game = empty(3);
    put(&mut game, 0, Kind::Airplane, "N1");
    put(&mut game, 1, Kind::Transport, "NE7");
    put(&mut game, 1, Kind::Transport, "Z1");
    put(&mut game, 2, Kind::Transport, "SE7");
    draw(&mut game, Card::PlaneRaid);
    let mut choices = legal(&game, 0);
    choices.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(choices, vec![strike("NE7"), strike("SE7")], "a neutral may be the enemy; the safety zone is safe");
    game.apply(Seat(0), &strike("NE7")).unwrap();
    assert_eq!(game.piece(id("NE7")), None);
    assert_eq!(game.status().acting(), SeatSet::only(Seat(0)), "East serves a protest card, North answers");
    assert_eq!(game.protests.front(), Some(&(Seat(1), Seat(0))));
}

#[test]
fn conscription_brings_a_destroyed_transport_back_to_a_free_square_of_home() {
    let board = Board::get();
    let mut game = empty(2);
    game.lost[0][Kind::Transport as usize] = 1;
    draw(&mut game, Card::Conscription);
    let choices = legal(&game, 0);
    assert!(!choices.is_empty());
    for choice in &choices {
        let Tactics1940Action::Enlist { to } = choice else { panic!("{choice:?}") };
        assert_eq!(board.home_of(board.id(*to).unwrap()), Some(Country::North));
    }
    game.apply(Seat(0), &choices[0]).unwrap();
    assert_eq!(game.lost[0][Kind::Transport as usize], 0);
    assert_eq!(game.pieces_of(Seat(0), Kind::Transport).count(), 1);

    let mut game = empty(2);
    draw(&mut game, Card::Conscription);
    assert_eq!(game.status().acting(), SeatSet::only(Seat(1)), "none destroyed: nothing happens");
}

#[test]
fn diplomatic_incident_serves_a_protest_card_on_a_player_it_may_protest_to() {
    let mut game = empty(3);
    draw(&mut game, Card::DiplomaticIncident);
    assert_eq!(legal(&game, 0), vec![Tactics1940Action::Serve { seat: Seat(1) }], "not on the enemy it is at war with");
    game.apply(Seat(0), &Tactics1940Action::Serve { seat: Seat(1) }).unwrap();
    assert_eq!(game.status().acting(), SeatSet::only(Seat(1)), "East answers North's protest");
    game.apply(Seat(1), &Tactics1940Action::Accept).unwrap();
    assert_eq!((game.cards_left[0], game.accepted[1][0]), (PROTEST_CARDS - 1, 1));
}

#[test]
fn flight_flies_an_airplane_off_its_base_which_only_a_card_can_do() {
    let mut game = empty(2);
    put(&mut game, 0, Kind::Airplane, "N1");
    assert!(targets_from(&game, 0, "N1").is_empty(), "an airplane does not move by itself");
    draw(&mut game, Card::Flight);
    let flight = Tactics1940Action::Place { from: "N1".parse().unwrap(), to: "NW7".parse().unwrap() };
    assert!(legal(&game, 0).contains(&flight));
    assert!(!legal(&game, 0).contains(&Tactics1940Action::Decline), "FLIGHT is carried out");
    game.apply(Seat(0), &flight).unwrap();
    assert_eq!(game.piece(id("NW7")), Some(Piece { owner: Seat(0), kind: Kind::Airplane }));
}

#[test]
fn war_tax_pays_a_coin_to_the_gold_reserve_and_with_none_a_piece_is_given_up() {
    let mut game = empty(2);
    let reserve = game.reserve;
    draw(&mut game, Card::WarTax);
    assert_eq!((game.coins[0], game.reserve), (PURSE - 1, reserve + 1));

    let mut game = empty(2);
    put(&mut game, 0, Kind::Battleship, "NW7");
    game.coins[0] = 0;
    let reserve = game.reserve;
    draw(&mut game, Card::WarTax);
    assert!(legal(&game, 0).iter().all(|a| matches!(a, Tactics1940Action::Sacrifice { .. })), "Rule 17");
    game.apply(Seat(0), &Tactics1940Action::Sacrifice { at: "NW7".parse().unwrap() }).unwrap();
    assert_eq!(game.piece(id("NW7")), None);
    assert_eq!((game.coins[0], game.reserve), (4, reserve - 5 + 1), "its value in change, less the coin owed");
}

#[test]
fn with_the_gold_reserve_empty_the_piece_given_up_settles_the_coin_owed() {
    let mut game = empty(2);
    put(&mut game, 0, Kind::Battleship, "NW7");
    put(&mut game, 0, Kind::Transport, "NW9");
    game.coins[0] = 0;
    game.reserve = 0;
    draw(&mut game, Card::WarTax);
    game.apply(Seat(0), &Tactics1940Action::Sacrifice { at: "NW9".parse().unwrap() }).unwrap();
    assert_eq!(game.piece(id("NW9")), None);
    assert_eq!((game.coins[0], game.reserve), (0, 0), "no change to take, and none to pay with");
    assert!(game.debt.is_none(), "the piece was the forfeit (Rule 17): no second piece is asked");
    assert!(game.piece(id("NW7")).is_some());
}

#[test]
fn mine_destroys_one_of_the_drawers_transports_outside_the_safety_zone() {
    let mut game = empty(2);
    put(&mut game, 0, Kind::Transport, "NW7");
    put(&mut game, 0, Kind::Transport, "Z1");
    draw(&mut game, Card::Mine);
    assert_eq!(legal(&game, 0), vec![strike("NW7")]);
    game.apply(Seat(0), &strike("NW7")).unwrap();
    assert_eq!(game.lost[0][Kind::Transport as usize], 1);
    assert!(game.protests.is_empty(), "no protest: nobody did it");

    let mut game = empty(2);
    let reserve = game.reserve;
    draw(&mut game, Card::Mine);
    assert_eq!((game.coins[0], game.reserve), (PURSE - 1, reserve + 1), "with none, a coin (Rule 16)");
}

#[test]
fn plane_crash_destroys_one_of_the_drawers_airplanes() {
    let mut game = empty(2);
    put(&mut game, 0, Kind::Airplane, "N1");
    draw(&mut game, Card::PlaneCrash);
    assert_eq!(legal(&game, 0), vec![strike("N1")]);
    game.apply(Seat(0), &strike("N1")).unwrap();
    assert_eq!((game.piece(id("N1")), game.lost[0][Kind::Airplane as usize]), (None, 1));
}

#[test]
fn the_deck_reshuffles_when_drawn_out_and_held_submarine_cards_stay_in_their_hands() {
    let mut game = empty(2);
    let sub = Card::Submarine("NW2".parse().unwrap());
    game.pile = vec![sub];
    game.discard = vec![Card::WarTax, Card::Mine];
    draw(&mut game, sub);
    assert_eq!(game.hands[0], vec![sub]);
    assert_eq!(game.pile, vec![Card::WarTax, Card::Mine], "the played cards are the new pile");
    assert!(game.discard.is_empty());
}
