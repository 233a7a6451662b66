//! The typed value editor that opens over a grid cell: a type menu for all ten types and a text form
//! per type (a line, true/false, nothing for NULL, one element per line for sets, DynamoDB JSON for
//! lists and maps). The engine decides what is valid; its message is shown in place and the old value
//! stays until a valid one is saved.

use engine::value::{Item, ValueType};
use leptos::html;
use leptos::prelude::*;

use crate::model::grid_geometry::{editor_place, Frame};
use crate::model::value_edit::{editor_kind, editor_text, parse_value, type_from_tag, EditorKind, TYPES};
use crate::model::{Edit, RowId};

use crate::i18n::{t, t_string, use_i18n};
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

/// Height the editor is placed for until it has been measured (a one-line value's editor).
const FIRST_GUESS_H: i32 = 150;

/// The editor of `target`'s cell, `width` wide, under the cell at `left` in the row at `row_top` (the
/// grid's row coordinates), moved as far as it takes to stay inside `frame`, the part of the grid in view
/// when it opened: at the right edge it opens leftwards, at the bottom above the row, so its type menu,
/// buttons and messages are never cut off. `on_close` runs when it is saved, cancelled or left with Escape.
#[component]
pub fn CellEditor(target: EditTarget, row_top: i32, left: i32, width: i32, frame: Frame, on_close: Callback<()>) -> impl IntoView {
    let m = use_modeler();
    let i18n = use_i18n();
    let current = target.item.get(&target.attribute).cloned();
    let start_type = current.as_ref().map(|v| v.value_type()).unwrap_or(ValueType::S);
    let ty = RwSignal::new(start_type);
    let text = RwSignal::new(current.as_ref().map(editor_text).unwrap_or_default());
    let error = RwSignal::new(None::<String>);
    let (attribute, is_key) = (target.attribute.clone(), target.is_key);
    let target = StoredValue::new(target);

    // Write `item` as the row's new item (nothing to do when it did not change), then close.
    let write = move |item: Item| {
        let t = target.get_value();
        if item == t.item {
            return on_close.run(());
        }
        match m.perform(Edit::PutRow { table: t.table, id: t.id, item }) {
            Ok(()) => on_close.run(()),
            Err(e) => error.set(Some(crate::state::edit_error_text(i18n.get_locale_untracked(), &e))),
        }
    };
    let save = move || {
        let t = target.get_value();
        match parse_value(ty.get_untracked(), &text.get_untracked()) {
            Ok(value) => {
                let mut item = t.item;
                item.insert(t.attribute, value);
                write(item)
            }
            Err(e) => error.set(Some(crate::state::value_error_text(i18n.get_locale_untracked(), &e))),
        }
    };
    let remove = move |_| {
        let t = target.get_value();
        let mut item = t.item;
        item.remove(&t.attribute);
        write(item)
    };
    let on_keydown = move |ev: web_sys::KeyboardEvent| {
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
    let kind = Memo::new(move |_| editor_kind(ty.get()));

    // Placed for a guess of its height, then again for the height it has once on the page, and whenever
    // that changes (another type's form, a message): the frame is the one it opened in.
    let place = move |h: i32| editor_place(left, row_top, (width, h), frame);
    let at = RwSignal::new(place(FIRST_GUESS_H));
    let panel = NodeRef::<html::Div>::new();
    let size = crate::observe::use_client_size(panel);
    Effect::new(move |_| {
        size.track();
        if let Some(el) = panel.get() {
            let h = el.offset_height();
            if h > 0 {
                let now = place(h);
                if at.get_untracked() != now {
                    at.set(now);
                }
            }
        }
    });

    // Focus goes to the text once it is on the page (a new text field takes it again, see below), or to
    // the type menu when the type has no text.
    let select = NodeRef::<html::Select>::new();
    if !matches!(editor_kind(start_type), EditorKind::Line | EditorKind::Lines | EditorKind::Json) {
        select.on_load(|s| {
            let _ = s.focus();
        });
    }
    // Rebuilt on every change of kind: a new text field takes the focus with its text selected.
    let input = move || match kind.get() {
        EditorKind::Bool => view! {
            <select
                class="mdl-input"
                data-testid="cell-editor-input"
                on:change=move |ev| {
                    text.set(event_target_value(&ev));
                    error.set(None)
                }
            >
                {["false", "true"].into_iter().map(|v| view! { <option value=v prop:selected=move || text.get() == v>{v}</option> }).collect_view()}
            </select>
        }
        .into_any(),
        EditorKind::Nothing => view! { <p class="mdl-muted" data-testid="cell-editor-input">{t!(i18n, grid.null_has_no_value)}</p> }.into_any(),
        k => {
            let area = NodeRef::<html::Textarea>::new();
            area.on_load(move |a| {
                // The text first: `prop:value` may be applied after this runs, and would then collapse
                // the selection; setting the same value again is a no-op in browsers.
                a.set_value(&text.get_untracked());
                let _ = a.focus();
                a.select();
            });
            let placeholder = move || match k {
                EditorKind::Json => "DynamoDB JSON",
                EditorKind::Lines => t_string!(i18n, common.one_element_per_line),
                _ => "",
            };
            view! {
                <textarea
                    class="mdl-input mdl-mono"
                    data-testid="cell-editor-input"
                    spellcheck="false"
                    rows=if k == EditorKind::Line { "1" } else { "5" }
                    placeholder=placeholder
                    node_ref=area
                    prop:value=move || text.get()
                    on:input=move |ev| {
                        text.set(event_target_value(&ev));
                        error.set(None)
                    }
                ></textarea>
            }
            .into_any()
        }
    };

    view! {
        <div
            class="mdl-cell-editor"
            data-testid="cell-editor"
            role="dialog"
            aria-label={ let attribute = attribute.clone(); move || t_string!(i18n, grid.edit_attribute, attribute = attribute.clone()).to_string() }
            node_ref=panel
            style=move || {
                let (x, y) = at.get();
                format!("top: {y}px; left: {x}px; width: {width}px;")
            }
            on:keydown=on_keydown
            on:click=|ev| ev.stop_propagation()
        >
            <div class="mdl-row">
                <span class="mdl-editor-attr">{attribute.clone()}</span>
                <select
                    class="mdl-input mdl-narrow"
                    data-testid="cell-editor-type"
                    disabled=is_key
                    node_ref=select
                    on:change=move |ev| {
                        if let Some(v) = type_from_tag(&event_target_value(&ev)) {
                            ty.set(v);
                            error.set(None)
                        }
                    }
                >
                    {TYPES
                        .iter()
                        .map(|t| {
                            let t = *t;
                            view! { <option value=t.as_str() prop:selected=move || ty.get() == t>{t.as_str()}</option> }
                        })
                        .collect_view()}
                </select>
            </div>
            {input}
            <p class="mdl-error" data-testid="cell-editor-error" role="alert" hidden=move || error.with(Option::is_none)>
                {move || error.get().unwrap_or_default()}
            </p>
            <div class="mdl-actions">
                {(!is_key)
                    .then(|| {
                        view! {
                            <button type="button" class="mdl-btn mdl-danger mdl-small" data-testid="cell-editor-remove" on:click=remove>
                                {t!(i18n, grid.remove_attribute)}
                            </button>
                        }
                    })}
                <button type="button" class="mdl-btn mdl-small" data-testid="cell-editor-cancel" on:click=move |_| on_close.run(())>
                    {t!(i18n, common.cancel)}
                </button>
                <button type="button" class="mdl-btn mdl-primary mdl-small" data-testid="cell-editor-save" on:click=move |_| save()>
                    {t!(i18n, common.save)}
                </button>
            </div>
        </div>
    }
}
