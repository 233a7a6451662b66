//! The sidebar's model actions: templates, open, save, share — and, in an embed, a way out to the full
//! playground.

use leptos::html;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::banners::TravelBanners;
use super::export_panel::ExportPanel;
use super::file_io::{open_file, save_model};
use super::link_panel::{current_fragment, SharePanel};
use crate::i18n::{t, t_string, use_i18n};
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
    let i18n = use_i18n();
    view! {
        <button type="button" class="mdl-btn mdl-block" data-testid="embed-open-full" on:click=move |_| open_full_playground(app)>
            {t!(i18n, share.open_full)}
        </button>
        {read_only.then(|| view! { <p class="mdl-muted" data-testid="read-only-note">{t!(i18n, share.read_only_view)}</p> })}
    }
}

/// The playground's own buttons: templates, open (with its hidden file input), save, share, export.
#[component]
fn PlaygroundActions() -> impl IntoView {
    let app = use_app();
    let i18n = use_i18n();
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
            <button type="button" class="mdl-btn" data-testid="open-gallery" title=move || t_string!(i18n, share.templates_title) on:click=templates>
                {t!(i18n, share.templates)}
            </button>
            <button type="button" class="mdl-btn" data-testid="open-file" title=move || t_string!(i18n, share.open_file_title) on:click=pick>
                {t!(i18n, share.open_file)}
            </button>
            <button type="button" class="mdl-btn" data-testid="save-file" title=move || t_string!(i18n, share.save_file_title) on:click=save>
                {t!(i18n, common.save)}
            </button>
            <button type="button" class="mdl-btn" data-testid="share-open" title=move || t_string!(i18n, share.share_open_title) on:click=move |_| open_share(app)>
                {t!(i18n, share.share_open)}
            </button>
            <button
                type="button"
                class="mdl-btn trv-wide"
                data-testid="export-open"
                title=move || t_string!(i18n, share.export_open_title)
                on:click=move |_| t.panel.set(Some(Panel::Export))
            >
                {t!(i18n, share.export_open)}
            </button>
        </div>
        <input type="file" accept=".json,application/json" class="trv-hidden" data-testid="file-input" aria-label=move || t_string!(i18n, share.model_file) node_ref=input on:change=picked />
    }
}

/// The model's name, the buttons (or, in an embed, the way out), the travel banners and the open
/// dialog. It goes in the modeler sidebar's slot for model actions.
#[component]
pub fn ModelActions() -> impl IntoView {
    let app = use_app();
    let i18n = use_i18n();
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
                <p class="trv-model-name" data-testid="model-name" title=move || t_string!(i18n, share.model_name)>{move || name.with(|n| formats::gallery_words::name_in(n, crate::language::words(i18n.get_locale())).to_string())}</p>
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
