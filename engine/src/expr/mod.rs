//! DynamoDB's expression language: ConditionExpression, FilterExpression, KeyConditionExpression,
//! ProjectionExpression and UpdateExpression, plus the legacy parameters that predate them (`Expected`,
//! `AttributeUpdates`, `AttributesToGet`, `KeyConditions`, `QueryFilter`, `ScanFilter`), which compile to
//! the same forms.
//!
//! # Phases
//! 1. **lex** (`lexer.rs`): text to tokens, whitespace kept so syntax errors can quote it.
//! 2. **parse** (`parser.rs`, `parse_cond.rs`, `parse_update.rs`): tokens to syntax trees (`ast.rs`);
//!    only syntax errors here, in DynamoDB's `token: "…", near: "…"` wording.
//! 3. **resolve** (`resolve.rs`): `#name`/`:value` placeholders to names and values, recording which
//!    were used across *all* expressions of the request — so unused ones are an error at the end.
//! 4. **validate** (`validate.rs`, `validate_update.rs`, `keycond.rs`): function names and arity, literal
//!    operand types, reserved words, overlapping paths, clause repetition, key-condition shape; every
//!    problem is collected and the one DynamoDB reports first is chosen (`error.rs`).
//! 5. **evaluate** (`eval.rs`, `update.rs`, `projection.rs`): runs the compiled forms.
//!
//! The phases are separate so that evaluation cannot fail half-way: once an expression has been
//! validated, a condition or projection always evaluates, and an update fails only for reasons that
//! depend on the item (a missing operand, a type mismatch, number overflow) — and then changes nothing,
//! which is what makes UpdateItem atomic. Separating them also lets validation see the whole tree before
//! choosing an error: DynamoDB reports the problem of highest precedence, not the first one in the text.
//!
//! Legacy parameters (`legacy.rs`) skip lex/parse but are validated with DynamoDB's own messages and
//! lowered to the same compiled forms, so evaluation has one implementation.
//!
//! # Where the behaviour comes from
//! DynamoDB's published rules, dynalite's grammar and `errorOrder` lists (error precedence), and Scylla
//! Alternator's test suite, which was run against AWS (observed behaviours the documentation omits: names
//! start with a letter, IN takes at most 99 values, past-the-end list SETs append in index order, nested
//! `list_append` is refused). `tests/expr_cases.rs` replays the cases of `tests/data/expr/*.txt`;
//! `proptests.rs` checks the parser round trip and evaluation/updates against naive references;
//! `fuzz/fuzz_targets/expr_parse.rs` checks that nothing panics on arbitrary input.
//!
//! ```
//! use engine::expr::{compile, ExpressionInputs};
//! use std::collections::BTreeMap;
//! use engine::value::{AttributeValue, Item};
//!
//! let values: Item = [(":p".to_string(), AttributeValue::S("ab".into()))].into_iter().collect();
//! let compiled = compile(&ExpressionInputs {
//!     condition_expression: Some("begins_with(#n, :p)"),
//!     names: Some(&BTreeMap::from([("#n".to_string(), "name".to_string())])),
//!     values: Some(&values),
//!     ..Default::default()
//! })
//! .unwrap();
//! let item: Item = [("name".to_string(), AttributeValue::S("abc".into()))].into_iter().collect();
//! assert!(compiled.condition.unwrap().eval(&item));
//! ```
//!
//! INTERFACE CONTRACT (the operations layer relies on these signatures):
//! - [`compile`] takes every expression-related parameter of one request and returns the compiled
//!   forms, or the single error DynamoDB would report first.
//! - Once compiled, evaluation of conditions/filters/projections cannot fail; [`Update::apply`] can fail
//!   only for item-dependent reasons and then changes nothing: it returns a new item or an error.

mod ast;
mod compile;
mod error;
mod eval;
mod keycond;
mod legacy;
mod multi_keycond;
mod lexer;
mod parse_cond;
mod parse_update;
mod parser;
mod projection;
mod reserved;
mod resolve;
mod update;
mod validate;
mod validate_update;
#[cfg(test)]
mod proptests;

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use crate::value::{AttributeValue, Item};

/// An expression failure, carrying DynamoDB's exact ValidationException message.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExprError {
    Invalid(String),
    /// A legacy parameter's attribute value that is not an AttributeValue at all (`{"S": 1}`, bad
    /// base64): DynamoDB's deserialiser answers SerializationException, as for `Item`.
    Serialization(String),
}

impl ExprError {
    pub fn message(&self) -> &str {
        match self {
            ExprError::Invalid(m) | ExprError::Serialization(m) => m,
        }
    }
}

impl From<ExprError> for crate::error::ApiError {
    fn from(e: ExprError) -> Self {
        match e {
            ExprError::Serialization(m) => crate::error::ApiError::Serialization(m),
            e => crate::error::ApiError::Validation(String::from(e.message())),
        }
    }
}

/// The key schema that a KeyConditionExpression / KeyConditions is checked against.
#[derive(Debug, Clone, Copy)]
pub struct KeySchemaRef<'a> {
    pub partition_key: &'a str,
    pub sort_key: Option<&'a str>,
}

/// A key schema of several HASH or several RANGE attributes (a GSI with a multi-attribute key), each
/// half in key-schema order. Given with [`KeySchemaRef`] (which names the first of each), it decides how
/// a key condition binds.
#[derive(Debug, Clone, Copy)]
pub struct MultiKeyRef<'a> {
    pub hash: &'a [String],
    pub range: &'a [String],
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
    pub values: Option<&'a Item>,
    /// Schema for key conditions (required when a key condition is present).
    pub key_schema: Option<KeySchemaRef<'a>>,
    /// Set when the key schema has several HASH or RANGE attributes.
    pub multi_key: Option<MultiKeyRef<'a>>,
    // Legacy parameters:
    pub expected: Option<&'a serde_json::Value>,
    pub attribute_updates: Option<&'a serde_json::Value>,
    pub attributes_to_get: Option<&'a serde_json::Value>,
    pub key_conditions: Option<&'a serde_json::Value>,
    pub query_filter: Option<&'a serde_json::Value>,
    pub scan_filter: Option<&'a serde_json::Value>,
    pub conditional_operator: Option<&'a str>,
    /// The DynamoDB action (`"UpdateItem"`, `"Query"`…): only used to word "ExpressionAttributeValues can
    /// only be specified when using expressions: … is null" as DynamoDB does for that action.
    pub operation: Option<&'a str>,
    /// Generated from a PartiQL statement: the statement's own 8 KB limit applies instead of the 4 KB
    /// limit on one expression.
    pub from_statement: bool,
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
pub fn compile(inputs: &ExpressionInputs<'_>) -> Result<Compiled, ExprError> {
    compile::compile(inputs)
}

/// A compiled ConditionExpression / FilterExpression.
#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    expr: eval::CExpr,
}

impl Condition {
    /// Whether the item (absent item = empty map) satisfies the condition.
    pub fn eval(&self, item: &Item) -> bool {
        self.expr.eval(item)
    }

    /// The distinct top-level attribute names the condition reads, in the order they are written (for
    /// Query's "Filter Expression can only contain non-primary key attributes").
    pub fn top_level_names(&self) -> Vec<String> {
        let mut paths = Vec::new();
        self.expr.paths(&mut paths);
        top_level(paths.into_iter())
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
    /// For a multi-attribute key: every HASH value and the RANGE conditions, in key-schema order.
    pub multi: Option<MultiKeyCondition>,
}

/// A key condition on a multi-attribute key: the value of every HASH attribute, and the conditions on a
/// gap-free prefix of the RANGE attributes (equalities, the last one possibly a range condition).
#[derive(Debug, Clone, PartialEq)]
pub struct MultiKeyCondition {
    pub hash: Vec<AttributeValue>,
    pub range: Vec<SortKeyCondition>,
}

/// A compiled ProjectionExpression / AttributesToGet.
#[derive(Debug, Clone, PartialEq)]
pub struct Projection {
    paths: Vec<resolve::DocPath>,
}

/// The distinct first elements of `paths`, in first-seen order.
fn top_level<'p>(paths: impl Iterator<Item = &'p resolve::DocPath>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for p in paths {
        if let Some(resolve::Elem::Key(k)) = p.first() {
            if !out.contains(k) {
                out.push(k.clone());
            }
        }
    }
    out
}

impl Projection {
    /// The item reduced to the projected paths (nested paths keep their enclosing structure).
    pub fn apply(&self, item: &Item) -> Item {
        projection::project(&self.paths, item)
    }

    /// The top-level attribute names the projection touches (for index projection checks).
    pub fn top_level_names(&self) -> Vec<String> {
        top_level(self.paths.iter())
    }
}

/// A compiled UpdateExpression / AttributeUpdates.
#[derive(Debug, Clone, PartialEq)]
pub struct Update {
    actions: Vec<validate_update::UAction>,
    /// Compiled from `AttributeUpdates`: type mismatches then use that API's wording.
    legacy: bool,
}

impl Update {
    /// The new item after every action, or the item-dependent error DynamoDB reports; never partial.
    pub fn apply(&self, item: &Item) -> Result<Item, ExprError> {
        update::apply(&self.actions, item, self.legacy, false)
    }

    /// [`Update::apply`] for UpdateItem creating the item (`item` is just its key): DynamoDB then
    /// ignores `REMOVE` of a nested path (`REMOVE a.b`, `REMOVE l[0]`) instead of calling the path
    /// invalid, as there is nothing it could refer to.
    pub fn apply_to_new(&self, item: &Item) -> Result<Item, ExprError> {
        update::apply(&self.actions, item, self.legacy, true)
    }

    /// Whether every action only takes something away (REMOVE, DELETE from a set; AttributeUpdates
    /// DELETE): applied to an item that does not exist, DynamoDB then creates nothing.
    pub fn only_removes(&self) -> bool {
        !self.actions.is_empty() && self.actions.iter().all(|a| matches!(a, validate_update::UAction::Remove(_) | validate_update::UAction::Delete(..)))
    }

    /// The document paths the update writes, as a projection: applied to the item before or after the
    /// update it gives UPDATED_OLD / UPDATED_NEW (`SET a.b = :v` returns `{a: {b: …}}`, not all of `a`).
    pub fn targets(&self) -> Projection {
        Projection { paths: self.actions.iter().map(|a| a.path().clone()).collect() }
    }

    /// Top-level attribute names the update writes (SET/ADD/DELETE/REMOVE targets), used for
    /// "Cannot update attribute X. This attribute is part of the key" and for UPDATED_OLD/UPDATED_NEW.
    pub fn top_level_targets(&self) -> Vec<String> {
        top_level(self.actions.iter().map(validate_update::UAction::path))
    }

    /// Top-level attributes written through a nested path (`SET a.b = …`): DynamoDB refuses those on key
    /// attributes ("Key attributes must be scalars; list random access '[]' and map lookup '.' are not
    /// allowed: Key: a").
    pub fn nested_top_level_targets(&self) -> Vec<String> {
        top_level(self.actions.iter().map(validate_update::UAction::path).filter(|p| p.len() > 1))
    }

    /// Each top-level attribute SET (or ADDed) directly to a literal value, with that value — what
    /// DynamoDB checks against index key types before touching the item.
    pub fn top_level_literals(&self) -> Vec<(&str, &AttributeValue)> {
        self.actions.iter().filter_map(validate_update::UAction::top_level_literal).map(|(k, v)| (k.as_str(), v)).collect()
    }
}
