//! Consumed capacity, counted exactly in half-units, with the reason behind every figure.
//!
//! Every operation records a list of [`Charge`]s — one per table/index touched — each carrying the byte
//! size it was computed from, the block size (4 KB reads, 1 KB writes), the rounded block count and the
//! resulting half-units. The wire `ConsumedCapacity` is a sum over charges; the UI renders the charges
//! themselves so a user can see *why* a Query cost 1.5 RCU. Batch and transactional operations reuse
//! this by calling [`Consumed::read`]/[`Consumed::write`] per item with their own [`Factor`].

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{Map, Value};

pub mod words;

pub const READ_BLOCK_BYTES: u64 = 4096;
pub const WRITE_BLOCK_BYTES: u64 = 1024;

/// How reads are charged per 4 KB block, in half-units: eventual 1 (0.5 RCU), strong 2, transactional 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadConsistency {
    Eventual,
    Strong,
    Transactional,
}

impl ReadConsistency {
    pub fn half_units_per_block(self) -> u64 {
        match self {
            ReadConsistency::Eventual => 1,
            ReadConsistency::Strong => 2,
            ReadConsistency::Transactional => 4,
        }
    }
}

/// Write multiplier: standard writes cost 1 WCU per KB, transactional writes 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Factor {
    Standard,
    Transactional,
}

impl Factor {
    pub fn half_units_per_block(self) -> u64 {
        match self {
            Factor::Standard => 2,
            Factor::Transactional => 4,
        }
    }
}

/// Where capacity was consumed.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Target {
    Table,
    GlobalIndex(String),
    LocalIndex(String),
}

/// Why a charge happened; sizes are in bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// GetItem of an item of the given size; a missing item still costs one block.
    GetItem { found: bool },
    /// Query/Scan: `items` read before any filter, sizes summed and rounded once.
    Read { items: u64 },
    /// LSI query fetching non-projected attributes from the table for `items` items.
    LsiFetch { items: u64 },
    /// Put/Update: the larger of the old and new item.
    WriteItem { old: Option<u64>, new: u64 },
    /// Delete of an item (a missing item still costs one block).
    DeleteItem { found: bool },
    /// A conditional write whose condition failed is still charged.
    ConditionFailed { old: Option<u64>, new: Option<u64> },
    /// An UpdateItem on a missing item whose actions only REMOVE or DELETE: nothing is written (DynamoDB
    /// creates no item), the write still costs its minimum.
    UpdateNothing,
    /// A transaction's ConditionCheck: billed like a write of the item it checked.
    ConditionCheck { found: bool },
    /// Index entry created.
    IndexPut,
    /// Index entry removed.
    IndexDelete,
    /// Index key changed: the old entry is deleted (one charge) and a new one put (another).
    IndexKeyChangedDelete,
    IndexKeyChangedPut,
    /// Only projected non-key attributes changed.
    IndexUpdate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Read,
    Write,
}

/// One charge with everything needed to explain it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Charge {
    pub target: Target,
    pub kind: Kind,
    pub reason: Reason,
    pub bytes: u64,
    pub block_bytes: u64,
    /// `max(1, ceil(bytes / block_bytes))`.
    pub blocks: u64,
    pub half_units: u64,
}

impl Charge {
    /// A one-line explanation, e.g. "Table: read 5000 B → 2 × 4 KB blocks × 0.5 = 1 RCU (3 items, summed before filtering)".
    pub fn explain(&self) -> String {
        let target = match &self.target {
            Target::Table => String::from("Table"),
            Target::GlobalIndex(n) => format!("GSI {n}"),
            Target::LocalIndex(n) => format!("LSI {n}"),
        };
        let unit = if self.kind == Kind::Read { "RCU" } else { "WCU" };
        let why = match &self.reason {
            Reason::GetItem { found: true } => String::from("item size rounded up to 4 KB"),
            Reason::GetItem { found: false } => String::from("item not found: minimum charge"),
            Reason::Read { items } => format!("{items} items read, sizes summed before filtering, rounded once"),
            Reason::LsiFetch { items } => format!("{items} items fetched from the table for non-projected attributes"),
            Reason::WriteItem { old, new } => match old {
                Some(o) => format!("larger of old item ({o} B) and new item ({new} B)"),
                None => format!("new item ({new} B)"),
            },
            Reason::DeleteItem { found } => {
                if *found { String::from("deleted item size") } else { String::from("no item: minimum charge") }
            }
            Reason::UpdateNothing => String::from("update of a missing item that only removes: nothing written, minimum charge"),
            Reason::ConditionFailed { .. } => String::from("condition failed: the write is still charged"),
            Reason::ConditionCheck { .. } => String::from("transaction condition check, billed as a write of the item"),
            Reason::IndexPut => String::from("new index entry"),
            Reason::IndexDelete => String::from("index entry removed"),
            Reason::IndexKeyChangedDelete => String::from("index key changed: old entry deleted"),
            Reason::IndexKeyChangedPut => String::from("index key changed: new entry written"),
            Reason::IndexUpdate => String::from("projected attributes changed"),
        };
        format!(
            "{target}: {} B -> {} x {} B blocks = {} {unit} ({why})",
            self.bytes,
            self.blocks,
            self.block_bytes,
            units_text(self.half_units)
        )
    }
}

/// "1.5", "2", "0.5": half-units as decimal text without floating point.
pub fn units_text(half: u64) -> String {
    if half.is_multiple_of(2) { format!("{}", half / 2) } else { format!("{}.5", half / 2) }
}

fn blocks(bytes: u64, block: u64) -> u64 {
    bytes.div_ceil(block).max(1)
}

/// `ReturnConsumedCapacity`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReturnCapacity {
    #[default]
    None,
    Total,
    Indexes,
}

impl ReturnCapacity {
    pub fn parse(s: Option<&str>) -> ReturnCapacity {
        match s {
            Some("TOTAL") => ReturnCapacity::Total,
            Some("INDEXES") => ReturnCapacity::Indexes,
            _ => ReturnCapacity::None,
        }
    }
}

/// Capacity consumed by one operation on one table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Consumed {
    pub table_name: String,
    pub charges: Vec<Charge>,
    /// `VectorWriteRequestBytes` per vector index the operation wrote (`crate::vector`): metered in
    /// bytes, apart from the write units. Boxed and absent until a vector index is written, so that the
    /// many `Consumed` values of tables without one stay small.
    pub vectors: Option<alloc::boxed::Box<BTreeMap<String, u64>>>,
}

impl Consumed {
    pub fn new(table_name: &str) -> Self {
        Consumed { table_name: String::from(table_name), charges: Vec::new(), vectors: None }
    }

    /// Add `bytes` to the `VectorWriteRequestBytes` of vector index `index`.
    pub fn vector_write(&mut self, index: &str, bytes: u64) {
        *self.vectors.get_or_insert_with(Default::default).entry(String::from(index)).or_default() += bytes;
    }

    /// `VectorWriteRequestBytes` per vector index, in name order.
    pub fn vector_bytes(&self) -> impl Iterator<Item = (&str, u64)> {
        self.vectors.iter().flat_map(|m| m.iter().map(|(n, b)| (n.as_str(), *b)))
    }

    pub fn read(&mut self, target: Target, bytes: u64, consistency: ReadConsistency, reason: Reason) {
        let b = blocks(bytes, READ_BLOCK_BYTES);
        self.charges.push(Charge {
            target,
            kind: Kind::Read,
            reason,
            bytes,
            block_bytes: READ_BLOCK_BYTES,
            blocks: b,
            half_units: b * consistency.half_units_per_block(),
        });
    }

    pub fn write(&mut self, target: Target, bytes: u64, factor: Factor, reason: Reason) {
        let b = blocks(bytes, WRITE_BLOCK_BYTES);
        self.charges.push(Charge {
            target,
            kind: Kind::Write,
            reason,
            bytes,
            block_bytes: WRITE_BLOCK_BYTES,
            blocks: b,
            half_units: b * factor.half_units_per_block(),
        });
    }

    pub fn total_half_units(&self) -> u64 {
        self.charges.iter().map(|c| c.half_units).sum()
    }

    pub fn half_units_for(&self, target: &Target) -> u64 {
        self.charges.iter().filter(|c| &c.target == target).map(|c| c.half_units).sum()
    }

    pub fn read_half_units(&self) -> u64 {
        self.charges.iter().filter(|c| c.kind == Kind::Read).map(|c| c.half_units).sum()
    }

    pub fn write_half_units(&self) -> u64 {
        self.charges.iter().filter(|c| c.kind == Kind::Write).map(|c| c.half_units).sum()
    }

    /// The wire `ConsumedCapacity` object, or `None` for ReturnConsumedCapacity=NONE.
    pub fn to_json(&self, mode: ReturnCapacity) -> Option<Value> {
        if mode == ReturnCapacity::None {
            return None;
        }
        let mut m = Map::new();
        m.insert("TableName".into(), Value::String(self.table_name.clone()));
        m.insert("CapacityUnits".into(), units_json(self.total_half_units()));
        if mode == ReturnCapacity::Indexes {
            m.insert("Table".into(), cap_obj(self.half_units_for(&Target::Table)));
            let mut gsis: BTreeMap<&str, u64> = BTreeMap::new();
            let mut lsis: BTreeMap<&str, u64> = BTreeMap::new();
            for c in &self.charges {
                match &c.target {
                    Target::GlobalIndex(n) => *gsis.entry(n.as_str()).or_default() += c.half_units,
                    Target::LocalIndex(n) => *lsis.entry(n.as_str()).or_default() += c.half_units,
                    Target::Table => {}
                }
            }
            for (key, map) in [("GlobalSecondaryIndexes", gsis), ("LocalSecondaryIndexes", lsis)] {
                let map: Map<String, Value> = map.into_iter().filter(|(_, h)| *h > 0).map(|(n, h)| (String::from(n), cap_obj(h))).collect();
                if !map.is_empty() {
                    m.insert(key.into(), Value::Object(map));
                }
            }
            // Only under INDEXES, keyed by index name (the Developer Guide's "Monitoring vector index
            // capacity").
            let map: Map<String, Value> =
                self.vector_bytes().map(|(n, b)| (String::from(n), serde_json::json!({"VectorWriteRequestBytes": b as f64}))).collect();
            if !map.is_empty() {
                m.insert("VectorIndexes".into(), Value::Object(map));
            }
        }
        Some(Value::Object(m))
    }
}

fn units_json(half: u64) -> Value {
    // Half-units are small integers, so this conversion is exact.
    Value::from(half as f64 / 2.0)
}

fn cap_obj(half: u64) -> Value {
    let mut m = Map::new();
    m.insert("CapacityUnits".into(), units_json(half));
    Value::Object(m)
}
