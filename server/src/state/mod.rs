//! `--state FILE`: the database kept in an embedded database (redb), written as it changes.
//!
//! The engine stays in memory and answers every request; the state database is its durable copy. After
//! each request the engine reports what it changed (`engine::changes`), and [`commit::Committer`]
//! writes exactly that, many requests per transaction and fsync. At start the rows are read once into
//! the engine ([`load`]). The schema is in [`rows`].
//!
//! A file in the snapshot format of earlier servers ([`legacy`]) is migrated on first start: the new
//! database is written beside it and renamed over it, and the original is kept as `FILE.v1-backup`.
//! Damage is reported, never answered by starting empty: the server stops with a message naming the
//! file and the problem, and leaves the file as it is.

pub mod checkpoint;
pub mod commit;
pub mod legacy;
pub mod load;
pub mod rows;
pub mod wal;

use std::fs::{self, File};
use std::io::{self, Read};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use engine::db::Database;

use load::LoadError;

/// redb's page cache. The engine holds every item in memory already; the cache only has to hold the
/// pages a commit rewrites.
const CACHE_BYTES: usize = 64 << 20;

#[derive(Debug)]
pub enum StateError {
    Io { path: PathBuf, error: io::Error },
    Locked { path: PathBuf },
    NotAStateFile { path: PathBuf },
    Format { path: PathBuf, found: String },
    Damaged { path: PathBuf, problem: String },
    Legacy { path: PathBuf, error: legacy::LegacyError },
}

const HINT: &str = "the file was left untouched; move it aside to start empty, or restore a backup";

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StateError::Io { path, error } => write!(f, "state file {}: {error}", path.display()),
            StateError::Locked { path } => write!(f, "state file {} is in use by another dynamodel-server", path.display()),
            StateError::NotAStateFile { path } => write!(f, "state file {} is not a dynamodel state database; {HINT}", path.display()),
            StateError::Format { path, found } => {
                write!(f, "state file {} has layout {found:?}, this server reads {:?}; {HINT}", path.display(), String::from_utf8_lossy(rows::FORMAT))
            }
            StateError::Damaged { path, problem } => write!(f, "state file {} is damaged: {problem}; {HINT}", path.display()),
            StateError::Legacy { path, error } => write!(
                f,
                "state file {} (snapshot format of earlier servers) cannot be migrated: {error}; {HINT}",
                path.display()
            ),
        }
    }
}

impl std::error::Error for StateError {}

/// An opened state database and what it holds.
pub struct Opened {
    pub file: redb::Database,
    /// The database it holds; `None` for a new file, which [`initialize`] must then write.
    pub loaded: Option<Database>,
    /// Its write-ahead logs, replayed and ready for the next records.
    pub logs: wal::Logs,
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(suffix);
    path.with_file_name(name)
}

fn builder() -> redb::Builder {
    let mut b = redb::Builder::new();
    b.set_cache_size(CACHE_BYTES);
    b.set_repair_callback(|session: &mut redb::RepairSession| {
        if session.progress() == 0.0 {
            eprintln!("dynamodel-server: the state file was not closed cleanly; checking and repairing it");
        }
    });
    b
}

fn redb_error(path: &Path, e: redb::DatabaseError) -> StateError {
    let path = path.to_owned();
    match e {
        redb::DatabaseError::DatabaseAlreadyOpen | redb::DatabaseError::LockProtocolMismatch => StateError::Locked { path },
        redb::DatabaseError::UpgradeRequired(v) => StateError::Format { path, found: format!("redb file format {v}") },
        redb::DatabaseError::Storage(redb::StorageError::Io(error)) => StateError::Io { path, error },
        other => StateError::Damaged { path, problem: other.to_string() },
    }
}

/// Open the state database after a failed commit (the committer's thread only).
pub fn reopen(path: &Path) -> Result<redb::Database, StateError> {
    builder().open(path).map_err(|e| redb_error(path, e))
}

/// The first bytes of `path`, or `None` when there is no such file.
fn head(path: &Path) -> Result<Option<Vec<u8>>, StateError> {
    let io_err = |error| StateError::Io { path: path.to_owned(), error };
    let mut file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_err(e)),
    };
    let mut buf = Vec::with_capacity(16);
    file.by_ref().take(16).read_to_end(&mut buf).map_err(io_err)?;
    Ok(Some(buf))
}

/// Open (creating it if need be, migrating a snapshot file) and load the state database at `path`.
pub fn open(path: &Path) -> Result<Opened, StateError> {
    match head(path)? {
        Some(h) if h.starts_with(legacy::MAGIC) => migrate(path)?,
        // An empty file (from `mktemp`, say) is a new database; anything else must be redb's.
        Some(h) if !h.is_empty() && !h.starts_with(b"redb") => return Err(StateError::NotAStateFile { path: path.to_owned() }),
        _ => {}
    }
    // redb reports some kinds of damage by panicking (in debug builds): catch that too.
    let opened = catch_unwind(AssertUnwindSafe(|| -> Result<Opened, StateError> {
        // Read through a read-only handle first, so a damaged file is refused without a byte of it
        // written; only a file that needs repair after an unclean stop is opened for writing first.
        let loaded = match builder().open_read_only(path) {
            Ok(file) => Some(load::load(&file).map_err(|e| load_error(path, e))?),
            Err(redb::DatabaseError::RepairAborted) => None,
            Err(redb::DatabaseError::Storage(redb::StorageError::Io(e))) if e.kind() == io::ErrorKind::NotFound => Some(None),
            Err(e) if head(path)?.is_none_or(|h| h.is_empty()) => {
                drop(e);
                Some(None)
            }
            Err(e) => return Err(redb_error(path, e)),
        };
        let file = builder().create(path).map_err(|e| redb_error(path, e))?;
        let mut loaded = match loaded {
            Some(loaded) => loaded,
            None => load::load(&file).map_err(|e| load_error(path, e))?,
        };
        let logs = if loaded.is_some() {
            let (logs, replayed) = replay(path, &file)?;
            if replayed {
                loaded = load::load(&file).map_err(|e| load_error(path, e))?;
            }
            logs
        } else {
            // Logs beside a new database belong to a database that is gone.
            remove_logs(path)?;
            wal::Logs::open(path, 0).map_err(|(path, error)| StateError::Io { path, error })?
        };
        Ok(Opened { file, loaded, logs })
    }));
    opened.unwrap_or_else(|_| Err(StateError::Damaged { path: path.to_owned(), problem: "its pages could not be read".to_owned() }))
}

/// Write the log records the database does not hold yet (after an unclean stop) into it, in one
/// commit; the logs are then ready to be written from their start. Says whether there were any.
fn replay(path: &Path, file: &redb::Database) -> Result<(wal::Logs, bool), StateError> {
    let paths = wal::paths_of(path);
    let damaged = |e: redb::Error| StateError::Damaged { path: path.to_owned(), problem: e.to_string() };
    let last = rows::wal_seq(file).map_err(damaged)?;
    let (sets, upto) = wal::read(&paths, last).map_err(|error| StateError::Io { path: paths[0].clone(), error })?;
    if !sets.is_empty() {
        rows::commit_sets(file, sets.iter(), upto).map_err(|problem| StateError::Damaged { path: path.to_owned(), problem })?;
    }
    let logs = wal::Logs::open(path, upto).map_err(|(path, error)| StateError::Io { path, error })?;
    Ok((logs, !sets.is_empty()))
}

fn remove_logs(path: &Path) -> Result<(), StateError> {
    for log_path in wal::paths_of(path) {
        match fs::remove_file(&log_path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(StateError::Io { path: log_path, error: e }),
            _ => {}
        }
    }
    Ok(())
}

fn load_error(path: &Path, e: LoadError) -> StateError {
    let path = path.to_owned();
    match e {
        LoadError::NotOurs => StateError::NotAStateFile { path },
        LoadError::Format(found) => StateError::Format { path, found },
        LoadError::Damaged(problem) => StateError::Damaged { path, problem },
        LoadError::Redb(redb::Error::Io(error)) => StateError::Io { path, error },
        LoadError::Redb(e) => StateError::Damaged { path, problem: e.to_string() },
    }
}

/// Write a new state database's first content: the format and config rows, and every table of `db`
/// (empty, or a loaded model, or a migrated snapshot), in one commit.
pub fn initialize(file: &redb::Database, db: &Database) -> Result<(), redb::Error> {
    let tx = file.begin_write()?;
    {
        let mut meta = tx.open_table(rows::META)?;
        meta.insert(rows::FORMAT_KEY, rows::FORMAT)?;
        meta.insert(rows::CONFIG_KEY, load::config_row(db.config()).as_slice())?;
    }
    {
        let mut w = rows::Writer::new(&tx);
        for change in db.all_changes() {
            w.apply(&change)?;
        }
        w.apply_set(&engine::changes::ChangeSet { changes: Vec::new(), clock: db.clock() })?;
        w.finish()?;
    }
    tx.commit()?;
    Ok(())
}

/// Replace a snapshot file by a state database holding the same database; the original stays as
/// `FILE.v1-backup`. Every step leaves either the snapshot or the new database at `path`.
fn migrate(path: &Path) -> Result<(), StateError> {
    let io_err = |p: &Path| {
        let p = p.to_owned();
        move |error| StateError::Io { path: p, error }
    };
    let db = legacy::load(path).map_err(io_err(path))?.map_err(|error| StateError::Legacy { path: path.to_owned(), error })?;
    remove_logs(path)?;
    let fresh = sibling(path, ".migrating");
    match fs::remove_file(&fresh) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(io_err(&fresh)(e)),
        _ => {}
    }
    {
        let file = builder().create(&fresh).map_err(|e| redb_error(&fresh, e))?;
        initialize(&file, &db).map_err(|e| StateError::Damaged { path: fresh.clone(), problem: e.to_string() })?;
    }
    let backup = sibling(path, ".v1-backup");
    let _ = fs::remove_file(&backup);
    if fs::hard_link(path, &backup).is_err() {
        fs::copy(path, &backup).map_err(io_err(&backup))?;
    }
    fs::rename(&fresh, path).map_err(io_err(path))?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    File::open(dir).and_then(|d| d.sync_all()).map_err(io_err(dir))?;
    let items: u64 = db.table_names().filter_map(|n| db.table(n)).map(|t| t.item_count).sum();
    eprintln!(
        "dynamodel-server: migrated {} from the snapshot format to a state database ({} tables, {items} items); the original is kept as {}",
        path.display(),
        db.table_names().count(),
        backup.display()
    );
    Ok(())
}
