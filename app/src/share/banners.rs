//! The travel banners: the question asked when something arrives while the user has work, the refusal
//! banner, what an import could not carry across, and the banner shown while a copy is open.

use leptos::prelude::*;

use crate::dialog::Dialog;
use crate::i18n::{t, t_string, use_i18n};
use crate::language::numbers;
use crate::state::{origin_text, title_text, travel_error_text, use_app, Incoming, Origin};

/// The question asked when `inc` arrives while the user has work: a dialog over a backdrop; Escape
/// cancels. Each choice takes the arrival out of the waiting slot before acting on it, so it is acted
/// on once.
#[component]
fn IncomingPrompt(inc: Incoming) -> impl IntoView {
    let app = use_app();
    let i18n = use_i18n();
    let t = app.travel;
    let origin = inc.origin.clone();
    let title = move || t_string!(i18n, share.open_origin, origin = origin_text(i18n.get_locale(), &origin)).to_string();
    let name = inc.title();
    let name = move || title_text(i18n.get_locale(), &name);
    let (tables, items) = (inc.model.tables.len() as u64, inc.item_count() as u64);
    let counts = move || {
        let l = i18n.get_locale();
        t_string!(i18n, share.incoming_counts, tables = numbers::count(l, tables), items = numbers::count(l, items)).to_string()
    };
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
                    {t!(i18n, share.open_copy)}
                </button>
                <span class="mdl-muted">{t!(i18n, share.open_copy_help)}</span>
                <button
                    type="button"
                    class="mdl-btn"
                    data-testid="incoming-replace"
                    on:click=move |_| take().into_iter().for_each(|inc| app.replace(inc))
                >
                    {t!(i18n, share.replace)}
                </button>
                <span class="mdl-muted">{t!(i18n, share.replace_help)}</span>
                <button type="button" class="mdl-btn" data-testid="incoming-cancel" on:click=move |_| cancel.run(())>
                    {t!(i18n, common.cancel)}
                </button>
            </div>
        </Dialog>
    }
}

/// What an import could not carry across, folded open, until dismissed.
#[component]
fn NotesBanner(origin: Origin, notes: Vec<String>) -> impl IntoView {
    let t = use_app().travel;
    let i18n = use_i18n();
    let count = notes.len() as u64;
    let summary = move || {
        let l = i18n.get_locale();
        t_string!(i18n, share.notes_summary, origin = origin_text(l, &origin), count = crate::language::numbers::count(l, count)).to_string()
    };
    view! {
        <div class="mdl-notice trv-notes" role="status" data-testid="import-notes">
            <details open>
                <summary>{summary}</summary>
                <ul>{notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
            </details>
            <button type="button" class="mdl-link" aria-label=move || t_string!(i18n, common.dismiss) on:click=move |_| t.notes.set(None)>"×"</button>
        </div>
    }
}

/// The question asked when something arrives while the user has work, the refusal banner, what an
/// import left behind, and the banner shown while a copy is open.
#[component]
pub fn TravelBanners() -> impl IntoView {
    let app = use_app();
    let i18n = use_i18n();
    let t = app.travel;
    view! {
        {move || t.incoming.get().map(|inc| view! { <IncomingPrompt inc /> })}
        <Show when=move || t.error.with(Option::is_some)>
            <div class="mdl-notice mdl-notice-error trv-error" role="alert" data-testid="travel-error">
                <span data-testid="travel-error-text">{move || t.error.with(|e| e.as_ref().map(|e| travel_error_text(i18n.get_locale(), e))).unwrap_or_default()}</span>
                <button type="button" class="mdl-link" aria-label=move || t_string!(i18n, common.dismiss) data-testid="travel-error-dismiss" on:click=move |_| t.error.set(None)>
                    "×"
                </button>
            </div>
        </Show>
        {move || t.notes.get().map(|(origin, notes)| view! { <NotesBanner origin notes /> })}
        <Show when=move || t.copy.with(Option::is_some)>
            <div class="mdl-notice trv-copy" role="status" data-testid="copy-banner">
                <span>
                    {move || t.copy.with(|o| o.as_ref().map(|o| t_string!(i18n, share.copy_banner, origin = origin_text(i18n.get_locale(), o)).to_string())).unwrap_or_default()}
                </span>
                <div class="mdl-row">
                    <button type="button" class="mdl-btn mdl-small mdl-primary" data-testid="copy-keep" on:click=move |_| app.keep_copy()>
                        {t!(i18n, share.keep_copy)}
                    </button>
                    <button type="button" class="mdl-btn mdl-small" data-testid="copy-discard" on:click=move |_| app.discard_copy()>
                        {t!(i18n, share.discard_copy)}
                    </button>
                </div>
            </div>
        </Show>
    }
}
