//! The entity editor: name, type value, key templates for each key attribute of the table and its
//! indexes, and the entity's typed attributes.

use engine::model::entity::value_type_from_str;
use engine::model::{key_attributes, Entity, EntityAttribute, EntityError};
use engine::value::ValueType;
use leptos::prelude::*;

use crate::model::value_edit::TYPES;
use crate::model::Edit;

use crate::i18n::{t, t_string, use_i18n};
use crate::state::use_modeler;

/// `<option>`s of the ten value types, the one `value` names selected.
pub(super) fn type_options(value: Signal<String>) -> impl IntoView {
    TYPES
        .iter()
        .map(|t| {
            let t = t.as_str();
            view! { <option value=t prop:selected=move || value.with(|v| v == t)>{t}</option> }
        })
        .collect_view()
}

/// The editor's form state.
#[derive(Clone, Copy)]
struct Form {
    draft: RwSignal<Entity>,
    touched: RwSignal<bool>,
    apply_error: RwSignal<Option<String>>,
}

impl Form {
    fn edit(self, f: impl FnOnce(&mut Entity)) {
        self.touched.set(true);
        self.apply_error.set(None);
        self.draft.update(f);
    }
}

#[component]
pub fn EntityEditor(table: usize, entity: Option<usize>) -> impl IntoView {
    let m = use_modeler();
    let i18n = use_i18n();
    let (start, key_names) = m.state.with_untracked(|s| {
        let t = s.playground.table(table);
        let keys = t.map(|t| key_attributes(&t.definition)).unwrap_or_default();
        let mut names: Vec<String> = Vec::new();
        for k in &keys {
            if !names.contains(&k.name) {
                names.push(k.name.clone());
            }
        }
        let e = entity.and_then(|i| t.and_then(|t| t.entities.get(i).cloned())).unwrap_or_else(|| Entity::new("", ""));
        (e, names)
    });
    let form = Form { draft: RwSignal::new(start), touched: RwSignal::new(entity.is_some()), apply_error: RwSignal::new(None) };
    let draft = form.draft;
    let attr_count = Memo::new(move |_| draft.with(|e| e.attributes.len()));
    let check = Memo::new(move |_| {
        let keys = m.state.with(|s| s.playground.table(table).map(|t| key_attributes(&t.definition)).unwrap_or_default());
        draft.with(|e| e.check(&keys))
    });
    let general_error = move || match (form.touched.get(), check.get()) {
        (true, Err(EntityError::Template { .. })) | (_, Ok(())) | (false, _) => None,
        (true, Err(e)) => Some(e.to_string()),
    };
    // Write the table's entity list with `change` made to it.
    let write = move |change: &dyn Fn(&mut Vec<Entity>)| {
        let mut list = m.state.with_untracked(|s| s.playground.table(table).map(|t| t.entities.clone()).unwrap_or_default());
        change(&mut list);
        match m.perform(Edit::SetEntities { table, entities: list }) {
            Ok(()) => m.dialog.set(None),
            Err(err) => form.apply_error.set(Some(crate::state::edit_error_text(i18n.get_locale_untracked(), &err))),
        }
    };
    let save = move || {
        form.touched.set(true);
        if check.get_untracked().is_err() {
            return;
        }
        let e = draft.get_untracked();
        write(&|list| match entity {
            Some(i) if i < list.len() => list[i] = e.clone(),
            _ => list.push(e.clone()),
        });
    };
    let delete = move |_| {
        let Some(i) = entity else { return };
        write(&|list| {
            if i < list.len() {
                list.remove(i);
            }
        });
    };

    let key_fields = key_names
        .into_iter()
        .map(|k| {
            let (read, write) = (k.clone(), k.clone());
            let shown = k.clone();
            let error = Signal::derive(move || match (form.touched.get(), check.get()) {
                (true, Err(EntityError::Template { key, error })) if key == shown => Some(error.to_string()),
                _ => None,
            });
            view! {
                <label class="mdl-field">
                    <span class="mdl-label">{k.clone()}</span>
                    <input
                        type="text"
                        class="mdl-input mdl-mono"
                        spellcheck="false"
                        data-testid=format!("entity-key-{k}")
                        placeholder=move || t_string!(i18n, modeler.key_not_set)
                        prop:value=move || draft.with(|e| e.keys.get(&read).cloned().unwrap_or_default())
                        on:input=move |ev| {
                            let v = event_target_value(&ev);
                            let k = write.clone();
                            form.edit(|e| {
                                if v.is_empty() {
                                    e.keys.remove(&k);
                                } else {
                                    e.keys.insert(k, v);
                                }
                            })
                        }
                    />
                    <span class="mdl-error" role="alert" hidden=move || error.with(Option::is_none)>
                        {move || error.get().unwrap_or_default()}
                    </span>
                </label>
            }
        })
        .collect_view();

    view! {
        <form
            class="mdl-entity-editor"
            data-testid="entity-editor"
            on:submit=move |ev| {
                ev.prevent_default();
                save()
            }
        >
            <h2 class="mdl-dialog-title" id=super::dialog_title::TITLE_ID>{move || if entity.is_some() { t_string!(i18n, modeler.entity_edit_title) } else { t_string!(i18n, modeler.entity_new_title) }}</h2>
            <p class="mdl-muted">
                {t!(i18n, modeler.entity_intro, <code> = <code/>)}
            </p>
            <div class="mdl-row">
                <label class="mdl-field">
                    <span class="mdl-label">{t!(i18n, modeler.entity_name)}</span>
                    <input
                        type="text"
                        class="mdl-input"
                        data-testid="entity-name"
                        prop:value=move || draft.with(|e| e.name.clone())
                        on:input=move |ev| form.edit(|e| e.name = event_target_value(&ev))
                    />
                </label>
                <label class="mdl-field">
                    <span class="mdl-label">{move || t_string!(i18n, modeler.type_value, attribute = draft.with(|e| e.type_attribute.clone())).to_string()}</span>
                    <input
                        type="text"
                        class="mdl-input"
                        data-testid="entity-type-value"
                        prop:value=move || draft.with(|e| e.type_value.clone())
                        on:input=move |ev| form.edit(|e| e.type_value = event_target_value(&ev))
                    />
                </label>
            </div>
            <fieldset class="mdl-group">
                <legend>{t!(i18n, modeler.attributes)}</legend>
                <For each=move || 0..attr_count.get() key=|i| *i let:i>
                    <AttributeRow form i/>
                </For>
                <button
                    type="button"
                    class="mdl-btn"
                    data-testid="entity-add-attr"
                    on:click=move |_| form.edit(|e| e.attributes.push(EntityAttribute { name: String::new(), value_type: ValueType::S }))
                >
                    {t!(i18n, modeler.add_attribute)}
                </button>
            </fieldset>
            <fieldset class="mdl-group">
                <legend>{t!(i18n, modeler.key_templates)}</legend>
                {key_fields}
            </fieldset>
            <p
                class="mdl-error"
                data-testid="entity-error"
                role="alert"
                hidden=move || general_error().is_none() && form.apply_error.with(Option::is_none)
            >
                {move || general_error().or_else(|| form.apply_error.get()).unwrap_or_default()}
            </p>
            <div class="mdl-actions">
                {entity
                    .map(|_| {
                        view! {
                            <button type="button" class="mdl-btn mdl-danger" data-testid="entity-delete" on:click=delete>
                                {t!(i18n, modeler.delete_entity)}
                            </button>
                        }
                    })}
                <button type="button" class="mdl-btn" data-testid="entity-cancel" on:click=move |_| m.dialog.set(None)>
                    {t!(i18n, common.cancel)}
                </button>
                <button type="submit" class="mdl-btn mdl-primary" data-testid="entity-save">
                    {t!(i18n, modeler.save_entity)}
                </button>
            </div>
        </form>
    }
}

/// Attribute `i` of the entity: its name and type.
#[component]
fn AttributeRow(form: Form, i: usize) -> impl IntoView {
    let i18n = use_i18n();
    let draft = form.draft;
    let ty = Signal::derive(move || draft.with(|e| e.attributes.get(i).map(|a| a.value_type.as_str().to_string()).unwrap_or_default()));
    view! {
        <div class="mdl-row" data-testid=format!("entity-attr-{i}")>
            <input
                type="text"
                class="mdl-input"
                placeholder=move || t_string!(i18n, modeler.attribute_name_placeholder)
                spellcheck="false"
                data-testid=format!("entity-attr-{i}-name")
                prop:value=move || draft.with(|e| e.attributes.get(i).map(|a| a.name.clone()).unwrap_or_default())
                on:input=move |ev| form.edit(|e| if let Some(a) = e.attributes.get_mut(i) { a.name = event_target_value(&ev) })
            />
            <select
                class="mdl-input mdl-narrow"
                data-testid=format!("entity-attr-{i}-type")
                on:change=move |ev| {
                    if let Some(t) = value_type_from_str(&event_target_value(&ev)) {
                        form.edit(|e| if let Some(a) = e.attributes.get_mut(i) { a.value_type = t })
                    }
                }
            >
                {type_options(ty)}
            </select>
            <button
                type="button"
                class="mdl-link mdl-remove"
                data-testid=format!("entity-attr-{i}-remove")
                on:click=move |_| form.edit(|e| {
                    if i < e.attributes.len() {
                        e.attributes.remove(i);
                    }
                })
            >
                {t!(i18n, common.remove)}
            </button>
        </div>
    }
}
