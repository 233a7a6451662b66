//! The PartiQL mode: a statement with `?` parameters run as ExecuteStatement; the results panel below
//! shows its items, capacity and whether it became a GetItem, a Query or a full Scan.

use engine::value::value_to_json;
use leptos::prelude::*;
use serde_json::Value;

use super::fields::Check;
use super::partiql::Form;
use super::save_pattern::PatternBar;
use super::session::{run, use_session, Source};
use super::words::FieldFault;
use crate::i18n::{t, use_i18n};

#[component]
pub fn PartiqlPanel() -> impl IntoView {
    let session = use_session();
    let i18n = use_i18n();
    let m = session.app.modeler;
    let form = session.partiql;
    // Start on the selected table: a Query of its first item's partition.
    if form.with_untracked(|f| f.statement.is_empty()) {
        let start = m.state.with_untracked(|s| {
            let t = m.selected.get_untracked().and_then(|i| s.playground.table(i)).or_else(|| s.playground.tables().first())?;
            let pk = t.key_names().0?;
            let value = t.rows.first().and_then(|r| r.item.get(&pk)).map(value_to_json);
            Some(Form::start(t.name(), &pk, value))
        });
        if let Some(f) = start {
            form.set(f);
        }
    }
    let error = RwSignal::new(None::<(&'static str, FieldFault)>);
    let run_with = move |token: Option<String>| match form.with_untracked(|f| f.to_request(token.as_deref())) {
        Err(e) => error.set(Some(e)),
        Ok(mut request) => {
            // {placeholders} in the parameters' values; the statement means itself.
            advisor::pattern::escape_statement(&mut request);
            let Some(request) = session.pattern.resolve("ExecuteStatement", request) else { return };
            let outcome = run(session, Source::PartiQL, "ExecuteStatement", request);
            error.set(outcome.result.err().map(|f| ("statement", FieldFault::Dynamo { type_name: f.type_name, message: f.message })));
        }
    };
    let next_token = move || {
        session.last.with(|o| o.as_ref().filter(|o| o.source == Source::PartiQL).and_then(|o| o.body().get("NextToken").and_then(Value::as_str).map(String::from)))
    };
    let err_at = move |field: &'static str| {
        move || {
            let locale = i18n.get_locale();
            error.with(|e| e.as_ref().filter(|(f, _)| *f == field).map(|(_, fault)| view! { <p class="mdl-error" data-testid=format!("p-error-{field}")>{fault.text(locale)}</p> }))
        }
    };
    let ctrl_enter = move |ev: web_sys::KeyboardEvent| {
        if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) {
            ev.prevent_default();
            run_with(None);
        }
    };
    // For "Save as access pattern": the statement with its parameters, placeholders unfilled.
    let current = Callback::new(move |_| match form.with_untracked(|f| f.to_request(None)) {
        Ok(mut r) => {
            advisor::pattern::escape_statement(&mut r);
            Some(("ExecuteStatement", r))
        }
        Err(e) => {
            error.set(Some(e));
            None
        }
    });
    view! {
        <form
            class="q-controls"
            data-testid="p-form"
            on:submit=move |ev| {
                ev.prevent_default();
                run_with(None);
            }
        >
            <label class="q-field">
                {t!(i18n, query.statement)}
                <textarea
                    class="mdl-input mdl-mono"
                    data-testid="p-statement"
                    spellcheck="false"
                    rows="4"
                    prop:value=move || form.with(|f| f.statement.clone())
                    on:input=move |ev| form.update(|f| f.statement = event_target_value(&ev))
                    on:keydown=ctrl_enter
                ></textarea>
            </label>
            {err_at("statement")}
            <label class="q-field">
                {t!(i18n, query.parameters)}
                <input
                    class="mdl-input mdl-mono"
                    data-testid="p-params"
                    placeholder=r#"[{"S": "USER#u1"}]"#
                    prop:value=move || form.with(|f| f.parameters.clone())
                    on:input=move |ev| form.update(|f| f.parameters = event_target_value(&ev))
                    on:keydown=ctrl_enter
                />
            </label>
            {err_at("parameters")}
            <div class="q-row">
                <label class="q-field">
                    {t!(i18n, query.limit)}
                    <input
                        class="mdl-input q-narrow"
                        data-testid="p-limit"
                        inputmode="numeric"
                        prop:value=move || form.with(|f| f.limit.clone())
                        on:input=move |ev| form.update(|f| f.limit = event_target_value(&ev))
                    />
                </label>
                <Check
                    testid="p-consistent"
                    label="ConsistentRead"
                    value=Signal::derive(move || form.with(|f| f.consistent))
                    write=move |on| form.update(|f| f.consistent = on)
                />
                <button type="submit" class="mdl-btn mdl-primary" data-testid="p-run">{t!(i18n, query.run)}</button>
                <button type="button" class="mdl-btn" data-testid="p-next" disabled=move || next_token().is_none() on:click=move |_| run_with(next_token())>
                    {t!(i18n, query.next_page)}
                </button>
            </div>
            {err_at("limit")}
            <PatternBar json=Signal::derive(move || form.with(|f| f.parameters.clone())) current=current/>
        </form>
    }
}
