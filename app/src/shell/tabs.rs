//! What the sidebar and each workspace tab show.
//!
//! This is the plug-in point for feature work: each body here is a feature's root component. The shell
//! around it (`workspace.rs`) handles tab selection and keyboard navigation and should not need to change.

use leptos::prelude::*;

use crate::modeler::{IndexesTab, ItemsTab, ModelerSidebar};
use crate::state::Tab;

/// The content of the "Model" sidebar: the model's actions, then the modeler's tables, entities and
/// examples.
#[component]
pub fn SidebarBody() -> impl IntoView {
    view! {
        <ModelerSidebar><crate::share::ModelActions/><crate::gallery::ModelAbout/></ModelerSidebar>
    }
}

/// The content of one workspace tab.
pub fn tab_body(tab: Tab) -> AnyView {
    match tab {
        // The templates gallery opens over the Items panel (first visit, or "Templates").
        Tab::Items => view! {
            <ItemsTab/>
            <crate::gallery::GalleryHost/>
        }
        .into_any(),
        Tab::Indexes => view! { <IndexesTab/> }.into_any(),
        Tab::Query => view! { <crate::query::QueryTab/> }.into_any(),
        Tab::Heat => view! { <crate::heat::HeatTab/> }.into_any(),
        Tab::Patterns => view! { <crate::patterns::PatternsTab/> }.into_any(),
    }
}
