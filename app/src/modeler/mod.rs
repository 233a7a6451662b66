//! The visual modeler: table designer, entity editor, item grid and index views.
//!
//! All components share one [`Modeler`] handle. Its state is the signal-free [`crate::model`] layer
//! wrapped in signals here; every change goes through [`Modeler::perform`], so undo/redo and autosave
//! see every edit, and a refused edit comes back as an error to show next to the control.
//!
//! The views are built with [`crate::ui`].

mod add_item;
mod designer;
mod dialogs;
mod entity_editor;
pub(crate) mod indexes_tab;
mod items_tab;
mod sidebar;

pub use crate::model::grid_view::key_label;
pub use indexes_tab::index_views;
pub use items_tab::items_tab;
pub use sidebar::modeler_sidebar;
pub use crate::state::{use_modeler, Dialog, Modeler};
