//! A run's results (summary figures and charts), the what-if controls with the comparison in words,
//! and the cost panel with its editable prices.

use sim::cost::Prices;

use super::chart::{self, group, reason_label, target_label};
use super::chart_view::chart_view;
use super::cost::{amplification_text, dollars_text, money, parse_dollars, reprice, write_amplification};
use super::whatif::{provisioned_for, Variant};
use super::{words, HeatState, RunResult};
use crate::ui::prelude::*;

/// One figure of a summary: its label and its value (with the test id `{side}-{id}`).
fn figure(side: &str, id: &str, label: &str, value: El) -> El {
    el("div").child(el("dt").text(label)).child(value.tid(&format!("{side}-{id}")))
}

pub fn run_summary(result: RunResult, side: &'static str, title: String, prices: RwSignal<Prices>) -> View {
    let t = result.report.totals.clone();
    let charts = chart::charts(&result.report);
    let report = StoredValue::new(result.report);
    let cost = move || prices.with(|p| report.with_value(|r| reprice(r, p)));
    el("section")
        .class("heat-summary")
        .tid(&format!("{side}-summary"))
        .attr("aria-label", &title)
        .child(el("h3").text(&title))
        .child(
            el("dl")
                .class("heat-figures")
                .child(figure(side, "requests", "requests", el("dd").text(&group(t.requests))))
                .child(figure(side, "served", "served", el("dd").text(&group(t.served))))
                .child(figure(side, "throttled", "throttled", el("dd").class_if("heat-bad", t.throttled > 0).text(&group(t.throttled))))
                .child(figure(side, "amplification", "GSI write amplification", el("dd").text(&amplification_text(t.gsi_write_amplification_milli))))
                .child(figure(side, "on-demand", "on-demand / month", el("dd").dyn_text(move || money(cost().on_demand_micro_usd))))
                .child(figure(side, "provisioned", "provisioned / month", el("dd").dyn_text(move || money(cost().provisioned_micro_usd)))),
        )
        .child(el("p").class("heat-source-note").text(&format!(
            "Simulated by the sim crate over {} s; every request priced by the engine on this design's data.",
            t.seconds
        )))
        .child(el("ul").class("heat-reasons").tid(&format!("{side}-reasons")).children(t.throttles.iter().map(|th| {
            el("li").text(&format!(
                "{}: {} throttled by {} on {}",
                th.pattern,
                group(th.requests),
                reason_label(th.reason),
                target_label(&th.table, th.index.as_deref())
            ))
        })))
        .child(el("div").class("heat-charts").children(charts.into_iter().map(|c| chart_view(c, side))))
        .into()
}

/// A text field of the what-if row.
fn inline_field(label: El, testid: &str, placeholder: &str, value: RwSignal<String>) -> El {
    el("label").class("heat-field heat-inline").child(label).child(
        el("input")
            .ty("text")
            .tid(testid)
            .attr_opt("placeholder", (!placeholder.is_empty()).then_some(placeholder))
            .dyn_value(move || value.get())
            .on_input(move |v| value.set(v)),
    )
}

/// A what-if button: disabled while a run is going (or while `off()` says it does not apply).
fn variant_button(st: HeatState, testid: &str, label: &str, off: impl Fn() -> bool + 'static, run: impl FnMut(web_sys::Event) + 'static) -> El {
    el("button").ty("button").tid(testid).dyn_flag("disabled", move || st.running.get() || off()).on_click(run).text(label)
}

pub fn what_if_panel(st: HeatState) -> View {
    let shards = RwSignal::new(String::from("10"));
    let gsi_attr = RwSignal::new(String::new());
    let shard = move |_| match shards.get_untracked().trim().parse::<u32>() {
        Ok(n) => st.run_variant(Variant::Shard { shards: n }),
        Err(_) => st.message.set(Some(String::from("shards: a whole number from 2 to 1,000"))),
    };
    let provisioned = move |_| {
        let Some(r) = st.result.get_untracked() else { return };
        let (read, write) = provisioned_for(&r.report, 70);
        st.run_variant(Variant::Provisioned { read, write, target_percent: 70 });
    };
    let gsis = move || {
        st.result.with(|r| {
            r.as_ref()
                .map(|r| r.report.totals.targets.iter().filter_map(|t| t.index.clone().map(|i| (t.table.clone(), i))).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    };
    let gsi = move |_| {
        let Some((table, index)) = gsis().into_iter().next() else {
            st.message.set(Some(String::from("That variant does not apply: this design has no GSI")));
            return;
        };
        st.run_variant(Variant::GsiKey { table, index, attribute: gsi_attr.get_untracked() });
    };
    let fix = move || st.source.with(|s| s.as_ref().and_then(|s| s.fix.clone()));
    let comparison = move || {
        let base = st.result.get()?;
        let (_, v) = st.variant.get()?;
        let p = st.prices.get();
        Some(words::compare(&base.report, &reprice(&base.report, &p), &v.report, &reprice(&v.report, &p)))
    };
    let gsi_label = el("span").dyn_text(move || format!("{} keyed on", gsis().first().map(|g| g.1.clone()).unwrap_or_else(|| String::from("GSI"))));
    el("section")
        .class("heat-whatif")
        .tid("whatif")
        .attr("aria-labelledby", "whatif-title")
        .child(el("h3").id("whatif-title").text("What if…"))
        .child(el("p").text("Run a variant of this design on the same workload; it appears beside the current one."))
        .child(
            el("div")
                .class("heat-row")
                .dyn_child(move || {
                    fix()
                        .map(|f| {
                            let label = format!("Apply the fix: {}", f.label());
                            el("button")
                                .ty("button")
                                .class("primary")
                                .tid("whatif-fix")
                                .dyn_flag("disabled", move || st.running.get())
                                .on_click(move |_| st.run_variant(f.clone()))
                                .text(&label)
                        })
                        .into()
                })
                .child(inline_field(el("span").text("shards"), "whatif-shards", "", shards))
                .child(variant_button(st, "whatif-shard", "Write sharding", || false, shard))
                .child(variant_button(st, "whatif-provisioned", "Provisioned (peak at 70 %)", || false, provisioned))
                .child(variant_button(st, "whatif-on-demand", "On-demand", || false, move |_| st.run_variant(Variant::OnDemand)))
                .child(inline_field(gsi_label, "whatif-gsi-attribute", "attribute", gsi_attr))
                .child(variant_button(st, "whatif-gsi", "Different GSI key", move || gsis().is_empty(), gsi)),
        )
        .dyn_child(move || comparison().map(|c| el("p").class("heat-words").tid("whatif-words").text(&c)).into())
        .into()
}

/// One editable price: a dollar amount, checked when it changes, its fault shown beside it.
fn price_field(prices: RwSignal<Prices>, label: &str, id: &str, get: fn(&Prices) -> u64, set: fn(&mut Prices, u64)) -> El {
    let error = RwSignal::new(None::<String>);
    el("label")
        .class("heat-field")
        .child(el("span").text(label))
        .child(
            el("input")
                .ty("text")
                .tid(&format!("price-{id}"))
                .attr("value", &prices.with_untracked(|p| dollars_text(get(p))))
                .dyn_attr("aria-invalid", move || Some(error.get().is_some().to_string()))
                .on_change(move |v| match parse_dollars(&v) {
                    Some(v) => {
                        error.set(None);
                        prices.update(|p| set(p, v));
                    }
                    None => error.set(Some(String::from("a price in dollars, such as 0.625 (up to 6 decimals)"))),
                }),
        )
        .dyn_child(move || error.get().map(|e| el("span").class("heat-error").attr("role", "alert").text(&e)).into())
}

fn cells(row: El, values: &[&str]) -> El {
    row.children(values.iter().map(|v| el("td").text(v)))
}

pub fn cost_panel(result: RunResult, prices: RwSignal<Prices>) -> View {
    let report = StoredValue::new(result.report);
    let rows = move || {
        let p = prices.get();
        report.with_value(|report| {
            let c = reprice(report, &p);
            let shares = write_amplification(report, &c);
            let rows: Vec<El> = c
                .targets
                .iter()
                .zip(shares)
                .map(|(t, s)| {
                    let provisioned = format!("{} RCU / {} WCU", group(t.provisioned_read_units), group(t.provisioned_write_units));
                    cells(
                        el("tr").child(el("th").attr("scope", "row").text(&s.target)),
                        &[&s.wcu, &format!("{} %", s.percent_of_table), &money(t.on_demand_micro_usd), &provisioned, &money(t.provisioned_micro_usd)],
                    )
                })
                .collect();
            View::from(rows)
        })
    };
    let totals = move || prices.with(|p| report.with_value(|r| reprice(r, p)));
    let head = ["table / GSI", "WCU written", "of the table's writes", "on-demand / month", "provisioned", "provisioned / month"];
    el("section")
        .class("heat-cost")
        .tid("cost")
        .attr("aria-labelledby", "cost-title")
        .child(el("h3").id("cost-title").text("Monthly cost estimate"))
        .child(el("p").dyn_text(move || {
            prices.with(|p| {
                format!(
                    "List prices of {} (Standard table class, read {}); edit them for another region or date. This run's average rate sustained for 730 hours on-demand; provisioned at the capacity set (or the busiest second, for on-demand tables).",
                    p.region, p.taken
                )
            })
        }))
        .child(
            el("div")
                .class("heat-row")
                .child(price_field(prices, "$ per million write request units", "wru", |p| p.write_request_per_million, |p, v| p.write_request_per_million = v))
                .child(price_field(prices, "$ per million read request units", "rru", |p| p.read_request_per_million, |p, v| p.read_request_per_million = v))
                .child(price_field(prices, "$ per WCU-hour", "wcu", |p| p.wcu_hour, |p, v| p.wcu_hour = v))
                .child(price_field(prices, "$ per RCU-hour", "rcu", |p| p.rcu_hour, |p, v| p.rcu_hour = v)),
        )
        .child(
            el("div").class("heat-table-wrap").child(
                el("table")
                    .tid("cost-table")
                    .child(el("thead").child(el("tr").children(head.iter().map(|h| el("th").attr("scope", "col").text(h)))))
                    .child(el("tbody").dyn_child(rows))
                    .child(
                        el("tfoot").child(
                            el("tr")
                                .child(el("th").attr("scope", "row").text("total"))
                                .child(el("td"))
                                .child(el("td"))
                                .child(el("td").tid("cost-on-demand").dyn_text(move || money(totals().on_demand_micro_usd)))
                                .child(el("td"))
                                .child(el("td").tid("cost-provisioned").dyn_text(move || money(totals().provisioned_micro_usd))),
                        ),
                    ),
            ),
        )
        .into()
}
