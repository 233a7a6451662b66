//! A consistent "nothing here yet" block, so every empty area tells the user what to do next.

use leptos::prelude::*;

#[component]
pub fn EmptyState(
    /// Short heading: what is missing.
    title: &'static str,
    /// One or two sentences: how to get started.
    hint: &'static str,
) -> impl IntoView {
    view! {
        <div class="empty-state">
            <p class="empty-title">{title}</p>
            <p class="empty-hint">{hint}</p>
        </div>
    }
}
