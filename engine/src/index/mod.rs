//! Secondary index storage: entries ordered by (index partition key, index sort key, table primary key).
//!
//! An entry stores only keys; the projected attributes are read through to the table's item when an
//! index is queried. Because the engine applies every write synchronously, this is observably the same
//! as storing a copy (GSIs are "eventually consistent" with zero lag) and it keeps memory per item close
//! to the item's own size however many ALL-projection indexes exist. Sizes and counts are still those of
//! the projected entries, as DynamoDB reports and charges them.

use alloc::collections::{BTreeMap, BTreeSet};

use crate::table::key::{KeyVal, PrimaryKey, SortVal};
use crate::table::schema::{IndexDef, KeySchema, ProjectionDef};
use crate::value::{attribute_size, Item};

/// A table key inside an index entry, with sentinels so that range bounds can be expressed on the
/// (index sort key, table key) pair: `Min < Key(_) < Max`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum TableKeyBound {
    Min,
    Key(PrimaryKey),
    Max,
}

/// Position of an entry inside one index partition.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct IndexPos {
    pub sk: SortVal,
    pub table_key: TableKeyBound,
}

/// One index's entries plus the statistics DescribeTable reports.
#[derive(Debug, Clone, Default)]
pub struct IndexData {
    pub parts: BTreeMap<KeyVal, BTreeSet<IndexPos>>,
    pub item_count: u64,
    pub size_bytes: u64,
}

impl IndexData {
    pub fn insert(&mut self, ipk: KeyVal, isk: SortVal, key: PrimaryKey, size: u64) {
        let added = self.parts.entry(ipk).or_default().insert(IndexPos { sk: isk, table_key: TableKeyBound::Key(key) });
        if added {
            self.item_count += 1;
            self.size_bytes += size;
        }
    }

    pub fn remove(&mut self, ipk: &KeyVal, isk: SortVal, key: PrimaryKey, size: u64) {
        let Some(set) = self.parts.get_mut(ipk) else { return };
        if set.remove(&IndexPos { sk: isk, table_key: TableKeyBound::Key(key) }) {
            self.item_count = self.item_count.saturating_sub(1);
            self.size_bytes = self.size_bytes.saturating_sub(size);
        }
        if set.is_empty() {
            self.parts.remove(ipk);
        }
    }
}

/// The projected entry an index holds for `item`.
pub fn project(table: &KeySchema, index: &IndexDef, item: &Item) -> Item {
    if index.projection == ProjectionDef::All {
        return item.clone();
    }
    item.iter().filter(|(k, _)| index.projects(table, k)).map(|(k, v)| (k.clone(), v.clone())).collect()
}

/// Size of the projected entry, without building it.
pub fn projected_size(table: &KeySchema, index: &IndexDef, item: &Item) -> u64 {
    item.iter().filter(|(k, _)| index.projects(table, k)).map(|(k, v)| attribute_size(k, v) as u64).sum()
}

/// Whether the projected entries of two versions of an item differ.
pub fn projection_changed(table: &KeySchema, index: &IndexDef, old: &Item, new: &Item) -> bool {
    if index.projection == ProjectionDef::All {
        return old != new;
    }
    let o = old.iter().filter(|(k, _)| index.projects(table, k));
    let n = new.iter().filter(|(k, _)| index.projects(table, k));
    !o.eq(n)
}
