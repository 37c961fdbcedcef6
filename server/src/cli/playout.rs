//! `tactica playout`: random games, their speed and how they ended.

use rules::registry;
use serde_json::Value;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(game: &str, games: u64, seed: u64, max_actions: u64, options: &Value) -> Result<ExitCode, String> {
    let game = registry::game(game).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let report = game.playouts(options, games, seed, max_actions).map_err(|e| e.to_string())?;
    let seconds = started.elapsed().as_secs_f64();
    println!("games: {}", report.games);
    println!("games per second: {:.1}", report.games as f64 / seconds);
    println!("actions per second: {:.0}", report.actions as f64 / seconds);
    println!(
        "average length: {:.1} actions, {:.1} turns",
        report.actions as f64 / report.games as f64,
        report.turns as f64 / report.games as f64
    );
    for (outcome, count) in &report.outcomes {
        println!("outcome {outcome}: {count}");
    }
    if report.unfinished > 0 {
        println!("unfinished after {max_actions} actions: {}", report.unfinished);
    }
    Ok(ExitCode::SUCCESS)
}
