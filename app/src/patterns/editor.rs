//! The access-pattern form: name, operation, request JSON, sample values, entity types, rate. Every
//! fault is shown next to its field (the rules are in `advisor::draft`).

use advisor::draft::{Draft, DraftError, Field};
use advisor::pattern::OPERATIONS;
use leptos::prelude::*;

use crate::i18n::{t, use_i18n};
use crate::model::Edit;
use crate::state::use_modeler;

/// The faults of `f`, joined ("" when it has none).
fn error_of(errors: RwSignal<Vec<DraftError>>, f: Field, lang: messages::Lang) -> String {
    errors.with(|e| e.iter().filter(|x| x.field == f).map(|x| ::advisor::render(&x.message, lang)).collect::<Vec<_>>().join("; "))
}

/// One text field of the form (a textarea when `area`), with its faults beside it.
#[component]
fn DraftField(
    draft: RwSignal<Draft>,
    errors: RwSignal<Vec<DraftError>>,
    label: AnyView,
    testid: &'static str,
    field: Field,
    get: fn(&Draft) -> String,
    set: fn(&mut Draft, String),
    #[prop(optional)] area: bool,
) -> impl IntoView {
    let i18n = crate::i18n::use_i18n();
    let error_of = move |errors, field| error_of(errors, field, crate::language::words(i18n.get_locale()));
    let invalid = move || if error_of(errors, field).is_empty() { "false" } else { "true" };
    let value = move || draft.with(get);
    let input = move |ev| draft.update(|d| set(d, event_target_value(&ev)));
    let control = if area {
        view! {
            <textarea class="mdl-input mdl-mono pat-request" spellcheck="false" rows="9" data-testid=testid aria-invalid=invalid prop:value=value on:input=input></textarea>
        }
        .into_any()
    } else {
        view! { <input type="text" class="mdl-input" spellcheck="false" data-testid=testid aria-invalid=invalid prop:value=value on:input=input /> }.into_any()
    };
    view! {
        <label class="mdl-field">
            <span class="mdl-label">{label}</span>
            {control}
            <span class="mdl-error" role="alert" data-testid=format!("{testid}-error") hidden=move || error_of(errors, field).is_empty()>
                {move || error_of(errors, field)}
            </span>
        </label>
    }
}

/// The form for pattern `index` (`None` adds a pattern), starting from `start`. Saving checks the draft
/// and applies it as one undoable edit; Cancel or Escape calls `on_close`.
#[component]
pub fn PatternEditor(index: Option<usize>, start: Draft, on_close: Callback<()>) -> impl IntoView {
    let m = use_modeler();
    let i18n = use_i18n();
    // The select changes only the draft: its options start on the draft's operation.
    let operation = start.operation.clone();
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
    view! {
        <form
            class="pat-editor"
            data-testid="pattern-editor"
            on:submit=move |ev| {
                ev.prevent_default();
                save()
            }
            on:keydown=move |ev| {
                if ev.key() == "Escape" {
                    ev.prevent_default();
                    on_close.run(())
                }
            }
        >
            <h3 class="pat-subtitle">{if index.is_some() { t!(i18n, patterns.edit_title).into_any() } else { t!(i18n, patterns.new_title).into_any() }}</h3>
            <DraftField draft errors label=t!(i18n, patterns.name).into_any() testid="pattern-name" field=Field::Name get=|d| d.name.clone() set=|d, v| d.name = v />
            <label class="mdl-field">
                <span class="mdl-label">{t!(i18n, patterns.operation)}</span>
                <select class="mdl-input" data-testid="pattern-operation" on:change=move |ev| draft.update(|d| d.operation = event_target_value(&ev))>
                    {OPERATIONS.into_iter().map(|o| view! { <option value=o selected=o == operation>{o}</option> }).collect_view()}
                </select>
            </label>
            <DraftField
                draft
                errors
                label=t!(i18n, patterns.request).into_any()
                testid="pattern-request"
                field=Field::Request
                get=|d| d.request.clone()
                set=|d, v| d.request = v
                area=true
            />
            <DraftField
                draft
                errors
                label=t!(i18n, patterns.samples).into_any()
                testid="pattern-parameters"
                field=Field::Parameters
                get=|d| d.parameters.clone()
                set=|d, v| d.parameters = v
            />
            <DraftField
                draft
                errors
                label=t!(i18n, patterns.entity_types).into_any()
                testid="pattern-entity-types"
                field=Field::EntityTypes
                get=|d| d.entity_types.clone()
                set=|d, v| d.entity_types = v
            />
            <DraftField
                draft
                errors
                label=t!(i18n, patterns.rate).into_any()
                testid="pattern-rate"
                field=Field::Rate
                get=|d| d.rate.clone()
                set=|d, v| d.rate = v
            />
            <p class="mdl-error" role="alert" data-testid="pattern-apply-error" hidden=move || apply_error.with(Option::is_none)>
                {move || apply_error.get().unwrap_or_default()}
            </p>
            <div class="mdl-actions">
                <button type="button" class="mdl-btn" data-testid="pattern-cancel" on:click=move |_| on_close.run(())>{t!(i18n, patterns.cancel)}</button>
                <button type="submit" class="mdl-btn mdl-primary" data-testid="pattern-save">{t!(i18n, patterns.save)}</button>
            </div>
        </form>
    }
}
