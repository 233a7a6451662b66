//! The what-if verdict: how throttling and the monthly bill differ between the current design and a
//! variant run on the same workload, as a [`Message`] the UI renders in its language.
//!
//! Three whole sentences, each chosen by the figures: throttling, what the variant now serves (when it
//! serves more), and the cost per month on-demand and provisioned at the prices given.

use alloc::vec::Vec;

use messages::Message;

use crate::cost::CostEstimate;
use crate::report::Report;

/// `part` of `whole` as a percentage to a tenth, as the verdict quotes it (`33.3 %`).
fn share(part: u64, whole: u64) -> Message {
    let tenths = (part * 1000).checked_div(whole).unwrap_or(0);
    Message::new("verdict.percent").decimal("percent", tenths, 1)
}

fn throttling(base: &Report, variant: &Report) -> Message {
    let (a, b) = (base.totals.throttled, variant.totals.throttled);
    let (ra, rb) = (base.totals.requests, variant.totals.requests);
    let key = match (a, b) {
        (0, 0) => return Message::new("verdict.throttle.neither"),
        (_, 0) => {
            return Message::new("verdict.throttle.removed").count("before", a).part("share", share(a, ra)).count("requests", ra);
        }
        (0, _) => {
            return Message::new("verdict.throttle.added").count("after", b).part("share", share(b, rb)).count("requests", rb);
        }
        _ if b < a => "verdict.throttle.fewer",
        _ if b > a => "verdict.throttle.more",
        _ => return Message::new("verdict.throttle.same").count("throttled", a),
    };
    Message::new(key)
        .count("difference", a.abs_diff(b))
        .count("after", b)
        .count("before", a)
        .part("share_after", share(b, rb))
        .part("share_before", share(a, ra))
}

/// One mode's monthly cost: the same, less or more, with both figures.
fn cost(mode: &'static str, a: u64, b: u64) -> Message {
    let key = if a == b {
        "verdict.cost.same"
    } else if b < a {
        "verdict.cost.less"
    } else {
        "verdict.cost.more"
    };
    Message::new(key).part("mode", Message::new(mode)).usd("difference", a.abs_diff(b)).usd("after", b).usd("before", a)
}

/// Capacity units consumed over a run by every target (table and GSIs), in half-units: (read, write).
fn consumed(r: &Report) -> (u64, u64) {
    r.totals.targets.iter().fold((0, 0), |(a, b), t| (a + t.read_half_units, b + t.write_half_units))
}

/// Why the bills differ when the variant serves requests the current design throttled: throttled
/// requests consume no capacity (and cost nothing), so serving them is paid for.
fn served(base: &Report, variant: &Report) -> Option<Message> {
    let (a, b) = (base.totals.served, variant.totals.served);
    if b <= a {
        return None;
    }
    let ((ra, wa), (rb, wb)) = (consumed(base), consumed(variant));
    let units = |key: &'static str, before: u64, after: u64| {
        Message::new(key).half_units("difference", after - before).half_units("after", after).half_units("before", before)
    };
    let mut more: Vec<Message> = Vec::new();
    if wb > wa {
        more.push(units("verdict.served.wcu", wa, wb));
    }
    if rb > ra {
        more.push(units("verdict.served.rcu", ra, rb));
    }
    let m = match more.len() {
        0 => Message::new("verdict.served"),
        1 => Message::new("verdict.served.consumes").part("units", more.remove(0)),
        _ => {
            let (w, r) = (more.remove(0), more.remove(0));
            Message::new("verdict.served.consumes_both").part("first", w).part("second", r)
        }
    };
    Some(m.count("more", b - a).count("after", b).count("before", a))
}

/// The verdict on `variant` against `base`, each with its cost estimate at the same prices.
pub fn compare(base: &Report, bc: &CostEstimate, variant: &Report, vc: &CostEstimate) -> Message {
    let costs = Message::new("verdict.costs")
        .part("on_demand", cost("verdict.mode.on_demand", bc.on_demand_micro_usd, vc.on_demand_micro_usd))
        .part("provisioned", cost("verdict.mode.provisioned", bc.provisioned_micro_usd, vc.provisioned_micro_usd));
    let m = match served(base, variant) {
        Some(s) => Message::new("verdict.served_too").part("served", s),
        None => Message::new("verdict"),
    };
    m.part("throttling", throttling(base, variant)).part("costs", costs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::us_east_1;
    use crate::report::{TargetTotals, Totals};
    use crate::words::CATALOG;
    use alloc::string::String;
    use alloc::vec;
    use messages::Lang;

    fn run(requests: u64, throttled: u64, read_half: u64, write_half: u64) -> Report {
        Report {
            seconds: vec![],
            totals: Totals {
                seconds: 60,
                requests,
                served: requests - throttled,
                throttled,
                patterns: vec![],
                targets: vec![TargetTotals {
                    table: "T".into(),
                    index: None,
                    read_half_units: read_half,
                    write_half_units: write_half,
                    peak_read_half_units: 0,
                    peak_write_half_units: 0,
                    partitions: 1,
                    provisioned: None,
                }],
                throttles: vec![],
                gsi_write_amplification_milli: 1000,
                top_accessed: vec![],
                top_throttled: vec![],
                cost: cost_of(0, 0),
            },
        }
    }

    fn cost_of(on_demand: u64, provisioned: u64) -> CostEstimate {
        CostEstimate { prices: us_east_1(), targets: vec![], on_demand_micro_usd: on_demand, provisioned_micro_usd: provisioned }
    }

    fn both(m: &Message) -> (String, String) {
        (CATALOG.try_render(m, Lang::En).unwrap(), CATALOG.try_render(m, Lang::Tr).unwrap())
    }

    #[test]
    fn a_fix_that_removes_throttling_in_both_languages() {
        let base = run(3_000, 1_000, 4_000, 2_000);
        let fixed = run(3_000, 0, 4_000, 3_001);
        let (en, tr) = both(&compare(&base, &cost_of(12_340_000, 5_000_000), &fixed, &cost_of(1_234_560_000, 5_000_000)));
        assert_eq!(
            en,
            "The variant removes all throttling: 1,000 throttled requests (33.3 % of 3,000) drop to none. \
             The variant serves 1,000 requests that the current design throttled (3,000 served instead of 2,000); a throttled request consumes no capacity and costs nothing, so over the run it consumes 500.5 more WCU (1,500.5 instead of 1,000). \
             At this run's rate for a month it costs $1,222.22 more on-demand ($1,234.56 instead of $12.34) and the same provisioned ($5.00)."
        );
        assert_eq!(
            tr,
            "Varyant kısıtlamayı tamamen kaldırıyor: kısıtlanan 1.000 istek (3.000 isteğin %33,3 kadarı) sıfıra iniyor. \
             Varyant, mevcut tasarımın kısıtladığı 1.000 isteği karşılıyor (2.000 yerine 3.000 karşılanan istek); kısıtlanan bir istek kapasite tüketmez ve bir şey tutmaz, bu yüzden çalıştırma boyunca 500,5 WCU daha fazla (1.000 yerine 1.500,5) tüketiyor. \
             Bu çalıştırmanın hızıyla bir aylık maliyet on-demand modda $1.222,22 daha fazla ($12,34 yerine $1.234,56), provisioned modda aynı ($5,00)."
        );
    }

    #[test]
    fn every_verdict_renders_in_both_languages() {
        let cases = [
            (run(100, 0, 10, 10), run(100, 0, 10, 10)),
            (run(100, 0, 10, 10), run(100, 10, 10, 10)),
            (run(100, 20, 10, 10), run(100, 10, 12, 14)),
            (run(100, 10, 10, 10), run(100, 20, 10, 10)),
            (run(100, 10, 10, 10), run(100, 10, 10, 10)),
            (run(100, 10, 10, 10), run(100, 5, 10, 10)),
            (run(100, 10, 10, 10), run(100, 5, 12, 10)),
        ];
        for (a, b) in &cases {
            for (ca, cb) in [(cost_of(5, 5), cost_of(5, 5)), (cost_of(10_000_000, 1), cost_of(1, 10_000_000))] {
                let (en, tr) = both(&compare(a, &ca, b, &cb));
                assert!(!en.contains('{') && !tr.contains('{'), "{en}\n{tr}");
            }
        }
        assert_eq!(both(&compare(&cases[0].0, &cost_of(0, 0), &cases[0].1, &cost_of(0, 0))).1,
            "İki tasarım da istek kısıtlamıyor. Bu çalıştırmanın hızıyla bir aylık maliyet on-demand modda aynı ($0,00), provisioned modda aynı ($0,00).");
        for r in [ThrottleReasonAll::PartitionLimit, ThrottleReasonAll::ProvisionedExceeded, ThrottleReasonAll::OnDemandLimit, ThrottleReasonAll::IndexBackPressure] {
            both(&r.label());
        }
    }

    use crate::target::ThrottleReason as ThrottleReasonAll;

    #[test]
    fn both_languages_have_every_key_with_the_same_arguments() {
        assert_eq!(CATALOG.problems(), vec![]);
    }
}
