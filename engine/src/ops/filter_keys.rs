//! Query's rule that a filter cannot use the key attributes of the table or index being queried
//! ("Filter Expression can only contain non-primary key attributes: Primary key attribute: pk").
//!
//! The compiled condition reports the attributes it reads (`Condition::top_level_names`), so placeholders
//! are already resolved and nested map keys (`a.pk`) or function names are never mistaken for roots.

use alloc::format;

use crate::error::ApiError;
use crate::expr::Condition;
use crate::table::schema::KeySchema;

/// The first key attribute a Query filter reads, in DynamoDB's error. `filter` is the compiled
/// FilterExpression; `legacy` the raw QueryFilter (its own wording).
pub fn check(schema: &KeySchema, filter: Option<&Condition>, legacy: Option<&serde_json::Value>) -> Result<(), ApiError> {
    if let Some(f) = filter {
        if let Some(k) = f.top_level_names().into_iter().find(|n| schema.is_key(n)) {
            return Err(ApiError::Validation(format!("Filter Expression can only contain non-primary key attributes: Primary key attribute: {k}")));
        }
    }
    if let Some(serde_json::Value::Object(m)) = legacy {
        if let Some(k) = m.keys().find(|n| schema.is_key(n)) {
            return Err(ApiError::Validation(format!("QueryFilter can only contain non-primary key attributes: Primary key attribute: {k}")));
        }
    }
    Ok(())
}
