//! The travel features' shared signals: what arrived and waits for a decision, the sharing dialogs, the
//! templates gallery, and what an import could not carry across.

use leptos::prelude::*;

use super::incoming::Incoming;
use super::words::{Origin, TravelError};

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
    pub error: RwSignal<Option<TravelError>>,
    pub panel: RwSignal<Option<Panel>>,
    /// `Some(origin)` while a copy is shown with autosave paused.
    pub copy: RwSignal<Option<Origin>>,
    pub gallery: RwSignal<GalleryState>,
    /// What the last import could not carry across: (where it came from, notes).
    pub notes: RwSignal<Option<(Origin, Vec<String>)>>,
}

impl Travel {
    pub fn new() -> Travel {
        Travel {
            incoming: RwSignal::new(None),
            error: RwSignal::new(None),
            panel: RwSignal::new(None),
            copy: RwSignal::new(None),
            gallery: RwSignal::new(GalleryState::Closed),
            notes: RwSignal::new(None),
        }
    }
}

impl Default for Travel {
    fn default() -> Self {
        Travel::new()
    }
}
