//! The application frame: header, model sidebar, tabbed workspace and status bar.
//!
//! The shell owns layout and navigation only. What appears inside the sidebar and each tab is decided in
//! [`tabs`], so feature work plugs in there without touching the frame.

mod empty_state;
mod status_bar;
pub mod tabs;
mod workspace;

use leptos::prelude::*;

pub use empty_state::EmptyState;
pub use status_bar::StatusBar;
pub use workspace::{active_tab, Tab, Workspace};

/// Product name, shown in the header and the document title.
pub const PRODUCT_NAME: &str = "Dynamodel";

/// The one-line description under the product name.
pub const TAGLINE: &str = "A DynamoDB data-modeling playground: design tables and indexes, try your access \
                           patterns, and see item sizes, capacity and hot partitions — all in your browser.";

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let launch = crate::share::launch();
    crate::share::start();
    view! {
        <div class="app" data-testid="app-shell" class:app-embed=launch.embed class:app-readonly=launch.read_only
            on:dragover=|ev: leptos::ev::DragEvent| ev.prevent_default()
            on:drop=crate::share::file_io::on_drop>
            <header class="topbar" data-testid="app-header">
                <div class="brand">
                    <span class="brand-mark" aria-hidden="true"></span>
                    <h1 class="brand-name">{PRODUCT_NAME}</h1>
                </div>
                <p class="tagline" data-testid="tagline">{TAGLINE}</p>
            </header>
            <div class="body">
                <aside class="sidebar" data-testid="model-sidebar" aria-labelledby="sidebar-title">
                    <h2 id="sidebar-title" class="sidebar-title">"Model"</h2>
                    <tabs::ModelSidebarBody/>
                </aside>
                <main class="workspace" data-testid="workspace">
                    <Workspace/>
                </main>
            </div>
            <StatusBar/>
        </div>
    }
}
