//! NoSQL Workbench model files, both ways.
//!
//! Import reads ModelMetadata.Version 3.0 and the older 2.0, 1.0 and unversioned files that Workbench
//! itself no longer opens, including the per-table `ModelSchema` that AWS's web "DynamoDB Data
//! Modeler" writes (its value templates become entity key templates). Export writes Version 3.0.
//! Neither direction drops anything silently: whatever the other side cannot represent is listed as a
//! [`Note`] with its path, for the UI to show.

mod export;
mod file;
mod import;

use alloc::string::String;
use core::fmt;

pub use export::export;
pub use import::{import, Imported};

/// Something that could not be carried across, and where it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub path: String,
    pub message: String,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// The file's format version, from `ModelMetadata.Version`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Version {
    V3,
    V2,
    V1,
    /// No version at all (early Workbench files; Workbench 3 refuses them).
    Unversioned,
}

/// Why a file could not be imported at all.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WorkbenchError {
    NotJson(String),
    /// No `DataModel` array: not a Workbench model.
    NotWorkbench,
    /// A version this importer does not know.
    UnknownVersion(String),
    /// A required part is missing or of the wrong type.
    At { path: String, message: String },
}

impl fmt::Display for WorkbenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorkbenchError::NotJson(m) => write!(f, "Not JSON: {m}"),
            WorkbenchError::NotWorkbench => write!(f, "Not a NoSQL Workbench model (it has no \"DataModel\" list of tables)"),
            WorkbenchError::UnknownVersion(v) => {
                write!(f, "NoSQL Workbench model version {v:?} is not supported (known: 1.0, 2.0, 3.0 and unversioned files)")
            }
            WorkbenchError::At { path, message } => write!(f, "{path}: {message}"),
        }
    }
}

/// Does this JSON look like a Workbench model (rather than a Dynamodel model file)?
pub fn looks_like_workbench(v: &serde_json::Value) -> bool {
    v.get("DataModel").is_some_and(|d| d.is_array()) && v.get("version").is_none()
}
