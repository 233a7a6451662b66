//! What a response says, read once for the results panel and the operation log.

use engine::value::{item_from_json, Item};
use serde_json::Value;

use super::words::{EmptyHint, ReadLine, ReadTarget};

/// DynamoDB's page limit: a Query or Scan stops reading after 1 MB.
pub const PAGE_BYTES: u64 = 1024 * 1024;

/// The parts of a successful response the results panel shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Summary {
    /// The items of `Items`, `Item`, `Attributes` or `Responses` (batch/transaction reads), in order.
    pub items: Vec<Item>,
    pub count: Option<u64>,
    pub scanned_count: Option<u64>,
    pub last_evaluated_key: Option<Value>,
    /// Set when LastEvaluatedKey came back though Limit was not reached: the 1 MB rule ended the page.
    pub cut_by_page_size: bool,
    /// For a statement that became a GetItem, Query or Scan: the items it read (its answer has no
    /// ScannedCount; the engine's charges say).
    pub statement_read: Option<u64>,
}

/// Read `response` to the request `request`.
pub fn summarize(request: &Value, response: &Value) -> Summary {
    let mut items = Vec::new();
    let mut push = |v: &Value| {
        if let Ok(i) = item_from_json(v) {
            items.push(i);
        }
    };
    for key in ["Items"] {
        for v in response.get(key).and_then(Value::as_array).into_iter().flatten() {
            push(v);
        }
    }
    for key in ["Item", "Attributes"] {
        if let Some(v) = response.get(key) {
            push(v);
        }
    }
    match response.get("Responses") {
        // BatchGetItem: table → items.
        Some(Value::Object(by_table)) => by_table.values().filter_map(Value::as_array).flatten().for_each(&mut push),
        // TransactGetItems: [{Item}].
        Some(Value::Array(list)) => list.iter().filter_map(|r| r.get("Item")).for_each(&mut push),
        _ => {}
    }
    let count = response.get("Count").and_then(Value::as_u64);
    let scanned_count = response.get("ScannedCount").and_then(Value::as_u64);
    let lek = response.get("LastEvaluatedKey").cloned();
    let limit = request.get("Limit").and_then(Value::as_u64);
    let cut = lek.is_some() && match (limit, scanned_count) {
        (Some(l), Some(s)) => s < l,
        _ => true,
    };
    Summary { items, count, scanned_count, last_evaluated_key: lek, cut_by_page_size: cut, statement_read: None }
}

/// The short line of a read: "read 5 items, returned 2".
pub fn read_line(s: &Summary) -> Option<ReadLine> {
    if let (None, Some(read)) = (s.count, s.statement_read) {
        return Some(statement_read_line(read, s.items.len()));
    }
    let (count, scanned) = (s.count?, s.scanned_count?);
    Some(ReadLine { read: scanned, returned: count })
}

/// The keys of the items a read could have returned: the table's (or index's) key attribute names and,
/// for each item of the model holding them, its key values as DynamoDB JSON.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct KeysHeld {
    /// The table or index read.
    pub target: ReadTarget,
    pub partition: String,
    pub sort: Option<String>,
    /// Whether the read was of an index (an item enters a sparse index only with its key attributes).
    pub index: bool,
    pub items: Vec<(Value, Option<Value>)>,
}

/// A value as a learner typed it: `"USER#1"`, `42`.
fn shown(v: &Value) -> String {
    match v.as_object().and_then(|m| m.iter().next()) {
        Some((t, Value::String(s))) if t == "S" => Value::String(s.clone()).to_string(),
        Some((_, Value::String(s))) => s.clone(),
        _ => v.to_string(),
    }
}

/// The key condition with its names and values put in: `PK = "TENANT#abc" AND begins_with(SK, "ORDER#")`.
fn resolved_condition(request: &Value) -> Option<String> {
    let cond = request.get("KeyConditionExpression")?.as_str()?;
    let names = request.get("ExpressionAttributeNames").and_then(Value::as_object);
    let values = request.get("ExpressionAttributeValues").and_then(Value::as_object);
    let mut out = String::new();
    let mut token = String::new();
    let flush = |token: &mut String, out: &mut String| {
        let t = core::mem::take(token);
        let put = match t.chars().next() {
            Some('#') => names.and_then(|n| n.get(&t)).and_then(Value::as_str).map(String::from),
            Some(':') => values.and_then(|v| v.get(&t)).map(shown),
            _ => None,
        };
        out.push_str(&put.unwrap_or(t));
    };
    for c in cond.chars() {
        if c.is_alphanumeric() || matches!(c, '#' | ':' | '_' | '-' | '.') {
            token.push(c);
        } else {
            flush(&mut token, &mut out);
            out.push(c);
        }
    }
    flush(&mut token, &mut out);
    Some(out)
}

/// The value the key condition gives the partition key (`<name> = :v`, either way round).
fn partition_value(request: &Value, partition: &str) -> Option<Value> {
    let cond = request.get("KeyConditionExpression")?.as_str()?;
    let names = request.get("ExpressionAttributeNames").and_then(Value::as_object);
    let values = request.get("ExpressionAttributeValues").and_then(Value::as_object)?;
    let name_of = |t: &str| if t.starts_with('#') { names.and_then(|n| n.get(t)).and_then(Value::as_str).map(String::from) } else { Some(t.to_string()) };
    let tokens: Vec<&str> = cond.split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ',').filter(|t| !t.is_empty()).collect();
    tokens.windows(3).find_map(|w| match w {
        [a, "=", b] if name_of(a).as_deref() == Some(partition) && b.starts_with(':') => values.get(*b).cloned(),
        [a, "=", b] if name_of(b).as_deref() == Some(partition) && a.starts_with(':') => values.get(*a).cloned(),
        _ => None,
    })
}

fn listed(values: impl Iterator<Item = String>, most: usize) -> String {
    let mut seen: Vec<String> = Vec::new();
    for v in values {
        if !seen.contains(&v) {
            seen.push(v);
        }
    }
    let more = seen.len() > most;
    seen.truncate(most);
    format!("{}{}", seen.join(", "), if more { ", …" } else { "" })
}

/// Why a Query or Scan (or a statement that became one) returned no item, in words a learner can act
/// on: the table or index is empty, the partition does not exist (with values that do), the sort-key
/// condition excluded the partition's items (with the sort keys it holds), or the filter discarded
/// everything read. `None` when items came back or the request was no Query or Scan.
pub fn empty_hint(action: &str, request: &Value, summary: &Summary, keys: &KeysHeld) -> Option<EmptyHint> {
    if !summary.items.is_empty() || summary.count.is_some_and(|c| c > 0) {
        return None;
    }
    let read = summary.scanned_count.or(summary.statement_read).unwrap_or(0);
    if read > 0 {
        let filter = request.get("FilterExpression").and_then(Value::as_str).map(String::from);
        return Some(EmptyHint::Filtered { read, filter });
    }
    if keys.items.is_empty() {
        return Some(EmptyHint::Empty { target: keys.target.clone(), index: keys.index });
    }
    if action != "Query" {
        return None;
    }
    let pk = &keys.partition;
    let (Some(cond), Some(v)) = (resolved_condition(request), partition_value(request, pk)) else {
        let values = listed(keys.items.iter().map(|(p, _)| shown(p)), 4);
        return Some(EmptyHint::NoMatch { target: keys.target.clone(), pk: pk.clone(), values });
    };
    let in_partition: Vec<&Option<Value>> = keys.items.iter().filter(|(p, _)| *p == v).map(|(_, s)| s).collect();
    if in_partition.is_empty() {
        let values = listed(keys.items.iter().map(|(p, _)| shown(p)), 4);
        return Some(EmptyHint::NoPartition { condition: cond, pk: pk.clone(), value: shown(&v), target: keys.target.clone(), values });
    }
    let values = listed(in_partition.iter().filter_map(|s| s.as_ref().map(shown)), 4);
    Some(EmptyHint::SortExcluded { pk: pk.clone(), value: shown(&v), count: in_partition.len() as u64, condition: cond, sort: keys.sort.clone(), values })
}

/// The line of a statement that became a GetItem, Query or Scan: "read 5 items, returned 2", from the
/// items its charges say were read (the response has no ScannedCount).
pub fn statement_read_line(read: u64, returned: usize) -> ReadLine {
    ReadLine { read, returned: returned as u64 }
}
