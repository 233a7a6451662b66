//! The modeler's state, free of signals and of the DOM: the editable model kept in step with a real
//! engine `Database`, undo/redo, autosave, and the layouts the grid draws.
//!
//! Components wrap these types in signals; nothing here knows about signals, so every rule (what an edit
//! does, how undo restores it, how items are ordered) is testable on its own.

pub mod autosave;
pub mod design;
pub mod display;
pub mod grid_geometry;
pub mod grid_html;
pub mod grid_view;
pub mod history;
pub mod index_view;
pub mod layout;
pub mod playground;
pub mod propagation;
pub mod row_item;
pub mod table_view;
pub mod value_edit;
pub mod vector_design;

pub use history::History;
pub use playground::{Change, Edit, EditError, Playground, RequestRun, Row, RowId, TableState, Whole};
pub use row_item::RowItem;
