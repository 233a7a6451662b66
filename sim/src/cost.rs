//! A monthly cost estimate from the simulated traffic, on-demand and provisioned.
//!
//! Prices are editable constants with the date they were taken; they are list prices of the DynamoDB
//! Standard table class and change over time — check the pricing pages before relying on them.
//! Money is counted in micro-dollars (integers), so the estimate is the same natively and in wasm.

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

/// List prices of one region, in micro-dollars.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prices {
    pub region: String,
    /// When the figures were read from aws.amazon.com/dynamodb/pricing/.
    pub taken: String,
    /// On-demand: per million write / read request units.
    pub write_request_per_million: u64,
    pub read_request_per_million: u64,
    /// Provisioned: per WCU-hour / RCU-hour.
    pub wcu_hour: u64,
    pub rcu_hour: u64,
}

/// us-east-1, Standard table class, after the November 2024 on-demand price reduction:
/// $0.625 per million WRU, $0.125 per million RRU, $0.00065 per WCU-hour, $0.00013 per RCU-hour.
pub fn us_east_1() -> Prices {
    Prices {
        region: String::from("us-east-1"),
        taken: String::from("2024-11-01"),
        write_request_per_million: 625_000,
        read_request_per_million: 125_000,
        wcu_hour: 650,
        rcu_hour: 130,
    }
}

/// The regions with prices built in (others fall back to us-east-1, and say so).
pub fn prices_for(region: &str) -> Prices {
    match region {
        "us-east-1" | "us-east-2" | "us-west-2" => Prices { region: String::from(region), ..us_east_1() },
        _ => us_east_1(),
    }
}

/// Hours in AWS's billing month.
pub const HOURS_PER_MONTH: u64 = 730;
pub const SECONDS_PER_MONTH: u64 = HOURS_PER_MONTH * 3600;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetCost {
    pub table: String,
    pub index: Option<String>,
    /// This run's average rate sustained for a month.
    pub on_demand_micro_usd: u64,
    /// The capacity provisioned (or, for on-demand tables, the peak second rounded up) for a month.
    pub provisioned_micro_usd: u64,
    pub provisioned_read_units: u64,
    pub provisioned_write_units: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CostEstimate {
    pub prices: Prices,
    pub targets: Vec<TargetCost>,
    pub on_demand_micro_usd: u64,
    pub provisioned_micro_usd: u64,
}

/// Inputs per target: served half-units over the run, the peak second, the provisioned setting.
pub struct CostInput<'a> {
    pub table: &'a str,
    pub index: Option<&'a str>,
    pub read_half: u64,
    pub write_half: u64,
    pub peak_read_half: u64,
    pub peak_write_half: u64,
    pub provisioned: Option<(u64, u64)>,
}

fn mul_div(a: u64, b: u64, d: u64) -> u64 {
    u64::try_from(u128::from(a) * u128::from(b) / u128::from(d.max(1))).unwrap_or(u64::MAX)
}

pub fn estimate(prices: &Prices, seconds: u32, inputs: &[CostInput<'_>]) -> CostEstimate {
    let secs = u64::from(seconds.max(1));
    let mut targets = Vec::new();
    for i in inputs {
        // Request units per month = half-units / 2 / seconds × seconds per month.
        let od = mul_div(i.write_half, SECONDS_PER_MONTH * prices.write_request_per_million, 2 * secs * 1_000_000)
            + mul_div(i.read_half, SECONDS_PER_MONTH * prices.read_request_per_million, 2 * secs * 1_000_000);
        let (r, w) = i.provisioned.unwrap_or((i.peak_read_half.div_ceil(2), i.peak_write_half.div_ceil(2)));
        let prov = HOURS_PER_MONTH * (r * prices.rcu_hour + w * prices.wcu_hour);
        targets.push(TargetCost {
            table: String::from(i.table),
            index: i.index.map(String::from),
            on_demand_micro_usd: od,
            provisioned_micro_usd: prov,
            provisioned_read_units: r,
            provisioned_write_units: w,
        });
    }
    CostEstimate {
        prices: prices.clone(),
        on_demand_micro_usd: targets.iter().map(|t| t.on_demand_micro_usd).sum(),
        provisioned_micro_usd: targets.iter().map(|t| t.provisioned_micro_usd).sum(),
        targets,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        // 100 WCU/s for the whole run (200 half-units × 10 s) -> 262.8 M WRU a month -> $164.25 on-demand.
        let i = CostInput { table: "T", index: None, read_half: 0, write_half: 2000, peak_read_half: 0, peak_write_half: 200, provisioned: None };
        let e = estimate(&us_east_1(), 10, &[i]);
        assert_eq!(e.on_demand_micro_usd, 164_250_000);
        // Provisioned for the peak: 100 WCU × 730 h × $0.00065 = $47.45.
        assert_eq!(e.provisioned_micro_usd, 47_450_000);
    }
}
