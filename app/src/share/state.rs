//! The travel features' shared signals and the launch options, created once per page.

use std::cell::RefCell;

use formats::launch::Launch;
use leptos::prelude::*;
use crate::ui::page::window;

use super::incoming::Incoming;

/// Which sharing dialog is open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Panel {
    /// The Share dialog, with the link fragment it was opened for (compressed before it opens).
    Share(std::sync::Arc<str>),
    Export,
}

/// Whether the templates gallery covers the workspace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GalleryState {
    Closed,
    /// Opened because there was nothing to show; closes by itself once the model has a table.
    FirstVisit,
    /// Opened by the user.
    Open,
}

/// Handles to the shared signals.
#[derive(Clone, Copy)]
pub struct Travel {
    /// Something that arrived and waits for the user's decision (their model has work in it).
    pub incoming: RwSignal<Option<Incoming>>,
    /// Why a file, link or address was refused; shown until dismissed.
    pub error: RwSignal<Option<String>>,
    pub panel: RwSignal<Option<Panel>>,
    /// `Some(origin)` while a copy is shown with autosave paused.
    pub copy: RwSignal<Option<String>>,
    pub gallery: RwSignal<GalleryState>,
    /// What the last import or export could not carry across: (title, notes).
    pub notes: RwSignal<Option<(String, Vec<String>)>>,
}

struct Shared {
    incoming: ArcRwSignal<Option<Incoming>>,
    error: ArcRwSignal<Option<String>>,
    panel: ArcRwSignal<Option<Panel>>,
    copy: ArcRwSignal<Option<String>>,
    gallery: ArcRwSignal<GalleryState>,
    notes: ArcRwSignal<Option<(String, Vec<String>)>>,
}

thread_local! {
    static SHARED: RefCell<Option<Shared>> = const { RefCell::new(None) };
    static LAUNCH: Launch = read_launch();
}

fn read_launch() -> Launch {
    let loc = window().location();
    formats::launch::parse(&loc.search().unwrap_or_default(), &loc.hash().unwrap_or_default())
}

/// The page's launch options (read from its address once).
pub fn launch() -> Launch {
    LAUNCH.with(Clone::clone)
}

pub fn use_travel() -> Travel {
    SHARED.with(|cell| {
        let mut cell = cell.borrow_mut();
        let s = cell.get_or_insert_with(|| Shared {
            incoming: ArcRwSignal::new(None),
            error: ArcRwSignal::new(None),
            panel: ArcRwSignal::new(None),
            copy: ArcRwSignal::new(None),
            gallery: ArcRwSignal::new(GalleryState::Closed),
            notes: ArcRwSignal::new(None),
        });
        Travel {
            incoming: s.incoming.clone().into(),
            error: s.error.clone().into(),
            panel: s.panel.clone().into(),
            copy: s.copy.clone().into(),
            gallery: s.gallery.clone().into(),
            notes: s.notes.clone().into(),
        }
    })
}

/// Drop the share link from the address bar once it has been read, so a reload shows the user's own
/// model rather than asking about the link again.
pub(super) fn forget_fragment() {
    let w = window();
    let loc = w.location();
    let url = format!("{}{}", loc.pathname().unwrap_or_default(), loc.search().unwrap_or_default());
    if let Ok(history) = w.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// The page's address without query or fragment: the base of share links and embeds.
pub fn page_base() -> String {
    let loc = window().location();
    format!("{}{}", loc.origin().unwrap_or_default(), loc.pathname().unwrap_or_default())
}
