//! A run's results (summary figures and charts), the what-if controls with the comparison in words,
//! and the cost panel with its editable prices.

use leptos::prelude::*;
use sim::cost::Prices;

use super::chart::{self, group, reason_label, target_label};
use super::chart_view::ChartView;
use super::cost::{amplification_text, dollars_text, money, parse_dollars, reprice, write_amplification};
use super::whatif::{provisioned_for, Variant};
use super::{words, HeatState, RunResult};

#[component]
pub fn RunSummary(result: RunResult, side: &'static str, title: String, prices: RwSignal<Prices>) -> impl IntoView {
    let t = result.report.totals.clone();
    let bad = t.throttled > 0;
    let label = title.clone();
    let charts = chart::charts(&result.report);
    let report = result.report.clone();
    let cost = move || prices.with(|p| reprice(&report, p));
    let cost2 = cost.clone();
    view! {
        <section class="heat-summary" data-testid=format!("{side}-summary") aria-label=label>
            <h3>{title}</h3>
            <dl class="heat-figures">
                <div><dt>"requests"</dt><dd data-testid=format!("{side}-requests")>{group(t.requests)}</dd></div>
                <div><dt>"served"</dt><dd data-testid=format!("{side}-served")>{group(t.served)}</dd></div>
                <div><dt>"throttled"</dt><dd data-testid=format!("{side}-throttled") class:heat-bad=bad>{group(t.throttled)}</dd></div>
                <div><dt>"GSI write amplification"</dt><dd data-testid=format!("{side}-amplification")>{amplification_text(t.gsi_write_amplification_milli)}</dd></div>
                <div><dt>"on-demand / month"</dt><dd data-testid=format!("{side}-on-demand")>{move || money(cost().on_demand_micro_usd)}</dd></div>
                <div><dt>"provisioned / month"</dt><dd data-testid=format!("{side}-provisioned")>{move || money(cost2().provisioned_micro_usd)}</dd></div>
            </dl>
            <p class="heat-source-note">{format!("Simulated by the sim crate over {} s; every request priced by the engine on this design's data.", t.seconds)}</p>
            <ul class="heat-reasons" data-testid=format!("{side}-reasons")>
                {t.throttles.iter().map(|th| view! {
                    <li>{format!("{}: {} throttled by {} on {}", th.pattern, group(th.requests), reason_label(th.reason), target_label(&th.table, th.index.as_deref()))}</li>
                }).collect_view()}
            </ul>
            <div class="heat-charts">
                {charts.into_iter().map(|c| view! { <ChartView chart=c side=side/> }).collect_view()}
            </div>
        </section>
    }
}

#[component]
pub fn WhatIfPanel(st: HeatState) -> impl IntoView {
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
    view! {
        <section class="heat-whatif" data-testid="whatif" aria-labelledby="whatif-title">
            <h3 id="whatif-title">"What if…"</h3>
            <p>"Run a variant of this design on the same workload; it appears beside the current one."</p>
            <div class="heat-row">
                {move || fix().map(|f| {
                    let label = format!("Apply the fix: {}", f.label());
                    view! { <button type="button" class="primary" data-testid="whatif-fix" disabled=move || st.running.get() on:click=move |_| st.run_variant(f.clone())>{label}</button> }
                })}
                <label class="heat-field heat-inline"><span>"shards"</span>
                    <input type="text" data-testid="whatif-shards" prop:value=move || shards.get() on:input=move |ev| shards.set(event_target_value(&ev))/></label>
                <button type="button" data-testid="whatif-shard" disabled=move || st.running.get() on:click=shard>"Write sharding"</button>
                <button type="button" data-testid="whatif-provisioned" disabled=move || st.running.get() on:click=provisioned>"Provisioned (peak at 70 %)"</button>
                <button type="button" data-testid="whatif-on-demand" disabled=move || st.running.get() on:click=move |_| st.run_variant(Variant::OnDemand)>"On-demand"</button>
                <label class="heat-field heat-inline"><span>{move || format!("{} keyed on", gsis().first().map(|g| g.1.clone()).unwrap_or_else(|| String::from("GSI")))}</span>
                    <input type="text" data-testid="whatif-gsi-attribute" placeholder="attribute" prop:value=move || gsi_attr.get() on:input=move |ev| gsi_attr.set(event_target_value(&ev))/></label>
                <button type="button" data-testid="whatif-gsi" disabled=move || st.running.get() || gsis().is_empty() on:click=gsi>"Different GSI key"</button>
            </div>
            {move || comparison().map(|c| view! { <p class="heat-words" data-testid="whatif-words">{c}</p> })}
        </section>
    }
}

#[component]
pub fn CostPanel(result: RunResult, prices: RwSignal<Prices>) -> impl IntoView {
    let report = result.report.clone();
    let price_field = move |label: &'static str, id: &'static str, get: fn(&Prices) -> u64, set: fn(&mut Prices, u64)| {
        let error = RwSignal::new(None::<String>);
        view! {
            <label class="heat-field">
                <span>{label}</span>
                <input type="text" data-testid=format!("price-{id}")
                    value=prices.with_untracked(|p| dollars_text(get(p)))
                    aria-invalid=move || error.get().is_some().to_string()
                    on:change=move |ev| match parse_dollars(&event_target_value(&ev)) {
                        Some(v) => { error.set(None); prices.update(|p| set(p, v)); }
                        None => error.set(Some(String::from("a price in dollars, such as 0.625 (up to 6 decimals)"))),
                    }/>
                {move || error.get().map(|e| view! { <span class="heat-error" role="alert">{e}</span> })}
            </label>
        }
    };
    let rows = move || {
        let p = prices.get();
        let c = reprice(&report, &p);
        let shares = write_amplification(&report, &c);
        c.targets
            .iter()
            .zip(shares)
            .map(|(t, s)| {
                view! {
                    <tr>
                        <th scope="row">{s.target}</th>
                        <td>{s.wcu}</td>
                        <td>{format!("{} %", s.percent_of_table)}</td>
                        <td>{money(t.on_demand_micro_usd)}</td>
                        <td>{format!("{} RCU / {} WCU", group(t.provisioned_read_units), group(t.provisioned_write_units))}</td>
                        <td>{money(t.provisioned_micro_usd)}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    let report2 = result.report.clone();
    let totals = move || prices.with(|p| reprice(&report2, p));
    let totals2 = totals.clone();
    view! {
        <section class="heat-cost" data-testid="cost" aria-labelledby="cost-title">
            <h3 id="cost-title">"Monthly cost estimate"</h3>
            <p>{move || prices.with(|p| format!("List prices of {} (Standard table class, read {}); edit them for another region or date. This run's average rate sustained for 730 hours on-demand; provisioned at the capacity set (or the busiest second, for on-demand tables).", p.region, p.taken))}</p>
            <div class="heat-row">
                {price_field("$ per million write request units", "wru", |p| p.write_request_per_million, |p, v| p.write_request_per_million = v)}
                {price_field("$ per million read request units", "rru", |p| p.read_request_per_million, |p, v| p.read_request_per_million = v)}
                {price_field("$ per WCU-hour", "wcu", |p| p.wcu_hour, |p, v| p.wcu_hour = v)}
                {price_field("$ per RCU-hour", "rcu", |p| p.rcu_hour, |p, v| p.rcu_hour = v)}
            </div>
            <div class="heat-table-wrap">
                <table data-testid="cost-table">
                    <thead><tr>
                        <th scope="col">"table / GSI"</th><th scope="col">"WCU written"</th><th scope="col">"of the table's writes"</th>
                        <th scope="col">"on-demand / month"</th><th scope="col">"provisioned"</th><th scope="col">"provisioned / month"</th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                    <tfoot><tr>
                        <th scope="row">"total"</th><td></td><td></td>
                        <td data-testid="cost-on-demand">{move || money(totals().on_demand_micro_usd)}</td><td></td>
                        <td data-testid="cost-provisioned">{move || money(totals2().provisioned_micro_usd)}</td>
                    </tr></tfoot>
                </table>
            </div>
        </section>
    }
}
