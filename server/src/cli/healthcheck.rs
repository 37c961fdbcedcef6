//! `tactica healthcheck`: asks a running server whether it is healthy, for
//! a container's HEALTHCHECK (the image has no curl). Healthy means
//! `/healthz` answered 200 within the time limit; that handler checks the
//! database.

use std::process::ExitCode;
use std::time::Duration;

/// How long the server has to answer.
const TIMEOUT: Duration = Duration::from_secs(3);

pub fn run(url: &str) -> Result<ExitCode, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async {
        let client = reqwest::Client::builder().timeout(TIMEOUT).build().map_err(|e| e.to_string())?;
        match client.get(url).send().await {
            Ok(response) if response.status().is_success() => Ok(ExitCode::SUCCESS),
            Ok(response) => {
                eprintln!("tactica: {url} answered {}", response.status());
                Ok(ExitCode::FAILURE)
            }
            Err(error) => {
                eprintln!("tactica: {url}: {error}");
                Ok(ExitCode::FAILURE)
            }
        }
    })
}
