//! The "Access patterns" tab: the model's access patterns, each run through the engine on every model
//! change while the tab is visible (what it used, read, returned and cost, and whether one request serves it), the coverage
//! line, the Markdown export, and the advisor's findings below.

mod advisor;
pub mod analysis;
mod editor;

use std::rc::Rc;

use ::advisor::check::{units_text, PatternCheck, Status};
use ::advisor::draft::{new_draft, Draft};

use advisor::advisor_panel;
use crate::model::Edit;
use crate::state::now;
use crate::ui::prelude::*;
use analysis::{analyse, Analysis};
use editor::pattern_editor;

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

/// One checked pattern as a table row: what it used, read, returned and cost, and its actions.
fn pattern_row(app: crate::state::AppState, c: &PatternCheck, index_label: String, i: usize, editing: RwSignal<Editing>, delete: Rc<dyn Fn(usize)>) -> El {
    let status = format!("{} {}", c.status.symbol(), c.status.label());
    let error = c.error.as_ref().map(|e| e.to_string());
    let cost = match (c.read_half_units, c.write_half_units) {
        (0, 0) if c.error.is_some() => String::from("—"),
        (r, 0) => format!("{} RCU", units_text(r)),
        (0, w) => format!("{} WCU", units_text(w)),
        (r, w) => format!("{} RCU, {} WCU", units_text(r), units_text(w)),
    };
    let reads = if c.error.is_some() { String::from("—") } else { format!("{} → {}", c.items_read, c.items_returned) };
    let pages = (c.requests > 1).then(|| el("div").class("pat-op").text(&format!("{} requests", c.requests)));
    let entities = c.entities.join(", ");
    let unexpected = (!c.unexpected_entities.is_empty()).then(|| el("div").class("pat-unexpected").text(&format!("not expected: {}", c.unexpected_entities.join(", "))));
    el("tr")
        .tid("pattern-row")
        .attr("data-name", &c.name)
        .class(status_class(c.status))
        .child(el("th").attr("scope", "row").class("pat-name").text(&c.name).child(el("div").class("pat-op").text(&c.operation_label())))
        .child(el("td").tid("pattern-index").text(&index_label))
        .child(el("td").class("mdl-mono").tid("pattern-key").text(&c.key_condition))
        .child(el("td").tid("pattern-items").attr("title", "items read (before any filter) → items returned").text(&reads).child(pages))
        .child(el("td").tid("pattern-cost").attr("title", "consumed capacity reported by the engine for the request(s)").text(&cost))
        .child(el("td").tid("pattern-entities").text(&entities).child(unexpected))
        .child(
            el("td")
                .tid("pattern-status")
                .class("pat-status")
                .text(&status)
                .child(error.map(|e| el("div").class("mdl-error").attr("role", "alert").tid("pattern-error").text(&e))),
        )
        .child(
            el("td")
                .class("pat-actions")
                .child(el("button").ty("button").class("mdl-link").tid("pattern-open").on_click(move |_| app.requests.open_pattern.set(Some(i))).text("Open in builder"))
                .child(el("button").ty("button").class("mdl-link").tid("pattern-edit").on_click(move |_| editing.set(Editing::At(i))).text("Edit"))
                .child(el("button").ty("button").class("mdl-link mdl-remove").tid("pattern-delete").on_click(move |_| delete(i)).text("Delete")),
        )
}

/// The pattern table's head row.
fn table_head() -> El {
    let cols = ["Access pattern", "Index", "Key condition", "Read → returned", "Capacity", "Entities", "Status"];
    el("thead").child(
        el("tr")
            .children(cols.into_iter().map(|c| el("th").attr("scope", "col").text(c)))
            .child(el("th").attr("scope", "col").child(el("span").class("mdl-sr").text("Actions"))),
    )
}

/// The tab: the patterns checked against the model (while it can be seen), their coverage, the form,
/// the Markdown export and the advisor.
pub fn patterns_tab() -> View {
    let app = crate::state::use_app();
    let m = app.modeler;
    // The tab stays mounted while hidden; the patterns run, and the advisor reads every item, only while
    // it can be seen (opening a 100,000-item file or editing one in the Items tab does not wait for it),
    // and then again on every change of the model or of the Heat tab's results.
    let root = el("div").class("pat").tid("patterns-tab");
    let shown = RwSignal::new(false);
    watch_visibility(root.elem().clone(), shown);
    let heat_run = app.heat_run;
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

    let delete: Rc<dyn Fn(usize)> = Rc::new(move |i: usize| {
        let mut list = m.state.with_untracked(|s| s.playground.access_patterns.clone());
        if i < list.len() {
            list.remove(i);
            if let Err(e) = m.perform(Edit::SetAccessPatterns(list)) {
                m.notice.set(Some(crate::state::modeler::Notice { text: e.to_string(), error: true }));
            }
        }
        editing.set(Editing::None);
    });

    let rows = move || -> View {
        analysis.with(|a| {
            a.checks
                .iter()
                .enumerate()
                .map(|(i, c)| pattern_row(app, c, a.index_labels.get(i).cloned().unwrap_or_default(), i, editing, delete.clone()))
                .collect::<Vec<_>>()
                .into()
        })
    };

    let editor = move || -> View {
        match editing.get() {
            Editing::None => View::empty(),
            Editing::New => pattern_editor(None, draft_for_new.get_untracked(), close),
            Editing::At(i) => {
                let start = m.state.with_untracked(|s| s.playground.access_patterns.get(i).map(Draft::from_pattern));
                start.map(|d| pattern_editor(Some(i), d, close)).into()
            }
        }
    };
    let markdown_href = move || {
        let md = analysis.with(|a| a.markdown.clone());
        Some(format!("data:text/markdown;charset=utf-8,{}", String::from(js_sys::encode_uri_component(&md))))
    };
    let has_patterns = move || analysis.with(|a| !a.checks.is_empty());

    root.child(
        el("div")
            .class("pat-head")
            .child(el("h2").class("pat-title").text("Access patterns"))
            .child(
                el("p")
                    .class("pat-coverage")
                    .tid("pattern-coverage")
                    .dyn_text(move || if has_patterns() { analysis.with(|a| a.coverage.clone()) } else { String::from("No access patterns yet") }),
            )
            .child(
                el("div")
                    .class("pat-tools")
                    .child(el("button").ty("button").class("mdl-btn").tid("pattern-add").on_click(start_new).text("+ Access pattern"))
                    .child(
                        el("button")
                            .ty("button")
                            .class("mdl-btn")
                            .tid("pattern-export")
                            .dyn_attr("aria-expanded", move || Some(String::from(if show_markdown.get() { "true" } else { "false" })))
                            .dyn_flag("disabled", move || !has_patterns())
                            .on_click(move |_| show_markdown.update(|v| *v = !*v))
                            .text("Markdown"),
                    ),
            ),
    )
    .child(el("p").class("mdl-muted").text("List every request the application makes first, then design keys so that each is one Query or GetItem. Each pattern runs against the model's own items on every change; figures are the engine's."))
    .dyn_child(editor)
    .child(show(
        move || show_markdown.get() && has_patterns(),
        move || {
            el("div")
                .class("pat-markdown")
                .child(
                    el("textarea")
                        .class("mdl-input mdl-mono")
                        .flag("readonly", true)
                        .attr("rows", "8")
                        .tid("pattern-markdown")
                        .attr("aria-label", "The pattern table as Markdown")
                        .dyn_value(move || analysis.with(|a| a.markdown.clone())),
                )
                .child(el("a").class("mdl-btn").tid("pattern-download").attr("download", "access-patterns.md").dyn_attr("href", markdown_href).text("Download .md"))
                .into()
        },
    ))
    .child(show(has_patterns, move || {
        el("div")
            .class("pat-scroll")
            .child(el("table").class("pat-table").tid("pattern-table").child(table_head()).child(el("tbody").dyn_child(rows.clone())))
            .into()
    }))
    .child(advisor_panel(analysis))
    .into()
}
