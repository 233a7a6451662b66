//! The sidebar's model actions: templates, open, save, share — and, in an embed, a way out to the full
//! playground.

use crate::ui::page::window;
use wasm_bindgen::JsCast;

use super::export_panel::export_panel;
use super::file_io::{open_file, save_model};
use super::banners::travel_banners;
use super::link_panel::{current_fragment, share_panel};
use crate::state::{launch, page_base, use_app, AppState, GalleryState, Panel, Tab};
use crate::ui::prelude::*;

/// Opens the Share dialog once the browser has compressed the model into the link.
fn open_share(app: AppState) {
    let t = app.travel;
    wasm_bindgen_futures::spawn_local(async move {
        match current_fragment(app).await {
            Ok(f) => t.panel.set(Some(Panel::Share(f.into()))),
            Err(e) => t.error.set(Some(e)),
        }
    });
}

/// The model's name, the buttons (or, in an embed, the way out), the travel banners and the open dialog.
pub fn model_actions() -> View {
    let app = use_app();
    let (t, m) = (app.travel, app.modeler);
    let launch = launch();
    let name = move || m.state.with(|s| s.playground.name.clone());
    let buttons: View = if launch.embed {
        let open_full = move |_| {
            // The browser compresses the model first (milliseconds for an embedded model); the tab then
            // opens within the click's user activation, which browsers honour for a few seconds.
            wasm_bindgen_futures::spawn_local(async move {
                match current_fragment(app).await {
                    Ok(f) => {
                        let _ = window().open_with_url_and_target(&format!("{}#{f}", page_base()), "_blank");
                    }
                    Err(e) => t.error.set(Some(e)),
                }
            });
        };
        fragment(vec![
            el("button").ty("button").class("mdl-btn mdl-block").tid("embed-open-full").on_click(open_full).text("Open in Dynamodel ↗").into(),
            launch.read_only.then(|| el("p").class("mdl-muted").tid("read-only-note").text("Read-only view")).into(),
        ])
    } else {
        let input_el = el("input")
            .ty("file")
            .attr("accept", ".json,application/json")
            .class("trv-hidden")
            .tid("file-input")
            .attr("aria-label", "Model file")
            .on("change", move |ev| {
                if let Some(el) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                    if let Some(file) = el.files().and_then(|f| f.get(0)) {
                        open_file(app, file);
                    }
                    // The same file picked again must fire `change` again.
                    el.set_value("");
                }
            });
        let input: web_sys::HtmlInputElement = input_el.handle();
        let button = |id: &str, title: &str, label: &str| el("button").ty("button").class("mdl-btn").tid(id).attr("title", title).text(label);
        fragment(vec![
            el("div")
                .class("trv-action-row")
                .child(button("open-gallery", "Documented templates for common designs", "Templates").on_click(move |_| {
                    t.gallery.set(GalleryState::Open);
                    app.tab.set(Tab::Items);
                }))
                .child(button("open-file", "Open a model file or a NoSQL Workbench model (or drop one on the page)", "Open…").on_click(move |_| input.click()))
                .child(button("save-file", "Download the model as a file", "Save").on_click(move |_| save_model(t, &m.state.with_untracked(|s| s.playground.to_model()))))
                .child(button("share-open", "A link or embed code with the whole model", "Share…").on_click(move |_| open_share(app)))
                .child(button("export-open", "NoSQL Workbench, CloudFormation, items", "Export…").class_if("trv-wide", true).on_click(move |_| t.panel.set(Some(Panel::Export))))
                .into(),
            input_el.into(),
        ])
    };
    el("div")
        .class("trv-actions")
        .tid("model-actions")
        .child(show(move || !name().is_empty(), move || el("p").class("trv-model-name").tid("model-name").attr("title", "The model's name").dyn_text(name).into()))
        .child(buttons)
        .child(travel_banners())
        .dyn_child(move || match t.panel.get() {
            Some(Panel::Share(fragment)) => share_panel(&fragment),
            Some(Panel::Export) => export_panel(),
            None => View::empty(),
        })
        .into()
}
