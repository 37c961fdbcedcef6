//! `tactica replay`: replays a record; prints the final state, or the first
//! illegal turn and why (and then exits with status 1).

use rules::registry;
use rules::tools::replay::{describe, replay};
use serde_json::Value;
use std::path::Path;
use std::process::ExitCode;

pub fn run(game: &str, file: &Path, options: &Value) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let game = registry::game(game).map_err(|e| e.to_string())?;
    let replayed = replay(game, &text, options).map_err(|e| e.to_string())?;
    match &replayed.failure {
        None => {
            println!("replayed {} turns", replayed.replayed);
            if replayed.after_end > 0 {
                let reason = replayed.state().status().outcome().map(|o| o.reason.clone()).unwrap_or_default();
                println!(
                    "the rules ended the game after turn {} ({reason}); the record goes on for {} more, not replayed",
                    replayed.replayed, replayed.after_end
                );
            }
            print!("{}", describe(replayed.state()));
            Ok(ExitCode::SUCCESS)
        }
        Some(failure) => {
            let line = failure.line.map(|l| format!(" (line {l})")).unwrap_or_default();
            println!("illegal turn {}{line}: {}", failure.number, failure.text);
            println!("why: {}", failure.reason);
            println!("state before it:");
            print!("{}", describe(replayed.state()));
            Ok(ExitCode::FAILURE)
        }
    }
}
