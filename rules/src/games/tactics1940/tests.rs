//! Tactics' rules, each test named after the rulebook passage (or the
//! figure) it checks. Positions are set on the reconstructed board by the
//! squares' names.

use super::war_in_sight::WarInSight;
use super::*;
use crate::conformance::{ConformanceConfig, run};
use crate::referee::{Change, Referee};
use crate::status::DecisionKind;

mod cards;
mod figures;
mod leaving;

/// A match of `seats` in which North (seat 0) moves first.
fn game(seats: u8) -> Tactics1940 {
    game_at(seats)
}

/// The same under rules version `R`.
fn game_at<const R: u32>(seats: u8) -> Tactics1940<R> {
    let mut game = Tactics1940::<R>::new(&Tactics1940Options { seats, ..Default::default() }).unwrap();
    let mut dice = vec![1; usize::from(seats)];
    dice[0] = 6;
    game.play_chance(&Tactics1940Chance::Opening(dice));
    game
}

/// A match of `seats` with a board empty but for two battleships of each
/// player moored on the closed squares of its seaport (North's N11 and
/// N14), out of the cards' reach, so that no side has lost its fleet;
/// North to move.
fn empty(seats: u8) -> Tactics1940 {
    empty_at(seats)
}

/// The same under rules version `R`.
fn empty_at<const R: u32>(seats: u8) -> Tactics1940<R> {
    let mut game = game_at::<R>(seats);
    game.squares.iter_mut().for_each(|s| *s = None);
    let board = Board::get();
    for seat in game.seats() {
        let country = game.country(seat);
        for id in board.seaport(country).filter(|id| !board.open_ports(country).contains(id)) {
            game.squares[usize::from(id)] = Some(Piece { owner: seat, kind: Kind::Battleship });
        }
    }
    game
}

/// Battleships moored in each seaport (see [`empty`]).
const MOORED: usize = 2;

fn id(name: &str) -> CellId {
    Board::get().id(name.parse().unwrap()).unwrap_or_else(|| panic!("no square {name}"))
}

fn put<const R: u32>(game: &mut Tactics1940<R>, seat: u8, kind: Kind, at: &str) {
    game.squares[usize::from(id(at))] = Some(Piece { owner: Seat(seat), kind });
}

fn legal(game: &Tactics1940, seat: u8) -> Vec<Tactics1940Action> {
    let mut out = Vec::new();
    game.legal_actions(Seat(seat), &mut out);
    out
}

fn step(from: &str, to: &str) -> Tactics1940Action {
    Tactics1940Action::Move { from: from.parse().unwrap(), to: to.parse().unwrap() }
}

fn targets_from(game: &Tactics1940, seat: u8, from: &str) -> Vec<String> {
    let mut out: Vec<String> = legal(game, seat)
        .into_iter()
        .filter_map(|a| match a {
            Tactics1940Action::Move { from: f, to } if f == from.parse().unwrap() => Some(to.to_string()),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

#[test]
fn set_up_as_outlined_battleships_in_the_seaport_transports_on_land_airplanes_on_their_bases() {
    let game = game(4);
    let board = Board::get();
    for seat in game.seats() {
        let count = |kind| game.pieces_of(seat, kind).count();
        assert_eq!((count(Kind::Battleship), count(Kind::Transport), count(Kind::Airplane)), (4, 6, 2));
        for at in game.pieces_of(seat, Kind::Battleship) {
            assert!(board.in_seaport(at, game.country(seat)));
        }
    }
    assert_eq!(game.coins, vec![8; 4]);
    assert_eq!(game.reserve, COINS - 32);
    assert_eq!(game.pile.len(), 48);
}

#[test]
fn high_man_moves_first_and_a_tie_for_the_highest_throws_again() {
    let mut game = <Tactics1940>::new(&Tactics1940Options::default()).unwrap();
    game.play_chance(&Tactics1940Chance::Opening(vec![6, 2, 6, 1]));
    assert_eq!(game.status(), Status::Chance, "a tie for the highest throws again");
    game.play_chance(&Tactics1940Chance::Opening(vec![2, 5, 3, 1]));
    assert_eq!(game.status().acting(), SeatSet::only(Seat(1)), "East threw highest");
}

#[test]
fn battleships_move_one_square_in_any_direction_on_water_only() {
    let mut game = empty(2);
    put(&mut game, 0, Kind::Battleship, "NW7");
    assert_eq!(targets_from(&game, 0, "NW7").len(), 8);
    // Next to the home area's closed edge: no way onto land.
    let mut game = empty(2);
    put(&mut game, 0, Kind::Battleship, "NW2");
    assert!(targets_from(&game, 0, "NW2").iter().all(|to| to.starts_with("NW")));
}

#[test]
fn transports_move_straight_forward_backward_or_sideways_but_not_diagonally() {
    let mut game = empty(2);
    put(&mut game, 0, Kind::Transport, "NW7");
    assert_eq!(targets_from(&game, 0, "NW7"), vec!["NW12", "NW2", "NW6", "NW8"]);
}

#[test]
fn a_piece_leaving_the_safety_zone_may_move_to_any_adjacent_square_in_any_direction() {
    let mut game = empty(2);
    put(&mut game, 0, Kind::Transport, "Z1");
    let to = targets_from(&game, 0, "Z1");
    assert!(to.contains(&"NW14".to_string()), "diagonally out of the zone: {to:?}");
    put(&mut game, 0, Kind::Transport, "NW14");
    assert!(!targets_from(&game, 0, "NW14").contains(&"Z1".to_string()), "but not diagonally in");
}

#[test]
fn fig_g_movement_in_or_out_of_a_seaport_goes_through_the_two_open_centre_squares() {
    let board = Board::get();
    let [a, b] = board.open_ports(Country::North);
    let mut game = empty(2);
    // A battleship on an open square leaves to the three sea squares in front.
    game.squares[usize::from(a)] = Some(Piece { owner: Seat(0), kind: Kind::Battleship });
    let out: Vec<String> = targets_from(&game, 0, &board.name(a).to_string());
    let sea: Vec<&String> =
        out.iter().filter(|t| !t.starts_with('N') || t.starts_with("NW") || t.starts_with("NE")).collect();
    assert_eq!(sea.len(), 3, "three sea squares: {out:?}");
    // A closed seaport square has no way to the sea.
    let closed = board.seaport(Country::North).find(|id| *id != a && *id != b).unwrap();
    let mut game = empty(2);
    game.squares[usize::from(closed)] = Some(Piece { owner: Seat(0), kind: Kind::Battleship });
    let out = targets_from(&game, 0, &board.name(closed).to_string());
    assert!(out.iter().all(|t| board.home_of(id(t)) == Some(Country::North)), "only sideways: {out:?}");
}

#[test]
fn a_battleship_jumps_transports_as_in_checkers_and_may_go_on_jumping() {
    let mut game = empty(2);
    put(&mut game, 0, Kind::Battleship, "NW6");
    put(&mut game, 1, Kind::Transport, "NW7");
    put(&mut game, 1, Kind::Transport, "NW9");
    let jumps: Vec<Tactics1940Action> =
        legal(&game, 0).into_iter().filter(|a| matches!(a, Tactics1940Action::Jump { .. })).collect();
    let paths: Vec<String> = jumps.iter().map(|a| game.action_text(Seat(0), a)).collect();
    assert!(paths.contains(&"N: BS NW6xNW8".to_string()), "{paths:?}");
    assert!(paths.contains(&"N: BS NW6xNW8xNE19".to_string()), "on across the ocean divider: {paths:?}");
    let two = jumps.iter().find(|a| game.action_text(Seat(0), a).matches('x').count() == 2).unwrap().clone();
    game.apply(Seat(0), &two).unwrap();
    assert!(game.pieces_of(Seat(1), Kind::Transport).next().is_none(), "both transports destroyed");
    assert_eq!(game.lost[1][Kind::Transport as usize], 2, "to the Supply Base");
}

#[test]
fn no_battleship_jumps_another_nor_a_player_his_own_transports() {
    let mut game = empty(2);
    put(&mut game, 0, Kind::Battleship, "NW6");
    put(&mut game, 1, Kind::Battleship, "NW7");
    put(&mut game, 0, Kind::Transport, "NW11");
    assert!(!legal(&game, 0).iter().any(|a| matches!(a, Tactics1940Action::Jump { .. })));
}

#[test]
fn no_jump_is_permitted_into_or_out_of_the_safety_zone() {
    let mut game = empty(2);
    put(&mut game, 0, Kind::Battleship, "NW11");
    put(&mut game, 1, Kind::Transport, "NW12");
    // Over NW17 diagonally would land in the safety zone.
    put(&mut game, 1, Kind::Transport, "NW17");
    let jumps: Vec<String> = legal(&game, 0)
        .iter()
        .filter(|a| matches!(a, Tactics1940Action::Jump { .. }))
        .map(|a| game.action_text(Seat(0), a))
        .collect();
    assert!(jumps.iter().all(|j| !j.contains('Z')), "{jumps:?}");
}

#[test]
fn fig_f_the_player_whose_move_it_is_has_the_advantage() {
    // North's battleship moves between two of South's and completes a
    // trap: South's battleship C is sunk, so North's is not.
    let mut game = empty(2);
    put(&mut game, 0, Kind::Battleship, "NW6"); // A (North) on the left
    put(&mut game, 1, Kind::Battleship, "NW7"); // C, South's
    put(&mut game, 0, Kind::Battleship, "NW3"); // E, about to move to NW8
    put(&mut game, 1, Kind::Battleship, "NW9"); // South's, beyond
    game.apply(Seat(0), &step("NW3", "NW8")).unwrap();
    assert_eq!(game.piece(id("NW7")), None, "C is sunk between A and E");
    assert!(game.piece(id("NW8")).is_some(), "E survives between C's square and NW9");
}

#[test]
fn neutral_battleships_cannot_trap() {
    let mut game = empty(3);
    put(&mut game, 1, Kind::Battleship, "NW6");
    put(&mut game, 0, Kind::Battleship, "NW7");
    put(&mut game, 1, Kind::Battleship, "NW3");
    game.to_move = Seat(1);
    game.apply(Seat(1), &step("NW3", "NW8")).unwrap();
    assert!(game.piece(id("NW7")).is_some());
}

#[test]
fn the_moment_a_piece_enters_a_submarine_square_every_other_player_is_asked() {
    let mut game = empty(4);
    put(&mut game, 0, Kind::Battleship, "NW3");
    game.hands[2].push(Card::Submarine("NW2".parse().unwrap()));
    game.apply(Seat(0), &step("NW3", "NW2")).unwrap();
    let Status::Acting(decision) = game.status() else { panic!("a window") };
    assert_eq!(decision.seats, SeatSet::all(4).without(Seat(0)), "everyone else is asked, holder or not");
    assert_eq!(legal(&game, 1), vec![Tactics1940Action::Pass]);
    assert_eq!(legal(&game, 2), vec![Tactics1940Action::Pass, Tactics1940Action::Torpedo]);
    game.apply(Seat(2), &Tactics1940Action::Torpedo).unwrap();
    assert_eq!(game.piece(id("NW2")), None, "sunk");
    assert!(game.discard.contains(&Card::Submarine("NW2".parse().unwrap())), "the card is discarded, seen by all");
    assert_eq!(game.status(), Status::Chance, "North's turn goes on to its card");
}

#[test]
fn nobody_can_pass_early_so_every_window_lasts_its_whole_length_whoever_holds_the_card() {
    // Random play through a referee, as the server plays: at every window,
    // no seat may pass before the deadline, holder of the card or not; the
    // holder may torpedo; at the deadline everyone left passes at once.
    let options = Tactics1940Options::default();
    let mut referee = Referee::<Tactics1940>::new(&options, Seed::from_u64(3)).unwrap();
    let mut choices = SeedStream::new(Seed::from_u64(4));
    referee.settle();
    let (mut windows, mut held) = (0, 0);
    for _ in 0..20_000 {
        let Status::Acting(decision) = referee.state().status() else { break };
        if matches!(decision.kind, DecisionKind::Window { .. }) {
            windows += 1;
            assert!(decision.is_whole(), "a whole window");
            assert_eq!(decision.seats.len(), 3, "every other player is asked");
            let card = Card::Submarine(referee.state().window_square().unwrap());
            for seat in decision.seats.iter() {
                assert_eq!(referee.state().default_action(seat), Some(Tactics1940Action::Pass));
                let early = referee.clone().act(seat, &Tactics1940Action::Pass);
                assert_eq!(early.unwrap_err(), RulesError::AnswerAtDeadline);
                let may_strike = legal(referee.state(), seat.0).contains(&Tactics1940Action::Torpedo);
                assert_eq!(may_strike, referee.state().hands[seat.index()].contains(&card) && may_strike);
                if may_strike {
                    held += 1;
                    assert!(referee.clone().act(seat, &Tactics1940Action::Torpedo).is_ok(), "the holder strikes");
                }
            }
            let entries = referee.expire_window();
            let passes = entries.iter().filter(|e| matches!(&e.change, Change::Act { by_default: true, .. })).count();
            assert_eq!(passes, 3, "everyone passes at the deadline");
            continue;
        }
        let seat = decision.seats.first().unwrap();
        let actions = legal(referee.state(), seat.0);
        let action = actions[choices.below(actions.len() as u32) as usize].clone();
        referee.act(seat, &action).unwrap();
        if held > 0 && windows > held {
            break;
        }
    }
    assert!(held > 0 && windows > held, "{windows} windows, {held} with the card held");
}

#[test]
fn fig_d_a_submarine_always_has_precedence_over_a_trap() {
    // D moves onto the submarine square NW9, where it would trap B on NW8.
    let mut game = empty(2);
    put(&mut game, 0, Kind::Battleship, "NW7");
    put(&mut game, 1, Kind::Battleship, "NW8");
    put(&mut game, 0, Kind::Battleship, "NW4");
    game.hands[1].push(Card::Submarine("NW9".parse().unwrap()));
    game.apply(Seat(0), &step("NW4", "NW9")).unwrap();
    game.apply(Seat(1), &Tactics1940Action::Torpedo).unwrap();
    assert_eq!(game.piece(id("NW9")), None, "D is sunk first");
    assert!(game.piece(id("NW8")).is_some(), "so B is not trapped");
}

#[test]
fn a_neutral_supply_ship_entering_another_port_trades_a_coin_each_and_goes_home() {
    let board = Board::get();
    let mut game = empty(3);
    let [port, _] = board.open_ports(Country::North);
    let front = board.step(port, board.seaward(Country::North));
    game.squares[usize::from(front)] = Some(Piece { owner: Seat(1), kind: Kind::Transport });
    game.to_move = Seat(1);
    let reserve = game.reserve;
    let action = Tactics1940Action::Move { from: board.name(front), to: board.name(port) };
    game.apply(Seat(1), &action).unwrap();
    assert_eq!((game.coins[0], game.coins[1], game.reserve), (9, 9, reserve - 2));
    let home = legal(&game, 1);
    assert!(home.iter().all(|a| matches!(a, Tactics1940Action::Home { .. })) && !home.is_empty());
    game.apply(Seat(1), &home[0]).unwrap();
    assert_eq!(game.piece(port), None);
}

#[test]
fn a_supply_ship_moving_within_a_port_it_is_already_in_does_not_trade_again() {
    // A ship that traded stays in the port when its own home area is full;
    // moving on within the port is no entering (Rule 14).
    let board = Board::get();
    let [port, other] = board.open_ports(Country::North);
    let moves = |game: &Tactics1940| {
        let mut out = Vec::new();
        game.moves_from(Seat(1), port, &mut out);
        out
    };
    let mut game = empty(3);
    game.squares[usize::from(port)] = Some(Piece { owner: Seat(1), kind: Kind::Transport });
    game.to_move = Seat(1);
    let within = Tactics1940Action::Move { from: board.name(port), to: board.name(other) };
    assert!(moves(&game).contains(&within), "{:?}", moves(&game));
    let (coins, reserve) = (game.coins.clone(), game.reserve);
    game.apply(Seat(1), &within).unwrap();
    assert_eq!((game.coins.clone(), game.reserve), (coins, reserve), "no trade");
}

#[test]
fn aggression_against_a_neutral_is_followed_by_a_protest_card_and_the_third_accepted_is_war() {
    let mut game = empty(3);
    for _ in 0..3 {
        game.aggressed(Seat(0), Seat(1));
        game.proceed();
        assert_eq!(game.status().acting(), SeatSet::only(Seat(0)), "North answers East's protest");
        game.apply(Seat(0), &Tactics1940Action::Accept).unwrap();
    }
    assert_eq!(game.side(Seat(1)), Some(Country::South), "East is at war with North, allied with South");
    assert!(game.allies(Seat(1), Seat(2)));
}

/// Under rules version `R`: West has accepted two of East's protest cards,
/// and East's third waits before North's; West accepts East's, East chooses
/// South, so West joins North. The protests left.
fn protests_left_when_neutrals_go_to_war<const R: u32>() -> Vec<(Seat, Seat)> {
    let mut game = empty_at::<R>(4);
    game.accepted[3][1] = 2;
    game.protests = [(Seat(0), Seat(3))].into();
    assert!(game.accept(Seat(1), Seat(3)), "two neutrals: the injured East chooses");
    game.join(Seat(1), Seat(3), Country::South);
    assert!(game.allies(Seat(0), Seat(3)));
    game.protests.into()
}

#[test]
fn a_protest_between_players_who_became_allies_lapses() {
    assert_eq!(protests_left_when_neutrals_go_to_war::<2>(), vec![], "North and West are allies now");
    assert_eq!(protests_left_when_neutrals_go_to_war::<1>(), vec![(Seat(0), Seat(3))], "version 1 kept it");
}

#[test]
fn a_protest_may_be_refused_by_paying_one_coin_to_the_protesting_player() {
    let mut game = empty(3);
    game.aggressed(Seat(1), Seat(0));
    game.apply(Seat(1), &Tactics1940Action::Refuse).unwrap();
    assert_eq!((game.coins[0], game.coins[1]), (9, 7));
    assert_eq!(game.accepted[1][0], 0);
}

#[test]
fn the_simplest_blockade_occupies_the_two_open_seaport_squares_when_no_defender_is_near() {
    let board = Board::get();
    let mut game = empty(2);
    put(&mut game, 1, Kind::Transport, "SE5");
    for port in board.open_ports(Country::North) {
        game.squares[usize::from(port)] = Some(Piece { owner: Seat(1), kind: Kind::Transport });
    }
    assert!(game.blockaded(Seat(0)));
    let front = board.fronts(Country::North)[0];
    game.squares[usize::from(front)] = Some(Piece { owner: Seat(0), kind: Kind::Transport });
    assert!(!game.blockaded(Seat(0)), "a defender in front can still move");
}

#[test]
fn the_bots_see_a_blockade_coming_as_enemy_ships_near_the_seaport() {
    let board = Board::get();
    // Two South battleships at home, then in front of North's open ports.
    let with_south_ships_at = |squares: [CellId; 2]| {
        let mut game = empty(2);
        for id in squares {
            game.squares[usize::from(id)] = Some(Piece { owner: Seat(1), kind: Kind::Battleship });
        }
        game
    };
    let south_mouth = board.mouth(Country::South);
    let away = with_south_ships_at([south_mouth[0], south_mouth[1]]);
    let near = with_south_ships_at(board.fronts(Country::North));
    assert!(away.threat(Seat(0)) < 0.05, "far off: {}", away.threat(Seat(0)));
    assert!(near.threat(Seat(0)) > 0.5, "at the seaport, against its two moored guards: {}", near.threat(Seat(0)));
    assert!(near.threat(Seat(1)) < 0.05, "South is not threatened: {}", near.threat(Seat(1)));
    let (before, after) = (away.standing(), near.standing());
    let odds = |r: &[f64]| r[1] / r[0];
    assert!(
        odds(&after) > 10.0 * odds(&before),
        "the same pieces stand far better at the enemy's seaport: {before:?} {after:?}"
    );
    assert!((after[0] + after[1] - 1.0).abs() < 1e-9, "{after:?}");
}

#[test]
fn the_bots_playouts_lean_towards_a_blockade_under_version_2_only() {
    let board = Board::get();
    // North's battleship out at sea, far from South's seaport, and its two
    // moored at home: North to move.
    let mut v2 = empty(2);
    let mut v1 = empty_at::<1>(2);
    let out_at_sea = board.mouth(Country::North)[0];
    v2.squares[usize::from(out_at_sea)] = Some(Piece { owner: Seat(0), kind: Kind::Battleship });
    v1.squares[usize::from(out_at_sea)] = Some(Piece { owner: Seat(0), kind: Kind::Battleship });
    let nearer = |action: &Tactics1940Action| match action {
        Tactics1940Action::Move { from, to } => {
            let steps = |cell| board.closing(Country::South, board.id(cell).unwrap());
            steps(*to) < steps(*from)
        }
        _ => false,
    };
    let (mut leaned, mut uniform) = (0, 0);
    for seed in 0..400 {
        let stream = || SeedStream::new(Seed::from_u64(seed));
        let action = v2.playout_action(Seat(0), &mut stream(), &mut Vec::new());
        assert!(legal(&v2, 0).contains(&action), "{action:?}");
        leaned += usize::from(nearer(&action));
        uniform += usize::from(nearer(&v2.random_action(Seat(0), &mut stream(), &mut Vec::new())));
        assert_eq!(
            v1.playout_action(Seat(0), &mut stream(), &mut Vec::new()),
            v1.random_action(Seat(0), &mut stream(), &mut Vec::new()),
            "under version 1, where one ship at the mouth blockades, playouts stay uniform"
        );
    }
    // Three draws in four lean, so they should turn about three quarters of
    // the moves random play leaves no nearer into nearer ones: ask for a
    // third of that.
    assert!(leaned >= uniform + (400 - uniform) / 4, "moves nearer: {leaned} leaned, {uniform} at random");
}

/// A match of `seats` seats in which `owner`, a neutral, has two
/// battleships in front of North's open ports, and `offender` has accepted
/// `cards` of its protest cards.
fn before_north(seats: u8, owner: Seat, (offender, cards): (Seat, u8)) -> Tactics1940 {
    let mut game = empty(seats);
    for id in Board::get().fronts(Country::North) {
        game.squares[usize::from(id)] = Some(Piece { owner, kind: Kind::Battleship });
    }
    game.accepted[offender.index()][owner.index()] = cards;
    game
}

#[test]
fn the_bots_see_a_war_coming_as_protests_accepted_between_a_belligerent_and_a_neutral() {
    // Three seats: East, the neutral, has two battleships in front of
    // North's open ports, no threat while East is not North's enemy.
    let (calm, tense) = (before_north(3, Seat(1), (Seat(0), 0)), before_north(3, Seat(1), (Seat(0), 2)));
    assert!(calm.wars_in_sight().is_empty());
    let war = WarInSight { injured: Seat(1), offender: Seat(0), chance: 2.0 / 3.0 };
    assert_eq!(tense.wars_in_sight(), vec![war], "North has accepted two of East's three");
    let at_war = tense.with_sides(&[(Seat(1), Country::South)]);
    assert_eq!(tense.expected_at_war(war), at_war.expected(), "East would join South");
    let (before, after) = (calm.standing(), tense.standing());
    assert!(after[0] < before[0] - 0.05, "North stands worse with the war in sight: {before:?} {after:?}");
    assert!(after[2] > before[2], "South, East's ally to be, stands better: {before:?} {after:?}");
    assert!((after.iter().sum::<f64>() - 1.5).abs() < 1e-9, "each pair shares one: {after:?}");
}

#[test]
fn the_bots_see_a_war_coming_between_two_neutrals_and_the_side_the_injured_would_choose() {
    // Four seats: West, a neutral, has two battleships in front of North's
    // open ports, and East, the other neutral, has accepted two of West's
    // cards. At war West would choose South's side, where those battleships
    // threaten North's blockade, and East would join North.
    let (calm, tense) = (before_north(4, Seat(3), (Seat(1), 0)), before_north(4, Seat(3), (Seat(1), 2)));
    assert!(calm.wars_in_sight().is_empty());
    let war = WarInSight { injured: Seat(3), offender: Seat(1), chance: 2.0 / 3.0 };
    assert_eq!(tense.wars_in_sight(), vec![war], "East has accepted two of West's three");
    let joined = |side: Country| tense.with_sides(&[(Seat(3), side), (Seat(1), side.opposite())]).expected();
    let (south, north) = (joined(Country::South), joined(Country::North));
    assert!(south[3] > north[3], "West stands better on South's side: {south:?} {north:?}");
    assert_eq!(tense.expected_at_war(war), south, "West would choose South's side");
    let (before, after) = (calm.standing(), tense.standing());
    assert!(after[0] < before[0], "North stands worse with the war in sight: {before:?} {after:?}");
    assert!(after[3] > before[3], "West stands better: {before:?} {after:?}");
}

#[test]
fn the_bots_judge_allies_against_each_other_as_the_outcome_places_them() {
    // Three seats, East (the neutral) at war on North's side, with more
    // coins than North: the outcome would place East ahead of its ally.
    let mut game = empty(3);
    game.sides[1] = game.side(Seat(0));
    game.coins[1] += 10;
    assert!(game.allies(Seat(0), Seat(1)));
    let standing = game.standing();
    // Judged by sides, the two would stand alike.
    assert!(standing[1] > standing[0] + 0.1, "the richer ally stands better: {standing:?}");
    assert!((standing.iter().sum::<f64>() - 1.5).abs() < 1e-9, "each pair shares one: {standing:?}");
}

#[test]
fn a_seaport_its_owner_can_still_leave_is_not_blockaded() {
    let game = game(2);
    assert!(!game.blockaded(Seat(0)) && !game.blockaded(Seat(1)));
}

#[test]
fn the_loser_loses_pieces_outside_its_home_area_and_those_in_another_home_count_triple() {
    let board = Board::get();
    let mut game = empty(2);
    let north_home = board
        .home(Country::North)
        .find(|id| board.transport_may_stand(*id) && !board.in_seaport(*id, Country::North))
        .unwrap();
    let south_home = board
        .home(Country::South)
        .find(|id| board.transport_may_stand(*id) && !board.in_seaport(*id, Country::South))
        .unwrap();
    game.squares[usize::from(north_home)] = Some(Piece { owner: Seat(1), kind: Kind::Transport });
    game.squares[usize::from(south_home)] = Some(Piece { owner: Seat(0), kind: Kind::Transport });
    put(&mut game, 1, Kind::Battleship, "NW7");
    let reserve = game.reserve as i32;
    let scores = game.scores(Some(Seat(1)));
    let moored = 5 * MOORED as i32;
    assert_eq!(
        scores[0],
        8 + reserve + 2 + 3 + moored,
        "coins, the jackpot, its own transport in South's home double, South's in its own triple"
    );
    assert_eq!(scores[1], 8 + moored, "South keeps its coins and what is in its home area");
}

#[test]
fn random_matches_of_two_three_and_four_pass_the_conformance_suite() {
    for seats in 2..=4 {
        let options = Tactics1940Options { seats, ..Default::default() };
        let config = ConformanceConfig { playouts: 6, deep: 2, max_actions: 600, seed: u64::from(seats) };
        if let Err(e) = run::<Tactics1940>(&options, config) {
            panic!("{seats} seats: {e}");
        }
    }
}

#[test]
fn the_four_boxes_beside_the_board_count_what_they_hold() {
    use crate::layout::gallery::oceans::Corner;
    let mut game = game(2);
    let layout = game.layout();
    for corner in Corner::ALL {
        assert_eq!(layout.cells[usize::from(corner.cell())].label, corner.label());
    }
    game.destroy(id("N12"), None);
    let view = game.view(Viewer::Spectator);
    let count = |c: Corner| view.attributes.iter().find(|a| a.cell == c.cell()).and_then(|a| a.value);
    assert_eq!(count(Corner::Locker), Some(1), "the battleship sunk");
    assert_eq!(count(Corner::Supply), Some(0));
    assert_eq!(count(Corner::Reserve), Some((COINS - 2 * PURSE) as i32));
    assert_eq!(count(Corner::Deck), Some(48));
}
