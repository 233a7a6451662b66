//! One table: its definition, its items ordered by (partition key, sort key), its secondary indexes,
//! and the single write path ([`Table::commit_write`]) that keeps all of them and the capacity accounting
//! in step. Batch writes and transactions reuse the same path item by item.

pub mod index_entries;
pub mod items;
pub mod key;
pub mod numkey;
pub mod propagation;
pub mod range;
pub mod read_item;
pub mod schema;
pub mod validate;

pub use read_item::ReadItem;

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use crate::capacity::{Consumed, Factor, Reason, Target};
use crate::error::ApiError;
use crate::expr::Projection;
use crate::index::{project, projected_size, projection_changed, IndexData};
use crate::index::membership::index_key_of;
use crate::table::key::{KeyRef, KeyVal, PrimaryKey, SortVal};
use crate::table::schema::{IndexDef, IndexKind, KeySchema, ProjectionDef, TableDef};
use crate::value::{item_size, Item, PackedItem};

/// DynamoDB's item size limit (400 KB).
pub const MAX_ITEM_BYTES: u64 = 400 * 1024;
/// Item collection limit for tables with a local secondary index (10 GB).
pub const MAX_COLLECTION_BYTES: u64 = 10 * 1024 * 1024 * 1024;

/// A stored item: packed (about its DynamoDB size in memory, that size included) and shared, so that
/// reads hand it out without copying or decoding.
#[derive(Debug, Clone)]
pub struct Stored {
    pub item: PackedItem,
}

impl Stored {
    /// `item` stored without its key values (`keys` names them; the table's slots hold them).
    pub fn new(item: &Item, size: u64, keys: &KeySchema) -> Stored {
        Stored { item: PackedItem::encode_without_keys(item, size, &keys.pk.name, keys.sk.as_ref().map(|a| a.name.as_str())) }
    }

    /// The item's DynamoDB size, which every read charges by.
    pub fn size(&self) -> u64 {
        self.item.size()
    }

    /// What a single-item read (GetItem, BatchGetItem, TransactGetItems) returns for this item stored at
    /// `key`: the item itself, shared, or its projection, for which only the projected attributes are
    /// decoded.
    pub fn read(&self, key: &PrimaryKey, projection: Option<&Projection>) -> ReadItem {
        match projection {
            None => ReadItem::Stored { item: self.item.clone(), key: key.clone() },
            Some(p) => {
                let names = p.top_level_names();
                ReadItem::Built(p.apply(&self.item.decode_where(key, |n| names.iter().any(|m| m == n))))
            }
        }
    }
}

/// All items sharing one partition key (an item collection).
#[derive(Debug, Clone, Default)]
pub struct Partition {
    pub items: items::Items,
}

#[derive(Debug, Clone)]
pub struct Table {
    pub def: TableDef,
    pub parts: BTreeMap<KeyVal, Partition>,
    /// Per item collection of a table with an LSI (the only tables with the 10 GB limit): its items plus
    /// their LSI entries. Empty for other tables, so they pay nothing for it.
    pub collections: BTreeMap<KeyVal, u64>,
    pub item_count: u64,
    pub size_bytes: u64,
    /// Parallel to `def.indexes`.
    pub index_data: Vec<IndexData>,
    /// The item-collection limit for tables with an LSI: [`MAX_COLLECTION_BYTES`] unless a simulation
    /// (or a test) lowers it to make the limit reachable.
    pub collection_limit: u64,
    /// Time to Live, Streams and tags (see `crate::extras`).
    pub extras: crate::extras::TableExtras,
    /// Parallel to `def.vectors`.
    pub vector_data: Vec<crate::vector::VectorData>,
}

/// One index's entry before and after a write: (partition, sort, projected size).
struct IndexChange {
    old: Option<(KeyVal, SortVal, u64)>,
    new: Option<(KeyVal, SortVal, u64)>,
    projection_changed: bool,
}

/// One index entry write: the entry (index partition key, index sort key, entry size) and its reason.
type EntryWrite<'a> = (&'a (KeyVal, SortVal, u64), Reason);

impl IndexChange {
    /// The entry writes this change makes, in the order [`Table::commit_write`] charges them: a new
    /// entry, a removed one, a changed key (the old entry removed, then the new one written), or changed
    /// projected attributes; nothing when the entry is unchanged.
    fn writes(&self) -> impl Iterator<Item = EntryWrite<'_>> {
        let pair: [Option<EntryWrite<'_>>; 2] = match (&self.old, &self.new) {
            (None, None) => [None, None],
            (None, Some(n)) => [Some((n, Reason::IndexPut)), None],
            (Some(o), None) => [Some((o, Reason::IndexDelete)), None],
            (Some(o), Some(n)) if (&o.0, &o.1) != (&n.0, &n.1) => [Some((o, Reason::IndexKeyChangedDelete)), Some((n, Reason::IndexKeyChangedPut))],
            (Some(_), Some(n)) if self.projection_changed => [Some((n, Reason::IndexUpdate)), None],
            _ => [None, None],
        };
        pair.into_iter().flatten()
    }
}

/// A global secondary index entry a base-table write adds, replaces or removes: what the throttling
/// decision is asked about before the write (a GSI that cannot take it throttles the base-table write).
#[derive(Debug, Clone, PartialEq)]
pub struct IndexWrite<'a> {
    pub index: &'a str,
    /// The entry's index partition key: the GSI's partition-key attribute and its value (for a key of
    /// several HASH attributes, the first one's name with the composite of all their values, as the
    /// index stores it: what decides the partition).
    pub key: Item,
}

/// The entry `index` holds for `item` (of DynamoDB size `size`): index partition key, sort key and the
/// projected entry's size; `None` when the item lacks the index's key attributes.
fn index_entry_for(keys: &KeySchema, idx: &IndexDef, item: &Item, size: u64) -> Option<(KeyVal, SortVal, u64)> {
    index_key_of(idx, item).map(|(k, s)| {
        let psize = if idx.projection == ProjectionDef::All { size } else { projected_size(keys, idx, item) };
        (k, s, psize)
    })
}

fn target_of(index: &IndexDef) -> Target {
    match index.kind {
        IndexKind::Global => Target::GlobalIndex(index.name.clone()),
        IndexKind::Local => Target::LocalIndex(index.name.clone()),
    }
}

impl Table {
    pub fn new(def: TableDef) -> Table {
        let index_data = def.indexes.iter().map(|_| IndexData::default()).collect();
        let vector_data = def.vectors.iter().map(|_| crate::vector::VectorData::default()).collect();
        Table {
            def,
            parts: BTreeMap::new(),
            collections: BTreeMap::new(),
            item_count: 0,
            size_bytes: 0,
            index_data,
            collection_limit: MAX_COLLECTION_BYTES,
            extras: Default::default(),
            vector_data,
        }
    }

    /// Rebuild the TTL expiry index from the stored items (TTL enabled, snapshot restored).
    pub fn rebuild_expiry_index(&mut self) {
        let mut index = alloc::collections::BTreeSet::new();
        if let Some(attr) = self.extras.ttl.attribute.as_deref() {
            for (pk, part) in &self.parts {
                for (sk, stored) in &part.items {
                    if let Some(crate::value::AttributeValue::N(n)) = stored.item.get(&KeyRef(pk, sk), attr) {
                        index.insert((n, PrimaryKey { pk: pk.clone(), sk: sk.clone() }));
                    }
                }
            }
        }
        self.extras.ttl.by_expiry = index;
    }

    pub fn name(&self) -> &str {
        &self.def.name
    }

    /// The item at `key`, decoded from its stored form (for code that evaluates expressions on it).
    pub fn get(&self, key: &PrimaryKey) -> Option<Item> {
        self.get_stored(key).map(|s| s.item.decode(key))
    }

    /// The DynamoDB size of the item at `key`, without decoding it.
    pub fn size_of(&self, key: &PrimaryKey) -> Option<u64> {
        self.get_stored(key).map(Stored::size)
    }

    pub fn get_stored(&self, key: &PrimaryKey) -> Option<&Stored> {
        self.parts.get(&key.pk)?.items.get(&key.sk)
    }

    /// The stored item at `key` with the table's own copies of its key values (index reads resolve their
    /// decoded keys through this so that entries can borrow from the table).
    pub fn get_entry(&self, key: &PrimaryKey) -> Option<(&KeyVal, &SortVal, &Stored)> {
        let (pk, part) = self.parts.get_key_value(&key.pk)?;
        let (sk, stored) = part.items.get_key_value(&key.sk)?;
        Some((pk, sk, stored))
    }

    /// Bytes an item contributes to its item collection (itself plus its LSI entries).
    fn collection_contribution(&self, item: &Item) -> u64 {
        let mut n = item_size(item) as u64;
        for idx in self.def.indexes.iter().filter(|i| i.kind == IndexKind::Local) {
            if index_key_of(idx, item).is_some() {
                n += projected_size(&self.def.keys, idx, item);
            }
        }
        n
    }

    pub fn collection_bytes(&self, pk: &KeyVal) -> u64 {
        self.collections.get(pk).copied().unwrap_or(0)
    }

    /// Checks that depend on stored state and must pass before anything is written (so a transaction
    /// can check every item first): the 10 GB item-collection limit of tables with an LSI.
    pub fn check_write(&self, key: &PrimaryKey, new: Option<&Item>) -> Result<(), ApiError> {
        let (true, Some(new)) = (self.def.has_lsi(), new) else { return Ok(()) };
        let old = self.get(key).map_or(0, |o| self.collection_contribution(&o));
        let after = self.collection_bytes(&key.pk).saturating_sub(old) + self.collection_contribution(new);
        if after > self.collection_limit {
            return Err(ApiError::ItemCollectionSizeLimitExceeded(String::from("Collection size exceeded.")));
        }
        Ok(())
    }

    /// Index entries before and after a write, computed once and used both for the charges and for
    /// maintaining the index (each item and projection is measured exactly once per write).
    fn plan(&self, old: Option<(&Item, u64)>, new: Option<(&Item, u64)>) -> Vec<IndexChange> {
        let keys = &self.def.keys;
        let entry = |idx: &IndexDef, item: &Item, size: u64| index_entry_for(keys, idx, item, size);
        self.def
            .indexes
            .iter()
            .map(|idx| {
                let o = old.and_then(|(o, size)| entry(idx, o, size));
                let n = new.and_then(|(n, size)| entry(idx, n, size));
                let changed = match (old, new, &o, &n) {
                    (Some((oi, _)), Some((ni, _)), Some(_), Some(_)) => projection_changed(keys, idx, oi, ni),
                    _ => false,
                };
                IndexChange { old: o, new: n, projection_changed: changed }
            })
            .collect()
    }

    /// The GSI entries writing `new` (`None`: deleting) at `key` would add, replace or remove, in the
    /// order [`Table::commit_write`] charges them (so a caller can pair each GSI charge with its entry).
    pub fn global_index_writes(&self, key: &PrimaryKey, new: Option<&Item>) -> Vec<IndexWrite<'_>> {
        if !self.def.indexes.iter().any(|i| i.kind == IndexKind::Global) {
            return Vec::new();
        }
        self.global_index_writes_between(self.get(key).as_ref(), new)
    }

    /// [`Table::global_index_writes`] for a write that turns the item `old` into `new` (either may be
    /// absent), without reading the table.
    pub fn global_index_writes_between(&self, old: Option<&Item>, new: Option<&Item>) -> Vec<IndexWrite<'_>> {
        fn sized(i: Option<&Item>) -> Option<(&Item, u64)> {
            i.map(|i| (i, item_size(i) as u64))
        }
        let changes = self.plan(sized(old), sized(new));
        let mut out = Vec::new();
        for (idx, ch) in self.def.indexes.iter().zip(&changes).filter(|(i, _)| i.kind == IndexKind::Global) {
            for (entry, _) in ch.writes() {
                let mut key = Item::new();
                key.insert(idx.keys.pk.name.clone(), entry.0.to_value());
                out.push(IndexWrite { index: &idx.name, key });
            }
        }
        out
    }

    /// What a write of the item `old` (sizes `old_size`) into `new` charges, given its index plan: the
    /// table write, then each index entry written, in order. [`Table::commit_write`] charges through it,
    /// and so does [`Table::write_cost_between`].
    fn charge_write(&self, old_size: Option<u64>, new_size: Option<u64>, changes: &[IndexChange], factor: Factor, cons: &mut Consumed) {
        match new_size {
            Some(n) => cons.write(Target::Table, old_size.unwrap_or(0).max(n), factor, Reason::WriteItem { old: old_size, new: n }),
            None => cons.write(Target::Table, old_size.unwrap_or(0), factor, Reason::DeleteItem { found: old_size.is_some() }),
        }
        for (idx, ch) in self.def.indexes.iter().zip(changes) {
            let t = target_of(idx);
            for (entry, reason) in ch.writes() {
                cons.write(t.clone(), entry.2, factor, reason);
            }
        }
    }

    /// Exactly what [`Table::commit_write`] would charge (at the standard rate) for turning the item
    /// `old` into `new` (either may be absent), without touching the table: the simulator's pricing
    /// uses it to recognise writes that cost the same.
    pub fn write_cost_between(&self, old: Option<&Item>, new: Option<&Item>) -> Consumed {
        let sized = |i: Option<&Item>| i.map(|i| item_size(i) as u64);
        let (old_size, new_size) = (sized(old), sized(new));
        let changes = self.plan(old.zip(old_size), new.zip(new_size));
        let mut cons = Consumed::new(&self.def.name);
        self.charge_write(old_size, new_size, &changes, Factor::Standard, &mut cons);
        cons
    }

    /// What writing `item` as a new item consumes — the table write plus one write per index that would
    /// hold it — charged by the same plan as [`Table::commit_write`], without touching the table. The
    /// playground shows it on every row so a learner sees what each index adds to a write.
    pub fn new_item_write_cost(&self, item: &Item) -> Consumed {
        let size = item_size(item) as u64;
        let mut cons = Consumed::new(&self.def.name);
        cons.write(Target::Table, size, Factor::Standard, Reason::WriteItem { old: None, new: size });
        for (idx, ch) in self.def.indexes.iter().zip(self.plan(None, Some((item, size)))) {
            if let Some((_, _, entry_size)) = ch.new {
                cons.write(target_of(idx), entry_size, Factor::Standard, Reason::IndexPut);
            }
        }
        cons
    }

    /// Store (`Some`) or delete (`None`) the item at `key`, maintaining indexes, statistics and the
    /// item-collection size, and charge it to `cons` (table: the larger of old and new item; each
    /// index: new entry 1 write, key changed 2, removed 1, projected attributes changed 1, else 0).
    /// Returns the previous item in its stored form (decoding it is left to a caller that wants it).
    /// Callers have already validated the item (keys, index keys, size) and run [`Table::check_write`];
    /// batch writes and transactions call this per item.
    pub fn commit_write(&mut self, key: &PrimaryKey, new: Option<&Item>, factor: Factor, cons: &mut Consumed) -> Option<Stored> {
        if let Some(journal) = &mut self.extras.journal {
            journal.push(key.clone());
        }
        let new_size = new.map(|n| item_size(n) as u64);
        let old_size = self.size_of(key);
        // The old item is looked inside only to maintain indexes and streams.
        let old = if self.def.indexes.is_empty() && self.def.vectors.is_empty() && !self.extras.wants_writes() { None } else { self.get(key) };
        // With a lag, asynchronous indexes (GSIs, vector indexes) receive the write later
        // (`propagation`), not here; it is charged now, as DynamoDB bills the write that causes it.
        let lags = !self.extras.propagation.lag().is_none();
        self.write_vectors(key, old.as_ref(), new, cons, lags);
        if self.extras.wants_writes() {
            self.extras.on_write(&self.def.keys, key, old.as_ref(), new);
        }
        let changes = self.plan(old.as_ref().zip(old_size), new.zip(new_size));
        drop(old);
        self.charge_write(old_size, new_size, &changes, factor, cons);
        let mut contribution_old = old_size.unwrap_or(0);
        let mut contribution_new = new_size.unwrap_or(0);
        for (idx, ch) in self.def.indexes.iter().zip(&changes) {
            if idx.kind == IndexKind::Local {
                contribution_old += ch.old.as_ref().map_or(0, |e| e.2);
                contribution_new += ch.new.as_ref().map_or(0, |e| e.2);
            }
        }
        for ((idx, data), ch) in self.def.indexes.iter().zip(self.index_data.iter_mut()).zip(changes) {
            if lags && Table::is_async_index(idx) {
                continue;
            }
            if let (Some(o), Some(n)) = (&ch.old, &ch.new) {
                if (&o.0, &o.1) == (&n.0, &n.1) {
                    data.size_bytes = data.size_bytes.saturating_sub(o.2) + n.2;
                    continue;
                }
            }
            if let Some((ipk, isk, size)) = ch.old {
                data.remove(&ipk, isk, key.clone(), size);
            }
            if let Some((ipk, isk, size)) = ch.new {
                data.insert(ipk, isk, key.clone(), size);
            }
        }
        if self.def.has_lsi() {
            let bytes = self.collections.entry(key.pk.clone()).or_default();
            *bytes = bytes.saturating_sub(contribution_old) + contribution_new;
            if *bytes == 0 {
                self.collections.remove(&key.pk);
            }
        }
        let old = match (new, new_size) {
            (Some(item), Some(size)) => {
                let part = self.parts.entry(key.pk.clone()).or_default();
                part.items.insert(key.sk.clone(), Stored::new(item, size, &self.def.keys))
            }
            _ => {
                let part = self.parts.get_mut(&key.pk);
                let old = part.and_then(|p| p.items.remove(&key.sk));
                if self.parts.get(&key.pk).is_some_and(|p| p.items.is_empty()) {
                    self.parts.remove(&key.pk);
                }
                old
            }
        };
        self.size_bytes = self.size_bytes.saturating_sub(old_size.unwrap_or(0)) + new_size.unwrap_or(0);
        self.item_count = self.item_count + u64::from(new_size.is_some()) - u64::from(old_size.is_some());
        if lags {
            self.send_to_indexes(key, old.clone());
        }
        old
    }

    /// Build a new index's entries from the stored items (UpdateTable Create). Items whose index key
    /// attributes have the wrong type are skipped, as DynamoDB's backfill does.
    pub fn backfill(&mut self, pos: usize) {
        let Some(idx) = self.def.indexes.get(pos) else { return };
        let mut data = IndexData::default();
        for (pk, part) in &self.parts {
            for (sk, stored) in &part.items {
                let item = stored.item.decode(&KeyRef(pk, sk));
                if let Some((ipk, isk)) = index_key_of(idx, &item) {
                    let key = PrimaryKey { pk: pk.clone(), sk: sk.clone() };
                    data.insert(ipk, isk, key, projected_size(&self.def.keys, idx, &item));
                }
            }
        }
        if let Some(slot) = self.index_data.get_mut(pos) {
            *slot = data;
        }
    }

    /// The entry an index returns for a stored item.
    pub fn index_entry(&self, idx: &IndexDef, item: &Item) -> Item {
        project(&self.def.keys, idx, item)
    }
}

impl Table {
    /// Keep the vector indexes in step with a write of `old` into `new` at `key`, and record the
    /// `VectorWriteRequestBytes` of each index the write changed. Every item write reaches the vector
    /// indexes here, from [`Table::commit_write`] — or, when the table's indexes `lag`, later through
    /// [`Table::propagate`], like a GSI.
    fn write_vectors(&mut self, key: &PrimaryKey, old: Option<&Item>, new: Option<&Item>, cons: &mut Consumed, lags: bool) {
        for (def, data) in self.def.vectors.iter().zip(self.vector_data.iter_mut()) {
            let (entry, bytes) = crate::vector::entry::change(&self.def.keys, def, old, new);
            if !lags {
                data.apply(key, entry);
            }
            if let Some(b) = bytes {
                cons.vector_write(&def.name, b);
            }
        }
    }

    /// Build vector index `pos` from the stored items (UpdateTable's Create; a reloaded table). Items
    /// whose vector is not one of the index are left out.
    pub fn backfill_vector(&mut self, pos: usize) {
        let Some(def) = self.def.vectors.get(pos) else { return };
        let mut data = crate::vector::VectorData::default();
        for (pk, part) in &self.parts {
            for (sk, stored) in &part.items {
                let key = PrimaryKey { pk: pk.clone(), sk: sk.clone() };
                let item = stored.item.decode(&key);
                data.apply(&key, crate::vector::entry::entry_of(&self.def.keys, def, &item));
            }
        }
        if let Some(slot) = self.vector_data.get_mut(pos) {
            *slot = data;
        }
    }
}
