//! What an index holds, as the engine computes it: only items that carry the index's key attributes
//! (so sparse indexes visibly shrink), only projected attributes, ordered by the index keys.

use engine::db::Database;
use engine::error::ApiError;
use engine::model::schema::key_schema;
use engine::api::read::QueryInput;
use engine::value::Item;
use serde_json::{json, Value};

use super::display::key_text;
use super::layout::{layout, Entry, Layout};

/// An index of a table, read from its CreateTable definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexInfo {
    pub name: String,
    pub global: bool,
    pub partition_key: String,
    pub sort_key: Option<String>,
    /// ALL, KEYS_ONLY or INCLUDE.
    pub projection: String,
    pub non_key_attributes: Vec<String>,
}

/// The GSIs then the LSIs of a definition.
pub fn indexes(def: &Value) -> Vec<IndexInfo> {
    let mut out = Vec::new();
    for (field, global) in [("GlobalSecondaryIndexes", true), ("LocalSecondaryIndexes", false)] {
        for ix in def.get(field).and_then(Value::as_array).into_iter().flatten() {
            let (p, s) = key_schema(ix.get("KeySchema"));
            let proj = ix.get("Projection");
            out.push(IndexInfo {
                name: ix.get("IndexName").and_then(Value::as_str).unwrap_or_default().to_string(),
                global,
                partition_key: p.unwrap_or_default().to_string(),
                sort_key: s.map(String::from),
                projection: proj.and_then(|p| p.get("ProjectionType")).and_then(Value::as_str).unwrap_or("ALL").to_string(),
                non_key_attributes: proj
                    .and_then(|p| p.get("NonKeyAttributes"))
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(|v| v.as_str().map(String::from))
                    .collect(),
            });
        }
    }
    out
}

/// Every entry of an index, by paginated Scan on the index through the engine (its typed API: the items
/// come back as values, without a trip through DynamoDB JSON).
pub fn scan_index(db: &Database, table: &str, index: &str, now: u64) -> Result<Vec<Item>, ApiError> {
    let mut out = Vec::new();
    let mut start: Option<Item> = None;
    loop {
        let mut input = QueryInput::from_json(&json!({"TableName": table, "IndexName": index}), true)?;
        input.exclusive_start_key = start.take();
        let page = db.scan(&input, now)?;
        out.extend(page.items.into_iter().flatten().map(engine::table::ReadItem::into_item));
        match page.last_evaluated_key {
            Some(k) => start = Some(k),
            None => return Ok(out),
        }
    }
}

/// The base-table key of an index entry, as text (`PK=USER#1, SK=ORDER#2`): what identifies the entry.
pub fn entry_key_text(entry: &Item, table_pk: &str, table_sk: Option<&str>) -> String {
    let mut k = Item::new();
    for n in [Some(table_pk), table_sk].into_iter().flatten() {
        if let Some(v) = entry.get(n) {
            k.insert(n.to_string(), v.clone());
        }
    }
    key_text(&k)
}

/// The index's entries laid out like the table grid; each row is keyed by its position in `entries`.
pub fn index_layout(entries: &[Item], info: &IndexInfo, table_pk: &str, table_sk: Option<&str>) -> Layout<usize> {
    let mut sort: Vec<&str> = Vec::new();
    if let Some(s) = &info.sort_key {
        sort.push(s);
    }
    // Entries with equal index keys: DynamoDB leaves their order unspecified; order them by the table
    // key so the view is stable.
    sort.push(table_pk);
    if let Some(s) = table_sk {
        sort.push(s);
    }
    let mut leading: Vec<&str> = vec![&info.partition_key];
    if let Some(s) = &info.sort_key {
        leading.push(s);
    }
    leading.push(table_pk);
    if let Some(s) = table_sk {
        leading.push(s);
    }
    let entries = entries.iter().enumerate().map(|(i, it)| Entry { key: i, item: it, unstored: false }).collect();
    layout(entries, &info.partition_key, &sort, &leading)
}
