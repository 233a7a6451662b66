//! The tabbed workspace, following the WAI-ARIA tabs pattern with automatic activation: one tab stop for
//! the whole tab list (roving `tabindex`), arrow keys move between tabs, Home/End jump to the ends.
//!
//! Every panel stays mounted and inactive ones are `hidden`, so work in one tab (a half-typed query, a
//! scrolled grid) survives a visit to another.

use crate::ui::prelude::*;

use super::tabs::tab_body;
use crate::state::Tab;

/// The tab list and its panels.
pub fn workspace() -> View {
    let active = crate::state::use_app().tab;

    let on_keydown = move |ev: web_sys::KeyboardEvent| {
        if let Some(next) = active.get_untracked().after_key(&ev.key()) {
            ev.prevent_default();
            active.set(next);
            focus_by_id(&next.tab_id());
        }
    };

    let tab_buttons = Tab::ALL.into_iter().map(|tab| {
        el("button")
            .ty("button")
            .attr("role", "tab")
            .class("tab")
            .id(&tab.tab_id())
            .tid(&format!("tab-{}", tab.slug()))
            .attr("aria-controls", &tab.panel_id())
            .dyn_attr("aria-selected", move || Some(String::from(if active.get() == tab { "true" } else { "false" })))
            .dyn_attr("tabindex", move || Some(String::from(if active.get() == tab { "0" } else { "-1" })))
            .on_click(move |_| active.set(tab))
            .text(tab.label())
    });

    let panels = Tab::ALL.into_iter().map(|tab| {
        el("section")
            .attr("role", "tabpanel")
            .class("tab-panel")
            .id(&tab.panel_id())
            .tid(&format!("panel-{}", tab.slug()))
            .attr("aria-labelledby", &tab.tab_id())
            .attr("tabindex", "0")
            .dyn_flag("hidden", move || active.get() != tab)
            .child(tab_body(tab))
    });

    let list = el("div")
        .class("tabs")
        .attr("role", "tablist")
        .attr("aria-label", "Workspace")
        .tid("workspace-tabs")
        .on_key("keydown", on_keydown)
        .children(tab_buttons);
    let mut views: Vec<View> = vec![list.into()];
    views.extend(panels.map(View::from));
    fragment(views)
}
