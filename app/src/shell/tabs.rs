//! What the sidebar and each workspace tab show.
//!
//! This is the plug-in point for feature work (the modeler's table designer, item grid and index views,
//! the query runner, the heat map): replace a body here with the feature's component. The shell around it
//! (`workspace.rs`) handles tab selection and keyboard navigation and should not need to change.

use crate::state::Tab;
use crate::modeler::{index_views, items_tab, modeler_sidebar};
use crate::ui::prelude::*;

/// The content of the "Model" sidebar: the modeler's tables, entities and examples.
pub fn model_sidebar_body() -> View {
    modeler_sidebar(crate::share::actions::model_actions())
}

/// The content of one workspace tab.
pub fn tab_body(tab: Tab) -> View {
    match tab {
        // The templates gallery opens over the Items panel (first visit, or "Templates").
        Tab::Items => fragment(vec![items_tab(), crate::ui::bridge::island(|| leptos::view! { <crate::gallery::GalleryHost /> })]),
        Tab::Indexes => index_views(),
        Tab::Query => crate::ui::bridge::island(|| leptos::view! { <crate::query::QueryTab/> }),
        Tab::Heat => crate::ui::bridge::island(|| leptos::view! { <crate::heat::HeatTab/> }),
        Tab::Patterns => crate::ui::bridge::island(|| leptos::view! { <crate::patterns::PatternsTab /> }),
    }
}
