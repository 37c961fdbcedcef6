//! The Tactica server: HTTP and the WebSocket protocol (axum on tokio),
//! lobbies and authoritative matches (one task per table), persistence
//! (sqlx: SQLite by default, PostgreSQL in production).
//!
//! [`run`] serves on a listener until a shutdown signal, the way the tests
//! start it on port 0 and the binary starts it on the configured address.

pub mod blocking;
pub mod cluster;
pub mod config;
pub mod epoch;
pub mod http;
pub mod identity;
pub mod login_backoff;
pub mod metrics;
pub mod name;
pub mod rate_limit;
pub mod registry;
pub mod session_cookie;
pub mod store;
pub mod table;
pub mod ws;

use config::Settings;
use metrics::Metrics;
use registry::Registry;
use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use store::Store;
use table::{Command, Context, Table};
use tokio::net::TcpListener;
use tokio::sync::{oneshot, watch};

/// What every request handler shares.
#[derive(Clone, Debug)]
pub struct AppState {
    /// What the table tasks share: the store, the registry, metrics.
    pub ctx: Context,
    /// The next WebSocket connection id.
    pub next_conn_id: Arc<AtomicU64>,
    /// Rate limit: messages at once.
    pub rate_burst: u32,
    /// Rate limit: messages per second.
    pub rate_per_second: u32,
    /// Where the web client is served from.
    pub web: Arc<http::assets::WebFiles>,
    /// WebSocket connections held, in all and per address.
    pub admission: Arc<ws::admission::Admission>,
    /// Guest sessions each client address may create.
    pub guests: Arc<rate_limit::PerKey<IpAddr>>,
    /// Lobbies each client address may create.
    pub lobbies_by_address: Arc<rate_limit::PerKey<IpAddr>>,
    /// Login attempts each client address may make.
    pub logins_by_address: Arc<rate_limit::PerKey<IpAddr>>,
    /// Login attempts each username may have made against it.
    pub logins_by_account: Arc<rate_limit::PerKey<String>>,
    /// Failed logins by username and by address, each failure doubling the
    /// wait before the next attempt.
    pub login_backoff: login_backoff::LoginBackoff,
    /// Argon2 hashes, off the runtime and one per core at most: each takes
    /// about 19 MiB and a core, so a burst of logins waits its turn instead
    /// of exhausting the machine.
    pub hashing: blocking::Pool,
    /// Replays and exports of finished matches, once computed.
    pub computed: http::computed::ComputedCache,
    /// Origins besides the server's own whose pages may open the WebSocket.
    pub allowed_origins: Arc<[String]>,
    /// Whether the session cookie is marked Secure.
    pub secure_cookies: bool,
    /// The address players reach the server at, for invite links (told to
    /// every client in `welcome`).
    pub public_url: Option<Arc<str>>,
    /// Becomes true when the server shuts down; connections then close.
    pub shutting_down: watch::Receiver<bool>,
}

/// Lobbies one player may have open (waiting to start) at once.
pub const OPEN_LOBBIES_PER_PLAYER: u64 = 20;
/// How long a guest's session lasts unused.
pub const GUEST_SESSION_LIFETIME: std::time::Duration = std::time::Duration::from_secs(90 * 24 * 3600);
/// How long a lobby may wait to start before it is closed.
pub const LOBBY_LIFETIME: std::time::Duration = std::time::Duration::from_secs(3 * 24 * 3600);

/// Login attempts one client address may make a minute: enough for a
/// household behind one address, too few to guess passwords.
pub const LOGINS_PER_ADDRESS_PER_MINUTE: u32 = 20;
/// Login attempts against one username a minute, from anywhere.
pub const LOGINS_PER_ACCOUNT_PER_MINUTE: u32 = 10;

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened or migrated.
    #[error(transparent)]
    Store(#[from] store::StoreError),
    /// This node could not join the others.
    #[error(transparent)]
    Cluster(#[from] cluster::ClusterError),
    /// The listener failed.
    #[error("serving failed: {0}")]
    Io(#[from] std::io::Error),
}

/// Where the server listens: the site, and `/metrics` if it is served apart.
#[derive(Debug)]
pub struct Listeners {
    /// The site: pages, the API, the WebSocket.
    pub site: TcpListener,
    /// `/metrics` alone; without it, `/metrics` is served on the site.
    pub metrics: Option<TcpListener>,
}

impl From<TcpListener> for Listeners {
    fn from(site: TcpListener) -> Listeners {
        Listeners { site, metrics: None }
    }
}

/// Serves until `shutdown` completes, then closes every connection, stops
/// the tables and flushes the journal. Every acknowledged action is already
/// stored by then; this only makes sure nothing in flight is cut off.
pub async fn run(
    listeners: Listeners,
    settings: Settings,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let metrics = Arc::new(Metrics::default());
    let store = Store::connect(&settings.database_url, metrics.clone()).await?;
    let cluster = match &settings.cluster {
        Some(cluster) => Some(cluster::Cluster::join(cluster, &store).await?),
        None => None,
    };
    let ctx = Context {
        store: store.clone(),
        registry: Arc::new(Registry::default()),
        metrics: metrics.clone(),
        grace: settings.grace,
        idle_match: settings.idle_match,
        unwatched: settings.unwatched,
        catalog: settings.catalog,
        rebuilds: blocking::Pool::per_core(metrics.rebuilds_running.clone(), metrics.rebuilds_total.clone()),
        restores: blocking::Pool::per_core(metrics.restores_running.clone(), metrics.restores_total.clone()),
        bots: blocking::Pool::per_core(metrics.bots_running.clone(), metrics.bots_total.clone()),
        cluster,
    };
    let Listeners { site: listener, metrics: metrics_listener } = listeners;
    tracing::info!(addr = %listener.local_addr()?, backend = ?store.backend(), "serving");
    // Live matches come back beside serving, not before it: pages and
    // /healthz answer at once, and a match someone joins meanwhile loads
    // on demand.
    let restoring = tokio::spawn(restore(ctx.clone()));
    let (stop, shutting_down) = watch::channel(false);
    if let Some(cluster) = &ctx.cluster {
        cluster.beat(ctx.registry.clone(), shutting_down.clone());
    }
    let state = AppState {
        ctx: ctx.clone(),
        next_conn_id: Arc::new(AtomicU64::new(1)),
        rate_burst: settings.rate_burst,
        rate_per_second: settings.rate_per_second,
        web: Arc::new(http::assets::WebFiles::new(settings.web_dir.clone())),
        computed: http::computed::ComputedCache::default(),
        allowed_origins: settings.allowed_origins.iter().cloned().collect(),
        secure_cookies: settings.secure_cookies,
        public_url: settings.public_url.as_deref().map(Arc::from),
        guests: Arc::new(rate_limit::PerKey::per_minute(settings.guests_per_minute)),
        admission: Arc::new(ws::admission::Admission::new(
            settings.max_connections,
            settings.max_connections_per_address,
        )),
        lobbies_by_address: Arc::new(rate_limit::PerKey::per_minute(settings.lobbies_per_minute)),
        logins_by_address: Arc::new(rate_limit::PerKey::per_minute(LOGINS_PER_ADDRESS_PER_MINUTE)),
        logins_by_account: Arc::new(rate_limit::PerKey::per_minute(LOGINS_PER_ACCOUNT_PER_MINUTE)),
        login_backoff: login_backoff::LoginBackoff::default(),
        hashing: blocking::Pool::per_core(
            ctx.metrics.password_hashes_running.clone(),
            ctx.metrics.password_hashes_total.clone(),
        ),
        shutting_down,
    };
    let upkeep = {
        let (metrics, mut stopped) = (ctx.metrics.clone(), state.shutting_down.clone());
        async move {
            let mut every = tokio::time::interval(std::time::Duration::from_secs(5));
            loop {
                tokio::select! {
                    _ = every.tick() => metrics.upkeep(),
                    _ = stopped.wait_for(|stop| *stop) => break,
                }
            }
        }
    };
    tokio::spawn(upkeep);
    housekeeping(&ctx).await;
    tokio::spawn(housekeeping_hourly(ctx.clone(), state.shutting_down.clone()));
    let app = http::router(state.clone(), metrics_listener.is_some());
    if let Some(metrics_listener) = metrics_listener {
        tracing::info!(addr = %metrics_listener.local_addr()?, "serving /metrics apart");
        let mut stopped = state.shutting_down.clone();
        let metrics = axum::serve(metrics_listener, http::metrics_router(state)).with_graceful_shutdown(async move {
            let _ = stopped.wait_for(|stop| *stop).await;
        });
        tokio::spawn(async move {
            if let Err(error) = metrics.await {
                tracing::error!(%error, "serving /metrics failed");
            }
        });
    }
    // Without TCP_NODELAY, a second small frame in a row (the `event`
    // after an `acted`) waits for the first one's acknowledgement, which a
    // client delays by up to 40 ms.
    let listener = axum::serve::ListenerExt::tap_io(listener, |stream: &mut tokio::net::TcpStream| {
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, "could not set TCP_NODELAY");
        }
    });
    axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>())
        .with_graceful_shutdown(async move {
            shutdown.await;
            tracing::info!("shutting down");
            let _ = stop.send(true);
        })
        .await?;
    restoring.abort();
    let _ = restoring.await;
    for handle in ctx.registry.all() {
        let (done, wait) = oneshot::channel();
        if handle.send(Command::Shutdown { done }).await.is_ok() {
            let _ = wait.await;
        }
    }
    if let Some(cluster) = &ctx.cluster {
        cluster.leave().await;
    }
    store.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Tables whose restores are under way at once: their reads overlap, and
/// the rebuilds themselves are bounded by the restore pool.
const RESTORING_AT_ONCE: usize = 16;

/// Starts a task for every match being played in the database that goes on
/// by itself (a clock runs, or a bot may be to move), several at once;
/// `tactica_restores_pending` counts down to zero. Untimed matches load
/// when someone joins them, or when they are due to be adjudicated.
async fn restore(ctx: Context) {
    use futures_util::StreamExt;
    let ids = match ctx.store.running_live_tables().await {
        Ok(ids) => ids,
        Err(error) => {
            tracing::error!(%error, "could not list the live matches to restore");
            return;
        }
    };
    let pending = ctx.metrics.restores_pending.clone();
    pending.set(ids.len() as f64);
    let started = std::time::Instant::now();
    futures_util::stream::iter(&ids)
        .for_each_concurrent(RESTORING_AT_ONCE, |id| {
            let (ctx, pending) = (&ctx, &pending);
            async move {
                if let Err(error) = Table::load(ctx, id).await {
                    tracing::error!(table = %id, %error, "could not restore a table");
                }
                pending.decrement(1.0);
            }
        })
        .await;
    tracing::info!(matches = ids.len(), seconds = started.elapsed().as_secs_f64(), "live matches restored");
}

/// Closes lobbies that waited longer than [`LOBBY_LIFETIME`] to start
/// (except those someone is at right now), ends guest sessions unused for
/// [`GUEST_SESSION_LIFETIME`], and loads the untimed matches that went
/// without an action for the idle period, which adjudicate themselves as
/// they load (beside serving).
async fn housekeeping(ctx: &Context) {
    let now = epoch::now_ms();
    match ctx.store.idle_untimed_tables(now.saturating_sub(ctx.idle_match.as_millis() as u64)).await {
        Ok(ids) if !ids.is_empty() => {
            let ctx = ctx.clone();
            tokio::spawn(async move {
                for id in ids {
                    if ctx.registry.get(&id).is_none() {
                        if let Err(error) = Table::load(&ctx, &id).await {
                            tracing::error!(table = %id, %error, "could not load an idle match to adjudicate it");
                        }
                    }
                }
            });
        }
        Ok(_) => {}
        Err(error) => tracing::warn!(%error, "could not list the idle untimed matches"),
    }
    let before = now.saturating_sub(LOBBY_LIFETIME.as_millis() as u64);
    let mut running: Vec<String> = ctx.registry.all().into_iter().map(|handle| handle.id).collect();
    // With several nodes, those the others run are spared too.
    let elsewhere = match &ctx.cluster {
        None => Ok(Vec::new()),
        Some(cluster) => cluster.leases.running_anywhere().await,
    };
    match elsewhere {
        Ok(elsewhere) => {
            running.extend(elsewhere);
            match ctx.store.expire_lobbies(before, &running).await {
                Ok(0) => {}
                Ok(closed) => tracing::info!(closed, "closed lobbies that never started"),
                Err(error) => tracing::warn!(%error, "could not close old lobbies"),
            }
        }
        Err(error) => tracing::warn!(%error, "could not list the tables other nodes run; no lobby closed"),
    }
    match ctx.store.expire_guest_sessions(now.saturating_sub(GUEST_SESSION_LIFETIME.as_millis() as u64)).await {
        Ok(0) => {}
        Ok(ended) => tracing::info!(ended, "ended unused guest sessions"),
        Err(error) => tracing::warn!(%error, "could not end unused guest sessions"),
    }
}

/// [`housekeeping`] every hour until the server stops.
async fn housekeeping_hourly(ctx: Context, mut stopped: watch::Receiver<bool>) {
    let hour = std::time::Duration::from_secs(3600);
    let mut every = tokio::time::interval_at(tokio::time::Instant::now() + hour, hour);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = stopped.wait_for(|stop| *stop) => return,
        }
        housekeeping(&ctx).await;
    }
}
