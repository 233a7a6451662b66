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
use crate::state::{page_base, use_app, AppState, Tab};

/// The current model and view as a link fragment, compressed by the browser (see `super::zlib`).
pub async fn current_fragment(app: AppState) -> Result<String, String> {
    let m = app.modeler;
    let (model, table) = m.state.with_untracked(|s| {
        let table = m.selected.get_untracked().and_then(|i| s.playground.table(i)).map(|t| t.name().to_string());
        (s.playground.to_model(), table)
    });
    let json = envelope(&model, &LinkView { tab: Some(app.tab.get_untracked().slug().to_string()), table });
    match super::zlib::deflate(json.as_bytes()).await {
        Ok(packed) => Ok(fragment_from_zlib(&packed)),
        Err(_) => Err(String::from("This browser cannot compress a share link (it has no CompressionStream); save the model file instead.")),
    }
}

/// Copy `text`; when the browser refuses (no permission), `select` the field it is in so Ctrl+C copies
/// it. `status` says which happened.
fn copy(text: String, select: impl FnOnce() + 'static, status: RwSignal<String>) {
    spawn_local(async move {
        let clip = gloo_utils::window().navigator().clipboard();
        match JsFuture::from(clip.write_text(&text)).await {
            Ok(_) => status.set(String::from("Copied.")),
            Err(_) => {
                select();
                status.set(String::from("Selected: press Ctrl+C to copy."));
            }
        }
    });
}

fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// What the link's length means for sharing it, and the class that colours it.
fn verdict(length: LinkLength) -> (String, &'static str) {
    match length {
        LinkLength::Fine => (format!("Short enough for any chat tool or e-mail (up to {} characters).", thousands(SAFE_LINK_CHARS)), "trv-ok"),
        LinkLength::Long => (
            format!("Longer than {} characters: browsers open it, but some chat tools and e-mail clients cut long links. The model file is safer.", thousands(SAFE_LINK_CHARS)),
            "trv-warn",
        ),
        LinkLength::TooLong => (format!("Too long to share as a link (over {} characters): send the model file instead.", thousands(MAX_SHAREABLE_CHARS)), "trv-bad"),
    }
}

/// The dialog and its backdrop, for the link `fragment` (compressed before the dialog opens); Escape or
/// a click on the backdrop closes it.
#[component]
pub fn SharePanel(fragment: Arc<str>) -> impl IntoView {
    let app = use_app();
    let (t, m) = (app.travel, app.modeler);
    let url = format!("{}#{fragment}", page_base());
    let chars = url.chars().count();
    let length = judge_length(chars);
    let (verdict_text, verdict_class) = verdict(length);
    let link_status = RwSignal::new(String::new());
    let embed_status = RwSignal::new(String::new());
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
            <h2 class="mdl-dialog-title" id="trv-share-title">"Share this model"</h2>
            <p class="mdl-muted">
                "The whole model is compressed into the link itself (after the #): opening it sends nothing to any server. The open tab and table come along."
            </p>
            <label class="mdl-label" for="trv-share-url">"Link"</label>
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
                <button type="button" class="mdl-btn mdl-primary" data-testid="share-copy" on:click=copy_url>"Copy link"</button>
            </div>
            <p class=format!("trv-verdict {verdict_class}") data-testid="share-verdict">
                <strong data-testid="share-length">{thousands(chars)}</strong>
                " characters. "
                {verdict_text}
            </p>
            {(length != LinkLength::Fine)
                .then(|| view! { <button type="button" class="mdl-btn" data-testid="share-download" on:click=save>"Download the model file"</button> })}
            <p class="mdl-muted" role="status" data-testid="share-status">{move || link_status.get()}</p>
            <h3 class="mdl-subtitle">"Embed in a page"</h3>
            <p class="mdl-muted">
                "Paste this into a training page: the model opens in a compact frame. It never reads or changes the visitor's own saved model, and it cannot touch the host page."
            </p>
            <div class="mdl-row">
                <label class="trv-check">
                    <input type="checkbox" data-testid="embed-readonly" bind:checked=read_only />
                    " Read-only"
                </label>
                <label class="mdl-label">
                    "Opens on "
                    <select class="mdl-input mdl-narrow" data-testid="embed-tab" on:change=move |ev| tab.set(event_target_value(&ev))>
                        {Tab::ALL.into_iter().map(|t| view! { <option value=t.slug() selected=t.slug() == opened_on>{t.label()}</option> }).collect_view()}
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
                <button type="button" class="mdl-btn" data-testid="embed-copy" on:click=copy_code>"Copy embed code"</button>
                <span class="mdl-muted" role="status" data-testid="embed-status">{move || embed_status.get()}</span>
            </div>
            <div class="mdl-row trv-end">
                <button type="button" class="mdl-btn" data-testid="share-close" on:click=move |_| close.run(())>"Close"</button>
            </div>
        </Dialog>
    }
}
