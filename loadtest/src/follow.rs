//! Loads matches into a server by following each once as a visitor, then
//! reads the server's resident memory: how much a live match costs once it
//! is in memory and idle (docs/performance.md).

use crate::client::Client;
use crate::idle::rss_kib;
use protocol::{ClientMessage, ServerMessage};
use std::time::Instant;

/// Follows every table whose invite code is a line of `codes`, from
/// `connections` visitor connections at once, each table once then left.
pub async fn run(base: &str, codes: &str, connections: usize, server_pid: Option<u32>) -> Result<(), String> {
    let codes: Vec<String> =
        std::fs::read_to_string(codes).map_err(|e| format!("{codes}: {e}"))?.lines().map(str::to_string).collect();
    let before = server_pid.map(rss_kib).transpose()?;
    let ws_url = format!("{}/ws", base.replacen("http", "ws", 1));
    let started = Instant::now();
    let share = codes.len().div_ceil(connections.max(1));
    let mut tasks = Vec::new();
    for part in codes.chunks(share.max(1)) {
        let (ws_url, part) = (ws_url.clone(), part.to_vec());
        tasks.push(tokio::spawn(async move {
            let mut client = Client::visit(&ws_url).await?;
            for code in part {
                client.send(&ClientMessage::Join { table: None, code: Some(code), last_seq: None }).await?;
                let table = client
                    .wait_for(|m| match m {
                        ServerMessage::Snapshot(s) => Some(s.table),
                        _ => None,
                    })
                    .await?;
                client.send(&ClientMessage::Leave { table }).await?;
            }
            Ok::<(), String>(())
        }));
    }
    for task in tasks {
        task.await.map_err(|e| e.to_string())??;
    }
    println!("followed {} tables in {:.1} s", codes.len(), started.elapsed().as_secs_f64());
    if let (Some(pid), Some(before)) = (server_pid, before) {
        let after = rss_kib(pid)?;
        println!("server resident memory: {before} KiB before, {after} KiB with the tables loaded");
    }
    Ok(())
}
