//! Phase 3b: which DynamoDB operation a statement becomes, decided from its WHERE clause the way
//! DynamoDB decides it.
//!
//! - A SELECT whose WHERE pins the partition key — `pk = v`, `pk IN [...]`, or `OR`s / `AND`s of such
//!   conditions ("WHERE OrderID = 100 OR OrderID = 200" is not a scan, "WHERE OrderID = 100 OR
//!   Address = 'x'" is) — reads only those partitions: a Query per partition value, or a GetItem per key
//!   when the base table's sort key is pinned too (or the table has none). Anything else is a Scan.
//! - An UPDATE / DELETE / EXISTS must pin the whole primary key with top-level equalities.
//!
//! The whole WHERE clause is still evaluated on every item read (as a filter), so the planner only
//! narrows what is read — results never depend on it, capacity does, exactly as on DynamoDB.

use alloc::vec::Vec;

use super::ast::{CmpOp, Expr, Path};
use super::messages as msg;
use super::translate::literal;
use crate::error::ApiError;
use crate::expr::SortKeyCondition;
use crate::table::schema::KeySchema;
use crate::value::{AttributeValue, Item};

fn invalid(m: impl Into<alloc::string::String>) -> ApiError {
    ApiError::Validation(m.into())
}

/// The top-level conjuncts of a WHERE clause (`a AND (b AND c)` -> `[a, b, c]`).
pub fn conjuncts(e: &Expr) -> Vec<&Expr> {
    let mut out = Vec::new();
    fn walk<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
        match e {
            Expr::And(a, b) => {
                walk(a, out);
                walk(b, out);
            }
            other => out.push(other),
        }
    }
    walk(e, &mut out);
    out
}

fn is_attr<'e>(e: &'e Expr, name: &str) -> Option<&'e Path> {
    match e {
        Expr::Path(p) if p.steps.is_empty() && p.root == name => Some(p),
        _ => None,
    }
}

/// `name = literal` (either way round): the literal's value.
fn equality(e: &Expr, name: &str, params: &[AttributeValue]) -> Result<Option<AttributeValue>, ApiError> {
    let Expr::Cmp(CmpOp::Eq, a, b) = e else { return Ok(None) };
    let other = if is_attr(a, name).is_some() {
        b
    } else if is_attr(b, name).is_some() {
        a
    } else {
        return Ok(None);
    };
    literal(other, params)
}

/// The partition-key values a condition restricts reads to, or `None` when it does not (a Scan).
pub fn partition_values(e: &Expr, pk: &str, params: &[AttributeValue]) -> Result<Option<Vec<AttributeValue>>, ApiError> {
    Ok(match e {
        Expr::Cmp(CmpOp::Eq, ..) => equality(e, pk, params)?.map(|v| alloc::vec![v]),
        Expr::In(a, list) if is_attr(a, pk).is_some() => {
            let mut out: Vec<AttributeValue> = Vec::new();
            for x in list {
                let Some(v) = literal(x, params)? else { return Ok(None) };
                if !out.contains(&v) {
                    out.push(v);
                }
            }
            Some(out)
        }
        Expr::And(a, b) => match (partition_values(a, pk, params)?, partition_values(b, pk, params)?) {
            (Some(x), Some(y)) => Some(x.into_iter().filter(|v| y.contains(v)).collect()),
            (Some(x), None) | (None, Some(x)) => Some(x),
            (None, None) => None,
        },
        Expr::Or(a, b) => match (partition_values(a, pk, params)?, partition_values(b, pk, params)?) {
            (Some(mut x), Some(y)) => {
                for v in y {
                    if !x.contains(&v) {
                        x.push(v);
                    }
                }
                Some(x)
            }
            _ => None,
        },
        _ => None,
    })
}

/// The single top-level `sk = v` of a WHERE clause, when there is exactly one.
pub fn sort_equality(e: &Expr, sk: &str, params: &[AttributeValue]) -> Result<Option<AttributeValue>, ApiError> {
    let mut found = None;
    for c in conjuncts(e) {
        if let Some(v) = equality(c, sk, params)? {
            if found.is_some() {
                return Ok(None);
            }
            found = Some(v);
        }
    }
    Ok(found)
}

/// The first top-level condition on the sort key that a Query can use as its range (`=`, `<`, `<=`,
/// `>`, `>=`, `BETWEEN`, `begins_with`), with values of the key's type. Other conditions on the sort key
/// are left to the filter, which sees every item the range reads.
pub fn sort_range(e: &Expr, schema: &KeySchema, params: &[AttributeValue]) -> Result<Option<SortKeyCondition>, ApiError> {
    let Some(sk) = &schema.sk else { return Ok(None) };
    let typed = |v: &AttributeValue| v.scalar_type() == Some(sk.ty);
    for c in conjuncts(e) {
        let cond = match c {
            Expr::Cmp(op, a, b) => {
                let (op, other) = if is_attr(a, &sk.name).is_some() {
                    (*op, b)
                } else if is_attr(b, &sk.name).is_some() {
                    let flipped = match op {
                        CmpOp::Lt => CmpOp::Gt,
                        CmpOp::Le => CmpOp::Ge,
                        CmpOp::Gt => CmpOp::Lt,
                        CmpOp::Ge => CmpOp::Le,
                        o => *o,
                    };
                    (flipped, a)
                } else {
                    continue;
                };
                let Some(v) = literal(other, params)?.filter(typed) else { continue };
                match op {
                    CmpOp::Eq => SortKeyCondition::Eq(v),
                    CmpOp::Lt => SortKeyCondition::Lt(v),
                    CmpOp::Le => SortKeyCondition::Le(v),
                    CmpOp::Gt => SortKeyCondition::Gt(v),
                    CmpOp::Ge => SortKeyCondition::Ge(v),
                    CmpOp::Ne => continue,
                }
            }
            Expr::Between(a, lo, hi) if is_attr(a, &sk.name).is_some() => {
                let (Some(lo), Some(hi)) = (literal(lo, params)?.filter(typed), literal(hi, params)?.filter(typed)) else { continue };
                if crate::value::key_cmp(&lo, &hi) == core::cmp::Ordering::Greater {
                    continue;
                }
                SortKeyCondition::Between(lo, hi)
            }
            Expr::Call(f, args) if f == "begins_with" && args.len() == 2 && is_attr(&args[0], &sk.name).is_some() => {
                let Some(v) = literal(&args[1], params)?.filter(|v| typed(v) && !matches!(v, AttributeValue::N(_))) else { continue };
                SortKeyCondition::BeginsWith(v)
            }
            _ => continue,
        };
        return Ok(Some(cond));
    }
    Ok(None)
}

/// The primary key an UPDATE / DELETE / EXISTS names: top-level equalities on every key attribute,
/// each exactly once, with values of the schema's types. Also says whether the WHERE clause holds
/// anything beyond those equalities (then it is a condition on the item).
pub fn write_key(schema: &KeySchema, filter: Option<&Expr>, params: &[AttributeValue]) -> Result<(Item, bool), ApiError> {
    let Some(filter) = filter else { return Err(invalid(msg::INCOMPLETE_KEY)) };
    let parts = conjuncts(filter);
    let mut key = Item::new();
    let mut used = 0;
    for attr in core::iter::once(&schema.pk).chain(schema.sk.as_ref()) {
        let mut found = None;
        for c in &parts {
            if let Some(v) = equality(c, &attr.name, params)? {
                if found.is_some() {
                    return Err(invalid(msg::multiple_key_conditions(&attr.name)));
                }
                found = Some(v);
            }
        }
        let Some(v) = found else { return Err(invalid(msg::INCOMPLETE_KEY)) };
        if v.scalar_type() != Some(attr.ty) {
            return Err(invalid(msg::key_type_mismatch(&attr.name)));
        }
        used += 1;
        key.insert(attr.name.clone(), v);
    }
    Ok((key, parts.len() > used))
}
