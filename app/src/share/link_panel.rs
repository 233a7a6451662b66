//! The "Share" dialog: a link with the whole model in its fragment (its length, and whether it is too
//! long to share that way), and the `<iframe>` code that embeds the model in another page.

use formats::share::{embed_snippet, encode, judge_length, EmbedOptions, LinkLength, View, MAX_SHAREABLE_CHARS, SAFE_LINK_CHARS};
use leptos::prelude::*;
use wasm_bindgen_futures::JsFuture;

use super::file_io::save_model;
use super::state::{page_base, use_travel};
use crate::modeler::use_modeler;
use crate::shell::{active_tab, Tab};

/// The current model and view as a link fragment.
pub fn current_fragment() -> String {
    let m = use_modeler();
    let (model, table) = m.state.with_untracked(|s| {
        let table = m.selected.get_untracked().and_then(|i| s.playground.table(i)).map(|t| t.name().to_string());
        (s.playground.to_model(), table)
    });
    encode(&model, &View { tab: Some(active_tab().get_untracked().slug().to_string()), table })
}

/// Copy `text`; when the browser refuses (no permission), select `field` so Ctrl+C copies it.
fn copy(text: String, field: &'static str, status: RwSignal<String>) {
    leptos::task::spawn_local(async move {
        let clip = window().navigator().clipboard();
        match JsFuture::from(clip.write_text(&text)).await {
            Ok(_) => status.set(String::from("Copied.")),
            Err(_) => {
                if let Some(el) = document().get_element_by_id(field) {
                    use wasm_bindgen::JsCast;
                    if let Ok(i) = el.clone().dyn_into::<web_sys::HtmlInputElement>() {
                        i.select();
                    } else if let Ok(t) = el.dyn_into::<web_sys::HtmlTextAreaElement>() {
                        t.select();
                    }
                }
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

#[component]
pub fn SharePanel() -> impl IntoView {
    let t = use_travel();
    let m = use_modeler();
    let fragment = current_fragment();
    let url = format!("{}#{fragment}", page_base());
    let chars = url.chars().count();
    let verdict = judge_length(chars);
    let link_status = RwSignal::new(String::new());
    let embed_status = RwSignal::new(String::new());
    let read_only = RwSignal::new(false);
    let tab = RwSignal::new(active_tab().get_untracked().slug().to_string());
    let fragment = StoredValue::new(fragment);
    let snippet = Memo::new(move |_| {
        let opts = EmbedOptions { read_only: read_only.get(), tab: Some(tab.get()), height: 520 };
        fragment.with_value(|f| embed_snippet(&page_base(), f, &opts))
    });
    let (verdict_text, verdict_class) = match verdict {
        LinkLength::Fine => (format!("Short enough for any chat tool or e-mail (up to {} characters).", thousands(SAFE_LINK_CHARS)), "trv-ok"),
        LinkLength::Long => (
            format!("Longer than {} characters: browsers open it, but some chat tools and e-mail clients cut long links. The model file is safer.", thousands(SAFE_LINK_CHARS)),
            "trv-warn",
        ),
        LinkLength::TooLong => (
            format!("Too long to share as a link (over {} characters): send the model file instead.", thousands(MAX_SHAREABLE_CHARS)),
            "trv-bad",
        ),
    };
    let close = move || t.panel.set(None);
    let url_for_copy = url.clone();
    view! {
        <div class="mdl-backdrop" on:click=move |_| close()></div>
        <div class="mdl-dialog trv-share" role="dialog" aria-modal="true" aria-labelledby="trv-share-title" data-testid="share-panel"
            on:keydown=move |ev: leptos::ev::KeyboardEvent| if ev.key() == "Escape" { close() }>
            <h2 class="mdl-dialog-title" id="trv-share-title">"Share this model"</h2>
            <p class="mdl-muted">"The whole model is compressed into the link itself (after the #): opening it sends nothing to any server. The open tab and table come along."</p>
            <label class="mdl-label" for="trv-share-url">"Link"</label>
            <div class="mdl-row trv-fill">
                <input id="trv-share-url" class="mdl-input mdl-mono" data-testid="share-url" readonly=true prop:value=url.clone()
                    on:focus=move |ev| { use wasm_bindgen::JsCast; if let Some(i) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) { i.select(); } }/>
                <button type="button" class="mdl-btn mdl-primary" data-testid="share-copy"
                    on:click=move |_| copy(url_for_copy.clone(), "trv-share-url", link_status)>"Copy link"</button>
            </div>
            <p class=format!("trv-verdict {verdict_class}") data-testid="share-verdict">
                <strong data-testid="share-length">{thousands(chars)}</strong>" characters. "{verdict_text}
            </p>
            {(verdict != LinkLength::Fine).then(|| view! {
                <button type="button" class="mdl-btn" data-testid="share-download"
                    on:click=move |_| save_model(&m.state.with_untracked(|s| s.playground.to_model()))>"Download the model file"</button>
            })}
            <p class="mdl-muted" role="status" data-testid="share-status">{move || link_status.get()}</p>

            <h3 class="mdl-subtitle">"Embed in a page"</h3>
            <p class="mdl-muted">"Paste this into a training page: the model opens in a compact frame. It never reads or changes the visitor's own saved model, and it cannot touch the host page."</p>
            <div class="mdl-row">
                <label class="trv-check"><input type="checkbox" data-testid="embed-readonly"
                    prop:checked=move || read_only.get() on:change=move |ev| read_only.set(event_target_checked(&ev))/>" Read-only"</label>
                <label class="mdl-label">"Opens on "
                    <select class="mdl-input mdl-narrow" data-testid="embed-tab" prop:value=move || tab.get()
                        on:change=move |ev| tab.set(event_target_value(&ev))>
                        {Tab::ALL.into_iter().map(|t| view! { <option value=t.slug()>{t.label()}</option> }).collect_view()}
                    </select>
                </label>
            </div>
            <textarea id="trv-embed-code" class="mdl-input mdl-mono trv-code" data-testid="embed-code" readonly=true rows="4"
                prop:value=move || snippet.get()></textarea>
            <div class="mdl-row">
                <button type="button" class="mdl-btn" data-testid="embed-copy"
                    on:click=move |_| copy(snippet.get_untracked(), "trv-embed-code", embed_status)>"Copy embed code"</button>
                <span class="mdl-muted" role="status" data-testid="embed-status">{move || embed_status.get()}</span>
            </div>
            <div class="mdl-row trv-end">
                <button type="button" class="mdl-btn" data-testid="share-close" on:click=move |_| close()>"Close"</button>
            </div>
        </div>
    }
}
