//! A workload: access patterns replayed against the model's tables for a number of seconds. Plain serde
//! data, shared by the app's Heat tab, the server and the tests' case files.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::autoscale::AutoScaling;
use crate::distribution::Distribution;
use crate::error::{workload, SimError};
use messages::Message;
use crate::rate::Rate;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Workload {
    /// The PRNG's seed: the same seed, data and workload give the same report.
    #[serde(default)]
    pub seed: u64,
    pub duration_seconds: u32,
    /// The simulated clock at second 0 (Unix seconds; `{month}` templates read it).
    #[serde(default = "default_start")]
    pub start_unix_seconds: u64,
    /// How many keys the top-N lists keep (Contributor Insights shows 10 by default).
    #[serde(default = "default_top_keys")]
    pub top_keys: u32,
    /// Keep the per-second breakdown (off for long runs that only need totals).
    #[serde(default = "yes")]
    pub per_second: bool,
    /// Capacity settings per table; a table not listed uses its own definition.
    #[serde(default)]
    pub tables: Vec<TableSettings>,
    pub patterns: Vec<Pattern>,
}

impl Workload {
    /// Reads a workload from its JSON (the model file's `workloads[i]` fields, a case file's
    /// `workload`); a fault names the path of the value at fault
    /// (`patterns[0].rate.shape: unknown variant …`).
    pub fn from_json(v: &serde_json::Value) -> Result<Workload, SimError> {
        // serde would also read a struct from a list of its fields in order; a workload is an object.
        if !v.is_object() {
            return Err(workload(Message::new("error.not_object")));
        }
        serde_path_to_error::deserialize(v).map_err(|e| {
            let path = e.path().to_string();
            let detail = e.inner().to_string();
            workload(if path == "." {
                Message::new("error.field.root").text("detail", detail)
            } else {
                Message::new("error.field").text("path", path).text("detail", detail)
            })
        })
    }
}

/// `start_unix_seconds` when a workload does not say: 2026-12-01T00:00:00Z.
pub const DEFAULT_START: u64 = 1_796_083_200;

/// `top_keys` when a workload does not say (Contributor Insights shows 10).
pub const DEFAULT_TOP_KEYS: u32 = 10;

fn default_start() -> u64 {
    DEFAULT_START
}

fn default_top_keys() -> u32 {
    DEFAULT_TOP_KEYS
}

fn yes() -> bool {
    true
}

/// How a table (and its GSIs) is served in the simulation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSettings {
    pub table: String,
    /// Override the table's billing: `None` keeps its definition (BillingMode and throughput).
    #[serde(default)]
    pub capacity: Option<Capacity>,
    /// Per-GSI capacity, by index name (provisioned tables' GSIs have their own throughput).
    #[serde(default)]
    pub indexes: BTreeMap<String, Capacity>,
    /// Assumed data size in bytes, spread evenly (the model's sample data is usually far smaller).
    #[serde(default)]
    pub size_bytes: Option<u64>,
    /// The split size (10 GB unless an experiment lowers it).
    #[serde(default)]
    pub partition_bytes: Option<u64>,
    #[serde(default = "yes")]
    pub adaptive_capacity: bool,
    #[serde(default = "yes")]
    pub burst_capacity: bool,
    #[serde(default)]
    pub auto_scaling: Option<AutoScaling>,
    /// How long a table write takes to reach the table's GSIs (`engine::index::lag::IndexLag`, the
    /// engine's and the server's `--index-propagation-ms`): a GSI read of a key written less than this
    /// long before is counted as one that may have missed the write. Zero counts nothing.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub index_propagation_ms: u64,
}

fn is_zero(v: &u64) -> bool {
    *v == 0
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case", deny_unknown_fields)]
pub enum Capacity {
    /// On-demand; warm throughput defaults to a new table's 12,000 reads / 4,000 writes per second.
    OnDemand {
        #[serde(default)]
        warm_read_units: Option<u64>,
        #[serde(default)]
        warm_write_units: Option<u64>,
    },
    Provisioned { read_units: u64, write_units: u64 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Op {
    GetItem,
    Query,
    Scan,
    PutItem,
    UpdateItem,
    DeleteItem,
    BatchGetItem,
    BatchWriteItem,
    TransactGetItems,
    TransactWriteItems,
}

impl Op {
    pub const ALL: [Op; 10] = [
        Op::GetItem,
        Op::Query,
        Op::Scan,
        Op::PutItem,
        Op::UpdateItem,
        Op::DeleteItem,
        Op::BatchGetItem,
        Op::BatchWriteItem,
        Op::TransactGetItems,
        Op::TransactWriteItems,
    ];

    /// The operation's name in a workload's JSON (and DynamoDB's action name).
    pub fn name(self) -> &'static str {
        match self {
            Op::GetItem => "GetItem",
            Op::Query => "Query",
            Op::Scan => "Scan",
            Op::PutItem => "PutItem",
            Op::UpdateItem => "UpdateItem",
            Op::DeleteItem => "DeleteItem",
            Op::BatchGetItem => "BatchGetItem",
            Op::BatchWriteItem => "BatchWriteItem",
            Op::TransactGetItems => "TransactGetItems",
            Op::TransactWriteItems => "TransactWriteItems",
        }
    }

    pub fn writes(self) -> bool {
        matches!(self, Op::PutItem | Op::UpdateItem | Op::DeleteItem | Op::BatchWriteItem | Op::TransactWriteItems)
    }

    pub fn batched(self) -> bool {
        matches!(self, Op::BatchGetItem | Op::BatchWriteItem | Op::TransactGetItems | Op::TransactWriteItems)
    }

    pub fn transactional(self) -> bool {
        matches!(self, Op::TransactGetItems | Op::TransactWriteItems)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pattern {
    pub name: String,
    pub table: String,
    pub op: Op,
    /// Query on a GSI or LSI.
    #[serde(default)]
    pub index: Option<String>,
    /// Key attribute -> template (the table's key; for Query, the partition key of the table or index).
    #[serde(default)]
    pub key: BTreeMap<String, String>,
    /// Other attributes written (DynamoDB JSON; templates inside S and N values), for writes and for
    /// synthetic items.
    #[serde(default)]
    pub item: BTreeMap<String, serde_json::Value>,
    /// The typical item size in bytes: items the model does not hold are padded to it (default: the
    /// table's mean item size, or the bare item when the table is empty).
    #[serde(default)]
    pub item_bytes: Option<u64>,
    /// Ids the `{id}` placeholder is drawn from.
    #[serde(default = "one")]
    pub key_count: u64,
    #[serde(default)]
    pub distribution: Distribution,
    pub rate: Rate,
    /// Items per batch or transaction.
    #[serde(default = "one_u32")]
    pub batch_size: u32,
    #[serde(default)]
    pub consistent_read: bool,
    /// Query/Scan page size.
    #[serde(default)]
    pub limit: Option<u32>,
}

fn one() -> u64 {
    1
}

fn one_u32() -> u32 {
    1
}

