//! The Items tab: the selected table's items as DynamoDB stores them.

use leptos::prelude::*;

use crate::i18n::{t, use_i18n};
use crate::language::numbers;
use crate::model::display::bytes_text_in;
use crate::model::grid_view::GridSource;

use crate::grid::{Grid, GridModel};
use crate::state::{use_modeler, Dialog};

/// What the toolbar shows of the selected table: (table, name, items, item collections, bytes, entities).
type Summary = (usize, String, usize, usize, usize, Vec<(usize, String)>);

#[component]
pub fn ItemsTab() -> impl IntoView {
    let m = use_modeler();
    let i18n = use_i18n();
    // Owning memo: each edit updates the previous layout in place (see `TableView`) instead of laying
    // out the whole table again.
    let model = Memo::new_owning(move |prev: Option<GridModel>| {
        let sel = m.selected.get();
        m.state.with(|s| match sel {
            Some(t) => GridModel::for_table(&s.playground, t, prev),
            None => (GridModel::default(), prev.is_some()),
        })
    });
    let summary = Memo::new(move |_| -> Option<Summary> {
        let sel = m.selected.get()?;
        m.state.with(|s| {
            let t = s.playground.table(sel)?;
            let (bytes, partitions) = model.with(|g| {
                let bytes = match &g.source {
                    GridSource::Table(v) => v.total_bytes,
                    GridSource::Entries { .. } | GridSource::Read { .. } => 0,
                };
                (bytes, g.layout().partitions)
            });
            let entities: Vec<(usize, String)> = t.entities.iter().enumerate().map(|(i, e)| (i, e.name.clone())).collect();
            Some((sel, t.name().to_string(), t.rows.len(), partitions, bytes, entities))
        })
    });
    let selected = Memo::new(move |_| m.selected.get());

    let toolbar = move || match summary.get() {
        None => view! {
            <div class="mdl-empty-tab">
                {if m.read_only {
                    view! { <p>{t!(i18n, modeler.no_table_selected)}</p> }.into_any()
                } else {
                    view! {
                        <p>{t!(i18n, modeler.no_table_selected_help)}</p>
                        <button type="button" class="mdl-btn mdl-primary" on:click=move |_| m.dialog.set(Some(Dialog::Designer(None)))>
                            {t!(i18n, modeler.new_table)}
                        </button>
                    }
                    .into_any()
                }}
            </div>
        }
        .into_any(),
        Some((table, name, items, partitions, bytes, entities)) => view! {
            <div class="mdl-toolbar">
                <h2 class="mdl-toolbar-title" data-testid="grid-table-name">{name}</h2>
                <span class="mdl-muted" data-testid="grid-summary">
                    {move || {
                        let l = i18n.get_locale();
                        let (items, partitions, bytes) = (numbers::count(l, items as u64), numbers::count(l, partitions as u64), bytes_text_in(l, bytes));
                        t!(i18n, modeler.items_summary, items, partitions, bytes)
                    }}
                </span>
                <span class="mdl-spacer"></span>
                {(!m.read_only).then(|| view! { <AddButtons table entities/> })}
            </div>
        }
        .into_any(),
    };

    view! {
        <div class="mdl-items" data-testid="items-view">
            {toolbar}
            <super::in_flight::InFlightWrites testid="items-in-flight"/>
            // Rebuilt when another table is selected: the grid edits the table it was built for (none in a
            // read-only embed).
            {move || selected.get().map(|t| view! { <Grid model editable=(!m.read_only).then_some(t) testid="item-grid"/> })}
        </div>
    }
}

/// The toolbar's buttons that add an item: one per entity, and a blank one.
#[component]
fn AddButtons(table: usize, entities: Vec<(usize, String)>) -> impl IntoView {
    let m = use_modeler();
    let i18n = use_i18n();
    view! {
        {entities
            .into_iter()
            .map(|(i, e)| {
                view! {
                    <button
                        type="button"
                        class="mdl-btn mdl-small"
                        data-testid=format!("toolbar-add-{e}")
                        on:click=move |_| m.dialog.set(Some(Dialog::AddItem { table, entity: Some(i) }))
                    >
                        {format!("+ {e}")}
                    </button>
                }
            })
            .collect_view()}
        <button
            type="button"
            class="mdl-btn mdl-small"
            data-testid="toolbar-add-item"
            on:click=move |_| m.dialog.set(Some(Dialog::AddItem { table, entity: None }))
        >
            {t!(i18n, modeler.add_item_button)}
        </button>
    }
}
