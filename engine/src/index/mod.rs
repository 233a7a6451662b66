//! Secondary index storage: entries ordered by (index partition key, index sort key, table primary key).
//!
//! An entry stores only keys; the projected attributes are read through to the table's item when an
//! index is queried. With no index lag this is observably the same as storing a copy, and it keeps
//! memory per item close to the item's own size however many ALL-projection indexes exist; with a lag,
//! reads of a key whose write is still in flight read through to the version the index still shows
//! (`crate::table::propagation`). Sizes and counts are still those of
//! the projected entries, as DynamoDB reports and charges them. The keys themselves are kept as compact
//! byte strings (see [`entry`]).

pub mod entry;
pub mod lag;
pub mod membership;
pub mod multi_key;

use alloc::collections::{BTreeMap, BTreeSet};
use core::ops::Bound;

use crate::table::key::{KeyVal, PrimaryKey, SortVal};
use crate::table::range::{is_valid, SortRange};
use crate::table::schema::{IndexDef, KeySchema, ProjectionDef};
use crate::value::{attribute_size, Item};

/// A table key inside an index position, with sentinels so that range bounds can be expressed on the
/// (index sort key, table key) pair: `Min < Key(_) < Max`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum TableKeyBound {
    Min,
    Key(PrimaryKey),
    Max,
}

/// Position inside one index partition: what query bounds and exclusive start keys are expressed in.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct IndexPos {
    pub sk: SortVal,
    pub table_key: TableKeyBound,
}

/// The entries of one index partition, in position order.
#[derive(Debug, Clone, Default)]
pub struct IndexPart {
    entries: BTreeSet<entry::Packed>,
}

impl IndexPart {
    /// The entries between two positions as (index sort key, table key); empty when the bounds are
    /// inverted.
    pub fn range(&self, lo: &Bound<IndexPos>, hi: &Bound<IndexPos>) -> impl DoubleEndedIterator<Item = (SortVal, PrimaryKey)> + '_ {
        let (lo, hi) = (entry::encode_bound(lo), entry::encode_bound(hi));
        let valid = is_valid(&lo, &hi);
        let range = valid.then(|| self.entries.range::<[u8], _>((as_slice(&lo), as_slice(&hi))));
        range.into_iter().flatten().filter_map(|e| entry::decode(e))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

fn as_slice(b: &Bound<alloc::vec::Vec<u8>>) -> Bound<&[u8]> {
    match b {
        Bound::Unbounded => Bound::Unbounded,
        Bound::Included(v) => Bound::Included(v.as_slice()),
        Bound::Excluded(v) => Bound::Excluded(v.as_slice()),
    }
}

/// One index's entries plus the statistics DescribeTable reports.
#[derive(Debug, Clone, Default)]
pub struct IndexData {
    pub parts: BTreeMap<KeyVal, IndexPart>,
    pub item_count: u64,
    pub size_bytes: u64,
}

impl IndexData {
    pub fn insert(&mut self, ipk: KeyVal, isk: SortVal, key: PrimaryKey, size: u64) {
        let added = self.parts.entry(ipk).or_default().entries.insert(entry::encode(&isk, &key));
        if added {
            self.item_count += 1;
            self.size_bytes += size;
        }
    }

    pub fn remove(&mut self, ipk: &KeyVal, isk: SortVal, key: PrimaryKey, size: u64) {
        let Some(part) = self.parts.get_mut(ipk) else { return };
        if part.entries.remove(entry::encode(&isk, &key).as_slice()) {
            self.item_count = self.item_count.saturating_sub(1);
            self.size_bytes = self.size_bytes.saturating_sub(size);
        }
        if part.entries.is_empty() {
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
/// Lift sort-value bounds to index positions (index sort value, then table key).
pub fn index_bounds(r: &SortRange) -> (Bound<IndexPos>, Bound<IndexPos>) {
    let pos = |sk: &SortVal, t: TableKeyBound| IndexPos { sk: sk.clone(), table_key: t };
    let lo = match &r.lo {
        Bound::Unbounded => Bound::Unbounded,
        Bound::Included(s) => Bound::Included(pos(s, TableKeyBound::Min)),
        Bound::Excluded(s) => Bound::Excluded(pos(s, TableKeyBound::Max)),
    };
    let hi = match &r.hi {
        Bound::Unbounded => Bound::Unbounded,
        Bound::Included(s) => Bound::Included(pos(s, TableKeyBound::Max)),
        Bound::Excluded(s) => Bound::Excluded(pos(s, TableKeyBound::Min)),
    };
    (lo, hi)
}

