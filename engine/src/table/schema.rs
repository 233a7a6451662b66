//! A table's shape: key schema, secondary index definitions, billing. Pure data, validated once by
//! CreateTable/UpdateTable so that every later write can trust it.

use alloc::string::String;
use alloc::vec::Vec;

use crate::value::ScalarType;

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
    pub extra_keys: crate::index::multi_key::ExtraKeys,
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
    pub vectors: Vec<crate::vector::VectorIndexDef>,
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
