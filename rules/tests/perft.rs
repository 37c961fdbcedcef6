//! Perft counts from data files: every tests/data/GAME.perft is checked
//! against the game registered as GAME (the format is described in each
//! file). Counts above the budget are left to the benchmark.

use rules::registry;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The largest count a test run walks.
const NODE_BUDGET: u64 = 200_000;

struct Case {
    id: String,
    options: Value,
    fen: Option<String>,
    depth: u32,
    count: u64,
}

/// The cases of a file: `id` starts a position (resetting the options and
/// position), `options` sets the match options as JSON, `fen` the position,
/// and `perft DEPTH COUNT` adds a case.
fn cases(text: &str) -> Vec<Case> {
    let (mut id, mut options, mut fen) = (String::new(), Value::Null, None);
    let mut out = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (key, value) = line.split_once(' ').expect("key value");
        match key {
            "id" => (id, options, fen) = (value.to_string(), Value::Null, None),
            "options" => options = serde_json::from_str(value).expect("options are JSON"),
            "fen" => fen = Some(value.to_string()),
            "perft" => {
                let (depth, count) = value.split_once(' ').expect("depth count");
                out.push(Case {
                    id: id.clone(),
                    options: options.clone(),
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

fn perft_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/data")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    files
}

/// Checks every case of `path` within the budget; returns how many ran.
fn check_file(path: &Path) -> usize {
    let id = path.file_stem().and_then(|s| s.to_str()).expect("file name");
    let game = registry::game(id).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = std::fs::read_to_string(path).expect("readable perft file");
    let mut run = 0;
    for case in cases(&text).iter().filter(|c| c.count <= NODE_BUDGET) {
        let counted = game.perft(&case.options, case.fen.as_deref(), case.depth).unwrap();
        assert_eq!(counted, case.count, "{id}: {} depth {}", case.id, case.depth);
        run += 1;
    }
    run
}

#[test]
fn every_perft_file_matches_its_game() {
    let files = perft_files();
    assert!(files.len() >= 2, "perft files: {files:?}");
    for path in &files {
        assert!(check_file(path) > 0, "{}: no case within the budget", path.display());
    }
}

#[test]
fn dame100_perft_matches_the_published_counts() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dame100.perft");
    assert_eq!(check_file(&path), 6, "depths 1 to 6 from the start belong in the test suite");
}
