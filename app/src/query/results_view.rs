//! The answer to the last request: status or DynamoDB's error, the items in the modeler's grid style,
//! read vs returned, the page rule, capacity explained, the response body and the code for it.


use leptos::prelude::*;

use super::builder::KeyInfo;
use super::code_view::CodePanel;
use super::partiql::plan_note;
use super::results::{empty_hint, read_line, KeysHeld, PAGE_BYTES};
use super::session::{use_session, Outcome, READ_ONLY_MESSAGE};
use super::words::ReadTarget;
use crate::i18n::{t, td_string, use_i18n, Locale};
use crate::grid::GridModel;
use crate::model::layout::{layout, Entry};
use crate::state::Modeler;

/// The grid model of a result's items, laid out by the keys of the table or index it read.
fn grid_of(m: Modeler, o: &Outcome) -> GridModel {
    let (table, index) = o.target();
    let (keys, base) = m.state.with_untracked(|s| match s.playground.table_index(table).and_then(|i| s.playground.table(i)) {
        Some(t) => {
            let (p, k) = t.key_names();
            (KeyInfo::of(&t.definition, index), p.into_iter().chain(k).collect::<Vec<_>>())
        }
        None => (KeyInfo::default(), Vec::new()),
    });
    let entries: Vec<Entry<'_, usize>> = o.summary.items.iter().enumerate().map(|(i, item)| Entry { key: i, item, unstored: false }).collect();
    let sort: Vec<&str> = keys.sort.as_ref().map(|(n, _)| n.as_str()).into_iter().collect();
    let mut lead: Vec<&str> = vec![keys.partition.as_str()];
    lead.extend(sort.iter().copied());
    lead.extend(base.iter().map(String::as_str));
    let layout = layout(entries, &keys.partition, &sort, &lead);
    let mut key_columns = vec![keys.partition.clone()];
    key_columns.extend(keys.sort.map(|(n, _)| n));
    GridModel::entries(o.summary.items.clone(), layout, key_columns, base)
}

/// The summary line's parts, " · " between them and never before the first: the read line, DynamoDB's
/// counts, the items shown (when no read line says how many came back), the model's changed items.
fn summary_parts(locale: Locale, read: Option<String>, counts: Option<String>, returned: usize, changed: usize) -> impl IntoView {
    let shown = (read.is_none() && returned > 0).then(|| td_string!(locale, query.shown, count = super::words::count(locale, returned as u64)).to_string());
    let changed = (changed > 0).then(|| td_string!(locale, query.changed, count = super::words::count(locale, changed as u64)).to_string());
    let parts: Vec<(&'static str, &'static str, String)> = [("q-read-line", "", read), ("q-counts", "mdl-muted", counts), ("q-shown", "mdl-muted", shown), ("q-changed", "", changed)]
        .into_iter()
        .filter_map(|(id, class, text)| text.map(|t| (id, class, t)))
        .collect();
    parts
        .into_iter()
        .enumerate()
        .map(|(i, (id, class, text))| {
            let text = if i > 0 { format!(" · {text}") } else { text };
            view! { <span class=class data-testid=id>{text}</span> }
        })
        .collect_view()
}

/// Which items of the model a read could have returned (see [`KeysHeld`]), for the hint of an empty
/// answer.
fn keys_held(m: Modeler, o: &Outcome) -> KeysHeld {
    let (table, index) = o.target();
    m.state.with_untracked(|s| {
        let Some(t) = s.playground.table_index(table).and_then(|i| s.playground.table(i)) else { return KeysHeld::default() };
        let keys = KeyInfo::of(&t.definition, index);
        let items = t
            .rows
            .iter()
            .filter_map(|r| {
                let p = r.item.attr(&keys.partition)?;
                let s = match &keys.sort {
                    Some((n, _)) => Some(engine::value::value_to_json(&*r.item.attr(n)?)),
                    None => None,
                };
                Some((engine::value::value_to_json(&p), s))
            })
            .collect();
        let target = if index.is_empty() { ReadTarget::Table(table.to_string()) } else { ReadTarget::Index { index: index.to_string(), table: table.to_string() } };
        KeysHeld { target, partition: keys.partition, sort: keys.sort.map(|(n, _)| n), index: !index.is_empty(), items }
    })
}

/// What a result says beside its items: status, error, notes, summary line, capacity and body.
fn outcome_view(m: Modeler, o: &Outcome, locale: Locale) -> impl IntoView {
    let ok = o.result.is_ok();
    let error = o.result.as_ref().err().map(|f| (f.type_name.clone(), f.message.clone()));
    let body = serde_json::to_string_pretty(o.body()).unwrap_or_default();
    let read = read_line(&o.summary).map(|r| r.text(locale));
    let page_cut = o.summary.cut_by_page_size.then(|| td_string!(locale, query.page_cut, bytes = super::words::count(locale, PAGE_BYTES)).to_string());
    let read_only = o.result.as_ref().err().is_some_and(|f| f.message == READ_ONLY_MESSAGE);
    let returned = o.summary.items.len();
    let plan = o.operation.as_ref().map(|op| (op.action(), plan_note(op).text(locale)));
    let changed = o.changed;
    let lek = o.summary.last_evaluated_key.as_ref().map(|k| td_string!(locale, query.last_key, key = k.to_string()).to_string());
    let counts = o.summary.count.map(|c| {
        let (count, scanned) = (super::words::count(locale, c), super::words::count(locale, o.summary.scanned_count.unwrap_or(0)));
        td_string!(locale, query.counts, count, scanned).to_string()
    });
    let capacity = o.capacity.clone();
    let action = match &o.operation {
        Some(op) => op.action(),
        None => o.action.as_str(),
    };
    let hint = (ok && matches!(action, "Query" | "Scan")).then(|| empty_hint(action, &o.request, &o.summary, &keys_held(m, o))).flatten().map(|h| h.text(locale));
    let note = o.note.as_ref().map(|n| n.text(locale));
    view! {
        <div class="q-status" data-testid="q-status" data-ok=ok.to_string()>
            <span class="q-status-code">{o.status_text()}</span>
            <span class="mdl-muted">{format!(" · {} #{}", o.action, o.seq)}</span>
        </div>
        {error.map(|(t, msg)| view! {
            <p class="mdl-error" data-testid="q-error">
                <strong data-testid="q-error-type">{t}</strong>
                ": "
                <span data-testid="q-error-message">{msg}</span>
            </p>
        })}
        {read_only.then(|| view! { <p class="q-note" data-testid="q-error-explained">{td_string!(locale, query.read_only_explained)}</p> })}
        {note.map(|n| view! { <p class="q-note" data-testid="q-note">{n}</p> })}
        {o.propagation.clone().map(|n| view! { <p class="q-note q-propagation" data-testid="q-propagation">{missed_text(locale, &n)}</p> })}
        {plan.map(|(op, text)| view! { <p class="q-note" data-testid="q-plan" data-op=op>{text}</p> })}
        <p class="q-summary" data-testid="q-summary">
            {summary_parts(locale, read, counts, returned, changed)}
        </p>
        {hint.map(|h| view! { <p class="q-note q-hint" data-testid="q-empty-hint">{h}</p> })}
        {lek.map(|k| view! { <p class="mdl-muted mdl-mono" data-testid="q-lek">{k}</p> })}
        {page_cut.map(|t| view! { <p class="q-note" data-testid="q-page-rule">{t}</p> })}
        <div class="q-capacity" data-testid="q-capacity">
            {capacity
                .into_iter()
                .map(|t| {
                    let on = td_string!(locale, query.consumed_on, table = t.table.clone()).to_string();
                    let i18n = crate::i18n::use_i18n();
                    let say = move |m: &messages::Message| super::capacity::say(m, crate::language::words(i18n.get_locale()));
                    let (total, scope_words, split) = (t.total, t.scope, t.split);
                    let scope = move || match &split {
                        Some(split) => format!(" ({}: {})", say(&scope_words), say(split)),
                        None => format!(" ({})", say(&scope_words)),
                    };
                    view! {
                    <div class="q-cap-table" data-testid="q-cap-table" data-table=t.table>
                        <div class="q-cap-total">
                            <strong data-testid="q-cap-total">{move || say(&total)}</strong>
                            <span data-testid="q-cap-scope">{scope}</span>
                            {on}
                        </div>
                        <ul>{t.lines.into_iter().map(|l| view! { <li class="mdl-mono" data-testid="q-cap-line">{move || say(&l)}</li> }).collect_view()}</ul>
                    </div>
                    }
                })
                .collect_view()}
        </div>
        <details class="q-body" data-testid="q-body-box" open=!ok>
            <summary>{if ok { td_string!(locale, query.response_body) } else { td_string!(locale, query.error_body) }}</summary>
            <pre class="mdl-mono q-pre" data-testid="q-body">{body}</pre>
        </details>
    }
}

/// The answer to the last request, its items and its code.
#[component]
pub fn ResultsPanel() -> impl IntoView {
    let session = use_session();
    let i18n = use_i18n();
    let m = session.app.modeler;
    let last = session.last;
    let grid = Memo::new(move |_| last.with(|o| o.as_ref().map(|o| grid_of(m, o)).unwrap_or_default()));
    view! {
        <section class="q-results" data-testid="q-results" aria-live="polite">
            {move || {
                let locale = i18n.get_locale();
                last.with(|o| match o {
                    None => view! { <p class="mdl-muted" data-testid="q-results-empty">{t!(i18n, query.results_empty)}</p> }.into_any(),
                    Some(o) => outcome_view(m, o, locale).into_any(),
                })
            }}
            <Show when=move || last.with(|o| o.as_ref().is_some_and(|o| !o.summary.items.is_empty()))>
                // The shared item grid is still a built view: the bridge puts it here until it is a component.
                <crate::grid::Grid model=grid editable=None testid="q-grid"/>
            </Show>
            <Show when=move || last.with(|o| o.is_some())>
                <CodePanel/>
            </Show>
        </section>
    }
}

/// What a read of an index missed, in words: how many writes, their keys, and when the last arrives.
fn missed_text(locale: Locale, n: &crate::model::propagation::MissedNote) -> String {
    let (index, keys) = (n.index.clone(), n.keys.join("; "));
    let time = crate::model::propagation::clock_time(n.last);
    if n.count == 1 {
        td_string!(locale, query.missed_one, index, keys, time).to_string()
    } else {
        let count = crate::language::numbers::count(locale, n.count);
        td_string!(locale, query.missed_many, index, count, keys, time).to_string()
    }
}
