//! Many idle connections: each says hello and then nothing, while we read
//! the server's resident memory before and after.

use crate::client::{Client, guest};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// The resident set size of a process, in KiB (Linux).
pub fn rss_kib(pid: u32) -> Result<u64, String> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).map_err(|e| format!("pid {pid}: {e}"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or_else(|| "no VmRSS".to_string())
}

/// Opens `count` idle connections and reports the server's memory per connection.
pub async fn run(base: &str, count: usize, server_pid: Option<u32>, hold: Duration) -> Result<(), String> {
    let http = reqwest::Client::new();
    let ws_url = format!("{}/ws", base.replacen("http", "ws", 1));
    // One session for all: the server's cost per connection is what we measure.
    let token = guest(&http, base).await?;
    let before = server_pid.map(rss_kib).transpose()?;
    let started = Instant::now();
    let permits = Arc::new(Semaphore::new(64));
    let mut tasks = Vec::with_capacity(count);
    for _ in 0..count {
        let (ws_url, token, permits) = (ws_url.clone(), token.clone(), permits.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = permits.acquire().await.expect("semaphore");
            Client::connect(&ws_url, &token).await
        }));
    }
    let mut clients = Vec::with_capacity(count);
    for task in tasks {
        clients.push(task.await.map_err(|e| e.to_string())??);
    }
    println!("{count} connections open and greeted in {:.1} s", started.elapsed().as_secs_f64());
    tokio::time::sleep(hold).await;
    if let (Some(pid), Some(before)) = (server_pid, before) {
        let after = rss_kib(pid)?;
        let per = (after.saturating_sub(before)) as f64 / count as f64;
        println!("server resident memory: {before} KiB before, {after} KiB with the connections open");
        println!("server memory per idle connection: {per:.1} KiB");
    }
    drop(clients);
    Ok(())
}
