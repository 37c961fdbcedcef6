//! What an operator runs: the container's health probe against a real
//! server, and settings errors that name the setting without printing its
//! secrets.

mod common;

use common::{TestDb, TestServer};
use std::process::Command;

fn tactica(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tactica")).args(args).output().expect("the binary runs")
}

#[tokio::test(flavor = "multi_thread")]
async fn the_health_probe_passes_against_a_running_server_and_fails_without_one() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db.url).await;
    let url = server.http("/healthz");
    let probe = tokio::task::spawn_blocking(move || tactica(&["healthcheck", "--url", &url])).await.unwrap();
    assert!(probe.status.success(), "{}", String::from_utf8_lossy(&probe.stderr));
    let stopped = server.http("/healthz");
    server.stop().await;
    let probe = tokio::task::spawn_blocking(move || tactica(&["healthcheck", "--url", &stopped])).await.unwrap();
    assert!(!probe.status.success(), "a stopped server is not healthy");
}

#[tokio::test(flavor = "multi_thread")]
async fn metrics_can_be_served_apart_from_the_site() {
    let db = TestDb::sqlite();
    let (server, metrics_addr) = TestServer::start_metrics_apart(&db.url).await;
    let apart = reqwest::get(format!("http://{metrics_addr}/metrics")).await.unwrap();
    assert_eq!(apart.status(), 200);
    assert!(apart.text().await.unwrap().contains("tactica_connections"));
    let site = reqwest::get(server.http("/metrics")).await.unwrap();
    assert_eq!(site.status(), 404, "a scraper of the site is told there is nothing here");
    let site = site.text().await.unwrap();
    assert!(!site.contains("tactica_connections"), "the site still serves the metrics: {site}");
    let pages = reqwest::get(format!("http://{metrics_addr}/")).await.unwrap();
    assert_eq!(pages.status(), 404, "the metrics address serves nothing else");
    server.stop().await;
}

#[test]
fn a_bad_database_url_is_named_without_its_password() {
    let out = tactica(&["--database-url", "mysql://ann:hunter2secret@db.example/tactica"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--database-url") && stderr.contains("mysql:"), "{stderr}");
    assert!(!stderr.contains("hunter2secret"), "the password was printed: {stderr}");
}

#[test]
fn a_public_url_must_be_an_address() {
    let out = tactica(&["--public-url", "play.example.org"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--public-url"));
}

#[test]
fn an_idle_period_of_zero_days_is_refused_by_name() {
    let refused = tactica(&["serve", "--idle-match-days", "0"]);
    assert!(!refused.status.success(), "every untimed match would be adjudicated at once");
    let text = String::from_utf8_lossy(&refused.stderr);
    assert!(text.contains("--idle-match-days"), "{text}");
}
