//! Per-table settings that live beside the key/index definition: Time to Live, Streams and tags,
//! plus the write hook through which every committed write reaches the table's stream.
//!
//! Kept out of `TableDef` on purpose: none of it changes what an item *is*, only what happens around
//! writes (a stream record, an expiry) and what DescribeTable/ListTagsOfResource report.

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::string::String;

use crate::number::Number;
use crate::stream::{TableStreams, Writer};
use crate::table::key::PrimaryKey;
use crate::table::schema::KeySchema;
use crate::value::{AttributeValue, Item};

/// Time to Live settings of a table.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TtlSettings {
    /// The attribute holding expiry times (epoch seconds); `Some` while TTL is enabled.
    pub attribute: Option<String>,
    /// When TTL was last enabled or disabled (for the change cooldown).
    pub changed_at: Option<u64>,
    /// Items with a Number in the TTL attribute, by expiry: the sweep reads only the expired front
    /// instead of scanning the table on every tick. Derived state, rebuilt when TTL is enabled.
    pub by_expiry: BTreeSet<(Number, PrimaryKey)>,
}

impl TtlSettings {
    fn expiry(&self, item: Option<&Item>) -> Option<Number> {
        match item?.get(self.attribute.as_deref()?)? {
            AttributeValue::N(n) => Some(*n),
            _ => None,
        }
    }

    /// Keep `by_expiry` in step with one write.
    fn on_write(&mut self, key: &PrimaryKey, old: Option<&Item>, new: Option<&Item>) {
        if let Some(n) = self.expiry(old) {
            self.by_expiry.remove(&(n, key.clone()));
        }
        if let Some(n) = self.expiry(new) {
            self.by_expiry.insert((n, key.clone()));
        }
    }
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
    /// The keys of committed writes while `Database::execute_explained` collects them
    /// (so the playground can mirror exactly what a request changed); `None`, and free, otherwise.
    pub journal: Option<alloc::vec::Vec<PrimaryKey>>,
    /// The index lag and the writes still on their way to the asynchronous indexes
    /// (`crate::table::propagation`).
    pub propagation: crate::table::propagation::Propagation,
}

impl TableExtras {
    /// Whether writes must be reported to [`TableExtras::on_write`] (a stream or TTL is enabled).
    pub fn wants_writes(&self) -> bool {
        self.ttl.attribute.is_some() || self.streams.enabled().is_some()
    }

    /// Called by `Table::commit_write` for every committed write, before the item changes.
    pub fn on_write(&mut self, keys: &KeySchema, key: &PrimaryKey, old: Option<&Item>, new: Option<&Item>) {
        self.ttl.on_write(key, old, new);
        if old == new {
            // A delete of a missing item, or a put/update that changed nothing: no stream record.
            return;
        }
        let (now, writer) = (self.clock_ms, self.writer);
        self.streams.record(keys, key, old, new, now, writer);
    }
}
