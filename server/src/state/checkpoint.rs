//! The checkpoint thread: it owns the state database (redb) and writes into it the change sets the
//! commit thread ([`super::commit`]) has made durable in a log, so the commit thread keeps answering
//! writers while a checkpoint of a large table takes seconds.
//!
//! Batches are written in the order they arrive, each with the number of the last log record it
//! holds; batches waiting together go into one redb commit. A batch whose commit fails is kept and
//! written first with the next one (or retried after [`RETRY`]): a later batch is never written
//! without the earlier ones, so the database always holds a prefix of what was logged.

use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use engine::changes::ChangeSet;

use super::rows::commit_sets;

/// A failed checkpoint is tried again after this long when nothing new arrives.
const RETRY: Duration = Duration::from_secs(1);

/// Sets to write into the database, which then holds the logs up to record `upto`.
pub struct Batch {
    pub sets: Vec<ChangeSet>,
    pub upto: u64,
    /// Numbers the batches, so the sender can tell which ones a [`Done`] covers.
    pub id: u64,
}

/// The outcome of a redb commit: every batch up to `id` (if any arrived since the last report) went
/// in, or failed with `error` and is kept for the next one.
pub struct Done {
    pub id: Option<u64>,
    /// On success, the last log record the database now holds.
    pub durable: Option<u64>,
    pub error: Option<String>,
}

pub struct Checkpointer {
    batches: Option<mpsc::Sender<Batch>>,
    pub done: mpsc::Receiver<Done>,
    thread: Option<JoinHandle<()>>,
}

impl Checkpointer {
    pub fn start(db: redb::Database, path: std::path::PathBuf) -> std::io::Result<Checkpointer> {
        let (batches, rx) = mpsc::channel();
        let (report, done) = mpsc::channel();
        let thread = std::thread::Builder::new().name("state-checkpoint".to_owned()).spawn(move || run(db, path, rx, report))?;
        Ok(Checkpointer { batches: Some(batches), done, thread: Some(thread) })
    }

    pub fn send(&self, batch: Batch) {
        // The thread ends only when this sender is dropped.
        if let Some(b) = &self.batches {
            let _ = b.send(batch);
        }
    }

    /// Finish the batches sent, close the database (cleanly, after a successful last commit) and end
    /// the thread.
    pub fn stop(&mut self) {
        self.batches = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        self.stop();
    }
}

fn run(db: redb::Database, path: std::path::PathBuf, rx: mpsc::Receiver<Batch>, report: mpsc::Sender<Done>) {
    let mut db = Some(db);
    // Sets not yet in the database, in order, and the log record the last of them ends.
    let mut pending: Vec<ChangeSet> = Vec::new();
    let mut upto = 0;
    loop {
        let first = if pending.is_empty() {
            match rx.recv() {
                Ok(b) => Some(b),
                Err(_) => return,
            }
        } else {
            match rx.recv_timeout(RETRY) {
                Ok(b) => Some(b),
                Err(mpsc::RecvTimeoutError::Timeout) => None,
                Err(mpsc::RecvTimeoutError::Disconnected) => return,
            }
        };
        let mut id = None;
        for batch in first.into_iter().chain(rx.try_iter()) {
            pending.extend(batch.sets);
            upto = upto.max(batch.upto);
            id = Some(batch.id);
        }
        if db.is_none() {
            // After a failed commit redb refuses further writes until the file is opened again.
            db = super::reopen(&path).map_err(|e| eprintln!("dynamodel-server: {e}")).ok();
        }
        let outcome = match &db {
            Some(d) => commit_sets(d, pending.iter(), upto),
            None => Err(format!("{} could not be opened again after an error", path.display())),
        };
        let done = match outcome {
            Ok(()) => {
                pending.clear();
                Done { id, durable: Some(upto), error: None }
            }
            Err(e) => {
                eprintln!("dynamodel-server: could not write {}: {e}; the changes are kept and written with the next commit", path.display());
                db = None;
                Done { id, durable: None, error: Some(e) }
            }
        };
        if report.send(done).is_err() && pending.is_empty() {
            return;
        }
    }
}
