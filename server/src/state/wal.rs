//! The write-ahead logs beside the state database (`FILE-wal` and `FILE-wal2`): what makes a group of
//! writes durable with one sequential write and one fdatasync.
//!
//! A redb commit copies every B-tree page it changes to a free page anywhere in the file and fsyncs
//! them all: a dozen scattered pages and the CPU to copy, checksum and track them, for a few PutItems.
//! Here a group commit is one record appended to a file written in advance (so the fdatasync has no
//! size or extent to journal), and the state database takes the logged change sets in large batches
//! (`checkpoint`): one redb commit for thousands of writes. The two logs take turns: writers append to
//! one while the other's records go into the state database on a thread of their own, so a
//! checkpoint — seconds on a large table — never holds up a reply. A log is written from its start
//! again once the state database holds every record in it.
//!
//! A record is `MAGIC, seq (u64), length (u32), CRC-32 of seq, length and payload, payload`. Sequence
//! numbers never repeat in a database's life and go up by one from record to record, across both
//! logs: the `meta` row `wal` holds the last one the database contains, so after a crash the records
//! after it are replayed — each log read from its start while its records are whole, checked and
//! consecutive (a torn write, a record of an earlier round or the zeros of the unwritten part end
//! it), the two merged by number, up to the first one missing.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use engine::changes::{Change, ChangeSet};

const MAGIC: &[u8; 4] = b"DMWL";
const HEAD: usize = 4 + 8 + 4 + 4;

/// Bytes written in advance in each log; a checkpoint is due once the log reaches half of it, so a log
/// that must wait for the other's checkpoint still has room. Records beyond it grow the file (slower,
/// still correct).
pub const PREALLOCATED: u64 = 16 << 20;
pub const CHECKPOINT_BYTES: u64 = PREALLOCATED / 2;

/// The two logs of the state database at `state`.
pub fn paths_of(state: &Path) -> [PathBuf; 2] {
    ["-wal", "-wal2"].map(|suffix| {
        let mut name = state.file_name().map(|n| n.to_os_string()).unwrap_or_default();
        name.push(suffix);
        state.with_file_name(name)
    })
}

/// A log open for appending.
pub struct Log {
    file: File,
    pub path: PathBuf,
    /// Where the next record goes.
    offset: u64,
    buf: Vec<u8>,
}

/// Both logs, and the sequence number of the last record the state database holds: the next record,
/// in either log, is numbered after it.
pub struct Logs {
    pub files: [Log; 2],
    pub last_seq: u64,
}

impl Logs {
    /// Open (or create) the logs of the state database at `state`, to write records from their start.
    pub fn open(state: &Path, last_seq: u64) -> Result<Logs, (PathBuf, io::Error)> {
        let [a, b] = paths_of(state);
        let open = |p: PathBuf| Log::open(&p).map_err(|e| (p, e));
        Ok(Logs { files: [open(a)?, open(b)?], last_seq })
    }
}

impl Log {
    /// Open (or create) the log at `path` to write records from its start.
    pub fn open(path: &Path) -> io::Result<Log> {
        let file = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path)?;
        sync_dir(path)?;
        Ok(Log { file, path: path.to_owned(), offset: 0, buf: Vec::new() })
    }

    /// Write the log's first [`PREALLOCATED`] bytes in advance, if they are not yet: real zeros, not a
    /// sparse or fallocated range, so overwriting them later changes no file metadata and an
    /// fdatasync writes only the record's pages. The commit thread does it as it starts, so opening
    /// the server does not wait for it.
    pub fn preallocate(&mut self) -> io::Result<()> {
        preallocate(&self.file, self.offset)
    }

    /// [`Log::preallocate`] on a thread of its own, for a log that is not written before the handle
    /// is joined: the first writes need not wait for the second log's zeros.
    pub fn preallocate_in_background(&self) -> io::Result<std::thread::JoinHandle<io::Result<()>>> {
        let (file, from) = (self.file.try_clone()?, self.offset);
        std::thread::Builder::new().name("state-wal-zeros".to_owned()).spawn(move || preallocate(&file, from))
    }

    /// Bytes written since the log was last started again.
    pub fn written(&self) -> u64 {
        self.offset
    }

    /// Append record `seq` holding `sets` and make it durable. A number whose write failed is never
    /// used again: what reached the disk is unknown, and the caller writes those sets into the state
    /// database directly, recording a number at least as large.
    pub fn append<'a>(&mut self, seq: u64, sets: impl Iterator<Item = &'a ChangeSet>) -> io::Result<()> {
        self.buf.clear();
        self.buf.extend_from_slice(&[0; HEAD]);
        for set in sets {
            encode_set(&mut self.buf, set);
        }
        let len = u32::try_from(self.buf.len() - HEAD).map_err(|_| io::Error::other("a log record over 4 GiB"))?;
        self.buf[..4].copy_from_slice(MAGIC);
        self.buf[4..12].copy_from_slice(&seq.to_le_bytes());
        self.buf[12..16].copy_from_slice(&len.to_le_bytes());
        let check = record_crc(&self.buf[4..16], &self.buf[HEAD..]);
        self.buf[16..20].copy_from_slice(&check.to_le_bytes());
        self.file.write_all_at(&self.buf, self.offset).and_then(|()| self.file.sync_data())?;
        self.offset += self.buf.len() as u64;
        Ok(())
    }

    /// Everything logged here is in the state database: write from the start again.
    pub fn restart(&mut self) {
        self.offset = 0;
    }
}

fn preallocate(file: &File, from: u64) -> io::Result<()> {
    let len = file.metadata()?.len();
    if len < PREALLOCATED {
        let zeros = vec![0u8; 1 << 20];
        let mut at = len.max(from);
        while at < PREALLOCATED {
            file.write_all_at(&zeros, at)?;
            at += zeros.len() as u64;
        }
        file.sync_all()?;
    }
    Ok(())
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

/// The change sets of the records after `last_seq` in the logs at `paths` (absent ones count as
/// empty), in order, and the sequence number of the last of them.
pub fn read(paths: &[PathBuf], last_seq: u64) -> io::Result<(Vec<ChangeSet>, u64)> {
    let mut records = Vec::new();
    for path in paths {
        let mut bytes = Vec::new();
        match File::open(path) {
            Ok(mut f) => f.read_to_end(&mut bytes)?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e),
        };
        records.extend(records_of(&bytes).into_iter().filter(|(seq, _)| *seq > last_seq));
    }
    records.sort_unstable_by_key(|(seq, _)| *seq);
    let mut sets = Vec::new();
    let mut seq = last_seq;
    for (n, decoded) in records {
        if n != seq + 1 {
            break;
        }
        sets.extend(decoded);
        seq = n;
    }
    Ok((sets, seq))
}

/// The records at the start of one log, decoded, while each is whole, checked and numbered one after
/// the one before.
fn records_of(bytes: &[u8]) -> Vec<(u64, Vec<ChangeSet>)> {
    let mut out: Vec<(u64, Vec<ChangeSet>)> = Vec::new();
    let mut rest = bytes;
    while let Some((seq, payload, after)) = record(rest) {
        if out.last().is_some_and(|(last, _)| seq != last + 1) {
            break;
        }
        let mut r = Reader(payload);
        let mut decoded = Vec::new();
        while !r.0.is_empty() {
            match decode_set(&mut r) {
                Some(set) => decoded.push(set),
                // A record whose check holds but whose content does not decode: written by
                // something else; end the log here as for a torn record.
                None => return out,
            }
        }
        out.push((seq, decoded));
        rest = after;
    }
    out
}

/// The number and payload of the record at the start of `bytes` if it is whole and checked.
fn record(bytes: &[u8]) -> Option<(u64, &[u8], &[u8])> {
    let head = bytes.get(..HEAD)?;
    if &head[..4] != MAGIC {
        return None;
    }
    let seq = u64::from_le_bytes(head[4..12].try_into().ok()?);
    let len = u32::from_le_bytes(head[12..16].try_into().ok()?) as usize;
    let payload = bytes.get(HEAD..HEAD.checked_add(len)?)?;
    (u32::from_le_bytes(head[16..20].try_into().ok()?) == record_crc(&head[4..16], payload))
        .then(|| (seq, payload, &bytes[HEAD + len..]))
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
        let paths = paths_of(&dir.join("db"));
        paths.iter().for_each(|p| drop(std::fs::remove_file(p)));
        let [mut a, mut b] = [Log::open(&paths[0]).unwrap(), Log::open(&paths[1]).unwrap()];
        a.preallocate().unwrap();
        a.append(11, [sample(1), sample(2)].iter()).unwrap();
        a.append(12, [sample(3)].iter()).unwrap();
        assert_eq!(read(&paths, 10).unwrap(), (vec![sample(1), sample(2), sample(3)], 12));
        // A database that holds them all (a checkpoint made, the log not written since) reads none.
        assert_eq!(read(&paths, 12).unwrap(), (vec![], 12));
        // The other log takes the next records while the first one's go into the database.
        b.append(13, [sample(4)].iter()).unwrap();
        b.append(14, [sample(5)].iter()).unwrap();
        assert_eq!(read(&paths, 10).unwrap(), (vec![sample(1), sample(2), sample(3), sample(4), sample(5)], 14));
        assert_eq!(read(&paths, 12).unwrap(), (vec![sample(4), sample(5)], 14));
        // After its checkpoint the first log starts again; its old records are not taken for new ones.
        a.restart();
        a.append(15, [sample(6)].iter()).unwrap();
        assert_eq!(read(&paths, 12).unwrap(), (vec![sample(4), sample(5), sample(6)], 15));
        assert_eq!(read(&paths, 14).unwrap(), (vec![sample(6)], 15));
        // A missing number ends the replay: nothing after a gap is taken.
        assert_eq!(read(&paths[..1], 12).unwrap(), (vec![], 12));
        // A torn record ends its log.
        let bytes = std::fs::read(&paths[0]).unwrap();
        for cut in [HEAD - 1, HEAD + 5] {
            let mut torn = bytes.clone();
            torn[cut] ^= 0x40;
            std::fs::write(&paths[0], &torn).unwrap();
            assert_eq!(read(&paths, 14).unwrap(), (vec![], 14), "flip at {cut}");
            assert_eq!(read(&paths, 12).unwrap(), (vec![sample(4), sample(5)], 14), "flip at {cut}");
        }
        assert_eq!(read(&[dir.join("absent")], 3).unwrap(), (vec![], 3));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
