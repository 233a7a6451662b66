//! The answer to the last request: status or DynamoDB's error, the items in the modeler's grid style,
//! read vs returned, the page rule, capacity explained, the response body and the code for it.


use super::builder::KeyInfo;
use super::code_view::code_panel;
use super::partiql::plan_note;
use super::results::{read_line, PAGE_BYTES};
use super::session::{use_session, Outcome};
use crate::model::layout::{layout, Entry};
use crate::grid::GridModel;
use crate::state::use_modeler;
use crate::ui::prelude::*;

/// The grid model of a result's items, laid out by the keys of the table or index it read.
fn grid_of(o: &Outcome) -> GridModel {
    let m = use_modeler();
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

/// What a result says beside its items: status, error, notes, summary line, capacity and body.
fn outcome_view(o: &Outcome) -> View {
    let ok = o.result.is_ok();
    let error = o.result.as_ref().err().map(|f| (f.type_name.as_str(), f.message.as_str()));
    let body = serde_json::to_string_pretty(o.body()).unwrap_or_default();
    let read = read_line(&o.summary);
    let page_cut = o.summary.cut_by_page_size.then(|| format!(
        "The page ended at DynamoDB's 1 MB limit ({PAGE_BYTES} bytes read before any filter): LastEvaluatedKey is set although Limit was not reached — \"Next page\" continues from it."));
    let returned = o.summary.items.len();
    let plan = o.operation.as_ref().map(|op| (op.action(), plan_note(op)));
    let changed = o.changed;
    let lek = o.summary.last_evaluated_key.as_ref().map(|k| k.to_string());
    let note = |testid: &str, t: &str| el("p").class("q-note").tid(testid).text(t);
    fragment(vec![
        el("div")
            .class("q-status")
            .tid("q-status")
            .attr("data-ok", &ok.to_string())
            .child(el("span").class("q-status-code").text(&o.status_text()))
            .child(el("span").class("mdl-muted").text(&format!(" · {} #{}", o.action, o.seq)))
            .into(),
        error
            .map(|(t, msg)| {
                el("p")
                    .class("mdl-error")
                    .tid("q-error")
                    .child(el("strong").tid("q-error-type").text(t))
                    .text(": ")
                    .child(el("span").tid("q-error-message").text(msg))
            })
            .into(),
        o.note.as_deref().map(|n| note("q-note", n)).into(),
        plan.map(|(op, text)| note("q-plan", &text).attr("data-op", op)).into(),
        el("p")
            .class("q-summary")
            .tid("q-summary")
            .child(read.map(|r| el("span").tid("q-read-line").text(&r)))
            .child(o.summary.count.map(|c| el("span").class("mdl-muted").tid("q-counts").text(&format!(" · Count {c} · ScannedCount {}", o.summary.scanned_count.unwrap_or(0)))))
            .child((returned > 0).then(|| el("span").class("mdl-muted").text(&format!(" · {returned} item(s) shown"))))
            .child((changed > 0).then(|| el("span").tid("q-changed").text(&format!(" · {changed} item(s) of the model changed (Ctrl+Z undoes)"))))
            .into(),
        lek.map(|k| el("p").class("mdl-muted mdl-mono").tid("q-lek").text(&format!("LastEvaluatedKey {k}"))).into(),
        page_cut.map(|t| note("q-page-rule", &t)).into(),
        el("div")
            .class("q-capacity")
            .tid("q-capacity")
            .children(o.capacity.iter().map(|t| {
                el("div")
                    .class("q-cap-table")
                    .tid("q-cap-table")
                    .attr("data-table", &t.table)
                    .child(el("div").class("q-cap-total").child(el("strong").tid("q-cap-total").text(&t.total)).text(&format!(" consumed on {}", t.table)))
                    .child(el("ul").children(t.lines.iter().map(|l| el("li").class("mdl-mono").tid("q-cap-line").text(l))))
            }))
            .into(),
        el("details")
            .class("q-body")
            .tid("q-body-box")
            .flag("open", !ok)
            .child(el("summary").text(if ok { "Response body" } else { "Error body (as the server sends it)" }))
            .child(el("pre").class("mdl-mono q-pre").tid("q-body").text(&body))
            .into(),
    ])
}

pub fn results_panel() -> View {
    let session = use_session();
    let last = session.last;
    let grid = Memo::new(move |_| last.with(|o| o.as_ref().map(grid_of).unwrap_or_default()));
    el("section")
        .class("q-results")
        .tid("q-results")
        .attr("aria-live", "polite")
        .dyn_child(move || {
            last.with(|o| match o {
                None => el("p").class("mdl-muted").tid("q-results-empty").text("Run a request to see what it read, returned and cost.").into(),
                Some(o) => outcome_view(o),
            })
        })
        .child(show(
            move || last.with(|o| o.as_ref().is_some_and(|o| !o.summary.items.is_empty())),
            move || crate::grid::grid(grid, None, "q-grid"),
        ))
        .child(show(move || last.with(|o| o.is_some()), code_panel))
        .into()
}
