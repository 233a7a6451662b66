//! The travel banners: the question asked when something arrives while the user has work, the refusal
//! banner, what an import could not carry across, and the banner shown while a copy is open.

use leptos::prelude::*;

use crate::dialog::Dialog;
use crate::state::{use_app, Incoming};

/// The question asked when `inc` arrives while the user has work: a dialog over a backdrop; Escape
/// cancels. Each choice takes the arrival out of the waiting slot before acting on it, so it is acted
/// on once.
#[component]
fn IncomingPrompt(inc: Incoming) -> impl IntoView {
    let app = use_app();
    let t = app.travel;
    let title = format!("Open {}?", inc.origin);
    let name = inc.title();
    let counts = format!(
        "{} table(s), {} item(s). Your own model has work in it: choose what to do with it.",
        inc.model.tables.len(),
        inc.item_count()
    );
    let inc = StoredValue::new(Some(inc));
    let take = move || {
        t.incoming.set(None);
        inc.try_update_value(Option::take).flatten()
    };
    let cancel = Callback::new(move |_| t.incoming.set(None));
    view! {
        <Dialog class="trv-prompt" testid="incoming-prompt" labelled_by="trv-prompt-title" on_close=cancel backdrop_stays=true>
            <h2 class="mdl-dialog-title" id="trv-prompt-title">{title}</h2>
            <p class="trv-prompt-name" data-testid="incoming-name">{name}</p>
            <p class="mdl-muted">{counts}</p>
            <div class="trv-choices">
                <button
                    type="button"
                    class="mdl-btn mdl-primary"
                    data-testid="incoming-copy"
                    autofocus
                    on:click=move |_| take().into_iter().for_each(|inc| app.open_copy(inc))
                >
                    "Open as a copy"
                </button>
                <span class="mdl-muted">"Your saved model stays exactly as it is; autosave pauses until you keep the copy."</span>
                <button
                    type="button"
                    class="mdl-btn"
                    data-testid="incoming-replace"
                    on:click=move |_| take().into_iter().for_each(|inc| app.replace(inc))
                >
                    "Replace my model"
                </button>
                <span class="mdl-muted">"One undoable step: Undo brings your model back."</span>
                <button type="button" class="mdl-btn" data-testid="incoming-cancel" on:click=move |_| cancel.run(())>
                    "Cancel"
                </button>
            </div>
        </Dialog>
    }
}

/// What an import could not carry across, folded open, until dismissed.
#[component]
fn NotesBanner(title: String, notes: Vec<String>) -> impl IntoView {
    let t = use_app().travel;
    let summary = format!("{title} ({})", notes.len());
    view! {
        <div class="mdl-notice trv-notes" role="status" data-testid="import-notes">
            <details open>
                <summary>{summary}</summary>
                <ul>{notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
            </details>
            <button type="button" class="mdl-link" aria-label="Dismiss" on:click=move |_| t.notes.set(None)>"×"</button>
        </div>
    }
}

/// The question asked when something arrives while the user has work, the refusal banner, what an
/// import left behind, and the banner shown while a copy is open.
#[component]
pub fn TravelBanners() -> impl IntoView {
    let app = use_app();
    let t = app.travel;
    view! {
        {move || t.incoming.get().map(|inc| view! { <IncomingPrompt inc /> })}
        <Show when=move || t.error.with(Option::is_some)>
            <div class="mdl-notice mdl-notice-error trv-error" role="alert" data-testid="travel-error">
                <span data-testid="travel-error-text">{move || t.error.get().unwrap_or_default()}</span>
                <button type="button" class="mdl-link" aria-label="Dismiss" data-testid="travel-error-dismiss" on:click=move |_| t.error.set(None)>
                    "×"
                </button>
            </div>
        </Show>
        {move || t.notes.get().map(|(title, notes)| view! { <NotesBanner title notes /> })}
        <Show when=move || t.copy.with(Option::is_some)>
            <div class="mdl-notice trv-copy" role="status" data-testid="copy-banner">
                <span>
                    {move || {
                        format!(
                            "You are looking at a copy from {}. Your saved model is untouched and autosave is paused.",
                            t.copy.get().unwrap_or_default(),
                        )
                    }}
                </span>
                <div class="mdl-row">
                    <button type="button" class="mdl-btn mdl-small mdl-primary" data-testid="copy-keep" on:click=move |_| app.keep_copy()>
                        "Keep this model"
                    </button>
                    <button type="button" class="mdl-btn mdl-small" data-testid="copy-discard" on:click=move |_| app.discard_copy()>
                        "Back to my model"
                    </button>
                </div>
            </div>
        </Show>
    }
}
