//! What a response says, read once for the results panel and the operation log.

use engine::value::{item_from_json, Item};
use serde_json::Value;

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
    Summary { items, count, scanned_count, last_evaluated_key: lek, cut_by_page_size: cut }
}

/// The short line of a read: "read 5 items, returned 2".
pub fn read_line(s: &Summary) -> Option<String> {
    let (count, scanned) = (s.count?, s.scanned_count?);
    let plural = |n: u64| if n == 1 { "" } else { "s" };
    Some(format!("read {scanned} item{}, returned {count}", plural(scanned)))
}
