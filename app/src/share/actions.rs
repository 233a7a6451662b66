//! The sidebar's model actions: templates, open, save, share — and, in an embed, a way out to the full
//! playground.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::file_io::{open_file, save_model};
use super::incoming::TravelBanners;
use super::link_panel::{current_fragment, SharePanel};
use super::state::{launch, page_base, use_travel, GalleryState, Panel};
use crate::modeler::use_modeler;

#[component]
pub fn ModelActions() -> impl IntoView {
    let t = use_travel();
    let m = use_modeler();
    let launch = launch();
    let input = NodeRef::<leptos::html::Input>::new();
    let name = move || m.state.with(|s| s.playground.name.clone());
    let on_pick = move |ev: leptos::ev::Event| {
        let el = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
        if let Some(el) = el {
            if let Some(file) = el.files().and_then(|f| f.get(0)) {
                open_file(file);
            }
            // The same file picked again must fire `change` again.
            el.set_value("");
        }
    };
    let open_full = move |_| {
        let url = format!("{}#{}", page_base(), current_fragment());
        let _ = window().open_with_url_and_target(&url, "_blank");
    };
    view! {
        <div class="trv-actions" data-testid="model-actions">
            <Show when=move || !name().is_empty()>
                <p class="trv-model-name" data-testid="model-name" title="The model's name">{name}</p>
            </Show>
            {if launch.embed {
                view! {
                    <button type="button" class="mdl-btn mdl-block" data-testid="embed-open-full" on:click=open_full>
                        "Open in Dynamodel ↗"
                    </button>
                    {launch.read_only.then(|| view! { <p class="mdl-muted" data-testid="read-only-note">"Read-only view"</p> })}
                }.into_any()
            } else {
                view! {
                    <div class="trv-action-row">
                        <button type="button" class="mdl-btn" data-testid="open-gallery" title="Documented templates for common designs"
                            on:click=move |_| { t.gallery.set(GalleryState::Open); crate::shell::active_tab().set(crate::shell::Tab::Items); }>"Templates"</button>
                        <button type="button" class="mdl-btn" data-testid="open-file" title="Open a model file or a NoSQL Workbench model (or drop one on the page)"
                            on:click=move |_| { if let Some(i) = input.get() { i.click(); } }>"Open…"</button>
                        <button type="button" class="mdl-btn" data-testid="save-file" title="Download the model as a file"
                            on:click=move |_| save_model(&m.state.with_untracked(|s| s.playground.to_model()))>"Save"</button>
                        <button type="button" class="mdl-btn" data-testid="share-open" title="A link or embed code with the whole model"
                            on:click=move |_| t.panel.set(Some(Panel::Share))>"Share…"</button>
                        <button type="button" class="mdl-btn trv-wide" data-testid="export-open" title="NoSQL Workbench, CloudFormation, items"
                            on:click=move |_| t.panel.set(Some(Panel::Export))>"Export…"</button>
                    </div>
                    <input type="file" accept=".json,application/json" class="trv-hidden" data-testid="file-input"
                        aria-label="Model file" node_ref=input on:change=on_pick/>
                }.into_any()
            }}
            <TravelBanners/>
            {move || match t.panel.get() {
                Some(Panel::Share) => view! { <SharePanel/> }.into_any(),
                Some(Panel::Export) => view! { <super::export_panel::ExportPanel/> }.into_any(),
                None => ().into_any(),
            }}
        </div>
    }
}
