//! The Items tab: the selected table's items as DynamoDB stores them.

use leptos::prelude::*;

use crate::model::display::bytes_text;
use crate::model::grid_view::GridSource;

use super::grid::{Grid, GridModel};
use super::state::{use_modeler, Dialog};

#[component]
pub fn ItemsTab() -> impl IntoView {
    let m = use_modeler();
    // Owning memo: each edit updates the previous layout in place (see `TableView`) instead of laying
    // out the whole table again.
    let model = Memo::new_owning(move |prev: Option<GridModel>| {
        let sel = m.selected.get();
        m.state.with(|s| match sel {
            Some(t) => GridModel::for_table(&s.playground, t, prev),
            None => (GridModel::default(), prev.is_some()),
        })
    });
    let summary = move || {
        let sel = m.selected.get()?;
        m.state.with(|s| {
            let t = s.playground.table(sel)?;
            let bytes = model.with(|g| match &g.source {
                GridSource::Table(v) => v.total_bytes,
                GridSource::Entries { .. } | GridSource::Read { .. } => 0,
            });
            let entities: Vec<(usize, String)> = t.entities.iter().enumerate().map(|(i, e)| (i, e.name.clone())).collect();
            Some((sel, t.name().to_string(), t.rows.len(), bytes, entities))
        })
    };
    let partitions = move || model.with(|g| g.layout().partitions);

    view! {
        <div class="mdl-items" data-testid="items-view">
            {move || match summary() {
                None => view! {
                    <div class="mdl-empty-tab">
                        <p>"No table selected. Create a table (or load an example) in the sidebar."</p>
                        <button type="button" class="mdl-btn mdl-primary" on:click=move |_| m.dialog.set(Some(Dialog::Designer(None)))>"+ New table"</button>
                    </div>
                }.into_any(),
                Some((table, name, items, bytes, entities)) => view! {
                    <div class="mdl-toolbar">
                        <h2 class="mdl-toolbar-title" data-testid="grid-table-name">{name}</h2>
                        <span class="mdl-muted" data-testid="grid-summary">
                            {format!("{items} items · {} item collections · {}", partitions(), bytes_text(bytes))}
                        </span>
                        <span class="mdl-spacer"></span>
                        {entities.into_iter().map(|(i, e)| view! {
                            <button type="button" class="mdl-btn mdl-small" data-testid=format!("toolbar-add-{e}")
                                on:click=move |_| m.dialog.set(Some(Dialog::AddItem { table, entity: Some(i) }))>{format!("+ {e}")}</button>
                        }).collect_view()}
                        <button type="button" class="mdl-btn mdl-small" data-testid="toolbar-add-item"
                            on:click=move |_| m.dialog.set(Some(Dialog::AddItem { table, entity: None }))>"+ Item"</button>
                    </div>
                }.into_any(),
            }}
            <Show when=move || m.selected.get().is_some()>
                <Grid model=model editable=m.selected.get_untracked().unwrap_or(0) testid="item-grid"/>
            </Show>
        </div>
    }
}
