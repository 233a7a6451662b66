//! One table: its definition, its items ordered by (partition key, sort key), its secondary indexes,
//! and the single write path ([`Table::commit_write`]) that keeps all of them and the capacity accounting
//! in step. Batch writes and transactions reuse the same path item by item.

pub mod key;
pub mod range;
pub mod schema;

use alloc::collections::BTreeMap;
use alloc::string::String;

use crate::capacity::{Consumed, Factor, Reason, Target};
use crate::error::ApiError;
use crate::index::{project, projected_size, projection_changed, IndexData};
use crate::table::key::{index_key_of, KeyVal, PrimaryKey, SortVal};
use crate::table::schema::{IndexDef, IndexKind, TableDef};
use crate::value::{item_size, Item};

/// DynamoDB's item size limit (400 KB).
pub const MAX_ITEM_BYTES: u64 = 400 * 1024;
/// Item collection limit for tables with a local secondary index (10 GB).
pub const MAX_COLLECTION_BYTES: u64 = 10 * 1024 * 1024 * 1024;

/// All items sharing one partition key (an item collection).
#[derive(Debug, Clone, Default)]
pub struct Partition {
    pub items: BTreeMap<SortVal, Item>,
    /// Table items plus their LSI entries: what the 10 GB item-collection limit measures.
    pub collection_bytes: u64,
}

#[derive(Debug, Clone)]
pub struct Table {
    pub def: TableDef,
    pub parts: BTreeMap<KeyVal, Partition>,
    pub item_count: u64,
    pub size_bytes: u64,
    /// Parallel to `def.indexes`.
    pub index_data: alloc::vec::Vec<IndexData>,
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
        Table { def, parts: BTreeMap::new(), item_count: 0, size_bytes: 0, index_data }
    }

    pub fn name(&self) -> &str {
        &self.def.name
    }

    pub fn get(&self, key: &PrimaryKey) -> Option<&Item> {
        self.parts.get(&key.pk)?.items.get(&key.sk)
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
        self.parts.get(pk).map_or(0, |p| p.collection_bytes)
    }

    /// Checks that depend on stored state and must pass before anything is written (so a transaction
    /// can check every item first): the 10 GB item-collection limit of tables with an LSI.
    pub fn check_write(&self, key: &PrimaryKey, new: Option<&Item>) -> Result<(), ApiError> {
        let (true, Some(new)) = (self.def.has_lsi(), new) else { return Ok(()) };
        let old = self.get(key).map_or(0, |o| self.collection_contribution(o));
        let after = self.collection_bytes(&key.pk).saturating_sub(old) + self.collection_contribution(new);
        if after > MAX_COLLECTION_BYTES {
            return Err(ApiError::ItemCollectionSizeLimitExceeded(String::from("Collection size exceeded.")));
        }
        Ok(())
    }

    /// What a write would cost, table and indexes, without performing it (also used to charge failed
    /// conditional writes, which consume capacity for the table only).
    pub fn write_cost(&self, old: Option<&Item>, new: Option<&Item>, factor: Factor, cons: &mut Consumed) {
        let old_size = old.map(|o| item_size(o) as u64);
        match new {
            Some(n) => {
                let new_size = item_size(n) as u64;
                cons.write(Target::Table, old_size.unwrap_or(0).max(new_size), factor, Reason::WriteItem { old: old_size, new: new_size });
            }
            None => cons.write(Target::Table, old_size.unwrap_or(0), factor, Reason::DeleteItem { found: old.is_some() }),
        }
        let keys = &self.def.keys;
        for idx in &self.def.indexes {
            let ok = old.and_then(|o| index_key_of(idx, o).map(|k| (k, o)));
            let nk = new.and_then(|n| index_key_of(idx, n).map(|k| (k, n)));
            let t = target_of(idx);
            match (ok, nk) {
                (None, None) => {}
                (None, Some((_, n))) => cons.write(t, projected_size(keys, idx, n), factor, Reason::IndexPut),
                (Some((_, o)), None) => cons.write(t, projected_size(keys, idx, o), factor, Reason::IndexDelete),
                (Some((ok, o)), Some((nk, n))) => {
                    if ok != nk {
                        cons.write(t.clone(), projected_size(keys, idx, o), factor, Reason::IndexKeyChangedDelete);
                        cons.write(t, projected_size(keys, idx, n), factor, Reason::IndexKeyChangedPut);
                    } else if projection_changed(keys, idx, o, n) {
                        cons.write(t, projected_size(keys, idx, n), factor, Reason::IndexUpdate);
                    }
                }
            }
        }
    }

    /// Store (`Some`) or delete (`None`) the item at `key`, maintaining indexes, statistics and the
    /// item-collection size, and charge it to `cons`. Returns the previous item. Callers have already
    /// validated the item (keys, index keys, size) and run [`Table::check_write`].
    pub fn commit_write(&mut self, key: &PrimaryKey, new: Option<Item>, factor: Factor, cons: &mut Consumed) -> Option<Item> {
        let old = self.get(key);
        self.write_cost(old, new.as_ref(), factor, cons);
        let old = self.remove_item(key);
        if let Some(item) = new {
            self.insert_item(key.clone(), item);
        }
        old
    }

    fn remove_item(&mut self, key: &PrimaryKey) -> Option<Item> {
        let part = self.parts.get_mut(&key.pk)?;
        let old = part.items.remove(&key.sk)?;
        let empty = part.items.is_empty();
        if empty {
            self.parts.remove(&key.pk);
        }
        let contribution = self.collection_contribution(&old);
        if let Some(p) = self.parts.get_mut(&key.pk) {
            p.collection_bytes = p.collection_bytes.saturating_sub(contribution);
        }
        self.item_count = self.item_count.saturating_sub(1);
        self.size_bytes = self.size_bytes.saturating_sub(item_size(&old) as u64);
        for (idx, data) in self.def.indexes.iter().zip(self.index_data.iter_mut()) {
            if let Some((ipk, isk)) = index_key_of(idx, &old) {
                data.remove(&ipk, isk, key.clone(), projected_size(&self.def.keys, idx, &old));
            }
        }
        Some(old)
    }

    /// Insert an item whose key is not present (after `remove_item`).
    fn insert_item(&mut self, key: PrimaryKey, item: Item) {
        for (idx, data) in self.def.indexes.iter().zip(self.index_data.iter_mut()) {
            if let Some((ipk, isk)) = index_key_of(idx, &item) {
                data.insert(ipk, isk, key.clone(), projected_size(&self.def.keys, idx, &item));
            }
        }
        let contribution = if self.def.has_lsi() { self.collection_contribution(&item) } else { item_size(&item) as u64 };
        self.item_count += 1;
        self.size_bytes += item_size(&item) as u64;
        let part = self.parts.entry(key.pk).or_default();
        part.collection_bytes += contribution;
        part.items.insert(key.sk, item);
    }

    /// Build a new index's entries from the stored items (UpdateTable Create). Items whose index key
    /// attributes have the wrong type are skipped, as DynamoDB's backfill does.
    pub fn backfill(&mut self, pos: usize) {
        let Some(idx) = self.def.indexes.get(pos) else { return };
        let mut data = IndexData::default();
        for (pk, part) in &self.parts {
            for (sk, item) in &part.items {
                if let Some((ipk, isk)) = index_key_of(idx, item) {
                    let key = PrimaryKey { pk: pk.clone(), sk: sk.clone() };
                    data.insert(ipk, isk, key, projected_size(&self.def.keys, idx, item));
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
