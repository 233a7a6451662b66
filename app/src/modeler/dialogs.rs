//! The modal dialogs (designer, entity editor, add item), mounted once.

use leptos::prelude::*;

use super::add_item::AddItemDialog;
use super::designer::TableDesigner;
use super::entity_editor::EntityEditor;
use crate::state::{use_modeler, Dialog};

/// The open dialog over a backdrop; Escape or a click on the backdrop closes it.
#[component]
pub fn Dialogs() -> impl IntoView {
    let m = use_modeler();
    let open = Memo::new(move |_| m.dialog.get());
    let close = move || m.dialog.set(None);
    move || {
        open.get().map(|d| {
            let body = match d {
                Dialog::Designer(table) => view! { <TableDesigner table/> }.into_any(),
                Dialog::Entity { table, entity } => view! { <EntityEditor table entity/> }.into_any(),
                Dialog::AddItem { table, entity } => view! { <AddItemDialog table entity/> }.into_any(),
            };
            view! {
                <div class="mdl-backdrop" on:click=move |_| close()></div>
                <div
                    class="mdl-dialog"
                    role="dialog"
                    aria-modal="true"
                    on:keydown=move |ev: web_sys::KeyboardEvent| {
                        if ev.key() == "Escape" {
                            close()
                        }
                    }
                >
                    {body}
                </div>
            }
        })
    }
}
