//! A stored Query pattern in the form the Query tab's builder writes, so "open in builder" can show it
//! in the builder's controls.
//!
//! Patterns are written as people write them (`PK = :pk AND begins_with(SK, :o)`, names used directly,
//! placeholders of any name); the builder writes `#pk = :pk [AND #sk <op> :sk]`. The key condition is
//! read by the engine's own expression compiler against the table's or index's key schema (so what it
//! means is DynamoDB's), then written again in the builder's form with the same values; the names and
//! values it used are replaced, the filter's and projection's are kept. `{placeholders}` inside string
//! values survive unchanged.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use engine::expr::{compile, ExpressionInputs, KeySchemaRef, MultiKeyRef, SortKeyCondition};
use engine::value::{value_from_json, value_to_json};
use serde_json::{Map, Value};

/// The placeholders (`#name`, `:value`) an expression uses.
fn tokens(expr: &str) -> Vec<&str> {
    let b = expr.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'#' || b[i] == b':' {
            let start = i;
            i += 1;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            if i > start + 1 {
                out.push(&expr[start..i]);
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The builder's placeholders for a multi-attribute key: `#pk`/`:pk` for the first HASH attribute and
/// `#pkN`/`:pkN` for the N-th; `#skN`/`:skN` for the N-th RANGE attribute when there are several (one
/// RANGE attribute keeps `#sk`/`:sk`, with `:sk2` for BETWEEN's upper bound), and `:upper` for the upper
/// bound of a BETWEEN on the last one named.
pub fn hash_placeholder(i: usize) -> (String, String) {
    if i == 0 {
        (String::from("#pk"), String::from(":pk"))
    } else {
        (alloc::format!("#pk{}", i + 1), alloc::format!(":pk{}", i + 1))
    }
}

/// See [`hash_placeholder`]: the RANGE attribute `i` of a key with `n` RANGE attributes.
pub fn range_placeholder(i: usize, n: usize) -> (String, String) {
    if n <= 1 {
        (String::from("#sk"), String::from(":sk"))
    } else {
        (alloc::format!("#sk{}", i + 1), alloc::format!(":sk{}", i + 1))
    }
}

/// [`to_builder_form`] for any key schema: `hash` and `range` are the key's HASH and RANGE attributes in
/// order. A key of one HASH and at most one RANGE attribute is [`to_builder_form`]'s; a multi-attribute
/// key is written `#pk = :pk AND #pk2 = :pk2 … AND #sk1 = :sk1 … AND #skN <op> :skN` (the names of
/// [`hash_placeholder`] and [`range_placeholder`]), with the same values.
pub fn to_builder_form_keys(request: &Value, hash: &[&str], range: &[&str]) -> Option<Value> {
    match (hash, range) {
        ([pk], []) => return to_builder_form(request, pk, None),
        ([pk], [sk]) => return to_builder_form(request, pk, Some(sk)),
        _ => {}
    }
    let mut m = request.as_object()?.clone();
    m.remove("ReturnConsumedCapacity");
    let key_condition = m.get("KeyConditionExpression")?.as_str()?.to_string();
    let str_of = |k: &str| m.get(k).and_then(Value::as_str).map(String::from);
    let (filter, projection) = (str_of("FilterExpression"), str_of("ProjectionExpression"));
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    if let Some(n) = m.get("ExpressionAttributeNames") {
        for (k, v) in n.as_object()? {
            names.insert(k.clone(), v.as_str()?.to_string());
        }
    }
    let mut values = engine::value::Item::new();
    if let Some(v) = m.get("ExpressionAttributeValues") {
        for (k, v) in v.as_object()? {
            values.insert(k.clone(), value_from_json(v).ok()?);
        }
    }
    let hash_names: Vec<String> = hash.iter().map(|s| s.to_string()).collect();
    let range_names: Vec<String> = range.iter().map(|s| s.to_string()).collect();
    let compiled = compile(&ExpressionInputs {
        key_condition_expression: Some(&key_condition),
        filter_expression: filter.as_deref(),
        projection_expression: projection.as_deref(),
        names: (!names.is_empty()).then_some(&names),
        values: (!values.is_empty()).then_some(&values),
        key_schema: Some(KeySchemaRef { partition_key: hash.first()?, sort_key: range.first().copied() }),
        multi_key: Some(MultiKeyRef { hash: &hash_names, range: &range_names }),
        operation: Some("Query"),
        ..Default::default()
    })
    .ok()?;
    let multi = compiled.key_condition?.multi?;
    let others: Vec<&str> = filter.iter().chain(projection.iter()).flat_map(|e| tokens(e)).collect();
    let ours = |t: &str| t.starts_with("#pk") || t.starts_with("#sk") || t.starts_with(":pk") || t.starts_with(":sk") || t == ":upper";
    if others.iter().any(|t| ours(t)) {
        return None;
    }
    let mut names: Map<String, Value> = m.get("ExpressionAttributeNames").and_then(Value::as_object).cloned().unwrap_or_default();
    let mut values: Map<String, Value> = m.get("ExpressionAttributeValues").and_then(Value::as_object).cloned().unwrap_or_default();
    for t in tokens(&key_condition) {
        if !others.contains(&t) {
            names.remove(t);
            values.remove(t);
        }
    }
    let mut parts: Vec<String> = Vec::new();
    for (i, (attr, v)) in hash.iter().zip(&multi.hash).enumerate() {
        let (n, p) = hash_placeholder(i);
        parts.push(alloc::format!("{n} = {p}"));
        names.insert(n, Value::String(attr.to_string()));
        values.insert(p, value_to_json(v));
    }
    for (i, (attr, c)) in range.iter().zip(&multi.range).enumerate() {
        let (n, p) = range_placeholder(i, range.len());
        let upper = if range.len() <= 1 { ":sk2" } else { ":upper" };
        let (text, v, v2) = match c {
            SortKeyCondition::Eq(v) => (alloc::format!("{n} = {p}"), v, None),
            SortKeyCondition::Lt(v) => (alloc::format!("{n} < {p}"), v, None),
            SortKeyCondition::Le(v) => (alloc::format!("{n} <= {p}"), v, None),
            SortKeyCondition::Gt(v) => (alloc::format!("{n} > {p}"), v, None),
            SortKeyCondition::Ge(v) => (alloc::format!("{n} >= {p}"), v, None),
            SortKeyCondition::Between(a, b) => (alloc::format!("{n} BETWEEN {p} AND {upper}"), a, Some(b)),
            SortKeyCondition::BeginsWith(v) => (alloc::format!("begins_with({n}, {p})"), v, None),
        };
        parts.push(text);
        names.insert(n, Value::String(attr.to_string()));
        values.insert(p, value_to_json(v));
        if let Some(b) = v2 {
            values.insert(upper.to_string(), value_to_json(b));
        }
    }
    m.insert("KeyConditionExpression".into(), Value::String(parts.join(" AND ")));
    m.insert("ExpressionAttributeNames".into(), Value::Object(names));
    m.insert("ExpressionAttributeValues".into(), Value::Object(values));
    Some(Value::Object(m))
}

/// `request` (a Query) with its key condition rewritten as the builder writes it, or `None` when the
/// engine does not read it as a key condition on `partition` / `sort`, or the filter or projection
/// already use one of the builder's own placeholders (`#pk`, `#sk`, `:pk`, `:sk`, `:sk2`).
/// `ReturnConsumedCapacity` is dropped (the builder always asks for it).
pub fn to_builder_form(request: &Value, partition: &str, sort: Option<&str>) -> Option<Value> {
    let mut m = request.as_object()?.clone();
    m.remove("ReturnConsumedCapacity");
    let key_condition = m.get("KeyConditionExpression")?.as_str()?.to_string();
    let str_of = |k: &str| m.get(k).and_then(Value::as_str).map(String::from);
    let (filter, projection) = (str_of("FilterExpression"), str_of("ProjectionExpression"));
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    if let Some(n) = m.get("ExpressionAttributeNames") {
        for (k, v) in n.as_object()? {
            names.insert(k.clone(), v.as_str()?.to_string());
        }
    }
    let mut values = engine::value::Item::new();
    if let Some(v) = m.get("ExpressionAttributeValues") {
        for (k, v) in v.as_object()? {
            values.insert(k.clone(), value_from_json(v).ok()?);
        }
    }
    let compiled = compile(&ExpressionInputs {
        key_condition_expression: Some(&key_condition),
        filter_expression: filter.as_deref(),
        projection_expression: projection.as_deref(),
        // DynamoDB refuses an empty map; none given is what the request means then.
        names: (!names.is_empty()).then_some(&names),
        values: (!values.is_empty()).then_some(&values),
        key_schema: Some(KeySchemaRef { partition_key: partition, sort_key: sort }),
        operation: Some("Query"),
        ..Default::default()
    })
    .ok()?;
    let kc = compiled.key_condition?;
    let others: Vec<&str> = filter.iter().chain(projection.iter()).flat_map(|e| tokens(e)).collect();
    let ours = ["#pk", "#sk", ":pk", ":sk", ":sk2"];
    if others.iter().any(|t| ours.contains(t)) {
        return None;
    }
    let mut names: Map<String, Value> = m.get("ExpressionAttributeNames").and_then(Value::as_object).cloned().unwrap_or_default();
    let mut values: Map<String, Value> = m.get("ExpressionAttributeValues").and_then(Value::as_object).cloned().unwrap_or_default();
    for t in tokens(&key_condition) {
        if !others.contains(&t) {
            names.remove(t);
            values.remove(t);
        }
    }
    let mut cond = String::from("#pk = :pk");
    names.insert("#pk".into(), Value::String(partition.into()));
    values.insert(":pk".into(), value_to_json(&kc.partition_value));
    if let (Some(s), Some(sc)) = (sort, &kc.sort) {
        names.insert("#sk".into(), Value::String(s.into()));
        let (text, v, v2) = match sc {
            SortKeyCondition::Eq(v) => (" AND #sk = :sk", v, None),
            SortKeyCondition::Lt(v) => (" AND #sk < :sk", v, None),
            SortKeyCondition::Le(v) => (" AND #sk <= :sk", v, None),
            SortKeyCondition::Gt(v) => (" AND #sk > :sk", v, None),
            SortKeyCondition::Ge(v) => (" AND #sk >= :sk", v, None),
            SortKeyCondition::Between(a, b) => (" AND #sk BETWEEN :sk AND :sk2", a, Some(b)),
            SortKeyCondition::BeginsWith(v) => (" AND begins_with(#sk, :sk)", v, None),
        };
        cond.push_str(text);
        values.insert(":sk".into(), value_to_json(v));
        if let Some(b) = v2 {
            values.insert(":sk2".into(), value_to_json(b));
        }
    }
    m.insert("KeyConditionExpression".into(), Value::String(cond));
    m.insert("ExpressionAttributeNames".into(), Value::Object(names));
    m.insert("ExpressionAttributeValues".into(), Value::Object(values));
    Some(Value::Object(m))
}
