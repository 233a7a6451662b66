//! The "Access patterns" tab: the model's access patterns, each run through the engine on every model
//! change while the tab is visible (what it used, read, returned and cost, and whether one request serves it), the coverage
//! line, the Markdown export, and the advisor's findings below.

pub mod analysis;
mod editor;

use advisor::check::{units_text, Status};
use advisor::draft::{new_draft, Draft};
use leptos::prelude::*;

use crate::advisor::AdvisorPanel;
use crate::model::Edit;
use crate::modeler::state::{now, use_modeler};
use analysis::{analyse, Analysis};
use editor::PatternEditor;

/// Which pattern the form is open for.
#[derive(Debug, Clone, PartialEq)]
enum Editing {
    None,
    New,
    At(usize),
}

fn status_class(s: Status) -> &'static str {
    match s {
        Status::Single => "pat-ok",
        Status::FilterDiscards => "pat-warn",
        _ => "pat-bad",
    }
}

#[component]
pub fn PatternsTab() -> impl IntoView {
    let m = use_modeler();
    // The tab stays mounted while hidden; the patterns run, and the advisor reads every item, only while
    // it can be seen (opening a 100,000-item file or editing one in the Items tab does not wait for it),
    // and then again on every change of the model or of the Heat tab's results.
    let root = NodeRef::<leptos::html::Div>::new();
    let shown = RwSignal::new(false);
    crate::modeler::indexes_tab::watch_visibility(root, shown);
    let (source, heat) = crate::heat::current();
    let analysis = Memo::new(move |prev: Option<&Analysis>| match (shown.get(), prev) {
        (false, Some(prev)) => prev.clone(),
        (false, None) => Analysis::default(),
        (true, _) => {
            let heat = source.with(|s| heat.with(|r| analysis::model_heat(s.as_ref(), r.as_ref())));
            m.state.with(|s| analyse(&s.playground, now(), heat.as_ref()))
        }
    });
    let editing = RwSignal::new(Editing::None);
    let show_markdown = RwSignal::new(false);
    let close = Callback::new(move |_| editing.set(Editing::None));

    let draft_for_new = RwSignal::new(Draft::default());
    let start_new = move |_| {
        let d = m.state.with_untracked(|s| {
            let t = m.selected.get_untracked().and_then(|i| s.playground.table(i)).or_else(|| s.playground.tables().first());
            match t {
                Some(t) => new_draft(t.name(), &t.key_names().0.unwrap_or_default()),
                None => Draft { name: "New access pattern".into(), operation: "Query".into(), request: "{}".into(), ..Draft::default() },
            }
        });
        editing.set(Editing::New);
        draft_for_new.set(d);
    };

    let delete = move |i: usize| {
        let mut list = m.state.with_untracked(|s| s.playground.access_patterns.clone());
        if i < list.len() {
            list.remove(i);
            if let Err(e) = m.perform(Edit::SetAccessPatterns(list)) {
                m.notice.set(Some(crate::modeler::state::Notice { text: e.to_string(), error: true }));
            }
        }
        editing.set(Editing::None);
    };

    let rows = move || {
        analysis.with(|a| {
            a.checks
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let status = format!("{} {}", c.status.symbol(), c.status.label());
                    let error = c.error.as_ref().map(|e| e.to_string());
                    let cost = match (c.read_half_units, c.write_half_units) {
                        (0, 0) if c.error.is_some() => String::from("—"),
                        (r, 0) => format!("{} RCU", units_text(r)),
                        (0, w) => format!("{} WCU", units_text(w)),
                        (r, w) => format!("{} RCU, {} WCU", units_text(r), units_text(w)),
                    };
                    let reads = if c.error.is_some() { String::from("—") } else { format!("{} → {}", c.items_read, c.items_returned) };
                    let pages = (c.requests > 1).then(|| format!("{} requests", c.requests));
                    let entities = c.entities.join(", ");
                    let unexpected = (!c.unexpected_entities.is_empty()).then(|| format!("not expected: {}", c.unexpected_entities.join(", ")));
                    view! {
                        <tr data-testid="pattern-row" data-name=c.name.clone() class=status_class(c.status)>
                            <th scope="row" class="pat-name">{c.name.clone()}<div class="pat-op">{c.operation_label()}</div></th>
                            <td data-testid="pattern-index">{a.index_labels.get(i).cloned().unwrap_or_default()}</td>
                            <td class="mdl-mono" data-testid="pattern-key">{c.key_condition.clone()}</td>
                            <td data-testid="pattern-items" title="items read (before any filter) → items returned">{reads}{pages.map(|p| view! { <div class="pat-op">{p}</div> })}</td>
                            <td data-testid="pattern-cost" title="consumed capacity reported by the engine for the request(s)">{cost}</td>
                            <td data-testid="pattern-entities">{entities}{unexpected.map(|u| view! { <div class="pat-unexpected">{u}</div> })}</td>
                            <td data-testid="pattern-status" class="pat-status">{status}
                                {error.map(|e| view! { <div class="mdl-error" role="alert" data-testid="pattern-error">{e}</div> })}
                            </td>
                            <td class="pat-actions">
                                <button type="button" class="mdl-link" data-testid="pattern-open" on:click=move |_| crate::query::save_pattern::open(i)>"Open in builder"</button>
                                <button type="button" class="mdl-link" data-testid="pattern-edit" on:click=move |_| editing.set(Editing::At(i))>"Edit"</button>
                                <button type="button" class="mdl-link mdl-remove" data-testid="pattern-delete" on:click=move |_| delete(i)>"Delete"</button>
                            </td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };

    let editor = move || match editing.get() {
        Editing::None => None,
        Editing::New => Some(view! { <PatternEditor index=None start=draft_for_new.get_untracked() on_close=close/> }.into_any()),
        Editing::At(i) => {
            let start = m.state.with_untracked(|s| s.playground.access_patterns.get(i).map(Draft::from_pattern));
            start.map(|d| view! { <PatternEditor index=Some(i) start=d on_close=close/> }.into_any())
        }
    };
    let markdown_href = move || {
        let md = analysis.with(|a| a.markdown.clone());
        format!("data:text/markdown;charset=utf-8,{}", String::from(js_sys::encode_uri_component(&md)))
    };
    let has_patterns = move || analysis.with(|a| !a.checks.is_empty());

    view! {
        <div class="pat" data-testid="patterns-tab" node_ref=root>
            <div class="pat-head">
                <h2 class="pat-title">"Access patterns"</h2>
                <p class="pat-coverage" data-testid="pattern-coverage">
                    {move || if has_patterns() { analysis.with(|a| a.coverage.clone()) } else { String::from("No access patterns yet") }}
                </p>
                <div class="pat-tools">
                    <button type="button" class="mdl-btn" data-testid="pattern-add" on:click=start_new>"+ Access pattern"</button>
                    <button type="button" class="mdl-btn" data-testid="pattern-export" aria-expanded=move || if show_markdown.get() { "true" } else { "false" }
                        disabled=move || !has_patterns() on:click=move |_| show_markdown.update(|v| *v = !*v)>"Markdown"</button>
                </div>
            </div>
            <p class="mdl-muted">"List every request the application makes first, then design keys so that each is one Query or GetItem. Each pattern runs against the model's own items on every change; figures are the engine's."</p>
            {editor}
            <Show when=move || show_markdown.get() && has_patterns()>
                <div class="pat-markdown">
                    <textarea class="mdl-input mdl-mono" readonly rows="8" data-testid="pattern-markdown" aria-label="The pattern table as Markdown"
                        prop:value=move || analysis.with(|a| a.markdown.clone())></textarea>
                    <a class="mdl-btn" data-testid="pattern-download" download="access-patterns.md" href=markdown_href>"Download .md"</a>
                </div>
            </Show>
            <Show when=has_patterns>
                <div class="pat-scroll">
                    <table class="pat-table" data-testid="pattern-table">
                        <thead><tr>
                            <th scope="col">"Access pattern"</th><th scope="col">"Index"</th><th scope="col">"Key condition"</th>
                            <th scope="col">"Read → returned"</th><th scope="col">"Capacity"</th><th scope="col">"Entities"</th>
                            <th scope="col">"Status"</th><th scope="col"><span class="mdl-sr">"Actions"</span></th>
                        </tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
            </Show>
            <AdvisorPanel analysis=analysis/>
        </div>
    }
}
