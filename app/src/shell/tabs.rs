//! What the sidebar and each workspace tab show.
//!
//! This is the plug-in point for feature work (the modeler's table designer, item grid and index views,
//! the query runner, the heat map): replace a body here with the feature's component. The shell around it
//! (`workspace.rs`) handles tab selection and keyboard navigation and should not need to change.

use leptos::prelude::*;

use super::Tab;
use crate::modeler::{IndexViews, ItemsTab, ModelerSidebar};

/// The content of the "Model" sidebar: the modeler's tables, entities and examples.
#[component]
pub fn ModelSidebarBody() -> impl IntoView {
    view! { <ModelerSidebar/> }
}

/// The content of one workspace tab.
pub fn tab_body(tab: Tab) -> AnyView {
    match tab {
        // The templates gallery opens over the Items panel (first visit, or "Templates").
        Tab::Items => view! { <ItemsTab/> <crate::gallery::GalleryHost/> }.into_any(),
        Tab::Indexes => view! { <IndexViews/> }.into_any(),
        Tab::Query => view! { <crate::query::QueryTab/> }.into_any(),
        Tab::Heat => crate::ui::bridge::to_leptos(crate::heat::heat_tab()).into_any(),
        Tab::Patterns => view! { <crate::patterns::PatternsTab/> }.into_any(),
    }
}
