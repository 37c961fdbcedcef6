//! The tables in memory, by id and by invite code, and the live list of
//! public lobbies: this node's, and with several nodes the others' as
//! their nodes last told (`cluster::lobbies`).
//!
//! A plain mutex guards the maps: every operation is a quick lookup or
//! insert, never held across an await. The lobby list is a `watch` channel
//! holding the serialized `lobbies` message, so any number of watching
//! connections share one copy and a slow one only ever sees the newest list.

use crate::table::{TableHandle, serialize};
use axum::extract::ws::Utf8Bytes;
use protocol::{LobbySummary, ServerMessage, TableId};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use tokio::sync::{Notify, watch};

/// Tables in memory and the public lobby list.
#[derive(Debug)]
pub struct Registry {
    tables: Mutex<HashMap<TableId, TableHandle>>,
    codes: Mutex<HashMap<String, TableId>>,
    lobbies: Mutex<BTreeMap<TableId, LobbySummary>>,
    /// The public lobbies of other nodes, by node.
    elsewhere: Mutex<HashMap<String, Vec<LobbySummary>>>,
    lobby_list: watch::Sender<Utf8Bytes>,
    /// Told whenever this node's own lobbies change.
    own_changed: Notify,
    /// A lock per table being loaded from the database, so one is never
    /// loaded twice while different tables load at once.
    loading: Mutex<HashMap<TableId, Arc<tokio::sync::Mutex<()>>>>,
}

impl Default for Registry {
    fn default() -> Self {
        Registry {
            tables: Mutex::default(),
            codes: Mutex::default(),
            lobbies: Mutex::default(),
            elsewhere: Mutex::default(),
            lobby_list: watch::Sender::new(serialize(&ServerMessage::Lobbies { lobbies: Vec::new() })),
            own_changed: Notify::new(),
            loading: Mutex::default(),
        }
    }
}

impl Registry {
    /// Adds a running table.
    pub fn insert(&self, handle: TableHandle) {
        self.codes.lock().expect("codes lock").insert(handle.code.clone(), handle.id.clone());
        self.tables.lock().expect("tables lock").insert(handle.id.clone(), handle);
    }

    /// Removes a table that has stopped.
    pub fn remove(&self, id: &str) {
        if let Some(handle) = self.tables.lock().expect("tables lock").remove(id) {
            self.codes.lock().expect("codes lock").remove(&handle.code);
        }
        self.publish_lobby(id, None);
    }

    /// Forgets a stand-in for a table run on another node, once it has
    /// stopped, unless the table runs here by now (its lobby listing is
    /// the other node's).
    pub fn remove_stand_in(&self, id: &str) {
        let mut tables = self.tables.lock().expect("tables lock");
        if tables.get(id).is_some_and(TableHandle::is_closed) {
            if let Some(handle) = tables.remove(id) {
                self.codes.lock().expect("codes lock").remove(&handle.code);
            }
        }
    }

    /// A running table by id.
    pub fn get(&self, id: &str) -> Option<TableHandle> {
        self.tables.lock().expect("tables lock").get(id).filter(|h| !h.is_closed()).cloned()
    }

    /// A running table by invite code.
    pub fn by_code(&self, code: &str) -> Option<TableHandle> {
        let id = self.codes.lock().expect("codes lock").get(code).cloned()?;
        self.get(&id)
    }

    /// Every running table.
    pub fn all(&self) -> Vec<TableHandle> {
        self.tables.lock().expect("tables lock").values().cloned().collect()
    }

    /// Lists or unlists a public lobby of this node, and tells the watchers.
    pub fn publish_lobby(&self, id: &str, summary: Option<LobbySummary>) {
        let mut lobbies = self.lobbies.lock().expect("lobbies lock");
        let changed = match summary {
            Some(summary) => lobbies.insert(id.to_string(), summary.clone()).as_ref() != Some(&summary),
            None => lobbies.remove(id).is_some(),
        };
        if changed {
            self.render(&lobbies);
            self.own_changed.notify_one();
        }
    }

    /// This node's public lobbies.
    pub fn own_lobbies(&self) -> Vec<LobbySummary> {
        self.lobbies.lock().expect("lobbies lock").values().cloned().collect()
    }

    /// Waits until this node's public lobbies change.
    pub async fn own_lobbies_changed(&self) {
        self.own_changed.notified().await;
    }

    /// Sets node `node`'s public lobbies (none: the node is gone), and
    /// tells the watchers if that changes the list.
    pub fn lobbies_elsewhere(&self, node: &str, list: Option<Vec<LobbySummary>>) {
        let lobbies = self.lobbies.lock().expect("lobbies lock");
        let mut elsewhere = self.elsewhere.lock().expect("elsewhere lock");
        let changed = match list {
            Some(list) => elsewhere.insert(node.to_string(), list.clone()).as_ref() != Some(&list),
            None => elsewhere.remove(node).is_some(),
        };
        drop(elsewhere);
        if changed {
            self.render(&lobbies);
        }
    }

    /// The list every watcher sees: this node's lobbies and the others',
    /// newest first.
    fn render(&self, own: &BTreeMap<TableId, LobbySummary>) {
        let mut list: Vec<LobbySummary> = own.values().cloned().collect();
        list.extend(self.elsewhere.lock().expect("elsewhere lock").values().flatten().cloned());
        list.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(a.table.cmp(&b.table)));
        list.dedup_by(|a, b| a.table == b.table);
        self.lobby_list.send_replace(serialize(&ServerMessage::Lobbies { lobbies: list }));
    }

    /// Waits until no one else loads table `id`; the load may go on while
    /// the guard is held.
    pub async fn loading(&self, id: &str) -> Loading<'_> {
        let lock = self.loading.lock().expect("loading lock").entry(id.to_string()).or_default().clone();
        // The guard exists before the wait, so that a wait given up still
        // takes its lock out of the map.
        let mut loading = Loading { registry: self, id: id.to_string(), lock, guard: None };
        loading.guard = Some(loading.lock.clone().lock_owned().await);
        loading
    }

    /// The lobby list, now and as it changes.
    pub fn watch_lobbies(&self) -> watch::Receiver<Utf8Bytes> {
        self.lobby_list.subscribe()
    }
}

/// The right to load one table, held while it loads.
#[derive(Debug)]
pub struct Loading<'a> {
    registry: &'a Registry,
    id: TableId,
    lock: Arc<tokio::sync::Mutex<()>>,
    guard: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl Drop for Loading<'_> {
    fn drop(&mut self) {
        self.guard = None;
        let mut loading = self.registry.loading.lock().expect("loading lock");
        // Only the map and this hold the lock when no one else waits for it.
        if Arc::strong_count(&self.lock) == 2 {
            loading.remove(&self.id);
        }
    }
}
