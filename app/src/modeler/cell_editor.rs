//! The typed value editor that opens over a grid cell: a type menu for all ten types and a text form
//! per type (a line, true/false, nothing for NULL, one element per line for sets, DynamoDB JSON for
//! lists and maps). The engine decides what is valid; its message is shown in place and the old value
//! stays until a valid one is saved.

use engine::value::{Item, ValueType};
use leptos::html::{Select, Textarea};
use leptos::prelude::*;

use crate::model::value_edit::{editor_kind, editor_text, parse_value, type_from_tag, EditorKind, TYPES};
use crate::model::{Edit, RowId};

use super::state::use_modeler;

/// Which cell is being edited and what it held.
#[derive(Debug, Clone, PartialEq)]
pub struct EditTarget {
    pub table: usize,
    pub id: RowId,
    pub pos: usize,
    pub col: usize,
    pub attribute: String,
    pub item: Item,
    pub is_key: bool,
}

impl EditTarget {
    pub fn new(table: usize, id: RowId, pos: usize, col: usize, attribute: String, item: Item, is_key: bool) -> EditTarget {
        EditTarget { table, id, pos, col, attribute, item, is_key }
    }
}

#[component]
pub fn CellEditor(target: EditTarget, top: i32, left: i32, on_close: Callback<()>) -> impl IntoView {
    let m = use_modeler();
    let current = target.item.get(&target.attribute).cloned();
    let start_type = current.as_ref().map(|v| v.value_type()).unwrap_or(ValueType::S);
    let ty = RwSignal::new(start_type);
    let text = RwSignal::new(current.as_ref().map(editor_text).unwrap_or_default());
    let error = RwSignal::new(None::<String>);
    let area = NodeRef::<Textarea>::new();
    let select = NodeRef::<Select>::new();
    let target = StoredValue::new(target);

    let save = move || {
        let t = target.get_value();
        let value = match parse_value(ty.get_untracked(), &text.get_untracked()) {
            Ok(v) => v,
            Err(e) => return error.set(Some(e)),
        };
        let mut item = t.item.clone();
        item.insert(t.attribute.clone(), value);
        if item == t.item {
            return on_close.run(());
        }
        match m.perform(Edit::PutRow { table: t.table, id: t.id, item }) {
            Ok(()) => on_close.run(()),
            Err(e) => error.set(Some(e.to_string())),
        }
    };
    let remove = move |_| {
        let t = target.get_value();
        let mut item = t.item.clone();
        if item.remove(&t.attribute).is_none() {
            return on_close.run(());
        }
        match m.perform(Edit::PutRow { table: t.table, id: t.id, item }) {
            Ok(()) => on_close.run(()),
            Err(e) => error.set(Some(e.to_string())),
        }
    };
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        ev.stop_propagation();
        let multiline = matches!(editor_kind(ty.get_untracked()), EditorKind::Lines | EditorKind::Json);
        match ev.key().as_str() {
            "Escape" => {
                ev.prevent_default();
                on_close.run(());
            }
            "Enter" if !multiline || ev.ctrl_key() || ev.meta_key() => {
                ev.prevent_default();
                save();
            }
            _ => {}
        }
    };
    Effect::new(move |_| {
        if let Some(el) = area.get() {
            let _ = el.focus();
            el.select();
        } else if let Some(el) = select.get() {
            let _ = el.focus();
        }
    });
    let kind = move || editor_kind(ty.get());
    let t = target.get_value();

    view! {
        <div class="mdl-cell-editor" data-testid="cell-editor" role="dialog" aria-label=format!("Edit {}", t.attribute)
            style=format!("top: {top}px; left: {left}px;") on:keydown=on_keydown on:click=|ev| ev.stop_propagation()>
            <div class="mdl-row">
                <span class="mdl-editor-attr">{t.attribute.clone()}</span>
                <select class="mdl-input mdl-narrow" data-testid="cell-editor-type" node_ref=select prop:value=move || ty.get().as_str()
                    disabled=t.is_key
                    on:change=move |ev| if let Some(v) = type_from_tag(&event_target_value(&ev)) { ty.set(v); error.set(None) }>
                    {TYPES.iter().map(|t| view! { <option value=t.as_str()>{t.as_str()}</option> }).collect_view()}
                </select>
            </div>
            {move || match kind() {
                EditorKind::Bool => view! {
                    <select class="mdl-input" data-testid="cell-editor-input" prop:value=move || text.get()
                        on:change=move |ev| { text.set(event_target_value(&ev)); error.set(None) }>
                        <option value="false">"false"</option><option value="true">"true"</option>
                    </select>
                }.into_any(),
                EditorKind::Nothing => view! { <p class="mdl-muted" data-testid="cell-editor-input">"NULL has no value."</p> }.into_any(),
                k => view! {
                    <textarea class="mdl-input mdl-mono" data-testid="cell-editor-input" node_ref=area spellcheck="false"
                        rows=if k == EditorKind::Line { "1" } else { "5" }
                        placeholder=match k { EditorKind::Json => "DynamoDB JSON", EditorKind::Lines => "one element per line", _ => "" }
                        prop:value=move || text.get() on:input=move |ev| { text.set(event_target_value(&ev)); error.set(None) }></textarea>
                }.into_any(),
            }}
            <p class="mdl-error" data-testid="cell-editor-error" role="alert" hidden=move || error.with(|e| e.is_none())>
                {move || error.get().unwrap_or_default()}
            </p>
            <div class="mdl-actions">
                {(!t.is_key).then(|| view! { <button type="button" class="mdl-btn mdl-danger mdl-small" data-testid="cell-editor-remove" on:click=remove>"Remove attribute"</button> })}
                <button type="button" class="mdl-btn mdl-small" data-testid="cell-editor-cancel" on:click=move |_| on_close.run(())>"Cancel"</button>
                <button type="button" class="mdl-btn mdl-primary mdl-small" data-testid="cell-editor-save" on:click=move |_| save()>"Save"</button>
            </div>
        </div>
    }
}
