//! `tactica replay`: replays a record; prints the final state, or the first
//! illegal turn and why (and then exits with status 1).

use rules::tools::replay::{describe, replay_by_id};
use std::path::Path;
use std::process::ExitCode;

pub fn run(game: &str, file: &Path) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let replayed = replay_by_id(game, &text).map_err(|e| e.to_string())?;
    match replayed.failure {
        None => {
            println!("replayed {} turns", replayed.replayed);
            print!("{}", describe(replayed.state.as_ref()));
            Ok(ExitCode::SUCCESS)
        }
        Some(failure) => {
            let line = failure.line.map(|l| format!(" (line {l})")).unwrap_or_default();
            println!("illegal turn {}{line}: {}", failure.number, failure.text);
            println!("why: {}", failure.reason);
            println!("state before it:");
            print!("{}", describe(replayed.state.as_ref()));
            Ok(ExitCode::FAILURE)
        }
    }
}
