//! The `tactica` command line: the server by default, the rules tools
//! (perft, replay, playout, arena) and a health probe as subcommands.

mod arena;
mod healthcheck;
mod perft;
mod playout;
mod replay;

use clap::{Parser, Subcommand};
use server::config::ServeArgs;
use std::path::PathBuf;
use std::process::ExitCode;

/// Tactica: tactical board games with friends.
#[derive(Debug, Parser)]
#[command(name = "tactica", version, about)]
pub struct Cli {
    /// What to do; without a subcommand, serve.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Server settings, when serving without the `serve` subcommand.
    #[command(flatten)]
    pub serve: ServeArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve Tactica over HTTP (the default).
    Serve(ServeArgs),
    /// Count the leaves of the tree of legal actions, for depths 1 to N.
    Perft {
        /// The game id, e.g. dame100.
        game: String,
        /// The deepest level to count.
        #[arg(long)]
        depth: u32,
        /// Start from this position (the game's position format, e.g. FEN).
        #[arg(long)]
        fen: Option<String>,
        /// The match options as JSON, e.g. '{"size":8}' (default: the standard game).
        #[arg(long, default_value = "{}")]
        options: String,
    },
    /// Replay a game record and print the final state, or the first illegal turn.
    Replay {
        /// The game id.
        game: String,
        /// One turn per line in the game's notation ('#' starts a comment),
        /// PDN for dame100, or a JSON match record exported by the server.
        file: PathBuf,
        /// The match options of a notation record as JSON (a JSON record carries its own).
        #[arg(long, default_value = "{}")]
        options: String,
    },
    /// Ask a running server's /healthz: exit 0 when it answers `ok` (the
    /// container image's HEALTHCHECK).
    Healthcheck {
        /// The server's health address.
        #[arg(long, default_value = "http://127.0.0.1:8080/healthz")]
        url: String,
    },
    /// Play uniformly random games and report speed and outcomes.
    Playout {
        /// The game id.
        game: String,
        /// How many games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Seed of the first game and of the random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a game after this many actions and count it as unfinished
        /// (ATTACTICS' random games of four run to tens of thousands).
        #[arg(long, default_value_t = 100_000)]
        max_actions: u64,
        /// The match options as JSON, e.g. '{"board":"square"}' (default: the standard game).
        #[arg(long, default_value = "{}")]
        options: String,
    },
    /// Play bots against each other and report their scores with 95 %
    /// confidence intervals and their time per move.
    Arena {
        /// The game id.
        game: String,
        /// The bots, by name, comma-separated: seat `s` of game `i` goes to
        /// bot `(s + i) mod count`, so sides alternate (`random` plays
        /// uniformly at random).
        #[arg(long, default_value = "strong,random")]
        bots: String,
        /// How many games.
        #[arg(long, default_value_t = 200)]
        games: u64,
        /// The arena's seed: the same seed plays the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The match options as JSON, e.g. '{"seats":4}' (default: the standard game).
        #[arg(long, default_value = "{}")]
        options: String,
        /// Stop a game after this many actions and count it as unfinished.
        #[arg(long, default_value_t = 20_000)]
        max_actions: u64,
        /// Keep each bot to its time per move, as at a table; its search then
        /// depends on the clock and a run no longer repeats exactly.
        #[arg(long)]
        keep_time: bool,
        /// Keep each game in this file as it ends (one JSON line); a run given
        /// a file that holds some of its games plays only the others, so a
        /// long row can be played over several sittings.
        #[arg(long)]
        results: Option<PathBuf>,
    },
}

/// The `--options` argument, read as JSON.
fn options_json(text: &str) -> Result<serde_json::Value, String> {
    serde_json::from_str(text).map_err(|e| format!("--options is not JSON: {e}"))
}

/// Runs a rules tool.
pub fn run_tool(command: &Command) -> ExitCode {
    let result = match command {
        Command::Serve(_) => Err("serve is not a tool".to_string()),
        Command::Perft { game, depth, fen, options } => {
            options_json(options).and_then(|options| perft::run(game, *depth, fen.as_deref(), &options))
        }
        Command::Replay { game, file, options } => {
            options_json(options).and_then(|options| replay::run(game, file, &options))
        }
        Command::Healthcheck { url } => healthcheck::run(url),
        Command::Playout { game, games, seed, max_actions, options } => {
            options_json(options).and_then(|options| playout::run(game, *games, *seed, *max_actions, &options))
        }
        Command::Arena { game, bots, games, seed, options, max_actions, keep_time, results } => options_json(options)
            .and_then(|options| {
                let (games, seed, max_actions, keep_time) = (*games, *seed, *max_actions, *keep_time);
                let results = results.as_deref();
                arena::run(&arena::Arena { game, bots, games, seed, options, max_actions, keep_time, results })
            }),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("tactica: {message}");
            ExitCode::from(2)
        }
    }
}
