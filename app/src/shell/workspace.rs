//! The tabbed workspace, following the WAI-ARIA tabs pattern with automatic activation: one tab stop for
//! the whole tab list (roving `tabindex`), arrow keys move between tabs, Home/End jump to the ends.
//!
//! A panel is built the first time its tab is shown and then stays mounted, inactive ones `hidden`, so work
//! in one tab (a half-typed query, a scrolled grid) survives a visit to another, and a page opens with
//! only the panel it shows built (the others' views are the larger part of the start's work).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::tabs::tab_body;
use crate::i18n::{t_string, use_i18n};
use crate::state::{use_app, Tab};

/// Moves keyboard focus to the tab with `id` in the tab list `list` (looked up there, not in the whole
/// document, so a second playground on the page never takes the focus).
fn focus_tab(list: Option<web_sys::EventTarget>, id: &str) {
    let tab = list
        .and_then(|l| l.dyn_into::<web_sys::Element>().ok())
        .and_then(|l| l.query_selector(&format!("#{id}")).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(tab) = tab {
        let _ = tab.focus();
    }
}

/// The tab list and its panels.
#[component]
pub fn Workspace() -> impl IntoView {
    let app = use_app();
    let active = app.tab;
    let i18n = use_i18n();
    // A tab is wanted while it is shown, and the Query tab also while a request for it waits: it takes
    // an access pattern opened from the Access patterns tab and then shows itself.
    let wanted = move |tab: Tab| active.get() == tab || (tab == Tab::Query && app.requests.open_pattern.with(Option::is_some));
    let on_keydown = move |ev: web_sys::KeyboardEvent| {
        if let Some(next) = active.get_untracked().after_key(&ev.key()) {
            ev.prevent_default();
            active.set(next);
            focus_tab(ev.current_target(), &next.tab_id());
        }
    };
    let buttons = Tab::ALL
        .into_iter()
        .map(|tab| {
            view! {
                <button
                    type="button"
                    role="tab"
                    class="tab"
                    id=tab.tab_id()
                    data-testid=format!("tab-{}", tab.slug())
                    aria-controls=tab.panel_id()
                    aria-selected=move || if active.get() == tab { "true" } else { "false" }
                    tabindex=move || if active.get() == tab { "0" } else { "-1" }
                    on:click=move |_| active.set(tab)
                >
                    {move || tab.label(i18n.get_locale())}
                </button>
            }
        })
        .collect_view();
    let panels = Tab::ALL
        .into_iter()
        .map(|tab| {
            let built = Memo::new(move |was: Option<&bool>| was.copied().unwrap_or(false) || wanted(tab));
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
                    <Show when=move || built.get()>{tab_body(tab)}</Show>
                </section>
            }
        })
        .collect_view();
    view! {
        <div class="tabs" role="tablist" aria-label=move || t_string!(i18n, shell.workspace) data-testid="workspace-tabs" on:keydown=on_keydown>
            {buttons}
        </div>
        {panels}
    }
}
