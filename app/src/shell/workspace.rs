//! The tabbed workspace, following the WAI-ARIA tabs pattern with automatic activation: one tab stop for
//! the whole tab list (roving `tabindex`), arrow keys move between tabs, Home/End jump to the ends.
//!
//! Every panel stays mounted and inactive ones are `hidden`, so work in one tab (a half-typed query, a
//! scrolled grid) survives a visit to another.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

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

/// The tab list and its panels.
#[component]
pub fn Workspace() -> impl IntoView {
    let (active, set_active) = signal(Tab::Items);

    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        if let Some(next) = active.get_untracked().after_key(&ev.key()) {
            ev.prevent_default();
            set_active.set(next);
            focus_element(&next.tab_id());
        }
    };

    let tab_buttons = Tab::ALL
        .into_iter()
        .map(|tab| {
            let selected = move || active.get() == tab;
            view! {
                <button
                    type="button"
                    role="tab"
                    class="tab"
                    id=tab.tab_id()
                    data-testid=format!("tab-{}", tab.slug())
                    aria-controls=tab.panel_id()
                    aria-selected=move || if selected() { "true" } else { "false" }
                    tabindex=move || if selected() { "0" } else { "-1" }
                    on:click=move |_| set_active.set(tab)
                >
                    {tab.label()}
                </button>
            }
        })
        .collect_view();

    let panels = Tab::ALL
        .into_iter()
        .map(|tab| {
            view! {
                <section
                    role="tabpanel"
                    class="tab-panel"
                    id=tab.panel_id()
                    data-testid=format!("panel-{}", tab.slug())
                    aria-labelledby=tab.tab_id()
                    tabindex="0"
                    hidden=move || active.get() != tab
                >
                    {tab_body(tab)}
                </section>
            }
        })
        .collect_view();

    view! {
        <div class="tabs" role="tablist" aria-label="Workspace" data-testid="workspace-tabs" on:keydown=on_keydown>
            {tab_buttons}
        </div>
        {panels}
    }
}

/// Move keyboard focus to the element with `id`, if it exists and can take focus.
fn focus_element(id: &str) {
    let element = document().get_element_by_id(id).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(element) = element {
        // Focusing can only fail for detached elements; the tab stays selected either way.
        let _ = element.focus();
    }
}
