//! DynamoDB Streams: per-table change logs with the four view types.
//!
//! Model (stated for the playground): every stream has one shard, opened when the stream is enabled
//! and closed when it is disabled (DynamoDB splits shards by partition and rolls them over every few
//! hours; with one shard the order of all records of a table is total, which is what a learner
//! reading the stream expects). Records are kept for 24 hours of the caller's clock, as DynamoDB does;
//! a disabled stream stays readable for 24 hours and is then forgotten. Sequence numbers are 21-digit
//! decimal strings, increasing across all streams of a table. A write that changes nothing (a delete
//! of a missing item, a put of an identical item) produces no record.

pub mod control;
pub mod ids;
pub mod json;
pub mod persist;

use alloc::string::String;
use alloc::vec::Vec;

use crate::table::key::PrimaryKey;
use crate::table::schema::KeySchema;
use crate::value::{item_size, Item};

/// How long records (and disabled streams) are kept.
pub const RETENTION_MS: u64 = 24 * 60 * 60 * 1000;

/// `StreamViewType`.
/// Who performed a write, as stream records report it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Writer {
    /// An API call.
    #[default]
    User,
    /// DynamoDB itself (Time to Live deletes).
    TtlService,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewType {
    KeysOnly,
    NewImage,
    OldImage,
    NewAndOldImages,
}

impl ViewType {
    pub const ALL: [&'static str; 4] = ["NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY"];
    pub const SET: &'static str = "[NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES, KEYS_ONLY]";

    pub fn parse(s: &str) -> Option<ViewType> {
        match s {
            "KEYS_ONLY" => Some(ViewType::KeysOnly),
            "NEW_IMAGE" => Some(ViewType::NewImage),
            "OLD_IMAGE" => Some(ViewType::OldImage),
            "NEW_AND_OLD_IMAGES" => Some(ViewType::NewAndOldImages),
            _ => None,
        }
    }

    pub fn as_str(&self) -> &'static str {
        match self {
            ViewType::KeysOnly => "KEYS_ONLY",
            ViewType::NewImage => "NEW_IMAGE",
            ViewType::OldImage => "OLD_IMAGE",
            ViewType::NewAndOldImages => "NEW_AND_OLD_IMAGES",
        }
    }

    fn keeps_new(&self) -> bool {
        matches!(self, ViewType::NewImage | ViewType::NewAndOldImages)
    }

    fn keeps_old(&self) -> bool {
        matches!(self, ViewType::OldImage | ViewType::NewAndOldImages)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventName {
    Insert,
    Modify,
    Remove,
}

impl EventName {
    pub fn as_str(&self) -> &'static str {
        match self {
            EventName::Insert => "INSERT",
            EventName::Modify => "MODIFY",
            EventName::Remove => "REMOVE",
        }
    }
}

/// One change, with the images its stream's view type keeps.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    pub seq: u64,
    pub event: EventName,
    pub created_ms: u64,
    pub keys: Item,
    pub old: Option<Item>,
    pub new: Option<Item>,
    pub writer: Writer,
}

impl Record {
    /// `SizeBytes`: the keys plus the images the record carries.
    pub fn size_bytes(&self) -> u64 {
        let n = |i: &Option<Item>| i.as_ref().map_or(0, |i| item_size(i) as u64);
        item_size(&self.keys) as u64 + n(&self.old) + n(&self.new)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Shard {
    pub id: String,
    /// Sequence number of the first record this shard holds (or will hold).
    pub start_seq: u64,
    /// The lowest sequence number still readable (records below it were trimmed after 24 hours).
    pub available_from: u64,
    pub closed: bool,
    pub records: Vec<Record>,
}

impl Shard {
    /// Sequence number of the last record, once the shard is closed.
    pub fn end_seq(&self) -> Option<u64> {
        if self.closed { self.records.last().map(|r| r.seq) } else { None }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Stream {
    /// `StreamLabel`, an ISO 8601 timestamp of creation (unique per table).
    pub label: String,
    pub created_ms: u64,
    pub view: ViewType,
    pub enabled: bool,
    pub disabled_ms: Option<u64>,
    pub shards: Vec<Shard>,
}

/// All streams of one table (at most one enabled, the last), oldest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TableStreams {
    pub streams: Vec<Stream>,
    /// The next sequence number to hand out (never reused, across streams).
    pub next_seq: u64,
}

impl TableStreams {
    pub fn enabled(&self) -> Option<&Stream> {
        self.streams.last().filter(|s| s.enabled)
    }

    pub fn latest(&self) -> Option<&Stream> {
        self.streams.last()
    }

    /// Open a new stream at `now`; `table` seeds the shard id.
    pub fn enable(&mut self, table: &str, view: ViewType, now: u64) {
        let mut created = now;
        // Labels have millisecond resolution: keep them unique when toggled within one millisecond.
        if let Some(last) = self.streams.last() {
            created = created.max(last.created_ms + 1);
        }
        let start = self.next_seq.max(1);
        self.next_seq = start;
        self.streams.push(Stream {
            label: ids::label(created),
            created_ms: created,
            view,
            enabled: true,
            disabled_ms: None,
            shards: alloc::vec![Shard { id: ids::shard_id(table, created), start_seq: start, available_from: start, closed: false, records: Vec::new() }],
        });
    }

    pub fn disable(&mut self, now: u64) {
        if let Some(s) = self.streams.last_mut().filter(|s| s.enabled) {
            s.enabled = false;
            s.disabled_ms = Some(now);
            for sh in &mut s.shards {
                sh.closed = true;
            }
        }
    }

    /// Append the record of one write to the enabled stream, if any.
    pub fn record(&mut self, keys: &KeySchema, key: &PrimaryKey, old: Option<&Item>, new: Option<&Item>, now: u64, writer: Writer) {
        let seq = self.next_seq.max(1);
        let Some(stream) = self.streams.last_mut().filter(|s| s.enabled) else { return };
        let Some(shard) = stream.shards.last_mut() else { return };
        let event = match (old, new) {
            (None, Some(_)) => EventName::Insert,
            (Some(_), Some(_)) => EventName::Modify,
            (Some(_), None) => EventName::Remove,
            (None, None) => return,
        };
        let view = stream.view;
        shard.records.push(Record {
            seq,
            event,
            created_ms: now,
            keys: key.to_item(keys),
            old: old.filter(|_| view.keeps_old()).cloned(),
            new: new.filter(|_| view.keeps_new()).cloned(),
            writer,
        });
        self.next_seq = seq + 1;
    }

    /// Drop records older than the retention period and disabled streams past it.
    pub fn trim(&mut self, now: u64) {
        let horizon = now.saturating_sub(RETENTION_MS);
        self.streams.retain(|s| s.disabled_ms.is_none_or(|d| d > horizon));
        for s in &mut self.streams {
            for sh in &mut s.shards {
                let cut = sh.records.iter().take_while(|r| r.created_ms <= horizon).count();
                if let Some(last) = cut.checked_sub(1).and_then(|i| sh.records.get(i)) {
                    sh.available_from = last.seq + 1;
                    sh.records.drain(..cut);
                }
            }
        }
    }
}
