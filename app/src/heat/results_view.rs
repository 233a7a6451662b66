//! A run's results (summary figures and charts), the what-if controls with the comparison in words,
//! and the cost panel with its editable prices.

use leptos::prelude::*;
use sim::cost::Prices;

use super::chart::{self, group, reason_label, target_label};
use super::chart_view::ChartView;
use super::colour::Theme;
use super::cost::{dollars_text, parse_dollars, reprice, write_amplification};
use super::whatif::{provisioned_for, Variant};
use super::{words, HeatState, Message, RunResult};
use crate::i18n::{t, t_string, td_string, use_i18n, Locale};
use crate::language::numbers;

/// A run's figures, why it throttled, and its six charts. `side` prefixes the test ids (`base`,
/// `variant`).
#[component]
pub fn RunSummary(result: RunResult, side: &'static str, #[prop(into)] title: Signal<String>, prices: RwSignal<Prices>, theme: Signal<Theme>) -> impl IntoView {
    let i18n = use_i18n();
    let t = result.report.totals.clone();

    let moves = super::moves::moves(&result.report);
    let report = StoredValue::new(result.report);
    // Built again in a new language (their words are drawn on the canvas).
    let charts = move || report.with_value(|r| chart::charts(r, i18n.get_locale()));
    let moves = move || moves.iter().map(|m| (m.second, m.text(i18n.get_locale()))).collect::<Vec<(u32, String)>>();
    let cost = Memo::new(move |_| prices.with(|p| report.with_value(|r| reprice(r, p))));
    let tid = move |id: &str| format!("{side}-{id}");
    let throttles = t.throttles.clone();
    let reasons = move || {
        let locale = i18n.get_locale();
        throttles
            .iter()
            .map(|th| {
                let (pattern, count, reason, target) =
                    (th.pattern.clone(), numbers::count(locale, th.requests), reason_label(th.reason, locale), target_label(&th.table, th.index.as_deref()));
                view! { <li>{td_string!(locale, heat.reason_line, pattern, count, reason, target).to_string()}</li> }
            })
            .collect_view()
    };
    let seconds = t.seconds;
    let n = move |v: u64| numbers::count(i18n.get_locale(), v);
    let money = move |micro: u64| numbers::usd(i18n.get_locale(), micro);
    let _ = group;
    view! {
        <section class="heat-summary" data-testid=tid("summary") aria-label=title>
            <h3>{title}</h3>
            <dl class="heat-figures">
                <div><dt>{t!(i18n, heat.fig_requests)}</dt><dd data-testid=tid("requests")>{move || n(t.requests)}</dd></div>
                <div><dt>{t!(i18n, heat.fig_served)}</dt><dd data-testid=tid("served")>{move || n(t.served)}</dd></div>
                <div>
                    <dt>{t!(i18n, heat.fig_throttled)}</dt>
                    <dd class:heat-bad={t.throttled > 0} data-testid=tid("throttled")>{move || n(t.throttled)}</dd>
                </div>
                <div>
                    <dt>{t!(i18n, heat.fig_amplification)}</dt>
                    <dd data-testid=tid("amplification")>{move || {
                        let milli = t.gsi_write_amplification_milli;
                        // Hundredths, cut (not rounded) as the multiplier is everywhere else.
                        format!("{}×", numbers::decimal(i18n.get_locale(), (milli / 10) as f64 / 100.0, 2))
                    }}</dd>
                </div>
                <div>
                    <dt>{t!(i18n, heat.fig_on_demand)}</dt>
                    <dd data-testid=tid("on-demand")>{move || money(cost.with(|c| c.on_demand_micro_usd))}</dd>
                </div>
                <div>
                    <dt>{t!(i18n, heat.fig_provisioned)}</dt>
                    <dd data-testid=tid("provisioned")>{move || money(cost.with(|c| c.provisioned_micro_usd))}</dd>
                </div>
            </dl>
            <p class="heat-source-note">{t!(i18n, heat.run_note, seconds)}</p>
            <ul class="heat-reasons" data-testid=tid("reasons")>{reasons}</ul>
            <div class="heat-charts">
                {move || charts()
                    .into_iter()
                    .map(|chart| {
                        let events = if chart.kind == chart::ChartKind::Heat { moves() } else { Vec::new() };
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
    let i18n = use_i18n();
    let shards = RwSignal::new(String::from("10"));
    let gsi_attr = RwSignal::new(String::new());
    let shard = move |_| match shards.get_untracked().trim().parse::<u32>() {
        Ok(n) => st.run_variant(Variant::Shard { shards: n }),
        Err(_) => st.message.set(Some(Message::Shards)),
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
            st.message.set(Some(Message::NoGsi));
            return;
        };
        st.run_variant(Variant::GsiKey { table, index, attribute: gsi_attr.get_untracked() });
    };
    let fix = move || st.source.with(|s| s.as_ref().and_then(|s| s.fix.clone()));
    let comparison = move || {
        let p = st.prices.get();
        let locale = i18n.get_locale();
        st.result.with(|base| {
            st.variant.with(|v| {
                let (base, (_, v)) = (base.as_ref()?, v.as_ref()?);
                Some(words::compare(crate::language::words(locale), &base.report, &reprice(&base.report, &p), &v.report, &reprice(&v.report, &p)))
            })
        })
    };
    let running = move || st.running.get();
    // A read-only embed runs the variants that need nothing typed.
    let read_only = st.modeler.read_only;
    view! {
        <section class="heat-whatif" data-testid="whatif" aria-labelledby="whatif-title">
            <h3 id="whatif-title">{t!(i18n, heat.whatif_title)}</h3>
            <p>{t!(i18n, heat.whatif_intro)}</p>
            <div class="heat-row">
                {move || {
                    fix()
                        .map(|f| {
                            let named = f.clone();
                            let label = move || td_string!(i18n.get_locale(), heat.apply_fix, label = named.label(i18n.get_locale())).to_string();
                            view! {
                                <button type="button" class="primary" data-testid="whatif-fix" disabled=running on:click=move |_| st.run_variant(f.clone())>
                                    {label}
                                </button>
                            }
                        })
                }}
                {(!read_only).then(|| view! {
                    <InlineField testid="whatif-shards" value=shards>
                        <span>{t!(i18n, heat.shards)}</span>
                    </InlineField>
                })}
                <button type="button" data-testid="whatif-shard" disabled=running on:click=shard>
                    {move || if read_only { t_string!(i18n, heat.write_sharding_10) } else { t_string!(i18n, heat.write_sharding) }}
                </button>
                <button type="button" data-testid="whatif-provisioned" disabled=running on:click=provisioned>{t!(i18n, heat.whatif_provisioned)}</button>
                <button type="button" data-testid="whatif-on-demand" disabled=running on:click=move |_| st.run_variant(Variant::OnDemand)>{t!(i18n, heat.whatif_on_demand)}</button>
                {(!read_only).then(|| view! {
                    <InlineField testid="whatif-gsi-attribute" placeholder="attribute" value=gsi_attr>
                        <span>{move || {
                            let index = gsis.with(|g| g.first().map(|g| g.1.clone())).unwrap_or_else(|| String::from("GSI"));
                            t_string!(i18n, heat.keyed_on, index).to_string()
                        }}</span>
                    </InlineField>
                    <button type="button" data-testid="whatif-gsi" disabled=move || running() || gsis.with(|g| g.is_empty()) on:click=gsi>
                        {t!(i18n, heat.different_gsi)}
                    </button>
                })}
            </div>
            {move || comparison().map(|c| view! { <p class="heat-words" data-testid="whatif-words">{c}</p> })}
        </section>
    }
}

/// One editable price: a dollar amount, checked when it changes, its fault shown beside it.
#[component]
fn PriceField(prices: RwSignal<Prices>, label: fn(Locale) -> &'static str, id: &'static str, get: fn(&Prices) -> u64, set: fn(&mut Prices, u64)) -> impl IntoView {
    let i18n = use_i18n();
    let label = move || label(i18n.get_locale());
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
    let error = RwSignal::new(false);
    let change = move |ev| match parse_dollars(&event_target_value(&ev)) {
        Some(v) => {
            error.set(false);
            prices.update(|p| set(p, v));
        }
        None => error.set(true),
    };
    view! {
        <label class="heat-field">
            <span>{label}</span>
            <input
                type="text"
                data-testid=format!("price-{id}")
                value=prices.with_untracked(|p| dollars_text(get(p)))
                aria-invalid=move || error.get().to_string()
                on:change=change
            />
            {move || error.get().then(|| view! { <span class="heat-error" role="alert">{t!(i18n, heat.price_fault)}</span> })}
        </label>
    }
    .into_any()
}

/// The monthly cost at the editable prices, per table and GSI, with each index's share of the writes.
#[component]
pub fn CostPanel(result: RunResult, prices: RwSignal<Prices>) -> impl IntoView {
    let report = StoredValue::new(result.report);
    let i18n = use_i18n();
    let money = move |micro: u64| numbers::usd(i18n.get_locale(), micro);
    let totals = Memo::new(move |_| prices.with(|p| report.with_value(|r| reprice(r, p))));
    let rows = move || {
        let locale = i18n.get_locale();
        report.with_value(|report| {
            totals.with(|c| {
                let shares = write_amplification(report, c);
                c.targets
                    .iter()
                    .zip(shares)
                    .map(|(t, s)| {
                        let (read, write) = (numbers::count(locale, t.provisioned_read_units), numbers::count(locale, t.provisioned_write_units));
                        let provisioned = td_string!(locale, heat.cost_provisioned_cell, read, write).to_string();
                        let share = match locale {
                            Locale::tr => format!("%{}", s.percent_of_table),
                            Locale::en => format!("{} %", s.percent_of_table),
                        };
                        let cells = [words::units(locale, s.write_half_units), share, numbers::usd(locale, t.on_demand_micro_usd), provisioned, numbers::usd(locale, t.provisioned_micro_usd)];
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
    let head: [fn(Locale) -> &'static str; 6] = [
        |l| td_string!(l, heat.col_target),
        |l| td_string!(l, heat.col_wcu),
        |l| td_string!(l, heat.col_share),
        |l| td_string!(l, heat.col_on_demand),
        |l| td_string!(l, heat.col_provisioned),
        |l| td_string!(l, heat.col_provisioned_month),
    ];
    let intro = move || {
        let locale = i18n.get_locale();
        prices.with(|p| {
            let (region, taken) = (p.region.to_string(), p.taken.to_string());
            if read_only {
                td_string!(locale, heat.cost_intro_read_only, region, taken).to_string()
            } else {
                td_string!(locale, heat.cost_intro, region, taken).to_string()
            }
        })
    };
    view! {
        <section class="heat-cost" data-testid="cost" aria-labelledby="cost-title">
            <h3 id="cost-title">{t!(i18n, heat.cost_title)}</h3>
            <p>{intro}</p>
            <div class="heat-row">
                <PriceField prices label=|l| td_string!(l, heat.price_wru) id="wru" get=|p| p.write_request_per_million set=|p, v| p.write_request_per_million = v/>
                <PriceField prices label=|l| td_string!(l, heat.price_rru) id="rru" get=|p| p.read_request_per_million set=|p, v| p.read_request_per_million = v/>
                <PriceField prices label=|l| td_string!(l, heat.price_wcu) id="wcu" get=|p| p.wcu_hour set=|p, v| p.wcu_hour = v/>
                <PriceField prices label=|l| td_string!(l, heat.price_rcu) id="rcu" get=|p| p.rcu_hour set=|p, v| p.rcu_hour = v/>
            </div>
            <div class="heat-table-wrap">
                <table data-testid="cost-table">
                    <thead>
                        <tr>{head.into_iter().map(|h| view! { <th scope="col">{move || h(i18n.get_locale())}</th> }).collect_view()}</tr>
                    </thead>
                    <tbody>{rows}</tbody>
                    <tfoot>
                        <tr>
                            <th scope="row">{t!(i18n, heat.total)}</th>
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
