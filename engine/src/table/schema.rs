//! A table's shape: key schema, secondary index definitions, billing. Pure data, validated once by
//! CreateTable/UpdateTable so that every later write can trust it.

use alloc::string::String;
use alloc::vec::Vec;

use crate::value::ScalarType;
use crate::vector::distance::Distance;

/// One key attribute: its name and scalar type (from AttributeDefinitions).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyAttr {
    pub name: String,
    pub ty: ScalarType,
}

/// Partition key plus optional sort key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeySchema {
    pub pk: KeyAttr,
    pub sk: Option<KeyAttr>,
}

impl KeySchema {
    pub fn is_key(&self, name: &str) -> bool {
        self.pk.name == name || self.sk.as_ref().is_some_and(|s| s.name == name)
    }
}

/// Which attributes an index stores besides the keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProjectionDef {
    KeysOnly,
    Include(Vec<String>),
    All,
}

impl ProjectionDef {
    pub fn type_name(&self) -> &'static str {
        match self {
            ProjectionDef::KeysOnly => "KEYS_ONLY",
            ProjectionDef::Include(_) => "INCLUDE",
            ProjectionDef::All => "ALL",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexKind {
    Global,
    Local,
}

/// Provisioned read/write units (None under PAY_PER_REQUEST).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Throughput {
    pub read: i64,
    pub write: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BillingMode {
    Provisioned,
    PayPerRequest,
}

impl BillingMode {
    pub fn as_str(&self) -> &'static str {
        match self {
            BillingMode::Provisioned => "PROVISIONED",
            BillingMode::PayPerRequest => "PAY_PER_REQUEST",
        }
    }
}

/// A secondary index definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexDef {
    pub name: String,
    pub kind: IndexKind,
    pub keys: KeySchema,
    /// A GSI's HASH and RANGE attributes after the first of each (multi-attribute keys); empty for
    /// every other index. `keys` holds the first of each, so code that knows only one-attribute keys
    /// must ask [`IndexDef::is_multi_key`] first.
    pub extra_keys: ExtraKeys,
    pub projection: ProjectionDef,
    pub throughput: Option<Throughput>,
    /// When the index was requested; with [`INDEX_BACKFILL_MILLIS`] it decides CREATING vs ACTIVE.
    pub created_at: u64,
    /// Indexes defined by CreateTable are ACTIVE at once; ones added by UpdateTable backfill first.
    pub backfills: bool,
}

/// A GSI added by UpdateTable reports `CREATING` (Backfilling=true) for this many milliseconds of the
/// caller's clock, then `ACTIVE`. The entries are built at once; the delay exists so that clients which
/// poll DescribeTable (waiters, the playground's timeline) see the same status sequence as on AWS.
pub const INDEX_BACKFILL_MILLIS: u64 = 5_000;

impl IndexDef {
    /// The partition (HASH) attributes in key-schema order.
    pub fn hash_attrs(&self) -> impl Iterator<Item = &KeyAttr> + '_ {
        core::iter::once(&self.keys.pk).chain(self.extra_keys.hash.iter())
    }

    /// The sort (RANGE) attributes in key-schema order.
    pub fn range_attrs(&self) -> impl Iterator<Item = &KeyAttr> + '_ {
        self.keys.sk.iter().chain(self.extra_keys.range.iter())
    }

    /// Every key attribute in key-schema order (HASH attributes, then RANGE attributes).
    pub fn key_attrs(&self) -> impl Iterator<Item = &KeyAttr> + '_ {
        self.hash_attrs().chain(self.range_attrs())
    }

    /// Whether the key has more than one HASH or more than one RANGE attribute.
    pub fn is_multi_key(&self) -> bool {
        !self.extra_keys.is_empty()
    }

    /// Whether `name` is one of the index's own key attributes.
    pub fn is_index_key(&self, name: &str) -> bool {
        self.key_attrs().any(|a| a.name == name)
    }

    pub fn is_active(&self, now: u64) -> bool {
        !self.backfills || now >= self.created_at.saturating_add(INDEX_BACKFILL_MILLIS)
    }

    /// Whether the index entry carries attribute `name` (keys of the index and of the table always).
    pub fn projects(&self, table: &KeySchema, name: &str) -> bool {
        if table.is_key(name) || self.is_index_key(name) {
            return true;
        }
        match &self.projection {
            ProjectionDef::All => true,
            ProjectionDef::KeysOnly => false,
            ProjectionDef::Include(list) => list.iter().any(|a| a == name),
        }
    }
}

/// Everything CreateTable fixed about a table, plus what UpdateTable may change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableDef {
    pub name: String,
    pub keys: KeySchema,
    /// AttributeDefinitions as given (table and index key attributes), in request order.
    pub attributes: Vec<KeyAttr>,
    pub indexes: Vec<IndexDef>,
    pub billing: BillingMode,
    pub throughput: Option<Throughput>,
    pub created_at: u64,
    /// Vector indexes (`crate::vector`), in definition order.
    pub vectors: Vec<VectorIndexDef>,
}

impl TableDef {
    pub fn index(&self, name: &str) -> Option<&IndexDef> {
        self.indexes.iter().find(|i| i.name == name)
    }

    pub fn has_lsi(&self) -> bool {
        self.indexes.iter().any(|i| i.kind == IndexKind::Local)
    }
}

pub fn scalar_name(t: ScalarType) -> &'static str {
    match t {
        ScalarType::S => "S",
        ScalarType::N => "N",
        ScalarType::B => "B",
    }
}

/// The HASH and RANGE attributes of a GSI key after the first of each, in key-schema order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExtraKeys {
    pub hash: Vec<KeyAttr>,
    pub range: Vec<KeyAttr>,
}

impl ExtraKeys {
    pub fn is_empty(&self) -> bool {
        self.hash.is_empty() && self.range.is_empty()
    }
}

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
    pub fn projects(&self, table: &KeySchema, attr: &str) -> bool {
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
