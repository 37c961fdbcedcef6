//! The `tactica` binary: serves Tactica, or runs a rules tool.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match &cli.command {
        Some(command) => cli::run_tool(command),
        None => {
            eprintln!("tactica: the server is not built yet");
            ExitCode::FAILURE
        }
    }
}
