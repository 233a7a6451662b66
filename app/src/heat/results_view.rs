//! A run's results (summary figures and charts), the what-if controls with the comparison in words,
//! and the cost panel with its editable prices.

use leptos::prelude::*;
use sim::cost::Prices;

use super::chart::{self, group, reason_label, target_label};
use super::chart_view::ChartView;
use super::colour::Theme;
use super::cost::{amplification_text, dollars_text, money, parse_dollars, reprice, write_amplification};
use super::whatif::{provisioned_for, Variant};
use super::{words, HeatState, RunResult};

/// A run's figures, why it throttled, and its six charts. `side` prefixes the test ids (`base`,
/// `variant`).
#[component]
pub fn RunSummary(result: RunResult, side: &'static str, title: String, prices: RwSignal<Prices>, theme: Signal<Theme>) -> impl IntoView {
    let t = result.report.totals.clone();
    let charts = chart::charts(&result.report);
    let moves: Vec<(u32, String)> = super::moves::moves(&result.report).into_iter().map(|m| (m.second, m.text())).collect();
    let report = StoredValue::new(result.report);
    let cost = Memo::new(move |_| prices.with(|p| report.with_value(|r| reprice(r, p))));
    let tid = move |id: &str| format!("{side}-{id}");
    let reasons = t
        .throttles
        .iter()
        .map(|th| {
            let line = format!("{}: {} throttled by {} on {}", th.pattern, group(th.requests), reason_label(th.reason), target_label(&th.table, th.index.as_deref()));
            view! { <li>{line}</li> }
        })
        .collect_view();
    let note = format!(
        "Simulated by the sim crate over {} s; every request priced by the engine on this design's data. GSI write amplification: the WCU written to the table and all its GSIs for each WCU written to the table itself (1.00× when no GSI is written).",
        t.seconds
    );
    view! {
        <section class="heat-summary" data-testid=tid("summary") aria-label=title.clone()>
            <h3>{title.clone()}</h3>
            <dl class="heat-figures">
                <div><dt>"requests"</dt><dd data-testid=tid("requests")>{group(t.requests)}</dd></div>
                <div><dt>"served"</dt><dd data-testid=tid("served")>{group(t.served)}</dd></div>
                <div>
                    <dt>"throttled"</dt>
                    <dd class:heat-bad={t.throttled > 0} data-testid=tid("throttled")>{group(t.throttled)}</dd>
                </div>
                <div>
                    <dt>"GSI write amplification"</dt>
                    <dd data-testid=tid("amplification")>{amplification_text(t.gsi_write_amplification_milli)}</dd>
                </div>
                <div>
                    <dt>"on-demand / month"</dt>
                    <dd data-testid=tid("on-demand")>{move || money(cost.with(|c| c.on_demand_micro_usd))}</dd>
                </div>
                <div>
                    <dt>"provisioned / month"</dt>
                    <dd data-testid=tid("provisioned")>{move || money(cost.with(|c| c.provisioned_micro_usd))}</dd>
                </div>
            </dl>
            <p class="heat-source-note">{note}</p>
            <ul class="heat-reasons" data-testid=tid("reasons")>{reasons}</ul>
            <div class="heat-charts">
                {charts
                    .into_iter()
                    .map(|chart| {
                        let events = if chart.kind == chart::ChartKind::Heat { moves.clone() } else { Vec::new() };
                        view! { <ChartView chart side theme events/> }
                    })
                    .collect_view()}
            </div>
        </section>
    }
}

/// A text field of the what-if row, labelled by `label`.
#[component]
fn InlineField(children: Children, testid: &'static str, #[prop(optional)] placeholder: Option<&'static str>, value: RwSignal<String>) -> impl IntoView {
    view! {
        <label class="heat-field heat-inline">
            {children()}
            <input
                type="text"
                data-testid=testid
                placeholder=placeholder
                prop:value=move || value.get()
                on:input=move |ev| value.set(event_target_value(&ev))
            />
        </label>
    }
}

/// The what-if controls: the scenario's fix, sharding, capacity modes and another GSI key, each run on
/// the same workload beside the current design, and the difference in words.
#[component]
pub fn WhatIfPanel(st: HeatState) -> impl IntoView {
    let shards = RwSignal::new(String::from("10"));
    let gsi_attr = RwSignal::new(String::new());
    let shard = move |_| match shards.get_untracked().trim().parse::<u32>() {
        Ok(n) => st.run_variant(Variant::Shard { shards: n }),
        Err(_) => st.message.set(Some(String::from("shards: a whole number from 2 to 1,000"))),
    };
    let provisioned = move |_| {
        let Some((read, write)) = st.result.with_untracked(|r| r.as_ref().map(|r| provisioned_for(&r.report, 70))) else { return };
        st.run_variant(Variant::Provisioned { read, write, target_percent: 70 });
    };
    let gsis = Memo::new(move |_| {
        st.result.with(|r| {
            r.as_ref()
                .map(|r| r.report.totals.targets.iter().filter_map(|t| t.index.clone().map(|i| (t.table.clone(), i))).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    let gsi = move |_| {
        let Some((table, index)) = gsis.with_untracked(|g| g.first().cloned()) else {
            st.message.set(Some(String::from("That variant does not apply: this design has no GSI")));
            return;
        };
        st.run_variant(Variant::GsiKey { table, index, attribute: gsi_attr.get_untracked() });
    };
    let fix = move || st.source.with(|s| s.as_ref().and_then(|s| s.fix.clone()));
    let i18n = crate::i18n::use_i18n();
    let comparison = move || {
        let lang = crate::language::words(i18n.get_locale());
        let p = st.prices.get();
        st.result.with(|base| {
            st.variant.with(|v| {
                let (base, (_, v)) = (base.as_ref()?, v.as_ref()?);
                Some(words::compare(lang, &base.report, &reprice(&base.report, &p), &v.report, &reprice(&v.report, &p)))
            })
        })
    };
    let running = move || st.running.get();
    // A read-only embed runs the variants that need nothing typed.
    let read_only = st.modeler.read_only;
    view! {
        <section class="heat-whatif" data-testid="whatif" aria-labelledby="whatif-title">
            <h3 id="whatif-title">"What if…"</h3>
            <p>"Run a variant of this design on the same workload; it appears beside the current one."</p>
            <div class="heat-row">
                {move || {
                    fix()
                        .map(|f| {
                            let label = format!("Apply the fix: {}", f.label());
                            view! {
                                <button type="button" class="primary" data-testid="whatif-fix" disabled=running on:click=move |_| st.run_variant(f.clone())>
                                    {label}
                                </button>
                            }
                        })
                }}
                {(!read_only).then(|| view! {
                    <InlineField testid="whatif-shards" value=shards>
                        <span>"shards"</span>
                    </InlineField>
                })}
                <button type="button" data-testid="whatif-shard" disabled=running on:click=shard>
                    {move || if read_only { String::from("Write sharding (10 shards)") } else { String::from("Write sharding") }}
                </button>
                <button type="button" data-testid="whatif-provisioned" disabled=running on:click=provisioned>"Provisioned (peak at 70 %)"</button>
                <button type="button" data-testid="whatif-on-demand" disabled=running on:click=move |_| st.run_variant(Variant::OnDemand)>"On-demand"</button>
                {(!read_only).then(|| view! {
                    <InlineField testid="whatif-gsi-attribute" placeholder="attribute" value=gsi_attr>
                        <span>{move || format!("{} keyed on", gsis.with(|g| g.first().map(|g| g.1.clone())).unwrap_or_else(|| String::from("GSI")))}</span>
                    </InlineField>
                    <button type="button" data-testid="whatif-gsi" disabled=move || running() || gsis.with(|g| g.is_empty()) on:click=gsi>
                        "Different GSI key"
                    </button>
                })}
            </div>
            {move || comparison().map(|c| view! { <p class="heat-words" data-testid="whatif-words">{c}</p> })}
        </section>
    }
}

/// One editable price: a dollar amount, checked when it changes, its fault shown beside it.
#[component]
fn PriceField(prices: RwSignal<Prices>, label: &'static str, id: &'static str, get: fn(&Prices) -> u64, set: fn(&mut Prices, u64)) -> impl IntoView {
    if crate::state::use_modeler().read_only {
        // A read-only embed states the prices it used.
        return view! {
            <p class="heat-field" data-testid=format!("price-{id}")>
                <span>{label}</span>
                <span>{prices.with_untracked(|p| format!("${}", dollars_text(get(p))))}</span>
            </p>
        }
        .into_any();
    }
    let error = RwSignal::new(None::<String>);
    let change = move |ev| match parse_dollars(&event_target_value(&ev)) {
        Some(v) => {
            error.set(None);
            prices.update(|p| set(p, v));
        }
        None => error.set(Some(String::from("a price in dollars, such as 0.625 (up to 6 decimals)"))),
    };
    view! {
        <label class="heat-field">
            <span>{label}</span>
            <input
                type="text"
                data-testid=format!("price-{id}")
                value=prices.with_untracked(|p| dollars_text(get(p)))
                aria-invalid=move || error.with(|e| e.is_some()).to_string()
                on:change=change
            />
            {move || error.get().map(|e| view! { <span class="heat-error" role="alert">{e}</span> })}
        </label>
    }
    .into_any()
}

/// The monthly cost at the editable prices, per table and GSI, with each index's share of the writes.
#[component]
pub fn CostPanel(result: RunResult, prices: RwSignal<Prices>) -> impl IntoView {
    let report = StoredValue::new(result.report);
    let totals = Memo::new(move |_| prices.with(|p| report.with_value(|r| reprice(r, p))));
    let rows = move || {
        report.with_value(|report| {
            totals.with(|c| {
                let shares = write_amplification(report, c);
                c.targets
                    .iter()
                    .zip(shares)
                    .map(|(t, s)| {
                        let provisioned = format!("{} RCU / {} WCU", group(t.provisioned_read_units), group(t.provisioned_write_units));
                        let cells = [s.wcu, format!("{} %", s.percent_of_table), money(t.on_demand_micro_usd), provisioned, money(t.provisioned_micro_usd)];
                        view! {
                            <tr>
                                <th scope="row">{s.target}</th>
                                {cells.into_iter().map(|v| view! { <td>{v}</td> }).collect_view()}
                            </tr>
                        }
                    })
                    .collect_view()
            })
        })
    };
    let read_only = crate::state::use_modeler().read_only;
    let head = ["table / GSI", "WCU written", "of the table's writes", "on-demand / month", "provisioned", "provisioned / month"];
    let intro = move || {
        prices.with(|p| {
            format!(
                "List prices of {} (Standard table class, read {}); {}. This run's average rate sustained for 730 hours on-demand; provisioned at the capacity set (or the busiest second, for on-demand tables).",
                p.region,
                p.taken,
                if read_only { "the full playground lets you change them for another region or date" } else { "edit them for another region or date" }
            )
        })
    };
    view! {
        <section class="heat-cost" data-testid="cost" aria-labelledby="cost-title">
            <h3 id="cost-title">"Monthly cost estimate"</h3>
            <p>{intro}</p>
            <div class="heat-row">
                <PriceField prices label="$ per million write request units" id="wru" get=|p| p.write_request_per_million set=|p, v| p.write_request_per_million = v/>
                <PriceField prices label="$ per million read request units" id="rru" get=|p| p.read_request_per_million set=|p, v| p.read_request_per_million = v/>
                <PriceField prices label="$ per WCU-hour" id="wcu" get=|p| p.wcu_hour set=|p, v| p.wcu_hour = v/>
                <PriceField prices label="$ per RCU-hour" id="rcu" get=|p| p.rcu_hour set=|p, v| p.rcu_hour = v/>
            </div>
            <div class="heat-table-wrap">
                <table data-testid="cost-table">
                    <thead>
                        <tr>{head.into_iter().map(|h| view! { <th scope="col">{h}</th> }).collect_view()}</tr>
                    </thead>
                    <tbody>{rows}</tbody>
                    <tfoot>
                        <tr>
                            <th scope="row">"total"</th>
                            <td></td>
                            <td></td>
                            <td data-testid="cost-on-demand">{move || money(totals.with(|c| c.on_demand_micro_usd))}</td>
                            <td></td>
                            <td data-testid="cost-provisioned">{move || money(totals.with(|c| c.provisioned_micro_usd))}</td>
                        </tr>
                    </tfoot>
                </table>
            </div>
        </section>
    }
}
