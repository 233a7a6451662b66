//! The Query tab and the access patterns, both ways: "Save as access pattern" keeps the request of the
//! builder, the API console or the PartiQL mode (with any `{name}` placeholders and their sample values)
//! in the model's access patterns, and "Open in builder" in the pattern table brings a pattern back (a
//! Query rewritten in the builder's form by `advisor::builder_form`; a PartiQL statement into the PartiQL
//! mode; other operations into the API console, placeholders kept).
//!
//! Sample values are the pattern form's own `name=value, …` text, read by `advisor::draft`, so a request
//! here means exactly what it means in the pattern table: Run fills `{name}` with its sample value
//! (`{{`/`}}` for literal braces), and a placeholder without one is an error next to the field. In
//! PartiQL the placeholders go in the parameters' values; the statement is stored as written
//! (`advisor::pattern::escape_statement`), so a tuple's `{…}` is not one.

use advisor::builder_form::to_builder_form_keys;
use advisor::draft::{Draft, DraftError, Field};
use advisor::pattern::{placeholders, unescape};
use leptos::prelude::*;
use serde_json::Value;

use super::builder::{Builder, KeyInfo};
use super::session::{use_session, QuerySession};
use crate::i18n::{t, t_string, use_i18n};
use crate::model::Edit;
use crate::state::Tab;

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

/// Open the model's access pattern `i` in the Query tab, placeholders kept and sample values beside them:
/// a Query or Scan in the builder, a statement in the PartiQL mode, anything else (or a Query the
/// builder cannot show) in the API console.
pub fn open(session: QuerySession, i: usize) {
    let m = session.app.modeler;
    let st = session.pattern;
    let Some(p) = m.state.with_untracked(|s| s.playground.access_patterns.get(i).cloned()) else { return };
    let action = p.operation.clone().unwrap_or_default();
    let request = p.request.clone().unwrap_or(Value::Null);
    let key_info = |t: &str, ix: &str| m.state.with_untracked(|s| s.playground.table_index(t).and_then(|x| s.playground.table(x)).map(|t| KeyInfo::of(&t.definition, ix)));
    let table = request.get("TableName").and_then(Value::as_str).unwrap_or_default();
    let index = request.get("IndexName").and_then(Value::as_str).unwrap_or_default();
    let shown = match action.as_str() {
        "Query" => key_info(table, index).and_then(|k| {
            let hash: Vec<&str> = std::iter::once(k.partition.as_str()).chain(k.more_partitions.iter().map(|(n, _)| n.as_str())).collect();
            let range: Vec<&str> = k.sort.iter().chain(&k.more_sorts).map(|(n, _)| n.as_str()).collect();
            to_builder_form_keys(&request, &hash, &range)
        }),
        "Scan" => {
            let mut r = request.clone();
            if let Some(o) = r.as_object_mut() {
                o.remove("ReturnConsumedCapacity");
            }
            Some(r)
        }
        _ => None,
    };
    let draft = Draft::from_pattern(&p);
    st.name.set(p.name.clone());
    st.error.set(None);
    st.samples.set(draft.parameters);
    match shown.and_then(|r| Builder::from_request(&action, &r, key_info).ok()) {
        Some(b) => {
            session.builder.set(b);
            session.mode.set("builder");
        }
        None if action == "ExecuteStatement" => {
            let mut form = super::partiql::Form::from_request(&request);
            form.statement = unescape(&form.statement);
            session.partiql.set(form);
            session.mode.set("partiql");
        }
        None => {
            st.offer_console(action, pretty(&request));
            session.mode.set("console");
        }
    }
    session.app.tab.set(Tab::Query);
}


/// Under a mode's request: the sample values for its `{placeholders}`, and "Save as access pattern".
/// `json` is the JSON text the placeholders are read from; `current` is the request the mode would run
/// (placeholders unfilled), `None` while it has an error (shown by the mode).
#[component]
pub fn PatternBar(#[prop(into)] json: Signal<String>, current: Callback<(), Option<(&'static str, Value)>>) -> impl IntoView {
    let session = use_session();
    let i18n = use_i18n();
    let (app, st) = (session.app, session.pattern);
    let m = app.modeler;
    let used = Memo::new(move |_| json.with(|j| serde_json::from_str::<Value>(j).map(|v| placeholders(&v)).unwrap_or_default()));
    let open = RwSignal::new(false);
    // The form's fault (name, request); a sample-value fault goes under the sample values.
    let error = RwSignal::new(String::new());
    // The request has an error of its own (shown by the mode).
    let request_fault = RwSignal::new(false);
    let saved = RwSignal::new(None::<String>);
    let existing = move || {
        let name = st.name.with(|n| n.trim().to_string());
        m.state.with(|s| s.playground.access_patterns.iter().position(|p| p.name == name))
    };
    let save = move || {
        saved.set(None);
        error.set(String::new());
        request_fault.set(false);
        let Some((action, request)) = current.run(()) else {
            request_fault.set(true);
            return;
        };
        let at = existing();
        let mut list = m.state.with_untracked(|s| s.playground.access_patterns.clone());
        let mut d = Draft::from_request(action, &request, &st.samples.get_untracked(), at.and_then(|i| list.get(i)));
        d.name = st.name.get_untracked();
        let result = d.to_pattern(at.and_then(|i| list.get(i))).and_then(|p| {
            let name = p.name.clone();
            match at {
                Some(i) => list[i] = p,
                None => list.push(p),
            }
            m.perform(Edit::SetAccessPatterns(list)).map(|_| name).map_err(|e| vec![DraftError::refused(Field::Request, e.to_string())])
        });
        match result {
            Ok(name) => {
                open.set(false);
                saved.set(Some(name));
            }
            Err(e) => {
                let (samples, form): (Vec<_>, Vec<_>) = e.into_iter().partition(|e| e.field == Field::Parameters);
                let lang = crate::language::words(i18n.get_locale_untracked());
                let text = |v: Vec<DraftError>| v.into_iter().map(|e| advisor::render(&e.message, lang)).collect::<Vec<_>>().join("; ");
                st.error.set(Some(text(samples)).filter(|t| !t.is_empty()));
                error.set(text(form));
            }
        }
    };
    let samples_label = move || {
        let names = used.with(|u| u.iter().map(|u| format!("{{{u}}}")).collect::<Vec<_>>().join(", "));
        t_string!(i18n, query.samples_label, names).to_string()
    };
    let form_error = Signal::derive(move || if request_fault.get() { t_string!(i18n, query.fix_request_first).to_string() } else { error.get() });
    view! {
        <Show when=move || used.with(|u| !u.is_empty())>
            <label class="q-field">
                {samples_label}
                <input
                    class="mdl-input mdl-mono"
                    data-testid="q-samples"
                    placeholder="userId=u1"
                    prop:value=move || st.samples.get()
                    on:input=move |ev| {
                        st.error.set(None);
                        st.samples.set(event_target_value(&ev));
                    }
                />
            </label>
        </Show>
        <ErrorLine testid="q-samples-error" message=Signal::derive(move || st.error.get().unwrap_or_default())/>
        // A read-only embed saves no pattern.
        {(!m.read_only).then(|| view! {
        <div class="q-row">
            <button
                type="button"
                class="mdl-btn"
                data-testid="q-save-pattern"
                aria-expanded=move || open.get().to_string()
                on:click=move |_| {
                    saved.set(None);
                    error.set(String::new());
                    request_fault.set(false);
                    open.update(|o| *o = !*o);
                }
            >
                {t!(i18n, query.save_as_pattern)}
            </button>
            {move || saved.get().map(|n| view! {
                <span class="mdl-muted" role="status" data-testid="q-pattern-saved">
                    {t!(i18n, query.saved_as, name = n.clone())}
                    <button type="button" class="mdl-link" data-testid="q-pattern-show" on:click=move |_| app.tab.set(Tab::Patterns)>
                        {t!(i18n, query.show_in_patterns)}
                    </button>
                </span>
            })}
        </div>
        <Show when=move || open.get()>
            <div class="q-row">
                <label class="q-field q-grow">
                    {t!(i18n, query.pattern_name)}
                    <input
                        class="mdl-input"
                        data-testid="q-pattern-name"
                        placeholder=move || t_string!(i18n, query.pattern_name_placeholder)
                        prop:value=move || st.name.get()
                        on:input=move |ev| st.name.set(event_target_value(&ev))
                        on:keydown=move |ev| {
                            if ev.key() == "Enter" {
                                ev.prevent_default();
                                save();
                            }
                        }
                    />
                </label>
                <button type="button" class="mdl-btn mdl-primary" data-testid="q-pattern-save" on:click=move |_| save()>
                    {move || if existing().is_some() { t_string!(i18n, query.replace_pattern) } else { t_string!(i18n, query.save_pattern) }}
                </button>
            </div>
            <ErrorLine testid="q-pattern-error" message=form_error/>
        </Show>
        })}
    }
}

/// An alert line that is always in the page, hidden while there is nothing to say.
#[component]
fn ErrorLine(testid: &'static str, message: Signal<String>) -> impl IntoView {
    view! {
        <p class="mdl-error" role="alert" data-testid=testid hidden=move || message.with(String::is_empty)>
            {message}
        </p>
    }
}
