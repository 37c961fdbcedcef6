//! Rules tests, named after the rulebook passages they check
//! (rulebooks/tactical-hex.txt) and the rulings of docs/rules/hextri.md.

use super::*;
use crate::Game;

fn game(seats: u8) -> HexTri {
    HexTri::new(&HexTriOptions { seats, ..HexTriOptions::default() }).unwrap()
}

fn id(g: &HexTri, name: &str) -> CellId {
    g.board().id(name.parse().unwrap()).unwrap()
}

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

/// A game in round 3 with every Main Figure placed by hand and no other
/// figure on the board: `mains` names each seat's field.
fn placed(seats: u8, mains: &[&str]) -> HexTri {
    let mut g = game(seats);
    for (seat, name) in mains.iter().enumerate() {
        let c = id(&g, name);
        g.troops[usize::from(c)][seat].main = true;
    }
    g.round = 3;
    g.mover = Seat(0);
    g
}

fn put(g: &mut HexTri, name: &str, seat: usize, figures: u8) {
    let c = id(g, name);
    g.troops[usize::from(c)][seat].fresh += figures;
    g.reserve[seat] -= figures;
}

fn legal(g: &HexTri, seat: Seat) -> Vec<HexTriAction> {
    let mut out = Vec::new();
    g.legal_actions(seat, &mut out);
    out
}

fn moves(g: &HexTri, seat: Seat) -> Vec<Move> {
    legal(g, seat)
        .into_iter()
        .filter_map(|a| match a {
            HexTriAction::Move(m) => Some(m),
            _ => None,
        })
        .collect()
}

/// Production, the battles and the next round's start, as the step that
/// ends a round makes them.
fn end_round(g: &mut HexTri) {
    g.produce();
    g.battle();
    if g.outcome.is_none() {
        g.new_round();
    }
}

fn play(g: &mut HexTri, seat: Seat, text: &str) {
    let text = format!("{}: {text}", NAMES[seat.index()]);
    let action = g.parse_action(seat, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    g.apply(seat, &action).unwrap();
}

#[test]
fn all_players_place_their_main_figure_to_a_field_on_the_edge_of_the_board() {
    let g = game(2);
    let actions = legal(&g, Seat(0));
    assert_eq!(actions.len(), 18, "one entry per edge road, and no 'done': {actions:?}");
    assert!(actions.iter().all(|a| matches!(a, HexTriAction::Move(Move { main: true, from: None, pay: None, .. }))));
    assert!(legal(&g, Seat(1)).is_empty(), "players take single steps in turn");
}

#[test]
fn players_begin_the_first_step_alternating_in_each_round() {
    let mut g = game(3);
    let entries: Vec<CellId> =
        (g.board().hexes..g.board().cells).filter(|c| g.board().entry[*c]).map(|c| c as CellId).collect();
    for seat in 0..3 {
        assert_eq!(g.mover, Seat(seat));
        let to = g.cell_name(entries[usize::from(seat) * 6]);
        play(&mut g, Seat(seat), &format!("M in-{to}"));
    }
    // Nobody has a point: only the Main Figures' free moves remain, so the
    // first step of round 2 is Blue's.
    assert_eq!(g.round, 2);
    assert_eq!(g.mover, Seat(1));
}

#[test]
fn the_main_figure_is_allowed_an_extra_free_movement_per_round() {
    let mut g = placed(2, &["t1", "t54"]);
    let h = g.board().around[usize::from(id(&g, "t1"))][0];
    let county = g.cell_name(h);
    play(&mut g, Seat(0), &format!("M t1-{county}"));
    assert_eq!(g.main_moves[0], 1);
    // At Red's next step, its second move of the round costs a point; there is none.
    g.mover = Seat(0);
    assert!(moves(&g, Seat(0)).iter().all(|m| !m.main), "no point, no second move");
    g.points[usize::from(h)] = 1;
    let second = moves(&g, Seat(0));
    assert!(second.iter().any(|m| m.main && m.pay == Some(cell(&county))), "{second:?}");
}

#[test]
fn the_point_is_paid_before_the_move_so_a_last_figure_may_pay_from_the_hex_it_leaves() {
    let mut g = placed(2, &["h1", "t54"]);
    g.points[0] = 1;
    g.main_moves[0] = 1;
    let paid: Vec<Move> = moves(&g, Seat(0)).into_iter().filter(|m| m.main).collect();
    assert!(!paid.is_empty() && paid.iter().all(|m| m.pay == Some(cell("h1"))), "{paid:?}");
    let m = paid[0];
    g.apply(Seat(0), &HexTriAction::Move(m)).unwrap();
    assert_eq!(g.points[0], 0);
}

#[test]
fn points_on_hex_fields_occupied_by_more_than_one_player_are_not_used() {
    let mut g = placed(2, &["h1", "h1"]);
    put(&mut g, "h1", 0, 1);
    g.points[0] = 5;
    g.main_moves = [1, 1, 0, 0, 0, 0];
    assert!(moves(&g, Seat(0)).is_empty(), "the only county with points is contested");
}

#[test]
fn leaving_a_contested_hex_is_allowed_only_if_a_figure_of_the_mover_stays() {
    let mut g = placed(2, &["h1", "h1"]);
    let alone = moves(&g, Seat(0));
    assert!(alone.is_empty(), "the Main Figure alone may not leave the contested county: {alone:?}");
    put(&mut g, "h1", 0, 1);
    let with_one = moves(&g, Seat(0));
    assert!(with_one.iter().any(|m| m.main && m.from == Some(cell("h1"))), "{with_one:?}");
}

#[test]
fn stepping_through_a_hex_uses_an_other_point_from_it_or_the_figure_must_stay() {
    let mut g = placed(2, &["t54", "t53"]);
    let t = id(&g, "t1");
    let h = g.board().around[usize::from(t)][0];
    g.troops[usize::from(t)][0].fresh = 1;
    g.reserve[0] -= 1;
    // Red pays from a county of its own elsewhere.
    let payer = (0..g.board().hexes as CellId)
        .find(|c| *c != h && g.board().around[usize::from(*c)].iter().all(|r| *r != t))
        .unwrap();
    g.troops[usize::from(payer)][0].fresh = 1;
    g.reserve[0] -= 1;
    g.points[usize::from(payer)] = 1;
    let through = |g: &HexTri| {
        moves(g, Seat(0)).into_iter().filter(|m| m.from == Some(g.board().name(t)) && m.via.is_some()).count()
    };
    assert_eq!(through(&g), 0, "no point on the county: the figure stays there");
    g.points[usize::from(h)] = 1;
    assert_eq!(through(&g), 6, "on to any of the county's roads, the one it came from included");
    let m = moves(&g, Seat(0))
        .into_iter()
        .find(|m| m.from == Some(g.board().name(t)) && m.via.is_some() && m.to != g.board().name(t))
        .unwrap();
    g.apply(Seat(0), &HexTriAction::Move(m)).unwrap();
    assert_eq!((g.points[usize::from(h)], g.points[usize::from(payer)]), (0, 0), "one point from each");
}

#[test]
fn only_one_figure_is_allowed_to_stand_on_a_triangle_field() {
    let mut g = placed(2, &["h1", "t1"]);
    g.main_moves[0] = 0;
    let roads = &g.board().around[0];
    let taken = g.troops.iter().position(|t| t[1].main).unwrap() as CellId;
    assert!(!roads.contains(&taken) || moves(&g, Seat(0)).iter().all(|m| m.to != g.board().name(taken)));
    g.troops[usize::from(roads[0])][1].fresh = 1;
    assert!(moves(&g, Seat(0)).iter().all(|m| m.to != g.board().name(roads[0])));
}

#[test]
fn inner_hex_fields_produce_their_number_but_not_more_than_the_figures_on_them() {
    let mut g = placed(2, &["h1", "h2"]);
    put(&mut g, "h1", 0, 4);
    g.produce();
    assert_eq!(g.points[0], 3, "the centre produces 3 with 5 figures");
    assert_eq!(g.points[1], 1, "a ring-1 county with one figure produces 1");
    g.produce();
    assert_eq!(g.points[0], 6, "any number of points may lie on a county");
    let outer = (0..g.board().hexes).find(|h| g.board().production[*h] == 1).unwrap();
    g.troops[outer][0].fresh = 3;
    g.produce();
    assert_eq!(g.points[outer], 1, "an outer county produces 1");
}

#[test]
fn fields_occupied_by_more_than_one_player_and_unclear_fields_do_not_produce() {
    let mut g = placed(2, &["h1", "h1"]);
    g.produce();
    assert_eq!(g.points[0], 0);
    g.battle();
    assert!(g.unclear[0], "1 against 1 is a draw: the county is unclear");
    g.troops[0][1] = Troop::default();
    g.produce();
    assert_eq!(g.points[0], 0, "an unclear county produces nothing in the next round, whoever holds it");
    g.produce();
    assert_eq!(g.points[0], 1, "only in the next round");
}

#[test]
fn one_figure_of_every_player_is_removed_until_one_player_remains_or_the_numbers_are_equal() {
    // 4 against 2: Red keeps 2.
    let mut g = placed(2, &["h1", "h1"]);
    put(&mut g, "h1", 0, 3);
    put(&mut g, "h1", 1, 1);
    let mut captures = Vec::new();
    g.fight(0, &mut captures);
    assert!(captures.iter().any(|c| c.seat == Seat(1)), "Blue's Main Figure falls last, and falls");
    assert_eq!(g.troops[0][0].count(), 2);
    assert!(g.troops[0][0].main, "Red's Main Figure is the last of Red's to fall");
    assert_eq!(g.fallen[0], 2);
    // 2, 2 and 1: one each goes, then 1 and 1 are equal: unclear.
    let mut g = placed(3, &["t1", "t2", "t3"]);
    put(&mut g, "h2", 0, 2);
    put(&mut g, "h2", 1, 2);
    put(&mut g, "h2", 2, 1);
    g.fight(1, &mut Vec::new());
    assert_eq!([g.troops[1][0].count(), g.troops[1][1].count(), g.troops[1][2].count()], [1, 1, 0]);
    assert!(g.unclear[1]);
}

#[test]
fn figures_whose_surrounding_fields_are_all_occupied_by_enemy_figures_are_removed() {
    let mut g = placed(2, &["h2", "h3"]);
    let h1 = usize::from(id(&g, "h1"));
    g.troops[h1][0].fresh = 2;
    g.reserve[0] -= 2;
    let roads = g.board().around[h1].clone();
    for road in &roads {
        g.troops[usize::from(*road)][1].fresh = 1;
    }
    g.reserve[1] = 0;
    g.battle();
    assert_eq!(g.troops[h1][0].count(), 0, "the centre's six roads are Blue's");
    assert_eq!(g.fallen[0], 2);
    assert!(g.out.is_empty());
}

#[test]
fn if_a_main_figure_is_removed_all_of_that_players_figures_are_removed_and_the_last_main_figure_wins() {
    let mut g = placed(3, &["h1", "h1", "h5"]);
    put(&mut g, "h1", 0, 1);
    put(&mut g, "h5", 2, 1);
    put(&mut g, "h7", 1, 3);
    g.battle();
    assert!(g.out.contains(Seat(1)), "Blue's Main Figure fell on h1");
    assert!(g.troops.iter().all(|t| t[1].count() == 0), "and every Blue figure left the game");
    assert!(g.outcome.is_none(), "Red and Green play on");
    g.check_end();
    assert!(g.outcome.is_none());
    g.remove_seats(SeatSet::only(Seat(2)));
    g.check_end();
    let outcome = g.outcome.clone().unwrap();
    assert_eq!(outcome.places, vec![1, 3, 2], "Red first, then Green, who went out last, then Blue");
}

#[test]
fn figures_taken_out_cannot_move_back_to_the_board_during_the_next_round() {
    let mut g = placed(2, &["h1", "h2"]);
    g.reserve[0] = 0;
    g.fallen[0] = 2;
    g.points[0] = 5;
    end_round(&mut g);
    assert_eq!((g.reserve[0], g.resting[0]), (0, 2), "resting in the next round");
    end_round(&mut g);
    assert_eq!((g.reserve[0], g.resting[0]), (2, 0), "back the round after");
}

#[test]
fn a_player_may_make_all_his_allowed_movements_in_one_step() {
    let mut g = placed(2, &["h1", "h2"]);
    put(&mut g, "h1", 0, 2);
    g.points[0] = 5;
    play(&mut g, Seat(0), "all");
    let before = g.turns;
    let first = moves(&g, Seat(0)).into_iter().find(|m| !m.main).unwrap();
    g.apply(Seat(0), &HexTriAction::Move(first)).unwrap();
    assert_eq!(g.mover, Seat(0), "Red goes on moving");
    assert_eq!(g.turns, before, "one step");
    play(&mut g, Seat(0), "done");
    assert_eq!(g.mover, Seat(1));
    assert!(g.done.contains(Seat(0)));
}

fn with_options(mut g: HexTri, sabotage: bool, fanatic: bool) -> HexTri {
    g.options.sabotage = sabotage;
    g.options.fanatic = fanatic;
    g
}

#[test]
fn fanatic_both_figures_are_removed_and_count_as_killed_in_the_battle_phase() {
    let mut g = with_options(placed(2, &["h2", "h3"]), false, true);
    put(&mut g, "h1", 0, 1);
    g.points[0] = 1;
    let road = g.board().around[0][0];
    g.troops[usize::from(road)][1].fresh = 1;
    g.reserve[1] -= 1;
    let attack = moves(&g, Seat(0)).into_iter().find(|m| m.attack && !m.main).expect("an attack from h1");
    assert_eq!(attack.to, g.board().name(road));
    g.apply(Seat(0), &HexTriAction::Move(attack)).unwrap();
    assert_eq!(g.troops[usize::from(road)][1].count(), 0);
    assert_eq!(g.troops[0][0].count(), 0, "the attacker fell too");
    assert_eq!((g.fallen[0], g.fallen[1]), (1, 1), "both wait out the next round");
    let mut plain = with_options(placed(2, &["h2", "h3"]), false, false);
    put(&mut plain, "h1", 0, 1);
    plain.points[0] = 1;
    plain.troops[usize::from(road)][1].fresh = 1;
    assert!(moves(&plain, Seat(0)).iter().all(|m| !m.attack), "only with the option");
}

#[test]
fn fanatic_the_main_figure_cannot_be_attacked_on_triangle_fields_but_it_can_attack() {
    let mut g = with_options(placed(2, &["h1", "h3"]), false, true);
    let road = g.board().around[0][0];
    let blue_main = g.main_at(Seat(1)).unwrap();
    g.troops[usize::from(blue_main)][1].main = false;
    g.troops[usize::from(road)][1].main = true;
    put(&mut g, "h1", 0, 1);
    g.points[0] = 1;
    assert!(moves(&g, Seat(0)).iter().all(|m| !m.attack), "a Main Figure on a road is safe");
    g.troops[usize::from(road)][1].main = false;
    g.troops[usize::from(road)][1].fresh = 1;
    let attack = moves(&g, Seat(0)).into_iter().find(|m| m.attack && m.main).expect("the Main Figure attacks");
    g.apply(Seat(0), &HexTriAction::Move(attack)).unwrap();
    assert!(g.troops[usize::from(road)][0].main, "it knocks the figure out and stays on the road");
    assert_eq!(g.troops[usize::from(road)][1].count(), 0);
    assert_eq!(g.main_moves[0], 2, "and cannot move more in that round");
}

/// Whether, under rules version `R`, Blue's Main Figure on a road beside
/// Blue's frozen county h2 (5 points on it) may step on through it.
fn steps_through_a_frozen_county<const R: u32>() -> bool {
    let mut g = HexTri::<R>::new(&HexTriOptions { seats: 2, sabotage: true, ..HexTriOptions::default() }).unwrap();
    let [h1, h2] = ["h1", "h2"].map(|name| g.board().id(cell(name)).unwrap());
    let road = g.board().around[usize::from(h2)][0];
    g.troops[usize::from(h1)][0].main = true;
    g.troops[usize::from(road)][1].main = true;
    g.troops[usize::from(h2)][1].fresh = 1;
    g.reserve[1] -= 1;
    (g.round, g.mover) = (3, Seat(1));
    g.points[usize::from(h2)] = 5;
    g.frozen[usize::from(h2)] = true;
    let mut out = Vec::new();
    g.legal_actions(Seat(1), &mut out);
    assert!(
        out.contains(&HexTriAction::Move(Move {
            main: true,
            from: Some(g.board().name(road)),
            via: None,
            to: cell("h2"),
            attack: false,
            pay: None
        })),
        "the Main Figure may still arrive: {out:?}"
    );
    out.iter().any(|a| matches!(a, HexTriAction::Move(m) if m.via == Some(cell("h2"))))
}

#[test]
fn a_frozen_county_lets_no_figure_step_on_through_it() {
    // "no Points shall used from that hex till the next round": stepping
    // on through a county takes its point. Version 1 allowed it.
    assert!(!steps_through_a_frozen_county::<2>());
    assert!(steps_through_a_frozen_county::<1>());
}

#[test]
fn sabotage_three_points_freeze_the_enemys_hex_till_the_next_round() {
    let mut g = with_options(placed(2, &["h1", "h2"]), true, false);
    put(&mut g, "h2", 1, 1);
    g.points[0] = 3;
    g.points[1] = 2;
    play(&mut g, Seat(0), "sabotage h2 pay h1");
    assert_eq!((g.points[0], g.points[1]), (0, 5), "the 3 points lie on the enemy's county");
    assert!(g.frozen[1]);
    let blue = |g: &HexTri| {
        let mut out = Vec::new();
        g.moves(Seat(1), &mut out);
        out
    };
    assert!(blue(&g).is_empty(), "Blue's figures on h2 do not move and its points are not used");
    assert_eq!(g.mover, Seat(0), "it was Red's step, and Blue, with no move, is passed over");
    end_round(&mut g);
    assert!(!g.frozen[1], "till the next round");
    assert!(blue(&g).len() > 1);
}

#[test]
fn the_first_step_rotates_among_the_players_still_in_the_game() {
    let mut g = placed(3, &["h1", "h3", "h5"]);
    g.remove_seats(SeatSet::only(Seat(1)));
    let mut firsts = Vec::new();
    for _ in 0..4 {
        end_round(&mut g);
        firsts.push(g.first);
    }
    assert_eq!(firsts, [Seat(2), Seat(0), Seat(2), Seat(0)], "Blue is out: Red and Green take turns");
}

#[test]
fn a_position_where_nobody_can_move_for_two_whole_rounds_ends_the_match() {
    // Both Main Figures alone on the centre: neither may leave it, and no
    // county can pay for anything.
    let mut g = placed(2, &["h1", "h1"]);
    assert_eq!(legal(&g, Seat(0)), vec![HexTriAction::Done]);
    play(&mut g, Seat(0), "done");
    let outcome = g.outcome.clone().expect("a dead position");
    assert_eq!(outcome.places, vec![1, 1], "both still in the game share the win");
    assert_eq!(g.round, 6, "round 3 ended, then rounds 4 and 5 passed whole without a move");
}

#[test]
fn after_producing_a_player_may_transport_a_point_at_the_cost_of_one_point() {
    let mut g = placed(2, &["h1", "h3"]);
    g.options.transport = true;
    put(&mut g, "h2", 0, 1);
    put(&mut g, "h4", 0, 1);
    put(&mut g, "h4", 1, 1);
    g.points[0] = 4;
    let h4 = usize::from(id(&g, "h4"));
    g.points[h4] = 5;
    play(&mut g, Seat(0), "done");
    play(&mut g, Seat(1), "done");
    assert_eq!(g.phase, Phase::Transport, "production, then the transports");
    assert_eq!(g.mover, Seat(0), "the player who began the round first");
    let h1 = |g: &HexTri| g.points[0];
    assert_eq!(h1(&g), 5, "h1 produced 1 (one figure)");
    let transports: Vec<HexTriAction> =
        legal(&g, Seat(0)).into_iter().filter(|a| matches!(a, HexTriAction::Transport { .. })).collect();
    assert_eq!(
        transports,
        vec![HexTriAction::Transport { from: cell("h1"), to: cell("h2") }],
        "between counties Red alone occupies (h4 is contested), from one with 2 points (h2 produced 1)"
    );
    play(&mut g, Seat(0), "transport h1-h2");
    assert_eq!((h1(&g), g.points[id(&g, "h2") as usize]), (3, 2), "2 points leave h1, 1 of them lands on h2");
    assert_eq!(g.mover, Seat(0), "Red makes all its transports at once");
    play(&mut g, Seat(0), "transport h2-h1");
    let mut left = g.clone();
    play(&mut g, Seat(0), "done");
    // A player whose clock runs out in the middle of their transports: their
    // step ends there, and the next player's step is a turn of its own.
    let turns = left.turns;
    left.withdraw(Seat(0), Leave::TimeRanOut);
    assert_eq!(left.turns, turns + 1);
    assert_eq!(g.mover, Seat(1), "then Blue, alone on h3 with the point it produced");
    assert!(legal(&g, Seat(1)).iter().all(|a| !matches!(a, HexTriAction::Transport { .. })), "one county only");
    // Without the option, the round goes from production to the battles.
    let mut plain = placed(2, &["h1", "h3"]);
    put(&mut plain, "h2", 0, 1);
    plain.points[0] = 4;
    play(&mut plain, Seat(0), "done");
    play(&mut plain, Seat(1), "done");
    assert_eq!((plain.round, plain.phase), (4, Phase::Movement));
}

#[test]
fn assassin_six_points_remove_one_enemy_figure_in_the_battle_phase_except_the_main_figure() {
    let mut g = placed(2, &["h1", "h3"]);
    g.options.assassin = true;
    put(&mut g, "h5", 0, 2);
    put(&mut g, "h5", 1, 3);
    g.points[0] = 6;
    play(&mut g, Seat(0), "done");
    play(&mut g, Seat(1), "done");
    assert_eq!((g.phase, g.mover), (Phase::Assassin, Seat(0)), "the battle phase opens with the assassinations");
    let kills: Vec<HexTriAction> =
        legal(&g, Seat(0)).into_iter().filter(|a| matches!(a, HexTriAction::Assassin { .. })).collect();
    assert_eq!(
        kills,
        vec![HexTriAction::Assassin { enemy: Seat(1), target: cell("h5"), pay: cell("h1") }],
        "Blue's Main Figure on h3 cannot be killed, and only h1 has 6 points (after its production)"
    );
    play(&mut g, Seat(0), "assassin Blue h5 pay h1");
    assert_eq!(g.points[0], 1, "the 6 points are removed from the board");
    assert_eq!(g.round, 4, "one killing each; Blue has no 6 points; the battles follow");
    assert_eq!(g.resting[1], 1, "the figure was killed as in battle: it waits out this round");
    let h5 = usize::from(id(&g, "h5"));
    assert_eq!((g.troops[h5][0].count(), g.troops[h5][1].count()), (2, 2), "2 against 2 after the killing");
    assert!(g.unclear[h5], "a draw, which the killing made");
}

#[test]
fn beginners_the_first_main_figure_captured_ends_the_game_and_its_captors_win() {
    // Three on one county: Blue's Main Figure alone there falls in the first
    // exchange, while Red and Green still stand there.
    let mut g = placed(3, &["h5", "h1", "h7"]);
    g.options.beginners = true;
    put(&mut g, "h1", 0, 2);
    put(&mut g, "h1", 2, 2);
    end_round(&mut g);
    let outcome = g.outcome.clone().expect("the first capture ends the game");
    assert_eq!(outcome.places, vec![1, 3, 1], "Red and Green took it together");
    // Red's Main Figure alone against Blue 1 and Green 2: Blue's figure and
    // Red's Main Figure fall together; Green, still standing, took it.
    let mut g = placed(3, &["h1", "h3", "h5"]);
    g.options.beginners = true;
    put(&mut g, "h1", 1, 1);
    put(&mut g, "h1", 2, 2);
    end_round(&mut g);
    assert_eq!(g.outcome.clone().expect("Red's Main Figure fell").places, vec![3, 2, 1]);
    // Without the option, Red and Green play on.
    let mut g = placed(3, &["h5", "h1", "h7"]);
    put(&mut g, "h1", 0, 2);
    put(&mut g, "h1", 2, 2);
    end_round(&mut g);
    assert!(g.outcome.is_none() && g.out == SeatSet::only(Seat(1)));
}

#[test]
fn beginners_a_main_figure_surrounded_is_taken_by_the_enemies_around_it() {
    let mut g = placed(3, &["h1", "h3", "h4"]);
    g.options.beginners = true;
    let board = g.board();
    let road = (board.hexes..board.cells).find(|c| board.entry[*c]).unwrap();
    let county = board.around[road][0];
    let main = usize::from(g.main_at(Seat(0)).unwrap());
    g.troops[main][0].main = false;
    g.troops[road][0].main = true;
    g.troops[usize::from(county)][2].fresh = 1;
    end_round(&mut g);
    let outcome = g.outcome.clone().expect("Red's Main Figure, on an entry road, is surrounded");
    assert_eq!(outcome.places, vec![3, 2, 1], "Green, on the road's one county, took it; Blue plays on");
}

#[test]
fn beginners_surrounded_fields_are_judged_at_once_so_a_surrounded_captor_still_takes_the_main_figure() {
    // Blue alone on h8 is surrounded by Red on the entry road t1 and Green
    // on h8's other five roads; Red's Main Figure on t1 is surrounded by
    // Blue on h8. Both fall at once, and Blue took Red's Main Figure.
    let mut g = placed(3, &["t1", "h3", "h5"]);
    g.options.beginners = true;
    put(&mut g, "h8", 1, 1);
    for road in ["t4", "t5", "t8", "t9", "t13"] {
        put(&mut g, road, 2, 1);
    }
    end_round(&mut g);
    let outcome = g.outcome.clone().expect("Red's Main Figure was surrounded");
    assert_eq!(outcome.places, vec![3, 1, 2], "Blue took it; Green plays on to second");
}

#[test]
fn the_bots_estimate_is_even_at_the_start_and_far_behind_for_a_player_out() {
    let mut g = game(2);
    assert_eq!(g.evaluate(), Some(vec![0.5, 0.5]));
    g.remove_seats(SeatSet::only(Seat(1)));
    let standing = g.evaluate().unwrap();
    assert!(standing[0] > 0.99 && standing[1] < 0.01, "{standing:?}");
}

#[test]
fn the_bots_estimate_favours_points_and_counties_and_fears_for_a_main_figure_among_enemies() {
    let mut g = placed(2, &["h2", "h5"]);
    put(&mut g, "h2", 0, 2);
    put(&mut g, "h5", 1, 2);
    assert_eq!(g.evaluate(), Some(vec![0.5, 0.5]), "mirror images stand even");
    let h2 = usize::from(id(&g, "h2"));
    g.points[h2] = 4;
    let richer = g.evaluate().unwrap();
    assert!(richer[0] > 0.6, "four points to spend: {richer:?}");
    let mut g = placed(2, &["h2", "h5"]);
    put(&mut g, "h5", 1, 2);
    let roads = g.board().around[usize::from(id(&g, "h2"))].clone();
    g.troops[usize::from(roads[0])][1].fresh = 1;
    g.troops[usize::from(roads[1])][1].fresh = 1;
    g.reserve[1] -= 2;
    put(&mut g, "h1", 0, 4);
    let exposed = g.evaluate().unwrap();
    assert!(exposed[0] < 0.5, "Red's Main Figure alone beside two enemies: {exposed:?}");
}

#[test]
fn a_seat_has_a_step_exactly_when_its_list_of_steps_is_not_empty() {
    // `has_step` stops at the first step it finds, where the list goes on:
    // over random matches with every option, asked of every seat in every
    // phase, the two agree.
    let mut random = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move |n: usize| {
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        (random % n as u64) as usize
    };
    let (mut asked, mut without) = (0, 0);
    for seats in [2, 3, 6] {
        for _ in 0..3 {
            let options = HexTriOptions {
                seats,
                sabotage: true,
                fanatic: true,
                assassin: true,
                transport: true,
                ..HexTriOptions::default()
            };
            let mut g = HexTri::new(&options).unwrap();
            for _ in 0..400 {
                for seat in g.seats() {
                    let mut steps = Vec::new();
                    g.steps(seat, &mut steps);
                    assert_eq!(g.has_step(seat), !steps.is_empty(), "{seat:?} in {:?}, round {}", g.phase, g.round);
                    asked += 1;
                    without += usize::from(steps.is_empty());
                }
                let legal = legal(&g, g.mover);
                if g.outcome.is_some() || legal.is_empty() {
                    break;
                }
                let action = legal[next(legal.len())];
                g.play(g.mover, &action);
            }
        }
    }
    assert!(asked > 1000 && without > 100 && without < asked, "{without} of {asked} seats without a step");
}
