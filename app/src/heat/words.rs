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

/// Capacity units consumed over a run by every target (table and GSIs), in half-units: (read, write).
fn consumed(r: &Report) -> (u64, u64) {
    r.totals.targets.iter().fold((0, 0), |(a, b), t| (a + t.read_half_units, b + t.write_half_units))
}

/// Why the bills differ when the variant serves requests the current design throttled: throttled
/// requests consume no capacity (and cost nothing), so serving them is paid for.
fn served_sentence(base: &Report, variant: &Report) -> Option<String> {
    let (a, b) = (base.totals.served, variant.totals.served);
    if b <= a {
        return None;
    }
    let ((ra, wa), (rb, wb)) = (consumed(base), consumed(variant));
    let mut units = Vec::new();
    if wb > wa {
        units.push(format!("{} more WCU ({} instead of {})", super::chart::units(wb - wa), super::chart::units(wb), super::chart::units(wa)));
    }
    if rb > ra {
        units.push(format!("{} more RCU ({} instead of {})", super::chart::units(rb - ra), super::chart::units(rb), super::chart::units(ra)));
    }
    let consumes = if units.is_empty() { String::new() } else { format!(", so over the run it consumes {}", units.join(" and ")) };
    Some(format!(
        "The variant serves {} requests that the current design throttled ({} served instead of {}); a throttled request consumes no capacity and costs nothing{consumes}.",
        group(b - a),
        group(b),
        group(a)
    ))
}

/// Throttling, what the variant now serves (when it serves more), then cost per month on-demand and
/// provisioned (at the prices shown), the run's rate sustained for a month.
pub fn compare(base: &Report, bc: &CostEstimate, variant: &Report, vc: &CostEstimate) -> String {
    let served = served_sentence(base, variant).map(|s| format!(" {s}")).unwrap_or_default();
    format!(
        "{}{served} At this run's rate for a month it costs {} and {}.",
        throttle_sentence(base, variant),
        cost_clause("on-demand", bc.on_demand_micro_usd, vc.on_demand_micro_usd),
        cost_clause("provisioned", bc.provisioned_micro_usd, vc.provisioned_micro_usd)
    )
}
