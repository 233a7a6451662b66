//! Key conditions on an index whose key has several HASH or several RANGE attributes (multi-attribute
//! keys): an equality on every HASH attribute, equalities on a gap-free prefix of the RANGE attributes
//! in key-schema order, and a range condition (`<`, `BETWEEN`, `begins_with`, …) only on the last RANGE
//! attribute named. The clauses may come in any order.
//!
//! The refusal of a gap, and of a range condition before the last RANGE attribute named, is DynamoDB's
//! "RANGE key attributes b must have equality conditions specified in the query because a condition is
//! present on key attribute c" (captured from AWS in us-east-1, eu-central-1 and eu-west-2, October
//! 2026); it names the first earlier attribute without an equality and the first later attribute with
//! a condition. The other refusals keep the wording DynamoDB gives for a one-attribute key.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::keycond::{sort_condition, KeyOp, KeyTerm};
use super::{ExprError, KeyCondition, MultiKeyCondition, MultiKeyRef};

fn invalid(msg: &str) -> ExprError {
    ExprError::Invalid(msg.to_string())
}

/// Bind per-attribute terms to a multi-attribute key schema.
pub(crate) fn bind(terms: Vec<KeyTerm>, schema: MultiKeyRef<'_>) -> Result<KeyCondition, ExprError> {
    for h in schema.hash {
        if !terms.iter().any(|(n, _, _)| n == h) {
            return Err(ExprError::Invalid(format!("Query condition missed key schema element: {h}")));
        }
    }
    let is_key = |n: &String| schema.hash.contains(n) || schema.range.contains(n);
    if terms.iter().any(|(n, _, _)| !is_key(n)) {
        return Err(invalid("Query key condition not supported"));
    }
    let mut hash = Vec::new();
    for h in schema.hash {
        let Some((_, op, vals)) = terms.iter().find(|(n, _, _)| n == h) else { continue };
        if *op != KeyOp::Eq || vals.len() != 1 {
            return Err(invalid("Query key condition not supported"));
        }
        hash.extend(vals.iter().cloned());
    }
    let ops: Vec<Option<KeyOp>> = schema.range.iter().map(|r| terms.iter().find(|(n, _, _)| n == r).map(|t| t.1)).collect();
    for (later, op) in ops.iter().enumerate().skip(1) {
        if op.is_none() {
            continue;
        }
        if let Some(prior) = ops[..later].iter().position(|o| *o != Some(KeyOp::Eq)) {
            return Err(ExprError::Invalid(format!(
                "RANGE key attributes {} must have equality conditions specified in the query because a condition is present on key attribute {}",
                schema.range[prior], schema.range[later]
            )));
        }
    }
    let mut range = Vec::new();
    for r in schema.range {
        let Some((_, op, vals)) = terms.iter().find(|(n, _, _)| n == r) else { break };
        range.push(sort_condition(*op, vals.clone())?);
    }
    let partition_value = hash.first().cloned().ok_or_else(|| invalid("Query key condition not supported"))?;
    // The one-attribute fields carry the first HASH value and, for a single RANGE attribute, its condition,
    // so that a caller that knows only those reads the same request.
    let sort = if schema.range.len() == 1 { range.first().cloned() } else { None };
    Ok(KeyCondition { partition_value, sort, multi: Some(MultiKeyCondition { hash, range }) })
}
