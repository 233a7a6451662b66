//! The modal dialogs (designer, entity editor, add item), mounted once.

use leptos::prelude::*;

use super::add_item::AddItemDialog;
use super::designer::TableDesigner;
use super::entity_editor::EntityEditor;
use super::state::{use_modeler, Dialog};

#[component]
pub fn Dialogs() -> impl IntoView {
    let m = use_modeler();
    let close = move || m.dialog.set(None);
    move || {
        m.dialog.get().map(|d| {
            let body = match d {
                Dialog::Designer(table) => view! { <TableDesigner table=table/> }.into_any(),
                Dialog::Entity { table, entity } => view! { <EntityEditor table=table entity=entity/> }.into_any(),
                Dialog::AddItem { table, entity } => view! { <AddItemDialog table=table entity=entity/> }.into_any(),
            };
            view! {
                <div class="mdl-backdrop" on:click=move |_| close()></div>
                <div class="mdl-dialog" role="dialog" aria-modal="true"
                    on:keydown=move |ev: leptos::ev::KeyboardEvent| if ev.key() == "Escape" { close() }>
                    {body}
                </div>
            }
        })
    }
}
