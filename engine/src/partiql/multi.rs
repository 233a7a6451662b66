//! BatchExecuteStatement and ExecuteTransaction.
//!
//! - **ExecuteTransaction** lowers every statement to the action TransactWriteItems / TransactGetItems
//!   would take (INSERT -> Put with `attribute_not_exists`, UPDATE -> Update, DELETE -> Delete,
//!   `EXISTS(SELECT ...)` -> ConditionCheck, SELECT -> Get) and hands them to
//!   `Database::transact_write_items` / `transact_get_items`: the same plan-then-commit, all-or-nothing
//!   decision, CancellationReasons, ClientRequestToken idempotency and capacity. An INSERT refused
//!   because its key exists is reported as `DuplicateItem`.
//! - **BatchExecuteStatement** is not atomic: each statement runs on its own (through the same code as
//!   ExecuteStatement; its writes may carry conditions, which BatchWriteItem cannot) and fails on its own,
//!   its error in `Responses` in place of its result. Reads must name one item each. Throttled items are
//!   answered per statement from the throttling decision, as BatchGetItem / BatchWriteItem consult it.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::ast::{Projection, Statement};
use super::exec::{parse_request, value_at, WritePlan};
use super::messages as msg;
use super::plan::write_key;
use super::translate::Builder;
use crate::api::partiql::{
    BatchExecuteStatementInput, BatchExecuteStatementOutput, BatchStatementResponse, ExecuteStatementInput, ExecuteTransactionInput,
    ExecuteTransactionOutput, Operation, StatementRequest,
};
use crate::api::transact::{TransactGetItem, TransactGetItemsInput, TransactWriteItem, TransactWriteItemsInput};
use crate::capacity::Consumed;
use crate::db::Database;
use crate::error::{ApiError, CancellationReason};
use crate::table::key::key_from_key_param;
use crate::throttle::ThrottlePolicy;
use crate::value::Item;

fn invalid(m: impl Into<String>) -> ApiError {
    ApiError::Validation(m.into())
}

fn is_read(s: &Statement) -> bool {
    matches!(s, Statement::Select(_))
}

/// A statement's error as a `BatchStatementError` (`Code` from DynamoDB's BatchStatementErrorCodeEnum).
fn batch_error(e: ApiError) -> BatchStatementResponse {
    let code = match &e {
        ApiError::ConditionalCheckFailed { .. } => "ConditionalCheckFailed",
        ApiError::DuplicateItem(_) => "DuplicateItem",
        ApiError::ResourceNotFound(_) => "ResourceNotFound",
        ApiError::ItemCollectionSizeLimitExceeded(_) => "ItemCollectionSizeLimitExceeded",
        ApiError::ProvisionedThroughputExceeded(_) => "ProvisionedThroughputExceeded",
        ApiError::Throttling(_) => "ThrottlingError",
        ApiError::TransactionConflict(_) => "TransactionConflict",
        ApiError::Internal(_) => "InternalServerError",
        _ => "ValidationError",
    };
    let item = match &e {
        ApiError::ConditionalCheckFailed { item, .. } => item.clone(),
        _ => None,
    };
    BatchStatementResponse::Error { code: String::from(code), message: String::from(e.message()), item }
}

fn add_consumed(list: &mut Vec<Consumed>, c: Consumed) {
    match list.iter_mut().find(|x| x.table_name == c.table_name) {
        Some(x) => x.charges.extend(c.charges),
        None => list.push(c),
    }
}

impl Database {
    /// BatchExecuteStatement: up to 25 reads (one item each) or up to 25 writes, never both.
    pub fn batch_execute_statement(
        &mut self,
        input: &BatchExecuteStatementInput,
        now: u64,
        throttle: &mut dyn ThrottlePolicy,
    ) -> Result<BatchExecuteStatementOutput, ApiError> {
        let parsed: Vec<Result<Statement, ApiError>> = input.statements.iter().map(parse_request).collect();
        // The first statement that parses decides whether this is a batch of reads or of writes.
        let mut kind: Option<bool> = None;
        for s in parsed.iter().flatten() {
            if matches!(s, Statement::Exists(_)) {
                continue;
            }
            match kind {
                None => kind = Some(is_read(s)),
                Some(k) if k != is_read(s) => return Err(invalid(msg::BATCH_MIXED)),
                _ => {}
            }
        }
        let mut out = BatchExecuteStatementOutput { responses: Vec::new(), consumed: Vec::new(), return_consumed_capacity: input.return_consumed_capacity };
        for (req, p) in input.statements.iter().zip(parsed) {
            let response = match p {
                Err(e) => batch_error(e),
                Ok(Statement::Exists(_)) => batch_error(invalid(msg::EXISTS_OUTSIDE_TRANSACTION)),
                Ok(Statement::Select(s)) => match self.batch_read(req, &s, input, now, throttle) {
                    Ok((table, item, c)) => {
                        add_consumed(&mut out.consumed, c);
                        BatchStatementResponse::Ok { table, item }
                    }
                    Err(e) => batch_error(e),
                },
                Ok(statement) => match self.batch_write(req, &statement, input, now, throttle) {
                    Ok((table, c)) => {
                        add_consumed(&mut out.consumed, c);
                        BatchStatementResponse::Ok { table, item: None }
                    }
                    Err(e) => batch_error(e),
                },
            };
            out.responses.push(response);
        }
        self.note_charges(&out.consumed);
        Ok(out)
    }

    /// One read of a batch: a SELECT that names one item of a table (never an index).
    fn batch_read(
        &mut self,
        req: &StatementRequest,
        s: &super::ast::Select,
        input: &BatchExecuteStatementInput,
        now: u64,
        throttle: &mut dyn ThrottlePolicy,
    ) -> Result<(String, Option<Item>, Consumed), ApiError> {
        let t = self.table_for_data(&s.from.table)?;
        if s.from.index.is_some() || !s.order_by.is_empty() {
            return Err(invalid(msg::BATCH_SINGLE_SELECT));
        }
        write_key(&t.def.keys, s.filter.as_ref(), &req.parameters).map_err(|_| invalid(msg::BATCH_SINGLE_SELECT))?;
        let single = ExecuteStatementInput { request: req.clone(), next_token: None, limit: None, return_consumed_capacity: input.return_consumed_capacity };
        // Asked about (its key) and charged as the GetItem it becomes.
        let out = self.execute_statement_with(&single, now, throttle)?;
        if !matches!(out.operation, Operation::GetItem { keys: 1, .. }) {
            return Err(invalid(msg::BATCH_SINGLE_SELECT));
        }
        Ok((s.from.table.clone(), out.items.into_iter().next(), out.consumed))
    }

    /// One write of a batch, on its own.
    fn batch_write(
        &mut self,
        req: &StatementRequest,
        statement: &Statement,
        input: &BatchExecuteStatementInput,
        now: u64,
        throttle: &mut dyn ThrottlePolicy,
    ) -> Result<(String, Consumed), ApiError> {
        let plan = self.plan_write(statement, &req.parameters)?;
        if plan.returning.is_some() {
            return Err(invalid(msg::TRANSACTION_UNSUPPORTED));
        }
        let table = plan.table.clone();
        let single = ExecuteStatementInput { request: req.clone(), next_token: None, limit: None, return_consumed_capacity: input.return_consumed_capacity };
        // Asked about (its key, then its GSI entries) and charged as the single write it becomes.
        let out = self.execute_statement_with(&single, now, throttle)?;
        Ok((table, out.consumed))
    }

    /// ExecuteTransaction: up to 100 statements, all reads or all writes, all or nothing.
    pub fn execute_transaction(
        &mut self,
        input: &ExecuteTransactionInput,
        now: u64,
        throttle: &mut dyn ThrottlePolicy,
    ) -> Result<ExecuteTransactionOutput, ApiError> {
        let mut parsed = Vec::new();
        for r in &input.statements {
            parsed.push(parse_request(r)?);
        }
        let reads = parsed.first().is_some_and(is_read);
        if parsed.iter().any(|s| is_read(s) != reads) {
            return Err(invalid(msg::TRANSACTION_MIXED));
        }
        if reads {
            return self.transaction_reads(input, &parsed, throttle);
        }
        let mut plans: Vec<WritePlan> = Vec::new();
        for (r, s) in input.statements.iter().zip(&parsed) {
            let target_index = match s {
                Statement::Insert(i) => i.table.index.is_some(),
                Statement::Update(u) => u.table.index.is_some(),
                Statement::Delete(d) => d.table.index.is_some(),
                _ => false,
            };
            if target_index {
                self.table_for_data(statement_table(s))?;
                return Err(invalid(msg::TRANSACTION_WRITE_INDEX));
            }
            let plan = self.plan_write(s, &r.parameters)?;
            if plan.returning.is_some() {
                return Err(invalid(msg::TRANSACTION_UNSUPPORTED));
            }
            plans.push(plan);
        }
        let inserts: Vec<bool> = plans.iter().map(|p| p.insert).collect();
        let twi = TransactWriteItemsInput {
            items: plans
                .into_iter()
                .zip(&input.statements)
                .map(|(p, r)| TransactWriteItem {
                    table_name: p.table,
                    action: p.action,
                    expressions: p.expressions,
                    return_old_on_condition_failure: r.return_old_on_condition_failure,
                    invalid: None,
                })
                .collect(),
            client_request_token: input.client_request_token.clone(),
            return_consumed_capacity: input.return_consumed_capacity,
            return_item_collection_metrics: false,
        };
        match self.transact_write_items(&twi, now, throttle) {
            Ok(out) => {
                self.note_charges(&out.consumed);
                Ok(ExecuteTransactionOutput { responses: None, consumed: out.consumed, return_consumed_capacity: input.return_consumed_capacity })
            }
            Err(ApiError::TransactionCanceled { reasons, .. }) => Err(cancelled_with_duplicates(reasons, &inserts)),
            Err(e) => Err(e),
        }
    }

    fn transaction_reads(&mut self, input: &ExecuteTransactionInput, parsed: &[Statement], throttle: &mut dyn ThrottlePolicy) -> Result<ExecuteTransactionOutput, ApiError> {
        let mut gets = Vec::new();
        let mut selects = Vec::new();
        for (r, s) in input.statements.iter().zip(parsed) {
            let Statement::Select(s) = s else { return Err(invalid(msg::TRANSACTION_MIXED)) };
            let t = self.table_for_data(&s.from.table)?;
            if s.from.index.is_some() {
                return Err(invalid(msg::TRANSACTION_READ_INDEX));
            }
            let (key, _) = write_key(&t.def.keys, s.filter.as_ref(), &r.parameters).map_err(|_| invalid(msg::TRANSACTION_READ_KEY))?;
            key_from_key_param(&t.def.keys, &key)?;
            let mut b = Builder::default();
            let projection = match &s.projection {
                Projection::Star => None,
                Projection::Paths(paths) => {
                    let mut roots: Vec<String> = Vec::new();
                    for p in paths {
                        let n = b.name(&p.root)?;
                        if !roots.contains(&n) {
                            roots.push(n);
                        }
                    }
                    Some(roots.join(", "))
                }
            };
            gets.push(TransactGetItem {
                table_name: s.from.table.clone(),
                key,
                projection_expression: projection,
                names: (!b.names.is_empty()).then_some(b.names),
            });
            selects.push(s);
        }
        let tgi = TransactGetItemsInput { items: gets, return_consumed_capacity: input.return_consumed_capacity };
        let out = self.transact_get_items(&tgi, throttle)?;
        self.note_charges(&out.consumed);
        let responses = out
            .responses
            .into_iter()
            .zip(selects)
            .map(|(item, s)| {
                item.map(|item| match &s.projection {
                    Projection::Star => item,
                    Projection::Paths(paths) => paths.iter().filter_map(|p| value_at(&item, p).map(|v| (p.result_name(), v.clone()))).collect(),
                })
            })
            .collect();
        Ok(ExecuteTransactionOutput { responses: Some(responses), consumed: out.consumed, return_consumed_capacity: input.return_consumed_capacity })
    }
}

fn statement_table(s: &Statement) -> &str {
    match s {
        Statement::Select(x) | Statement::Exists(x) => &x.from.table,
        Statement::Insert(x) => &x.table.table,
        Statement::Update(x) => &x.table.table,
        Statement::Delete(x) => &x.table.table,
    }
}

/// A cancelled transaction's reasons, with an INSERT's failed `attribute_not_exists` reported as
/// what it means: the key already exists.
fn cancelled_with_duplicates(mut reasons: Vec<CancellationReason>, inserts: &[bool]) -> ApiError {
    for (r, insert) in reasons.iter_mut().zip(inserts) {
        if *insert && r.code == "ConditionalCheckFailed" {
            r.code = String::from("DuplicateItem");
            r.message = Some(String::from(msg::DUPLICATE_ITEM));
        }
    }
    let codes: Vec<&str> = reasons.iter().map(|r| r.code.as_str()).collect();
    ApiError::TransactionCanceled {
        message: format!("Transaction cancelled, please refer cancellation reasons for specific reasons [{}]", codes.join(", ")),
        reasons,
    }
}
