//! The one `Database`, behind a mutex, and its durable copy for `--state`.
//!
//! Operations are short and CPU-bound, so a plain mutex (never held across an await) serialises them;
//! that alone makes concurrent conditional updates linearizable — no lost increments.
//!
//! With a state file, each request runs recorded (`Database::execute_recorded`) and its change set is
//! queued to the committer while the lock is still held, so sets reach the disk in the order the
//! engine made them. The reply waits until the commit holding its set is durable; concurrent writers
//! share that commit (see [`crate::state::commit`]).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use engine::db::Database;
use engine::api::typed::Request;

use crate::protocol::{errors::from_api_error, Target, WireError};
use crate::state::commit::{Ack, Committer};

struct Inner {
    db: Database,
    /// `--throughput simulated`: the partition model that decides throttling.
    live: Option<sim::live::LiveThrottle>,
}

pub struct Store {
    inner: Mutex<Inner>,
    durable: Option<Committer>,
    /// The largest request clock seen, written at a clean stop (requests that changed nothing are not
    /// committed, but their clock still moved the engine's).
    clock: AtomicU64,
}

/// The engine must not panic, but if it does the server answers 500 and keeps serving; a poisoned lock
/// is taken over rather than turned into a crash of every later request.
fn lock(m: &Mutex<Inner>) -> MutexGuard<'_, Inner> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Store {
    pub fn new(db: Database, durable: Option<Committer>, throughput: crate::throttle::Throughput) -> Arc<Store> {
        let live = crate::throttle::policy(throughput, &db);
        let clock = AtomicU64::new(db.clock());
        Arc::new(Store { inner: Mutex::new(Inner { db, live }), durable, clock })
    }

    /// Run one call; with a state file, return only once what it changed is durable. The answer is the
    /// reply's JSON text, written by the engine (items straight from the table's buffers) once the
    /// database's lock is released.
    pub async fn call(&self, target: Target, input: Request, now_millis: u64) -> Result<String, WireError> {
        let (result, ack): (_, Option<Ack>) = {
            let mut inner = lock(&self.inner);
            let Inner { db, live } = &mut *inner;
            let run = AssertUnwindSafe(|| match &self.durable {
                None => (crate::throttle::execute(db, live.as_mut(), target.action, input, now_millis), None),
                Some(committer) => {
                    let (result, changes) = crate::throttle::execute_recorded(db, live.as_mut(), target.action, input, now_millis);
                    (result, (!changes.is_empty()).then(|| committer.submit(changes)))
                }
            });
            match catch_unwind(run) {
                Ok((result, ack)) => (Ok(result), ack),
                Err(panic) => (Err(panic), None),
            }
        };
        self.clock.fetch_max(now_millis, Ordering::Relaxed);
        // The lock is released: a read's items (shared with the table) are written without holding up
        // the other requests.
        let result = result.and_then(|r| match r {
            Ok(answer) => catch_unwind(AssertUnwindSafe(|| answer.into_text())).map(Ok),
            Err(e) => Ok(Err(e)),
        });
        let value = match result {
            Ok(Ok(v)) => v,
            Ok(Err(e)) => {
                Self::durable(ack).await?;
                return Err(from_api_error(&e));
            }
            Err(_) => {
                eprintln!("dynamodel-server: the engine panicked on {}; answered 500", target.action);
                return Err(WireError::internal());
            }
        };
        Self::durable(ack).await?;
        Ok(value)
    }

    async fn durable(ack: Option<Ack>) -> Result<(), WireError> {
        match ack {
            None => Ok(()),
            Some(ack) => match ack.await {
                Ok(Ok(())) => Ok(()),
                Ok(Err(_)) | Err(_) => Err(WireError::internal()),
            },
        }
    }

    /// Write the clock and close the state database cleanly (at shutdown).
    pub fn close(&self) -> Result<(), String> {
        match &self.durable {
            Some(c) => c.close(self.clock.load(Ordering::Relaxed)),
            None => Ok(()),
        }
    }
}
