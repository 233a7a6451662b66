//! The typed value editor that opens over a grid cell: a type menu for all ten types and a text form
//! per type (a line, true/false, nothing for NULL, one element per line for sets, DynamoDB JSON for
//! lists and maps). The engine decides what is valid; its message is shown in place and the old value
//! stays until a valid one is saved.

use engine::value::{Item, ValueType};
use std::rc::Rc;

use crate::ui::prelude::*;

use crate::model::value_edit::{editor_kind, editor_text, parse_value, type_from_tag, EditorKind};
use crate::model::{Edit, RowId};

use crate::state::use_modeler;

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

/// The editor of `target`'s cell, placed at `top`/`left` over the grid; `on_close` runs when it is saved,
/// cancelled or left with Escape.
pub fn cell_editor(target: EditTarget, top: i32, left: i32, on_close: Rc<dyn Fn()>) -> View {
    let m = use_modeler();
    let current = target.item.get(&target.attribute).cloned();
    let start_type = current.as_ref().map(|v| v.value_type()).unwrap_or(ValueType::S);
    let ty = RwSignal::new(start_type);
    let text = RwSignal::new(current.as_ref().map(editor_text).unwrap_or_default());
    let error = RwSignal::new(None::<String>);
    let target = StoredValue::new(target);

    let save = {
        let on_close = on_close.clone();
        move || {
            let t = target.get_value();
            let value = match parse_value(ty.get_untracked(), &text.get_untracked()) {
                Ok(v) => v,
                Err(e) => return error.set(Some(e)),
            };
            let mut item = t.item.clone();
            item.insert(t.attribute.clone(), value);
            if item == t.item {
                return on_close();
            }
            match m.perform(Edit::PutRow { table: t.table, id: t.id, item }) {
                Ok(()) => on_close(),
                Err(e) => error.set(Some(e.to_string())),
            }
        }
    };
    let remove = {
        let on_close = on_close.clone();
        move |_| {
            let t = target.get_value();
            let mut item = t.item.clone();
            if item.remove(&t.attribute).is_none() {
                return on_close();
            }
            match m.perform(Edit::PutRow { table: t.table, id: t.id, item }) {
                Ok(()) => on_close(),
                Err(e) => error.set(Some(e.to_string())),
            }
        }
    };
    let on_keydown = {
        let (on_close, save) = (on_close.clone(), save.clone());
        move |ev: web_sys::KeyboardEvent| {
            ev.stop_propagation();
            let multiline = matches!(editor_kind(ty.get_untracked()), EditorKind::Lines | EditorKind::Json);
            match ev.key().as_str() {
                "Escape" => {
                    ev.prevent_default();
                    on_close();
                }
                "Enter" if !multiline || ev.ctrl_key() || ev.meta_key() => {
                    ev.prevent_default();
                    save();
                }
                _ => {}
            }
        }
    };
    let kind = move || editor_kind(ty.get());
    let t = target.get_value();

    let select = el("select")
        .class("mdl-input mdl-narrow")
        .tid("cell-editor-type")
        .flag("disabled", t.is_key)
        .children(crate::model::value_edit::TYPES.iter().map(|t| el("option").attr("value", t.as_str()).text(t.as_str())))
        .dyn_value(move || ty.get().as_str().to_string())
        .on_change(move |v| {
            if let Some(v) = type_from_tag(&v) {
                ty.set(v);
                error.set(None)
            }
        });
    // Focus goes to the text once it is on the page (a new text field takes it again, see below), or to
    // the type menu when the type has no text.
    if !matches!(editor_kind(start_type), EditorKind::Line | EditorKind::Lines | EditorKind::Json) {
        let s: web_sys::HtmlElement = select.handle();
        Effect::new(move |_| {
            let _ = s.focus();
        });
    }
    // Rebuilt on every change of type, like the view it replaces: a new text field takes the focus with
    // its text selected.
    let input = move || -> View {
        match kind() {
            EditorKind::Bool => el("select")
                .class("mdl-input")
                .tid("cell-editor-input")
                .children([("false", "false"), ("true", "true")].iter().map(|(v, label)| el("option").attr("value", v).text(label)))
                .dyn_value(move || text.get())
                .on_change(move |v| {
                    text.set(v);
                    error.set(None)
                })
                .into(),
            EditorKind::Nothing => el("p").class("mdl-muted").tid("cell-editor-input").text("NULL has no value.").into(),
            k => {
                let area = el("textarea")
                    .class("mdl-input mdl-mono")
                    .tid("cell-editor-input")
                    .attr("spellcheck", "false")
                    .attr("rows", if k == EditorKind::Line { "1" } else { "5" })
                    .attr(
                        "placeholder",
                        match k {
                            EditorKind::Json => "DynamoDB JSON",
                            EditorKind::Lines => "one element per line",
                            _ => "",
                        },
                    )
                    .dyn_value(move || text.get())
                    .on_input(move |v| {
                        text.set(v);
                        error.set(None)
                    });
                let a: web_sys::HtmlTextAreaElement = area.handle();
                Effect::new(move |_| {
                    let _ = a.focus();
                    a.select();
                });
                area.into()
            }
        }
    };

    el("div")
        .class("mdl-cell-editor")
        .tid("cell-editor")
        .attr("role", "dialog")
        .attr("aria-label", &format!("Edit {}", t.attribute))
        .attr("style", &format!("top: {top}px; left: {left}px;"))
        .on_key("keydown", on_keydown)
        .on_click(|ev| ev.stop_propagation())
        .child(el("div").class("mdl-row").child(el("span").class("mdl-editor-attr").text(&t.attribute)).child(select))
        .dyn_child(input)
        .child(
            el("p")
                .class("mdl-error")
                .tid("cell-editor-error")
                .attr("role", "alert")
                .dyn_flag("hidden", move || error.with(|e| e.is_none()))
                .dyn_text(move || error.get().unwrap_or_default()),
        )
        .child(
            el("div")
                .class("mdl-actions")
                .child((!t.is_key).then(|| el("button").ty("button").class("mdl-btn mdl-danger mdl-small").tid("cell-editor-remove").on_click(remove).text("Remove attribute")))
                .child(el("button").ty("button").class("mdl-btn mdl-small").tid("cell-editor-cancel").on_click(move |_| on_close()).text("Cancel"))
                .child(el("button").ty("button").class("mdl-btn mdl-primary mdl-small").tid("cell-editor-save").on_click(move |_| save()).text("Save")),
        )
        .into()
}
