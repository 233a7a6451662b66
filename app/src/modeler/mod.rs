//! The visual modeler: table designer, entity editor, item grid and index views.
//!
//! All components share one [`Modeler`] handle (from the app's context). Its state is the signal-free
//! [`crate::model`] layer wrapped in signals; every change goes through [`Modeler::perform`], so
//! undo/redo and autosave see every edit, and a refused edit comes back as an error to show next to the
//! control.
//!
//! Exported roots: [`ModelerSidebar`] (the "Model" sidebar, its children at its top), [`ItemsTab`] and
//! [`IndexesTab`].

mod add_item;
mod designer;
mod dialog_title;
mod dialogs;
mod entity_editor;
mod form_fields;
mod in_flight;
mod indexes_tab;
mod items_tab;
mod sidebar;
mod vector_designer;

pub use crate::model::grid_view::key_label;
pub use crate::state::{use_modeler, Dialog, Modeler};
pub use indexes_tab::IndexesTab;
pub use items_tab::ItemsTab;
pub use sidebar::{ModelerSidebar, EXAMPLES};
