//! Vector indexes: the third index type beside GSIs and LSIs, on on-demand tables. An index names an
//! attribute holding an embedding (a list of numbers), a dimension count, a distance function, a search
//! schema (an optional partition key and inline filter attributes) and a projection; `SearchVectors`
//! returns the top K items by distance.
//!
//! One job per module: `distance` (the three functions), `parse` (CreateTable's `VectorIndexes` and
//! UpdateTable's `VectorIndexUpdates`, with DynamoDB's validation), `entry` (what an item puts in an
//! index, what that costs, and the checks a write meets), `search` (`SearchVectors`), `describe` (the
//! index in a TableDescription and in a CreateTable definition).
//!
//! Like GSI entries, a vector entry holds only what the search ranks on — the vector, as f32 — and its
//! projected size; the attributes a result returns and the search schema's values are read from the
//! table's item, which the engine keeps in step synchronously. The seam for a delayed index view is
//! [`VectorData::apply`]: every change an item write makes to an index goes through it.

pub mod describe;
pub mod distance;
pub mod entry;
pub mod parse;
pub mod search;
pub mod table_update;

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

pub use distance::Distance;

use crate::table::key::PrimaryKey;
pub use crate::table::schema::VectorIndexDef;

/// The most dimensions an index may have (the API Reference's quota; "Number of dimensions must be
/// between 1 and 4096 inclusive").
pub const MAX_DIMENSIONS: i64 = 4096;
/// Vector indexes per table (DynamoDB's per-table limit).
pub const MAX_PER_TABLE: usize = 5;
/// `TopK` range of `SearchVectors`.
pub const MAX_TOP_K: i64 = 100;
/// A vector index write is charged at least this many bytes.
pub const MIN_WRITE_BYTES: u64 = 1024;


/// One indexed item: its vector at the index's f32 precision and the billable size of its entry.
#[derive(Debug, Clone, PartialEq)]
pub struct VectorEntry {
    pub vector: Vec<f32>,
    pub bytes: u64,
}

/// The entries of one vector index, by table key (so a search visits them in primary-key order, which
/// is what makes equal scores come out in a fixed order).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct VectorData {
    pub entries: BTreeMap<PrimaryKey, VectorEntry>,
    pub size_bytes: u64,
}

impl VectorData {
    /// Put (`Some`) or remove (`None`) the entry of the item at `key`.
    pub fn apply(&mut self, key: &PrimaryKey, entry: Option<VectorEntry>) {
        if let Some(old) = self.entries.remove(key) {
            self.size_bytes = self.size_bytes.saturating_sub(old.bytes);
        }
        if let Some(e) = entry {
            self.size_bytes += e.bytes;
            self.entries.insert(key.clone(), e);
        }
    }

    pub fn item_count(&self) -> u64 {
        self.entries.len() as u64
    }
}
