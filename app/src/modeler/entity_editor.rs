//! The entity editor: name, type value, key templates for each key attribute of the table and its
//! indexes, and the entity's typed attributes.

use engine::model::entity::value_type_from_str;
use engine::model::{key_attributes, Entity, EntityAttribute, EntityError};
use leptos::prelude::*;

use crate::model::value_edit::TYPES;
use crate::model::Edit;

use super::state::use_modeler;

#[component]
pub fn EntityEditor(table: usize, entity: Option<usize>) -> impl IntoView {
    let m = use_modeler();
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
    let draft = RwSignal::new(start);
    let attr_count = Memo::new(move |_| draft.with(|e| e.attributes.len()));
    let check = Memo::new(move |_| {
        let keys = m.state.with(|s| s.playground.table(table).map(|t| key_attributes(&t.definition)).unwrap_or_default());
        draft.with(|e| e.check(&keys))
    });
    let touched = RwSignal::new(entity.is_some());
    let apply_error = RwSignal::new(None::<String>);
    let upd = move |f: Box<dyn FnOnce(&mut Entity)>| {
        touched.set(true);
        apply_error.set(None);
        draft.update(|e| f(e));
    };
    let key_error = move |key: String| {
        move || match (touched.get(), check.get()) {
            (true, Err(EntityError::Template { key: k, error })) if k == key => Some(error.to_string()),
            _ => None,
        }
    };
    let general_error = move || match (touched.get(), check.get()) {
        (true, Err(EntityError::Template { .. })) | (_, Ok(())) | (false, _) => None,
        (true, Err(e)) => Some(e.to_string()),
    };
    let save = move || {
        touched.set(true);
        if check.get_untracked().is_err() {
            return;
        }
        let e = draft.get_untracked();
        let mut list = m.state.with_untracked(|s| s.playground.table(table).map(|t| t.entities.clone()).unwrap_or_default());
        match entity {
            Some(i) if i < list.len() => list[i] = e,
            _ => list.push(e),
        }
        match m.perform(Edit::SetEntities { table, entities: list }) {
            Ok(()) => m.dialog.set(None),
            Err(err) => apply_error.set(Some(err.to_string())),
        }
    };
    let delete = move |_| {
        let Some(i) = entity else { return };
        let mut list = m.state.with_untracked(|s| s.playground.table(table).map(|t| t.entities.clone()).unwrap_or_default());
        if i < list.len() {
            list.remove(i);
        }
        match m.perform(Edit::SetEntities { table, entities: list }) {
            Ok(()) => m.dialog.set(None),
            Err(err) => apply_error.set(Some(err.to_string())),
        }
    };

    let attr_row = move |i: usize| {
        let name = move || draft.with(|e| e.attributes.get(i).map(|a| a.name.clone()).unwrap_or_default());
        let ty = move || draft.with(|e| e.attributes.get(i).map(|a| a.value_type.as_str().to_string()).unwrap_or_default());
        view! {
            <div class="mdl-row" data-testid=format!("entity-attr-{i}")>
                <input type="text" class="mdl-input" placeholder="attribute name" spellcheck="false" data-testid=format!("entity-attr-{i}-name")
                    prop:value=name on:input=move |ev| { let v = event_target_value(&ev); upd(Box::new(move |e| if let Some(a) = e.attributes.get_mut(i) { a.name = v })) }/>
                <select class="mdl-input mdl-narrow" data-testid=format!("entity-attr-{i}-type") prop:value=ty
                    on:change=move |ev| { let v = event_target_value(&ev); upd(Box::new(move |e| if let (Some(a), Some(t)) = (e.attributes.get_mut(i), value_type_from_str(&v)) { a.value_type = t })) }>
                    {TYPES.iter().map(|t| view! { <option value=t.as_str()>{t.as_str()}</option> }).collect_view()}
                </select>
                <button type="button" class="mdl-link mdl-remove" data-testid=format!("entity-attr-{i}-remove")
                    on:click=move |_| upd(Box::new(move |e| if i < e.attributes.len() { e.attributes.remove(i); }))>"Remove"</button>
            </div>
        }
    };

    view! {
        <form class="mdl-entity-editor" data-testid="entity-editor" on:submit=move |ev| { ev.prevent_default(); save() }>
            <h2 class="mdl-dialog-title">{if entity.is_some() { "Edit entity" } else { "New entity" }}</h2>
            <p class="mdl-muted">"Key templates build an item's keys from its attributes: " <code>"USER#{userId}"</code>
                ". An index key whose attributes are missing is left out, which keeps the item out of that (sparse) index."</p>
            <div class="mdl-row">
                <label class="mdl-field"><span class="mdl-label">"Entity name"</span>
                    <input type="text" class="mdl-input" data-testid="entity-name" prop:value=move || draft.with(|e| e.name.clone())
                        on:input=move |ev| { let v = event_target_value(&ev); upd(Box::new(move |e| e.name = v)) }/></label>
                <label class="mdl-field"><span class="mdl-label">{move || format!("{} value", draft.with(|e| e.type_attribute.clone()))}</span>
                    <input type="text" class="mdl-input" data-testid="entity-type-value" prop:value=move || draft.with(|e| e.type_value.clone())
                        on:input=move |ev| { let v = event_target_value(&ev); upd(Box::new(move |e| e.type_value = v)) }/></label>
            </div>
            <fieldset class="mdl-group">
                <legend>"Attributes"</legend>
                {move || (0..attr_count.get()).map(attr_row).collect_view()}
                <button type="button" class="mdl-btn" data-testid="entity-add-attr"
                    on:click=move |_| upd(Box::new(|e| e.attributes.push(EntityAttribute { name: String::new(), value_type: engine::value::ValueType::S })))>"+ Attribute"</button>
            </fieldset>
            <fieldset class="mdl-group">
                <legend>"Key templates"</legend>
                {key_names.into_iter().map(|k| {
                    let k2 = k.clone();
                    let k3 = k.clone();
                    let err = Signal::derive(key_error(k.clone()));
                    view! {
                        <label class="mdl-field">
                            <span class="mdl-label">{k.clone()}</span>
                            <input type="text" class="mdl-input mdl-mono" spellcheck="false" data-testid=format!("entity-key-{k}")
                                placeholder="(not set by this entity)"
                                prop:value=move || draft.with(|e| e.keys.get(&k2).cloned().unwrap_or_default())
                                on:input=move |ev| {
                                    let v = event_target_value(&ev);
                                    let k = k3.clone();
                                    upd(Box::new(move |e| { if v.is_empty() { e.keys.remove(&k); } else { e.keys.insert(k, v); } }))
                                }/>
                            <span class="mdl-error" role="alert" hidden=move || err.with(|e| e.is_none())>{move || err.get().unwrap_or_default()}</span>
                        </label>
                    }
                }).collect_view()}
            </fieldset>
            <p class="mdl-error" data-testid="entity-error" role="alert" hidden=move || general_error().is_none() && apply_error.with(|e| e.is_none())>
                {move || general_error().or_else(|| apply_error.get()).unwrap_or_default()}
            </p>
            <div class="mdl-actions">
                {entity.map(|_| view! { <button type="button" class="mdl-btn mdl-danger" data-testid="entity-delete" on:click=delete>"Delete entity"</button> })}
                <button type="button" class="mdl-btn" data-testid="entity-cancel" on:click=move |_| m.dialog.set(None)>"Cancel"</button>
                <button type="submit" class="mdl-btn mdl-primary" data-testid="entity-save">"Save entity"</button>
            </div>
        </form>
    }
}
