//! The `tactica` binary: serves Tactica (the default), or runs a rules tool.

mod cli;

use clap::Parser;
use server::config::ServeArgs;
use std::process::ExitCode;

/// The allocator: glibc's took a fifth of the server's CPU under load
/// (docs/performance.md, durable throughput).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match &cli.command {
        Some(cli::Command::Serve(args)) => serve(args),
        Some(command) => cli::run_tool(command),
        None => serve(&cli.serve),
    }
}

fn serve(args: &ServeArgs) -> ExitCode {
    let settings = match args.check() {
        Ok(settings) => settings,
        Err(error) => {
            eprintln!("tactica: {error}");
            return ExitCode::from(2);
        }
    };
    init_logging(args.log_json);
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("tactica: cannot start the runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        let listener = match tokio::net::TcpListener::bind(settings.addr).await {
            Ok(listener) => listener,
            Err(error) => {
                eprintln!("tactica: --addr / TACTICA_ADDR: cannot listen on {}: {error}", settings.addr);
                return ExitCode::from(2);
            }
        };
        let metrics = match settings.metrics_addr {
            Some(addr) => match tokio::net::TcpListener::bind(addr).await {
                Ok(listener) => Some(listener),
                Err(error) => {
                    eprintln!("tactica: --metrics-addr / TACTICA_METRICS_ADDR: cannot listen on {addr}: {error}");
                    return ExitCode::from(2);
                }
            },
            None => None,
        };
        println!("Tactica is serving http://{}", listener.local_addr().map_or(settings.addr, |a| a));
        match &settings.public_url {
            Some(url) => println!("Invite links point to {url}"),
            None => println!(
                "Invite links point to the address each host opened; for friends elsewhere set --public-url (README.md)"
            ),
        }
        let listeners = server::Listeners { site: listener, metrics };
        match server::run(listeners, settings, shutdown_signal()).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("tactica: {error}");
                ExitCode::FAILURE
            }
        }
    })
}

/// Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}

fn init_logging(json: bool) {
    let filter = tracing_subscriber::EnvFilter::try_from_env("TACTICA_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
}
