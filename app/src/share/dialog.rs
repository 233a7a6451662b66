//! The frame the sharing dialogs and the incoming-model question share: a modal dialog over a backdrop,
//! labelled by its title, that Escape closes.

use leptos::prelude::*;

/// A modal dialog (`class` beside `mdl-dialog`) labelled by the element with id `labelled_by`. Escape
/// calls `on_close`, and so does a click on the backdrop unless `backdrop_stays` (a question that must
/// be answered).
#[component]
pub fn Dialog(
    class: &'static str,
    testid: &'static str,
    labelled_by: &'static str,
    on_close: Callback<()>,
    #[prop(optional)] backdrop_stays: bool,
    children: Children,
) -> impl IntoView {
    view! {
        <div
            class="mdl-backdrop"
            on:click=move |_| {
                if !backdrop_stays {
                    on_close.run(())
                }
            }
        ></div>
        <div
            class=format!("mdl-dialog {class}")
            role="dialog"
            aria-modal="true"
            aria-labelledby=labelled_by
            data-testid=testid
            on:keydown=move |ev| {
                if ev.key() == "Escape" {
                    on_close.run(())
                }
            }
        >
            {children()}
        </div>
    }
}
