//! Perft counts from data files in tests/data/*.perft (the format is
//! described in each file). Counts above the budget are left to the benchmark.

use rules::registry;
use serde_json::Value;

/// The largest count a test run walks.
const NODE_BUDGET: u64 = 200_000;

struct Case {
    id: String,
    fen: Option<String>,
    depth: u32,
    count: u64,
}

fn cases(text: &str) -> Vec<Case> {
    let (mut id, mut fen) = (String::new(), None);
    let mut out = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (key, value) = line.split_once(' ').expect("key value");
        match key {
            "id" => (id, fen) = (value.to_string(), None),
            "fen" => fen = Some(value.to_string()),
            "perft" => {
                let (depth, count) = value.split_once(' ').expect("depth count");
                out.push(Case {
                    id: id.clone(),
                    fen: fen.clone(),
                    depth: depth.parse().unwrap(),
                    count: count.parse().unwrap(),
                });
            }
            other => panic!("unknown key {other}"),
        }
    }
    out
}

#[test]
fn dame100_perft_matches_the_published_counts() {
    let game = registry::game("dame100").unwrap();
    let cases = cases(include_str!("data/dame100.perft"));
    let mut run = 0;
    for case in cases.iter().filter(|c| c.count <= NODE_BUDGET) {
        let counted = game.perft(&Value::Null, case.fen.as_deref(), case.depth).unwrap();
        assert_eq!(counted, case.count, "{} depth {}", case.id, case.depth);
        run += 1;
    }
    assert_eq!(run, 6, "depths 1 to 6 from the start belong in the test suite");
}

#[test]
fn tactique_set_up_perft_matches_the_recorded_counts() {
    let game = registry::game("tactique").unwrap();
    let cases = cases(include_str!("data/tactique.perft"));
    let mut run = 0;
    for case in cases.iter().filter(|c| c.count <= NODE_BUDGET) {
        assert_eq!(game.perft(&Value::Null, None, case.depth).unwrap(), case.count, "depth {}", case.depth);
        run += 1;
    }
    assert_eq!(run, 2, "depths 1 and 2 belong in the test suite");
}
