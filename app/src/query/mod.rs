//! The Query tab: run any DynamoDB request against the model's engine and see what it read, returned,
//! wrote and cost, with the code for it.
//!
//! Pure logic lives in its own modules ([`builder`], [`write_request`], [`partiql`], [`results`],
//! [`capacity`], [`log`], [`streams`], the playground clock in [`crate::state::clock`]; code generation in
//! the `codegen` crate); the Leptos components (`*_view`, under [`QueryTab`]) only wire signals to them.
//! The tab's state is one [`session::QuerySession`], made by [`QueryTab`] and provided as context; every
//! request runs through [`session::run`], which goes to `Playground::run_request` so writes land in the
//! model as one undoable step.
//!
//! Modes are listed in [`MODES`]: a way of writing requests (builder, write form, PartiQL, console) is
//! one entry and its own module; the results panel, code, log and clock below it are shared.

pub mod builder;
pub mod builder_state;
mod builder_view;
pub mod capacity;
mod clock_view;
mod code_view;
mod console_view;
mod fields;
pub mod log;
pub mod multi_key_builder;
mod log_view;
pub mod partiql;
mod pattern_state;
mod partiql_view;
pub mod results;
mod results_view;
pub mod save_pattern;
pub mod session;
pub mod streams;
pub mod vector_request;
mod vector_view;
pub mod write_request;
pub mod words;
mod write_view;

use leptos::prelude::*;

use crate::i18n::{t_string, td_string, use_i18n, Locale};
use session::QuerySession;
use words::Unshowable;

/// One way of writing a request: `(slug, label, panel)`.
pub type Mode = (&'static str, fn(Locale) -> &'static str, fn() -> AnyView);

/// The modes, in tab order.
pub const MODES: &[Mode] = &[
    ("builder", |l| td_string!(l, query.mode_builder), || view! { <builder_view::BuilderPanel/> }.into_any()),
    ("write", |l| td_string!(l, query.mode_write), || view! { <write_view::WritePanel/> }.into_any()),
    ("partiql", |l| td_string!(l, query.mode_partiql), || view! { <partiql_view::PartiqlPanel/> }.into_any()),
    ("vector", |l| td_string!(l, query.mode_vector), || view! { <vector_view::VectorPanel/> }.into_any()),
    ("console", |l| td_string!(l, query.mode_console), || view! { <console_view::ConsolePanel/> }.into_any()),
];

/// The modes a read-only embed offers: the ones that read (a PartiQL statement that writes is refused
/// by [`session::run`]); the write form and the API console are for changing the model.
pub const READ_MODES: [&str; 3] = ["builder", "partiql", "vector"];

/// The Query tab: the mode buttons, the open mode's panel, and the results, clock and log under it. It
/// owns the tab's state ([`QuerySession`]) and provides it to its panels.
#[component]
pub fn QueryTab() -> impl IntoView {
    let session = QuerySession::new(crate::state::use_app());
    provide_context(session);
    let i18n = use_i18n();
    // "Open in builder" from the Access patterns tab.
    let open_pattern = session.app.requests.open_pattern;
    Effect::new(move |_| {
        if let Some(i) = open_pattern.get() {
            open_pattern.set(None);
            save_pattern::open(session, i);
        }
    });
    let mode = session.mode;
    let read_only = session.app.modeler.read_only;
    let mode_button = move |&(slug, label, _): &Mode| {
        view! {
            <button
                type="button"
                class="mdl-btn mdl-small"
                data-testid=format!("q-mode-{slug}")
                aria-pressed=move || (mode.get() == slug).to_string()
                class:q-on=move || mode.get() == slug
                on:click=move |_| mode.set(slug)
            >
                {move || label(i18n.get_locale())}
            </button>
        }
    };
    // Every setting of the mode rebuilds the panel (see `QuerySession::mode`); the panel itself builds
    // untracked.
    let panel = move || {
        let current = mode.get();
        MODES.iter().filter(|(slug, _, _)| !read_only || READ_MODES.contains(slug)).find(|(s, _, _)| *s == current).map(|&(_, _, panel)| untrack(panel))
    };
    view! {
        <div class="q-tab" data-testid="query-view">
            <div class="mdl-toolbar q-modes" role="group" aria-label=move || t_string!(i18n, query.modes_label)>
                {MODES.iter().filter(|(slug, _, _)| !read_only || READ_MODES.contains(slug)).map(mode_button).collect_view()}
            </div>
            {panel}
            <results_view::ResultsPanel/>
            <clock_view::ClockPanel/>
            <log_view::LogPanel/>
        </div>
    }
}

/// The form a request mode's controls sit in: Enter in any field, or its Run button, runs the request
/// (the browser's own submit, kept from reloading the page).
#[component]
fn RequestForm(testid: &'static str, run: impl Fn() + 'static, children: Children) -> impl IntoView {
    view! {
        <form
            class="q-builder"
            data-testid=testid
            on:submit=move |ev| {
                ev.prevent_default();
                run();
            }
        >
            {children()}
        </form>
    }
}

/// Which controls sit beside a [`JsonEditor`] (its note names them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Controls {
    Builder,
    WriteFields,
}

/// The request JSON editor of the builder and the write form: both stay in step with their controls,
/// and an error or note appears under the text it is about. Test ids are `{prefix}-json`,
/// `{prefix}-json-error` and `{prefix}-json-note`.
#[component]
fn JsonEditor(
    prefix: &'static str,
    /// What cannot show a request, for the label and the note.
    controls: Controls,
    /// The request as text.
    json: RwSignal<String>,
    /// Its parse error (serde_json's message).
    json_error: RwSignal<Option<String>>,
    /// Why the mode's controls cannot show it (then the JSON alone is what runs).
    json_only: RwSignal<Option<Unshowable>>,
    on_input: impl Fn(String) + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    let label = move || match controls {
        Controls::Builder => t_string!(i18n, query.request_json),
        Controls::WriteFields => t_string!(i18n, query.request_json_runs),
    };
    view! {
        <div class="q-json">
            <label class="q-field">
                {label}
                <textarea
                    class="mdl-input mdl-mono q-json-text"
                    data-testid=format!("{prefix}-json")
                    spellcheck="false"
                    rows="16"
                    prop:value=move || json.get()
                    on:input=move |ev| on_input(event_target_value(&ev))
                ></textarea>
            </label>
            {move || json_error.get().map(|error| view! {
                <p class="mdl-error" data-testid=format!("{prefix}-json-error")>{t_string!(i18n, query.not_json, error).to_string()}</p>
            })}
            {move || {
                let locale = i18n.get_locale();
                json_only.get().map(|r| {
                    let reason = r.text(locale);
                    let note = match controls {
                        Controls::Builder => td_string!(locale, query.json_only_builder, reason).to_string(),
                        Controls::WriteFields => td_string!(locale, query.json_only_fields, reason).to_string(),
                    };
                    view! { <p class="q-note" data-testid=format!("{prefix}-json-note")>{note}</p> }
                })
            }}
        </div>
    }
}
