//! A table whose task panics (a bug, in the rules or here). The panic is
//! caught at the table's loop, so the rest of the server goes on: the match
//! ends as failed, stored like any other end and shown so in the history
//! (a lobby is closed); its followers are told why; the panic is counted in
//! `/metrics` and logged with the match id; then the task stops. Someone
//! who comes back loads the stored, ended match. A match whose stored
//! events panic when it is restored is ended as failed the same way, so it
//! is not tried again at every start.
//!
//! The match in memory is still whole: a change is worked out on a copy and
//! becomes the match only once it is stored, so a panic in the rules leaves
//! the last stored state behind, which the failed end is written after.

use super::actor::{Context, Table};
use super::events::{Body, Event};
use crate::epoch::now_ms;
use crate::store::{JournalEntry, TableChange, TableRow};
use futures_util::FutureExt;
use protocol::{ErrorCode, MatchResult, Phase, Termination};
use std::any::Any;
use std::panic::AssertUnwindSafe;

/// What the followers of a failed table are told. It says nothing of the
/// panic itself, which may name hidden information.
pub const FAILED: &str = "A fault in the server stopped this table: nothing more can be played here. \
    A match is ended as stopped by a server fault, with no result.";

/// The message a panic carries, for the log.
fn panic_text(panic: &(dyn Any + Send)) -> &str {
    panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic without a message")
}

impl Table {
    /// Ends the table after a panic; its task stops next.
    pub(super) async fn fail(&mut self, panic: Box<dyn Any + Send>) {
        let what = panic_text(panic.as_ref()).to_string();
        drop(panic);
        tracing::error!(
            table = %self.id,
            game = self.setup.game.info().id,
            panic = what,
            "a table panicked: its match ends as failed"
        );
        self.ctx.metrics.table_panics_total.increment(1);
        for follower in &self.followers {
            follower.conn.error(ErrorCode::TableFailed, FAILED, Some(&self.id), None);
        }
        match self.stage.phase() {
            Phase::Live => {
                // Ending reads the rules once more, so it is guarded too.
                let ended = AssertUnwindSafe(self.end(Termination::Failed)).catch_unwind().await;
                if !matches!(ended, Ok(Ok(()))) {
                    tracing::error!(table = %self.id, "the failed match's end was not stored: it is restored at the next start");
                }
            }
            Phase::Lobby => {
                if let Err(error) = self.ctx.store.set_phase(&self.id, self.term, Phase::Aborted).await {
                    tracing::error!(table = %self.id, %error, "the failed lobby could not be closed");
                }
            }
            Phase::Finished | Phase::Aborted => {}
        }
    }
}

/// Ends a live match as failed in the database without rebuilding it (its
/// events panicked when replayed): the end follows event `last_seq`.
pub(super) async fn fail_stored(ctx: &Context, row: &TableRow, last_seq: u64, term: Option<crate::store::Term>) {
    ctx.metrics.table_panics_total.increment(1);
    tracing::error!(table = %row.id, game = %row.game, "a match panicked when restored: it ends as failed");
    if row.phase != Phase::Live {
        return;
    }
    let result = MatchResult { termination: Termination::Failed, outcome: None };
    let event = Event {
        seq: last_seq + 1,
        at: now_ms(),
        seat: None,
        body: Body::Ended { result: result.clone(), seed: row.seed.clone() },
    };
    let change = TableChange::Ended {
        phase: Phase::Aborted,
        result: serde_json::to_string(&result).expect("results serialize"),
        places: vec![None; usize::from(row.seat_count)],
        turns: row.turns,
    };
    let entry = JournalEntry { event: event.to_stored(&row.id), change: Some(change) };
    let written = match term {
        Some(term) => ctx.store.journal().write_under(vec![entry], term).await,
        None => ctx.store.journal().write(vec![entry]).await,
    };
    if let Err(error) = written {
        tracing::error!(table = %row.id, %error, "the failed match's end was not stored");
    }
}
