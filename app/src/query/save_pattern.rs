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

use advisor::builder_form::to_builder_form;
use advisor::draft::{Draft, DraftError, Field};
use advisor::pattern::{placeholders, substitute, unescape, PatternSpec};
use serde_json::Value;

use super::builder::{Builder, KeyInfo};
use super::session::QuerySession;
use crate::model::Edit;
use crate::state::{use_app, Tab};
use crate::ui::prelude::*;

/// What the builder keeps of the pattern it was opened from.
#[derive(Clone, Copy)]
struct Shared {
    /// `userId=u1, date=2024-03-01`
    samples: RwSignal<String>,
    /// The name to save under (the pattern the builder was opened from, or the last one saved).
    name: RwSignal<String>,
    /// Why the sample values do not fill the request (shown under them).
    error: RwSignal<Option<String>>,
    /// An action and body for the API console to open with (taken when it mounts; empty: none).
    console: (RwSignal<String>, RwSignal<String>),
}

struct Arcs {
    samples: ArcRwSignal<String>,
    name: ArcRwSignal<String>,
    error: ArcRwSignal<Option<String>>,
    console: (ArcRwSignal<String>, ArcRwSignal<String>),
}

thread_local! {
    static SHARED: Arcs = Arcs { samples: ArcRwSignal::new(String::new()), name: ArcRwSignal::new(String::new()), error: ArcRwSignal::new(None), console: (ArcRwSignal::new(String::new()), ArcRwSignal::new(String::new())) };
}

fn shared() -> Shared {
    SHARED.with(|a| Shared { samples: a.samples.clone().into(), name: a.name.clone().into(), error: a.error.clone().into(), console: (a.console.0.clone().into(), a.console.1.clone().into()) })
}

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

/// The request to run: `{name}` placeholders filled from the sample values (and `{{`/`}}` read as
/// braces). `None` (and the error shown under the sample values) when one has no value.
pub fn resolve(action: &str, request: Value) -> Option<Value> {
    let st = shared();
    if placeholders(&request).is_empty() {
        let filled = substitute(&request, &Default::default()).map_err(|e| e.to_string());
        st.error.set(filled.as_ref().err().cloned());
        return filled.ok();
    }
    let mut d = Draft::from_request(action, &request, &st.samples.get_untracked(), None);
    d.name = String::from("builder");
    let resolved = d
        .to_pattern(None)
        .map_err(|e| e.into_iter().map(|e| e.message).collect::<Vec<_>>().join("; "))
        .and_then(|p| PatternSpec::from_access_pattern(&p).and_then(|s| s.resolved_request()).map_err(|e| e.to_string()));
    match resolved {
        Ok(mut v) => {
            // The stored form drops ReturnConsumedCapacity; the builder always asks for it.
            if let (Some(o), Some(rcc)) = (v.as_object_mut(), request.get("ReturnConsumedCapacity")) {
                o.insert("ReturnConsumedCapacity".into(), rcc.clone());
            }
            st.error.set(None);
            Some(v)
        }
        Err(e) => {
            st.error.set(Some(e));
            None
        }
    }
}

/// The API console's starting action and body, when a pattern was opened into it.
pub fn take_console() -> Option<(String, String)> {
    let (action, body) = shared().console;
    if action.with_untracked(String::is_empty) {
        return None;
    }
    Some((action.try_update(core::mem::take).unwrap_or_default(), body.try_update(core::mem::take).unwrap_or_default()))
}

/// Open the model's access pattern `i` in the Query tab, placeholders kept and sample values beside them:
/// a Query or Scan in the builder, a statement in the PartiQL mode, anything else (or a Query the
/// builder cannot show) in the API console.
pub fn open(session: QuerySession, i: usize) {
    let m = session.app.modeler;
    let st = shared();
    let Some(p) = m.state.with_untracked(|s| s.playground.access_patterns.get(i).cloned()) else { return };
    let action = p.operation.clone().unwrap_or_default();
    let request = p.request.clone().unwrap_or(Value::Null);
    let key_info = |t: &str, ix: &str| m.state.with_untracked(|s| s.playground.table_index(t).and_then(|x| s.playground.table(x)).map(|t| KeyInfo::of(&t.definition, ix)));
    let table = request.get("TableName").and_then(Value::as_str).unwrap_or_default();
    let index = request.get("IndexName").and_then(Value::as_str).unwrap_or_default();
    let shown = match action.as_str() {
        "Query" => key_info(table, index).and_then(|k| to_builder_form(&request, &k.partition, k.sort.as_ref().map(|s| s.0.as_str()))),
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
            st.console.0.set(action);
            st.console.1.set(pretty(&request));
            session.mode.set("console");
        }
    }
    session.app.tab.set(Tab::Query);
}

/// Under a mode's request: the sample values for its `{placeholders}`, and "Save as access pattern".
/// `json` is the JSON text the placeholders are read from; `current` is the request the mode would run
/// (placeholders unfilled), `None` while it has an error (shown by the mode).
pub fn pattern_bar(json: Signal<String>, current: Callback<(), Option<(&'static str, Value)>>) -> View {
    let app = use_app();
    let m = app.modeler;
    let st = shared();
    let used = Memo::new(move |_| json.with(|j| serde_json::from_str::<Value>(j).map(|v| placeholders(&v)).unwrap_or_default()));
    let open = RwSignal::new(false);
    // The form's fault (name, request); a sample-value fault goes under the sample values.
    let error = RwSignal::new(String::new());
    let saved = RwSignal::new(None::<String>);
    let existing = move || {
        let name = st.name.with(|n| n.trim().to_string());
        m.state.with(|s| s.playground.access_patterns.iter().position(|p| p.name == name))
    };
    let save = move || {
        saved.set(None);
        error.set(String::new());
        let Some((action, request)) = current.run(()) else {
            error.set(String::from("Fix the request's error above first"));
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
            m.perform(Edit::SetAccessPatterns(list)).map(|_| name).map_err(|e| vec![DraftError { field: Field::Request, message: e.to_string() }])
        });
        match result {
            Ok(name) => {
                open.set(false);
                saved.set(Some(name));
            }
            Err(e) => {
                let (samples, form): (Vec<_>, Vec<_>) = e.into_iter().partition(|e| e.field == Field::Parameters);
                let text = |v: Vec<DraftError>| v.into_iter().map(|e| e.message).collect::<Vec<_>>().join("; ");
                st.error.set(Some(text(samples)).filter(|t| !t.is_empty()));
                error.set(text(form));
            }
        }
    };
    let samples = move || {
        el("label")
            .class("q-field")
            .dyn_text(move || format!("Sample values for {} (name=value, comma separated)", used.get().iter().map(|u| format!("{{{u}}}")).collect::<Vec<_>>().join(", ")))
            .child(
                el("input")
                    .class("mdl-input mdl-mono")
                    .tid("q-samples")
                    .attr("placeholder", "userId=u1")
                    .dyn_value(move || st.samples.get())
                    .on_input(move |v| {
                        st.error.set(None);
                        st.samples.set(v)
                    }),
            )
            .into()
    };
    let saved_note = move || {
        saved
            .get()
            .map(|n| {
                el("span").class("mdl-muted").attr("role", "status").tid("q-pattern-saved").text(&format!("Saved as “{n}”. ")).child(
                    el("button").ty("button").class("mdl-link").tid("q-pattern-show").on_click(move |_| app.tab.set(Tab::Patterns)).text("Show in Access patterns"),
                )
            })
            .into()
    };
    let form = move || {
        fragment(vec![
            el("div")
                .class("q-row")
                .child(
                    el("label").class("q-field q-grow").text("Access pattern name").child(
                        el("input")
                            .class("mdl-input")
                            .tid("q-pattern-name")
                            .attr("placeholder", "Get a user's orders by date")
                            .dyn_value(move || st.name.get())
                            .on_input(move |v| st.name.set(v))
                            .on_key("keydown", move |ev| {
                                if ev.key() == "Enter" {
                                    ev.prevent_default();
                                    save()
                                }
                            }),
                    ),
                )
                .child(
                    el("button")
                        .ty("button")
                        .class("mdl-btn mdl-primary")
                        .tid("q-pattern-save")
                        .on_click(move |_| save())
                        .dyn_text(move || String::from(if existing().is_some() { "Replace pattern" } else { "Save pattern" })),
                )
                .into(),
            error_line("q-pattern-error", move || error.with(String::is_empty), move || error.get()),
        ])
    };
    fragment(vec![
        show(move || used.with(|u| !u.is_empty()), samples),
        error_line("q-samples-error", move || st.error.with(Option::is_none), move || st.error.get().unwrap_or_default()),
        el("div")
            .class("q-row")
            .child(
                el("button")
                    .ty("button")
                    .class("mdl-btn")
                    .tid("q-save-pattern")
                    .dyn_attr("aria-expanded", move || Some(open.get().to_string()))
                    .on_click(move |_| {
                        saved.set(None);
                        error.set(String::new());
                        open.update(|o| *o = !*o)
                    })
                    .text("Save as access pattern…"),
            )
            .dyn_child(saved_note)
            .into(),
        show(move || open.get(), form),
    ])
}

/// An alert line that is always in the page, hidden while there is nothing to say.
fn error_line(testid: &str, hidden: impl Fn() -> bool + 'static, message: impl Fn() -> String + 'static) -> View {
    el("p").class("mdl-error").attr("role", "alert").tid(testid).dyn_flag("hidden", hidden).dyn_text(message).into()
}
