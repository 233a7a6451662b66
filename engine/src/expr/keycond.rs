//! Key conditions: a validated condition (or legacy `KeyConditions`) reduced to "partition key equals
//! X, and optionally one sort-key condition", checked against the table's or index's key schema.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::ast::CmpOp;
use super::error::Fault;
use super::eval::{CExpr, Val};
use super::resolve::Elem;
use super::{ExprError, KeyCondition, KeySchemaRef, SortKeyCondition};
use crate::value::AttributeValue;

/// The comparison of one key condition, as in legacy `KeyConditions`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KeyOp {
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
    Between,
    BeginsWith,
}

/// One condition on one attribute: `(name, op, operand values)`.
pub(crate) type KeyTerm = (String, KeyOp, Vec<AttributeValue>);

const KC_NESTED_OPS: &str = "KeyConditionExpressions cannot contain nested operations";
const KC_NESTED_ATTRS: &str = "KeyConditionExpressions cannot have conditions on nested attributes";
const KC_MULTIPLE: &str = "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition";
const KC_NO_KEY: &str = "Invalid condition in KeyConditionExpression: No key attribute specified";
const KC_ONE_PER_KEY: &str = "KeyConditionExpressions must only contain one condition per key";

/// Break a compiled KeyConditionExpression into per-attribute terms, refusing what DynamoDB refuses,
/// first problem in tree order.
pub(crate) fn terms(e: &CExpr, out: &mut Vec<KeyTerm>) -> Result<(), Fault> {
    let (op, args): (KeyOp, Vec<&Val>) = match e {
        CExpr::And(a, b) => {
            terms(a, out)?;
            return terms(b, out);
        }
        CExpr::Or(..) => return Err(Fault::KeyConditionOperator("OR".into())),
        CExpr::Not(..) => return Err(Fault::KeyConditionOperator("NOT".into())),
        CExpr::In(..) => return Err(Fault::KeyConditionOperator("IN".into())),
        CExpr::Cmp(CmpOp::Ne, ..) => return Err(Fault::KeyConditionOperator("<>".into())),
        CExpr::Exists(_) => return Err(Fault::KeyConditionOperator("attribute_exists".into())),
        CExpr::NotExists(_) => return Err(Fault::KeyConditionOperator("attribute_not_exists".into())),
        CExpr::IsType(..) => return Err(Fault::KeyConditionOperator("attribute_type".into())),
        CExpr::Contains(..) => return Err(Fault::KeyConditionOperator("contains".into())),
        CExpr::Cmp(op, a, b) => {
            let op = match op {
                CmpOp::Eq => KeyOp::Eq,
                CmpOp::Lt => KeyOp::Lt,
                CmpOp::Le => KeyOp::Le,
                CmpOp::Gt => KeyOp::Gt,
                _ => KeyOp::Ge,
            };
            (op, alloc::vec![a, b])
        }
        CExpr::Between(a, lo, hi) => {
            if !matches!(a, Val::Path(_)) {
                return Err(Fault::KeyCondition(
                    "Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand",
                ));
            }
            (KeyOp::Between, alloc::vec![a, lo, hi])
        }
        CExpr::BeginsWith(a, p) => {
            if !matches!(a, Val::Path(_)) {
                return Err(Fault::KeyCondition(
                    "Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand",
                ));
            }
            (KeyOp::BeginsWith, alloc::vec![a, p])
        }
    };
    let mut attr: Option<(String, usize)> = None;
    let mut values = Vec::new();
    for (i, v) in args.iter().enumerate() {
        match v {
            Val::Path(p) => {
                if attr.is_some() {
                    return Err(Fault::KeyCondition(KC_MULTIPLE));
                }
                match p.as_slice() {
                    [Elem::Key(k)] => attr = Some((k.clone(), i)),
                    _ => return Err(Fault::KeyCondition(KC_NESTED_ATTRS)),
                }
            }
            Val::Size(_) => return Err(Fault::KeyCondition(KC_NESTED_OPS)),
            Val::Lit(l) => values.push(l.clone()),
        }
    }
    let Some((name, pos)) = attr else { return Err(Fault::KeyCondition(KC_NO_KEY)) };
    if out.iter().any(|(n, _, _)| *n == name) {
        return Err(Fault::KeyCondition(KC_ONE_PER_KEY));
    }
    // `:v < sk` means `sk > :v`.
    let op = match (pos, op) {
        (0, op) => op,
        (_, KeyOp::Lt) => KeyOp::Gt,
        (_, KeyOp::Le) => KeyOp::Ge,
        (_, KeyOp::Gt) => KeyOp::Lt,
        (_, KeyOp::Ge) => KeyOp::Le,
        (_, op) => op,
    };
    out.push((name, op, values));
    Ok(())
}

fn invalid(msg: &str) -> ExprError {
    ExprError::Invalid(msg.to_string())
}

/// Bind terms to the key schema (DynamoDB checks the partition key first, the sort key only when two
/// conditions are given).
pub(crate) fn bind(terms: Vec<KeyTerm>, schema: KeySchemaRef<'_>) -> Result<KeyCondition, ExprError> {
    // The count is checked before the schema, as DynamoDB does ("p=:p AND c<:c AND a<:a").
    if terms.len() > 2 {
        return Err(invalid("Conditions can be of length 1 or 2 only"));
    }
    let keys: Vec<&str> = core::iter::once(schema.partition_key).chain(schema.sort_key).collect();
    for key in &keys {
        if !terms.iter().any(|(n, _, _)| n == key) {
            return Err(ExprError::Invalid(alloc::format!("Query condition missed key schema element: {key}")));
        }
        if terms.len() <= 1 {
            break;
        }
    }
    if keys.len() == 1 && terms.len() > 1 {
        return Err(invalid("Query key condition not supported"));
    }
    let mut partition_value = None;
    let mut sort = None;
    for (name, op, mut vals) in terms {
        if name == schema.partition_key {
            if op != KeyOp::Eq || vals.len() != 1 {
                return Err(invalid("Query key condition not supported"));
            }
            partition_value = vals.pop();
        } else {
            sort = Some(sort_condition(op, vals)?);
        }
    }
    let partition_value = partition_value.ok_or_else(|| invalid("Query key condition not supported"))?;
    Ok(KeyCondition { partition_value, sort, multi: None })
}

/// A sort key condition from its operator and operand values (one, or two for BETWEEN); shared by
/// single- and multi-attribute keys.
pub(crate) fn sort_condition(op: KeyOp, vals: Vec<AttributeValue>) -> Result<SortKeyCondition, ExprError> {
    let mut it = vals.into_iter();
    let (Some(a), b) = (it.next(), it.next()) else { return Err(invalid("Query key condition not supported")) };
    Ok(match (op, b) {
        (KeyOp::Eq, _) => SortKeyCondition::Eq(a),
        (KeyOp::Lt, _) => SortKeyCondition::Lt(a),
        (KeyOp::Le, _) => SortKeyCondition::Le(a),
        (KeyOp::Gt, _) => SortKeyCondition::Gt(a),
        (KeyOp::Ge, _) => SortKeyCondition::Ge(a),
        (KeyOp::BeginsWith, _) => SortKeyCondition::BeginsWith(a),
        (KeyOp::Between, Some(b)) => SortKeyCondition::Between(a, b),
        (KeyOp::Between, None) => return Err(invalid("Query key condition not supported")),
    })
}
