//! What the sidebar and each workspace tab show.
//!
//! This is the plug-in point for feature work: each body here is a feature's root component. The shell
//! around it (`workspace.rs`) handles tab selection and keyboard navigation and should not need to change.
//! Features still built with `crate::ui` are embedded through `ui::bridge::to_leptos` until they are
//! components too.

use leptos::prelude::*;

use crate::modeler::{IndexesTab, ItemsTab, ModelerSidebar};
use crate::state::Tab;
use crate::ui::bridge::to_leptos;

/// The content of the "Model" sidebar: the model's actions, then the modeler's tables, entities and
/// examples.
#[component]
pub fn SidebarBody() -> impl IntoView {
    view! {
        <ModelerSidebar>{to_leptos(crate::share::actions::model_actions())}</ModelerSidebar>
    }
}

/// The content of one workspace tab.
pub fn tab_body(tab: Tab) -> AnyView {
    match tab {
        // The templates gallery opens over the Items panel (first visit, or "Templates").
        Tab::Items => view! {
            <ItemsTab/>
            {to_leptos(crate::gallery::gallery_host())}
        }
        .into_any(),
        Tab::Indexes => view! { <IndexesTab/> }.into_any(),
        Tab::Query => to_leptos(crate::query::query_tab()).into_any(),
        Tab::Heat => to_leptos(crate::heat::heat_tab()).into_any(),
        Tab::Patterns => to_leptos(crate::patterns::patterns_tab()).into_any(),
    }
}
