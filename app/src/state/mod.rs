//! The playground's shared state, in one place that depends on no feature.
//!
//! The app root makes one [`AppState`] and provides it as Leptos context; every feature reads the handles
//! it needs with [`use_app`] (or the narrower `use_*` helpers) while its component builds, and keeps the
//! copies in its closures. Features depend on this module and on the crates, never on each other: when one
//! feature needs another to act (the Access patterns tab opening a pattern in the Query builder), it says
//! so through a signal here ([`requests`]) that the other watches.
//!
//! What lives here:
//! - [`modeler`]: the model and its undo history (the signal-free [`crate::model`] layer, wrapped), the
//!   selected table, the open dialog, the banner, and autosave;
//! - [`travel`]: what arrives (files, links, templates) and the sharing dialogs; [`incoming`] decides what
//!   an arrival may do to the user's own model;
//! - [`tab`]: the active workspace tab;
//! - [`highlight`]: the items the last Query-tab read returned, which the grids mark;
//! - [`heat`]: the Heat tab's latest run, as the advisor reads it;
//! - [`requests`]: one feature asking another to act;
//! - [`launch`] and [`clock`]: the page's address (read once) and the playground clock.

pub mod clock;
pub mod heat;
pub mod highlight;
pub mod incoming;
pub mod launch;
pub mod modeler;
pub mod requests;
pub mod tab;
pub mod travel;
pub mod words;

use leptos::prelude::*;

pub use heat::HeatRun;
pub use highlight::Matched;
pub use incoming::Incoming;
pub use clock::now;
pub use launch::{launch, page_base};
pub use modeler::{Dialog, Modeler, ModelerState, Notice};
pub use requests::Requests;
pub use tab::Tab;
pub use travel::{GalleryState, Panel, Travel};
pub use words::{edit_error_text, notice_text, save_error_text, origin_text, title_text, travel_error_text, value_error_text, FetchError, NoticeText, Origin, ReadError, Title, TravelError};

/// Handles to every shared signal (cheap to copy into closures).
#[derive(Clone, Copy)]
pub struct AppState {
    pub modeler: Modeler,
    pub travel: Travel,
    /// The active workspace tab.
    pub tab: RwSignal<Tab>,
    /// The items the last Query-tab read returned.
    pub matched: RwSignal<Matched>,
    /// The Heat tab's latest run, for the advisor (`None` while the tab has no results).
    pub heat_run: RwSignal<Option<HeatRun>>,
    pub requests: Requests,
}

impl AppState {
    /// Everything in its starting state: the model from the autosave (or empty), the tab the page's
    /// address names (or Items).
    pub fn new() -> AppState {
        let launch = launch();
        let tab = launch.tab.as_deref().and_then(Tab::from_slug).unwrap_or(Tab::Items);
        AppState {
            modeler: Modeler::new(&launch),
            travel: Travel::new(),
            tab: RwSignal::new(tab),
            matched: RwSignal::new(Matched::default()),
            heat_run: RwSignal::new(None),
            requests: Requests::new(),
        }
    }
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new()
    }
}

/// Make the page's state and provide it to everything built under the current owner.
pub fn provide_app_state() -> AppState {
    let state = AppState::new();
    provide_context(state);
    state
}

/// The shared state, while a component builds (the app root provides it; so does a component test's
/// mount helper).
pub fn use_app() -> AppState {
    use_context::<AppState>().expect("AppState is provided by the app root before any feature builds")
}

/// The modeler's handles, while a component builds.
pub fn use_modeler() -> Modeler {
    use_app().modeler
}

/// The travel features' handles, while a component builds.
pub fn use_travel() -> Travel {
    use_app().travel
}
