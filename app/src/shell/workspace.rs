//! The tabbed workspace, following the WAI-ARIA tabs pattern with automatic activation: one tab stop for
//! the whole tab list (roving `tabindex`), arrow keys move between tabs, Home/End jump to the ends.
//!
//! Every panel stays mounted and inactive ones are `hidden`, so work in one tab (a half-typed query, a
//! scrolled grid) survives a visit to another.

use crate::ui::prelude::*;

use super::tabs::tab_body;

/// The workspace tabs, in display order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tab {
    Items,
    Indexes,
    Query,
    Heat,
    Patterns,
}

impl Tab {
    pub const ALL: [Tab; 5] = [Tab::Items, Tab::Indexes, Tab::Query, Tab::Heat, Tab::Patterns];

    pub fn label(self) -> &'static str {
        match self {
            Tab::Items => "Items",
            Tab::Indexes => "Indexes",
            Tab::Query => "Query",
            Tab::Heat => "Heat",
            Tab::Patterns => "Access patterns",
        }
    }

    /// Stable identifier used in element ids and `data-testid`s.
    pub fn slug(self) -> &'static str {
        match self {
            Tab::Items => "items",
            Tab::Indexes => "indexes",
            Tab::Query => "query",
            Tab::Heat => "heat",
            Tab::Patterns => "patterns",
        }
    }

    pub fn tab_id(self) -> String {
        format!("tab-{}", self.slug())
    }

    pub fn panel_id(self) -> String {
        format!("panel-{}", self.slug())
    }

    /// The tab with this [`Tab::slug`].
    pub fn from_slug(slug: &str) -> Option<Tab> {
        Tab::ALL.into_iter().find(|t| t.slug() == slug)
    }

    fn index(self) -> usize {
        match self {
            Tab::Items => 0,
            Tab::Indexes => 1,
            Tab::Query => 2,
            Tab::Heat => 3,
            Tab::Patterns => 4,
        }
    }

    /// The tab a key press moves to, wrapping at both ends; `None` for keys the tab list does not handle.
    pub fn after_key(self, key: &str) -> Option<Tab> {
        let n = Tab::ALL.len();
        let i = self.index();
        let j = match key {
            "ArrowRight" => (i + 1) % n,
            "ArrowLeft" => (i + n - 1) % n,
            "Home" => 0,
            "End" => n - 1,
            _ => return None,
        };
        Some(Tab::ALL[j])
    }
}

thread_local! {
    /// The active tab, shared so a share link can record it and an opened link or embed can set it.
    static ACTIVE: ArcRwSignal<Tab> = ArcRwSignal::new(Tab::Items);
}

/// The active workspace tab.
pub fn active_tab() -> RwSignal<Tab> {
    ACTIVE.with(|a| a.clone().into())
}

/// The tab list and its panels.
pub fn workspace() -> View {
    let active = active_tab();

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
