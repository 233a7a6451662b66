//! The "Access patterns" tab: the model's access patterns, each run through the engine on every model
//! change while the tab is visible (what it used, read, returned and cost, and whether one request
//! serves it), the coverage line, the Markdown export, and the advisor's findings below.

mod advisor;
pub mod analysis;
mod editor;
mod row;

use ::advisor::draft::{new_draft, Draft};
use leptos::html;
use leptos::prelude::*;

use crate::i18n::{t, t_string, td_string, use_i18n, Locale};
use crate::model::Edit;
use crate::state::{now, use_app, Modeler, Notice};
use advisor::AdvisorPanel;
use analysis::{analyse, Analysis};
use editor::PatternEditor;
use row::{PatternRow, RowData};

/// Which pattern the form is open for.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Editing {
    None,
    New,
    At(usize),
}

/// Delete pattern `i` (one undoable edit) and close the form.
fn delete_pattern(m: Modeler, editing: RwSignal<Editing>, i: usize) {
    let mut list = m.state.with_untracked(|s| s.playground.access_patterns.clone());
    if i < list.len() {
        list.remove(i);
        if let Err(e) = m.perform(Edit::SetAccessPatterns(list)) {
            m.notice.set(Some(Notice { text: crate::state::NoticeText::Edit(e), error: true }));
        }
    }
    editing.set(Editing::None);
}

/// A new pattern's starting draft: a Query on the selected table's partition key (or the first table's).
fn draft_for_new(m: Modeler) -> Draft {
    m.state.with_untracked(|s| {
        let t = m.selected.get_untracked().and_then(|i| s.playground.table(i)).or_else(|| s.playground.tables().first());
        match t {
            Some(t) => new_draft(t.name(), &t.key_names().0.unwrap_or_default()),
            None => Draft { name: "New access pattern".into(), operation: "Query".into(), request: "{}".into(), ..Draft::default() },
        }
    })
}

/// The pattern table's head row.
#[component]
fn TableHead() -> impl IntoView {
    let i18n = use_i18n();
    let cols: [fn(Locale) -> &'static str; 7] = [
        |l| td_string!(l, patterns.col_pattern),
        |l| td_string!(l, patterns.col_index),
        |l| td_string!(l, patterns.col_key),
        |l| td_string!(l, patterns.col_reads),
        |l| td_string!(l, patterns.col_capacity),
        |l| td_string!(l, patterns.col_entities),
        |l| td_string!(l, patterns.col_status),
    ];
    view! {
        <thead>
            <tr>
                {cols.into_iter().map(|c| view! { <th scope="col">{move || c(i18n.get_locale())}</th> }).collect_view()}
                <th scope="col">{t!(i18n, patterns.col_actions)}</th>
            </tr>
        </thead>
    }
}

/// The tab: the patterns checked against the model (while it can be seen), their coverage, the form,
/// the Markdown export and the advisor.
#[component]
pub fn PatternsTab() -> impl IntoView {
    let app = use_app();
    let i18n = use_i18n();
    let (m, heat_run) = (app.modeler, app.heat_run);
    // The tab stays mounted while hidden; the patterns run, and the advisor reads every item, only while
    // it can be seen (opening a 100,000-item file or editing one in the Items tab does not wait for it),
    // and then again on every change of the model or of the Heat tab's results.
    let root = NodeRef::<html::Div>::new();
    let shown = crate::observe::use_visible(root);
    let analysis = Memo::new(move |prev: Option<&Analysis>| match (shown.get(), prev) {
        (false, Some(prev)) => prev.clone(),
        (false, None) => Analysis::default(),
        (true, _) => {
            let heat = heat_run.with(|r| r.as_ref().and_then(|r| r.model_heat()));
            m.state.with(|s| analyse(&s.playground, now(), heat.as_ref()))
        }
    });
    let editing = RwSignal::new(Editing::None);
    let show_markdown = RwSignal::new(false);
    let new_draft = RwSignal::new(Draft::default());
    let close = Callback::new(move |_| editing.set(Editing::None));
    let start_new = move |_| {
        new_draft.set(draft_for_new(m));
        editing.set(Editing::New);
    };
    let has_patterns = move || analysis.with(|a| !a.checks.is_empty());
    let rows = move || {
        let locale = i18n.get_locale();
        let lang = crate::language::words(locale);
        analysis.with(|a| {
            a.checks
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let description = a.descriptions.get(i).map(String::as_str).unwrap_or_default();
                    RowData::new(i, c, description, a.index_labels.get(i).map(|l| ::advisor::render(l, lang)).unwrap_or_default(), locale)
                })
                .collect::<Vec<_>>()
        })
    };
    let editor = move || match editing.get() {
        Editing::None => None,
        Editing::New => Some(view! { <PatternEditor index=None start=new_draft.get_untracked() on_close=close /> }),
        Editing::At(i) => m
            .state
            .with_untracked(|s| s.playground.access_patterns.get(i).map(Draft::from_pattern))
            .map(|start| view! { <PatternEditor index=Some(i) start on_close=close /> }),
    };
    let markdown = move || analysis.with(|a| a.markdown.clone());
    let markdown_href = move || format!("data:text/markdown;charset=utf-8,{}", String::from(js_sys::encode_uri_component(&markdown())));
    let on_delete = Callback::new(move |i| delete_pattern(m, editing, i));
    let on_open = Callback::new(move |i| app.requests.open_pattern.set(Some(i)));
    let on_edit = Callback::new(move |i| editing.set(Editing::At(i)));

    view! {
        <div class="pat" data-testid="patterns-tab" node_ref=root>
            <div class="pat-head">
                <h2 class="pat-title">{t!(i18n, patterns.title)}</h2>
                <p class="pat-coverage" data-testid="pattern-coverage">
                    {move || if has_patterns() { analysis.with(|a| ::advisor::render(&a.coverage, crate::language::words(i18n.get_locale()))) } else { t_string!(i18n, patterns.none_yet).to_string() }}
                </p>
                <div class="pat-tools">
                    {(!m.read_only).then(|| view! {
                        <button type="button" class="mdl-btn" data-testid="pattern-add" on:click=start_new>{t!(i18n, patterns.add)}</button>
                    })}
                    <button
                        type="button"
                        class="mdl-btn"
                        data-testid="pattern-export"
                        aria-expanded=move || if show_markdown.get() { "true" } else { "false" }
                        disabled=move || !has_patterns()
                        on:click=move |_| show_markdown.update(|v| *v = !*v)
                    >
                        {t!(i18n, patterns.markdown)}
                    </button>
                </div>
            </div>
            <p class="mdl-muted">
                {t!(i18n, patterns.intro)}
            </p>
            {editor}
            <Show when=move || show_markdown.get() && has_patterns()>
                <div class="pat-markdown">
                    <textarea
                        class="mdl-input mdl-mono"
                        readonly
                        rows="8"
                        data-testid="pattern-markdown"
                        aria-label=move || t_string!(i18n, patterns.markdown_label)
                        prop:value=markdown
                    ></textarea>
                    <a class="mdl-btn" data-testid="pattern-download" download="access-patterns.md" href=markdown_href>
                        {t!(i18n, patterns.download)}
                    </a>
                </div>
            </Show>
            <Show when=has_patterns>
                <div class="pat-scroll">
                    <table class="pat-table" data-testid="pattern-table">
                        <TableHead />
                        <tbody>
                            <For each=rows key=|row| row.clone() let(row)>
                                <PatternRow row on_open on_edit on_delete />
                            </For>
                        </tbody>
                    </table>
                </div>
            </Show>
            <AdvisorPanel analysis />
        </div>
    }
}
