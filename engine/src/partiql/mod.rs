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
//! # What DynamoDB documents, and what is supported here
//! Statements (docs: "PartiQL statements for DynamoDB"):
//! - `SELECT expr[, ...] FROM table[.index] [WHERE cond] [ORDER BY key [ASC|DESC], ...]` — supported;
//!   projections are `*` or document paths (named by their last part, as DynamoDB answers); GetItem /
//!   Query per pinned partition / Scan as DynamoDB decides; ORDER BY on key attributes of a Query.
//! - `INSERT INTO table VALUE {...}` — supported (a duplicate key is DuplicateItemException).
//! - `UPDATE table [SET path = value ...] [REMOVE path ...] WHERE key [AND cond] [RETURNING (ALL|MODIFIED)
//!   (OLD|NEW) *]` — supported: values, paths, `+`/`-`, `list_append`, `set_add`, `set_delete`,
//!   `if_not_exists`; a missing item is ConditionalCheckFailedException.
//! - `DELETE FROM table WHERE key [AND cond] [RETURNING ALL OLD *]` — supported (a missing item is no error).
//!
//! Functions (docs: "PartiQL functions"): `SIZE`, `EXISTS` (ExecuteTransaction writes only),
//! `ATTRIBUTE_TYPE`, `BEGINS_WITH`, `CONTAINS`, `MISSING` (`IS [NOT] MISSING`) — supported; also
//! `attribute_exists`/`attribute_not_exists` and `IS [NOT] NULL|BOOLEAN|STRING|NUMERIC|BLOB|LIST|STRUCT|TUPLE`.
//!
//! Operators (docs: "PartiQL operators"): comparison `= <> != < <= > >=`, logical `AND OR NOT BETWEEN IN IS`
//! — supported in WHERE; arithmetic `+ -` — supported in SET only (in WHERE it is refused).
//!
//! Data types (docs: "PartiQL data types"): strings `'..'`, numbers, `TRUE`/`FALSE`, `NULL`, lists `[..]`,
//! maps/tuples `{'k': v}`, string and number sets `<<..>>` — supported; binary and binary sets only as `?`
//! parameters, as on DynamoDB.
//!
//! APIs: ExecuteStatement (Limit, NextToken, ConsistentRead, ReturnConsumedCapacity,
//! ReturnValuesOnConditionCheckFailure), BatchExecuteStatement (25 statements, per-statement errors),
//! ExecuteTransaction (100 statements, ClientRequestToken) — supported.
//!
//! Not supported: nothing DynamoDB documents is missing; refused as on DynamoDB: `LIMIT`, aliases,
//! `COUNT(*)` and other functions in projections, multi-row INSERT, `INSERT ... SELECT`, UPSERT/REPLACE, DDL.
//!
//! # Where the behaviour comes from, and where it is ours
//! - Messages: DynamoDB's PartiQL message table and DynamoDB Local's statement functions (see
//!   `messages.rs`). The *detail* after "Statement wasn't well formed, can't be processed: " is recorded
//!   only for a statement that is not DML ("Expected data manipulation"); other syntax-error details
//!   ("Unexpected token: x", "Unexpected keyword: pad", ...) are ours.
//! - NextToken of another statement: "NextToken does not match request" (DynamoDB's message table;
//!   DynamoDB Local answers "The provided starting key is invalid" instead).
//! - RETURNING inside BatchExecuteStatement/ExecuteTransaction: refused with "Unsupported operation in
//!   transaction." (DynamoDB's message; which statement forms DynamoDB refuses with it is not recorded).
//! - The sort-key range a multi-partition Query reads, and the 1 MB page: the range comes from the first
//!   top-level sort-key condition; the 1 MB page limit applies per partition read, not across partitions.
//! - A Query pinned to no partition (`pk = 1 AND pk = 2`) is charged one minimum read.
//! - A SELECT from an index with a multi-attribute key (several HASH or RANGE attributes) is refused:
//!   DynamoDB's PartiQL reads an index only through one partition key and one sort key. The wording
//!   (`messages::MULTI_KEY_INDEX`) is ours, in the words of "This operation is not supported on an index".
//!
//! # For the playground's Query tab
//! The Query tab's PartiQL mode (`app/src/query/partiql*.rs`) sends `ExecuteStatement` through
//! `Database::execute_explained`, which hands back, beside the response, the statement's charges and
//! `Explained::operation` (GetItem / Query / Scan, with the table, index and partition count; `Display`
//! words it); typed callers get the same from `Database::execute_statement`'s output.
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
use crate::throttle::ThrottlePolicy;

impl Database {
    /// ExecuteStatement from JSON, throttled as the operation the statement becomes (see `exec`).
    pub(crate) fn execute_statement_json(
        &mut self,
        input: &serde_json::Value,
        now: u64,
        throttle: &mut dyn ThrottlePolicy,
    ) -> Result<serde_json::Value, ApiError> {
        let input = ExecuteStatementInput::from_json(input)?;
        let out = self.execute_statement_with(&input, now, throttle)?;
        if self.charges.is_some() {
            self.note_charges(core::slice::from_ref(&out.consumed));
            self.operation = Some(out.operation.clone());
        }
        Ok(out.to_json())
    }
}
