//! `--model FILE`: turn a playground model export into a running database.
//!
//! The file format and its loading belong to the engine (`engine::model`): tables are `CreateTable`
//! inputs and items DynamoDB JSON, replayed through the engine's own API, so a model gets exactly the
//! validation a client would. The server only reads the file and reports failures with its path.

use std::path::{Path, PathBuf};

use engine::db::Database;
use engine::model::Model;

#[derive(Debug)]
pub enum ModelError {
    Io { path: PathBuf, error: std::io::Error },
    Model { path: PathBuf, error: Box<engine::model::ModelError> },
}

impl std::fmt::Display for ModelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModelError::Io { path, error } => write!(f, "model file {}: {error}", path.display()),
            ModelError::Model { path, error } => write!(f, "model file {}: {error}", path.display()),
        }
    }
}

impl std::error::Error for ModelError {}

/// Load the model at `path` into `db` (before the server starts); returns (tables, items) created.
pub fn load(path: &Path, db: &mut Database, now_millis: u64) -> Result<(usize, usize), ModelError> {
    let text = std::fs::read_to_string(path).map_err(|error| ModelError::Io { path: path.to_owned(), error })?;
    let model_err = |error| ModelError::Model { path: path.to_owned(), error: Box::new(error) };
    let model = Model::from_json_str(&text).map_err(model_err)?;
    model.load_into(db, now_millis).map_err(model_err)?;
    Ok((model.tables.len(), model.tables.iter().map(|t| t.items.len()).sum()))
}
