//! How a model travels in and out of the playground: model files (open, drop, download), share links
//! and embed snippets, `?model=<url>`, and the decision of what happens to the user's own model when
//! something arrives.
//!
//! The rules, all in [`crate::state::incoming`]: something that arrives never replaces work without asking (an empty
//! model is no work); "Replace" is one undoable step; "Open as a copy" shows it with autosave paused, so
//! the saved model stays exactly as it was; anything unreadable is refused with its error and changes
//! nothing. The formats themselves (share-link codec, launch parameters, templates) are pure code in the
//! `formats` crate, tested natively.
//!
//! The views are Leptos components ([`ModelActions`] in the modeler sidebar's slot, with the banners and
//! the Share and Export dialogs under it); [`start`] reads the page's address once, and [`on_drop`]
//! takes a file dropped anywhere on the page. The browser is reached through gloo (`gloo-file` for
//! files and downloads, `gloo-net` for `?model=`, `gloo-events` for `hashchange`).

pub mod actions;
mod banners;
pub mod export_panel;
pub mod file_io;
pub mod link_panel;
pub mod remote;
pub mod zlib;

use formats::launch::{Source, UrlRefusal};
use gloo_events::EventListener;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::state::{launch, AppState, GalleryState, Incoming, Origin, TravelError};

pub use actions::ModelActions;
pub use file_io::on_drop;

/// Open a share link's fragment (asking first if there is work), or say why it cannot be opened.
fn open_link(app: AppState, fragment: &str, embed: bool) {
    let t = app.travel;
    let refuse = move |e: formats::share::ShareError| t.error.set(Some(TravelError::ShareLink(e.to_string())));
    let packed = formats::share::zlib_from_fragment(fragment);
    if !embed {
        crate::state::launch::forget_fragment();
    }
    let packed = match packed {
        Ok(p) => p,
        Err(e) => return refuse(e),
    };
    // The browser inflates the link (see `zlib`); the model is read once it has.
    spawn_local(async move {
        let json = match zlib::inflate(&packed, formats::share::MAX_DECODED_BYTES).await {
            Ok(json) => json,
            Err(zlib::ZlibError::TooLarge) => return refuse(formats::share::ShareError::TooLarge),
            Err(_) => return refuse(formats::share::ShareError::Corrupt),
        };
        match formats::share::shared_from_json(&json) {
            Ok(shared) => app.offer(Incoming::new(shared.model, shared.view, Origin::ShareLink)),
            Err(e) => refuse(e),
        }
    });
}

/// Act on the page's address once, at start (called by the app root with the page's state): the initial tab, a share link, a `?model=` file, a
/// `?template=`, or, on a visit with nothing to show, the templates gallery.
pub fn start(app: AppState) {
    let launch = launch();
    let (t, m) = (app.travel, app.modeler);
    // A link pasted into the address bar of an open playground changes only the fragment: no reload.
    let embed = launch.embed;
    let hashchange = EventListener::new(&gloo_utils::window(), "hashchange", move |_| {
        let hash = gloo_utils::window().location().hash().unwrap_or_default();
        if let Source::Link(fragment) = formats::launch::parse("", &hash).source {
            open_link(app, &fragment, embed);
        }
    });
    // The listener lives as long as the owner that started the page (the app root, or a test's mount):
    // a value stored under an owner is dropped, and the listener removed, when the owner is cleaned up.
    if Owner::current().is_some() {
        let _ = StoredValue::new_local(hashchange);
    } else {
        hashchange.forget();
    }
    match &launch.source {
        Source::Link(fragment) => open_link(app, fragment, launch.embed),
        Source::Url(url) => remote::open_url(app, url.clone()),
        Source::Template(slug) => match formats::gallery::Template::by_slug(slug).map(|t| t.model()) {
            Some(Ok(model)) => app.offer(Incoming::new(model, Default::default(), Origin::AnyTemplate)),
            _ => t.error.set(Some(TravelError::NoTemplate(slug.clone()))),
        },
        Source::Saved => {}
    }
    match &launch.refused_url {
        Some(UrlRefusal::Scheme(s)) => t.error.set(Some(TravelError::Scheme(s.clone()))),
        Some(UrlRefusal::TooLong) => t.error.set(Some(TravelError::AddressTooLong)),
        None => {}
    }
    let empty = m.state.with_untracked(|s| s.playground.tables().is_empty());
    if empty && !launch.embed && t.incoming.with_untracked(|i| i.is_none()) && matches!(launch.source, Source::Saved) {
        t.gallery.set(GalleryState::FirstVisit);
    }
}
