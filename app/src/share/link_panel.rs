//! The "Share" dialog: a link with the whole model in its fragment (its length, and whether it is too
//! long to share that way), and the `<iframe>` code that embeds the model in another page.

use formats::share::{embed_snippet, envelope, fragment_from_zlib, judge_length, EmbedOptions, LinkLength, View as LinkView, MAX_SHAREABLE_CHARS, SAFE_LINK_CHARS};
use crate::ui::page::window;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use super::file_io::save_model;
use crate::state::{page_base, use_app, AppState, Tab};
use crate::ui::dom::document;
use crate::ui::prelude::*;

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

/// Copy `text`; when the browser refuses (no permission), select `field` so Ctrl+C copies it.
fn copy(text: String, field: &'static str, status: RwSignal<String>) {
    wasm_bindgen_futures::spawn_local(async move {
        let clip = window().navigator().clipboard();
        match JsFuture::from(clip.write_text(&text)).await {
            Ok(_) => status.set(String::from("Copied.")),
            Err(_) => {
                if let Some(el) = document().get_element_by_id(field) {
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

/// The dialog and its backdrop; Escape or a click on the backdrop closes it.
pub fn share_panel(fragment_text: &str) -> View {
    let app = use_app();
    let (t, m) = (app.travel, app.modeler);
    let fragment_text = fragment_text.to_string();
    let url = format!("{}#{fragment_text}", page_base());
    let chars = url.chars().count();
    let verdict = judge_length(chars);
    let link_status = RwSignal::new(String::new());
    let embed_status = RwSignal::new(String::new());
    let read_only = RwSignal::new(false);
    let tab = RwSignal::new(app.tab.get_untracked().slug().to_string());
    let fragment_text = StoredValue::new(fragment_text);
    let snippet = Memo::new(move |_| {
        let opts = EmbedOptions { read_only: read_only.get(), tab: Some(tab.get()), height: 520 };
        fragment_text.with_value(|f| embed_snippet(&page_base(), f, &opts))
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
    let download = (verdict != LinkLength::Fine).then(|| {
        el("button")
            .ty("button")
            .class("mdl-btn")
            .tid("share-download")
            .on_click(move |_| save_model(t, &m.state.with_untracked(|s| s.playground.to_model())))
            .text("Download the model file")
    });
    let tab_select = el("select")
        .class("mdl-input mdl-narrow")
        .tid("embed-tab")
        .on_change(move |v| tab.set(v))
        .children(Tab::ALL.into_iter().map(|t| el("option").attr("value", t.slug()).text(t.label())))
        .dyn_value(move || tab.get());
    fragment(vec![
        el("div").class("mdl-backdrop").on_click(move |_| close()).into(),
        el("div")
            .class("mdl-dialog trv-share")
            .attr("role", "dialog")
            .attr("aria-modal", "true")
            .attr("aria-labelledby", "trv-share-title")
            .tid("share-panel")
            .on_key("keydown", move |ev| {
                if ev.key() == "Escape" {
                    close()
                }
            })
            .child(el("h2").class("mdl-dialog-title").id("trv-share-title").text("Share this model"))
            .child(el("p").class("mdl-muted").text("The whole model is compressed into the link itself (after the #): opening it sends nothing to any server. The open tab and table come along."))
            .child(el("label").class("mdl-label").attr("for", "trv-share-url").text("Link"))
            .child(
                el("div")
                    .class("mdl-row trv-fill")
                    .child(
                        el("input")
                            .id("trv-share-url")
                            .class("mdl-input mdl-mono")
                            .tid("share-url")
                            .flag("readonly", true)
                            .prop("value", JsValue::from_str(&url))
                            .on("focus", |ev| {
                                if let Some(i) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                                    i.select();
                                }
                            }),
                    )
                    .child(
                        el("button")
                            .ty("button")
                            .class("mdl-btn mdl-primary")
                            .tid("share-copy")
                            .on_click(move |_| copy(url_for_copy.clone(), "trv-share-url", link_status))
                            .text("Copy link"),
                    ),
            )
            .child(
                el("p")
                    .class(&format!("trv-verdict {verdict_class}"))
                    .tid("share-verdict")
                    .child(el("strong").tid("share-length").text(&thousands(chars)))
                    .text(" characters. ")
                    .text(&verdict_text),
            )
            .child(download)
            .child(el("p").class("mdl-muted").attr("role", "status").tid("share-status").dyn_text(move || link_status.get()))
            .child(el("h3").class("mdl-subtitle").text("Embed in a page"))
            .child(el("p").class("mdl-muted").text("Paste this into a training page: the model opens in a compact frame. It never reads or changes the visitor's own saved model, and it cannot touch the host page."))
            .child(
                el("div")
                    .class("mdl-row")
                    .child(
                        el("label")
                            .class("trv-check")
                            .child(el("input").ty("checkbox").tid("embed-readonly").dyn_checked(move || read_only.get()).on("change", move |ev| read_only.set(event_target_checked(&ev))))
                            .text(" Read-only"),
                    )
                    .child(el("label").class("mdl-label").text("Opens on ").child(tab_select)),
            )
            .child(
                el("textarea")
                    .id("trv-embed-code")
                    .class("mdl-input mdl-mono trv-code")
                    .tid("embed-code")
                    .flag("readonly", true)
                    .attr("rows", "4")
                    .dyn_value(move || snippet.get()),
            )
            .child(
                el("div")
                    .class("mdl-row")
                    .child(el("button").ty("button").class("mdl-btn").tid("embed-copy").on_click(move |_| copy(snippet.get_untracked(), "trv-embed-code", embed_status)).text("Copy embed code"))
                    .child(el("span").class("mdl-muted").attr("role", "status").tid("embed-status").dyn_text(move || embed_status.get())),
            )
            .child(el("div").class("mdl-row trv-end").child(el("button").ty("button").class("mdl-btn").tid("share-close").on_click(move |_| close()).text("Close")))
            .into(),
    ])
}
