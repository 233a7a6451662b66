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
pub mod clock;
mod clock_view;
mod code_view;
mod console_view;
pub mod highlight;
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

use leptos::prelude::*;

use session::use_session;

/// One way of writing a request: `(slug, label, panel)`.
pub type Mode = (&'static str, &'static str, fn() -> AnyView);

/// The modes, in tab order.
pub const MODES: &[Mode] = &[
    ("builder", "Query / Scan", || view! { <builder_view::BuilderPanel/> }.into_any()),
    ("write", "Write", || view! { <write_view::WritePanel/> }.into_any()),
    ("partiql", "PartiQL", || view! { <partiql_view::PartiqlPanel/> }.into_any()),
    ("console", "API console", || view! { <console_view::ConsolePanel/> }.into_any()),
];

#[component]
pub fn QueryTab() -> impl IntoView {
    let session = use_session();
    let mode = session.mode;
    view! {
        <div class="q-tab" data-testid="query-view">
            <div class="mdl-toolbar q-modes" role="group" aria-label="Request mode">
                {MODES.iter().map(|(slug, label, _)| {
                    let slug: &'static str = slug;
                    view! {
                        <button type="button" class="mdl-btn mdl-small" data-testid=format!("q-mode-{slug}")
                            aria-pressed=move || (mode.get() == slug).to_string() class:q-on=move || mode.get() == slug
                            on:click=move |_| mode.set(slug)>{*label}</button>
                    }
                }).collect_view()}
            </div>
            {move || {
                let current = mode.get();
                MODES.iter().find(|(s, _, _)| *s == current).map(|(_, _, panel)| panel())
            }}
            {crate::ui::bridge::to_leptos(results_view::results_panel())}
            {crate::ui::bridge::to_leptos(clock_view::clock_panel())}
            {crate::ui::bridge::to_leptos(log_view::log_panel())}
        </div>
    }
}
