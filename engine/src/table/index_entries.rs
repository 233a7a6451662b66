//! Every entry of a secondary index in the index's own order, for a view of the whole index (the
//! playground's Indexes tab).
//!
//! A Scan of the index hands back the same entries, but page by page with its capacity accounting, and
//! a view then has to sort them by their keys, reading each key out of each entry. The index already
//! keeps its entries sorted — by partition key value, then sort key, then table key, exactly the order
//! a Query of each partition returns — so walking it gives the view its rows with nothing to sort.

use core::ops::Bound;

use super::key::{KeyRef, KeyVal};
use super::schema::ProjectionDef;
use super::{ReadItem, Table};
use crate::index::project;

impl Table {
    /// The entries of index `name` in index order, each with its index partition key value, as a read
    /// of the index returns them: the table's stored item for an ALL projection (shared, undecoded),
    /// the projected entry otherwise; while a write is in flight to an asynchronous index, the item as
    /// the index still shows it. `None` when the table has no such index.
    pub fn index_entries(&self, name: &str) -> Option<impl Iterator<Item = (&KeyVal, ReadItem)> + '_> {
        let pos = self.def.indexes.iter().position(|i| i.name == name)?;
        let (idx, data) = (self.def.indexes.get(pos)?, self.index_data.get(pos)?);
        let keys = &self.def.keys;
        Some(data.parts.iter().flat_map(move |(ipk, part)| {
            part.range(&Bound::Unbounded, &Bound::Unbounded).filter_map(move |(_, key)| {
                let (pk, sk, stored) = self.index_view_entry(idx, &key)?;
                let read = match idx.projection {
                    ProjectionDef::All => ReadItem::Stored { item: stored.item.clone(), key },
                    _ => ReadItem::Built(project(keys, idx, &stored.item.decode_where(&KeyRef(pk, sk), |n| idx.projects(keys, n)))),
                };
                Some((ipk, read))
            })
        }))
    }
}
