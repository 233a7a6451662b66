//! The schema of the state database (redb) and the writing of a [`ChangeSet`] into it.
//!
//! | redb table | key | value |
//! |---|---|---|
//! | `meta` | `format`, `config`, `clock` | format name, region and account (JSON), the largest clock seen |
//! | `tables` | table name | the table's header (`engine::changes::header`) |
//! | `items:<table>` | encoded primary key | encoded item |
//! | `stream:<table>` | sequence number | stream record (JSON) |
//!
//! One redb table per DynamoDB table makes DeleteTable one `delete_table` and keeps each table's items
//! in key order for loading. Every value is framed with a CRC-32 of its key and value: redb checks its
//! pages only when it repairs after an unclean stop, and a damaged row must be reported, not loaded.

use engine::changes::{Change, ChangeSet};
use redb::{ReadableTable, TableDefinition, WriteTransaction};


pub const META: TableDefinition<&str, &[u8]> = TableDefinition::new("meta");
pub const TABLES: TableDefinition<&str, &[u8]> = TableDefinition::new("tables");

/// The `meta` row that marks a redb file as a Dynamodel state database, and its layout version.
pub const FORMAT_KEY: &str = "format";
pub const FORMAT: &[u8] = b"dynamodel-state 2";
pub const CONFIG_KEY: &str = "config";
pub const CLOCK_KEY: &str = "clock";
/// The sequence number of the last write-ahead log record the database holds (`super::wal`).
pub const WAL_KEY: &str = "wal";

pub fn items_name(table: &str) -> String {
    format!("items:{table}")
}

pub fn stream_name(table: &str) -> String {
    format!("stream:{table}")
}

fn items_def(name: &str) -> TableDefinition<'_, &'static [u8], &'static [u8]> {
    TableDefinition::new(name)
}

fn stream_def(name: &str) -> TableDefinition<'_, u64, &'static [u8]> {
    TableDefinition::new(name)
}

fn crc(key: &[u8], value: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(key);
    h.update(value);
    h.finalize()
}

/// `value` with its check in front.
pub fn frame(key: &[u8], value: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(4 + value.len());
    out.extend_from_slice(&crc(key, value).to_le_bytes());
    out.extend_from_slice(value);
    out
}

/// The value of a framed row, if its check holds.
pub fn unframe<'a>(key: &[u8], framed: &'a [u8]) -> Option<&'a [u8]> {
    let (check, value) = framed.split_first_chunk::<4>()?;
    (u32::from_le_bytes(*check) == crc(key, value)).then_some(value)
}

type ItemsTable<'t> = redb::Table<'t, &'static [u8], &'static [u8]>;
type StreamTable<'t> = redb::Table<'t, u64, &'static [u8]>;

/// Writes changes, in order, inside one write transaction.
pub struct Writer<'t> {
    tx: &'t WriteTransaction,
    /// The tables of the last changes, kept open while consecutive changes go to the same table.
    items: Option<(String, ItemsTable<'t>)>,
    stream: Option<(String, StreamTable<'t>)>,
    headers: Option<redb::Table<'t, &'static str, &'static [u8]>>,
    clock: u64,
    wal: Option<u64>,
}

impl<'t> Writer<'t> {
    pub fn new(tx: &'t WriteTransaction) -> Writer<'t> {
        Writer { tx, items: None, stream: None, headers: None, clock: 0, wal: None }
    }

    /// Apply every change of `set` and note its clock.
    pub fn apply_set(&mut self, set: &ChangeSet) -> Result<(), redb::Error> {
        self.clock = self.clock.max(set.clock);
        set.changes.iter().try_for_each(|c| self.apply(c))
    }

    pub fn apply(&mut self, change: &Change) -> Result<(), redb::Error> {
        match change {
            Change::Header { table, header } => {
                self.headers()?.insert(table.as_str(), frame(table.as_bytes(), header).as_slice())?;
            }
            Change::Dropped { table } => {
                self.headers()?.remove(table.as_str())?;
                let (items, stream) = (items_name(table), stream_name(table));
                // redb deletes only tables that are not open.
                if self.items.as_ref().is_some_and(|(n, _)| *n == items) {
                    self.items = None;
                }
                if self.stream.as_ref().is_some_and(|(n, _)| *n == stream) {
                    self.stream = None;
                }
                self.tx.delete_table(items_def(&items))?;
                self.tx.delete_table(stream_def(&stream))?;
            }
            Change::Item { table, key, item } => {
                let t = self.items(table)?;
                match item {
                    Some(item) => drop(t.insert(key.as_slice(), frame(key, item).as_slice())?),
                    None => drop(t.remove(key.as_slice())?),
                }
            }
            Change::Record { table, seq, record } => {
                self.stream(table)?.insert(*seq, frame(&seq.to_be_bytes(), record).as_slice())?;
            }
            Change::Trimmed { table, below } => {
                self.stream(table)?.retain_in(..*below, |_, _| false)?;
            }
        }
        Ok(())
    }

    fn headers(&mut self) -> Result<&mut redb::Table<'t, &'static str, &'static [u8]>, redb::Error> {
        if self.headers.is_none() {
            self.headers = Some(self.tx.open_table(TABLES)?);
        }
        self.headers.as_mut().ok_or_else(|| redb::Error::Corrupted("table vanished".to_owned()))
    }

    fn items(&mut self, table: &str) -> Result<&mut ItemsTable<'t>, redb::Error> {
        let name = items_name(table);
        if self.items.as_ref().is_none_or(|(n, _)| *n != name) {
            self.items = None;
            let t = self.tx.open_table(items_def(&name))?;
            self.items = Some((name, t));
        }
        self.items.as_mut().map(|(_, t)| t).ok_or_else(|| redb::Error::Corrupted("table vanished".to_owned()))
    }

    fn stream(&mut self, table: &str) -> Result<&mut StreamTable<'t>, redb::Error> {
        let name = stream_name(table);
        if self.stream.as_ref().is_none_or(|(n, _)| *n != name) {
            self.stream = None;
            let t = self.tx.open_table(stream_def(&name))?;
            self.stream = Some((name, t));
        }
        self.stream.as_mut().map(|(_, t)| t).ok_or_else(|| redb::Error::Corrupted("table vanished".to_owned()))
    }

    /// Record that the database holds the write-ahead log up to record `seq`.
    pub fn set_wal(&mut self, seq: u64) {
        self.wal = Some(seq);
    }

    /// Close the tables and raise the stored clock to the largest clock applied.
    pub fn finish(self) -> Result<(), redb::Error> {
        let Writer { tx, items, stream, headers, clock, wal } = self;
        drop((items, stream, headers));
        let mut meta = tx.open_table(META)?;
        if let Some(seq) = wal {
            meta.insert(WAL_KEY, seq.to_le_bytes().as_slice())?;
        }
        let stored = meta.get(CLOCK_KEY)?.and_then(|v| v.value().try_into().ok()).map_or(0, u64::from_le_bytes);
        if clock > stored {
            meta.insert(CLOCK_KEY, clock.to_le_bytes().as_slice())?;
        }
        Ok(())
    }
}

/// The last write-ahead log record the database holds (0 before the first).
pub fn wal_seq(db: &impl redb::ReadableDatabase) -> Result<u64, redb::Error> {
    let tx = db.begin_read()?;
    let meta = match tx.open_table(META) {
        Ok(t) => t,
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(0),
        Err(e) => return Err(e.into()),
    };
    let seq = meta.get(WAL_KEY)?.and_then(|v| v.value().try_into().ok()).map_or(0, u64::from_le_bytes);
    Ok(seq)
}

/// Write change sets into the database in one transaction, with the log position they reach (`wal`).
pub(super) fn commit_sets<'a>(db: &redb::Database, sets: impl Iterator<Item = &'a ChangeSet>, wal: u64) -> Result<(), String> {
    let tx = db.begin_write().map_err(|e| e.to_string())?;
    {
        let mut w = Writer::new(&tx);
        for set in sets {
            w.apply_set(set).map_err(|e| e.to_string())?;
        }
        w.set_wal(wal);
        w.finish().map_err(|e| e.to_string())?;
    }
    tx.commit().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_catch_damage() {
        let framed = frame(b"key", b"value");
        assert_eq!(unframe(b"key", &framed), Some(&b"value"[..]));
        assert_eq!(unframe(b"kez", &framed), None);
        for i in 0..framed.len() {
            let mut bad = framed.clone();
            bad[i] ^= 0x10;
            assert_eq!(unframe(b"key", &bad), None, "flip at {i}");
        }
        assert_eq!(unframe(b"key", &framed[..3]), None);
    }
}
