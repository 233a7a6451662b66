//! The entity editor: name, type value, key templates for each key attribute of the table and its
//! indexes, and the entity's typed attributes.

use engine::model::entity::value_type_from_str;
use engine::model::{key_attributes, Entity, EntityAttribute, EntityError};
use crate::ui::prelude::*;

use crate::model::value_edit::TYPES;
use crate::model::Edit;

use crate::state::use_modeler;

/// `<option>`s of the ten value types.
pub(super) fn type_options() -> Vec<El> {
    TYPES.iter().map(|t| el("option").attr("value", t.as_str()).text(t.as_str())).collect()
}

pub fn entity_editor(table: usize, entity: Option<usize>) -> View {
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

    let attr_row = move |i: usize| -> View {
        let name = move || draft.with(|e| e.attributes.get(i).map(|a| a.name.clone()).unwrap_or_default());
        let ty = move || draft.with(|e| e.attributes.get(i).map(|a| a.value_type.as_str().to_string()).unwrap_or_default());
        el("div")
            .class("mdl-row")
            .tid(&format!("entity-attr-{i}"))
            .child(
                el("input")
                    .ty("text")
                    .class("mdl-input")
                    .attr("placeholder", "attribute name")
                    .attr("spellcheck", "false")
                    .tid(&format!("entity-attr-{i}-name"))
                    .dyn_value(name)
                    .on_input(move |v| upd(Box::new(move |e| if let Some(a) = e.attributes.get_mut(i) { a.name = v }))),
            )
            .child(
                el("select")
                    .class("mdl-input mdl-narrow")
                    .tid(&format!("entity-attr-{i}-type"))
                    .children(type_options())
                    .dyn_value(ty)
                    .on_change(move |v| upd(Box::new(move |e| if let (Some(a), Some(t)) = (e.attributes.get_mut(i), value_type_from_str(&v)) { a.value_type = t }))),
            )
            .child(
                el("button")
                    .ty("button")
                    .class("mdl-link mdl-remove")
                    .tid(&format!("entity-attr-{i}-remove"))
                    .on_click(move |_| {
                        upd(Box::new(move |e| {
                            if i < e.attributes.len() {
                                e.attributes.remove(i);
                            }
                        }))
                    })
                    .text("Remove"),
            )
            .into()
    };

    let key_fields = key_names.into_iter().map(|k| {
        let k2 = k.clone();
        let k3 = k.clone();
        let err = Signal::derive(key_error(k.clone()));
        el("label")
            .class("mdl-field")
            .child(el("span").class("mdl-label").text(&k))
            .child(
                el("input")
                    .ty("text")
                    .class("mdl-input mdl-mono")
                    .attr("spellcheck", "false")
                    .tid(&format!("entity-key-{k}"))
                    .attr("placeholder", "(not set by this entity)")
                    .dyn_value(move || draft.with(|e| e.keys.get(&k2).cloned().unwrap_or_default()))
                    .on_input(move |v| {
                        let k = k3.clone();
                        upd(Box::new(move |e| {
                            if v.is_empty() {
                                e.keys.remove(&k);
                            } else {
                                e.keys.insert(k, v);
                            }
                        }))
                    }),
            )
            .child(el("span").class("mdl-error").attr("role", "alert").dyn_flag("hidden", move || err.with(|e| e.is_none())).dyn_text(move || err.get().unwrap_or_default()))
    });

    el("form")
        .class("mdl-entity-editor")
        .tid("entity-editor")
        .on("submit", move |ev| {
            ev.prevent_default();
            save()
        })
        .child(el("h2").class("mdl-dialog-title").text(if entity.is_some() { "Edit entity" } else { "New entity" }))
        .child(
            el("p")
                .class("mdl-muted")
                .text("Key templates build an item's keys from its attributes: ")
                .child(el("code").text("USER#{userId}"))
                .text(". An index key whose attributes are missing is left out, which keeps the item out of that (sparse) index."),
        )
        .child(
            el("div")
                .class("mdl-row")
                .child(
                    el("label").class("mdl-field").child(el("span").class("mdl-label").text("Entity name")).child(
                        el("input")
                            .ty("text")
                            .class("mdl-input")
                            .tid("entity-name")
                            .dyn_value(move || draft.with(|e| e.name.clone()))
                            .on_input(move |v| upd(Box::new(move |e| e.name = v))),
                    ),
                )
                .child(
                    el("label")
                        .class("mdl-field")
                        .child(el("span").class("mdl-label").dyn_text(move || format!("{} value", draft.with(|e| e.type_attribute.clone()))))
                        .child(
                            el("input")
                                .ty("text")
                                .class("mdl-input")
                                .tid("entity-type-value")
                                .dyn_value(move || draft.with(|e| e.type_value.clone()))
                                .on_input(move |v| upd(Box::new(move |e| e.type_value = v))),
                        ),
                ),
        )
        .child(
            el("fieldset")
                .class("mdl-group")
                .child(el("legend").text("Attributes"))
                .child(each(move || (0..attr_count.get()).collect(), |i| *i, attr_row))
                .child(
                    el("button")
                        .ty("button")
                        .class("mdl-btn")
                        .tid("entity-add-attr")
                        .on_click(move |_| upd(Box::new(|e| e.attributes.push(EntityAttribute { name: String::new(), value_type: engine::value::ValueType::S }))))
                        .text("+ Attribute"),
                ),
        )
        .child(el("fieldset").class("mdl-group").child(el("legend").text("Key templates")).children(key_fields))
        .child(
            el("p")
                .class("mdl-error")
                .tid("entity-error")
                .attr("role", "alert")
                .dyn_flag("hidden", move || general_error().is_none() && apply_error.with(|e| e.is_none()))
                .dyn_text(move || general_error().or_else(|| apply_error.get()).unwrap_or_default()),
        )
        .child(
            el("div")
                .class("mdl-actions")
                .child(entity.map(|_| el("button").ty("button").class("mdl-btn mdl-danger").tid("entity-delete").on_click(delete).text("Delete entity")))
                .child(el("button").ty("button").class("mdl-btn").tid("entity-cancel").on_click(move |_| m.dialog.set(None)).text("Cancel"))
                .child(el("button").ty("submit").class("mdl-btn mdl-primary").tid("entity-save").text("Save entity")),
        )
        .into()
}
