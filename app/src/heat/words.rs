//! The what-if comparison stated in words: how throttling and monthly cost differ between the current
//! design and a variant run on the same workload.

use sim::cost::CostEstimate;
use sim::report::Report;

use super::chart::group;
use super::cost::money;

fn pct(part: u64, whole: u64) -> String {
    if whole == 0 {
        String::from("0 %")
    } else {
        let tenths = part * 1000 / whole;
        format!("{}.{} %", tenths / 10, tenths % 10)
    }
}

fn throttle_sentence(base: &Report, variant: &Report) -> String {
    let (a, b) = (base.totals.throttled, variant.totals.throttled);
    let (ra, rb) = (base.totals.requests, variant.totals.requests);
    match (a, b) {
        (0, 0) => String::from("Neither design throttles."),
        (_, 0) => format!("The variant removes all throttling: {} throttled requests ({} of {}) drop to none.", group(a), pct(a, ra), group(ra)),
        (0, _) => format!("The variant throttles {} requests ({} of {}) where the current design throttles none.", group(b), pct(b, rb), group(rb)),
        _ if b < a => format!("The variant throttles {} fewer requests: {} instead of {} ({} instead of {}).", group(a - b), group(b), group(a), pct(b, rb), pct(a, ra)),
        _ if b > a => format!("The variant throttles {} more requests: {} instead of {} ({} instead of {}).", group(b - a), group(b), group(a), pct(b, rb), pct(a, ra)),
        _ => format!("Both designs throttle {} requests.", group(a)),
    }
}

fn cost_clause(label: &str, a: u64, b: u64) -> String {
    if a == b {
        format!("the same {label} ({})", money(a))
    } else if b < a {
        format!("{} less {label} ({} instead of {})", money(a - b), money(b), money(a))
    } else {
        format!("{} more {label} ({} instead of {})", money(b - a), money(b), money(a))
    }
}

/// Two sentences: throttling, then cost per month on-demand and provisioned (at the prices shown).
pub fn compare(base: &Report, bc: &CostEstimate, variant: &Report, vc: &CostEstimate) -> String {
    format!(
        "{} It costs {} and {} per month.",
        throttle_sentence(base, variant),
        cost_clause("on-demand", bc.on_demand_micro_usd, vc.on_demand_micro_usd),
        cost_clause("provisioned", bc.provisioned_micro_usd, vc.provisioned_micro_usd)
    )
}
