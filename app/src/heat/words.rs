//! The what-if comparison stated in words: how throttling and monthly cost differ between the current
//! design and a variant run on the same workload, in the page's language.

use sim::cost::CostEstimate;
use sim::report::Report;

use crate::i18n::{td_string, Locale};
use crate::language::numbers;

fn pct(locale: Locale, part: u64, whole: u64) -> String {
    let tenths = if whole == 0 { 0 } else { part * 1000 / whole };
    let value = if tenths == 0 && whole == 0 { String::from("0") } else { numbers::decimal(locale, tenths as f64 / 10.0, 1) };
    match locale {
        Locale::tr => format!("%{value}"),
        Locale::en => format!("{value} %"),
    }
}

fn throttle_sentence(locale: Locale, base: &Report, variant: &Report) -> String {
    let n = |v: u64| numbers::count(locale, v);
    let (ta, tb) = (base.totals.throttled, variant.totals.throttled);
    let (ra_n, rb_n) = (base.totals.requests, variant.totals.requests);
    let (a, b, ra, rb) = (n(ta), n(tb), n(ra_n), n(rb_n));
    let (pa, pb) = (pct(locale, ta, ra_n), pct(locale, tb, rb_n));
    match (ta, tb) {
        (0, 0) => td_string!(locale, heat.throttle_none).to_string(),
        (_, 0) => td_string!(locale, heat.throttle_removed, a, pa, ra).to_string(),
        (0, _) => td_string!(locale, heat.throttle_new, b, pb, rb).to_string(),
        _ if tb < ta => td_string!(locale, heat.throttle_fewer, diff = n(ta - tb), b, a, pb, pa).to_string(),
        _ if tb > ta => td_string!(locale, heat.throttle_more, diff = n(tb - ta), b, a, pb, pa).to_string(),
        _ => td_string!(locale, heat.throttle_same, a).to_string(),
    }
}

/// The billing mode a cost clause is about.
#[derive(Clone, Copy)]
enum Billing {
    OnDemand,
    Provisioned,
}

fn cost_clause(locale: Locale, billing: Billing, a_micro: u64, b_micro: u64) -> String {
    let money = |m: u64| numbers::usd(locale, m);
    let (a, b) = (money(a_micro), money(b_micro));
    match (billing, a_micro.cmp(&b_micro)) {
        (Billing::OnDemand, core::cmp::Ordering::Equal) => td_string!(locale, heat.od_same, a).to_string(),
        (Billing::OnDemand, core::cmp::Ordering::Greater) => td_string!(locale, heat.od_less, diff = money(a_micro - b_micro), b, a).to_string(),
        (Billing::OnDemand, core::cmp::Ordering::Less) => td_string!(locale, heat.od_more, diff = money(b_micro - a_micro), b, a).to_string(),
        (Billing::Provisioned, core::cmp::Ordering::Equal) => td_string!(locale, heat.pr_same, a).to_string(),
        (Billing::Provisioned, core::cmp::Ordering::Greater) => td_string!(locale, heat.pr_less, diff = money(a_micro - b_micro), b, a).to_string(),
        (Billing::Provisioned, core::cmp::Ordering::Less) => td_string!(locale, heat.pr_more, diff = money(b_micro - a_micro), b, a).to_string(),
    }
}

/// Capacity units consumed over a run by every target (table and GSIs), in half-units: (read, write).
fn consumed(r: &Report) -> (u64, u64) {
    r.totals.targets.iter().fold((0, 0), |(a, b), t| (a + t.read_half_units, b + t.write_half_units))
}

/// Half units as the language writes them (`1.5` / `1,5`).
pub fn units(locale: Locale, half: u64) -> String {
    if half % 2 == 0 {
        numbers::count(locale, half / 2)
    } else {
        numbers::decimal(locale, half as f64 / 2.0, 1)
    }
}

/// Why the bills differ when the variant serves requests the current design throttled: throttled
/// requests consume no capacity (and cost nothing), so serving them is paid for.
fn served_sentence(locale: Locale, base: &Report, variant: &Report) -> Option<String> {
    let n = |v: u64| numbers::count(locale, v);
    let (sa, sb) = (base.totals.served, variant.totals.served);
    if sb <= sa {
        return None;
    }
    let ((ra, wa), (rb, wb)) = (consumed(base), consumed(variant));
    let u = |h: u64| units(locale, h);
    let mut parts = Vec::new();
    if wb > wa {
        parts.push(td_string!(locale, heat.more_wcu, diff = u(wb - wa), b = u(wb), a = u(wa)).to_string());
    }
    if rb > ra {
        parts.push(td_string!(locale, heat.more_rcu, diff = u(rb - ra), b = u(rb), a = u(ra)).to_string());
    }
    let (diff, b, a) = (n(sb - sa), n(sb), n(sa));
    Some(match parts.as_slice() {
        [] => td_string!(locale, heat.served, diff, b, a).to_string(),
        [one] => td_string!(locale, heat.served_consumes, diff, b, a, units = one).to_string(),
        [first, second, ..] => {
            let units = td_string!(locale, heat.units_and, first, second).to_string();
            td_string!(locale, heat.served_consumes, diff, b, a, units).to_string()
        }
    })
}

/// Throttling, what the variant now serves (when it serves more), then cost per month on-demand and
/// provisioned (at the prices shown), the run's rate sustained for a month: whole sentences, one after
/// the other.
pub fn compare(locale: Locale, base: &Report, bc: &CostEstimate, variant: &Report, vc: &CostEstimate) -> String {
    let on_demand = cost_clause(locale, Billing::OnDemand, bc.on_demand_micro_usd, vc.on_demand_micro_usd);
    let provisioned = cost_clause(locale, Billing::Provisioned, bc.provisioned_micro_usd, vc.provisioned_micro_usd);
    let mut out = throttle_sentence(locale, base, variant);
    if let Some(s) = served_sentence(locale, base, variant) {
        out.push(' ');
        out.push_str(&s);
    }
    out.push(' ');
    out.push_str(&td_string!(locale, heat.monthly, on_demand, provisioned).to_string());
    out
}
