//! The modal dialogs (designer, entity editor, add item), mounted once.

use crate::ui::prelude::*;

use super::add_item::add_item_dialog;
use super::designer::table_designer;
use super::entity_editor::entity_editor;
use crate::state::{use_modeler, Dialog};

pub fn dialogs() -> View {
    let m = use_modeler();
    let close = move || m.dialog.set(None);
    dynamic(move || {
        m.dialog
            .get()
            .map(|d| {
                // Built untracked, as a component was: only the dialog signal rebuilds it.
                let body = untrack(|| match d {
                    Dialog::Designer(table) => table_designer(table),
                    Dialog::Entity { table, entity } => entity_editor(table, entity),
                    Dialog::AddItem { table, entity } => add_item_dialog(table, entity),
                });
                fragment(vec![
                    el("div").class("mdl-backdrop").on_click(move |_| close()).into(),
                    el("div")
                        .class("mdl-dialog")
                        .attr("role", "dialog")
                        .attr("aria-modal", "true")
                        .on_key("keydown", move |ev| {
                            if ev.key() == "Escape" {
                                close()
                            }
                        })
                        .child(body)
                        .into(),
                ])
            })
            .into()
    })
}
