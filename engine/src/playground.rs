//! The JSON entry point for the browser playground.
//!
//! [`Database::execute`] dispatches every action, so calling it links the JSON parsers of batch,
//! transaction, TTL, tag and stream-read actions into the wasm bundle even though the playground's UI
//! never sends them (it drives tables and items only). [`Database::execute_table_actions`] gives the
//! same answers as `execute` for the table and item actions and is the only path the app uses, which
//! keeps the bundle under its size budget. Native callers (the server) keep using `execute`.
use crate::db::Database;
use crate::error::ApiError;

impl Database {
    /// Exactly [`Database::execute`] for the table actions (CreateTable, DescribeTable, ListTables,
    /// UpdateTable, DeleteTable) and item actions (GetItem, PutItem, UpdateItem, DeleteItem, Query,
    /// Scan): the clock advances first (TTL expiry, stream retention), nothing is throttled. Any other
    /// action is `UnknownOperation` here.
    pub fn execute_table_actions(
        &mut self,
        action: &str,
        input: &serde_json::Value,
        now_millis: u64,
    ) -> Result<serde_json::Value, ApiError> {
        self.advance_time(now_millis);
        match action {
            "CreateTable" => self.create_table_ext(input, now_millis),
            "UpdateTable" => self.update_table_ext(input, now_millis),
            "DescribeTable" => self.describe_table_ext(input, now_millis),
            "DeleteTable" => self.delete_table_ext(input, now_millis),
            "ListTables" | "GetItem" | "PutItem" | "UpdateItem" | "DeleteItem" | "Query" | "Scan" => {
                self.execute_core(action, input, now_millis)
            }
            _ => Err(ApiError::UnknownOperation),
        }
    }
}
