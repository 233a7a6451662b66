//! The what-if comparison stated in words: the simulator's verdict ([`sim::verdict::compare`]) on the
//! current design and a variant run on the same workload, in the page's language; and capacity units
//! as the language writes them.

use messages::Lang;
use sim::cost::CostEstimate;
use sim::report::Report;

use crate::i18n::Locale;
use crate::language::numbers;

/// Throttling, what the variant now serves (when it serves more), then cost per month on-demand and
/// provisioned (at the prices shown), the run's rate sustained for a month.
pub fn compare(lang: Lang, base: &Report, bc: &CostEstimate, variant: &Report, vc: &CostEstimate) -> String {
    sim::words::render(&sim::verdict::compare(base, bc, variant, vc), lang)
}

/// Half units as the language writes them (`1.5` / `1,5`).
pub fn units(locale: Locale, half: u64) -> String {
    if half.is_multiple_of(2) {
        numbers::count(locale, half / 2)
    } else {
        numbers::decimal(locale, half as f64 / 2.0, 1)
    }
}
