//! The application frame: header, model sidebar, tabbed workspace and status bar.
//!
//! The shell owns layout and navigation only. What appears inside the sidebar and each tab is decided in
//! [`tabs`], so feature work plugs in there without touching the frame.

pub mod model_figures;
mod status_bar;
pub mod tabs;
mod workspace;

use leptos::prelude::*;

use crate::i18n::{t, use_i18n, I18nContextProvider};

pub use status_bar::StatusBar;
pub use workspace::Workspace;

/// Product name, shown in the header and the document title.
pub const PRODUCT_NAME: &str = "Dynamodel";

/// The whole page: the language context around the [`Frame`]. A language the address names (`?lang=tr`)
/// holds for this page only, so an embed in a Turkish training page does not change the language the
/// learner chose for their own playground (kept in a cookie otherwise).
#[component]
pub fn App() -> impl IntoView {
    let from_address = crate::language::from_address();
    view! {
        <I18nContextProvider enable_cookie=from_address.is_none()>
            <Frame/>
        </I18nContextProvider>
    }
}

/// The page inside the language context. It makes the page's shared state (the model from the autosave,
/// the tab the address names…) and provides it to everything below, writes a pending autosave when the
/// page is left, and starts the share feature (a link, file or template the page was opened with).
#[component]
fn Frame() -> impl IntoView {
    let i18n = use_i18n();
    // After the provider's own first effect, which sets the cookie's or the browser's language; both
    // run before the first paint.
    Effect::new(move |_| {
        if let Some(locale) = crate::language::from_address() {
            i18n.set_locale(locale);
        }
    });
    let launch = crate::state::launch();
    let state = crate::state::provide_app_state();
    crate::state::modeler::flush_on_page_exit(state.modeler);
    crate::share::start(state);
    let lessons = crate::lessons::provide_lessons(state);
    crate::lessons::start(state, lessons);
    // In a narrow frame the sidebar folds to one bar, so the workspace keeps the height (see styles.css).
    let sidebar_open = RwSignal::new(false);
    let class = format!(
        "app{}{}",
        if launch.embed { " app-embed" } else { "" },
        if launch.read_only { " app-readonly" } else { "" },
    );
    view! {
        <div
            class=class
            data-testid="app-shell"
            on:dragover=|ev| ev.prevent_default()
            on:drop=move |ev| crate::share::file_io::on_drop(state, ev)
        >
            <header class="topbar" data-testid="app-header">
                <div class="brand">
                    <span class="brand-mark" aria-hidden="true"></span>
                    <h1 class="brand-name">{PRODUCT_NAME}</h1>
                </div>
                <p class="tagline" data-testid="tagline">{t!(i18n, shell.tagline)}</p>
                <div class="topbar-tools">
                    <crate::language::LanguageSwitch/>
                    <crate::lessons::LessonsButton/>
                </div>
            </header>
            <div class="body" class:body-lesson=move || lessons.shows_panel()>
                <aside
                    class="sidebar"
                    class:sidebar-open=move || sidebar_open.get()
                    data-testid="model-sidebar"
                    aria-labelledby="sidebar-title"
                >
                    <h2 id="sidebar-title" class="sidebar-title">{t!(i18n, shell.model)}</h2>
                    <SidebarToggle open=sidebar_open/>
                    <div class="sidebar-body" id="sidebar-body">
                        <tabs::SidebarBody/>
                    </div>
                </aside>
                <main class="workspace" data-testid="workspace">
                    <Workspace/>
                </main>
                <crate::lessons::LessonPanel/>
            </div>
            <crate::lessons::LessonPicker/>
            <StatusBar/>
        </div>
    }
}

/// The sidebar's bar in a narrow frame (≤ 720 px; CSS hides it on a wider page): the model's name, and
/// a button that unfolds the tables, entities and the model's actions over the workspace.
#[component]
fn SidebarToggle(open: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let modeler = crate::state::use_modeler();
    let name = Memo::new(move |_| modeler.state.with(|s| s.playground.name.clone()));
    view! {
        <button
            type="button"
            class="sidebar-toggle bar-toggle"
            data-testid="sidebar-toggle"
            aria-controls="sidebar-body"
            aria-expanded=move || if open.get() { "true" } else { "false" }
            on:click=move |_| open.update(|o| *o = !*o)
            on:keydown=move |ev| {
                if ev.key() == "Escape" && open.get_untracked() {
                    open.set(false);
                }
            }
        >
            <span class="sidebar-toggle-label">{t!(i18n, shell.model)}</span>
            <span class="sidebar-toggle-name">{move || name.with(|n| formats::gallery_words::name_in(n, crate::language::words(i18n.get_locale())).to_string())}</span>
            {crate::state::launch().read_only.then(|| view! { <span class="sidebar-toggle-note">{t!(i18n, shell.read_only)}</span> })}
            <span class="sidebar-toggle-arrow" aria-hidden="true">{move || if open.get() { "▴" } else { "▾" }}</span>
        </button>
    }
}
