//! The modal dialogs (designer, entity editor, add item), mounted once.

use leptos::prelude::*;

use super::add_item::AddItemDialog;
use super::designer::TableDesigner;
use super::dialog_title::TITLE_ID;
use super::entity_editor::EntityEditor;
use crate::dialog::Dialog as Frame;
use crate::state::{use_modeler, Dialog};

/// The open dialog over a backdrop; Escape or a click on the backdrop closes it. A read-only embed
/// opens none: nothing there may change the model.
#[component]
pub fn Dialogs() -> impl IntoView {
    let m = use_modeler();
    let open = Memo::new(move |_| m.dialog.get().filter(|_| !m.read_only));
    let close = Callback::new(move |_| m.dialog.set(None));
    move || {
        open.get().map(|d| {
            let body = match d {
                Dialog::Designer(table) => view! { <TableDesigner table/> }.into_any(),
                Dialog::Entity { table, entity } => view! { <EntityEditor table entity/> }.into_any(),
                Dialog::AddItem { table, entity } => view! { <AddItemDialog table entity/> }.into_any(),
            };
            view! { <Frame labelled_by=TITLE_ID on_close=close>{body}</Frame> }
        })
    }
}
