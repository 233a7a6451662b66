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
use crate::table::key::PrimaryKey;
use crate::table::schema::{IndexDef, IndexKind};
use crate::table::Table;
use crate::value::{item_size, Item};

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

impl PagePlan<'_> {
    /// Run the loop over `entries` (table key + the stored item), producing the page.
    pub fn run<'i, I>(&self, entries: I, rcc: crate::capacity::ReturnCapacity) -> QueryOutput
    where
        I: Iterator<Item = (PrimaryKey, &'i Item)>,
    {
        let keys = &self.table.def.keys;
        let mut bytes = 0u64;
        let mut fetched = 0u64;
        let mut scanned = 0u64;
        let mut count = 0u64;
        let mut items = Vec::new();
        let mut last: Option<(PrimaryKey, &Item)> = None;
        for (key, item) in entries {
            scanned += 1;
            match self.index {
                Some(idx) => bytes += projected_size(keys, idx, item),
                None => bytes += item_size(item) as u64,
            }
            if self.fetch_table {
                fetched += item_size(item) as u64;
            }
            let view_owned;
            let view: &Item = match self.index {
                Some(idx) if !self.fetch_table => {
                    view_owned = project(keys, idx, item);
                    &view_owned
                }
                _ => item,
            };
            if self.filter.is_none_or(|f| f.eval(view)) {
                count += 1;
                if self.select != Select::Count {
                    items.push(match self.projection {
                        Some(p) => p.apply(view),
                        None => view.clone(),
                    });
                }
            }
            if self.limit.is_some_and(|l| scanned >= u64::from(l)) || bytes >= PAGE_BYTES {
                last = Some((key, item));
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
        let last_evaluated_key = last.map(|(key, item)| {
            let mut k = key.to_item(keys);
            if let Some(idx) = self.index {
                for a in core::iter::once(&idx.keys.pk).chain(idx.keys.sk.as_ref()) {
                    if let Some(v) = item.get(&a.name) {
                        k.insert(a.name.clone(), v.clone());
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
