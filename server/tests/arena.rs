//! `tactica arena --results FILE`: a row played over two sittings reports
//! exactly what one run reports, and a file is never mixed with another
//! arena's games.

use std::process::Command;

fn arena(args: &[&str]) -> String {
    let run = Command::new(env!("CARGO_BIN_EXE_tactica")).arg("arena").args(args).output().expect("the binary runs");
    let out = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(run.status.success(), "{out}{}", String::from_utf8_lossy(&run.stderr));
    out
}

/// The report's lines of results: not its times, not what the file held.
fn scores(report: &str) -> Vec<&str> {
    report.lines().filter(|l| !l.contains("ms per move") && !l.contains("already in the results file")).collect()
}

#[test]
fn a_row_played_in_two_sittings_reports_what_one_run_does() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("abande.jsonl");
    let file = file.to_str().unwrap();
    let row = ["abande", "--bots", "casual,random", "--seed", "3"];
    let whole = arena(&[&row[..], &["--games", "6"]].concat());

    let first = arena(&[&row[..], &["--games", "2", "--results", file]].concat());
    assert!(first.contains("games: 2,"), "{first}");
    let second = arena(&[&row[..], &["--games", "6", "--results", file]].concat());
    assert!(second.contains("2 games already in the results file"), "{second}");
    assert_eq!(scores(&second), scores(&whole));
    let text = std::fs::read_to_string(file).unwrap();
    assert_eq!(text.lines().count(), 7, "a heading and six games: {text}");

    let again = arena(&[&row[..], &["--games", "6", "--results", file]].concat());
    assert!(again.contains("6 games already"), "nothing is played twice: {again}");
    assert_eq!(scores(&again), scores(&whole));
}

#[test]
fn a_file_of_another_arena_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("row.jsonl");
    let path = file.to_str().unwrap();
    arena(&["abande", "--bots", "random,random", "--games", "2", "--seed", "1", "--results", path]);
    let before = std::fs::read_to_string(&file).unwrap();
    let other = Command::new(env!("CARGO_BIN_EXE_tactica"))
        .args(["arena", "abande", "--bots", "random,random", "--games", "2", "--seed", "2", "--results", path])
        .output()
        .unwrap();
    assert!(!other.status.success());
    assert!(String::from_utf8_lossy(&other.stderr).contains("another arena"), "{other:?}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
}
