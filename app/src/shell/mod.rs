//! The application frame: header, model sidebar, tabbed workspace and status bar.
//!
//! The shell owns layout and navigation only. What appears inside the sidebar and each tab is decided in
//! [`tabs`], so feature work plugs in there without touching the frame.

mod empty_state;
mod status_bar;
pub mod tabs;
mod workspace;

use wasm_bindgen::JsCast;

use crate::ui::prelude::*;

pub use empty_state::empty_state;
pub use status_bar::status_bar;
pub use workspace::workspace;

/// Product name, shown in the header and the document title.
pub const PRODUCT_NAME: &str = "Dynamodel";

/// The one-line description under the product name.
pub const TAGLINE: &str = "A DynamoDB data-modeling playground: design tables and indexes, try your access \
                           patterns, and see item sizes, capacity and hot partitions — all in your browser.";

/// The whole page.
pub fn app() -> View {
    let launch = crate::state::launch();
    let state = crate::state::provide_app_state();
    crate::state::modeler::flush_on_page_exit(state.modeler);
    crate::share::start(state);
    el("div")
        .class("app")
        .tid("app-shell")
        .class_if("app-embed", launch.embed)
        .class_if("app-readonly", launch.read_only)
        .on("dragover", |ev| ev.prevent_default())
        .on("drop", move |ev| crate::share::file_io::on_drop(state, ev.unchecked_into()))
        .child(
            el("header")
                .class("topbar")
                .tid("app-header")
                .child(el("div").class("brand").child(el("span").class("brand-mark").attr("aria-hidden", "true")).child(el("h1").class("brand-name").text(PRODUCT_NAME)))
                .child(el("p").class("tagline").tid("tagline").text(TAGLINE)),
        )
        .child(
            el("div")
                .class("body")
                .child(
                    el("aside")
                        .class("sidebar")
                        .tid("model-sidebar")
                        .attr("aria-labelledby", "sidebar-title")
                        .child(el("h2").id("sidebar-title").class("sidebar-title").text("Model"))
                        .child(tabs::model_sidebar_body()),
                )
                .child(el("main").class("workspace").tid("workspace").child(workspace())),
        )
        .child(status_bar())
        .into()
}
