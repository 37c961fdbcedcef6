//! Speed benchmarks of the rules: perft for Dame 100 (every line of
//! tests/data/dame100.perft is checked first, including the deep ones the
//! test suite leaves out) and random playouts for every registered game.
//! Results and commands are recorded in docs/performance.md.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rules::registry;
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

criterion_group!(benches, perft, playouts);
criterion_main!(benches);
