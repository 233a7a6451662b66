//! The access-pattern form: name, operation, request JSON, sample values, entity types, rate. Every
//! fault is shown next to its field (the rules are in `advisor::draft`).

use advisor::draft::{Draft, DraftError, Field};
use advisor::pattern::OPERATIONS;
use leptos::prelude::*;

use crate::model::Edit;
use crate::modeler::state::use_modeler;

/// `index: None` adds a pattern.
#[component]
pub fn PatternEditor(index: Option<usize>, start: Draft, on_close: Callback<()>) -> impl IntoView {
    let m = use_modeler();
    let draft = RwSignal::new(start);
    let errors = RwSignal::new(Vec::<DraftError>::new());
    let apply_error = RwSignal::new(None::<String>);
    let error_of = move |f: Field| move || errors.with(|e| e.iter().filter(|x| x.field == f).map(|x| x.message.clone()).collect::<Vec<_>>().join("; "));
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
    let field = move |label: &'static str, testid: &'static str, f: Field, get: fn(&Draft) -> String, set: fn(&mut Draft, String), area: bool| {
        let err = error_of(f);
        let err2 = error_of(f);
        let input = if area {
            view! {
                <textarea class="mdl-input mdl-mono pat-request" spellcheck="false" rows="9" data-testid=testid
                    aria-invalid=move || if err2().is_empty() { "false" } else { "true" }
                    prop:value=move || draft.with(get)
                    on:input=move |ev| { let v = event_target_value(&ev); draft.update(|d| set(d, v)) }></textarea>
            }
            .into_any()
        } else {
            view! {
                <input type="text" class="mdl-input" spellcheck="false" data-testid=testid
                    aria-invalid=move || if err2().is_empty() { "false" } else { "true" }
                    prop:value=move || draft.with(get)
                    on:input=move |ev| { let v = event_target_value(&ev); draft.update(|d| set(d, v)) }/>
            }
            .into_any()
        };
        view! {
            <label class="mdl-field">
                <span class="mdl-label">{label}</span>
                {input}
                <span class="mdl-error" role="alert" data-testid=format!("{testid}-error") hidden=move || err().is_empty()>{err}</span>
            </label>
        }
    };
    view! {
        <form class="pat-editor" data-testid="pattern-editor" on:submit=move |ev| { ev.prevent_default(); save() }
            on:keydown=move |ev: leptos::ev::KeyboardEvent| if ev.key() == "Escape" { ev.prevent_default(); on_close.run(()) }>
            <h3 class="pat-subtitle">{if index.is_some() { "Edit access pattern" } else { "New access pattern" }}</h3>
            {field("Name", "pattern-name", Field::Name, |d| d.name.clone(), |d, v| d.name = v, false)}
            <label class="mdl-field">
                <span class="mdl-label">"Operation"</span>
                <select class="mdl-input" data-testid="pattern-operation" prop:value=move || draft.with(|d| d.operation.clone())
                    on:change=move |ev| { let v = event_target_value(&ev); draft.update(|d| d.operation = v) }>
                    {OPERATIONS.iter().map(|o| view! { <option value=*o>{*o}</option> }).collect_view()}
                </select>
            </label>
            {field("Request (the action's input as DynamoDB JSON; {name} placeholders allowed)", "pattern-request", Field::Request, |d| d.request.clone(), |d, v| d.request = v, true)}
            {field("Sample values (name=value, comma separated)", "pattern-parameters", Field::Parameters, |d| d.parameters.clone(), |d, v| d.parameters = v, false)}
            {field("Entity types it should return (comma separated; empty: not checked)", "pattern-entity-types", Field::EntityTypes, |d| d.entity_types.clone(), |d, v| d.entity_types = v, false)}
            {field("Expected rate (requests per second)", "pattern-rate", Field::Rate, |d| d.rate.clone(), |d, v| d.rate = v, false)}
            <p class="mdl-error" role="alert" data-testid="pattern-apply-error" hidden=move || apply_error.with(|e| e.is_none())>{move || apply_error.get().unwrap_or_default()}</p>
            <div class="mdl-actions">
                <button type="button" class="mdl-btn" data-testid="pattern-cancel" on:click=move |_| on_close.run(())>"Cancel"</button>
                <button type="submit" class="mdl-btn mdl-primary" data-testid="pattern-save">"Save pattern"</button>
            </div>
        </form>
    }
}
