//! The legacy (pre-expression) parameters, compiled to the same forms as expressions:
//! `Expected` and `QueryFilter`/`ScanFilter` (with `ConditionalOperator`) to conditions, `KeyConditions`
//! to a key condition, `AttributesToGet` to a projection, `AttributeUpdates` to an update.
//! Rules and messages follow DynamoDB (as recorded by dynalite's `validations/`).

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde_json::Value as Json;

use super::ast::CmpOp;
use super::eval::{scalar_cmp, CExpr, Val};
use super::keycond::{bind, KeyOp, KeyTerm};
use super::resolve::Elem;
use super::validate_update::{UAction, UVal};
use super::{Compiled, Condition, ExprError, ExpressionInputs, Projection, Update};
use crate::value::{value_from_json, AttributeValue, ValueType, EMPTY_NAME_MESSAGE};

const OPERATORS: &str = "[IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]";
const INVALID: &str = "One or more parameter values were invalid: ";

fn invalid(msg: impl Into<String>) -> ExprError {
    ExprError::Invalid(msg.into())
}

fn enum_error(value: &str, at: &str, set: &str) -> ExprError {
    invalid(format!("1 validation error detected: Value '{value}' at '{at}' failed to satisfy constraint: Member must satisfy enum value set: {set}"))
}

/// `{attr: {...}}` as (name, object) pairs; anything else is a malformed request.
/// One legacy entry: the attribute name and its JSON object.
type Entry<'j> = (&'j String, &'j serde_json::Map<String, Json>);

fn entries<'j>(j: &'j Json, param: &str) -> Result<Vec<Entry<'j>>, ExprError> {
    let obj = j.as_object().ok_or_else(|| invalid(format!("{param} must be a map")))?;
    obj.iter()
        .map(|(k, v)| v.as_object().map(|o| (k, o)).ok_or_else(|| invalid(format!("{param} entries must be structures"))))
        .collect()
}

/// An empty attribute name in a legacy parameter (see [`EMPTY_NAME_MESSAGE`] for the wording). Each
/// parameter checks it where DynamoDB Local's `InputConverter` calls `newAttributeName` for it (one past
/// 65,535 bytes was refused when the request was read, `api::json::check_name_sizes`).
fn named(key: &str) -> Result<(), ExprError> {
    if key.is_empty() {
        return Err(invalid(EMPTY_NAME_MESSAGE));
    }
    Ok(())
}

fn decode(v: &Json) -> Result<AttributeValue, ExprError> {
    value_from_json(v).map_err(|e| match e {
        crate::value::ValueError::Serialization(m) => ExprError::Serialization(m),
        e => invalid(e.message()),
    })
}

fn decode_list(o: &serde_json::Map<String, Json>) -> Result<Option<Vec<AttributeValue>>, ExprError> {
    match o.get("AttributeValueList") {
        None | Some(Json::Null) => Ok(None),
        Some(Json::Array(a)) => a.iter().map(decode).collect::<Result<Vec<_>, _>>().map(Some),
        Some(_) => Err(invalid("AttributeValueList must be a list")),
    }
}

/// Operand counts: `Some(n)` exactly n, `None` one or more (IN).
fn arity(op: &str) -> Option<Option<usize>> {
    Some(match op {
        "NULL" | "NOT_NULL" => Some(0),
        "EQ" | "NE" | "LE" | "LT" | "GE" | "GT" | "CONTAINS" | "NOT_CONTAINS" | "BEGINS_WITH" => Some(1),
        "BETWEEN" => Some(2),
        "IN" => None,
        _ => return None,
    })
}

fn count_ok(op: &str, n: usize) -> bool {
    match arity(op) {
        Some(Some(k)) => n == k,
        Some(None) => n > 0,
        None => false,
    }
}

fn count_error(op: &str) -> ExprError {
    invalid(format!("{INVALID}Invalid number of argument(s) for the {op} ComparisonOperator"))
}

fn same_types(vals: &[AttributeValue]) -> Result<(), ExprError> {
    if let Some(first) = vals.first() {
        if vals.iter().any(|v| v.value_type() != first.value_type()) {
            return Err(invalid(format!("{INVALID}AttributeValues inside AttributeValueList must be of same type")));
        }
    }
    Ok(())
}

fn between_order(op: &str, vals: &[AttributeValue]) -> Result<(), ExprError> {
    if let [lo, hi] = vals {
        if op == "BETWEEN" && scalar_cmp(lo, hi) == Some(core::cmp::Ordering::Greater) {
            return Err(invalid("The BETWEEN condition was provided a range where the lower bound is greater than the upper bound"));
        }
    }
    Ok(())
}

/// A legacy comparison on a top-level attribute as a compiled condition.
fn leaf(attr: &str, op: &str, mut vals: Vec<AttributeValue>) -> CExpr {
    let path = || alloc::vec![Elem::Key(attr.to_string())];
    let p = || Val::Path(path());
    let mut lit = || Val::Lit(if vals.is_empty() { AttributeValue::Null } else { vals.remove(0) });
    let cmp = |o: CmpOp, v: Val| CExpr::Cmp(o, p(), v);
    match op {
        "EQ" => cmp(CmpOp::Eq, lit()),
        "NE" => cmp(CmpOp::Ne, lit()),
        "LT" => cmp(CmpOp::Lt, lit()),
        "LE" => cmp(CmpOp::Le, lit()),
        "GT" => cmp(CmpOp::Gt, lit()),
        "GE" => cmp(CmpOp::Ge, lit()),
        "NOT_NULL" => CExpr::Exists(path()),
        "NULL" => CExpr::NotExists(path()),
        "CONTAINS" => CExpr::Contains(p(), lit()),
        // A missing attribute does not "not contain" anything: NOT_CONTAINS needs the attribute.
        "NOT_CONTAINS" => CExpr::And(Box::new(CExpr::Exists(path())), Box::new(CExpr::Not(Box::new(CExpr::Contains(p(), lit()))))),
        "BEGINS_WITH" => CExpr::BeginsWith(p(), lit()),
        "BETWEEN" => {
            let lo = lit();
            let hi = lit();
            CExpr::Between(p(), lo, hi)
        }
        _ => CExpr::In(p(), vals.into_iter().map(Val::Lit).collect()),
    }
}

fn combine(leaves: Vec<CExpr>, or: bool) -> Option<CExpr> {
    leaves.into_iter().reduce(|a, b| if or { CExpr::Or(Box::new(a), Box::new(b)) } else { CExpr::And(Box::new(a), Box::new(b)) })
}

fn operator<'j>(o: &'j serde_json::Map<String, Json>, at: &str) -> Result<Option<&'j str>, ExprError> {
    match o.get("ComparisonOperator") {
        None | Some(Json::Null) => Ok(None),
        Some(Json::String(s)) if arity(s).is_some() => Ok(Some(s)),
        Some(other) => Err(enum_error(other.as_str().unwrap_or_default(), at, OPERATORS)),
    }
}

fn has(o: &serde_json::Map<String, Json>, k: &str) -> bool {
    o.get(k).is_some_and(|v| !v.is_null())
}

/// `Expected`: per attribute either `Exists`/`Value` or `ComparisonOperator`/`AttributeValueList`.
fn expected(j: &Json, or: bool) -> Result<Option<CExpr>, ExprError> {
    let mut leaves = Vec::new();
    for (key, o) in entries(j, "Expected")? {
        let at = format!("expected.{key}.member.comparisonOperator");
        let op = operator(o, &at)?;
        if has(o, "AttributeValueList") && has(o, "Value") {
            return Err(invalid(format!("{INVALID}Value and AttributeValueList cannot be used together for Attribute: {key}")));
        }
        if let Some(op) = op {
            if has(o, "Exists") {
                return Err(invalid(format!("{INVALID}Exists and ComparisonOperator cannot be used together for Attribute: {key}")));
            }
            if op != "NULL" && op != "NOT_NULL" && !has(o, "AttributeValueList") && !has(o, "Value") {
                return Err(invalid(format!(
                    "{INVALID}Value or AttributeValueList must be used with ComparisonOperator: {op} for Attribute: {key}"
                )));
            }
            let vals = match (decode_list(o)?, o.get("Value").filter(|v| !v.is_null())) {
                (Some(list), _) => list,
                (None, Some(v)) => alloc::vec![decode(v)?],
                (None, None) => Vec::new(),
            };
            // `externalToInternalExpectedAttributes`: the entry's checks and values, then its name,
            // then the operator's arguments.
            named(key)?;
            if !count_ok(op, vals.len()) {
                return Err(count_error(op));
            }
            same_types(&vals)?;
            // An operand the operator cannot take is the request's error, not a failed condition.
            if let Some(bad) = vals.iter().find(|v| !type_allowed(op, v.value_type(), false)) {
                return Err(invalid(format!(
                    "{INVALID}ComparisonOperator {op} is not valid for {} AttributeValue type",
                    bad.value_type().as_str()
                )));
            }
            between_order(op, &vals)?;
            leaves.push(leaf(key, op, vals));
        } else if has(o, "AttributeValueList") {
            return Err(invalid(format!("{INVALID}AttributeValueList can only be used with a ComparisonOperator for Attribute: {key}")));
        } else {
            let exists = match o.get("Exists") {
                None | Some(Json::Null) => None,
                Some(Json::Bool(b)) => Some(*b),
                Some(_) => return Err(invalid("Exists must be a boolean")),
            };
            let value = o.get("Value").filter(|v| !v.is_null());
            match (exists, value) {
                (None | Some(true), None) => {
                    let shown = if exists.is_none() { "null" } else { "true" };
                    return Err(invalid(format!("{INVALID}Value must be provided when Exists is {shown} for Attribute: {key}")));
                }
                (Some(false), Some(_)) => {
                    return Err(invalid(format!("{INVALID}Value cannot be used when Exists is false for Attribute: {key}")));
                }
                (Some(false), None) => {
                    named(key)?;
                    leaves.push(leaf(key, "NULL", Vec::new()));
                }
                (_, Some(v)) => {
                    let v = decode(v)?;
                    named(key)?;
                    leaves.push(leaf(key, "EQ", alloc::vec![v]));
                }
            }
        }
    }
    Ok(combine(leaves, or))
}

/// Types each operator accepts in `Expected`/`QueryFilter`/`ScanFilter`/`KeyConditions` values. EQ and
/// NE compare any type in a condition or filter (a list, a map, a boolean); a key condition compares keys,
/// which are scalars or, for the error's sake, sets.
fn type_allowed(op: &str, t: ValueType, key_condition: bool) -> bool {
    let scalar = matches!(t, ValueType::S | ValueType::N | ValueType::B);
    match op {
        "EQ" | "NE" if !key_condition => true,
        "EQ" | "NE" => scalar || matches!(t, ValueType::SS | ValueType::NS | ValueType::BS),
        "BEGINS_WITH" => matches!(t, ValueType::S | ValueType::B),
        _ => scalar,
    }
}

/// `QueryFilter`, `ScanFilter` and `KeyConditions` share one shape: attribute → operator + values.
fn conditions(j: &Json, param: &str) -> Result<Vec<(String, String, Vec<AttributeValue>)>, ExprError> {
    let mut out = Vec::new();
    let lower = {
        let mut c = param.chars();
        c.next().map(|f| f.to_ascii_lowercase().to_string() + c.as_str()).unwrap_or_default()
    };
    for (key, o) in entries(j, param)? {
        let at = format!("{lower}.{key}.member.comparisonOperator");
        let Some(op) = operator(o, &at)? else {
            return Err(invalid(format!(
                "1 validation error detected: Value null at '{at}' failed to satisfy constraint: Member must not be null"
            )));
        };
        // A filter's name is converted before its condition (`InputConverter.externalToInternalFilter`);
        // a key condition's after it (`externalToInternalConditions`).
        if param != "KeyConditions" {
            named(key)?;
        }
        let vals = decode_list(o)?.unwrap_or_default();
        if !count_ok(op, vals.len()) {
            return Err(count_error(op));
        }
        same_types(&vals)?;
        if let Some(bad) = vals.iter().find(|v| !type_allowed(op, v.value_type(), param == "KeyConditions")) {
            return Err(invalid(format!(
                "{INVALID}ComparisonOperator {op} is not valid for {} AttributeValue type",
                bad.value_type().as_str()
            )));
        }
        between_order(op, &vals)?;
        if param == "KeyConditions" {
            named(key)?;
        }
        out.push((key.clone(), op.to_string(), vals));
    }
    Ok(out)
}

fn filter(j: &Json, param: &str, or: bool) -> Result<Option<CExpr>, ExprError> {
    let leaves = conditions(j, param)?.into_iter().map(|(k, op, vals)| leaf(&k, &op, vals)).collect();
    Ok(combine(leaves, or))
}

fn key_conditions(i: &ExpressionInputs<'_>, j: &Json) -> Result<Option<super::KeyCondition>, ExprError> {
    let conds = conditions(j, "KeyConditions")?;
    // A multi-attribute key takes a condition per key attribute (moto's AWS-verified
    // test_key_conditions_with_range_keys: three KeyConditions on one HASH and two RANGE attributes).
    let most = i.multi_key.map_or(2, |m| (m.hash.len() + m.range.len()).max(2));
    if conds.is_empty() || conds.len() > most {
        return Err(invalid("Conditions can be of length 1 or 2 only"));
    }
    let mut terms: Vec<KeyTerm> = Vec::new();
    for (k, op, vals) in conds {
        let op = match op.as_str() {
            "EQ" => KeyOp::Eq,
            "LT" => KeyOp::Lt,
            "LE" => KeyOp::Le,
            "GT" => KeyOp::Gt,
            "GE" => KeyOp::Ge,
            "BETWEEN" => KeyOp::Between,
            "BEGINS_WITH" => KeyOp::BeginsWith,
            _ => return Err(invalid("Attempted conditional constraint is not an indexable operation")),
        };
        terms.push((k, op, vals));
    }
    match (i.key_schema, i.multi_key) {
        (Some(_), Some(multi)) => super::multi_keycond::bind(terms, multi).map(Some),
        (Some(schema), None) => bind(terms, schema).map(Some),
        _ => Ok(None),
    }
}

fn attributes_to_get(j: &Json) -> Result<Projection, ExprError> {
    let list = j.as_array().ok_or_else(|| invalid("AttributesToGet must be a list"))?;
    if list.is_empty() {
        return Err(invalid(
            "1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1",
        ));
    }
    let mut names: Vec<String> = Vec::new();
    for v in list {
        let n = v.as_str().ok_or_else(|| invalid("AttributesToGet members must be strings"))?;
        // `InputConverter.getAttributeNames` (and DataPlaneFunction's projection check): a member's
        // name before the duplicate check.
        named(n)?;
        if names.iter().any(|x| x == n) {
            return Err(invalid(format!("{INVALID}Duplicate value in attribute name: {n}")));
        }
        names.push(n.to_string());
    }
    Ok(Projection { paths: names.into_iter().map(|n| alloc::vec![Elem::Key(n)]).collect() })
}

fn attribute_updates(j: &Json) -> Result<Update, ExprError> {
    let mut actions = Vec::new();
    for (key, o) in entries(j, "AttributeUpdates")? {
        let action = match o.get("Action") {
            None | Some(Json::Null) => "PUT",
            Some(Json::String(s)) if matches!(s.as_str(), "PUT" | "ADD" | "DELETE") => s.as_str(),
            Some(other) => {
                let at = format!("attributeUpdates.{key}.member.action");
                return Err(enum_error(other.as_str().unwrap_or_default(), &at, "[ADD, PUT, DELETE]"));
            }
        };
        let path = alloc::vec![Elem::Key(key.clone())];
        let value = match o.get("Value").filter(|v| !v.is_null()) {
            Some(v) => Some(decode(v)?),
            None => None,
        };
        let t = value.as_ref().map(AttributeValue::value_type);
        let action = match (action, value) {
            ("DELETE", None) => UAction::Remove(path),
            (_, None) => {
                return Err(invalid(format!("{INVALID}Only DELETE action is allowed when no attribute value is specified")));
            }
            ("PUT", Some(v)) => UAction::Set(path, UVal::Lit(v)),
            ("ADD", Some(v)) => {
                if !matches!(t, Some(ValueType::N | ValueType::SS | ValueType::NS | ValueType::BS | ValueType::L)) {
                    let ty = t.map_or("", |t| t.as_str());
                    return Err(invalid(format!("{INVALID}ADD action is not supported for the type {ty}")));
                }
                UAction::Add(path, v)
            }
            (_, Some(v)) => {
                if !matches!(t, Some(ValueType::SS | ValueType::NS | ValueType::BS)) {
                    let ty = t.map_or("", |t| t.as_str());
                    return Err(invalid(format!("{INVALID}DELETE action with value is not supported for the type {ty}")));
                }
                UAction::Delete(path, v)
            }
        };
        // `externalToInternalAttributeUpdates`: the update (action, value, their fit), then its name.
        named(key)?;
        actions.push(action);
    }
    Ok(Update { actions, legacy: true })
}

/// Compile whichever legacy parameters are present.
pub(crate) fn compile(i: &ExpressionInputs<'_>) -> Result<Compiled, ExprError> {
    let or = match i.conditional_operator {
        None => false,
        Some("AND") => false,
        Some("OR") => true,
        Some(other) => return Err(enum_error(other, "conditionalOperator", "[AND, OR]")),
    };
    // Wording of AWS's own request validator (the DAX client's `RequestValidator`, which mirrors
    // DynamoDB's): ConditionalOperator combines Expected or filter entries, so it needs one of them.
    // An empty map counts as none: DynamoDB refuses `Expected: {}` (or an empty filter) beside
    // ConditionalOperator with the same sentence (ExtendDB's dual-target test_conditional_operator.py).
    let absent = |m: Option<&serde_json::Value>| m.is_none_or(|v| v.as_object().is_some_and(|o| o.is_empty()));
    if i.conditional_operator.is_some() && absent(i.expected) && absent(i.query_filter) && absent(i.scan_filter) {
        return Err(invalid("ConditionalOperator cannot be used without Filter or Expected"));
    }
    let mut out = Compiled::default();
    if let Some(j) = i.attribute_updates {
        out.update = Some(attribute_updates(j)?);
    }
    if let Some(j) = i.expected {
        out.condition = expected(j, or)?.map(|expr| Condition { expr });
    }
    if let Some(j) = i.key_conditions {
        out.key_condition = key_conditions(i, j)?;
    }
    for (j, param) in [(i.query_filter, "QueryFilter"), (i.scan_filter, "ScanFilter")] {
        if let Some(j) = j {
            out.filter = filter(j, param, or)?.map(|expr| Condition { expr });
        }
    }
    if let Some(j) = i.attributes_to_get {
        out.projection = Some(attributes_to_get(j)?);
    }
    Ok(out)
}
