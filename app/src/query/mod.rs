//! The Query tab: run any DynamoDB request against the model's engine and see what it read, returned,
//! wrote and cost, with the code for it.
//!
//! Pure logic lives in its own modules ([`builder`], [`write_request`], [`partiql`], [`results`],
//! [`capacity`], [`log`], [`clock`], [`streams`]; code generation in the `codegen` crate); components (`*_view`)
//! only wire signals to them. Every request runs through [`session::run`], which goes to
//! `Playground::run_request` so writes land in the model as one undoable step.
//!
//! Modes are listed in [`MODES`]: a way of writing requests (builder, write form, PartiQL, console) is
//! one entry and its own module; the results panel, code, log and clock below it are shared.

pub mod builder;
mod builder_view;
pub mod capacity;
mod clock_view;
mod code_view;
mod console_view;
pub mod log;
mod log_view;
pub mod partiql;
mod partiql_view;
pub mod results;
mod results_view;
pub mod save_pattern;
pub mod session;
pub mod streams;
pub mod write_request;
mod write_view;

use crate::ui::prelude::*;
use leptos::prelude::provide_context;

/// One way of writing a request: `(slug, label, panel)`.
pub type Mode = (&'static str, &'static str, fn() -> View);

/// The modes, in tab order.
pub const MODES: &[Mode] = &[
    ("builder", "Query / Scan", builder_view::builder_panel),
    ("write", "Write", write_view::write_panel),
    ("partiql", "PartiQL", partiql_view::partiql_panel),
    ("console", "API console", console_view::console_panel),
];

pub fn query_tab() -> View {
    let session = session::QuerySession::new(crate::state::use_app());
    provide_context(session);
    // "Open in builder" from the Access patterns tab.
    let open_pattern = session.app.requests.open_pattern;
    Effect::new(move |_| {
        if let Some(i) = open_pattern.get() {
            open_pattern.set(None);
            save_pattern::open(session, i);
        }
    });
    let mode = session.mode;
    let mode_button = move |(slug, label, _): &Mode| {
        let slug: &'static str = slug;
        el("button")
            .ty("button")
            .class("mdl-btn mdl-small")
            .tid(&format!("q-mode-{slug}"))
            .dyn_attr("aria-pressed", move || Some((mode.get() == slug).to_string()))
            .dyn_class("q-on", move || mode.get() == slug)
            .on_click(move |_| mode.set(slug))
            .text(label)
    };
    el("div")
        .class("q-tab")
        .tid("query-view")
        .child(el("div").class("mdl-toolbar q-modes").attr("role", "group").attr("aria-label", "Request mode").children(MODES.iter().map(mode_button)))
        .dyn_child(move || {
            let current = mode.get();
            // A panel builds untracked: only the mode rebuilds it.
            MODES.iter().find(|(s, _, _)| *s == current).map(|(_, _, panel)| untrack(panel)).unwrap_or_default()
        })
        .child(results_view::results_panel())
        .child(clock_view::clock_panel())
        .child(log_view::log_panel())
        .into()
}

/// The form a request mode's controls sit in: Enter in any field, or its Run button, runs the request
/// (the browser's own submit, kept from reloading the page).
fn request_form(testid: &str, run: impl Fn() + 'static) -> El {
    el("form").class("q-builder").tid(testid).on("submit", move |ev| {
        ev.prevent_default();
        run();
    })
}

/// What a request mode's JSON editor shows: the request as text, its parse error, and why the mode's
/// controls cannot show it (then the JSON alone is what runs). Test ids are `{prefix}-json`,
/// `{prefix}-json-error` and `{prefix}-json-note`.
struct JsonEditor {
    prefix: &'static str,
    label: &'static str,
    /// What cannot show a request ("The builder", "The fields"), for the note.
    controls: &'static str,
    json: RwSignal<String>,
    json_error: RwSignal<Option<String>>,
    json_only: RwSignal<Option<String>>,
}

/// The request JSON editor of the builder and the write form: both stay in step with their controls,
/// and an error or note appears under the text it is about.
fn json_editor(e: JsonEditor, on_input: impl FnMut(String) + 'static) -> El {
    let JsonEditor { prefix, label, controls, json, json_error, json_only } = e;
    el("div")
        .class("q-json")
        .child(
            el("label").class("q-field").text(label).child(
                el("textarea")
                    .class("mdl-input mdl-mono q-json-text")
                    .tid(&format!("{prefix}-json"))
                    .attr("spellcheck", "false")
                    .attr("rows", "16")
                    .dyn_value(move || json.get())
                    .on_input(on_input),
            ),
        )
        .dyn_child(move || json_error.get().map(|e| el("p").class("mdl-error").tid(&format!("{prefix}-json-error")).text(&e)).into())
        .dyn_child(move || {
            json_only.get().map(|r| el("p").class("q-note").tid(&format!("{prefix}-json-note")).text(&format!("{controls} can't show this request ({r}); the JSON is what runs."))).into()
        })
}
