//! Per-table settings that live beside the key/index definition: Time to Live, Streams and tags,
//! plus the write hook through which every committed write reaches the table's stream.
//!
//! Kept out of `TableDef` on purpose: none of it changes what an item *is*, only what happens around
//! writes (a stream record, an expiry) and what DescribeTable/ListTagsOfResource report.

use alloc::collections::BTreeMap;
use alloc::string::String;

use crate::stream::TableStreams;
use crate::table::key::PrimaryKey;
use crate::table::schema::KeySchema;
use crate::value::Item;

/// Time to Live settings of a table.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TtlSettings {
    /// The attribute holding expiry times (epoch seconds); `Some` while TTL is enabled.
    pub attribute: Option<String>,
    /// When TTL was last enabled or disabled (for the change cooldown).
    pub changed_at: Option<u64>,
}

/// Who performed a write, as stream records report it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Writer {
    /// An API call.
    #[default]
    User,
    /// DynamoDB itself (Time to Live deletes).
    TtlService,
}

#[derive(Debug, Clone, Default)]
pub struct TableExtras {
    pub ttl: TtlSettings,
    pub streams: TableStreams,
    /// Tags, ordered by key.
    pub tags: BTreeMap<String, String>,
    /// The caller's clock at the current request (set by `Database::advance_time`), used to stamp
    /// stream records because the write path itself is given no time.
    pub clock_ms: u64,
    /// Who the current write is made by.
    pub writer: Writer,
}

impl TableExtras {
    /// Called by `Table::commit_write` for every committed write, before the item changes.
    pub fn on_write(&mut self, keys: &KeySchema, key: &PrimaryKey, old: Option<&Item>, new: Option<&Item>) {
        if old == new {
            // A delete of a missing item, or a put/update that changed nothing: no stream record.
            return;
        }
        let (now, writer) = (self.clock_ms, self.writer);
        self.streams.record(keys, key, old, new, now, writer);
    }
}
