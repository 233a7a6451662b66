//! The "Share" dialog: a link with the whole model in its fragment (its length, and whether it is too
//! long to share that way), and the `<iframe>` code that embeds the model in another page.

use std::sync::Arc;

use formats::share::{embed_snippet, envelope, fragment_from_zlib, judge_length, EmbedOptions, LinkLength, View as LinkView, MAX_SHAREABLE_CHARS, SAFE_LINK_CHARS};
use leptos::html;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen_futures::JsFuture;

use crate::dialog::Dialog;
use super::file_io::save_model;
use crate::i18n::{t, td_string, use_i18n, Locale};
use crate::language::numbers;
use crate::state::{page_base, use_app, AppState, Tab};

/// The current model and view as a link fragment, compressed by the browser (see `super::zlib`).
pub async fn current_fragment(app: AppState) -> Result<String, crate::state::TravelError> {
    let m = app.modeler;
    let (model, table) = m.state.with_untracked(|s| {
        let table = m.selected.get_untracked().and_then(|i| s.playground.table(i)).map(|t| t.name().to_string());
        (s.playground.to_model(), table)
    });
    let json = envelope(&model, &LinkView { tab: Some(app.tab.get_untracked().slug().to_string()), table });
    match super::zlib::deflate(json.as_bytes()).await {
        Ok(packed) => Ok(fragment_from_zlib(&packed)),
        Err(_) => Err(crate::state::TravelError::NoCompression),
    }
}

/// What a copy button did.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Copied {
    Not,
    Done,
    /// The browser refused the clipboard: the field is selected for Ctrl+C.
    Selected,
}

/// Copy `text`; when the browser refuses (no permission), `select` the field it is in so Ctrl+C copies
/// it. `status` says which happened.
fn copy(text: String, select: impl FnOnce() + 'static, status: RwSignal<Copied>) {
    spawn_local(async move {
        let clip = gloo_utils::window().navigator().clipboard();
        match JsFuture::from(clip.write_text(&text)).await {
            Ok(_) => status.set(Copied::Done),
            Err(_) => {
                select();
                status.set(Copied::Selected);
            }
        }
    });
}

/// A copy button's status line.
fn copied_text(locale: Locale, status: Copied) -> &'static str {
    match status {
        Copied::Not => "",
        Copied::Done => td_string!(locale, share.copied),
        Copied::Selected => td_string!(locale, share.copy_selected),
    }
}

/// What the link's length means for sharing it.
fn verdict_text(locale: Locale, length: LinkLength) -> String {
    match length {
        LinkLength::Fine => td_string!(locale, share.link_fine, limit = numbers::count(locale, SAFE_LINK_CHARS as u64)).to_string(),
        LinkLength::Long => td_string!(locale, share.link_long, limit = numbers::count(locale, SAFE_LINK_CHARS as u64)).to_string(),
        LinkLength::TooLong => td_string!(locale, share.link_too_long, limit = numbers::count(locale, MAX_SHAREABLE_CHARS as u64)).to_string(),
    }
}

/// The class that colours the link's length verdict.
fn verdict_class(length: LinkLength) -> &'static str {
    match length {
        LinkLength::Fine => "trv-ok",
        LinkLength::Long => "trv-warn",
        LinkLength::TooLong => "trv-bad",
    }
}

/// The dialog and its backdrop, for the link `fragment` (compressed before the dialog opens); Escape or
/// a click on the backdrop closes it.
#[component]
pub fn SharePanel(fragment: Arc<str>) -> impl IntoView {
    let app = use_app();
    let i18n = use_i18n();
    let (t, m) = (app.travel, app.modeler);
    let url = format!("{}#{fragment}", page_base());
    let chars = url.chars().count();
    let length = judge_length(chars);
    let verdict_class = verdict_class(length);
    let link_status = RwSignal::new(Copied::Not);
    let embed_status = RwSignal::new(Copied::Not);
    let read_only = RwSignal::new(false);
    // The select changes only `tab`: its options start on the tab the dialog was opened from.
    let opened_on = app.tab.get_untracked().slug();
    let tab = RwSignal::new(opened_on.to_string());
    let snippet = Memo::new(move |_| {
        let opts = EmbedOptions { read_only: read_only.get(), tab: Some(tab.get()), height: 520 };
        embed_snippet(&page_base(), &fragment, &opts)
    });
    let url_field = NodeRef::<html::Input>::new();
    let code_field = NodeRef::<html::Textarea>::new();
    let close = Callback::new(move |_| t.panel.set(None));
    let copy_url = {
        let url = url.clone();
        move |_| copy(url.clone(), move || url_field.try_get_untracked().flatten().iter().for_each(|i| i.select()), link_status)
    };
    let copy_code = move |_| copy(snippet.get_untracked(), move || code_field.try_get_untracked().flatten().iter().for_each(|t| t.select()), embed_status);
    let save = move |_| save_model(t, &m.state.with_untracked(|s| s.playground.to_model()));
    view! {
        <Dialog class="trv-share" testid="share-panel" labelled_by="trv-share-title" on_close=close>
            <h2 class="mdl-dialog-title" id="trv-share-title">{t!(i18n, share.share_title)}</h2>
            <p class="mdl-muted">
                {t!(i18n, share.share_intro)}
            </p>
            <label class="mdl-label" for="trv-share-url">{t!(i18n, share.link)}</label>
            <div class="mdl-row trv-fill">
                <input
                    id="trv-share-url"
                    class="mdl-input mdl-mono"
                    data-testid="share-url"
                    readonly
                    prop:value=url
                    node_ref=url_field
                    on:focus=move |_| url_field.get_untracked().iter().for_each(|i| i.select())
                />
                <button type="button" class="mdl-btn mdl-primary" data-testid="share-copy" on:click=copy_url>{t!(i18n, share.copy_link)}</button>
            </div>
            <p class=format!("trv-verdict {verdict_class}") data-testid="share-verdict">
                {t!(i18n, share.link_length, count = move || view! { <strong data-testid="share-length">{numbers::count(i18n.get_locale(), chars as u64)}</strong> })}
                " "
                {move || verdict_text(i18n.get_locale(), length)}
            </p>
            {(length != LinkLength::Fine)
                .then(|| view! { <button type="button" class="mdl-btn" data-testid="share-download" on:click=save>{t!(i18n, share.download_model)}</button> })}
            <p class="mdl-muted" role="status" data-testid="share-status">{move || copied_text(i18n.get_locale(), link_status.get())}</p>
            <h3 class="mdl-subtitle">{t!(i18n, share.embed_title)}</h3>
            <p class="mdl-muted">
                {t!(i18n, share.embed_intro)}
            </p>
            <div class="mdl-row">
                <label class="trv-check">
                    <input type="checkbox" data-testid="embed-readonly" bind:checked=read_only />
                    " "{t!(i18n, shell.read_only)}
                </label>
                <label class="mdl-label">
                    {t!(i18n, share.opens_on)}" "
                    <select class="mdl-input mdl-narrow" data-testid="embed-tab" on:change=move |ev| tab.set(event_target_value(&ev))>
                        {Tab::ALL.into_iter().map(|t| view! { <option value=t.slug() selected=t.slug() == opened_on>{move || t.label(i18n.get_locale())}</option> }).collect_view()}
                    </select>
                </label>
            </div>
            <textarea
                id="trv-embed-code"
                class="mdl-input mdl-mono trv-code"
                data-testid="embed-code"
                readonly
                rows="4"
                node_ref=code_field
                prop:value=move || snippet.get()
            ></textarea>
            <div class="mdl-row">
                <button type="button" class="mdl-btn" data-testid="embed-copy" on:click=copy_code>{t!(i18n, share.copy_embed)}</button>
                <span class="mdl-muted" role="status" data-testid="embed-status">{move || copied_text(i18n.get_locale(), embed_status.get())}</span>
            </div>
            <div class="mdl-row trv-end">
                <button type="button" class="mdl-btn" data-testid="share-close" on:click=move |_| close.run(())>{t!(i18n, common.close)}</button>
            </div>
        </Dialog>
    }
}
