//! The write-ahead log beside the state database (`FILE-wal`): what makes a group of writes durable
//! with one sequential write and one fdatasync.
//!
//! A redb commit copies every B-tree page it changes to a free page anywhere in the file and fsyncs
//! them all: a dozen scattered pages and the CPU to copy, checksum and track them, for a few PutItems.
//! Here a group commit is one record appended to a file written in advance (so the fdatasync has no
//! size or extent to journal), and the state database takes the logged change sets in large batches
//! (`commit::checkpoint`): one redb commit for thousands of writes. The log is then written from its
//! start again.
//!
//! A record is `MAGIC, seq (u64), length (u32), CRC-32 of seq, length and payload, payload`. Sequence
//! numbers never repeat in a database's life: the `meta` row `wal` holds the last one the database
//! contains, so after a crash the records after it — read from the start of the log, consecutive,
//! each whole and checked — are replayed, and a record of an earlier round, a torn write or the zeros
//! of the unwritten part end the log.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use engine::changes::{Change, ChangeSet};

const MAGIC: &[u8; 4] = b"DMWL";
const HEAD: usize = 4 + 8 + 4 + 4;

/// Bytes written in advance; a checkpoint is due once the log reaches half of it, so a checkpoint
/// that fails now and then still leaves room. Records beyond it grow the file (slower, still correct).
pub const PREALLOCATED: u64 = 16 << 20;
pub const CHECKPOINT_BYTES: u64 = PREALLOCATED / 2;

pub fn path_of(state: &Path) -> PathBuf {
    let mut name = state.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push("-wal");
    state.with_file_name(name)
}

/// The log open for appending.
pub struct Log {
    file: File,
    /// Where the next record goes.
    offset: u64,
    /// The next record's sequence number.
    next_seq: u64,
    buf: Vec<u8>,
}

impl Log {
    /// Open (or create) the log at `path` to write records from its start, numbered after `last_seq`
    /// (the last sequence number the state database contains).
    pub fn open(path: &Path, last_seq: u64) -> io::Result<Log> {
        let file = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path)?;
        sync_dir(path)?;
        Ok(Log { file, offset: 0, next_seq: last_seq + 1, buf: Vec::new() })
    }

    /// Write the log's first [`PREALLOCATED`] bytes in advance, if they are not yet: real zeros, not a
    /// sparse or fallocated range, so overwriting them later changes no file metadata and an
    /// fdatasync writes only the record's pages. The commit thread does it as it starts, so opening
    /// the server does not wait for it.
    pub fn preallocate(&mut self) -> io::Result<()> {
        let len = self.file.metadata()?.len();
        if len < PREALLOCATED {
            let zeros = vec![0u8; 1 << 20];
            let mut at = len.max(self.offset);
            while at < PREALLOCATED {
                self.file.write_all_at(&zeros, at)?;
                at += zeros.len() as u64;
            }
            self.file.sync_all()?;
        }
        Ok(())
    }

    /// The sequence number of the last record written (or of the state database's content).
    pub fn last_seq(&self) -> u64 {
        self.next_seq - 1
    }

    /// Bytes written since the log was last started again.
    pub fn written(&self) -> u64 {
        self.offset
    }

    /// Append one record holding `sets` and make it durable.
    pub fn append<'a>(&mut self, sets: impl Iterator<Item = &'a ChangeSet>) -> io::Result<()> {
        self.buf.clear();
        self.buf.extend_from_slice(&[0; HEAD]);
        for set in sets {
            encode_set(&mut self.buf, set);
        }
        let len = u32::try_from(self.buf.len() - HEAD).map_err(|_| io::Error::other("a log record over 4 GiB"))?;
        self.buf[..4].copy_from_slice(MAGIC);
        self.buf[4..12].copy_from_slice(&self.next_seq.to_le_bytes());
        self.buf[12..16].copy_from_slice(&len.to_le_bytes());
        let check = record_crc(&self.buf[4..16], &self.buf[HEAD..]);
        self.buf[16..20].copy_from_slice(&check.to_le_bytes());
        let written = self.file.write_all_at(&self.buf, self.offset).and_then(|()| self.file.sync_data());
        if written.is_err() {
            // What reached the disk is unknown: this number is never used again, so a record
            // that did land is at most the same as one the state database already holds.
            self.next_seq += 1;
            return written;
        }
        self.offset += self.buf.len() as u64;
        self.next_seq += 1;
        Ok(())
    }

    /// Everything logged is in the state database (up to [`Log::last_seq`]): write from the start again.
    pub fn restart(&mut self) {
        self.offset = 0;
    }
}

fn sync_dir(path: &Path) -> io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    File::open(dir)?.sync_all()
}

fn record_crc(head: &[u8], payload: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(head);
    h.update(payload);
    h.finalize()
}

/// The change sets of the records after `last_seq` in the log at `path` (none if there is no log),
/// and the sequence number of the last of them.
pub fn read(path: &Path, last_seq: u64) -> io::Result<(Vec<ChangeSet>, u64)> {
    let mut bytes = Vec::new();
    match File::open(path) {
        Ok(mut f) => f.read_to_end(&mut bytes)?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((Vec::new(), last_seq)),
        Err(e) => return Err(e),
    };
    let mut sets = Vec::new();
    let mut seq = last_seq;
    let mut rest = bytes.as_slice();
    while let Some((payload, after)) = record(rest, seq + 1) {
        let mut r = Reader(payload);
        let mut decoded = Vec::new();
        while !r.0.is_empty() {
            match decode_set(&mut r) {
                Some(set) => decoded.push(set),
                // A record whose check holds but whose content does not decode: written by
                // something else; end the log here as for a torn record.
                None => return Ok((sets, seq)),
            }
        }
        sets.extend(decoded);
        seq += 1;
        rest = after;
    }
    Ok((sets, seq))
}

/// The payload of the record at the start of `bytes` if it is whole, checked and numbered `seq`.
fn record(bytes: &[u8], seq: u64) -> Option<(&[u8], &[u8])> {
    let head = bytes.get(..HEAD)?;
    if &head[..4] != MAGIC || u64::from_le_bytes(head[4..12].try_into().ok()?) != seq {
        return None;
    }
    let len = u32::from_le_bytes(head[12..16].try_into().ok()?) as usize;
    let payload = bytes.get(HEAD..HEAD.checked_add(len)?)?;
    (u32::from_le_bytes(head[16..20].try_into().ok()?) == record_crc(&head[4..16], payload))
        .then(|| (payload, &bytes[HEAD + len..]))
}

fn put_bytes(out: &mut Vec<u8>, b: &[u8]) {
    out.extend_from_slice(&(b.len() as u32).to_le_bytes());
    out.extend_from_slice(b);
}

fn encode_set(out: &mut Vec<u8>, set: &ChangeSet) {
    out.extend_from_slice(&set.clock.to_le_bytes());
    out.extend_from_slice(&(set.changes.len() as u32).to_le_bytes());
    for change in &set.changes {
        match change {
            Change::Header { table, header } => {
                out.push(0);
                put_bytes(out, table.as_bytes());
                put_bytes(out, header);
            }
            Change::Dropped { table } => {
                out.push(1);
                put_bytes(out, table.as_bytes());
            }
            Change::Item { table, key, item } => {
                out.push(if item.is_some() { 2 } else { 3 });
                put_bytes(out, table.as_bytes());
                put_bytes(out, key);
                if let Some(item) = item {
                    put_bytes(out, item);
                }
            }
            Change::Record { table, seq, record } => {
                out.push(4);
                put_bytes(out, table.as_bytes());
                out.extend_from_slice(&seq.to_le_bytes());
                put_bytes(out, record);
            }
            Change::Trimmed { table, below } => {
                out.push(5);
                put_bytes(out, table.as_bytes());
                out.extend_from_slice(&below.to_le_bytes());
            }
        }
    }
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, rest) = (self.0.get(..n)?, self.0.get(n..)?);
        self.0 = rest;
        Some(head)
    }
    fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
    fn bytes(&mut self) -> Option<Vec<u8>> {
        let n = self.u32()? as usize;
        Some(self.take(n)?.to_vec())
    }
    fn string(&mut self) -> Option<String> {
        String::from_utf8(self.bytes()?).ok()
    }
}

fn decode_set(r: &mut Reader<'_>) -> Option<ChangeSet> {
    let clock = r.u64()?;
    let n = r.u32()? as usize;
    let mut changes = Vec::with_capacity(n.min(r.0.len()));
    for _ in 0..n {
        let change = match r.u8()? {
            0 => Change::Header { table: r.string()?, header: r.bytes()? },
            1 => Change::Dropped { table: r.string()? },
            2 => Change::Item { table: r.string()?, key: r.bytes()?, item: Some(r.bytes()?) },
            3 => Change::Item { table: r.string()?, key: r.bytes()?, item: None },
            4 => Change::Record { table: r.string()?, seq: r.u64()?, record: r.bytes()? },
            5 => Change::Trimmed { table: r.string()?, below: r.u64()? },
            _ => return None,
        };
        changes.push(change);
    }
    Some(ChangeSet { changes, clock })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(n: u64) -> ChangeSet {
        ChangeSet {
            clock: 1000 + n,
            changes: vec![
                Change::Header { table: "t".into(), header: b"{}".to_vec() },
                Change::Item { table: "t".into(), key: vec![1, 2, n as u8], item: Some(vec![9; 40]) },
                Change::Item { table: "t".into(), key: vec![3], item: None },
                Change::Record { table: "t".into(), seq: 7 + n, record: b"rec".to_vec() },
                Change::Trimmed { table: "t".into(), below: 5 },
                Change::Dropped { table: "u".into() },
            ],
        }
    }

    #[test]
    fn records_after_the_stored_sequence_are_read_back_and_nothing_else() {
        let dir = std::env::temp_dir().join(format!("dynamodel-wal-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join("db-wal");
        let _ = std::fs::remove_file(&path);
        let mut log = Log::open(&path, 10).unwrap();
        log.preallocate().unwrap();
        log.append([sample(1), sample(2)].iter()).unwrap();
        log.append([sample(3)].iter()).unwrap();
        assert_eq!(log.last_seq(), 12);
        assert_eq!(read(&path, 10).unwrap(), (vec![sample(1), sample(2), sample(3)], 12));
        // A database that holds them all (a checkpoint made, the log not written since) reads none.
        assert_eq!(read(&path, 12).unwrap(), (vec![], 12));
        // After a checkpoint the log starts again; the old records are not taken for new ones.
        log.restart();
        assert_eq!(read(&path, 12).unwrap(), (vec![], 12));
        log.append([sample(4)].iter()).unwrap();
        assert_eq!(read(&path, 12).unwrap(), (vec![sample(4)], 13));
        // A torn record ends the log.
        let bytes = std::fs::read(&path).unwrap();
        for cut in [HEAD - 1, HEAD + 5] {
            let mut torn = bytes.clone();
            torn[cut] ^= 0x40;
            std::fs::write(&path, &torn).unwrap();
            assert_eq!(read(&path, 12).unwrap(), (vec![], 12), "flip at {cut}");
        }
        assert_eq!(read(&dir.join("absent"), 3).unwrap(), (vec![], 3));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
