//! Writes on their way to a table's asynchronous indexes.
//!
//! DynamoDB updates a global secondary index after the table write has returned, so a GSI read made
//! right after a write may not see it (the Developer Guide: "changes to the table data are propagated
//! to the global secondary indexes within a fraction of a second, under normal conditions"). A table
//! whose [`IndexLag`] is above zero behaves so (its GSIs and its vector indexes; DynamoDB documents
//! neither as synchronous): each committed write becomes an [`InFlight`] record
//! that reaches the asynchronous indexes `lag` milliseconds later, on the caller's clock, and until
//! then the index holds — and a read of it returns — the item as it was before the write, or nothing
//! if it did not exist. Local secondary indexes stay synchronous, as in DynamoDB.
//!
//! How: an index entry holds only keys and reads its attributes through to the table item, so the
//! index data itself lags (entries move when a record arrives, [`Table::propagate`]) and, for every
//! key with a write in flight, [`Propagation`] keeps the version of the item the index still shows
//! (`Shown`), which reads resolve through ([`Table::index_view_entry`]). Keys without a write in
//! flight read the table's item, so a lag of zero costs nothing.
//!
//! The seam for every asynchronous index: [`Table::is_async_index`] says which indexes lag, and
//! [`Table::propagate`] is the one place where "a write reaches an index at time T" happens.
//!
//! Deterministic: arrival depends only on the write's time and the lag, and records arrive in the
//! order they were written (the lag is one per table and the clock never moves back).

use alloc::collections::{BTreeMap, VecDeque};
use alloc::vec::Vec;

use super::key::{KeyRef, KeyVal, PrimaryKey, SortVal};
use super::schema::{IndexDef, IndexKind};
use super::{Stored, Table};
use crate::index::lag::IndexLag;

/// The asynchronous-index state of one table: its lag, the writes in flight and what the indexes
/// still show for their keys.
#[derive(Debug, Clone, Default)]
pub struct Propagation {
    lag: IndexLag,
    queue: VecDeque<InFlight>,
    shown: BTreeMap<PrimaryKey, Shown>,
}

/// One committed write that has not reached the asynchronous indexes yet.
#[derive(Debug, Clone)]
struct InFlight {
    key: PrimaryKey,
    written_at: u64,
    reaches_at: u64,
    /// The item the write left (`None`: deleted).
    version: Option<Stored>,
}

/// The version of an item the asynchronous indexes reflect while writes to it are in flight.
#[derive(Debug, Clone)]
struct Shown {
    version: Option<Stored>,
    in_flight: u32,
}

/// A write on its way to the asynchronous indexes, as a view lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InFlightWrite<'a> {
    pub key: &'a PrimaryKey,
    /// When the write was made (epoch ms, the caller's clock).
    pub written_at: u64,
    /// When it reaches the asynchronous indexes.
    pub reaches_at: u64,
    /// Whether the write deleted the item.
    pub deletes: bool,
}

impl Propagation {
    pub fn lag(&self) -> IndexLag {
        self.lag
    }

    /// Whether no write is in flight.
    pub fn is_idle(&self) -> bool {
        self.queue.is_empty()
    }

    /// The writes in flight, oldest first.
    pub fn in_flight(&self) -> impl Iterator<Item = InFlightWrite<'_>> + '_ {
        self.queue.iter().map(|w| InFlightWrite { key: &w.key, written_at: w.written_at, reaches_at: w.reaches_at, deletes: w.version.is_none() })
    }

    /// The version the asynchronous indexes show for `key`: `None` when no write to it is in flight
    /// (the indexes reflect the table's item), `Some(None)` when they show no item.
    fn shown(&self, key: &PrimaryKey) -> Option<(&PrimaryKey, Option<&Stored>)> {
        self.shown.get_key_value(key).map(|(k, s)| (k, s.version.as_ref()))
    }

    /// Queue a committed write: `before` is the table's item before it, `after` the one it left.
    fn record(&mut self, key: &PrimaryKey, before: Option<Stored>, after: Option<Stored>, now: u64) {
        self.shown.entry(key.clone()).or_insert(Shown { version: before, in_flight: 0 }).in_flight += 1;
        self.queue.push_back(InFlight { key: key.clone(), written_at: now, reaches_at: self.lag.reaches_at(now), version: after });
    }

    /// The oldest write in flight if it has arrived by `now` (every write when `now` is `None`), with
    /// the version the indexes showed for its key until then.
    fn arrive(&mut self, now: Option<u64>) -> Option<(InFlight, Option<Stored>)> {
        let due = self.queue.front().is_some_and(|w| now.is_none_or(|n| w.reaches_at <= n));
        let w = due.then(|| self.queue.pop_front()).flatten()?;
        let before = match self.shown.get_mut(&w.key) {
            Some(s) if s.in_flight > 1 => {
                s.in_flight -= 1;
                core::mem::replace(&mut s.version, w.version.clone())
            }
            _ => self.shown.remove(&w.key).and_then(|s| s.version),
        };
        Some((w, before))
    }
}

impl Table {
    /// Whether an index is updated after the table write (global secondary indexes) rather than with it
    /// (local secondary indexes).
    pub fn is_async_index(idx: &IndexDef) -> bool {
        idx.kind == IndexKind::Global
    }

    pub fn index_lag(&self) -> IndexLag {
        self.extras.propagation.lag
    }

    /// Set the table's index lag. Writes already in flight keep their arrival time, except that a lag
    /// of zero delivers them at once (indexes are then up to date, as the setting promises).
    pub fn set_index_lag(&mut self, lag: IndexLag) {
        self.extras.propagation.lag = lag;
        if lag.is_none() {
            self.flush_propagation();
        }
    }

    pub fn propagation(&self) -> &Propagation {
        &self.extras.propagation
    }

    /// Deliver every write that has reached the asynchronous indexes by `now`.
    pub fn propagate(&mut self, now: u64) {
        while let Some((w, before)) = self.extras.propagation.arrive(Some(now)) {
            self.deliver(&w.key, before.as_ref(), w.version.as_ref());
        }
    }

    /// Deliver every write in flight, whatever its time: before the index list changes (UpdateTable),
    /// so that a new index's backfill and the kept indexes start from the table as it is.
    pub fn flush_propagation(&mut self) {
        while let Some((w, before)) = self.extras.propagation.arrive(None) {
            self.deliver(&w.key, before.as_ref(), w.version.as_ref());
        }
    }

    /// A write reaches the asynchronous indexes: each moves its entry for `key` from what `before`
    /// put there to what `after` puts there.
    fn deliver(&mut self, key: &PrimaryKey, before: Option<&Stored>, after: Option<&Stored>) {
        let decode = |s: Option<&Stored>| s.map(|s| (s.item.decode(&KeyRef(&key.pk, &key.sk)), s.size()));
        let (old, new) = (decode(before), decode(after));
        for (idx, data) in self.def.indexes.iter().zip(self.index_data.iter_mut()) {
            if !Table::is_async_index(idx) {
                continue;
            }
            let from = old.as_ref().and_then(|(i, size)| super::index_entry_for(&self.def.keys, idx, i, *size));
            let to = new.as_ref().and_then(|(i, size)| super::index_entry_for(&self.def.keys, idx, i, *size));
            apply_entry(data, key, from, to);
        }
        for (def, data) in self.def.vectors.iter().zip(self.vector_data.iter_mut()) {
            data.apply(key, new.as_ref().and_then(|(item, _)| crate::vector::entry::entry_of(&self.def.keys, def, item)));
        }
    }

    /// Called by [`Table::commit_write`] once the item is stored, when the indexes lag: the write is
    /// queued for the asynchronous indexes, which still show `before`.
    pub(super) fn send_to_indexes(&mut self, key: &PrimaryKey, before: Option<Stored>) {
        if !self.def.indexes.iter().any(Table::is_async_index) && self.def.vectors.is_empty() {
            return;
        }
        let after = self.get_stored(key).cloned();
        let now = self.extras.clock_ms;
        self.extras.propagation.record(key, before, after, now);
    }

    /// The item a read of index `idx` finds at table key `key`, with the keys it borrows: the version
    /// the index still shows while a write to the key is in flight to an asynchronous index, else the
    /// table's item.
    pub fn index_view_entry(&self, idx: &IndexDef, key: &PrimaryKey) -> Option<(&KeyVal, &SortVal, &Stored)> {
        if Table::is_async_index(idx) {
            if let Some((k, version)) = self.extras.propagation.shown(key) {
                return version.map(|s| (&k.pk, &k.sk, s));
            }
        }
        self.get_entry(key)
    }

    /// The item an asynchronous index (a GSI, a vector index) still shows at `key`: the version before
    /// the writes in flight to it, else the table's item.
    pub fn async_view(&self, key: &PrimaryKey) -> Option<crate::value::Item> {
        match self.extras.propagation.shown(key) {
            Some((k, version)) => version.map(|s| s.item.decode(&KeyRef(&k.pk, &k.sk))),
            None => self.get(key),
        }
    }

    /// The writes still in flight to this table's asynchronous indexes (none when they do not lag).
    pub fn in_flight(&self) -> Vec<InFlightWrite<'_>> {
        self.extras.propagation.in_flight().collect()
    }
}

impl Table {
    /// The writes in flight that index `index` does not show yet and that change what it holds in the
    /// index partition `partition` (every partition when `None`): what a read of it right now misses.
    /// One per item, with the time its last write arrives. Empty for a synchronous index.
    pub fn missed_by_index_read(&self, index: &str, partition: Option<&KeyVal>) -> Vec<InFlightWrite<'_>> {
        let Some(idx) = self.def.indexes.iter().find(|i| i.name == index) else { return Vec::new() };
        if !Table::is_async_index(idx) {
            return Vec::new();
        }
        let keys = &self.def.keys;
        let entry = |key: &PrimaryKey, s: Option<&Stored>| {
            s.and_then(|s| {
                let item = s.item.decode(&KeyRef(&key.pk, &key.sk));
                super::index_entry_for(keys, idx, &item, s.size()).map(|e| (e, crate::index::project(keys, idx, &item)))
            })
        };
        let mut out: Vec<InFlightWrite<'_>> = Vec::new();
        for w in self.extras.propagation.in_flight() {
            if let Some(last) = out.iter_mut().find(|o| o.key == w.key) {
                *last = w;
                continue;
            }
            out.push(w);
        }
        out.retain(|w| {
            let shown = self.extras.propagation.shown(w.key).and_then(|(_, v)| v);
            let (before, after) = (entry(w.key, shown), entry(w.key, self.get_stored(w.key)));
            let in_partition = |e: &Option<((KeyVal, SortVal, u64), crate::value::Item)>| {
                e.as_ref().is_some_and(|((ipk, _, _), _)| partition.is_none_or(|p| p == ipk))
            };
            before != after && (in_partition(&before) || in_partition(&after))
        });
        out
    }
}

/// Move one index's entry for `key` from `from` to `to` (index partition, sort key, entry size).
fn apply_entry(data: &mut crate::index::IndexData, key: &PrimaryKey, from: Option<(KeyVal, SortVal, u64)>, to: Option<(KeyVal, SortVal, u64)>) {
    if let (Some(o), Some(n)) = (&from, &to) {
        if (&o.0, &o.1) == (&n.0, &n.1) {
            data.size_bytes = data.size_bytes.saturating_sub(o.2) + n.2;
            return;
        }
    }
    if let Some((ipk, isk, size)) = from {
        data.remove(&ipk, isk, key.clone(), size);
    }
    if let Some((ipk, isk, size)) = to {
        data.insert(ipk, isk, key.clone(), size);
    }
}
