//! Group commit: one thread owns the state database and writes change sets as they arrive; every set
//! that arrived while the previous commit was being made goes into the next one, so concurrent writers
//! share one transaction and one fsync; a commit waits briefly for the writers of the last one
//! (`gather`). A request's reply waits for the commit holding its set.
//!
//! Sets are queued in the order the engine ran the requests (the caller queues while it still holds
//! the engine's lock), so the store always moves through states the engine went through. A request's
//! set is applied whole inside one transaction: a batch or a transaction is one atomic commit.
//!
//! A commit that fails (disk full, I/O error) answers its requests with an error, but its sets are
//! kept and written first by the next commit: the engine already holds those changes, and later sets
//! build on them.

use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use engine::changes::ChangeSet;
use tokio::sync::oneshot;

use super::rows;

/// Tells a waiting request how its commit went.
pub type Ack = oneshot::Receiver<Result<(), String>>;

enum Job {
    Write(ChangeSet, oneshot::Sender<Result<(), String>>),
    /// Write the clock, close the database cleanly and end the thread.
    Close(u64, oneshot::Sender<Result<(), String>>),
}

pub struct Committer {
    jobs: mpsc::Sender<Job>,
    thread: std::sync::Mutex<Option<JoinHandle<()>>>,
}

impl Committer {
    /// Take the database over; it is written only by this committer's thread from now on.
    pub fn start(db: redb::Database, path: std::path::PathBuf) -> std::io::Result<Committer> {
        let (jobs, rx) = mpsc::channel();
        let thread = std::thread::Builder::new().name("state-commit".to_owned()).spawn(move || run(db, path, rx))?;
        Ok(Committer { jobs, thread: std::sync::Mutex::new(Some(thread)) })
    }

    /// Queue a change set; the returned receiver resolves once it is durable (or its commit failed).
    pub fn submit(&self, changes: ChangeSet) -> Ack {
        let (tx, rx) = oneshot::channel();
        // If the thread has ended (the server is stopping), dropping `tx` makes the wait fail.
        let _ = self.jobs.send(Job::Write(changes, tx));
        rx
    }

    /// Write `clock` (the largest request clock seen), close the database cleanly and stop the thread.
    pub fn close(&self, clock: u64) -> Result<(), String> {
        let (tx, rx) = oneshot::channel();
        let _ = self.jobs.send(Job::Close(clock, tx));
        let outcome = rx.blocking_recv().unwrap_or(Ok(()));
        if let Some(t) = self.thread.lock().unwrap_or_else(|p| p.into_inner()).take() {
            let _ = t.join();
        }
        outcome
    }
}

fn commit<'a>(db: &redb::Database, sets: impl Iterator<Item = &'a ChangeSet>) -> Result<(), String> {
    let tx = db.begin_write().map_err(|e| e.to_string())?;
    {
        let mut w = rows::Writer::new(&tx);
        for set in sets {
            w.apply_set(set).map_err(|e| e.to_string())?;
        }
        w.finish().map_err(|e| e.to_string())?;
    }
    tx.commit().map_err(|e| e.to_string())
}

/// Collect the jobs for the next commit: every job waiting, and, while fewer have come than the last
/// commit carried, the writers that are probably on their way back, for at most half a commit's time.
///
/// The writers of one commit are answered together and send their next writes together; without the
/// wait, the first of them to come back would start a commit of its own and the others the next one,
/// so the same writers would need two fsyncs where one serves them all.
fn gather(rx: &mpsc::Receiver<Job>, first: Job, last_len: usize, last_commit: Duration) -> Vec<Job> {
    let mut batch = vec![first];
    batch.extend(rx.try_iter());
    let deadline = Instant::now() + last_commit / 2;
    while batch.len() < last_len && !batch.iter().any(|j| matches!(j, Job::Close(..))) {
        match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(job) => {
                batch.push(job);
                batch.extend(rx.try_iter());
            }
            Err(_) => break,
        }
    }
    batch
}

fn run(db: redb::Database, path: std::path::PathBuf, rx: mpsc::Receiver<Job>) {
    let mut db = Some(db);
    let mut unwritten: Vec<ChangeSet> = Vec::new();
    let (mut last_len, mut last_commit) = (0, Duration::ZERO);
    while let Ok(first) = rx.recv() {
        let batch = gather(&rx, first, last_len, last_commit);
        last_len = batch.len();
        let mut waiting = Vec::with_capacity(batch.len());
        let mut close = None;
        for job in batch {
            match job {
                Job::Write(set, ack) => {
                    unwritten.push(set);
                    waiting.push(ack);
                }
                Job::Close(clock, ack) => {
                    unwritten.push(ChangeSet { changes: Vec::new(), clock });
                    close = Some(ack);
                }
            }
        }
        if db.is_none() {
            // After a failed commit redb refuses further writes until the file is opened again.
            db = super::reopen(&path).map_err(|e| eprintln!("dynamodel-server: {e}")).ok();
        }
        let started = Instant::now();
        let outcome = match &db {
            Some(d) => commit(d, unwritten.iter()),
            None => Err(format!("{} could not be opened again after an error", path.display())),
        };
        last_commit = started.elapsed();
        match &outcome {
            Ok(()) => unwritten.clear(),
            Err(e) => {
                eprintln!("dynamodel-server: could not write {}: {e}; the changes are kept and written with the next commit", path.display());
                db = None;
            }
        }
        for ack in waiting {
            let _ = ack.send(outcome.clone());
        }
        if let Some(ack) = close {
            // Dropping the database marks it cleanly closed, so the next start needs no repair.
            drop(db);
            let _ = ack.send(outcome);
            return;
        }
    }
}
