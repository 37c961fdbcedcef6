//! Speed benchmarks of the rules: perft for Dame 100 (every line of
//! tests/data/dame100.perft is checked first, including the deep ones the
//! test suite leaves out), random playouts for every registered game, and
//! the legal list a client is sent (texts, clicks and paths) at the longest
//! list a random match reaches, and Dame 100's alpha-beta searcher.
//! Results and commands are recorded in
//! docs/performance.md.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rules::{Seat, Seed, registry};
use serde_json::Value;
use std::hint::black_box;

fn perft_file_is_right() {
    let game = registry::game("dame100").unwrap();
    let text = include_str!("../tests/data/dame100.perft");
    let mut fen: Option<String> = None;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (key, value) = line.split_once(' ').unwrap();
        match key {
            "id" => fen = None,
            "fen" => fen = Some(value.to_string()),
            "perft" => {
                let (depth, count) = value.split_once(' ').unwrap();
                let depth: u32 = depth.parse().unwrap();
                let counted = game.perft(&Value::Null, fen.as_deref(), depth).unwrap();
                assert_eq!(counted, count.parse::<u64>().unwrap(), "depth {depth}");
            }
            _ => panic!("unknown key {key}"),
        }
    }
}

fn perft(c: &mut Criterion) {
    perft_file_is_right();
    let game = registry::game("dame100").unwrap();
    let mut group = c.benchmark_group("dame100 perft");
    group.sample_size(10);
    for (depth, leaves) in [(7u32, 1_049_442u64), (8, 6_483_961)] {
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("depth {depth}"), |b| {
            b.iter(|| game.perft(&Value::Null, None, black_box(depth)).unwrap());
        });
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random playouts");
    group.sample_size(10);
    const GAMES: u64 = 200;
    group.throughput(Throughput::Elements(GAMES));
    for game in registry::games() {
        group.bench_function(game.info().id, |b| {
            b.iter(|| game.playouts(&Value::Null, GAMES, black_box(1), 10_000).unwrap());
        });
    }
    group.finish();
}

/// The state with the longest legal list in the first random match of
/// seed 1 that a referee plays (chance included), and the seat to act.
fn longest_list(game: &dyn rules::AnyGame, options: &Value) -> (Box<dyn rules::AnyMatch>, Seat) {
    let mut referee = game.referee(options, None, Seed::from_u64(1)).unwrap();
    referee.settle();
    let mut choices = rules::chance::SeedStream::new(Seed::from_u64(2));
    let mut best: Option<(usize, Box<dyn rules::AnyMatch>, Seat)> = None;
    for _ in 0..5_000 {
        let Some(seat) = referee.state().status().acting().first() else { break };
        let legal = referee.state().legal(seat);
        if best.as_ref().is_none_or(|(most, _, _)| legal.len() > *most) {
            best = Some((legal.len(), referee.state().clone_box(), seat));
        }
        let pick = &legal[choices.below(legal.len() as u32) as usize];
        referee.act_or_expire(seat, &pick.action).unwrap();
    }
    let (_, state, seat) = best.unwrap();
    (state, seat)
}

fn legal_lists(c: &mut Criterion) {
    let mut group = c.benchmark_group("the longest legal list sent");
    group.sample_size(20);
    let four = serde_json::json!({"seats": 4});
    let cases = registry::games().iter().map(|g| (*g, Value::Null, g.info().id.to_string()));
    let cases = cases.chain([(registry::game("attactics").unwrap(), four, "attactics 4 seats".to_string())]);
    for (game, options, name) in cases {
        let (state, seat) = longest_list(game, &options);
        group.throughput(Throughput::Elements(state.legal(seat).len() as u64));
        group.bench_function(name, |b| b.iter(|| black_box(state.legal(black_box(seat)))));
    }
    group.finish();
}

/// Dame 100's alpha-beta searcher (the strong bot's) from the start and
/// from two middle games of random play, a fixed budget of positions each:
/// the throughput is positions visited per second.
fn dame100_search(c: &mut Criterion) {
    use rules::games::dame100::{Position, engine};
    const BUDGET: u64 = 1_000_000;
    let mut positions = vec![Position::default()];
    let mut random = rules::SeedStream::new(Seed::from_u64(5));
    for plies in [16, 30] {
        let mut position = Position::default();
        for _ in 0..plies {
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            position.play(&moves[random.below(moves.len() as u32) as usize]);
        }
        positions.push(position);
    }
    let mut group = c.benchmark_group("dame100 alpha-beta");
    group.sample_size(10);
    for (i, position) in positions.iter().enumerate() {
        let searched = engine::search(position, &[], BUDGET, &mut rules::SeedStream::new(Seed::from_u64(1)), &|| false);
        eprintln!("position {i}: depth {} ({} positions, score {})", searched.depth, searched.nodes, searched.score);
        group.throughput(Throughput::Elements(searched.nodes));
        group.bench_function(format!("position {i}"), |b| {
            b.iter(|| engine::search(position, &[], BUDGET, &mut rules::SeedStream::new(Seed::from_u64(1)), &|| false));
        });
    }
    group.finish();
}

criterion_group!(benches, perft, playouts, legal_lists, dame100_search);
criterion_main!(benches);
