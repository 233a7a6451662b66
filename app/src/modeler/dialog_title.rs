//! The id of the open modeler dialog's title, which labels the dialog (one modeler dialog is open at a
//! time): shared by the dialogs, which write it, and the frame around them, which points at it.

pub const TITLE_ID: &str = "mdl-dialog-title";
