//! Every call of the session: action, status, items, capacity; re-run or open in the builder.

use leptos::prelude::*;

use super::builder::Builder;
use super::log::totals;
use super::session::{run, use_session, Outcome, QuerySession, Source};
use crate::i18n::{t, td_string, use_i18n, Locale};

fn rerun(session: QuerySession, seq: u64) {
    let entry = session.log.with_untracked(|l| l.iter().find(|o| o.seq == seq).map(|o| (o.source, o.action.clone(), o.request.clone())));
    if let Some((source, action, request)) = entry {
        run(session, if source == Source::Clock { Source::Console } else { source }, &action, request);
    }
}

fn open(session: QuerySession, seq: u64) {
    let m = session.app.modeler;
    let entry = session.log.with_untracked(|l| l.iter().find(|o| o.seq == seq).map(|o| (o.action.clone(), o.request.clone())));
    let Some((action, request)) = entry else { return };
    if action == "ExecuteStatement" {
        session.partiql.set(super::partiql::Form::from_request(&request));
        session.mode.set("partiql");
        return;
    }
    let key_info = |t: &str, i: &str| {
        m.state.with_untracked(|s| s.playground.table_index(t).and_then(|x| s.playground.table(x)).map(|t| super::builder::KeyInfo::of(&t.definition, i)))
    };
    if let Ok(b) = Builder::from_request(&action, &request, key_info) {
        session.builder.set(b);
        session.mode.set("builder");
    }
}

/// One call of the log.
fn entry(session: QuerySession, o: &Outcome) -> impl IntoView {
    let i18n = use_i18n();
    let items = o.summary.items.len() as u64;
    let seq = o.seq;
    let statement = o.action == "ExecuteStatement";
    let can_open = statement || matches!(o.action.as_str(), "Query" | "Scan");
    let capacity = o.capacity.clone();
    let cap = move || {
        let say = |m| super::capacity::say(m, crate::language::words(i18n.get_locale()));
        capacity.iter().map(|t| format!("{} {} ({})", t.table, say(&t.total), say(&t.scope))).collect::<Vec<_>>().join(", ")
    };
    view! {
        <li class="q-log-entry" data-testid="q-log-entry" data-ok=o.result.is_ok().to_string()>
            <span class="mdl-mono">{format!("#{seq} {}", o.action)}</span>
            <span data-testid="q-log-status">{o.status_text()}</span>
            <span class="mdl-muted">{move || td_string!(i18n.get_locale(), query.log_items, count = super::words::count(i18n.get_locale(), items)).to_string()}</span>
            <span class="mdl-muted" data-testid="q-log-capacity">{cap}</span>
            <button type="button" class="mdl-link" data-testid="q-log-rerun" on:click=move |_| rerun(session, seq)>
                {t!(i18n, query.rerun)}
            </button>
            {can_open.then(|| view! {
                <button type="button" class="mdl-link" data-testid="q-log-open" on:click=move |_| open(session, seq)>
                    {move || if statement { td_string!(i18n.get_locale(), query.open_partiql) } else { td_string!(i18n.get_locale(), query.open_builder) }}
                </button>
            })}
        </li>
    }
}

/// One table's capacity over the session; half units written as the language writes decimals.
fn total_line(locale: Locale, table: String, read_half_units: u64, write_half_units: u64) -> String {
    let units = |half: u64| {
        let whole = super::words::count(locale, half / 2);
        if half.is_multiple_of(2) { whole } else { format!("{whole}{}5", if locale == Locale::en { '.' } else { ',' }) }
    };
    td_string!(locale, query.log_totals, table, rcu = units(read_half_units), wcu = units(write_half_units)).to_string()
}

#[component]
pub fn LogPanel() -> impl IntoView {
    let session = use_session();
    let i18n = use_i18n();
    // Rows are keyed by `seq` (the log only grows); a new row reads its call from the log once.
    let seqs = move || session.log.with(|l| l.iter().rev().take(200).map(|o| o.seq).collect::<Vec<_>>());
    let row = move |seq: u64| session.log.with_untracked(|l| l.iter().rev().find(|o| o.seq == seq).map(|o| entry(session, o)));
    let sums = move || {
        let locale = i18n.get_locale();
        session.log.with(|l| totals(l).into_iter().map(|(table, r, w)| total_line(locale, table, r, w)).collect::<Vec<_>>().join(" · "))
    };
    view! {
        <section class="q-log" data-testid="q-log">
            <h3 class="q-h">{t!(i18n, query.log_title)}</h3>
            <p class="mdl-muted" data-testid="q-log-totals">{sums}</p>
            <ol class="q-log-list">
                <For each=seqs key=|s| *s children=row/>
            </ol>
        </section>
    }
}
