//! The Items tab: the selected table's items as DynamoDB stores them.

use crate::ui::prelude::*;

use crate::model::display::bytes_text;
use crate::model::grid_view::GridSource;

use crate::grid::{grid, GridModel};
use crate::state::{use_modeler, Dialog};

pub fn items_tab() -> View {
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

    let summary_view = move || -> View {
        match summary() {
            None => el("div")
                .class("mdl-empty-tab")
                .child(el("p").text("No table selected. Create a table (or load an example) in the sidebar."))
                .child(el("button").ty("button").class("mdl-btn mdl-primary").on_click(move |_| m.dialog.set(Some(Dialog::Designer(None)))).text("+ New table"))
                .into(),
            Some((table, name, items, bytes, entities)) => el("div")
                .class("mdl-toolbar")
                .child(el("h2").class("mdl-toolbar-title").tid("grid-table-name").text(&name))
                .child(el("span").class("mdl-muted").tid("grid-summary").text(&format!("{items} items · {} item collections · {}", partitions(), bytes_text(bytes))))
                .child(el("span").class("mdl-spacer"))
                .children(entities.into_iter().map(|(i, e)| {
                    el("button")
                        .ty("button")
                        .class("mdl-btn mdl-small")
                        .tid(&format!("toolbar-add-{e}"))
                        .on_click(move |_| m.dialog.set(Some(Dialog::AddItem { table, entity: Some(i) })))
                        .text(&format!("+ {e}"))
                }))
                .child(el("button").ty("button").class("mdl-btn mdl-small").tid("toolbar-add-item").on_click(move |_| m.dialog.set(Some(Dialog::AddItem { table, entity: None }))).text("+ Item"))
                .into(),
        }
    };

    let selected = Memo::new(move |_| m.selected.get());
    el("div")
        .class("mdl-items")
        .tid("items-view")
        .dyn_child(summary_view)
        // Rebuilt when another table is selected: the grid edits the table it was built for.
        .child(dynamic(move || match selected.get() {
            Some(t) => grid(model, Some(t), "item-grid"),
            None => View::empty(),
        }))
        .into()
}
