//! What a simulation reports: per simulated second, per partition of the table and of each GSI, the
//! capacity consumed and the burst left; throttled requests with their reasons; the top keys in
//! Contributor Insights' terms; and totals with a monthly cost estimate. Capacity is in half-units
//! (integers: 1 = 0.5 RCU), so every figure is exact; divide by two for units.

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::cost::CostEstimate;
use crate::target::ThrottleReason;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartitionSecond {
    pub read_half_units: u64,
    pub write_half_units: u64,
    /// Tokens left in the partition's buckets at the end of the second (provisioned; 0 on-demand).
    pub read_burst_half_units: u64,
    pub write_burst_half_units: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetSecond {
    pub table: String,
    pub index: Option<String>,
    pub partitions: Vec<PartitionSecond>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThrottleCount {
    pub pattern: String,
    pub reason: ThrottleReason,
    /// Where it happened: the table, or the GSI that pushed back.
    pub table: String,
    pub index: Option<String>,
    /// Request parts refused (a batch item counts once; a transaction once).
    pub requests: u64,
}

/// One key in Contributor Insights' terms: accessed = RCU + 3 × WCU consumed (in half-units here),
/// throttled = refused request parts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyCount {
    pub table: String,
    pub index: Option<String>,
    pub key: String,
    pub accessed_half_units: u64,
    pub throttled_requests: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Second {
    pub second: u32,
    pub requests: u64,
    pub throttled: u64,
    pub targets: Vec<TargetSecond>,
    pub throttles: Vec<ThrottleCount>,
    pub top_accessed: Vec<KeyCount>,
    pub top_throttled: Vec<KeyCount>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PatternTotals {
    pub pattern: String,
    /// Request parts issued (batch items and transaction items count one each).
    pub requests: u64,
    pub served: u64,
    pub throttled: u64,
    /// Served reads of a GSI key that a write had changed less than the table's index propagation
    /// delay before: reads that may have missed that write (`TableSettings::index_propagation_ms`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub reads_within_index_lag: u64,
}

fn is_zero(v: &u64) -> bool {
    *v == 0
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetTotals {
    pub table: String,
    pub index: Option<String>,
    pub read_half_units: u64,
    pub write_half_units: u64,
    /// The busiest second's consumption (what provisioned capacity must cover).
    pub peak_read_half_units: u64,
    pub peak_write_half_units: u64,
    /// Partitions at the end of the run (splits included).
    pub partitions: u32,
    /// Provisioned throughput at the end (after auto scaling); `None` for on-demand.
    pub provisioned: Option<(u64, u64)>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Totals {
    pub seconds: u32,
    pub requests: u64,
    pub served: u64,
    pub throttled: u64,
    pub patterns: Vec<PatternTotals>,
    pub targets: Vec<TargetTotals>,
    /// Throttles over the whole run by pattern, reason and place.
    pub throttles: Vec<ThrottleCount>,
    /// (table + GSI write units) / table write units, in thousandths (1000 = no amplification).
    pub gsi_write_amplification_milli: u64,
    pub top_accessed: Vec<KeyCount>,
    pub top_throttled: Vec<KeyCount>,
    pub cost: CostEstimate,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub seconds: Vec<Second>,
    pub totals: Totals,
}
