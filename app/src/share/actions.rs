//! The sidebar's model actions: templates, open, save, share — and, in an embed, a way out to the full
//! playground.

use leptos::html;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::banners::TravelBanners;
use super::export_panel::ExportPanel;
use super::file_io::{open_file, save_model};
use super::link_panel::{current_fragment, SharePanel};
use crate::state::{launch, page_base, use_app, AppState, GalleryState, Panel, Tab};

/// Opens the Share dialog once the browser has compressed the model into the link.
fn open_share(app: AppState) {
    let t = app.travel;
    spawn_local(async move {
        match current_fragment(app).await {
            Ok(f) => t.panel.set(Some(Panel::Share(f.into()))),
            Err(e) => t.error.set(Some(e)),
        }
    });
}

/// Opens the whole model in a full playground tab. The browser compresses the model first (milliseconds
/// for an embedded model); the tab then opens within the click's user activation, which browsers honour
/// for a few seconds.
fn open_full_playground(app: AppState) {
    let t = app.travel;
    spawn_local(async move {
        match current_fragment(app).await {
            Ok(f) => {
                let _ = gloo_utils::window().open_with_url_and_target(&format!("{}#{f}", page_base()), "_blank");
            }
            Err(e) => t.error.set(Some(e)),
        }
    });
}

/// In an embed: the way out to the full playground, and whether the embed is read-only.
#[component]
fn EmbedActions(read_only: bool) -> impl IntoView {
    let app = use_app();
    view! {
        <button type="button" class="mdl-btn mdl-block" data-testid="embed-open-full" on:click=move |_| open_full_playground(app)>
            "Open in Dynamodel ↗"
        </button>
        {read_only.then(|| view! { <p class="mdl-muted" data-testid="read-only-note">"Read-only view"</p> })}
    }
}

/// The playground's own buttons: templates, open (with its hidden file input), save, share, export.
#[component]
fn PlaygroundActions() -> impl IntoView {
    let app = use_app();
    let (t, m) = (app.travel, app.modeler);
    let input = NodeRef::<html::Input>::new();
    let picked = move |_| {
        let Some(el) = input.get_untracked() else { return };
        if let Some(file) = el.files().and_then(|f| f.get(0)) {
            open_file(app, file.into());
        }
        // The same file picked again must fire `change` again.
        el.set_value("");
    };
    let templates = move |_| {
        t.gallery.set(GalleryState::Open);
        app.tab.set(Tab::Items);
    };
    let pick = move |_| input.get_untracked().iter().for_each(|i| i.click());
    let save = move |_| save_model(t, &m.state.with_untracked(|s| s.playground.to_model()));
    view! {
        <div class="trv-action-row">
            <button type="button" class="mdl-btn" data-testid="open-gallery" title="Documented templates for common designs" on:click=templates>
                "Templates"
            </button>
            <button type="button" class="mdl-btn" data-testid="open-file" title="Open a model file or a NoSQL Workbench model (or drop one on the page)" on:click=pick>
                "Open…"
            </button>
            <button type="button" class="mdl-btn" data-testid="save-file" title="Download the model as a file" on:click=save>
                "Save"
            </button>
            <button type="button" class="mdl-btn" data-testid="share-open" title="A link or embed code with the whole model" on:click=move |_| open_share(app)>
                "Share…"
            </button>
            <button
                type="button"
                class="mdl-btn trv-wide"
                data-testid="export-open"
                title="NoSQL Workbench, CloudFormation, items"
                on:click=move |_| t.panel.set(Some(Panel::Export))
            >
                "Export…"
            </button>
        </div>
        <input type="file" accept=".json,application/json" class="trv-hidden" data-testid="file-input" aria-label="Model file" node_ref=input on:change=picked />
    }
}

/// The model's name, the buttons (or, in an embed, the way out), the travel banners and the open
/// dialog. It goes in the modeler sidebar's slot for model actions.
#[component]
pub fn ModelActions() -> impl IntoView {
    let app = use_app();
    let (t, m) = (app.travel, app.modeler);
    let launch = launch();
    let name = Memo::new(move |_| m.state.with(|s| s.playground.name.clone()));
    let buttons = if launch.embed {
        view! { <EmbedActions read_only=launch.read_only /> }.into_any()
    } else {
        view! { <PlaygroundActions /> }.into_any()
    };
    view! {
        <div class="trv-actions" data-testid="model-actions">
            <Show when=move || name.with(|n| !n.is_empty())>
                <p class="trv-model-name" data-testid="model-name" title="The model's name">{move || name.get()}</p>
            </Show>
            {buttons}
            <TravelBanners />
            {move || match t.panel.get() {
                Some(Panel::Share(fragment)) => view! { <SharePanel fragment /> }.into_any(),
                Some(Panel::Export) => view! { <ExportPanel /> }.into_any(),
                None => ().into_any(),
            }}
        </div>
    }
}
