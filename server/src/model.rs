//! `--model FILE`: turn a playground model export into a running database, by replaying it through the
//! engine's own API (CreateTable, then PutItem per item) so a model loads exactly as a client would have
//! built it — same validation, same errors.
//!
//! Format: `{"tables": [{"createTable": <CreateTable input>, "items": [<DynamoDB JSON item>, ...]}]}`.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use engine::db::Database;

use crate::protocol::{errors::from_api_error, WireError};

#[derive(Debug)]
pub enum ModelError {
    Io { path: PathBuf, error: std::io::Error },
    Json { path: PathBuf, error: serde_json::Error },
    Shape { path: PathBuf, what: String },
    Rejected { path: PathBuf, what: String, error: Box<WireError> },
}

impl std::fmt::Display for ModelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModelError::Io { path, error } => write!(f, "model file {}: {error}", path.display()),
            ModelError::Json { path, error } => write!(f, "model file {} is not valid JSON: {error}", path.display()),
            ModelError::Shape { path, what } => write!(f, "model file {}: {what}", path.display()),
            ModelError::Rejected { path, what, error } => write!(
                f,
                "model file {}: {what} was rejected: {}: {}",
                path.display(),
                error.short_type(),
                error.message.as_deref().unwrap_or("")
            ),
        }
    }
}

impl std::error::Error for ModelError {}

/// Load the model at `path` into `db` (before the server starts); returns (tables, items) created.
pub fn load(path: &Path, db: &mut Database, now_millis: u64) -> Result<(usize, usize), ModelError> {
    let bytes = std::fs::read(path).map_err(|error| ModelError::Io { path: path.to_owned(), error })?;
    let model: Value = serde_json::from_slice(&bytes).map_err(|error| ModelError::Json { path: path.to_owned(), error })?;
    let shape = |what: &str| ModelError::Shape { path: path.to_owned(), what: what.to_owned() };
    let tables = model.get("tables").and_then(Value::as_array).ok_or_else(|| shape("expected {\"tables\": [...]}"))?;
    let mut item_count = 0;
    for (t, table) in tables.iter().enumerate() {
        let create = table.get("createTable").ok_or_else(|| shape(&format!("tables[{t}] has no \"createTable\"")))?;
        let name = create.get("TableName").and_then(Value::as_str).unwrap_or("?").to_owned();
        db.execute("CreateTable", create, now_millis).map_err(|error| ModelError::Rejected {
            path: path.to_owned(),
            what: format!("CreateTable of table '{name}'"),
            error: Box::new(from_api_error(&error)),
        })?;
        let items = match table.get("items") {
            None | Some(Value::Null) => &[][..],
            Some(Value::Array(items)) => &items[..],
            Some(_) => return Err(shape(&format!("tables[{t}].items must be an array"))),
        };
        for (i, item) in items.iter().enumerate() {
            let put = json!({"TableName": name, "Item": item});
            db.execute("PutItem", &put, now_millis).map_err(|error| ModelError::Rejected {
                path: path.to_owned(),
                what: format!("item {i} of table '{name}'"),
                error: Box::new(from_api_error(&error)),
            })?;
            item_count += 1;
        }
    }
    Ok((tables.len(), item_count))
}
