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
use alloc::string::String;
use alloc::vec::Vec;

pub use distance::Distance;

use crate::table::key::PrimaryKey;
use crate::table::schema::{KeyAttr, ProjectionDef};

/// The most dimensions an index may have (the API Reference's quota; "Number of dimensions must be
/// between 1 and 4096 inclusive").
pub const MAX_DIMENSIONS: i64 = 4096;
/// Vector indexes per table (DynamoDB's per-table limit).
pub const MAX_PER_TABLE: usize = 5;
/// `TopK` range of `SearchVectors`.
pub const MAX_TOP_K: i64 = 100;
/// A vector index write is charged at least this many bytes.
pub const MIN_WRITE_BYTES: u64 = 1024;

/// A vector index definition, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VectorIndexDef {
    pub name: String,
    /// `VectorAttribute.AttributeName`.
    pub attribute: String,
    pub dimensions: u32,
    pub distance: Distance,
    /// The search schema's HASH element (its type from AttributeDefinitions).
    pub hash: Option<KeyAttr>,
    /// The INLINE_FILTER elements, in schema order.
    pub filters: Vec<KeyAttr>,
    /// The search schema as given (HASH and INLINE_FILTER in request order), for DescribeTable.
    pub schema_order: Vec<(String, bool)>,
    pub projection: ProjectionDef,
    pub created_at: u64,
}

impl VectorIndexDef {
    /// Whether the search schema names `attr`.
    pub fn in_schema(&self, attr: &str) -> bool {
        self.schema_order.iter().any(|(n, _)| n == attr)
    }

    /// Whether the index entry carries `attr`: the table keys, the search schema attributes and the
    /// vector always (as for a GSI's keys), then what the projection adds.
    pub fn projects(&self, table: &crate::table::schema::KeySchema, attr: &str) -> bool {
        if table.is_key(attr) || self.in_schema(attr) || self.attribute == attr {
            return true;
        }
        match &self.projection {
            ProjectionDef::All => true,
            ProjectionDef::KeysOnly => false,
            ProjectionDef::Include(l) => l.iter().any(|a| a == attr),
        }
    }
}

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
