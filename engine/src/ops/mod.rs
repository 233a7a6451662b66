//! One file per action family. Each is an `impl Database` block with the typed entry point; the JSON
//! adapters live in `execute.rs` and `api/`.

pub mod batch_get;
pub mod batch_write;
pub mod control;
pub mod filter_keys;
pub mod get;
pub mod missed;
pub mod query;
pub mod scan;
pub mod page;
pub mod plan;
pub mod tags;
pub mod transact_get;
pub mod transact_write;
pub mod ttl;
pub mod write;

use crate::api::read::ReadExpressions;
use crate::api::write::WriteExpressions;
use crate::error::ApiError;
use crate::expr::{compile, Compiled, ExpressionInputs, KeySchemaRef};

/// Compile a write action's expressions (nothing to do, and no allocation, when there are none).
/// `operation` is the DynamoDB action name: some messages name the expressions that action accepts.
pub(crate) fn compile_write(
    x: &WriteExpressions,
    update_expression: Option<&str>,
    attribute_updates: Option<&serde_json::Value>,
    operation: &str,
) -> Result<Compiled, ApiError> {
    if x.is_empty() && update_expression.is_none() && attribute_updates.is_none() {
        return Ok(Compiled::default());
    }
    let inputs = ExpressionInputs {
        condition_expression: x.condition_expression.as_deref(),
        update_expression,
        names: x.names.as_ref(),
        values: x.values.as_ref(),
        expected: x.expected.as_ref(),
        attribute_updates,
        conditional_operator: x.conditional_operator.as_deref(),
        operation: Some(operation),
        from_statement: x.from_statement,
        ..ExpressionInputs::default()
    };
    Ok(compile(&inputs)?)
}

/// Compile a read action's expressions; `key_schema` is given for Query. `operation` as for
/// [`compile_write`] ("ExpressionAttributeValues can only be specified when using expressions:
/// FilterExpression is null" for Scan, but no such message for GetItem).
pub(crate) fn compile_read(x: &ReadExpressions, key_schema: Option<KeySchemaRef<'_>>, operation: &str) -> Result<Compiled, ApiError> {
    compile_read_keyed(x, key_schema, None, operation)
}

/// [`compile_read`] for a Query of an index with a multi-attribute key (`multi_key`).
pub(crate) fn compile_read_keyed(x: &ReadExpressions, key_schema: Option<KeySchemaRef<'_>>, multi_key: Option<crate::expr::MultiKeyRef<'_>>, operation: &str) -> Result<Compiled, ApiError> {
    if x.is_empty() && key_schema.is_none() {
        return Ok(Compiled::default());
    }
    let inputs = ExpressionInputs {
        filter_expression: x.filter_expression.as_deref(),
        key_condition_expression: x.key_condition_expression.as_deref(),
        projection_expression: x.projection_expression.as_deref(),
        names: x.names.as_ref(),
        values: x.values.as_ref(),
        key_schema,
        multi_key,
        attributes_to_get: x.attributes_to_get.as_ref(),
        key_conditions: x.key_conditions.as_ref(),
        query_filter: x.query_filter.as_ref(),
        scan_filter: x.scan_filter.as_ref(),
        conditional_operator: x.conditional_operator.as_deref(),
        operation: Some(operation),
        from_statement: x.from_statement,
        ..ExpressionInputs::default()
    };
    Ok(compile(&inputs)?)
}
