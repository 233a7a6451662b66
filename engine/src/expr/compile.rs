//! One request's expression parameters, checked in the order DynamoDB checks them:
//!
//! 1. legacy and expression parameters are not mixed; placeholder maps only come with expressions;
//! 2. the legacy parameters themselves (`legacy.rs`);
//! 3. the placeholder maps (not empty, well-formed keys);
//! 4. each expression — Update, Condition, KeyCondition, Filter, Projection — parsed and validated;
//! 5. every supplied placeholder was used by some expression;
//! 6. the key condition's shape, then its binding to the key schema.

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::error::{ExprKind, Fault, Faults};
use super::eval::CExpr;
use super::keycond::{bind, terms};
use super::parse_cond::parse_condition;
use super::parse_update::parse_update;
use super::parser::{parse_projection, Parser};
use super::resolve::Resolver;
use super::validate::Checker;
use super::validate_update::{check_projection, check_update};
use super::{legacy, Compiled, Condition, ExprError, ExpressionInputs, Projection, Update};

/// DynamoDB's limit on one expression string, in bytes.
pub(crate) const MAX_EXPRESSION_BYTES: usize = 4096;
/// DynamoDB's limit on a placeholder key (`#name` / `:value`), in bytes.
pub(crate) const MAX_PLACEHOLDER_BYTES: usize = 255;

fn invalid(msg: impl Into<String>) -> ExprError {
    ExprError::Invalid(msg.into())
}

/// Step 1: mixing, and placeholder maps without expressions (dynalite `validateExpressionParams`).
fn check_params(i: &ExpressionInputs<'_>) -> Result<(), ExprError> {
    let exprs: Vec<&str> = [
        ("UpdateExpression", i.update_expression.is_some()),
        ("ConditionExpression", i.condition_expression.is_some()),
        ("ProjectionExpression", i.projection_expression.is_some()),
        ("FilterExpression", i.filter_expression.is_some()),
        ("KeyConditionExpression", i.key_condition_expression.is_some()),
    ]
    .into_iter()
    .filter_map(|(n, present)| present.then_some(n))
    .collect();
    if !exprs.is_empty() {
        // KeyConditions may accompany the other expressions when there is no KeyConditionExpression.
        let key_conditions_counts = i.key_condition_expression.is_some();
        let legacy: Vec<&str> = [
            ("AttributeUpdates", i.attribute_updates.is_some()),
            ("AttributesToGet", i.attributes_to_get.is_some()),
            ("QueryFilter", i.query_filter.is_some()),
            ("ScanFilter", i.scan_filter.is_some()),
            ("Expected", i.expected.is_some()),
            ("ConditionalOperator", i.conditional_operator.is_some()),
            ("KeyConditions", i.key_conditions.is_some() && key_conditions_counts),
        ]
        .into_iter()
        .filter_map(|(n, present)| present.then_some(n))
        .collect();
        if !legacy.is_empty() {
            return Err(invalid(format!(
                "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {{{}}} Expression parameters: {{{}}}",
                legacy.join(", "),
                exprs.join(", ")
            )));
        }
    }
    if i.names.is_some() && exprs.is_empty() {
        return Err(invalid("ExpressionAttributeNames can only be specified when using expressions"));
    }
    if i.values.is_some() && exprs.iter().all(|e| *e == "ProjectionExpression") {
        // Without the action's name, a key schema still says "Query" (it is only given for Query).
        let operation = i.operation.or(i.key_schema.map(|_| "Query"));
        let value_exprs: &[&str] = match operation {
            Some("UpdateItem") => &["UpdateExpression", "ConditionExpression"],
            Some("Query") => &["FilterExpression", "KeyConditionExpression"],
            Some("Scan") => &["FilterExpression"],
            Some("GetItem" | "BatchGetItem" | "TransactGetItems") => &[],
            _ => &["ConditionExpression"],
        };
        if !value_exprs.is_empty() {
            let verb = if value_exprs.len() > 1 { "are" } else { "is" };
            return Err(invalid(format!(
                "ExpressionAttributeValues can only be specified when using expressions: {} {verb} null",
                value_exprs.join(" and ")
            )));
        }
    }
    Ok(())
}

fn valid_placeholder(key: &str, prefix: char) -> bool {
    let mut chars = key.chars();
    chars.next() == Some(prefix) && key.len() > 1 && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Step 3: the maps themselves.
fn check_maps(i: &ExpressionInputs<'_>) -> Result<(), ExprError> {
    if let Some(names) = i.names {
        if names.is_empty() {
            return Err(invalid("ExpressionAttributeNames must not be empty"));
        }
        for (k, v) in names {
            if k.len() > MAX_PLACEHOLDER_BYTES {
                return Err(invalid(format!(
                    "ExpressionAttributeNames contains invalid key: The expression attribute map contains a key that is too long; size of key: {}",
                    k.len()
                )));
            }
            if !valid_placeholder(k, '#') {
                return Err(invalid(format!("ExpressionAttributeNames contains invalid key: Syntax error; key: \"{k}\"")));
            }
            if v.is_empty() {
                return Err(invalid(format!("ExpressionAttributeNames contains invalid value: Empty attribute name for key {k}")));
            }
        }
    }
    if let Some(values) = i.values {
        if values.is_empty() {
            return Err(invalid("ExpressionAttributeValues must not be empty"));
        }
        for k in values.keys() {
            if k.len() > MAX_PLACEHOLDER_BYTES {
                return Err(invalid(
                    "ExpressionAttributeValues contains invalid key: The expression attribute map contains a key that is too long;",
                ));
            }
            if !valid_placeholder(k, ':') {
                return Err(invalid(format!("ExpressionAttributeValues contains invalid key: Syntax error; key: \"{k}\"")));
            }
        }
    }
    Ok(())
}

/// Empty and size checks shared by all five kinds.
fn precheck(src: &str, kind: ExprKind, from_statement: bool) -> Result<(), ExprError> {
    if src.is_empty() {
        return Err(Fault::Empty.into_error(kind));
    }
    if src.len() > MAX_EXPRESSION_BYTES && !from_statement {
        let state_size = matches!(kind, ExprKind::Condition | ExprKind::Filter);
        return Err(Fault::TooLong { size: src.len(), state_size }.into_error(kind));
    }
    Ok(())
}

fn finish(p: &Parser<'_>, mut faults: Faults, kind: ExprKind) -> Result<(), ExprError> {
    if p.redundant_parens {
        faults.add(super::error::Cat::Parens, Fault::RedundantParens);
    }
    match faults.first(kind) {
        Some(f) => Err(f.into_error(kind)),
        None => Ok(()),
    }
}

pub(crate) fn condition(src: &str, kind: ExprKind, r: &mut Resolver<'_>) -> Result<CExpr, ExprError> {
    precheck(src, kind, r.from_statement)?;
    let mut p = Parser::new(src);
    p.limit_operators = !r.from_statement;
    let ast = parse_condition(&mut p).map_err(|e| p.fault(e).into_error(kind))?;
    let mut checker = Checker::new(r);
    let compiled = checker.cond(&ast);
    finish(&p, checker.faults, kind)?;
    Ok(compiled)
}

fn update(src: &str, r: &mut Resolver<'_>) -> Result<Update, ExprError> {
    let kind = ExprKind::Update;
    precheck(src, kind, r.from_statement)?;
    let mut p = Parser::new(src);
    p.limit_operators = !r.from_statement;
    let ast = parse_update(&mut p).map_err(|e| p.fault(e).into_error(kind))?;
    let mut faults = Faults::default();
    let actions = check_update(&ast, r, &mut faults);
    finish(&p, faults, kind)?;
    Ok(Update { actions, legacy: false })
}

fn projection(src: &str, r: &mut Resolver<'_>) -> Result<Projection, ExprError> {
    let kind = ExprKind::Projection;
    precheck(src, kind, r.from_statement)?;
    let mut p = Parser::new(src);
    let ast = parse_projection(&mut p).map_err(|e| p.fault(e).into_error(kind))?;
    let mut faults = Faults::default();
    let paths = check_projection(&ast, r, &mut faults);
    finish(&p, faults, kind)?;
    Ok(Projection { paths })
}

fn unused<'k>(supplied: Option<impl Iterator<Item = &'k String>>, used: &BTreeSet<String>, what: &str) -> Result<(), ExprError> {
    let Some(keys) = supplied else { return Ok(()) };
    let unused: Vec<&str> = keys.filter(|k| !used.contains(*k)).map(String::as_str).collect();
    if unused.is_empty() {
        return Ok(());
    }
    Err(invalid(format!("Value provided in {what} unused in expressions: keys: {{{}}}", unused.join(", "))))
}

/// A Query's filter runs after the key condition has chosen the items, so DynamoDB refuses one that
/// names a key attribute of the table or index queried (partition key reported first).
fn filter_avoids_keys(filter: &CExpr, schema: super::KeySchemaRef<'_>, multi: Option<super::MultiKeyRef<'_>>, legacy: bool) -> Result<(), ExprError> {
    let mut heads = Vec::new();
    filter.path_heads(&mut heads);
    let what = if legacy { "QueryFilter" } else { "Filter Expression" };
    let keys: Vec<&str> = match multi {
        // Every attribute of a multi-attribute key is a key attribute of the index queried.
        Some(m) => m.hash.iter().chain(m.range).map(String::as_str).collect(),
        None => core::iter::once(schema.partition_key).chain(schema.sort_key).collect(),
    };
    match keys.into_iter().find(|k| heads.contains(k)) {
        Some(key) => Err(invalid(format!("{what} can only contain non-primary key attributes: Primary key attribute: {key}"))),
        None => Ok(()),
    }
}

pub(crate) fn compile(i: &ExpressionInputs<'_>) -> Result<Compiled, ExprError> {
    check_params(i)?;
    let mut out = legacy::compile(i)?;
    check_maps(i)?;
    let mut r = Resolver::new(i.names, i.values);
    r.from_statement = i.from_statement;
    if let Some(src) = i.update_expression {
        out.update = Some(update(src, &mut r)?);
    }
    if let Some(src) = i.condition_expression {
        out.condition = Some(Condition { expr: condition(src, ExprKind::Condition, &mut r)? });
    }
    let key_expr = match i.key_condition_expression {
        Some(src) => Some(condition(src, ExprKind::KeyCondition, &mut r)?),
        None => None,
    };
    if let Some(src) = i.filter_expression {
        out.filter = Some(Condition { expr: condition(src, ExprKind::Filter, &mut r)? });
    }
    if let Some(src) = i.projection_expression {
        out.projection = Some(projection(src, &mut r)?);
    }
    unused(i.names.map(|m| m.keys()), &r.used_names, "ExpressionAttributeNames")?;
    unused(i.values.map(|m| m.keys()), &r.used_values, "ExpressionAttributeValues")?;
    if let Some(e) = key_expr {
        let mut ts = Vec::new();
        // DynamoDB words key-condition shape errors without the `Invalid KeyConditionExpression:` prefix.
        terms(&e, &mut ts).map_err(|f| ExprError::Invalid(f.message()))?;
        match (i.key_schema, i.multi_key) {
            (Some(_), Some(multi)) => out.key_condition = Some(super::multi_keycond::bind(ts, multi)?),
            (Some(schema), None) => out.key_condition = Some(bind(ts, schema)?),
            _ => {}
        }
    }
    // Without a key condition DynamoDB reports the missing key condition first (the Query itself says
    // so, after compiling), not the filter's key attributes.
    let has_key_condition = i.key_condition_expression.is_some() || i.key_conditions.is_some();
    if let (Some(schema), Some(filter), true) = (i.key_schema, &out.filter, has_key_condition) {
        filter_avoids_keys(&filter.expr, schema, i.multi_key, i.query_filter.is_some())?;
    }
    Ok(out)
}
