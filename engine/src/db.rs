//! A set of tables addressed by DynamoDB action names: the state every operation works on, and what
//! the database owns besides its tables (its account settings, the transaction tokens it remembers).
//! The layers below know nothing of it: the operations (`crate::ops`), the front door
//! (`crate::execute`) and the snapshot (`crate::snapshot`) are `impl Database` blocks above it.
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

use crate::error::ApiError;
use crate::table::Table;
use crate::tokens::TokenCache;

pub use crate::config::DatabaseConfig;

/// All tables of one emulated account/region.
#[derive(Debug, Clone)]
pub struct Database {
    pub(crate) config: DatabaseConfig,
    pub(crate) tables: BTreeMap<String, Table>,
    /// TransactWriteItems' remembered ClientRequestTokens.
    pub(crate) tokens: TokenCache,
    /// The charges of the current request while [`Database::execute_explained`] collects them; `None`
    /// (and free) otherwise.
    pub(crate) charges: Option<alloc::vec::Vec<crate::capacity::Consumed>>,
    /// The operation the current ExecuteStatement became, while [`Database::execute_explained`] asks.
    pub(crate) operation: Option<crate::api::partiql::Operation>,
    /// The index lag new tables get ([`Database::set_index_lag`]).
    pub(crate) index_lag: crate::index::lag::IndexLag,
    /// The latest time the caller has advanced the database to (epoch ms): a table created later starts
    /// its clock there.
    pub(crate) now: u64,
}

impl Default for Database {
    fn default() -> Self {
        Database::new(DatabaseConfig::default())
    }
}

impl Database {
    pub fn new(config: DatabaseConfig) -> Self {
        Database { config, tables: BTreeMap::new(), tokens: Default::default(), charges: None, operation: None, index_lag: Default::default(), now: 0 }
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

    /// How long a write takes to reach the asynchronous indexes (GSIs) of every table, existing and
    /// created later (`crate::table::propagation`); zero, the default, updates them with the write.
    pub fn set_index_lag(&mut self, lag: crate::index::lag::IndexLag) {
        self.index_lag = lag;
        for t in self.tables.values_mut() {
            t.set_index_lag(lag);
        }
    }

    pub fn index_lag(&self) -> crate::index::lag::IndexLag {
        self.index_lag
    }

    pub fn table_names(&self) -> impl Iterator<Item = &str> {
        self.tables.keys().map(|k| k.as_str())
    }

    pub(crate) fn table_for_data(&self, name: &str) -> Result<&Table, ApiError> {
        self.tables.get(name).ok_or_else(|| ApiError::ResourceNotFound(String::from("Requested resource not found")))
    }

    pub(crate) fn table_for_data_mut(&mut self, name: &str) -> Result<&mut Table, ApiError> {
        self.tables.get_mut(name).ok_or_else(|| ApiError::ResourceNotFound(String::from("Requested resource not found")))
    }
}
