//! ATTACTICS' legal lists: walks of up to twelve squares that may turn
//! round blocks of the maze make the longest lists of any game, which the
//! server sends in parts (protocol::legal::frame); their size is watched
//! here (the conformance suite of every registered game covers the rest).

use rules::games::attactics::{Attactics, AttacticsOptions};
use rules::{Game, Seed, SeedStream, Status};

#[test]
fn legal_action_lists_stay_small() {
    let mut most = 0;
    for seats in [2u8, 4] {
        for seed in 0..4 {
            let mut chance = SeedStream::new(Seed::from_u64(seed));
            let mut choices = SeedStream::new(Seed::from_u64(seed + 100));
            let mut game = <Attactics>::new(&AttacticsOptions { seats, ..Default::default() }).unwrap();
            let mut legal = Vec::new();
            loop {
                let seat = match game.status() {
                    Status::Over(_) => break,
                    Status::Chance => {
                        let throw = game.draw_chance(&mut chance);
                        game.play_chance(&throw);
                        continue;
                    }
                    Status::Acting(decision) => decision.seats.first().unwrap(),
                };
                legal.clear();
                game.legal_actions(seat, &mut legal);
                most = most.max(legal.len());
                let pick = legal[choices.below(legal.len() as u32) as usize];
                game.play(seat, &pick);
            }
        }
    }
    // Walks may turn round blocks of the maze, so a Major on an 11 reaches
    // far: about 1,300 at most in these games (docs/performance.md).
    eprintln!("the most legal actions at once: {most}");
    assert!(most < 2_000, "{most}");
}
