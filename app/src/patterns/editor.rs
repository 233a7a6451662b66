//! The access-pattern form: name, operation, request JSON, sample values, entity types, rate. Every
//! fault is shown next to its field (the rules are in `advisor::draft`).

use advisor::draft::{Draft, DraftError, Field};
use advisor::pattern::OPERATIONS;

use crate::model::Edit;
use crate::state::use_modeler;
use crate::ui::prelude::*;

/// The faults of `f`, joined ("" when it has none).
fn error_of(errors: RwSignal<Vec<DraftError>>, f: Field) -> String {
    errors.with(|e| e.iter().filter(|x| x.field == f).map(|x| x.message.clone()).collect::<Vec<_>>().join("; "))
}

/// One field of the draft: its label, a text input (or a textarea for `area`), and its fault below.
#[allow(clippy::too_many_arguments)]
fn field(
    draft: RwSignal<Draft>,
    errors: RwSignal<Vec<DraftError>>,
    label: &str,
    testid: &str,
    f: Field,
    get: fn(&Draft) -> String,
    set: fn(&mut Draft, String),
    area: bool,
) -> El {
    let input = if area {
        el("textarea").class("mdl-input mdl-mono pat-request").attr("spellcheck", "false").attr("rows", "9")
    } else {
        el("input").ty("text").class("mdl-input").attr("spellcheck", "false")
    };
    let input = input
        .tid(testid)
        .dyn_attr("aria-invalid", move || Some(String::from(if error_of(errors, f).is_empty() { "false" } else { "true" })))
        .dyn_value(move || draft.with(get))
        .on_input(move |v| draft.update(|d| set(d, v)));
    el("label")
        .class("mdl-field")
        .child(el("span").class("mdl-label").text(label))
        .child(input)
        .child(
            el("span")
                .class("mdl-error")
                .attr("role", "alert")
                .tid(&format!("{testid}-error"))
                .dyn_flag("hidden", move || error_of(errors, f).is_empty())
                .dyn_text(move || error_of(errors, f)),
        )
}

/// The form for pattern `index` (`None` adds a pattern), starting from `start`. Saving checks the draft
/// and applies it as one undoable edit; Cancel or Escape calls `on_close`.
pub fn pattern_editor(index: Option<usize>, start: Draft, on_close: Callback<()>) -> View {
    let m = use_modeler();
    let draft = RwSignal::new(start);
    let errors = RwSignal::new(Vec::<DraftError>::new());
    let apply_error = RwSignal::new(None::<String>);
    let save = move || {
        let base = index.and_then(|i| m.state.with_untracked(|s| s.playground.access_patterns.get(i).cloned()));
        match draft.with_untracked(|d| d.to_pattern(base.as_ref())) {
            Err(e) => errors.set(e),
            Ok(p) => {
                errors.set(Vec::new());
                let mut list = m.state.with_untracked(|s| s.playground.access_patterns.clone());
                match index {
                    Some(i) if i < list.len() => list[i] = p,
                    _ => list.push(p),
                }
                match m.perform(Edit::SetAccessPatterns(list)) {
                    Ok(()) => on_close.run(()),
                    Err(e) => apply_error.set(Some(e.to_string())),
                }
            }
        }
    };
    el("form")
        .class("pat-editor")
        .tid("pattern-editor")
        .on("submit", move |ev| {
            ev.prevent_default();
            save()
        })
        .on_key("keydown", move |ev| {
            if ev.key() == "Escape" {
                ev.prevent_default();
                on_close.run(())
            }
        })
        .child(el("h3").class("pat-subtitle").text(if index.is_some() { "Edit access pattern" } else { "New access pattern" }))
        .child(field(draft, errors, "Name", "pattern-name", Field::Name, |d| d.name.clone(), |d, v| d.name = v, false))
        .child(
            el("label").class("mdl-field").child(el("span").class("mdl-label").text("Operation")).child(
                el("select")
                    .class("mdl-input")
                    .tid("pattern-operation")
                    .on_change(move |v| draft.update(|d| d.operation = v))
                    .children(OPERATIONS.iter().map(|o| el("option").attr("value", o).text(o)))
                    .dyn_value(move || draft.with(|d| d.operation.clone())),
            ),
        )
        .child(field(draft, errors, "Request (the action's input as DynamoDB JSON; {name} placeholders allowed)", "pattern-request", Field::Request, |d| d.request.clone(), |d, v| d.request = v, true))
        .child(field(draft, errors, "Sample values (name=value, comma separated)", "pattern-parameters", Field::Parameters, |d| d.parameters.clone(), |d, v| d.parameters = v, false))
        .child(field(draft, errors, "Entity types it should return (comma separated; empty: not checked)", "pattern-entity-types", Field::EntityTypes, |d| d.entity_types.clone(), |d, v| d.entity_types = v, false))
        .child(field(draft, errors, "Expected rate (requests per second)", "pattern-rate", Field::Rate, |d| d.rate.clone(), |d, v| d.rate = v, false))
        .child(
            el("p")
                .class("mdl-error")
                .attr("role", "alert")
                .tid("pattern-apply-error")
                .dyn_flag("hidden", move || apply_error.with(|e| e.is_none()))
                .dyn_text(move || apply_error.get().unwrap_or_default()),
        )
        .child(
            el("div")
                .class("mdl-actions")
                .child(el("button").ty("button").class("mdl-btn").tid("pattern-cancel").on_click(move |_| on_close.run(())).text("Cancel"))
                .child(el("button").ty("submit").class("mdl-btn mdl-primary").tid("pattern-save").text("Save pattern")),
        )
        .into()
}
