//! The Indexes tab: each GSI/LSI as the index itself sees the table.

use crate::ui::prelude::*;

use crate::model::index_view::{index_view, indexes, IndexInfo};

use crate::grid::{grid, GridModel};
use crate::state::{now, use_modeler};

pub fn index_views() -> View {
    let m = use_modeler();
    let chosen = RwSignal::new(0usize);
    // The tab stays mounted while hidden; the index is only scanned while it can be seen.
    let root = el("div").class("mdl-indexes").tid("index-views");
    let shown = RwSignal::new(false);
    watch_visibility(root.elem().clone(), shown);
    // Selecting the tab shows it at once: the view is read in the same task as the click, not a frame
    // later when the visibility observer reports (which still covers a page that scrolls it into view).
    let active = crate::state::use_app().tab;
    let visible = move || shown.get() || active.get() == crate::state::Tab::Indexes;
    let infos = Memo::new(move |_| {
        let sel = m.selected.get();
        m.state.with(|s| sel.and_then(|t| s.playground.table(t)).map(|t| indexes(&t.definition)).unwrap_or_default())
    });
    // The index's entries come from the engine (Scan on the index), so sparseness and projection are
    // DynamoDB's, not re-implemented here.
    // The last view computed, by (model revision, table, index): showing the tab again on an unchanged
    // model does not scan the index again.
    let cache = StoredValue::new(None::<((u64, usize, String), Result<(GridModel, Option<IndexInfo>, usize), String>)>);
    let view_model = Memo::new(move |_| -> Result<(GridModel, Option<IndexInfo>, usize), String> {
        if !visible() {
            return Ok((GridModel::default(), None, 0));
        }
        let sel = m.selected.get();
        let infos = infos.get();
        let Some(info) = infos.get(chosen.get().min(infos.len().saturating_sub(1))).cloned() else {
            return Ok((GridModel::default(), None, 0));
        };
        let Some(table) = sel else { return Ok((GridModel::default(), None, 0)) };
        let key = (m.state.with(|s| s.playground.revision()), table, info.name.clone());
        if let Some(hit) = cache.with_value(|c| c.as_ref().filter(|(k, _)| *k == key).map(|(_, v)| v.clone())) {
            return hit;
        }
        let computed = m.state.with(|s| {
            let Some(t) = s.playground.table(table) else { return Ok((GridModel::default(), None, 0)) };
            let (pk, sk) = t.key_names();
            let (pk, name, total) = (pk.unwrap_or_default(), t.name().to_string(), t.rows.len());
            match index_view(s.playground.database(), &name, &info, &pk, sk.as_deref(), now()) {
                Ok((entries, layout)) => {
                    let mut key_columns = vec![info.partition_key.clone()];
                    key_columns.extend(info.sort_key.clone());
                    let mut label_columns = vec![pk.clone()];
                    label_columns.extend(sk.clone());
                    let n = entries.len();
                    Ok((GridModel::read(entries, layout, key_columns, label_columns), Some(info.clone()), total.max(n)))
                }
                Err(e) => Err(format!("{}: {}", e.type_name(), e.message())),
            }
        });
        cache.set_value(Some((key, computed.clone())));
        computed
    });
    let grid_model = Memo::new(move |_| view_model.with(|v| v.as_ref().map(|v| v.0.clone()).unwrap_or_default()));
    let summary = move || {
        view_model.with(|v| match v {
            Ok((g, Some(info), total)) => {
                let keys = match &info.sort_key {
                    Some(s) => format!("{} / {}", info.partition_key, s),
                    None => info.partition_key.clone(),
                };
                let proj = if info.projection == "INCLUDE" {
                    format!("INCLUDE {}", info.non_key_attributes.join(", "))
                } else {
                    info.projection.clone()
                };
                let items = g.layout().items;
                let sparse = if items < *total { " (sparse: only items that carry the index keys)" } else { "" };
                format!("{} · keys {keys} · projection {proj} · {} of {total} items{sparse}", if info.global { "GSI" } else { "LSI" }, items)
            }
            Ok(_) => String::new(),
            Err(e) => e.clone(),
        })
    };

    let tabs = move || -> View {
        el("div")
            .class("mdl-toolbar")
            .attr("role", "tablist")
            .attr("aria-label", "Indexes")
            .child(each(
                move || infos.get().into_iter().enumerate().collect(),
                |(i, x): &(usize, IndexInfo)| (*i, x.name.clone()),
                move |(i, info)| {
                    el("button")
                        .ty("button")
                        .attr("role", "tab")
                        .class("mdl-index-tab")
                        .tid(&format!("index-tab-{}", info.name))
                        .dyn_attr("aria-selected", move || Some((chosen.get() == i).to_string()))
                        .on_click(move |_| chosen.set(i))
                        .text(&info.name)
                        .child(el("span").class("mdl-type").text(if info.global { "GSI" } else { "LSI" }))
                        .into()
                },
            ))
            .child(el("span").class("mdl-muted").tid("index-summary").dyn_text(summary))
            .into()
    };

    root.child(show_else(
        move || !infos.with(|i| i.is_empty()),
        move || fragment(vec![tabs(), grid(grid_model, None, "index-grid")]),
        || el("p").class("mdl-muted mdl-empty-tab").tid("no-indexes").text("This table has no secondary indexes. Add a GSI or LSI in the table designer.").into(),
    ))
    .into()
}
