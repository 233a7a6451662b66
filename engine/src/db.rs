//! The engine's front door: a set of tables addressed by DynamoDB action names.
//!
//! INTERFACE CONTRACT (the server and the app rely on these):
//! - [`Database::execute`] takes an action name (`"PutItem"`, `"Query"`, ...) and its JSON input exactly as
//!   DynamoDB's JSON 1.0 protocol carries it, and returns the JSON output or an [`ApiError`].
//!   Unknown action -> `ApiError::UnknownOperation`; a body of the wrong shape -> `ApiError::Serialization`.
//! - Typed per-action methods (`put_item`, `get_item`, `query`, ...; see `crate::ops`) do the same work
//!   without JSON; `execute` is a thin JSON adapter over them. Typed outputs carry the full
//!   [`crate::capacity::Consumed`] (with the reason of every charge) whatever ReturnConsumedCapacity says.
//! - Time is passed in (`now_millis`, Unix epoch milliseconds); the engine keeps no clock.
//! - [`Database::snapshot`] / [`Database::restore`] round-trip the whole state as JSON (used by the
//!   server's `--state FILE` and the app's autosave).

use alloc::collections::BTreeMap;
use alloc::string::String;

use crate::api::read::{GetItemInput, QueryInput};
use crate::api::write::{DeleteItemInput, PutItemInput, UpdateItemInput};
use crate::error::ApiError;
use crate::table::Table;

/// Region and account that appear in ARNs and responses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatabaseConfig {
    pub region: String,
    pub account_id: String,
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        DatabaseConfig { region: String::from("us-east-1"), account_id: String::from("000000000000") }
    }
}

/// All tables of one emulated account/region.
#[derive(Debug, Clone)]
pub struct Database {
    pub(crate) config: DatabaseConfig,
    pub(crate) tables: BTreeMap<String, Table>,
    /// TransactWriteItems' remembered ClientRequestTokens.
    pub(crate) tokens: crate::ops::transact_write::TokenCache,
    /// The charges of the current request while [`Database::execute_explained`] collects them; `None`
    /// (and free) otherwise.
    pub(crate) charges: Option<alloc::vec::Vec<crate::capacity::Consumed>>,
    /// The operation the current ExecuteStatement became, while [`Database::execute_explained`] asks.
    pub(crate) operation: Option<crate::api::partiql::Operation>,
}

impl Default for Database {
    fn default() -> Self {
        Database::new(DatabaseConfig::default())
    }
}

impl Database {
    pub fn new(config: DatabaseConfig) -> Self {
        Database { config, tables: BTreeMap::new(), tokens: Default::default(), charges: None, operation: None }
    }

    pub fn config(&self) -> &DatabaseConfig {
        &self.config
    }

    /// Read access to a table's definition, items and indexes (for the UI's grids and diagrams).
    pub fn table(&self, name: &str) -> Option<&Table> {
        self.tables.get(name)
    }

    /// Mutable access for simulations that adjust a table (e.g. its item-collection limit); data changes
    /// must go through the operations so indexes and statistics stay consistent.
    pub fn table_mut(&mut self, name: &str) -> Option<&mut Table> {
        self.tables.get_mut(name)
    }

    pub fn table_names(&self) -> impl Iterator<Item = &str> {
        self.tables.keys().map(|k| k.as_str())
    }

    /// Run one DynamoDB (or DynamoDB Streams) action, nothing throttled; see
    /// [`Database::execute_with`] (in `crate::throttle`) for the throttled form and the clock.
    pub fn execute(&mut self, action: &str, input: &serde_json::Value, now_millis: u64) -> Result<serde_json::Value, ApiError> {
        self.execute_with(action, input, now_millis, &mut crate::throttle::NoThrottle)
    }

    /// The table and item actions, without the clock advancing or throttling.
    pub(crate) fn execute_core(&mut self, action: &str, input: &serde_json::Value, now_millis: u64) -> Result<serde_json::Value, ApiError> {
        match action {
            "CreateTable" => self.create_table_json(input, now_millis),
            "DescribeTable" => self.describe_table_json(input, now_millis),
            "ListTables" => self.list_tables_json(input),
            "DeleteTable" => self.delete_table_json(input, now_millis),
            "UpdateTable" => self.update_table_json(input, now_millis),
            "PutItem" => {
                let out = self.put_item(PutItemInput::from_json(input)?, now_millis)?;
                self.note_charges(core::slice::from_ref(&out.consumed));
                Ok(out.to_json())
            }
            "GetItem" => {
                let out = self.get_item(&GetItemInput::from_json(input)?)?;
                self.note_charges(core::slice::from_ref(&out.consumed));
                Ok(out.to_json())
            }
            "DeleteItem" => {
                let out = self.delete_item(&DeleteItemInput::from_json(input)?, now_millis)?;
                self.note_charges(core::slice::from_ref(&out.consumed));
                Ok(out.to_json())
            }
            "UpdateItem" => {
                let out = self.update_item(&UpdateItemInput::from_json(input)?, now_millis)?;
                self.note_charges(core::slice::from_ref(&out.consumed));
                Ok(out.to_json())
            }
            "Query" => {
                let out = self.query(&QueryInput::from_json(input, false)?, now_millis)?;
                self.note_charges(core::slice::from_ref(&out.consumed));
                Ok(out.to_json())
            }
            "Scan" => {
                let out = self.scan(&QueryInput::from_json(input, true)?, now_millis)?;
                self.note_charges(core::slice::from_ref(&out.consumed));
                Ok(out.to_json())
            }
            _ => Err(ApiError::UnknownOperation),
        }
    }

    /// The whole state as JSON (tables, settings, items).
    pub fn snapshot(&self) -> serde_json::Value {
        crate::snapshot::snapshot(self)
    }

    /// Rebuild a database from [`Database::snapshot`] output; a malformed snapshot is an error, never a panic.
    pub fn restore(snapshot: &serde_json::Value) -> Result<Database, ApiError> {
        crate::snapshot::restore(snapshot)
    }

    pub(crate) fn table_for_data(&self, name: &str) -> Result<&Table, ApiError> {
        self.tables.get(name).ok_or_else(|| ApiError::ResourceNotFound(String::from("Requested resource not found")))
    }

    pub(crate) fn table_for_data_mut(&mut self, name: &str) -> Result<&mut Table, ApiError> {
        self.tables.get_mut(name).ok_or_else(|| ApiError::ResourceNotFound(String::from("Requested resource not found")))
    }
}
