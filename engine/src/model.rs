//! The playground's model file: tables, entity types and items, in one versioned JSON document.
//!
//! Tables are stored as the `CreateTable` input DynamoDB itself accepts and items as DynamoDB JSON, so a
//! model file goes straight into the engine ([`Model::load_into`]), into the server's `--model FILE`, or
//! through the AWS CLI without translation. Entities (facets) are the playground's own addition: named
//! item types with key templates, so that adding "an Order" fills `PK`/`SK` the way the design says.
//!
//! ```
//! use engine::model::Model;
//! let m = Model::from_json_str(r#"{"version":1,"tables":[]}"#).unwrap();
//! assert_eq!(m.version, 1);
//! assert!(Model::from_json_str(r#"{"version":2,"tables":[]}"#).is_err());
//! ```

pub mod entity;
pub mod schema;
pub mod template;

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use serde::{Deserialize, Serialize};

use crate::db::Database;
use crate::error::ApiError;

pub use entity::{Entity, EntityAttribute, EntityError};
pub use schema::{key_attributes, table_name, KeyAttr, KeyRole};
pub use template::{ExpandError, KeyTemplate, TemplateError};

/// The only format version this build reads and writes. A newer file is refused rather than
/// half-understood, so that saving it back can never drop fields we do not know.
pub const MODEL_VERSION: u32 = 1;

/// A whole playground model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Model {
    pub version: u32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    #[serde(default)]
    pub tables: Vec<TableModel>,
}

/// One table: its design, its entity types and its items.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TableModel {
    /// `CreateTable` input as DynamoDB JSON (`TableName`, `KeySchema`, `AttributeDefinitions`, ...).
    pub definition: serde_json::Value,
    #[serde(default)]
    pub entities: Vec<Entity>,
    /// Items in DynamoDB JSON (`{"PK":{"S":"USER#1"}}`), kept raw so that a file with a bad item
    /// still loads and the bad item can be shown and fixed rather than silently dropped.
    #[serde(default)]
    pub items: Vec<serde_json::Value>,
}

/// Why a model could not be read or loaded.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ModelError {
    /// Not JSON, or JSON of the wrong shape (message from the JSON reader).
    Format(String),
    /// The document has no numeric `version` field.
    MissingVersion,
    /// Written by a newer (or unknown) format version.
    UnsupportedVersion(u64),
    /// Table number `index` has no usable `TableName`.
    TableName { index: usize },
    /// An entity of `table` is inconsistent with the table's keys.
    Entity { table: String, entity: String, error: EntityError },
    /// `CreateTable` rejected the table's definition.
    CreateTable { table: String, error: ApiError },
    /// `PutItem` rejected item number `index` of `table`.
    Item { table: String, index: usize, error: ApiError },
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::Format(m) => write!(f, "Not a model file: {m}"),
            ModelError::MissingVersion => write!(f, "Not a model file: no \"version\" field"),
            ModelError::UnsupportedVersion(v) => {
                write!(f, "Model format version {v} is not supported (this build reads version {MODEL_VERSION})")
            }
            ModelError::TableName { index } => write!(f, "Table #{index} has no TableName"),
            ModelError::Entity { table, entity, error } => write!(f, "Table {table}, entity {entity}: {error}"),
            ModelError::CreateTable { table, error } => write!(f, "Table {table}: {error}"),
            ModelError::Item { table, index, error } => write!(f, "Table {table}, item #{index}: {error}"),
        }
    }
}

impl Default for Model {
    fn default() -> Self {
        Model::new()
    }
}

impl Model {
    pub fn new() -> Model {
        Model { version: MODEL_VERSION, name: String::new(), description: String::new(), tables: Vec::new() }
    }

    /// Read a model file. The version is checked before the shape, so an old build opening a newer
    /// file says "unsupported version" instead of an obscure field error.
    pub fn from_json_str(text: &str) -> Result<Model, ModelError> {
        let raw: serde_json::Value = serde_json::from_str(text).map_err(|e| ModelError::Format(e.to_string()))?;
        Model::from_json(raw)
    }

    pub fn from_json(raw: serde_json::Value) -> Result<Model, ModelError> {
        let version = raw.get("version").and_then(|v| v.as_u64()).ok_or(ModelError::MissingVersion)?;
        if version != u64::from(MODEL_VERSION) {
            return Err(ModelError::UnsupportedVersion(version));
        }
        serde_json::from_value(raw).map_err(|e| ModelError::Format(e.to_string()))
    }

    pub fn to_json(&self) -> serde_json::Value {
        // Serialising plain strings, numbers and JSON values cannot fail.
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    pub fn to_json_string_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Check names and entities without touching a database.
    pub fn check(&self) -> Result<(), ModelError> {
        for (index, t) in self.tables.iter().enumerate() {
            let name = table_name(&t.definition).ok_or(ModelError::TableName { index })?;
            let keys = key_attributes(&t.definition);
            for e in &t.entities {
                e.check(&keys).map_err(|error| ModelError::Entity {
                    table: name.to_string(),
                    entity: e.name.clone(),
                    error,
                })?;
            }
        }
        Ok(())
    }

    /// Create every table in `db` and put every item, stopping at the first error the engine reports.
    /// Tables are created in file order before any item is written, as a user replaying the file
    /// against DynamoDB would.
    pub fn load_into(&self, db: &mut Database, now_millis: u64) -> Result<(), ModelError> {
        self.check()?;
        for t in &self.tables {
            let name = table_name(&t.definition).unwrap_or_default().to_string();
            db.execute("CreateTable", &t.definition, now_millis)
                .map_err(|error| ModelError::CreateTable { table: name.clone(), error })?;
        }
        for t in &self.tables {
            let name = table_name(&t.definition).unwrap_or_default().to_string();
            for (index, item) in t.items.iter().enumerate() {
                let input = serde_json::json!({ "TableName": name, "Item": item });
                db.execute("PutItem", &input, now_millis)
                    .map_err(|error| ModelError::Item { table: name.clone(), index, error })?;
            }
        }
        Ok(())
    }

    pub fn table(&self, name: &str) -> Option<&TableModel> {
        self.tables.iter().find(|t| table_name(&t.definition) == Some(name))
    }
}

impl TableModel {
    pub fn name(&self) -> Option<&str> {
        table_name(&self.definition)
    }
}
