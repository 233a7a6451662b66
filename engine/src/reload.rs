//! A database built back from the rows [`crate::changes`] describes: table headers, items in key
//! order, stream records.
//!
//! Loading is one pass over the items with no decode-and-re-encode: an item's stored bytes become its
//! [`PackedItem`] once checked ([`PackedItem::from_encoded`]), and only the attributes an index keys
//! on or projects are decoded to rebuild that index's entry. Partitions arrive in key order, so the
//! table's partition map is bulk-built at the end instead of searched for every item.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde_json::Value;

use crate::api::create_table;
use crate::db::{Database, DatabaseConfig};
use crate::index::projected_size;
use crate::index::membership::index_key_of;
use crate::table::key::{KeyKind, KeyVal, PrimaryKey};
use crate::table::schema::{IndexKind, KeyAttr, ProjectionDef};
use crate::table::{Partition, Stored, Table};
use crate::value::{PackedItem, ScalarType};

/// Why rows could not become a database; each names the table and the row at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReloadError {
    /// A header that does not parse, or that CreateTable's own validation refuses.
    Header { table: String, message: String },
    /// Two headers for one table.
    DuplicateTable { table: String },
    /// An item key that is not an encoded primary key of the table's key schema.
    Key { table: String },
    /// Item keys not strictly increasing (a duplicate, or a store that does not sort).
    Order { table: String },
    /// Item bytes that are not a well-formed encoded item; `key` shows the item's key.
    Item { table: String, key: String },
    /// A stream record that does not parse or names no shard of the table.
    Record { table: String, seq: u64, message: String },
}

impl core::fmt::Display for ReloadError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ReloadError::Header { table, message } => write!(f, "table {table}: invalid table header ({message})"),
            ReloadError::DuplicateTable { table } => write!(f, "table {table}: defined twice"),
            ReloadError::Key { table } => write!(f, "table {table}: an item key does not match the table's key schema"),
            ReloadError::Order { table } => write!(f, "table {table}: item keys out of order"),
            ReloadError::Item { table, key } => write!(f, "table {table}: item {key} is not a well-formed item"),
            ReloadError::Record { table, seq, message } => write!(f, "table {table}: stream record {seq}: {message}"),
        }
    }
}

/// A database being rebuilt, table by table.
pub struct Reload {
    db: Database,
}

impl Reload {
    pub fn new(config: DatabaseConfig) -> Reload {
        Reload { db: Database::new(config) }
    }

    /// Create the table `header` describes (a [`crate::changes::header`]) and start loading its rows.
    pub fn table(&mut self, name: &str, header: &[u8]) -> Result<TableReload<'_>, ReloadError> {
        let bad = |message: String| ReloadError::Header { table: String::from(name), message };
        let v: Value = serde_json::from_slice(header).map_err(|e| bad(format!("{e}")))?;
        let created = v.get("createdAt").and_then(Value::as_u64).ok_or_else(|| bad(String::from("missing createdAt")))?;
        let defv = v.get("definition").and_then(Value::as_object).ok_or_else(|| bad(String::from("missing definition")))?;
        let mut def = create_table::parse(defv, created).map_err(|e| bad(String::from(e.message())))?;
        if def.name != name {
            return Err(bad(format!("it defines table {}", def.name)));
        }
        for iv in v.get("indexes").and_then(Value::as_array).into_iter().flatten() {
            let index = iv.get("name").and_then(Value::as_str).unwrap_or_default();
            if let Some(idx) = def.indexes.iter_mut().find(|i| i.name == index) {
                idx.created_at = iv.get("createdAt").and_then(Value::as_u64).unwrap_or(created);
                idx.backfills = iv.get("backfills").and_then(Value::as_bool).unwrap_or(false);
            }
        }
        let extras = crate::stream::persist::from_json(v.get("extras")).map_err(|e| bad(String::from(e.message())))?;
        if self.db.tables.contains_key(name) {
            return Err(ReloadError::DuplicateTable { table: String::from(name) });
        }
        let table = self.db.tables.entry(String::from(name)).or_insert(Table::new(def));
        table.extras = extras;
        Ok(TableReload { table, parts: Vec::new(), last: None })
    }

    /// The database, every table's clock set to `clock` (the largest the store was given).
    pub fn finish(mut self, clock: u64) -> Database {
        for t in self.db.tables.values_mut() {
            t.extras.clock_ms = clock;
        }
        self.db
    }
}

/// One table's rows being loaded; [`TableReload::finish`] completes it.
pub struct TableReload<'a> {
    table: &'a mut Table,
    /// Complete partitions in key order, the last one still filling.
    parts: Vec<(KeyVal, Partition)>,
    last: Option<PrimaryKey>,
}

fn kind_of(ty: ScalarType) -> KeyKind {
    match ty {
        ScalarType::S => KeyKind::S,
        ScalarType::N => KeyKind::N,
        ScalarType::B => KeyKind::B,
    }
}

fn fits(attr: Option<&KeyAttr>, value: Option<&KeyVal>) -> bool {
    match (attr, value) {
        (None, None) => true,
        (Some(a), Some(v)) => kind_of(a.ty) == v.kind(),
        _ => false,
    }
}

impl TableReload<'_> {
    /// Add one item row: `key` from [`crate::changes::item_key`], `item` from `PackedItem::as_bytes`.
    /// Rows must come in key order.
    pub fn item(&mut self, key: &[u8], item: &[u8]) -> Result<(), ReloadError> {
        let t = &mut *self.table;
        let table = || String::from(t.def.name.as_str());
        let key = match crate::index::entry::decode(key) {
            Some((None, key)) if fits(Some(&t.def.keys.pk), Some(&key.pk)) && fits(t.def.keys.sk.as_ref(), key.sk.as_ref()) => key,
            _ => return Err(ReloadError::Key { table: table() }),
        };
        if self.last.as_ref().is_some_and(|last| *last >= key) {
            return Err(ReloadError::Order { table: table() });
        }
        let Some(packed) = PackedItem::from_encoded(item) else {
            return Err(ReloadError::Item { table: table(), key: crate::value::item_to_json(&key.to_item(&t.def.keys)).to_string() });
        };
        let size = packed.size();
        let mut collection = size;
        if !t.def.indexes.is_empty() {
            let keys = &t.def.keys;
            for (idx, data) in t.def.indexes.iter().zip(t.index_data.iter_mut()) {
                let index_keys = packed.decode_where(&key, |n| idx.is_index_key(n));
                let Some((ipk, isk)) = index_key_of(idx, &index_keys) else { continue };
                let projected = if idx.projection == ProjectionDef::All {
                    size
                } else {
                    projected_size(keys, idx, &packed.decode_where(&key, |n| idx.projects(keys, n)))
                };
                if idx.kind == IndexKind::Local {
                    collection += projected;
                }
                data.insert(ipk, isk, key.clone(), projected);
            }
        }
        if t.def.has_lsi() {
            *t.collections.entry(key.pk.clone()).or_default() += collection;
        }
        if !t.def.vectors.is_empty() {
            let item = packed.decode(&key);
            for (def, data) in t.def.vectors.iter().zip(t.vector_data.iter_mut()) {
                data.apply(&key, crate::vector::entry::entry_of(&t.def.keys, def, &item));
            }
        }
        let stored = Stored { item: packed };
        match self.parts.last_mut() {
            Some((pk, part)) if *pk == key.pk => {
                part.items.insert(key.sk.clone(), stored);
            }
            _ => {
                let mut part = Partition::default();
                part.items.insert(key.sk.clone(), stored);
                self.parts.push((key.pk.clone(), part));
            }
        }
        t.item_count += 1;
        t.size_bytes += size;
        self.last = Some(key);
        Ok(())
    }

    /// Add one stream record row (JSON from [`crate::changes`], naming its shard), in sequence order.
    pub fn record(&mut self, seq: u64, record: &[u8]) -> Result<(), ReloadError> {
        let t = &mut *self.table;
        let bad = |message: &str| ReloadError::Record { table: String::from(t.def.name.as_str()), seq, message: String::from(message) };
        let v: Value = serde_json::from_slice(record).map_err(|_| bad("not JSON"))?;
        let r = crate::stream::persist::record_of(&v).map_err(|e| bad(e.message()))?;
        let shard_id = v.get("shard").and_then(Value::as_str).ok_or_else(|| bad("names no shard"))?;
        if r.seq != seq {
            return Err(bad("sequence number differs from its key"));
        }
        let shard = t.extras.streams.streams.iter_mut().flat_map(|s| s.shards.iter_mut()).find(|sh| sh.id == shard_id);
        let shard = shard.ok_or_else(|| bad("names a shard the table does not have"))?;
        if shard.records.last().is_some_and(|last| last.seq >= seq) {
            return Err(bad("out of order"));
        }
        t.extras.streams.next_seq = t.extras.streams.next_seq.max(seq + 1);
        shard.records.push(r);
        Ok(())
    }

    /// Put the partitions in place and rebuild what is derived from the items.
    pub fn finish(self) {
        let t = self.table;
        t.parts = BTreeMap::from_iter(self.parts);
        t.rebuild_expiry_index();
    }
}
