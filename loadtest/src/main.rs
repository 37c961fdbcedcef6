//! `tactica-loadtest`: drives a running Tactica server over real WebSockets.
//! docs/performance.md records how it was run and what it measured.

mod client;
mod follow;
mod heard;
mod idle;
mod matches;
mod stats;

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use std::time::Duration;

/// The same allocator as the server's, so that the generator takes less of
/// the machine it shares with the server and the database.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Load tests for a running Tactica server.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// The server's base URL; for `matches`, several nodes' URLs,
    /// comma-separated, and each match's two players connect to two
    /// different ones.
    #[arg(long, default_value = "http://127.0.0.1:8080", value_delimiter = ',')]
    url: Vec<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Concurrent two-player matches with random legal actions at a target total rate.
    Matches {
        /// The game id.
        #[arg(long, default_value = "dame100")]
        game: String,
        /// The game's options, as JSON (such as the test game's `{"laps": 100}`).
        #[arg(long, default_value = "{}")]
        options: String,
        /// Concurrent matches (two connections each).
        #[arg(long, default_value_t = 100)]
        matches: usize,
        /// Target actions per second, over all matches.
        #[arg(long, default_value_t = 100.0)]
        rate: f64,
        /// How long to play, in seconds.
        #[arg(long, default_value_t = 30)]
        seconds: u64,
    },
    /// Idle connections; with --server-pid, the server's memory per connection.
    Idle {
        /// How many connections.
        #[arg(long, default_value_t = 1000)]
        connections: usize,
        /// The server's process id, to read its resident memory.
        #[arg(long)]
        server_pid: Option<u32>,
        /// Seconds to hold the connections open before measuring.
        #[arg(long, default_value_t = 3)]
        hold_seconds: u64,
    },
    /// Loads tables by following each once as a visitor; with --server-pid,
    /// the server's memory once they are in memory.
    Follow {
        /// A file of invite codes, one per line.
        #[arg(long)]
        codes: String,
        /// Visitor connections at once.
        #[arg(long, default_value_t = 32)]
        connections: usize,
        /// The server's process id, to read its resident memory.
        #[arg(long)]
        server_pid: Option<u32>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("a tokio runtime");
    let result = runtime.block_on(async {
        match cli.command {
            Command::Matches { game, options, matches, rate, seconds } => {
                let options = match serde_json::from_str(&options) {
                    Ok(options) => options,
                    Err(error) => return Err(format!("--options: {error}")),
                };
                matches::run(matches::Run {
                    bases: cli.url,
                    game,
                    options,
                    matches,
                    rate,
                    duration: Duration::from_secs(seconds),
                })
                .await
            }
            Command::Idle { connections, server_pid, hold_seconds } => {
                idle::run(&cli.url[0], connections, server_pid, Duration::from_secs(hold_seconds)).await
            }
            Command::Follow { codes, connections, server_pid } => {
                follow::run(&cli.url[0], &codes, connections, server_pid).await
            }
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tactica-loadtest: {error}");
            ExitCode::FAILURE
        }
    }
}
