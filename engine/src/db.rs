//! The engine's front door: a set of tables addressed by DynamoDB action names.
//!
//! INTERFACE CONTRACT (the server and the app rely on these; the tables/operations work fills them in):
//! - [`Database::execute`] takes an action name (`"PutItem"`, `"Query"`, ...) and its JSON input exactly as
//!   DynamoDB's JSON 1.0 protocol carries it, and returns the JSON output or an [`ApiError`].
//!   Unknown action -> `ApiError::UnknownOperation`; a body of the wrong shape -> `ApiError::Serialization`.
//! - Time is passed in (`now_millis`, Unix epoch milliseconds); the engine keeps no clock.
//! - [`Database::snapshot`] / [`Database::restore`] round-trip the whole state as JSON (used by the
//!   server's `--state FILE` and the app's autosave).

use alloc::string::String;

use crate::error::ApiError;

/// Region and account that appear in ARNs and responses.
#[derive(Debug, Clone)]
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
    config: DatabaseConfig,
}

impl Database {
    pub fn new(config: DatabaseConfig) -> Self {
        Database { config }
    }

    pub fn config(&self) -> &DatabaseConfig {
        &self.config
    }

    /// Run one DynamoDB action.
    pub fn execute(&mut self, _action: &str, _input: &serde_json::Value, _now_millis: u64) -> Result<serde_json::Value, ApiError> {
        todo!("tables/operations issue")
    }

    /// The whole state as JSON (tables, settings, items).
    pub fn snapshot(&self) -> serde_json::Value {
        todo!("tables/operations issue")
    }

    /// Rebuild a database from [`Database::snapshot`] output; a malformed snapshot is an error, never a panic.
    pub fn restore(_snapshot: &serde_json::Value) -> Result<Database, ApiError> {
        todo!("tables/operations issue")
    }
}
