//! The "Model" sidebar: tables, their entities, examples, undo/redo and the banner.

use engine::model::Model;
use wasm_bindgen::JsCast;

use crate::ui::prelude::*;

use super::dialogs::dialogs;
use crate::state::{use_modeler, Dialog, Modeler};

/// The built-in example models (the same files the engine's tests load).
pub const EXAMPLES: [(&str, &str, &str); 3] = [
    ("ecommerce", "E-commerce", include_str!("../../../engine/tests/data/models/ecommerce.json")),
    ("menu", "Multi-tenant menu", include_str!("../../../engine/tests/data/models/menu.json")),
    ("readings", "Sensor readings", include_str!("../../../engine/tests/data/models/readings.json")),
];

/// Ctrl/Cmd+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes — unless the user is typing in a field, where the
/// browser's own text undo applies.
fn install_shortcuts(m: Modeler) {
    window_on("keydown", move |ev| {
        let ev: web_sys::KeyboardEvent = ev.unchecked_into();
        if !(ev.ctrl_key() || ev.meta_key()) {
            return;
        }
        let typing = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if typing {
            return;
        }
        match ev.key().as_str() {
            "z" | "Z" if ev.shift_key() => m.redo(),
            "z" => m.undo(),
            "y" => m.redo(),
            _ => return,
        }
        ev.prevent_default();
    });
}

/// The sidebar; `actions` (the model's file, share and template actions) go at its top.
pub fn modeler_sidebar(actions: View) -> View {
    let m = use_modeler();
    install_shortcuts(m);
    let tables = move || {
        m.state.with(|s| s.playground.tables().iter().map(|t| (t.name().to_string(), t.rows.len(), t.entities.len())).collect::<Vec<_>>())
    };
    let can_undo = move || m.state.with(|s| s.history.can_undo());
    let can_redo = move || m.state.with(|s| s.history.can_redo());
    let load_example = move |json: &'static str| match Model::from_json_str(json) {
        Ok(model) => {
            if let Err(e) = m.replace_model(&model) {
                m.notice.set(Some(crate::state::Notice { text: e.to_string(), error: true }));
            }
        }
        Err(e) => m.notice.set(Some(crate::state::Notice { text: e.to_string(), error: true })),
    };

    let notice = move || -> View {
        el("div")
            .class("mdl-notice")
            .attr("role", "alert")
            .tid("modeler-notice")
            .dyn_class("mdl-notice-error", move || m.notice.with(|n| n.as_ref().is_some_and(|n| n.error)))
            .child(el("span").dyn_text(move || m.notice.with(|n| n.as_ref().map(|n| n.text.clone()).unwrap_or_default())))
            .child(el("button").ty("button").class("mdl-link").attr("aria-label", "Dismiss").on_click(move |_| m.notice.set(None)).text("×"))
            .into()
    };
    let table_row = move |(i, (name, rows, entities)): (usize, (String, usize, usize))| -> View {
        el("li")
            .class("mdl-table")
            .dyn_class("mdl-selected", move || m.selected.get() == Some(i))
            .child(
                el("button")
                    .ty("button")
                    .class("mdl-table-name")
                    .tid(&format!("table-{name}"))
                    .dyn_attr("aria-pressed", move || Some((m.selected.get() == Some(i)).to_string()))
                    .on_click(move |_| m.selected.set(Some(i)))
                    .child(el("span").class("mdl-table-title").text(&name))
                    .child(el("span").class("mdl-muted").text(&format!("{rows} items · {entities} entities"))),
            )
            .into()
    };
    let no_tables = || -> View {
        el("div")
            .class("mdl-empty")
            .tid("no-tables")
            .child(el("p").class("mdl-empty-title").text("No tables yet"))
            .child(el("p").class("mdl-muted").text("Your model starts with a table: give it a partition key (and a sort key if items share one), then add entities, items and indexes. Or start from an example below."))
            .into()
    };

    el("div")
        .class("mdl-sidebar")
        .tid("model-tables")
        .child(actions)
        .child(
            el("div")
                .class("mdl-history")
                .child(el("button").ty("button").class("mdl-btn").tid("undo").attr("title", "Undo (Ctrl+Z)").dyn_flag("disabled", move || !can_undo()).on_click(move |_| m.undo()).text("↶ Undo"))
                .child(el("button").ty("button").class("mdl-btn").tid("redo").attr("title", "Redo (Ctrl+Shift+Z)").dyn_flag("disabled", move || !can_redo()).on_click(move |_| m.redo()).text("↷ Redo")),
        )
        .child(show(move || m.notice.with(|n| n.is_some()), notice))
        .child(el("ul").class("mdl-table-list").attr("aria-label", "Tables").child(each(move || tables().into_iter().enumerate().collect(), |(i, t)| (*i, t.clone()), table_row)))
        .child(show(move || tables().is_empty(), no_tables))
        .child(el("button").ty("button").class("mdl-btn mdl-primary").tid("new-table").on_click(move |_| m.dialog.set(Some(Dialog::Designer(None)))).text("+ New table"))
        .child(selected_table_panel(m))
        .child(
            el("details")
                .class("mdl-examples")
                .child(el("summary").tid("examples").text("Examples"))
                .child(el("p").class("mdl-muted").text("Replaces the current model (undo brings it back)."))
                .children(EXAMPLES.iter().map(|(slug, label, json)| {
                    let json: &'static str = json;
                    el("button").ty("button").class("mdl-btn mdl-block").tid(&format!("example-{slug}")).on_click(move |_| load_example(json)).text(label)
                })),
        )
        .child(dialogs())
        .into()
}

/// The selected table's design summary and entity list.
fn selected_table_panel(m: Modeler) -> View {
    let info = move || {
        let sel = m.selected.get()?;
        m.state.with(|s| {
            let t = s.playground.table(sel)?;
            let (pk, sk) = t.key_names();
            let entities: Vec<String> = t.entities.iter().map(|e| e.name.clone()).collect();
            Some((sel, t.name().to_string(), pk.unwrap_or_default(), sk, entities, t.definition_error.clone()))
        })
    };
    dynamic(move || {
        info()
            .map(|(table, name, pk, sk, entities, def_error)| {
                el("section")
                    .class("mdl-panel")
                    .tid("table-panel")
                    .attr("aria-label", &format!("Table {name}"))
                    .child(el("h3").class("mdl-panel-title").text(&name))
                    .child(
                        el("p")
                            .class("mdl-keys")
                            .child(el("span").class("mdl-chip").attr("title", "Partition key").text(&format!("partition: {pk}")))
                            .child(sk.map(|sk| el("span").class("mdl-chip").attr("title", "Sort key").text(&format!("sort: {sk}")))),
                    )
                    .child(def_error.map(|e| el("p").class("mdl-error").tid("definition-error").text(&e)))
                    .child(
                        el("div")
                            .class("mdl-row")
                            .child(el("button").ty("button").class("mdl-btn").tid("edit-table").on_click(move |_| m.dialog.set(Some(Dialog::Designer(Some(table))))).text("Edit design"))
                            .child(el("button").ty("button").class("mdl-btn").tid("add-blank-item").on_click(move |_| m.dialog.set(Some(Dialog::AddItem { table, entity: None }))).text("+ Item")),
                    )
                    .child(el("h4").class("mdl-subtitle").text("Entities"))
                    .child(el("ul").class("mdl-entity-list").children(entities.into_iter().enumerate().map(|(i, e)| {
                        el("li")
                            .class("mdl-entity")
                            .child(el("span").class("mdl-entity-name").text(&e))
                            .child(el("button").ty("button").class("mdl-link").tid(&format!("edit-entity-{e}")).on_click(move |_| m.dialog.set(Some(Dialog::Entity { table, entity: Some(i) }))).text("edit"))
                            .child(
                                el("button")
                                    .ty("button")
                                    .class("mdl-btn mdl-small")
                                    .tid(&format!("add-item-{e}"))
                                    .on_click(move |_| m.dialog.set(Some(Dialog::AddItem { table, entity: Some(i) })))
                                    .text(&format!("+ {e}")),
                            )
                    })))
                    .child(el("button").ty("button").class("mdl-btn").tid("new-entity").on_click(move |_| m.dialog.set(Some(Dialog::Entity { table, entity: None }))).text("+ New entity"))
            })
            .into()
    })
}

