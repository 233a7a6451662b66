//! What an index holds, as the engine computes it: only items that carry the index's key attributes
//! (so sparse indexes visibly shrink), only projected attributes, ordered by the index keys.


use std::collections::BTreeSet;
use engine::api::read::QueryInput;
use engine::db::Database;
use engine::error::ApiError;
use engine::model::schema::{index_key_schema, key_schema};
use engine::table::key::KeyVal;
use engine::table::ReadItem;
use engine::value::{AttributeValue, Item};
use serde_json::{json, Value};

use super::display::key_text;
use super::layout::{Layout, LayoutRow};

/// An index of a table, read from its CreateTable definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexInfo {
    pub name: String,
    pub global: bool,
    /// The first HASH attribute.
    pub partition_key: String,
    /// The first RANGE attribute.
    pub sort_key: Option<String>,
    /// Every HASH attribute in key-schema order (several for a GSI with a multi-attribute key).
    pub partition_keys: Vec<String>,
    /// Every RANGE attribute in key-schema order.
    pub sort_keys: Vec<String>,
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
            let parts = index_key_schema(ix.get("KeySchema"));
            let names = |sort: bool| parts.iter().filter(|(_, s)| *s == sort).map(|(n, _)| n.to_string()).collect();
            let proj = ix.get("Projection");
            out.push(IndexInfo {
                name: ix.get("IndexName").and_then(Value::as_str).unwrap_or_default().to_string(),
                global,
                partition_key: p.unwrap_or_default().to_string(),
                sort_key: s.map(String::from),
                partition_keys: names(false),
                sort_keys: names(true),
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

/// Every entry of an index, read from the engine in the index's own order (see
/// `engine::table::index_entries`), and their layout: one band per index partition, entries in
/// sort-key order (then by table key, where DynamoDB leaves equal index keys unordered), the index and
/// table keys as the leading columns. Entries of an ALL-projection index are the table's stored items,
/// shared and undecoded: the view decodes only the rows it draws. A table or index the engine would not
/// read (missing, or an index still backfilling) gets the error a Scan of it gets.
pub fn index_view(db: &Database, table: &str, info: &IndexInfo, table_pk: &str, table_sk: Option<&str>, now: u64) -> Result<(Vec<ReadItem>, Layout<usize>), ApiError> {
    // One entry's Scan: whether DynamoDB would read this index now, and its error if not.
    db.scan(&QueryInput::from_json(&json!({"TableName": table, "IndexName": info.name, "Limit": 1}), true)?, now)?;
    let stored = db.table(table);
    let walk = stored.and_then(|t| t.index_entries(&info.name));
    let walk = walk.ok_or_else(|| ApiError::validation(format!("The table does not have the specified index: {}", info.name)))?;
    let def = stored.and_then(|t| t.def.index(&info.name)).filter(|d| d.is_multi_key() && d.hash_attrs().count() > 1);
    // At most one entry per item (a sparse index has fewer), and a header per index partition.
    let most = stored.map_or(0, |t| usize::try_from(t.item_count).unwrap_or(0));
    let mut entries: Vec<ReadItem> = Vec::with_capacity(most);
    let mut rows: Vec<LayoutRow<usize>> = Vec::with_capacity(most + most / 8);
    let mut current: Option<(&KeyVal, usize)> = None; // the partition being filled, and its header row
    let mut band = 0;
    for (ipk, entry) in walk {
        let header = match current {
            Some((k, at)) if k == ipk => at,
            _ => {
                rows.push(LayoutRow::Partition { value: partition_value(def, ipk), items: 0, bytes: 0, band });
                band += 1;
                current = Some((ipk, rows.len() - 1));
                rows.len() - 1
            }
        };
        if let Some(LayoutRow::Partition { items, bytes, .. }) = rows.get_mut(header) {
            *items += 1;
            *bytes += entry.size() as usize;
        }
        rows.push(LayoutRow::Item { key: entries.len(), band: band - 1 });
        entries.push(entry);
    }
    // Every key attribute of the index in its order (one column each for a multi-attribute key).
    let mut leading: Vec<&str> = info.partition_keys.iter().map(String::as_str).collect();
    leading.extend(info.sort_keys.iter().map(String::as_str));
    if leading.is_empty() {
        leading.push(&info.partition_key);
    }
    leading.push(table_pk);
    leading.extend(table_sk);
    // Entries of one entity share their names: only a set of names not seen just before is merged.
    let mut names: BTreeSet<&str> = BTreeSet::new();
    let mut last: Vec<&str> = Vec::new();
    for e in &entries {
        if !e.has_names(&last) {
            last = e.names();
            names.extend(last.iter().copied());
        }
    }
    let mut columns: Vec<String> = Vec::new();
    for n in leading.into_iter().chain(names) {
        if !n.is_empty() && !columns.iter().any(|c| c == n) {
            columns.push(n.to_string());
        }
    }
    let layout = Layout { rows, columns, partitions: band, items: entries.len() };
    Ok((entries, layout))
}

/// What a partition band's header shows: the partition key's value, or for a key of several HASH
/// attributes their values in key-schema order (`acme · ana`), never the composite the index stores.
fn partition_value(multi: Option<&engine::table::schema::IndexDef>, ipk: &KeyVal) -> AttributeValue {
    let Some(def) = multi else { return ipk.to_value() };
    let parts = engine::index::multi_key::partition_values(def, ipk);
    let texts: Vec<String> = def.hash_attrs().filter_map(|a| parts.get(&a.name)).map(super::display::value_text).collect();
    AttributeValue::S(texts.join(" · "))
}

/// The base-table key of an index entry, as text (`PK=USER#1, SK=ORDER#2`): what identifies the entry.
pub fn entry_key_text(entry: &ReadItem, table_pk: &str, table_sk: Option<&str>) -> String {
    let mut k = Item::new();
    for n in [Some(table_pk), table_sk].into_iter().flatten() {
        if let Some(v) = entry.get(n) {
            k.insert(n.to_string(), v);
        }
    }
    key_text(&k)
}
