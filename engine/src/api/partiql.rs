//! Typed inputs/outputs of ExecuteStatement, BatchExecuteStatement and ExecuteTransaction, and their
//! JSON forms. Constraint wording as DynamoDB's request validator gives it ("1 validation error
//! detected: Value ... at 'statement' failed to satisfy constraint: ...").

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{Map, Value};

use crate::api::batch::consumed_list;
use crate::api::json::{self, list_of_obj, opt_bool, opt_int, opt_list, opt_str, Checks};
use crate::capacity::{Consumed, ReturnCapacity};
use crate::error::ApiError;
use crate::value::{item_to_json, value_from_json, AttributeValue, Item};

/// The longest statement DynamoDB accepts, in characters.
pub const MAX_STATEMENT_CHARS: usize = 8192;

/// Which DynamoDB operation a statement became: what the playground shows next to the result
/// (a SELECT that silently turned into a full Scan is a common and expensive surprise).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operation {
    /// The base table's full primary key was pinned: one GetItem per key.
    GetItem { table: String, keys: usize },
    /// The partition key was pinned: one Query per partition value.
    Query { table: String, index: Option<String>, partitions: usize },
    /// Nothing pinned the partition key: a full Scan.
    Scan { table: String, index: Option<String> },
    PutItem { table: String },
    UpdateItem { table: String },
    DeleteItem { table: String },
}

impl Operation {
    /// `"Query"`, `"Scan"`, ...
    pub fn action(&self) -> &'static str {
        match self {
            Operation::GetItem { .. } => "GetItem",
            Operation::Query { .. } => "Query",
            Operation::Scan { .. } => "Scan",
            Operation::PutItem { .. } => "PutItem",
            Operation::UpdateItem { .. } => "UpdateItem",
            Operation::DeleteItem { .. } => "DeleteItem",
        }
    }
}

/// One `{Statement, Parameters, ConsistentRead, ReturnValuesOnConditionCheckFailure}`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StatementRequest {
    pub statement: String,
    pub parameters: Vec<AttributeValue>,
    pub consistent_read: bool,
    pub return_old_on_condition_failure: bool,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExecuteStatementInput {
    pub request: StatementRequest,
    pub next_token: Option<String>,
    pub limit: Option<u32>,
    pub return_consumed_capacity: ReturnCapacity,
}

/// Reads `Statement`, `Parameters`, `ConsistentRead` and `ReturnValuesOnConditionCheckFailure` of one
/// statement object; constraint failures go to `c` under `base` (`""` or `statements.1.member.`).
fn statement_request(m: &Map<String, Value>, c: &mut Checks, base: &str) -> Result<StatementRequest, ApiError> {
    let statement = opt_str(m, "Statement")?;
    let params = opt_list(m, "Parameters")?;
    let consistent_read = opt_bool(m, "ConsistentRead")?.unwrap_or(false);
    let rv = opt_str(m, "ReturnValuesOnConditionCheckFailure")?;
    let mut parameters = Vec::new();
    if let Some(list) = params {
        for v in list {
            parameters.push(value_from_json(v).map_err(ApiError::from)?);
        }
    }
    c.not_null(statement, &format!("{base}statement"));
    if let Some(s) = statement {
        let n = s.chars().count();
        if n < 1 {
            c.fail(String::from("''"), &format!("{base}statement"), "Member must have length greater than or equal to 1");
        }
        if n > MAX_STATEMENT_CHARS {
            c.fail(format!("'{s}'"), &format!("{base}statement"), "Member must have length less than or equal to 8192");
        }
    }
    c.min_len(params.map(|l| l.as_slice()), &format!("{base}parameters"), 1, "'[]'");
    c.one_of(rv, &format!("{base}returnValuesOnConditionCheckFailure"), json::RVCCF, json::RVCCF_SET);
    Ok(StatementRequest {
        statement: String::from(statement.unwrap_or_default()),
        parameters,
        consistent_read,
        return_old_on_condition_failure: rv == Some("ALL_OLD"),
    })
}

impl ExecuteStatementInput {
    pub fn from_json(v: &Value) -> Result<ExecuteStatementInput, ApiError> {
        let m = json::body(v)?;
        let next_token = opt_str(m, "NextToken")?;
        let limit = opt_int(m, "Limit", "Integer")?;
        let rcc = opt_str(m, "ReturnConsumedCapacity")?;
        let mut c = Checks::new();
        let request = statement_request(m, &mut c, "")?;
        if let Some(t) = next_token {
            let n = t.chars().count();
            if n < 1 {
                c.fail(String::from("''"), "nextToken", "Member must have length greater than or equal to 1");
            }
            if n > 32768 {
                c.fail(format!("'{t}'"), "nextToken", "Member must have length less than or equal to 32768");
            }
        }
        c.min(limit, "limit", 1);
        c.one_of(rcc, "returnConsumedCapacity", json::RCC, json::RCC_SET);
        c.finish()?;
        Ok(ExecuteStatementInput {
            request,
            next_token: next_token.map(String::from),
            limit: limit.map(|n| u32::try_from(n).unwrap_or(u32::MAX)),
            return_consumed_capacity: ReturnCapacity::parse(rcc),
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ExecuteStatementOutput {
    pub items: Vec<Item>,
    pub next_token: Option<String>,
    pub last_evaluated_key: Option<Item>,
    pub consumed: Consumed,
    pub return_consumed_capacity: ReturnCapacity,
    /// Not on the wire: what the statement became, for the playground.
    pub operation: Operation,
}

impl ExecuteStatementOutput {
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("Items".into(), Value::Array(self.items.iter().map(item_to_json).collect()));
        if let Some(t) = &self.next_token {
            m.insert("NextToken".into(), Value::String(t.clone()));
        }
        if let Some(k) = &self.last_evaluated_key {
            m.insert("LastEvaluatedKey".into(), item_to_json(k));
        }
        if let Some(c) = self.consumed.to_json(self.return_consumed_capacity) {
            m.insert("ConsumedCapacity".into(), c);
        }
        Value::Object(m)
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct BatchExecuteStatementInput {
    pub statements: Vec<StatementRequest>,
    pub return_consumed_capacity: ReturnCapacity,
}

/// The most statements one BatchExecuteStatement takes.
pub const MAX_BATCH_STATEMENTS: usize = 25;
/// The most statements one ExecuteTransaction takes.
pub const MAX_TRANSACTION_STATEMENTS: usize = 100;

fn statement_list(m: &Map<String, Value>, c: &mut Checks, field: &str, path: &str, max: usize) -> Result<Vec<StatementRequest>, ApiError> {
    let list = opt_list(m, field)?;
    c.not_null(list, path);
    c.min_len(list.map(|l| l.as_slice()), path, 1, "'[]'");
    c.max_len(list.map(|l| l.as_slice()), path, max, "'[...]'");
    let mut out = Vec::new();
    if let Some(list) = list {
        for (i, o) in list_of_obj(list)?.into_iter().enumerate() {
            out.push(statement_request(o, c, &format!("{path}.{}.member.", i + 1))?);
        }
    }
    Ok(out)
}

impl BatchExecuteStatementInput {
    pub fn from_json(v: &Value) -> Result<BatchExecuteStatementInput, ApiError> {
        let m = json::body(v)?;
        let rcc = opt_str(m, "ReturnConsumedCapacity")?;
        let mut c = Checks::new();
        let statements = statement_list(m, &mut c, "Statements", "statements", MAX_BATCH_STATEMENTS)?;
        c.one_of(rcc, "returnConsumedCapacity", json::RCC, json::RCC_SET);
        c.finish()?;
        Ok(BatchExecuteStatementInput { statements, return_consumed_capacity: ReturnCapacity::parse(rcc) })
    }
}

/// One entry of `Responses`: a read's item (or nothing), a write's success, or its error.
#[derive(Debug, Clone, PartialEq)]
pub enum BatchStatementResponse {
    Ok { table: String, item: Option<Item> },
    Error { code: String, message: String, item: Option<Item> },
}

#[derive(Debug, Clone, PartialEq)]
pub struct BatchExecuteStatementOutput {
    pub responses: Vec<BatchStatementResponse>,
    pub consumed: Vec<Consumed>,
    pub return_consumed_capacity: ReturnCapacity,
}

impl BatchExecuteStatementOutput {
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        let responses = self
            .responses
            .iter()
            .map(|r| {
                let mut o = Map::new();
                match r {
                    BatchStatementResponse::Ok { table, item } => {
                        o.insert("TableName".into(), Value::String(table.clone()));
                        if let Some(i) = item {
                            o.insert("Item".into(), item_to_json(i));
                        }
                    }
                    BatchStatementResponse::Error { code, message, item } => {
                        let mut e = Map::new();
                        e.insert("Code".into(), Value::String(code.clone()));
                        e.insert("Message".into(), Value::String(message.clone()));
                        if let Some(i) = item {
                            e.insert("Item".into(), item_to_json(i));
                        }
                        o.insert("Error".into(), Value::Object(e));
                    }
                }
                Value::Object(o)
            })
            .collect();
        m.insert("Responses".into(), Value::Array(responses));
        if let Some(c) = consumed_list(&self.consumed, self.return_consumed_capacity) {
            m.insert("ConsumedCapacity".into(), c);
        }
        Value::Object(m)
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExecuteTransactionInput {
    pub statements: Vec<StatementRequest>,
    pub client_request_token: Option<String>,
    pub return_consumed_capacity: ReturnCapacity,
}

impl ExecuteTransactionInput {
    pub fn from_json(v: &Value) -> Result<ExecuteTransactionInput, ApiError> {
        let m = json::body(v)?;
        let rcc = opt_str(m, "ReturnConsumedCapacity")?;
        let token = opt_str(m, "ClientRequestToken")?;
        let mut c = Checks::new();
        let statements = statement_list(m, &mut c, "TransactStatements", "transactStatements", MAX_TRANSACTION_STATEMENTS)?;
        if let Some(t) = token {
            let n = t.chars().count();
            if n < 1 {
                c.fail(String::from("''"), "clientRequestToken", "Member must have length greater than or equal to 1");
            }
            if n > 36 {
                c.fail(format!("'{t}'"), "clientRequestToken", "Member must have length less than or equal to 36");
            }
        }
        c.one_of(rcc, "returnConsumedCapacity", json::RCC, json::RCC_SET);
        c.finish()?;
        Ok(ExecuteTransactionInput {
            statements,
            client_request_token: token.map(String::from),
            return_consumed_capacity: ReturnCapacity::parse(rcc),
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ExecuteTransactionOutput {
    /// For a transaction of reads: one entry per statement (`None` where no item matched).
    pub responses: Option<Vec<Option<Item>>>,
    pub consumed: Vec<Consumed>,
    pub return_consumed_capacity: ReturnCapacity,
}

impl ExecuteTransactionOutput {
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        if let Some(rs) = &self.responses {
            let list = rs
                .iter()
                .map(|r| {
                    let mut o = Map::new();
                    if let Some(i) = r {
                        o.insert("Item".into(), item_to_json(i));
                    }
                    Value::Object(o)
                })
                .collect();
            m.insert("Responses".into(), Value::Array(list));
        }
        if let Some(c) = consumed_list(&self.consumed, self.return_consumed_capacity) {
            m.insert("ConsumedCapacity".into(), c);
        }
        Value::Object(m)
    }
}
