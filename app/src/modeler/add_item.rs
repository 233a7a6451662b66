//! Adding an item: of an entity (its attributes are asked for and its key templates fill the keys) or a
//! blank one (only the table's keys are asked for).

use engine::model::{key_attributes, Entity};
use engine::value::{Item, ValueType};
use crate::ui::prelude::*;
use leptos::prelude::UpdateUntracked;

use crate::model::display::key_text;
use crate::model::value_edit::{editor_kind, parse_value, EditorKind};
use crate::model::Edit;

use crate::state::use_modeler;

/// The fields to ask for: `(attribute, type)`.
fn fields_for(entity: Option<&Entity>, table_keys: &[(String, ValueType)]) -> Vec<(String, ValueType)> {
    match entity {
        Some(e) => e.attributes.iter().map(|a| (a.name.clone(), a.value_type)).collect(),
        None => table_keys.to_vec(),
    }
}

pub fn add_item_dialog(table: usize, entity: Option<usize>) -> View {
    let m = use_modeler();
    let (ent, fields, keys) = m.state.with_untracked(|s| {
        let t = s.playground.table(table);
        let keys = t.map(|t| key_attributes(&t.definition)).unwrap_or_default();
        let table_keys: Vec<(String, ValueType)> = keys
            .iter()
            .filter(|k| k.is_table_key())
            .map(|k| (k.name.clone(), match k.key_type {
                engine::value::ScalarType::S => ValueType::S,
                engine::value::ScalarType::N => ValueType::N,
                engine::value::ScalarType::B => ValueType::B,
            }))
            .collect();
        let ent = entity.and_then(|i| t.and_then(|t| t.entities.get(i).cloned()));
        let fields = fields_for(ent.as_ref(), &table_keys);
        (ent, fields, keys)
    });
    let title = ent.as_ref().map(|e| format!("Add {}", e.name)).unwrap_or_else(|| String::from("Add item"));
    let texts = RwSignal::new(vec![String::new(); fields.len()]);
    let fields = StoredValue::new(fields);
    let ent = StoredValue::new(ent);
    let keys = StoredValue::new(keys);
    let submitted = RwSignal::new(false);
    let apply_error = RwSignal::new(None::<String>);

    // The item the form describes, or the first problem with it. Empty optional fields are left out.
    let built = Memo::new(move |_| -> Result<Item, String> {
        let mut item = Item::new();
        let texts = texts.get();
        let blank = ent.with_value(|e| e.is_none());
        for ((name, ty), text) in fields.get_value().iter().zip(texts.iter()) {
            let skip = text.is_empty() && *ty != ValueType::Null && *ty != ValueType::Bool && !blank;
            if skip || (*ty == ValueType::Null && !blank && text.is_empty()) {
                continue;
            }
            let v = parse_value(*ty, if *ty == ValueType::Bool && text.is_empty() { "false" } else { text }).map_err(|e| format!("{name}: {e}"))?;
            item.insert(name.clone(), v);
        }
        match ent.get_value() {
            Some(e) => keys.with_value(|k| e.build_item(&item, k)).map_err(|e| e.to_string()),
            None => Ok(item),
        }
    });
    let preview = move || {
        built.with(|b| match b {
            Ok(item) => {
                let key_names: Vec<String> = keys.with_value(|k| k.iter().map(|k| k.name.clone()).collect());
                let mut shown = Item::new();
                for n in key_names {
                    if let Some(v) = item.get(&n) {
                        shown.insert(n, v.clone());
                    }
                }
                key_text(&shown)
            }
            Err(_) => String::new(),
        })
    };
    let save = move || {
        submitted.set(true);
        let Ok(item) = built.get_untracked() else { return };
        let id = m.state.try_update_untracked(|s| s.playground.new_row_id()).unwrap_or(0);
        match m.perform(Edit::PutRow { table, id, item }) {
            Ok(()) => m.dialog.set(None),
            Err(e) => apply_error.set(Some(e.to_string())),
        }
    };

    let field_views = fields.get_value().into_iter().enumerate().map(|(i, (name, ty))| {
        let value = move || texts.with(|t| t.get(i).cloned().unwrap_or_default());
        let set = move |v: String| {
            apply_error.set(None);
            texts.update(|t| if let Some(x) = t.get_mut(i) { *x = v })
        };
        let testid = format!("field-{name}");
        let input = match editor_kind(ty) {
            EditorKind::Line => el("input").ty("text").class("mdl-input mdl-mono").attr("spellcheck", "false").tid(&testid).dyn_value(value).on_input(set),
            EditorKind::Bool => el("select")
                .class("mdl-input mdl-narrow")
                .tid(&testid)
                .children(super::designer::options(&[("", "(not set)"), ("false", "false"), ("true", "true")]))
                .dyn_value(value)
                .on_change(set),
            EditorKind::Nothing => el("label")
                .class("mdl-check")
                .child(el("input").ty("checkbox").tid(&testid).dyn_checked(move || !value().is_empty()).on("change", move |ev| {
                    set(if event_target_checked(&ev) { "null".into() } else { String::new() })
                }))
                .text(" set to NULL"),
            EditorKind::Lines | EditorKind::Json => el("textarea")
                .class("mdl-input mdl-mono")
                .attr("rows", "3")
                .attr("spellcheck", "false")
                .tid(&testid)
                .attr("placeholder", if editor_kind(ty) == EditorKind::Json { "DynamoDB JSON" } else { "one element per line" })
                .dyn_value(value)
                .on_input(set),
        };
        el("label")
            .class("mdl-field")
            .child(el("span").class("mdl-label").text(&name).text(" ").child(el("span").class("mdl-type").text(ty.as_str())))
            .child(input)
    });

    el("form")
        .class("mdl-add-item")
        .tid("add-item-dialog")
        .on("submit", move |ev| {
            ev.prevent_default();
            save()
        })
        .child(el("h2").class("mdl-dialog-title").text(&title))
        .children(field_views)
        .child(el("p").class("mdl-keys-preview").tid("add-item-keys").child(el("span").class("mdl-label").text("Keys: ")).child(el("span").class("mdl-mono").dyn_text(preview)))
        .child(
            el("p")
                .class("mdl-error")
                .tid("add-item-error")
                .attr("role", "alert")
                .dyn_flag("hidden", move || !(submitted.get() && built.with(|b| b.is_err())) && apply_error.with(|e| e.is_none()))
                .dyn_text(move || apply_error.get().or_else(|| built.with(|b| b.as_ref().err().cloned())).unwrap_or_default()),
        )
        .child(
            el("div")
                .class("mdl-actions")
                .child(el("button").ty("button").class("mdl-btn").tid("add-item-cancel").on_click(move |_| m.dialog.set(None)).text("Cancel"))
                .child(el("button").ty("submit").class("mdl-btn mdl-primary").tid("add-item-submit").text("Add item")),
        )
        .into()
}
