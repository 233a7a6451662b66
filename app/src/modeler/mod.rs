//! The visual modeler: table designer, entity editor, item grid and index views.
//!
//! All components share one [`Modeler`] handle. Its state is the signal-free [`crate::model`] layer
//! wrapped in signals here; every change goes through [`Modeler::perform`], so undo/redo and autosave
//! see every edit, and a refused edit comes back as an error to show next to the control.
//!
//! The views are built with [`crate::ui`]; [`Grid`] and [`ModelerSidebar`] are thin Leptos components
//! around [`grid`] and [`modeler_sidebar`] for the views and tests not yet built that way.

mod add_item;
mod cell_editor;
mod designer;
mod dialogs;
mod entity_editor;
mod grid;
pub(crate) mod indexes_tab;
mod items_tab;
mod sidebar;
pub mod state;

pub use crate::model::grid_view::key_label;
pub use grid::{grid, Grid, GridModel, GridProps};
pub use indexes_tab::index_views;
pub use items_tab::items_tab;
pub use sidebar::{modeler_sidebar, ModelerSidebar};
pub use state::{use_modeler, Dialog, Modeler};

/// A built view inside a Leptos view, there as soon as the Leptos view is built (a directive runs while
/// its element is built; `ui::bridge::to_leptos` waits for the element to load, a task later, which a
/// caller looking for the content straight after mounting would miss).
fn to_leptos_now(v: crate::ui::View) -> impl leptos::prelude::IntoView {
    use leptos::prelude::*;
    fn attach(host: web_sys::Element, node: Option<web_sys::Node>) {
        if let Some(n) = node {
            let _ = host.append_child(&n);
        }
    }
    let node = v.into_node();
    view! { <div style="display:contents" use:attach=node></div> }
}
