//! `tactica perft`: leaf counts per depth, with the speed on stderr.

use rules::registry;
use serde_json::Value;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(game: &str, depth: u32, fen: Option<&str>, options: &Value) -> Result<ExitCode, String> {
    let game = registry::game(game).map_err(|e| e.to_string())?;
    for d in 1..=depth {
        let started = Instant::now();
        let nodes = game.perft(options, fen, d).map_err(|e| e.to_string())?;
        let seconds = started.elapsed().as_secs_f64();
        println!("depth {d}: {nodes}");
        if seconds > 0.05 {
            eprintln!("  {seconds:.3} s, {:.1} million leaves per second", nodes as f64 / seconds / 1e6);
        }
    }
    Ok(ExitCode::SUCCESS)
}
