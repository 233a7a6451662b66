//! Adding an item: of an entity (its attributes are asked for and its key templates fill the keys) or a
//! blank one (only the table's keys are asked for).

use engine::model::{key_attributes, Entity};
use engine::value::{Item, ValueType};
use leptos::prelude::*;

use crate::model::display::key_text;
use crate::model::value_edit::{editor_kind, parse_value, EditorKind};
use crate::model::Edit;

use crate::i18n::{t, t_string, use_i18n};
use crate::state::use_modeler;

/// The fields to ask for: `(attribute, type)`.
fn fields_for(entity: Option<&Entity>, table_keys: &[(String, ValueType)]) -> Vec<(String, ValueType)> {
    match entity {
        Some(e) => e.attributes.iter().map(|a| (a.name.clone(), a.value_type)).collect(),
        None => table_keys.to_vec(),
    }
}

#[component]
pub fn AddItemDialog(table: usize, entity: Option<usize>) -> impl IntoView {
    let m = use_modeler();
    let i18n = use_i18n();
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
    let entity_name = ent.as_ref().map(|e| e.name.clone());
    let title = move || match &entity_name {
        Some(name) => t_string!(i18n, modeler.add_entity_title, name = name.clone()).to_string(),
        None => t_string!(i18n, modeler.add_item).to_string(),
    };
    let texts = RwSignal::new(vec![String::new(); fields.len()]);
    let blank = ent.is_none();
    let shown_fields = fields.clone();
    let fields = StoredValue::new(fields);
    let ent = StoredValue::new(ent);
    let keys = StoredValue::new(keys);
    let submitted = RwSignal::new(false);
    let apply_error = RwSignal::new(None::<String>);

    // The item the form describes, or the first problem with it. Empty optional fields are left out.
    let built = Memo::new(move |_| -> Result<Item, String> {
        let mut item = Item::new();
        let texts = texts.get();
        for ((name, ty), text) in fields.get_value().iter().zip(texts.iter()) {
            let skip = text.is_empty() && *ty != ValueType::Null && *ty != ValueType::Bool && !blank;
            if skip || (*ty == ValueType::Null && !blank && text.is_empty()) {
                continue;
            }
            let v = parse_value(*ty, if *ty == ValueType::Bool && text.is_empty() { "false" } else { text }).map_err(|e| format!("{name}: {}", crate::state::value_error_text(i18n.get_locale(), &e)))?;
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
            Err(e) => apply_error.set(Some(crate::state::edit_error_text(i18n.get_locale_untracked(), &e))),
        }
    };

    let field_views = shown_fields
        .into_iter()
        .enumerate()
        .map(|(i, (name, ty))| {
            let value = Signal::derive(move || texts.with(|t| t.get(i).cloned().unwrap_or_default()));
            let set = move |v: String| {
                apply_error.set(None);
                texts.update(|t| if let Some(x) = t.get_mut(i) { *x = v })
            };
            let testid = format!("field-{name}");
            let input = match editor_kind(ty) {
                EditorKind::Line => view! {
                    <input
                        type="text"
                        class="mdl-input mdl-mono"
                        spellcheck="false"
                        data-testid=testid
                        prop:value=value
                        on:input=move |ev| set(event_target_value(&ev))
                    />
                }
                .into_any(),
                EditorKind::Bool => view! {
                    <select class="mdl-input mdl-narrow" data-testid=testid on:change=move |ev| set(event_target_value(&ev))>
                        <option value="" prop:selected=move || value.with(String::is_empty)>{t!(i18n, modeler.not_set)}</option>
                        {super::form_fields::options(&[("false", "false"), ("true", "true")], value)}
                    </select>
                }
                .into_any(),
                EditorKind::Nothing => view! {
                    <label class="mdl-check">
                        <input
                            type="checkbox"
                            data-testid=testid
                            prop:checked=move || value.with(|v| !v.is_empty())
                            on:change=move |ev| set(if event_target_checked(&ev) { "null".into() } else { String::new() })
                        />
                        " "{t!(i18n, modeler.set_to_null)}
                    </label>
                }
                .into_any(),
                kind @ (EditorKind::Lines | EditorKind::Json) => view! {
                    <textarea
                        class="mdl-input mdl-mono"
                        rows="3"
                        spellcheck="false"
                        data-testid=testid
                        placeholder=move || if kind == EditorKind::Json { "DynamoDB JSON" } else { t_string!(i18n, common.one_element_per_line) }
                        prop:value=value
                        on:input=move |ev| set(event_target_value(&ev))
                    ></textarea>
                }
                .into_any(),
            };
            view! {
                <label class="mdl-field">
                    <span class="mdl-label">{name} " " <span class="mdl-type">{ty.as_str()}</span></span>
                    {input}
                </label>
            }
        })
        .collect_view();

    view! {
        <form
            class="mdl-add-item"
            data-testid="add-item-dialog"
            on:submit=move |ev| {
                ev.prevent_default();
                save()
            }
        >
            <h2 class="mdl-dialog-title" id=super::dialog_title::TITLE_ID>{title}</h2>
            {field_views}
            <p class="mdl-keys-preview" data-testid="add-item-keys">
                <span class="mdl-label">{t!(i18n, modeler.keys_preview)}" "</span>
                <span class="mdl-mono">{preview}</span>
            </p>
            <p
                class="mdl-error"
                data-testid="add-item-error"
                role="alert"
                hidden=move || !(submitted.get() && built.with(Result::is_err)) && apply_error.with(Option::is_none)
            >
                {move || apply_error.get().or_else(|| built.with(|b| b.as_ref().err().cloned())).unwrap_or_default()}
            </p>
            <div class="mdl-actions">
                <button type="button" class="mdl-btn" data-testid="add-item-cancel" on:click=move |_| m.dialog.set(None)>
                    {t!(i18n, common.cancel)}
                </button>
                <button type="submit" class="mdl-btn mdl-primary" data-testid="add-item-submit">
                    {t!(i18n, modeler.add_item)}
                </button>
            </div>
        </form>
    }
}
