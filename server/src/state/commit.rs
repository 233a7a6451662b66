//! Group commit: one thread owns the write-ahead logs ([`wal`]) and makes change sets durable as they
//! arrive; every set that arrived while the previous commit was being made goes into the next one, so
//! concurrent writers share one log record and one fdatasync. A request's reply waits for the commit
//! holding its set.
//!
//! The logged sets go into the state database in large batches (a checkpoint: when the log reaches
//! [`wal::CHECKPOINT_BYTES`], after [`IDLE_CHECKPOINT`] without writes, and at a clean stop), one redb
//! commit for thousands of writes instead of one per group. Checkpoints run on their own thread
//! ([`super::checkpoint`]) while this one appends to the other log: the two logs take turns, and a log is
//! written again only once the database holds all of it.
//!
//! Sets are queued in the order the engine ran the requests (the caller queues while it still holds
//! the engine's lock), so the logs and the store always move through states the engine went through. A
//! request's set is written whole into one log record and applied whole inside one transaction: a
//! batch or a transaction is one atomic commit.
//!
//! A commit that fails (disk full, I/O error) answers its requests with an error, but its sets are
//! kept and written first by the next commit: the engine already holds those changes, and later sets
//! build on them. After a failed log write, commits go to the state database directly (and wait for
//! it) until one succeeds.

use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use engine::changes::ChangeSet;
use tokio::sync::oneshot;

use super::checkpoint::{Batch, Checkpointer, Done};
use super::wal;

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
    pub fn start(db: redb::Database, path: std::path::PathBuf, logs: wal::Logs) -> std::io::Result<Committer> {
        let (jobs, rx) = mpsc::channel();
        let checkpointer = Checkpointer::start(db, path)?;
        let thread = std::thread::Builder::new().name("state-commit".to_owned()).spawn(move || run(checkpointer, logs, rx))?;
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


/// Collect the jobs for the next commit: the first and every job already waiting. A commit does not
/// wait for more writers: under load the next ones arrive while this commit's fdatasync runs and share
/// the commit after it; waiting for the last commit's writers to come back costs 15–25 % of the durable
/// PutItem and mixed throughput at 8 connections.
fn gather(rx: &mpsc::Receiver<Job>, first: Job) -> Vec<Job> {
    let mut batch = vec![first];
    batch.extend(rx.try_iter());
    batch
}

/// With nothing to commit for this long, the logged sets go into the state database.
const IDLE_CHECKPOINT: Duration = Duration::from_millis(100);

/// The commit thread's state: the logs, and the sets on their way from them to the database.
struct Durable {
    logs: [wal::Log; 2],
    /// The log appended to.
    active: usize,
    next_seq: u64,
    /// For each log, the last of its records handed to the checkpoint thread and not yet known to be
    /// in the database: the log is not written again until they are.
    busy: [Option<u64>; 2],
    checkpointer: Checkpointer,
    next_batch: u64,
    /// The second log's zeros, written while the first one takes the first commits.
    zeros: Option<std::thread::JoinHandle<std::io::Result<()>>>,
    /// False after a log write failed: commits go to the state database directly until one succeeds.
    log_ok: bool,
    /// Durable in the active log, not yet handed to the checkpoint thread, in order.
    logged: Vec<ChangeSet>,
    /// Neither (their commit failed), in order after `logged`.
    unwritten: Vec<ChangeSet>,
}

impl Durable {
    /// Make `unwritten` durable with one log record.
    fn append(&mut self) -> Result<(), String> {
        let seq = self.next_seq;
        self.next_seq += 1;
        let log = &mut self.logs[self.active];
        match log.append(seq, self.unwritten.iter()) {
            Ok(()) => {
                self.logged.append(&mut self.unwritten);
                Ok(())
            }
            Err(e) => {
                eprintln!("dynamodel-server: could not write {}: {e}; the changes are kept and written to the state file", log.path.display());
                self.log_ok = false;
                Err(e.to_string())
            }
        }
    }

    fn send(&mut self, sets: Vec<ChangeSet>) -> u64 {
        self.next_batch += 1;
        self.checkpointer.send(Batch { sets, upto: self.next_seq - 1, id: self.next_batch });
        self.next_batch
    }

    fn heard(&mut self, done: &Done) {
        if let Some(upto) = done.durable {
            for busy in &mut self.busy {
                if busy.is_some_and(|b| b <= upto) {
                    *busy = None;
                }
            }
        }
    }

    /// Take note of the checkpoints made since last asked.
    fn poll(&mut self) {
        while let Ok(done) = self.checkpointer.done.try_recv() {
            self.heard(&done);
        }
    }

    /// Hand the active log's sets to the checkpoint thread and append to the other log from now on,
    /// if the other log's own checkpoint is made (otherwise the active log goes on growing).
    fn rotate(&mut self) {
        if self.logged.is_empty() {
            return;
        }
        self.poll();
        let other = 1 - self.active;
        if self.busy[other].is_some() {
            return;
        }
        self.zeros_written();
        let sets = std::mem::take(&mut self.logged);
        self.send(sets);
        self.busy[self.active] = Some(self.next_seq - 1);
        self.active = other;
        self.logs[other].restart();
    }

    /// Wait for the second log's zeros, if they are still being written.
    fn zeros_written(&mut self) {
        if let Some(zeros) = self.zeros.take() {
            if let Ok(Err(e)) = zeros.join() {
                // Appends still work (each one then also writes the file's new size).
                eprintln!("dynamodel-server: could not write {} in advance: {e}", self.logs[1].path.display());
            }
        }
    }

    /// Write every set not yet in the database into it, after the checkpoints under way, and wait:
    /// the way around a log that cannot be written, and the last commit at a clean stop.
    fn write_through(&mut self) -> Result<(), String> {
        let mut sets = std::mem::take(&mut self.logged);
        sets.append(&mut self.unwritten);
        let id = self.send(sets);
        self.busy[self.active] = Some(self.next_seq - 1);
        loop {
            let Ok(done) = self.checkpointer.done.recv() else {
                return Err("the checkpoint thread has stopped".to_owned());
            };
            self.heard(&done);
            if done.id.is_some_and(|d| d >= id) {
                return match done.error {
                    None => {
                        // Everything logged is in the database: the active log starts again.
                        self.logs[self.active].restart();
                        self.log_ok = true;
                        Ok(())
                    }
                    Some(e) => Err(e),
                };
            }
        }
    }
}

fn run(checkpointer: Checkpointer, logs: wal::Logs, rx: mpsc::Receiver<Job>) {
    let wal::Logs { files, last_seq } = logs;
    let mut d = Durable {
        logs: files,
        active: 0,
        next_seq: last_seq + 1,
        busy: [None, None],
        checkpointer,
        next_batch: 0,
        zeros: None,
        log_ok: true,
        logged: Vec::new(),
        unwritten: Vec::new(),
    };
    if let Err(e) = d.logs[0].preallocate() {
        // Appends still work (each one then also writes the file's new size); a disk that is full
        // shows up with the first commit.
        eprintln!("dynamodel-server: could not write {} in advance: {e}", d.logs[0].path.display());
    }
    match d.logs[1].preallocate_in_background() {
        Ok(zeros) => d.zeros = Some(zeros),
        Err(e) => eprintln!("dynamodel-server: could not write {} in advance: {e}", d.logs[1].path.display()),
    }
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
                    d.rotate();
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => return,
            }
        };
        let batch = gather(&rx, first);
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
        let outcome = if close.is_some() || !d.log_ok { d.write_through() } else { d.append() };
        for ack in waiting {
            let _ = ack.send(outcome.clone());
        }
        if let Some(ack) = close {
            // Everything is in the database: the logs are no longer needed. Closing the database
            // marks it cleanly closed, so the next start needs no repair.
            d.zeros_written();
            if outcome.is_ok() {
                for log in &d.logs {
                    let _ = std::fs::remove_file(&log.path);
                }
            }
            d.checkpointer.stop();
            drop(d);
            let _ = ack.send(outcome);
            return;
        }
        if d.logs[d.active].written() >= wal::CHECKPOINT_BYTES {
            d.rotate();
        }
    }
}
