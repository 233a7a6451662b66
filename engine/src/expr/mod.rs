//! DynamoDB's expression language.
//!
//! INTERFACE CONTRACT (the operations layer relies on these signatures; the expressions work fills in
//! the bodies and may add modules — lexer, parser, resolver, validator, evaluator, legacy — behind them):
//!
//! - [`compile`] takes every expression-related parameter of one request (the five expression kinds,
//!   `ExpressionAttributeNames`/`Values`, and the legacy parameters as raw JSON) and returns the compiled
//!   forms, or the single error DynamoDB would report first (syntax, undefined/unused names and values,
//!   reserved words, mixing legacy and expression parameters, limits...).
//! - Once compiled, evaluation of conditions/filters/projections cannot fail; [`Update::apply`] can fail
//!   only for item-dependent reasons (missing operand, type mismatch, arithmetic overflow) and then changes
//!   nothing: it returns a new item or an error.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use crate::value::{AttributeValue, Item};

/// An expression failure, carrying DynamoDB's exact ValidationException message.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExprError {
    Invalid(String),
}

impl ExprError {
    pub fn message(&self) -> &str {
        match self {
            ExprError::Invalid(m) => m,
        }
    }
}

impl From<ExprError> for crate::error::ApiError {
    fn from(e: ExprError) -> Self {
        crate::error::ApiError::Validation(String::from(e.message()))
    }
}

/// The key schema that a KeyConditionExpression / KeyConditions is checked against.
#[derive(Debug, Clone, Copy)]
pub struct KeySchemaRef<'a> {
    pub partition_key: &'a str,
    pub sort_key: Option<&'a str>,
}

/// Every expression-related parameter of one request, as received.
/// Legacy parameters are passed as raw DynamoDB JSON so their decoding errors match DynamoDB's.
#[derive(Debug, Clone, Copy, Default)]
pub struct ExpressionInputs<'a> {
    pub condition_expression: Option<&'a str>,
    pub filter_expression: Option<&'a str>,
    pub key_condition_expression: Option<&'a str>,
    pub projection_expression: Option<&'a str>,
    pub update_expression: Option<&'a str>,
    pub names: Option<&'a BTreeMap<String, String>>,
    pub values: Option<&'a BTreeMap<String, AttributeValue>>,
    /// Schema for key conditions (required when a key condition is present).
    pub key_schema: Option<KeySchemaRef<'a>>,
    // Legacy parameters:
    pub expected: Option<&'a serde_json::Value>,
    pub attribute_updates: Option<&'a serde_json::Value>,
    pub attributes_to_get: Option<&'a serde_json::Value>,
    pub key_conditions: Option<&'a serde_json::Value>,
    pub query_filter: Option<&'a serde_json::Value>,
    pub scan_filter: Option<&'a serde_json::Value>,
    pub conditional_operator: Option<&'a str>,
}

/// The compiled forms of one request's expressions (legacy parameters compile to the same forms:
/// `Expected` -> `condition`, `QueryFilter`/`ScanFilter` -> `filter`, `KeyConditions` -> `key_condition`,
/// `AttributesToGet` -> `projection`, `AttributeUpdates` -> `update`).
#[derive(Debug, Clone, Default)]
pub struct Compiled {
    pub condition: Option<Condition>,
    pub filter: Option<Condition>,
    pub key_condition: Option<KeyCondition>,
    pub projection: Option<Projection>,
    pub update: Option<Update>,
}

/// Parse, resolve and validate all of a request's expressions.
pub fn compile(_inputs: &ExpressionInputs<'_>) -> Result<Compiled, ExprError> {
    todo!("expressions issue")
}

/// A compiled ConditionExpression / FilterExpression.
#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    // private AST
}

impl Condition {
    /// Whether the item (absent item = empty map) satisfies the condition.
    pub fn eval(&self, _item: &Item) -> bool {
        todo!("expressions issue")
    }
}

/// One side of a KeyConditionExpression bound to the key schema.
#[derive(Debug, Clone, PartialEq)]
pub enum SortKeyCondition {
    Eq(AttributeValue),
    Lt(AttributeValue),
    Le(AttributeValue),
    Gt(AttributeValue),
    Ge(AttributeValue),
    Between(AttributeValue, AttributeValue),
    BeginsWith(AttributeValue),
}

/// A compiled key condition: an equality on the partition key and an optional sort key condition,
/// already checked against the schema given in [`ExpressionInputs::key_schema`].
#[derive(Debug, Clone, PartialEq)]
pub struct KeyCondition {
    pub partition_value: AttributeValue,
    pub sort: Option<SortKeyCondition>,
}

/// A compiled ProjectionExpression / AttributesToGet.
#[derive(Debug, Clone, PartialEq)]
pub struct Projection {
    // private: list of document paths
}

impl Projection {
    /// The item reduced to the projected paths (nested paths keep their enclosing structure).
    pub fn apply(&self, _item: &Item) -> Item {
        todo!("expressions issue")
    }

    /// The top-level attribute names the projection touches (for index projection checks).
    pub fn top_level_names(&self) -> Vec<String> {
        todo!("expressions issue")
    }
}

/// A compiled UpdateExpression / AttributeUpdates.
#[derive(Debug, Clone, PartialEq)]
pub struct Update {
    // private: SET/REMOVE/ADD/DELETE actions
}

impl Update {
    /// The new item after every action, or the item-dependent error DynamoDB reports; never partial.
    pub fn apply(&self, _item: &Item) -> Result<Item, ExprError> {
        todo!("expressions issue")
    }

    /// Top-level attribute names the update writes (SET/ADD/DELETE/REMOVE targets), used for
    /// "Cannot update attribute X. This attribute is part of the key" and for UPDATED_OLD/UPDATED_NEW.
    pub fn top_level_targets(&self) -> Vec<String> {
        todo!("expressions issue")
    }
}
