//! The playground's model file: tables, entity types and items, in one versioned JSON document.
//!
//! Tables are stored as the `CreateTable` input DynamoDB itself accepts and items as DynamoDB JSON, so a
//! model file goes straight into the engine ([`Model::load_into`]), into the server's `--model FILE`, or
//! through the AWS CLI without translation. Entities (facets) are the playground's own addition: named
//! item types with key templates, so that adding "an Order" fills `PK`/`SK` the way the design says.
//!
//! Reading is strict and precise: every fault names its path (`tables[1].items[40].price: ...`), and
//! files of older format versions are migrated on load ([`migrate`]). The format is documented in
//! `docs/model-format.md`.
//!
//! ```
//! use engine::model::Model;
//! let m = Model::from_json_str(r#"{"version":1,"tables":[]}"#).unwrap();
//! assert_eq!(m.version, 2); // migrated on load
//! assert!(Model::from_json_str(r#"{"version":3,"tables":[]}"#).is_err());
//! let e = Model::from_json_str(r#"{"version":2,"tables":[{"definition":{},"items":[1]}]}"#).unwrap_err();
//! assert_eq!(e.to_string(), "tables[0].items[0]: expected an item in DynamoDB JSON (an object), found a number");
//! ```

pub mod decoded;
pub mod entity;
pub mod migrate;
pub mod parse;
pub mod schema;
pub mod slots;
pub mod template;

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use serde::Serialize;

use crate::db::Database;
use crate::error::ApiError;

pub use entity::{Entity, EntityAttribute, EntityError};
pub use parse::Path;
pub use schema::{key_attributes, multi_key_attributes, table_name, KeyAttr, KeyRole};
pub use slots::{AccessPattern, DismissedFinding, Workload};
pub use template::{ExpandError, KeyTemplate, TemplateError};

/// The format version this build writes. Older versions are migrated on load ([`migrate`]); a newer
/// file is refused rather than half-understood, so that saving it back can never drop fields we do not
/// know.
pub const MODEL_VERSION: u32 = 2;

/// A whole playground model.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Model {
    pub version: u32,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub description: String,
    pub tables: Vec<TableModel>,
    /// The requests the design must serve (filled by the Query tab and the templates).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub access_patterns: Vec<AccessPattern>,
    /// The traffic the design must carry (filled by the traffic simulator).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub workloads: Vec<Workload>,
    /// Advisor findings the user dismissed, each with the reason (filled by the advisor; optional, so
    /// files without it need no migration).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dismissed_findings: Vec<DismissedFinding>,
    /// A lesson that travels with the model (so a share link carries an exercise): kept as the JSON
    /// object it is, read and judged by the `lessons` crate, which the engine does not depend on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lesson: Option<serde_json::Value>,
}

/// One table: its design, its entity types and its items.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TableModel {
    /// `CreateTable` input as DynamoDB JSON (`TableName`, `KeySchema`, `AttributeDefinitions`, ...).
    pub definition: serde_json::Value,
    pub entities: Vec<Entity>,
    /// Items in DynamoDB JSON (`{"PK":{"S":"USER#1"}}`), kept raw so that a file with a bad item
    /// still loads and the bad item can be shown and fixed rather than silently dropped.
    pub items: Vec<serde_json::Value>,
    /// The TTL attribute (`UpdateTimeToLive`), which `CreateTable` input cannot carry.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_to_live: Option<String>,
}

/// Why a model could not be read or loaded.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ModelError {
    /// Not JSON at all (message from the JSON reader, with line and column).
    Format(String),
    /// JSON of the wrong shape: `path` names the fault (`tables[1].entities[0].keys.PK`).
    At { path: String, message: String },
    /// The document has no numeric `version` field.
    MissingVersion,
    /// Written by a newer (or unknown) format version.
    UnsupportedVersion(u64),
    /// Table number `index` has no usable `TableName`.
    TableName { index: usize },
    /// Entity number `position` of table number `index` (`table`) is inconsistent with the table's keys.
    Entity { index: usize, position: usize, table: String, entity: String, error: alloc::boxed::Box<EntityError> },
    /// `CreateTable` rejected the definition of table number `position`.
    CreateTable { position: usize, table: String, error: ApiError },
    /// `UpdateTimeToLive` rejected the `timeToLive` of table number `position`.
    TimeToLive { position: usize, table: String, error: ApiError },
    /// `PutItem` rejected item number `index` of `table` (table number `position`).
    Item { position: usize, table: String, index: usize, error: ApiError },
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::Format(m) => write!(f, "Not a model file: {m}"),
            ModelError::At { path, message } if path.is_empty() => write!(f, "{message}"),
            ModelError::At { path, message } => write!(f, "{path}: {message}"),
            ModelError::MissingVersion => write!(f, "Not a model file: no \"version\" field"),
            ModelError::UnsupportedVersion(v) => {
                write!(
                    f,
                    "Model format version {v} is not supported (this build reads versions {} to {MODEL_VERSION})",
                    migrate::OLDEST_VERSION
                )
            }
            ModelError::TableName { index } => write!(f, "tables[{index}].definition.TableName: the table has no name"),
            ModelError::Entity { index, position, table, entity, error } => {
                write!(f, "tables[{index}].entities[{position}] ({table}, entity {entity}): {error}")
            }
            ModelError::CreateTable { position, table, error } => {
                write!(f, "tables[{position}].definition ({table}): {}: {}", error.type_name(), error.message())
            }
            ModelError::TimeToLive { position, table, error } => {
                write!(f, "tables[{position}].timeToLive ({table}): {}: {}", error.type_name(), error.message())
            }
            ModelError::Item { position, table, index, error } => {
                write!(f, "tables[{position}].items[{index}] ({table}): {}: {}", error.type_name(), error.message())
            }
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
        Model {
            version: MODEL_VERSION,
            name: String::new(),
            description: String::new(),
            tables: Vec::new(),
            access_patterns: Vec::new(),
            workloads: Vec::new(),
            dismissed_findings: Vec::new(),
            lesson: None,
        }
    }

    /// Read a model file. The version is checked (and older versions migrated) before the shape, so an
    /// old build opening a newer file says "unsupported version" instead of an obscure field error.
    pub fn from_json_str(text: &str) -> Result<Model, ModelError> {
        let raw: serde_json::Value = serde_json::from_str(text).map_err(|e| ModelError::Format(e.to_string()))?;
        Model::from_json(raw)
    }

    pub fn from_json(raw: serde_json::Value) -> Result<Model, ModelError> {
        Model::from_json_migrated(raw).map(|(m, _)| m)
    }

    /// Like [`Model::from_json`], also telling which format version the document was written in.
    pub fn from_json_migrated(mut raw: serde_json::Value) -> Result<(Model, u32), ModelError> {
        let from = migrate::migrate(&mut raw)?;
        Ok((parse::model(raw)?, from))
    }

    /// Every item attribute is valid DynamoDB JSON; the first that is not is named by its path
    /// (`tables[1].items[40].price: ...`). Keys and table rules are the engine's job ([`Model::load_into`]).
    pub fn check_items(&self) -> Result<(), ModelError> {
        parse::check_items(self)
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
            for (position, e) in t.entities.iter().enumerate() {
                e.check(&keys).map_err(|error| ModelError::Entity {
                    index,
                    position,
                    table: name.to_string(),
                    entity: e.name.clone(),
                    error: alloc::boxed::Box::new(error),
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
        self.check_items()?;
        for (position, t) in self.tables.iter().enumerate() {
            let name = table_name(&t.definition).unwrap_or_default().to_string();
            db.execute("CreateTable", &t.definition, now_millis)
                .map_err(|error| ModelError::CreateTable { position, table: name.clone(), error })?;
            if let Some(attr) = &t.time_to_live {
                let input = serde_json::json!({
                    "TableName": name,
                    "TimeToLiveSpecification": {"AttributeName": attr, "Enabled": true}
                });
                db.execute("UpdateTimeToLive", &input, now_millis)
                    .map_err(|error| ModelError::TimeToLive { position, table: name.clone(), error })?;
            }
        }
        for (position, t) in self.tables.iter().enumerate() {
            let name = table_name(&t.definition).unwrap_or_default().to_string();
            for (index, item) in t.items.iter().enumerate() {
                let input = serde_json::json!({ "TableName": name, "Item": item });
                db.execute("PutItem", &input, now_millis)
                    .map_err(|error| ModelError::Item { position, table: name.clone(), index, error })?;
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
