//! DynamoDB's PartiQL dialect: ExecuteStatement, BatchExecuteStatement and ExecuteTransaction.
//!
//! # Phases (one job each)
//! 1. **lex** (`lexer.rs`): text to tokens (names, `"quoted"` names, `'strings'`, numbers, `?`, `<<`/`>>`,
//!    comments).
//! 2. **parse** (`parser.rs`, `ast.rs`, `reserved.rs`): tokens to a typed [`ast::Statement`] — SELECT /
//!    INSERT / UPDATE / DELETE / `EXISTS(SELECT ...)`, RETURNING, ORDER BY, `?` numbered in order;
//!    forms DynamoDB refuses by name (LIMIT, aliases, multi-row INSERT) get its message.
//! 3. **plan** (`plan.rs`, `translate.rs`): which operation a statement becomes — GetItem, Query (per
//!    pinned partition) or Scan for a SELECT; one keyed write for the others — and its WHERE clause,
//!    values and SET/REMOVE actions lowered to DynamoDB expressions with `#n`/`:v` placeholders.
//! 4. **execute** (`exec.rs`, `multi.rs`, `token.rs`): through the typed operations and the Query/Scan
//!    page loop, the transaction plan/commit and the throttling decision, so items, errors, indexes,
//!    streams and capacity are the engine's own; NextToken resumes a page.
//!
//! Messages: `messages.rs`, from DynamoDB's own PartiQL message table and recorded answers.
//!
//! INTERFACE CONTRACT: [`crate::db::Database::execute_statement`],
//! [`crate::db::Database::batch_execute_statement`] and [`crate::db::Database::execute_transaction`]
//! take the typed inputs of `crate::api::partiql`; `ExecuteStatementOutput::operation` says which
//! operation a statement became (not sent on the wire). Nothing here panics on any input (fuzzed by
//! `engine/fuzz/fuzz_targets/partiql_parse.rs`).

pub mod ast;
mod exec;
pub mod lexer;
pub mod messages;
mod multi;
pub mod parser;
mod plan;
mod reserved;
mod token;
mod translate;

pub use parser::{parse, ParseError, Parsed};

use crate::api::partiql::ExecuteStatementInput;
use crate::db::Database;
use crate::error::ApiError;
use crate::throttle::{throughput_exceeded, Access, ThrottlePolicy};

impl Database {
    /// ExecuteStatement from JSON. A single-item write (or a GetItem-shaped read) whose key the
    /// throttling decision throttles fails before touching anything, as GetItem/PutItem do.
    pub(crate) fn execute_statement_json(
        &mut self,
        input: &serde_json::Value,
        now: u64,
        throttle: &mut dyn ThrottlePolicy,
    ) -> Result<serde_json::Value, ApiError> {
        let input = ExecuteStatementInput::from_json(input)?;
        if throttle.active() {
            if let Ok(statement) = exec::parse_request(&input.request) {
                let params = &input.request.parameters;
                let keyed = match &statement {
                    ast::Statement::Select(s) => self
                        .table_for_data(&s.from.table)
                        .ok()
                        .filter(|_| s.from.index.is_none())
                        .and_then(|t| plan::write_key(&t.def.keys, s.filter.as_ref(), params).ok())
                        .map(|(k, _)| (s.from.table.clone(), k, Access::Read)),
                    other => self.plan_write(other, params).ok().and_then(|p| {
                        let t = self.table_for_data(&p.table).ok()?;
                        let key = match &p.action {
                            crate::api::transact::TransactAction::Put { item } => {
                                crate::table::key::key_from_item(&t.def.keys, item).ok()?.to_item(&t.def.keys)
                            }
                            crate::api::transact::TransactAction::Update { key, .. }
                            | crate::api::transact::TransactAction::Delete { key }
                            | crate::api::transact::TransactAction::ConditionCheck { key } => key.clone(),
                        };
                        Some((p.table, key, Access::Write))
                    }),
                };
                if let Some((table, key, access)) = keyed {
                    if throttle.throttled(&table, &key, access) {
                        if let Some(t) = self.table(&table) {
                            return Err(throughput_exceeded(t.def.billing));
                        }
                    }
                }
            }
        }
        Ok(self.execute_statement(&input, now)?.to_json())
    }
}
