//! The `--state FILE` format and its atomic, crash-safe writing.
//!
//! A crash can happen at any byte of a write, so the file is never written in place: the snapshot goes
//! to `FILE.tmp`, is fsynced, renamed over `FILE` (atomic on POSIX), and the directory is fsynced so the
//! rename itself survives power loss. Whatever the crash point, `FILE` is the old or the new state.
//!
//! Corruption from outside (a truncated copy, a bad disk, an edit) must be *reported*, never answered by
//! starting empty and overwriting the user's data, so the file carries its own length and CRC-32:
//!
//! ```text
//! DYNAMODEL-STATE 1 <body length> <crc32 hex>\n
//! <body: the engine's snapshot JSON>
//! ```
//!
//! A lock file (`FILE.lock`, advisory `flock`) stops two servers from sharing one state file.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use engine::db::Database;
use engine::error::ApiError;

const MAGIC: &str = "DYNAMODEL-STATE";
const VERSION: u32 = 1;

#[derive(Debug)]
pub enum StateError {
    Io { path: PathBuf, error: io::Error },
    Locked { path: PathBuf },
    NotAStateFile { path: PathBuf },
    UnsupportedVersion { path: PathBuf, version: String },
    Truncated { path: PathBuf, expected: u64, found: u64 },
    Checksum { path: PathBuf, expected: u32, found: u32 },
    Json { path: PathBuf, error: serde_json::Error },
    Restore { path: PathBuf, error: ApiError },
}

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hint = "the file was left untouched; move it aside to start empty, or restore a backup";
        match self {
            StateError::Io { path, error } => write!(f, "state file {}: {error}", path.display()),
            StateError::Locked { path } => {
                write!(f, "state file {} is in use by another dynamodel-server (lock held on its .lock file)", path.display())
            }
            StateError::NotAStateFile { path } => {
                write!(f, "state file {} is corrupt or not a dynamodel state file (bad header); {hint}", path.display())
            }
            StateError::UnsupportedVersion { path, version } => {
                write!(f, "state file {} has format version {version}, this server reads version {VERSION}; {hint}", path.display())
            }
            StateError::Truncated { path, expected, found } => write!(
                f,
                "state file {} is corrupt: truncated or extended (header says {expected} bytes, found {found}); {hint}",
                path.display()
            ),
            StateError::Checksum { path, expected, found } => write!(
                f,
                "state file {} is corrupt: checksum mismatch (header {expected:08x}, content {found:08x}); {hint}",
                path.display()
            ),
            StateError::Json { path, error } => write!(f, "state file {} is corrupt: invalid JSON ({error}); {hint}", path.display()),
            StateError::Restore { path, error } => {
                write!(f, "state file {} could not be loaded by this engine version: {error}; {hint}", path.display())
            }
        }
    }
}

impl std::error::Error for StateError {}

/// Frame a snapshot for disk.
pub fn encode(snapshot: &serde_json::Value) -> Result<Vec<u8>, serde_json::Error> {
    let body = serde_json::to_vec(snapshot)?;
    let mut out = format!("{MAGIC} {VERSION} {} {:08x}\n", body.len(), crc32fast::hash(&body)).into_bytes();
    out.extend_from_slice(&body);
    Ok(out)
}

/// Check the frame and parse the snapshot; every failure names the file and what is wrong with it.
pub fn decode(path: &Path, bytes: &[u8]) -> Result<serde_json::Value, StateError> {
    let not_state = || StateError::NotAStateFile { path: path.to_owned() };
    let newline = bytes.iter().take(128).position(|b| *b == b'\n').ok_or_else(not_state)?;
    let header = std::str::from_utf8(&bytes[..newline]).map_err(|_| not_state())?;
    let body = &bytes[newline + 1..];
    let fields: Vec<&str> = header.split(' ').collect();
    let [magic, version, len, crc] = fields[..] else { return Err(not_state()) };
    if magic != MAGIC {
        return Err(not_state());
    }
    if version != VERSION.to_string() {
        return Err(StateError::UnsupportedVersion { path: path.to_owned(), version: version.to_owned() });
    }
    let expected_len: u64 = len.parse().map_err(|_| not_state())?;
    let expected_crc = u32::from_str_radix(crc, 16).map_err(|_| not_state())?;
    if body.len() as u64 != expected_len {
        return Err(StateError::Truncated { path: path.to_owned(), expected: expected_len, found: body.len() as u64 });
    }
    let found_crc = crc32fast::hash(body);
    if found_crc != expected_crc {
        return Err(StateError::Checksum { path: path.to_owned(), expected: expected_crc, found: found_crc });
    }
    serde_json::from_slice(body).map_err(|error| StateError::Json { path: path.to_owned(), error })
}

/// An opened, locked state file.
pub struct StateFile {
    path: PathBuf,
    tmp: PathBuf,
    /// Held for the life of the server; the OS releases the lock when the process ends, even on a crash.
    _lock: File,
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(suffix);
    path.with_file_name(name)
}

impl StateFile {
    /// Lock `path` and load it if it exists (`None` when there is no state yet).
    pub fn open(path: &Path) -> Result<(StateFile, Option<Database>), StateError> {
        let io_err = |p: &Path| {
            let p = p.to_owned();
            move |error| StateError::Io { path: p, error }
        };
        let lock_path = sibling(path, ".lock");
        let lock = OpenOptions::new().create(true).truncate(false).write(true).open(&lock_path).map_err(io_err(&lock_path))?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => return Err(StateError::Locked { path: path.to_owned() }),
            Err(fs::TryLockError::Error(error)) => return Err(StateError::Io { path: lock_path, error }),
        }
        let file = StateFile { path: path.to_owned(), tmp: sibling(path, ".tmp"), _lock: lock };
        let bytes = match fs::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((file, None)),
            Err(error) => return Err(StateError::Io { path: path.to_owned(), error }),
        };
        let snapshot = decode(path, &bytes)?;
        let db = Database::restore(&snapshot).map_err(|error| StateError::Restore { path: path.to_owned(), error })?;
        Ok((file, Some(db)))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Replace the file's content atomically and durably.
    pub fn write(&self, framed: &[u8]) -> io::Result<()> {
        {
            let mut tmp = OpenOptions::new().create(true).truncate(true).write(true).open(&self.tmp)?;
            tmp.write_all(framed)?;
            tmp.sync_all()?;
        }
        fs::rename(&self.tmp, &self.path)?;
        let dir = match self.path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        File::open(dir)?.sync_all()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_round_trip_and_damage() {
        let p = Path::new("s.state");
        let v = serde_json::json!({"tables": [{"name": "t", "items": [1, 2, 3]}]});
        let framed = encode(&v).unwrap_or_default();
        assert_eq!(decode(p, &framed).ok(), Some(v));
        // Every truncation and every single-byte flip is detected.
        for cut in 0..framed.len() {
            assert!(decode(p, &framed[..cut]).is_err(), "cut at {cut}");
        }
        for i in 0..framed.len() {
            let mut bad = framed.clone();
            bad[i] ^= 0x01;
            assert!(decode(p, &bad).is_err(), "flip at {i}");
        }
        assert!(matches!(decode(p, b"{\"tables\":[]}\n"), Err(StateError::NotAStateFile { .. })));
    }
}
