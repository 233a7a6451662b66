//! What a request changed, as plain data, for a caller that keeps the database in a store of its own.
//!
//! The engine does no I/O; `dynamodel-server --state` keeps a copy of the database in an embedded
//! database and writes, after each request, exactly what that request changed. The copy is laid out
//! as rows, so that a write touches only its own:
//!
//! - a **header** per table: its definition, index states, Time to Live settings, stream descriptors
//!   and tags ([`header`]), small and rewritten whole when any of it changes — only the control plane
//!   (CreateTable, UpdateTable, UpdateTimeToLive, TagResource, UntagResource) and stream retention do;
//! - an **item** per stored item: the encoded primary key ([`item_key`], ordered as the table orders
//!   keys) to the encoded item ([`PackedItem::as_bytes`](crate::value::PackedItem::as_bytes));
//! - a **stream record** per record, by sequence number.
//!
//! Index entries, the Time to Live expiry index and the statistics are derived from the items, so
//! they are rebuilt when the database is loaded ([`crate::reload`]) rather than written on every write.
//! [`Database::execute_recorded`] runs a request and hands back its [`ChangeSet`]: the journal every
//! committed write already reports (`TableExtras::journal`, which also sees Time to Live deletes) gives
//! the items, and comparing cheap marks before and after gives the headers and stream records.

use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{json, Value};

use crate::db::Database;
use crate::error::ApiError;
use crate::table::key::PrimaryKey;
use crate::table::Table;
use crate::throttle::ThrottlePolicy;

/// Everything one request changed, in the order a store must apply it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ChangeSet {
    pub changes: Vec<Change>,
    /// The caller's clock at this request (epoch ms). The tables' clocks (which stamp stream records)
    /// all follow the largest clock seen, so a store keeps one clock, the largest it was given.
    pub clock: u64,
}

impl ChangeSet {
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }
}

/// One row to write or remove.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// A table was created or its header changed: store `header` ([`header`]'s JSON) for it.
    Header { table: String, header: Vec<u8> },
    /// A table was deleted: remove its header, items and stream records.
    Dropped { table: String },
    /// The item at `key` ([`item_key`]) is now `item` (encoded), or was deleted (`None`).
    Item { table: String, key: Vec<u8>, item: Option<Vec<u8>> },
    /// A stream record was appended (JSON, naming its shard).
    Record { table: String, seq: u64, record: Vec<u8> },
    /// Stream records with a sequence number below `below` have passed retention (or their stream
    /// was forgotten): remove them.
    Trimmed { table: String, below: u64 },
}

/// The key of an item row: the primary key encoded so that byte order is the table's key order (an
/// index entry's encoding with no index sort key), so a store's range scan yields items in key order.
pub fn item_key(key: &PrimaryKey) -> Vec<u8> {
    crate::index::entry::encode(&None, key).to_vec()
}

/// Actions that may change a table header (besides stream retention, which any request may apply).
fn may_change_headers(action: &str) -> bool {
    matches!(action, "CreateTable" | "UpdateTable" | "DeleteTable" | "UpdateTimeToLive" | "TagResource" | "UntagResource")
}

/// A table's header: everything but its items, stream records and clock, as JSON.
pub fn header(t: &Table) -> Vec<u8> {
    let indexes: Vec<Value> =
        t.def.indexes.iter().map(|i| json!({"name": i.name, "createdAt": i.created_at, "backfills": i.backfills})).collect();
    let extras = crate::stream::persist::extras_json(&t.extras, false, 0);
    let v = json!({"definition": crate::snapshot::definition(t), "createdAt": t.def.created_at, "indexes": indexes, "extras": extras});
    serde_json::to_vec(&v).unwrap_or_default()
}

/// What retention can change about a table's streams without a control-plane action: which streams
/// are kept, and from which sequence number each shard is readable.
#[derive(Clone, Copy, PartialEq, Eq)]
struct StreamMark {
    streams: usize,
    available: u64,
}

fn stream_mark(t: &Table) -> StreamMark {
    let shards = t.extras.streams.streams.iter().flat_map(|s| &s.shards);
    StreamMark { streams: t.extras.streams.streams.len(), available: shards.fold(0u64, |a, sh| a.wrapping_add(sh.available_from)) }
}

/// A table as it was before the request.
struct Before {
    name: String,
    next_seq: u64,
    streams: StreamMark,
    header: Option<Vec<u8>>,
}

/// Stream records still held: those below the lowest shard start are gone.
fn lowest_kept(t: &Table) -> u64 {
    t.extras.streams.streams.iter().flat_map(|s| &s.shards).map(|sh| sh.available_from).min().unwrap_or(u64::MAX)
}

/// The records of `t` from sequence number `from` on, as [`Change::Record`]s.
fn records_since(name: &str, t: &Table, from: u64, out: &mut Vec<Change>) {
    for s in &t.extras.streams.streams {
        for sh in &s.shards {
            let start = sh.records.partition_point(|r| r.seq < from);
            for r in sh.records.get(start..).unwrap_or_default() {
                let mut v = crate::stream::persist::record_json(r);
                if let Value::Object(m) = &mut v {
                    m.insert("shard".into(), Value::String(sh.id.clone()));
                }
                out.push(Change::Record { table: String::from(name), seq: r.seq, record: serde_json::to_vec(&v).unwrap_or_default() });
            }
        }
    }
}

fn item_change(name: &str, t: &Table, key: &PrimaryKey) -> Change {
    let item = t.get_stored(key).map(|s| s.item.as_bytes().to_vec());
    Change::Item { table: String::from(name), key: item_key(key), item }
}

impl Database {
    /// [`Database::execute_with`] plus the [`ChangeSet`] a store must apply to stay equal to this
    /// database. The set is complete whatever the result: a refused request may still have let Time to
    /// Live delete items or stream retention drop records while its clock advanced.
    pub fn execute_recorded(
        &mut self,
        action: &str,
        input: &Value,
        now_millis: u64,
        throttle: &mut dyn ThrottlePolicy,
    ) -> (Result<Value, ApiError>, ChangeSet) {
        self.recorded(action, now_millis, |db| db.execute_with(action, input, now_millis, throttle))
    }

    /// [`Database::execute_recorded`] answering in JSON text ([`Database::execute_text_with`]).
    pub fn execute_recorded_text(
        &mut self,
        action: &str,
        input: &Value,
        now_millis: u64,
        throttle: &mut dyn ThrottlePolicy,
    ) -> (Result<String, ApiError>, ChangeSet) {
        self.recorded(action, now_millis, |db| db.execute_text_with(action, input, now_millis, throttle))
    }

    /// [`Database::execute_recorded_text`] for a [`crate::api::typed::Request`], the answer's text not
    /// written yet ([`Database::execute_request_with`]).
    pub fn execute_recorded_request(
        &mut self,
        action: &str,
        request: crate::api::typed::Request,
        now_millis: u64,
        throttle: &mut dyn ThrottlePolicy,
    ) -> (Result<crate::api::typed::Answer, ApiError>, ChangeSet) {
        self.recorded(action, now_millis, |db| db.execute_request_with(action, request, now_millis, throttle))
    }

    /// Run `action` through `run` and note what it changed.
    fn recorded<R>(&mut self, action: &str, now_millis: u64, run: impl FnOnce(&mut Self) -> R) -> (R, ChangeSet) {
        let headers = may_change_headers(action);
        let before: Vec<Before> = self
            .tables
            .iter()
            .map(|(name, t)| Before {
                name: name.clone(),
                next_seq: t.extras.streams.next_seq,
                streams: stream_mark(t),
                header: headers.then(|| header(t)),
            })
            .collect();
        for t in self.tables.values_mut() {
            t.extras.journal = Some(Vec::new());
        }
        let result = run(self);
        let mut changes = Vec::new();
        for b in &before {
            if !self.tables.contains_key(&b.name) {
                changes.push(Change::Dropped { table: b.name.clone() });
            }
        }
        for (name, t) in self.tables.iter_mut() {
            let mut journal = t.extras.journal.take().unwrap_or_default();
            let was = before.iter().find(|b| b.name == *name);
            let trimmed = was.is_some_and(|b| b.streams != stream_mark(t));
            let header_changed = match was {
                None => true,
                Some(b) => trimmed || b.header.as_ref().is_some_and(|h| *h != header(t)),
            };
            if header_changed {
                changes.push(Change::Header { table: name.clone(), header: header(t) });
            }
            journal.sort_unstable();
            journal.dedup();
            changes.extend(journal.iter().map(|key| item_change(name, t, key)));
            let next = was.map_or(0, |b| b.next_seq);
            if t.extras.streams.next_seq != next {
                records_since(name, t, next, &mut changes);
            }
            if trimmed {
                changes.push(Change::Trimmed { table: name.clone(), below: lowest_kept(t) });
            }
        }
        (result, ChangeSet { changes, clock: now_millis })
    }

    /// The whole database as changes to an empty store, table by table: its header, its items in key
    /// order, its stream records. A store starts from these (a migrated file, a loaded model).
    pub fn all_changes(&self) -> impl Iterator<Item = Change> + '_ {
        self.tables.iter().flat_map(|(name, t)| {
            let mut head = alloc::vec![Change::Header { table: name.clone(), header: header(t) }];
            records_since(name, t, 0, &mut head);
            let items = t.parts.iter().flat_map(move |(pk, p)| {
                p.items.iter().map(move |(sk, s)| Change::Item {
                    table: name.clone(),
                    key: item_key(&PrimaryKey { pk: pk.clone(), sk: sk.clone() }),
                    item: Some(s.item.as_bytes().to_vec()),
                })
            });
            head.into_iter().chain(items)
        })
    }

    /// The largest clock any table has seen (what [`ChangeSet::clock`] tracks), 0 without tables.
    pub fn clock(&self) -> u64 {
        self.tables.values().map(|t| t.extras.clock_ms).max().unwrap_or(0)
    }
}
