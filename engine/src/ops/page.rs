//! The page loop shared by Query and Scan: read entries in order, charge their size (before any
//! filter), stop after `Limit` evaluated entries or once 1 MB has been read, filter, project, and say
//! where to resume.
//!
//! Page rule: an entry is read, its size added; when the running total reaches 1 MB (1,048,576 bytes)
//! or `Limit` entries have been evaluated, the page ends *after* that entry and LastEvaluatedKey is its
//! key — even if nothing follows it, which is what DynamoDB does for `Limit`.

use alloc::vec::Vec;

use crate::api::read::{QueryOutput, Select};
use crate::capacity::{Consumed, ReadConsistency, Reason, Target};
use crate::expr::{Condition, Projection};
use crate::index::{project, projected_size};
use crate::table::key::{KeyRef, KeyVal, PrimaryKey, SortVal};
use crate::table::schema::{IndexDef, IndexKind, ProjectionDef};
use crate::table::{Stored, Table};
use crate::table::ReadItem;
use crate::value::Item;

pub const PAGE_BYTES: u64 = 1024 * 1024;

/// Everything the loop needs to know about one Query/Scan request, already validated.
pub struct PagePlan<'a> {
    pub table: &'a Table,
    pub index: Option<&'a IndexDef>,
    pub filter: Option<&'a Condition>,
    pub projection: Option<&'a Projection>,
    pub select: Select,
    pub limit: Option<u32>,
    pub consistency: ReadConsistency,
    /// LSI reads that need attributes the index does not project fetch the table's item.
    pub fetch_table: bool,
}

/// One entry in read order: the table key of the item and the stored item.
pub struct Entry<'a> {
    pub pk: &'a KeyVal,
    pub sk: &'a SortVal,
    pub stored: &'a Stored,
}

impl PagePlan<'_> {
    /// Run the loop over `entries`, producing the page.
    pub fn run<'i, I>(&self, entries: I, rcc: crate::capacity::ReturnCapacity) -> QueryOutput
    where
        I: Iterator<Item = Entry<'i>>,
    {
        let keys = &self.table.def.keys;
        let mut bytes = 0u64;
        let mut fetched = 0u64;
        let mut scanned = 0u64;
        let mut count = 0u64;
        let mut items = Vec::new();
        let mut last: Option<Entry<'i>> = None;
        // An index with a narrower projection than the table: its entries are sized by the projection,
        // and built on read unless the table's item is fetched instead.
        let narrower = self.index.filter(|i| i.projection != ProjectionDef::All);
        let narrow = narrower.filter(|_| !self.fetch_table);
        // The stored item is decoded only when something has to look inside it, and then only the
        // attributes that are looked at: the index's projection, the filter's and the projection's.
        let mut names = self.filter.map(Condition::top_level_names).unwrap_or_default();
        if self.select != Select::Count {
            names.extend(self.projection.map(Projection::top_level_names).unwrap_or_default());
        }
        let decode = narrower.is_some() || self.filter.is_some() || (self.projection.is_some() && self.select != Select::Count);
        let wanted = |n: &str| narrower.is_some_and(|idx| idx.projects(keys, n)) || names.iter().any(|m| m == n);
        for e in entries {
            scanned += 1;
            let decoded = decode.then(|| e.stored.item.decode_where(&KeyRef(e.pk, e.sk), wanted));
            bytes += match (narrower, &decoded) {
                (Some(idx), Some(item)) => projected_size(keys, idx, item),
                _ => e.stored.size(),
            };
            if self.fetch_table {
                fetched += e.stored.size();
            }
            let view: Option<Item> = match (narrow, decoded) {
                (Some(idx), Some(item)) => Some(project(keys, idx, &item)),
                (_, decoded) => decoded,
            };
            if self.filter.is_none_or(|f| view.as_ref().is_some_and(|v| f.eval(v))) {
                count += 1;
                if self.select != Select::Count {
                    let out = match (self.projection, view) {
                        (Some(p), Some(v)) => ReadItem::Built(p.apply(&v)),
                        (_, Some(v)) if narrow.is_some() => ReadItem::Built(v),
                        _ => ReadItem::Stored { item: e.stored.item.clone(), key: PrimaryKey { pk: e.pk.clone(), sk: e.sk.clone() } },
                    };
                    items.push(out);
                }
            }
            if self.limit.is_some_and(|l| scanned >= u64::from(l)) || bytes >= PAGE_BYTES {
                last = Some(e);
                break;
            }
        }
        let mut consumed = Consumed::new(&self.table.def.name);
        let target = match self.index {
            None => Target::Table,
            Some(i) if i.kind == IndexKind::Global => Target::GlobalIndex(i.name.clone()),
            Some(i) => Target::LocalIndex(i.name.clone()),
        };
        consumed.read(target, bytes, self.consistency, Reason::Read { items: scanned });
        if self.fetch_table && scanned > 0 {
            consumed.read(Target::Table, fetched, self.consistency, Reason::LsiFetch { items: scanned });
        }
        let last_evaluated_key = last.map(|e| {
            let mut k = PrimaryKey { pk: e.pk.clone(), sk: e.sk.clone() }.to_item(keys);
            if let Some(idx) = self.index {
                for a in idx.key_attrs() {
                    if let Some(v) = e.stored.item.get(&KeyRef(e.pk, e.sk), &a.name) {
                        k.insert(a.name.clone(), v);
                    }
                }
            }
            k
        });
        QueryOutput {
            items: if self.select == Select::Count { None } else { Some(items) },
            count,
            scanned_count: scanned,
            last_evaluated_key,
            consumed,
            return_consumed_capacity: rcc,
        }
    }
}
