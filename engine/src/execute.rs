//! The engine's front door: a DynamoDB (or DynamoDB Streams) action name and its JSON input, dispatched
//! to the typed operation (`crate::ops`) and its JSON output, with the clock advanced first and a
//! throttling decision asked where DynamoDB would throttle.

use crate::api::batch::{BatchGetItemInput, BatchWriteItemInput};
use crate::api::partiql::{BatchExecuteStatementInput, ExecuteTransactionInput};
use crate::api::read::{GetItemInput, QueryInput};
use crate::api::transact::{TransactGetItemsInput, TransactWriteItemsInput};
use crate::api::typed::{Answer, Request, TypedInput};
use crate::api::write::{DeleteItemInput, PutItemInput, UpdateItemInput};
use crate::db::Database;
use crate::error::ApiError;
use crate::ops::write::MeteredError;
use crate::throttle::{throughput_exceeded, Access, NoThrottle, ThrottlePolicy};

impl Database {
    /// Run one DynamoDB (or DynamoDB Streams) action, nothing throttled; see
    /// [`Database::execute_with`] for the throttled form and the clock.
    pub fn execute(&mut self, action: &str, input: &serde_json::Value, now_millis: u64) -> Result<serde_json::Value, ApiError> {
        self.execute_with(action, input, now_millis, &mut NoThrottle)
    }

    /// [`Database::execute_with`]'s answer as JSON text, the same bytes as serialising its JSON value.
    /// Query, Scan and GetItem write their items straight from the table's buffers instead of building
    /// a JSON tree first: what a server that sends the text spends most of a read's time on otherwise.
    pub fn execute_text_with(
        &mut self,
        action: &str,
        input: &serde_json::Value,
        now_millis: u64,
        throttle: &mut dyn ThrottlePolicy,
    ) -> Result<alloc::string::String, ApiError> {
        self.execute_answer_with(action, input, now_millis, throttle).map(Answer::into_text)
    }

    /// [`Database::execute_text_with`] with the reads' text not written yet (see [`Answer`]).
    fn execute_answer_with(
        &mut self,
        action: &str,
        input: &serde_json::Value,
        now_millis: u64,
        throttle: &mut dyn ThrottlePolicy,
    ) -> Result<Answer, ApiError> {
        match action {
            "Query" | "Scan" => {
                self.advance_time(now_millis);
                let out = if action == "Query" {
                    self.query_with(&QueryInput::from_json(input, false)?, now_millis, throttle)?
                } else {
                    self.scan_with(&QueryInput::from_json(input, true)?, now_millis, throttle)?
                };
                self.note_charges(core::slice::from_ref(&out.consumed));
                throttle.charged(&out.consumed);
                Ok(Answer::Query(out))
            }
            "GetItem" if !throttle.active() => {
                self.advance_time(now_millis);
                let out = self.get_item(&GetItemInput::from_json(input)?)?;
                self.note_charges(core::slice::from_ref(&out.consumed));
                Ok(Answer::GetItem(out))
            }
            _ => self.execute_with(action, input, now_millis, throttle).map(Answer::from_json),
        }
    }

    /// [`Database::execute_text_with`] for a [`Request`], the reads' text not written yet: a server
    /// writes it with the database released ([`Answer::into_text`]). A typed request (read by
    /// [`TypedInput::read`], outside whatever lock guards the database) skips reading its JSON here;
    /// answers, errors and charges are the JSON form's, the input being the one `from_json` builds.
    pub fn execute_request_with(
        &mut self,
        action: &str,
        request: Request,
        now_millis: u64,
        throttle: &mut dyn ThrottlePolicy,
    ) -> Result<Answer, ApiError> {
        let typed = match request {
            Request::Json(v) => return self.execute_answer_with(action, &v, now_millis, throttle),
            Request::Typed(t) => t,
        };
        self.advance_time(now_millis);
        match typed {
            TypedInput::Query(input) => {
                let out = self.query_with(&input, now_millis, throttle)?;
                self.note_charges(core::slice::from_ref(&out.consumed));
                throttle.charged(&out.consumed);
                Ok(Answer::Query(out))
            }
            TypedInput::GetItem(input) => {
                self.check_item_throttle("GetItem", &input.table_name, &input.key, throttle)?;
                let out = self.get_item(&input)?;
                self.note_charges(core::slice::from_ref(&out.consumed));
                if throttle.active() {
                    throttle.charged(&out.consumed);
                }
                Ok(Answer::GetItem(out))
            }
            TypedInput::PutItem(input) if !throttle.active() => {
                let out = self.put_item_metered(input, now_millis);
                self.note_metered(out).map(Answer::from_json)
            }
            TypedInput::PutItem(input) => {
                self.check_item_throttle("PutItem", &input.table_name, &input.item, throttle)?;
                let out = self.put_item_with(input, now_millis, throttle).map_err(|e| self.charged_failure(e, throttle))?;
                self.note_charges(core::slice::from_ref(&out.consumed));
                throttle.charged(&out.consumed);
                Ok(Answer::from_json(out.to_json()))
            }
        }
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
                let out = self.put_item_metered(PutItemInput::from_json(input)?, now_millis);
                self.note_metered(out)
            }
            "GetItem" => {
                let out = self.get_item(&GetItemInput::from_json(input)?)?;
                self.note_charges(core::slice::from_ref(&out.consumed));
                Ok(out.to_json())
            }
            "DeleteItem" => {
                let out = self.delete_item_metered(&DeleteItemInput::from_json(input)?, now_millis);
                self.note_metered(out)
            }
            "UpdateItem" => {
                let out = self.update_item_metered(&UpdateItemInput::from_json(input)?, now_millis);
                self.note_metered(out)
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
            "SearchVectors" => self.search_vectors_json(input),
            _ => Err(ApiError::UnknownOperation),
        }
    }


    /// [`Database::execute`] with a throttling decision: first lets the clock advance
    /// (`advance_time`: TTL expiry, stream retention), then runs the action. Single-item reads and
    /// writes whose key the policy throttles fail with ProvisionedThroughputExceededException
    /// (ThrottlingException on an on-demand table) before
    /// touching anything, and so do Query and Scan pages (once the request is valid) and writes whose
    /// GSI entries the policy refuses (before anything is written); batch and transactional actions
    /// consult the policy per item.
    pub fn execute_with(
        &mut self,
        action: &str,
        input: &serde_json::Value,
        now_millis: u64,
        throttle: &mut dyn ThrottlePolicy,
    ) -> Result<serde_json::Value, ApiError> {
        self.advance_time(now_millis);
        let now = now_millis;
        match action {
            "BatchGetItem" => {
                let out = self.batch_get_item(&BatchGetItemInput::from_json(input)?, throttle)?;
                self.note_charges(&out.consumed);
                out.consumed.iter().for_each(|c| throttle.charged(c));
                Ok(out.to_json())
            }
            "BatchWriteItem" => {
                let out = self.batch_write_item(&BatchWriteItemInput::from_json(input)?, now, throttle)?;
                self.note_charges(&out.consumed);
                out.consumed.iter().for_each(|c| throttle.charged(c));
                Ok(out.to_json())
            }
            "TransactWriteItems" => {
                let out = self.transact_write_items(&TransactWriteItemsInput::from_json(input)?, now, throttle)?;
                self.note_charges(&out.consumed);
                out.consumed.iter().for_each(|c| throttle.charged(c));
                Ok(out.to_json())
            }
            "TransactGetItems" => {
                let out = self.transact_get_items(&TransactGetItemsInput::from_json(input)?, throttle)?;
                self.note_charges(&out.consumed);
                out.consumed.iter().for_each(|c| throttle.charged(c));
                Ok(out.to_json())
            }
            "ExecuteStatement" => self.execute_statement_json(input, now, throttle),
            "BatchExecuteStatement" => {
                // Each statement is charged as it runs (`execute_statement_with`), so the policy pairs
                // every charge with the parts of its own statement.
                let out = self.batch_execute_statement(&BatchExecuteStatementInput::from_json(input)?, now, throttle)?;
                Ok(out.to_json())
            }
            "ExecuteTransaction" => {
                let out = self.execute_transaction(&ExecuteTransactionInput::from_json(input)?, now, throttle)?;
                out.consumed.iter().for_each(|c| throttle.charged(c));
                Ok(out.to_json())
            }
            "UpdateTimeToLive" => self.update_time_to_live_json(input, now),
            "DescribeTimeToLive" => self.describe_time_to_live_json(input),
            "TagResource" => self.tag_resource_json(input),
            "UntagResource" => self.untag_resource_json(input),
            "ListTagsOfResource" => self.list_tags_of_resource_json(input),
            "ListStreams" => self.list_streams_json(input),
            "DescribeStream" => self.describe_stream_json(input),
            "GetShardIterator" => self.get_shard_iterator_json(input, now),
            "GetRecords" => self.get_records_json(input, now),
            "CreateTable" => self.create_table_ext(input, now),
            "UpdateTable" => self.update_table_ext(input, now),
            "DescribeTable" => self.describe_table_ext(input, now),
            "DeleteTable" => self.delete_table_ext(input, now),
            "Query" | "Scan" => {
                let out = if action == "Query" {
                    self.query_with(&QueryInput::from_json(input, false)?, now, throttle)?
                } else {
                    self.scan_with(&QueryInput::from_json(input, true)?, now, throttle)?
                };
                self.note_charges(core::slice::from_ref(&out.consumed));
                throttle.charged(&out.consumed);
                Ok(out.to_json())
            }
            "GetItem" | "PutItem" | "UpdateItem" | "DeleteItem" => {
                // A policy that never throttles needs no key built to be asked.
                if !throttle.active() {
                    return self.execute_core(action, input, now);
                }
                self.check_single_item_throttle(action, input, throttle)?;
                // The typed forms, so the policy learns what the call consumed.
                let (json, consumed) = match action {
                    "GetItem" => {
                        let out = self.get_item(&GetItemInput::from_json(input)?)?;
                        (out.to_json(), out.consumed)
                    }
                    "PutItem" => {
                        let out = self.put_item_with(PutItemInput::from_json(input)?, now, throttle).map_err(|e| self.charged_failure(e, throttle))?;
                        (out.to_json(), out.consumed)
                    }
                    "UpdateItem" => {
                        let out = self.update_item_with(&UpdateItemInput::from_json(input)?, now, throttle).map_err(|e| self.charged_failure(e, throttle))?;
                        (out.to_json(), out.consumed)
                    }
                    _ => {
                        let out = self.delete_item_with(&DeleteItemInput::from_json(input)?, now, throttle).map_err(|e| self.charged_failure(e, throttle))?;
                        (out.to_json(), out.consumed)
                    }
                };
                self.note_charges(core::slice::from_ref(&consumed));
                throttle.charged(&consumed);
                Ok(json)
            }
            _ => self.execute_core(action, input, now),
        }
    }

    /// A throttled single-item request fails before doing anything. Malformed requests are left to the
    /// action itself, so they get their own validation errors first.
    fn check_single_item_throttle(&self, action: &str, input: &serde_json::Value, throttle: &mut dyn ThrottlePolicy) -> Result<(), ApiError> {
        let Some(name) = input.get("TableName").and_then(serde_json::Value::as_str) else { return Ok(()) };
        let field = if action == "PutItem" { "Item" } else { "Key" };
        let Some(Ok(item)) = input.get(field).map(crate::value::item_from_json) else { return Ok(()) };
        self.check_item_throttle(action, name, &item, throttle)
    }

    /// [`Database::check_single_item_throttle`] with the table name and the item (PutItem) or key read.
    fn check_item_throttle(&self, action: &str, name: &str, item: &crate::value::Item, throttle: &mut dyn ThrottlePolicy) -> Result<(), ApiError> {
        if !throttle.active() {
            return Ok(());
        }
        let Some(t) = self.tables.get(name) else { return Ok(()) };
        let key = if action == "PutItem" {
            crate::table::key::key_from_item(&t.def.keys, item)
        } else {
            crate::table::key::key_from_key_param(&t.def.keys, item)
        };
        let Ok(key) = key else { return Ok(()) };
        let access = if action == "GetItem" { Access::Read } else { Access::Write };
        if throttle.throttled(name, &key.to_item(&t.def.keys), access) {
            return Err(throughput_exceeded(t.def.billing));
        }
        Ok(())
    }
}

impl Database {
    /// A single write's answer; a write that failed after it was admitted (a failed condition, which
    /// DynamoDB charges as the write of the item) keeps its charge for [`Database::execute_explained`].
    fn note_metered(&mut self, out: Result<crate::api::write::WriteOutput, MeteredError>) -> Result<serde_json::Value, ApiError> {
        match out {
            Ok(out) => {
                self.note_charges(core::slice::from_ref(&out.consumed));
                Ok(out.to_json())
            }
            Err(MeteredError(e, consumed)) => {
                if let Some(c) = consumed.filter(|c| !c.charges.is_empty()) {
                    self.note_charges(core::slice::from_ref(&c));
                }
                Err(e)
            }
        }
    }

    /// A single write that failed after it was admitted: what it still consumed (a failed condition is
    /// charged its write, as DynamoDB charges it) goes to the policy like a served call's charges, so the
    /// partition pays for it, and to [`Database::execute_explained`]; a write refused before it ran
    /// consumed nothing. Returns the error.
    fn charged_failure(&mut self, e: MeteredError, throttle: &mut dyn ThrottlePolicy) -> ApiError {
        if let Some(consumed) = e.1.as_ref().filter(|c| !c.charges.is_empty()) {
            throttle.charged(consumed);
            self.note_charges(core::slice::from_ref(consumed));
        }
        e.0
    }
}
