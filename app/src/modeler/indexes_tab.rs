//! The Indexes tab: each GSI/LSI as the index itself sees the table.

use leptos::html;
use leptos::prelude::*;

use crate::model::index_view::{index_view, indexes, IndexInfo};
use crate::model::playground::Change;

use crate::grid::{Grid, GridModel};
use crate::i18n::{t, t_string, use_i18n};
use crate::language::numbers;
use crate::observe::use_visible;
use crate::state::{now, use_app, Tab};

/// An index's view: its grid, the index, and how many items the table has.
type IndexGrid = Result<(GridModel, Option<IndexInfo>, usize), String>;

#[component]
pub fn IndexesTab() -> impl IntoView {
    let app = use_app();
    let i18n = use_i18n();
    let m = app.modeler;
    let chosen = RwSignal::new(0usize);
    // Another model (a template, an opened file, an undone replacement) or another table opens on its
    // first index: the position chosen in the old one names some other index of the new one, if any.
    let seen = StoredValue::new(m.state.with_untracked(|s| (s.playground.revision(), m.selected.get_untracked())));
    Effect::new(move |_| {
        let sel = m.selected.get();
        let other = m.state.with(|s| {
            let p = &s.playground;
            let (revision, table) = seen.get_value();
            seen.set_value((p.revision(), sel));
            table != sel
                || (revision != p.revision()
                    && p.changes_since(revision).is_none_or(|changes| changes.iter().any(|c| matches!(c, Change::Tables))))
        });
        if other && chosen.get_untracked() != 0 {
            chosen.set(0);
        }
    });
    // The tab stays mounted while hidden; the index is only scanned while it can be seen.
    let root = NodeRef::<html::Div>::new();
    let shown = use_visible(root);
    // Selecting the tab shows it at once: the view is read in the same task as the click, not a frame
    // later when the visibility observer reports (which still covers a page that scrolls it into view).
    let visible = move || shown.get() || app.tab.get() == Tab::Indexes;
    let infos = Memo::new(move |_| {
        let sel = m.selected.get();
        m.state.with(|s| sel.and_then(|t| s.playground.table(t)).map(|t| indexes(&t.definition)).unwrap_or_default())
    });
    // The index's entries come from the engine (Scan on the index), so sparseness and projection are
    // DynamoDB's, not re-implemented here.
    // The last view computed, by (model revision, table, index): showing the tab again on an unchanged
    // model does not scan the index again.
    let cache = StoredValue::new(None::<((u64, usize, String), IndexGrid)>);
    let view_model = Memo::new(move |_| -> IndexGrid {
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
                    // One column per key attribute, in the key's order.
                    let mut key_columns = info.partition_keys.clone();
                    key_columns.extend(info.sort_keys.clone());
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
                let keys = if info.sort_keys.is_empty() {
                    info.partition_keys.join(", ")
                } else {
                    format!("{} / {}", info.partition_keys.join(", "), info.sort_keys.join(", "))
                };
                let proj = if info.projection == "INCLUDE" {
                    format!("INCLUDE {}", info.non_key_attributes.join(", "))
                } else {
                    info.projection.clone()
                };
                let kind = if info.global { "GSI" } else { "LSI" };
                let l = i18n.get_locale();
                let items = g.layout().items;
                let (shown, all) = (numbers::count(l, items as u64), numbers::count(l, *total as u64));
                if items < *total {
                    t_string!(i18n, modeler.index_summary_sparse, kind, keys, proj, shown, all).to_string()
                } else {
                    t_string!(i18n, modeler.index_summary, kind, keys, proj, shown, all).to_string()
                }
            }
            Ok(_) => String::new(),
            Err(e) => e.clone(),
        })
    };

    view! {
        <div class="mdl-indexes" data-testid="index-views" node_ref=root>
            <Show
                when=move || !infos.with(Vec::is_empty)
                fallback=move || {
                    view! {
                        <p class="mdl-muted mdl-empty-tab" data-testid="no-indexes">
                            {t!(i18n, modeler.no_indexes)}
                        </p>
                    }
                }
            >
                <div class="mdl-toolbar" role="tablist" aria-label=move || t_string!(i18n, shell.tab_indexes)>
                    <For
                        each=move || infos.get().into_iter().enumerate()
                        key=|(i, x)| (*i, x.name.clone())
                        children=move |(i, info)| {
                            view! {
                                <button
                                    type="button"
                                    role="tab"
                                    class="mdl-index-tab"
                                    data-testid=format!("index-tab-{}", info.name)
                                    aria-selected=move || (chosen.get() == i).to_string()
                                    on:click=move |_| chosen.set(i)
                                >
                                    {info.name.clone()}
                                    <span class="mdl-type">{if info.global { "GSI" } else { "LSI" }}</span>
                                </button>
                            }
                        }
                    />
                    <span class="mdl-muted" data-testid="index-summary">{summary}</span>
                </div>
                <super::in_flight::InFlightWrites testid="indexes-in-flight"/>
                <Grid model=grid_model editable=None testid="index-grid"/>
            </Show>
        </div>
    }
}
