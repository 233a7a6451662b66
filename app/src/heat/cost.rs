//! The monthly cost panel's figures and words: the simulator's estimate recomputed with the prices the
//! person typed (region prices are editable constants, see `sim::cost`), GSI write amplification
//! itemised per target.

use sim::cost::{estimate, CostEstimate, CostInput, Prices};
use sim::report::Report;

/// Micro-dollars as `$1,234.56` (rounded to the cent).
pub fn money(micro: u64) -> String {
    let cents = (micro + 5_000) / 10_000;
    format!("${}.{:02}", super::chart::group(cents / 100), cents % 100)
}

/// Dollars typed by a person (`0.625`, `$0.00065`) as micro-dollars, exactly; `None` if not a price.
pub fn parse_dollars(text: &str) -> Option<u64> {
    let t = text.trim().trim_start_matches('$').trim();
    let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
    if whole.is_empty() && frac.is_empty() || !whole.chars().all(|c| c.is_ascii_digit()) || !frac.chars().all(|c| c.is_ascii_digit()) || frac.len() > 6 {
        return None;
    }
    let w: u64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let f: u64 = format!("{frac:0<6}").parse().ok()?;
    w.checked_mul(1_000_000)?.checked_add(f)
}

/// Micro-dollars as the shortest exact dollar text (`650` → `0.00065`).
pub fn dollars_text(micro: u64) -> String {
    let frac = format!("{:06}", micro % 1_000_000);
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() {
        format!("{}", micro / 1_000_000)
    } else {
        format!("{}.{frac}", micro / 1_000_000)
    }
}

/// The report's traffic priced with `prices`.
pub fn reprice(report: &Report, prices: &Prices) -> CostEstimate {
    let inputs: Vec<CostInput<'_>> = report
        .totals
        .targets
        .iter()
        .map(|t| CostInput {
            table: &t.table,
            index: t.index.as_deref(),
            read_half: t.read_half_units,
            write_half: t.write_half_units,
            peak_read_half: t.peak_read_half_units,
            peak_write_half: t.peak_write_half_units,
            provisioned: t.provisioned,
        })
        .collect();
    estimate(prices, report.totals.seconds, &inputs)
}

/// One line of the itemised write amplification: a target's share of all write units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteShare {
    pub target: String,
    pub wcu: String,
    /// The same write units, in halves (for a language's own number format).
    pub write_half_units: u64,
    /// Of the table's own writes, in percent (the table itself is 100 %).
    pub percent_of_table: u64,
    pub on_demand: String,
}

pub fn write_amplification(report: &Report, cost: &CostEstimate) -> Vec<WriteShare> {
    let table_writes: u64 = report.totals.targets.iter().filter(|t| t.index.is_none()).map(|t| t.write_half_units).sum();
    report
        .totals
        .targets
        .iter()
        .zip(&cost.targets)
        .map(|(t, c)| {
            let od_write = super::chart::units(t.write_half_units);
            WriteShare {
                target: super::chart::target_label(&t.table, t.index.as_deref()),
                wcu: od_write,
                write_half_units: t.write_half_units,
                percent_of_table: (t.write_half_units * 100).checked_div(table_writes).unwrap_or(0),
                on_demand: money(c.on_demand_micro_usd),
            }
        })
        .collect()
}

/// "1.0" style multiplier from thousandths.
pub fn amplification_text(milli: u64) -> String {
    format!("{}.{:02}×", milli / 1000, (milli % 1000) / 10)
}
