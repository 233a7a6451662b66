//! Group commit: one thread owns the state database and its write-ahead log ([`wal`]) and makes change
//! sets durable as they arrive; every set that arrived while the previous commit was being made goes
//! into the next one, so concurrent writers share one log record and one fdatasync; a commit waits
//! briefly for the writers of the last ones (`gather`). A request's reply waits for the commit holding
//! its set.
//!
//! The logged sets go into the state database in large batches (a checkpoint: when the log reaches
//! [`wal::CHECKPOINT_BYTES`], after [`IDLE_CHECKPOINT`] without writes, and at a clean stop), one redb
//! commit for thousands of writes instead of one per group.
//!
//! Sets are queued in the order the engine ran the requests (the caller queues while it still holds
//! the engine's lock), so the log and the store always move through states the engine went through. A
//! request's set is written whole into one log record and applied whole inside one transaction: a
//! batch or a transaction is one atomic commit.
//!
//! A commit that fails (disk full, I/O error) answers its requests with an error, but its sets are
//! kept and written first by the next commit: the engine already holds those changes, and later sets
//! build on them. After a failed log write, commits go to the state database directly until one
//! succeeds.

use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use engine::changes::ChangeSet;
use tokio::sync::oneshot;

use super::{rows, wal};

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
    pub fn start(db: redb::Database, path: std::path::PathBuf, log: wal::Log) -> std::io::Result<Committer> {
        let (jobs, rx) = mpsc::channel();
        let thread = std::thread::Builder::new().name("state-commit".to_owned()).spawn(move || run(db, path, log, rx))?;
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

pub(super) fn commit<'a>(db: &redb::Database, sets: impl Iterator<Item = &'a ChangeSet>, wal: u64) -> Result<(), String> {
    let tx = db.begin_write().map_err(|e| e.to_string())?;
    {
        let mut w = rows::Writer::new(&tx);
        for set in sets {
            w.apply_set(set).map_err(|e| e.to_string())?;
        }
        w.set_wal(wal);
        w.finish().map_err(|e| e.to_string())?;
    }
    tx.commit().map_err(|e| e.to_string())
}

/// Collect the jobs for the next commit: every job waiting, and, while fewer have come than the
/// writers seen lately, the writers that are probably on their way back, for at most half a commit's time.
///
/// The writers of one commit are answered together and send their next writes together; without the
/// wait, the first of them to come back would start a commit of its own and the others the next one,
/// so the same writers would need two fsyncs where one serves them all, and they would stay split.
fn gather(rx: &mpsc::Receiver<Job>, first: Job, writers: usize, last_commit: Duration) -> Vec<Job> {
    let mut batch = vec![first];
    batch.extend(rx.try_iter());
    let deadline = Instant::now() + last_commit / 2;
    while batch.len() < writers && !batch.iter().any(|j| matches!(j, Job::Close(..))) {
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

/// How many writers [`gather`] waits for: the largest commit of late, forgotten one writer at a time
/// when commits stay smaller (a writer that left costs a short wait per commit for a while, not for
/// ever).
#[derive(Default)]
struct Writers {
    expected: usize,
    smaller: u32,
}

impl Writers {
    fn saw(&mut self, batch: usize) {
        if batch >= self.expected {
            (self.expected, self.smaller) = (batch, 0);
        } else {
            self.smaller += 1;
            if self.smaller == 16 {
                (self.expected, self.smaller) = (self.expected - 1, 0);
            }
        }
    }
}

/// With nothing to commit for this long, the logged sets go into the state database.
const IDLE_CHECKPOINT: Duration = Duration::from_millis(100);

/// The commit thread's state: the database, the log, and the sets on their way from one to the other.
struct Durable {
    db: Option<redb::Database>,
    path: std::path::PathBuf,
    log: wal::Log,
    /// False after a log write failed: commits go to the state database directly until one succeeds.
    log_ok: bool,
    /// Durable in the log, not yet in the database, in order.
    logged: Vec<ChangeSet>,
    /// Neither (their commit failed), in order after `logged`.
    unwritten: Vec<ChangeSet>,
}

impl Durable {
    /// Make `unwritten` durable with one log record.
    fn append(&mut self) -> Result<(), String> {
        match self.log.append(self.unwritten.iter()) {
            Ok(()) => {
                self.logged.append(&mut self.unwritten);
                Ok(())
            }
            Err(e) => {
                eprintln!(
                    "dynamodel-server: could not write {}: {e}; the changes are kept and written to the state file",
                    wal::path_of(&self.path).display()
                );
                self.log_ok = false;
                Err(e.to_string())
            }
        }
    }

    /// Write every set not yet in the database into it, in one durable commit that also records the
    /// last log record it holds; the log then starts again.
    fn checkpoint(&mut self) -> Result<(), String> {
        if self.logged.is_empty() && self.unwritten.is_empty() {
            return Ok(());
        }
        if self.db.is_none() {
            // After a failed commit redb refuses further writes until the file is opened again.
            self.db = super::reopen(&self.path).map_err(|e| eprintln!("dynamodel-server: {e}")).ok();
        }
        let outcome = match &self.db {
            Some(d) => commit(d, self.logged.iter().chain(self.unwritten.iter()), self.log.last_seq()),
            None => Err(format!("{} could not be opened again after an error", self.path.display())),
        };
        match &outcome {
            Ok(()) => {
                self.logged.clear();
                self.unwritten.clear();
                self.log.restart();
                self.log_ok = true;
            }
            Err(e) => {
                eprintln!("dynamodel-server: could not write {}: {e}; the changes are kept and written with the next commit", self.path.display());
                self.db = None;
            }
        }
        outcome
    }
}

fn run(db: redb::Database, path: std::path::PathBuf, log: wal::Log, rx: mpsc::Receiver<Job>) {
    let mut d = Durable { db: Some(db), path, log, log_ok: true, logged: Vec::new(), unwritten: Vec::new() };
    if let Err(e) = d.log.preallocate() {
        // Appends still work (each one then also writes the file's new size); a disk that is full
        // shows up with the first commit.
        eprintln!("dynamodel-server: could not write {} in advance: {e}", wal::path_of(&d.path).display());
    }
    let (mut writers, mut last_commit) = (Writers::default(), Duration::ZERO);
    loop {
        let first = if d.logged.is_empty() {
            match rx.recv() {
                Ok(job) => job,
                Err(_) => return,
            }
        } else {
            match rx.recv_timeout(IDLE_CHECKPOINT) {
                Ok(job) => job,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let _ = d.checkpoint();
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => return,
            }
        };
        let batch = gather(&rx, first, writers.expected, last_commit);
        writers.saw(batch.len());
        let mut waiting = Vec::with_capacity(batch.len());
        let mut close = None;
        for job in batch {
            match job {
                Job::Write(set, ack) => {
                    d.unwritten.push(set);
                    waiting.push(ack);
                }
                Job::Close(clock, ack) => {
                    d.unwritten.push(ChangeSet { changes: Vec::new(), clock });
                    close = Some(ack);
                }
            }
        }
        let started = Instant::now();
        let outcome = if close.is_some() || !d.log_ok { d.checkpoint() } else { d.append() };
        last_commit = started.elapsed();
        for ack in waiting {
            let _ = ack.send(outcome.clone());
        }
        if let Some(ack) = close {
            // Everything is in the database: the log is no longer needed. Dropping the database
            // marks it cleanly closed, so the next start needs no repair.
            if outcome.is_ok() {
                let _ = std::fs::remove_file(wal::path_of(&d.path));
            }
            drop(d);
            let _ = ack.send(outcome);
            return;
        }
        if d.log.written() >= wal::CHECKPOINT_BYTES {
            let _ = d.checkpoint();
        }
    }
}
