//! Server settings, from flags or environment variables, checked at start.

use clap::Args;
use rules::registry::Catalog;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// How to serve.
#[derive(Clone, Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "TACTICA_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Database: `sqlite://FILE` (created if missing) or `postgres://…`.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://tactica.db")]
    pub database_url: String,
    /// Write logs as JSON lines.
    #[arg(long, env = "TACTICA_LOG_JSON")]
    pub log_json: bool,
    /// Seconds an absent player has to reconnect before the others may have its seats
    /// leave as abandoned (in a game of two, claim the win).
    #[arg(long, env = "TACTICA_GRACE_SECONDS", default_value_t = 60)]
    pub grace_seconds: u64,
    /// Days an untimed match may go without an action before it is
    /// adjudicated: the seats it waits for are taken to have abandoned it.
    #[arg(long, env = "TACTICA_IDLE_MATCH_DAYS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
    pub idle_match_days: u64,
    /// Messages a connection may send at once.
    #[arg(long, env = "TACTICA_RATE_BURST", default_value_t = 60)]
    pub rate_burst: u32,
    /// Messages a connection may send per second after a burst.
    #[arg(long, env = "TACTICA_RATE_PER_SECOND", default_value_t = 20)]
    pub rate_per_second: u32,
    /// Guest sessions one client address may create per minute.
    #[arg(long, env = "TACTICA_GUESTS_PER_MINUTE", default_value_t = 30)]
    pub guests_per_minute: u32,
    /// Lobbies one client address may create per minute.
    #[arg(long, env = "TACTICA_LOBBIES_PER_MINUTE", default_value_t = 20)]
    pub lobbies_per_minute: u32,
    /// WebSocket connections the server holds at most.
    #[arg(long, env = "TACTICA_MAX_CONNECTIONS", default_value_t = 20_000)]
    pub max_connections: usize,
    /// WebSocket connections one client address may hold.
    #[arg(long, env = "TACTICA_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = 200)]
    pub max_connections_per_address: usize,
    /// Serve the web client from this folder instead of the copy built into the binary.
    #[arg(long, env = "TACTICA_WEB_DIR")]
    pub web_dir: Option<PathBuf>,
    /// Host the test game as well (for the tests; never offered to players).
    #[arg(long, env = "TACTICA_TEST_GAMES", hide = true)]
    pub test_games: bool,
    /// Host the test game at its next rules version, keeping its current
    /// version for the matches stored under it: a server after a rules
    /// upgrade, for the tests of one (implies `--test-games`).
    #[arg(long, hide = true)]
    pub test_rules_next: bool,
    /// Pages of these origins may open the WebSocket besides the server's
    /// own (comma-separated, such as `https://play.example.org`): needed
    /// behind a proxy that does not pass the public host name on.
    #[arg(long, env = "TACTICA_ALLOWED_ORIGINS", value_delimiter = ',')]
    pub allowed_origins: Vec<String>,
    /// The address players reach the server at, such as
    /// `https://play.example.org`: its pages may open the WebSocket, and
    /// with https the session cookie is marked Secure.
    #[arg(long, env = "TACTICA_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Serve `/metrics` on this address only (such as `127.0.0.1:9090`),
    /// not beside the site, for deployments that must not expose it.
    #[arg(long, env = "TACTICA_METRICS_ADDR")]
    pub metrics_addr: Option<String>,
    /// Run as one of several nodes sharing one PostgreSQL, through this
    /// NATS server (such as `nats://127.0.0.1:4222`): each table runs on
    /// one node, and the others pass its players' messages on
    /// (docs/scaling.md). Without it, the server runs alone.
    #[arg(long, env = "TACTICA_BROKER_URL")]
    pub broker_url: Option<String>,
    /// How long a node counts as alive after its last heartbeat, in
    /// milliseconds: the longest a table waits for another node after its
    /// node is lost (several nodes).
    #[arg(long, env = "TACTICA_NODE_ALIVE_MS", default_value_t = 3_000, value_parser = clap::value_parser!(u64).range(300..=60_000))]
    pub node_alive_ms: u64,
}

/// A setting that cannot work, named.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The address is not `HOST:PORT`.
    #[error("--addr / TACTICA_ADDR: {0:?} is not an address like 127.0.0.1:8080")]
    Addr(String),
    /// The metrics address is not `HOST:PORT`.
    #[error("--metrics-addr / TACTICA_METRICS_ADDR: {0:?} is not an address like 127.0.0.1:9090")]
    MetricsAddr(String),
    /// The database URL has an unknown scheme (only the scheme is kept:
    /// the rest may hold a password).
    #[error("--database-url / DATABASE_URL: a URL starting {0:?} must start with sqlite:// or postgres:// instead")]
    DatabaseUrl(String),
    /// The public URL is not `scheme://host[:port]`.
    #[error("--public-url / TACTICA_PUBLIC_URL: {0:?} is not an address like https://play.example.org")]
    PublicUrl(String),
    /// An allowed origin is not `scheme://host[:port]`.
    #[error("--allowed-origins / TACTICA_ALLOWED_ORIGINS: {0:?} is not an origin like https://play.example.org")]
    Origin(String),
    /// A rate or limit of zero would refuse everything.
    #[error(
        "--rate-burst, --rate-per-second, --guests-per-minute, --lobbies-per-minute, --max-connections and \
         --max-connections-per-address must be at least 1"
    )]
    Rate,
    /// A broker (several nodes) on SQLite, which is one node's file.
    #[error(
        "--broker-url / TACTICA_BROKER_URL: several nodes share one PostgreSQL; SQLite is one node's file, so give a postgres:// --database-url or no broker"
    )]
    BrokerNeedsPostgres,
    /// The broker URL is not a NATS address.
    #[error("--broker-url / TACTICA_BROKER_URL: {0:?} is not an address like nats://127.0.0.1:4222")]
    BrokerUrl(String),
    /// The web folder does not hold the client.
    #[error("--web-dir / TACTICA_WEB_DIR: {0:?} has no index.html")]
    WebDir(PathBuf),
}

/// How long a table nobody follows stays in memory once nothing in it runs
/// on time.
pub const UNWATCHED: Duration = Duration::from_secs(300);

/// Checked settings.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Where to listen.
    pub addr: SocketAddr,
    /// Where `/metrics` is served instead of beside the site, if apart.
    pub metrics_addr: Option<SocketAddr>,
    /// The database URL.
    pub database_url: String,
    /// Reconnect grace period.
    pub grace: Duration,
    /// How long an untimed match may go without an action before the
    /// seats it waits for are taken to have abandoned it.
    pub idle_match: Duration,
    /// How long a table nobody follows stays in memory once nothing in it
    /// runs on time; it loads again when someone joins.
    pub unwatched: Duration,
    /// Rate limit burst.
    pub rate_burst: u32,
    /// Rate limit per second.
    pub rate_per_second: u32,
    /// Guest sessions per client address per minute.
    pub guests_per_minute: u32,
    /// Lobbies per client address per minute.
    pub lobbies_per_minute: u32,
    /// WebSocket connections held at most.
    pub max_connections: usize,
    /// WebSocket connections one client address may hold.
    pub max_connections_per_address: usize,
    /// Web client folder, if not the built-in copy.
    pub web_dir: Option<PathBuf>,
    /// The games hosted, and the rules versions the server can load
    /// (the test game's only for the tests).
    pub catalog: Catalog,
    /// Origins besides the server's own whose pages may open the WebSocket
    /// (the public URL's among them).
    pub allowed_origins: Vec<String>,
    /// Whether the session cookie is marked Secure (the public URL is https).
    pub secure_cookies: bool,
    /// The address players reach the server at, without a trailing slash:
    /// invite links are built on it rather than on whatever address the
    /// host happened to open.
    pub public_url: Option<String>,
    /// The broker and heartbeat of several nodes; none for a server alone.
    pub cluster: Option<ClusterSettings>,
}

/// How a node of several finds the others.
#[derive(Clone, Debug)]
pub struct ClusterSettings {
    /// The NATS server's URL.
    pub broker_url: String,
    /// How long a node counts as alive after its last heartbeat.
    pub alive_for: Duration,
}

impl ServeArgs {
    /// Checks the settings, naming the first bad one.
    pub fn check(&self) -> Result<Settings, ConfigError> {
        let addr = self.addr.parse().map_err(|_| ConfigError::Addr(self.addr.clone()))?;
        let metrics_addr = match &self.metrics_addr {
            Some(text) => Some(text.parse().map_err(|_| ConfigError::MetricsAddr(text.clone()))?),
            None => None,
        };
        let url = &self.database_url;
        if !["sqlite:", "postgres:", "postgresql:"].iter().any(|scheme| url.starts_with(scheme)) {
            let scheme = url.split_once(':').map_or("", |(scheme, _)| scheme);
            return Err(ConfigError::DatabaseUrl(format!("{scheme}:")));
        }
        if self.rate_burst == 0
            || self.rate_per_second == 0
            || self.guests_per_minute == 0
            || self.lobbies_per_minute == 0
            || self.max_connections == 0
            || self.max_connections_per_address == 0
        {
            return Err(ConfigError::Rate);
        }
        if let Some(dir) = &self.web_dir {
            if !dir.join("index.html").is_file() {
                return Err(ConfigError::WebDir(dir.clone()));
            }
        }
        if let Some(bad) = self.allowed_origins.iter().find(|o| !crate::ws::origin::is_origin(o)) {
            return Err(ConfigError::Origin(bad.clone()));
        }
        // A trailing slash is allowed in an address, not in an origin.
        let public_url = self.public_url.as_ref().map(|url| url.trim_end_matches('/').to_string());
        if let Some(url) = public_url.as_ref().filter(|url| !crate::ws::origin::is_origin(url)) {
            return Err(ConfigError::PublicUrl(url.clone()));
        }
        let cluster = match &self.broker_url {
            None => None,
            Some(_) if url.starts_with("sqlite:") => return Err(ConfigError::BrokerNeedsPostgres),
            Some(broker) if !broker.starts_with("nats://") || broker.len() <= "nats://".len() => {
                return Err(ConfigError::BrokerUrl(broker.clone()));
            }
            Some(broker) => Some(ClusterSettings {
                broker_url: broker.clone(),
                alive_for: Duration::from_millis(self.node_alive_ms),
            }),
        };
        let mut allowed_origins = self.allowed_origins.clone();
        allowed_origins.extend(public_url.clone());
        Ok(Settings {
            addr,
            metrics_addr,
            database_url: url.clone(),
            grace: Duration::from_secs(self.grace_seconds),
            idle_match: Duration::from_secs(self.idle_match_days.saturating_mul(86_400)),
            unwatched: UNWATCHED,
            rate_burst: self.rate_burst,
            rate_per_second: self.rate_per_second,
            guests_per_minute: self.guests_per_minute,
            lobbies_per_minute: self.lobbies_per_minute,
            max_connections: self.max_connections,
            max_connections_per_address: self.max_connections_per_address,
            web_dir: self.web_dir.clone(),
            catalog: match (self.test_games, self.test_rules_next) {
                (_, true) => Catalog::WithNextTestRules,
                (true, false) => Catalog::WithTestGame,
                (false, false) => Catalog::Players,
            },
            allowed_origins,
            secure_cookies: public_url.as_ref().is_some_and(|url| url.starts_with("https://")),
            public_url,
            cluster,
        })
    }
}
