//! The one `Database`, behind a mutex, plus group-committed persistence for `--state`.
//!
//! Operations are short and CPU-bound, so a plain mutex (never held across an await) serialises them;
//! that alone makes concurrent conditional updates linearizable — no lost increments.
//!
//! With a state file, a write is acknowledged only once a snapshot containing it is on disk. Snapshots
//! are taken by one writer task, so concurrent writers share a single fsync (group commit) instead of
//! each paying for one.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, MutexGuard};

use engine::db::Database;
use serde_json::Value;
use tokio::sync::{watch, Notify};

use crate::protocol::{errors::from_api_error, Target, WireError};
use crate::state::{self, StateFile};

struct Inner {
    db: Database,
    /// `--throughput simulated`: the partition model that decides throttling.
    live: Option<sim::live::LiveThrottle>,
    /// Bumped by every successful call that may have written.
    generation: u64,
}

/// Progress of the writer: the newest generation on disk and the newest whose write failed.
#[derive(Debug, Clone, Copy, Default)]
struct Durable {
    written: u64,
    failed: u64,
}

struct Persist {
    file: Arc<StateFile>,
    wake: Notify,
    status: watch::Sender<Durable>,
    /// One write at a time, so an older snapshot can never land after a newer one.
    writing: tokio::sync::Mutex<()>,
}

pub struct Store {
    inner: Mutex<Inner>,
    persist: Option<Persist>,
}

/// The engine must not panic, but if it does the server answers 500 and keeps serving; a poisoned lock
/// is taken over rather than turned into a crash of every later request.
fn lock(m: &Mutex<Inner>) -> MutexGuard<'_, Inner> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Store {
    pub fn new(db: Database, state: Option<StateFile>, throughput: crate::throttle::Throughput) -> Arc<Store> {
        let persist = state.map(|file| Persist {
            file: Arc::new(file),
            wake: Notify::new(),
            status: watch::Sender::new(Durable::default()),
            writing: tokio::sync::Mutex::new(()),
        });
        let live = crate::throttle::policy(throughput, &db);
        Arc::new(Store { inner: Mutex::new(Inner { db, live, generation: 0 }), persist })
    }

    /// Run one call; with a state file, return only once a successful write is durable.
    pub async fn call(&self, target: Target, input: &Value, now_millis: u64) -> Result<Value, WireError> {
        let (result, generation) = {
            let mut inner = lock(&self.inner);
            let Inner { db, live, .. } = &mut *inner;
            let result = catch_unwind(AssertUnwindSafe(|| crate::throttle::execute(db, live.as_mut(), target.action, input, now_millis)));
            if matches!(result, Ok(Ok(_))) && target.may_write() {
                inner.generation += 1;
            }
            (result, inner.generation)
        };
        let value = match result {
            Ok(Ok(v)) => v,
            Ok(Err(e)) => return Err(from_api_error(&e)),
            Err(_) => {
                eprintln!("dynamodel-server: the engine panicked on {}; answered 500", target.action);
                return Err(WireError::internal());
            }
        };
        if target.may_write() {
            self.wait_durable(generation).await?;
        }
        Ok(value)
    }

    async fn wait_durable(&self, generation: u64) -> Result<(), WireError> {
        let Some(p) = &self.persist else { return Ok(()) };
        let mut rx = p.status.subscribe();
        p.wake.notify_one();
        loop {
            let d = *rx.borrow_and_update();
            if d.written >= generation {
                return Ok(());
            }
            if d.failed >= generation {
                return Err(WireError::internal());
            }
            if rx.changed().await.is_err() {
                return Err(WireError::internal());
            }
        }
    }

    /// Snapshot under the lock; returns `None` when nothing changed since `since`.
    fn snapshot_since(&self, since: u64) -> Option<(u64, Result<Vec<u8>, String>)> {
        let inner = lock(&self.inner);
        if inner.generation <= since {
            return None;
        }
        let framed = match catch_unwind(AssertUnwindSafe(|| inner.db.snapshot())) {
            Ok(snap) => state::encode(&snap).map_err(|e| e.to_string()),
            Err(_) => Err("the engine panicked while taking a snapshot".to_owned()),
        };
        Some((inner.generation, framed))
    }

    /// Write the current state if it changed since the last write. Used by the writer task and at shutdown.
    pub async fn flush(&self) -> Result<(), String> {
        let Some(p) = &self.persist else { return Ok(()) };
        let _writing = p.writing.lock().await;
        let since = p.status.borrow().written;
        let Some((generation, framed)) = self.snapshot_since(since) else { return Ok(()) };
        let file = Arc::clone(&p.file);
        let outcome = match framed {
            Ok(bytes) => match tokio::task::spawn_blocking(move || file.write(&bytes)).await {
                Ok(Ok(())) => Ok(()),
                Ok(Err(e)) => Err(format!("writing {}: {e}", p.file.path().display())),
                Err(e) => Err(format!("writing {}: {e}", p.file.path().display())),
            },
            Err(e) => Err(e),
        };
        p.status.send_modify(|d| match outcome {
            Ok(()) => d.written = d.written.max(generation),
            Err(_) => d.failed = d.failed.max(generation),
        });
        outcome
    }

    /// The group-commit loop: one write per wake-up covers every call that finished before the snapshot.
    pub async fn run_writer(self: Arc<Self>) {
        let Some(p) = &self.persist else { return };
        loop {
            p.wake.notified().await;
            if let Err(e) = self.flush().await {
                eprintln!("dynamodel-server: could not save state: {e}");
            }
        }
    }

    /// Write the whole state now (after `--model` loading, so the file exists from the start).
    pub async fn save_initial(&self) -> Result<(), String> {
        {
            let mut inner = lock(&self.inner);
            inner.generation += 1;
        }
        self.flush().await
    }

    pub fn has_state_file(&self) -> bool {
        self.persist.is_some()
    }
}
