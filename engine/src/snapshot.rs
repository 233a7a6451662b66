//! Snapshot/restore of the whole database as JSON.
//!
//! Format: `{"version": 1, "region", "accountId", "tables": [{"definition": <CreateTable request>,
//! "createdAt": ms, "indexes": [{"name", "createdAt", "backfills"}], "items": [<DynamoDB JSON item>...]}]}`.
//! Restoring replays the definition through CreateTable's own validation and every item through the
//! write path, so a snapshot can never produce a state the API could not.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{json, Map, Value};

use crate::api::create_table;
use crate::api::describe::{index_key_schema_json, key_schema_json, projection_json};
use crate::capacity::{Consumed, Factor};
use crate::db::{Database, DatabaseConfig};
use crate::error::ApiError;
use crate::table::validate::validate_item;
use crate::table::schema::{scalar_name, IndexKind};
use crate::table::key::KeyRef;
use crate::table::Table;
use crate::value::item_from_json;

pub(crate) fn definition(t: &Table) -> Value {
    let d = &t.def;
    let mut m = Map::new();
    m.insert("TableName".into(), Value::String(d.name.clone()));
    m.insert(
        "AttributeDefinitions".into(),
        Value::Array(d.attributes.iter().map(|a| json!({"AttributeName": a.name, "AttributeType": scalar_name(a.ty)})).collect()),
    );
    m.insert("KeySchema".into(), key_schema_json(&d.keys));
    m.insert("BillingMode".into(), Value::String(String::from(d.billing.as_str())));
    if let Some(tp) = d.throughput {
        m.insert("ProvisionedThroughput".into(), json!({"ReadCapacityUnits": tp.read, "WriteCapacityUnits": tp.write}));
    }
    for (kind, field) in [(IndexKind::Local, "LocalSecondaryIndexes"), (IndexKind::Global, "GlobalSecondaryIndexes")] {
        let list: Vec<Value> = d
            .indexes
            .iter()
            .filter(|i| i.kind == kind)
            .map(|i| {
                let mut o = Map::new();
                o.insert("IndexName".into(), Value::String(i.name.clone()));
                o.insert("KeySchema".into(), index_key_schema_json(i));
                o.insert("Projection".into(), projection_json(&i.projection));
                if let Some(tp) = i.throughput {
                    o.insert("ProvisionedThroughput".into(), json!({"ReadCapacityUnits": tp.read, "WriteCapacityUnits": tp.write}));
                }
                Value::Object(o)
            })
            .collect();
        if !list.is_empty() {
            m.insert(field.into(), Value::Array(list));
        }
    }
    if !d.vectors.is_empty() {
        m.insert("VectorIndexes".into(), Value::Array(d.vectors.iter().map(crate::vector::describe::definition_json).collect()));
    }
    Value::Object(m)
}

impl Database {
    /// The whole state as JSON (tables, settings, items).
    pub fn snapshot(&self) -> serde_json::Value {
        snapshot(self)
    }

    /// Rebuild a database from [`Database::snapshot`] output; a malformed snapshot is an error, never a panic.
    pub fn restore(snapshot: &serde_json::Value) -> Result<Database, ApiError> {
        restore(snapshot)
    }
}

pub fn snapshot(db: &Database) -> Value {
    let tables: Vec<Value> = db
        .tables
        .values()
        .map(|t| {
            let items: Vec<Value> = t
                .parts
                .iter()
                .flat_map(|(pk, p)| p.items.iter().map(move |(sk, s)| s.item.to_json(&KeyRef(pk, sk))))
                .collect();
            let indexes: Vec<Value> = t
                .def
                .indexes
                .iter()
                .map(|i| json!({"name": i.name, "createdAt": i.created_at, "backfills": i.backfills}))
                .collect();
            json!({"definition": definition(t), "createdAt": t.def.created_at, "indexes": indexes, "items": items,
                   "extras": crate::stream::persist::to_json(&t.extras)})
        })
        .collect();
    json!({"version": 1, "region": db.config.region, "accountId": db.config.account_id, "tables": tables})
}

fn bad(msg: &str) -> ApiError {
    ApiError::Validation(format!("Invalid snapshot: {msg}"))
}

pub fn restore(v: &Value) -> Result<Database, ApiError> {
    let m = v.as_object().ok_or_else(|| bad("not an object"))?;
    if m.get("version").and_then(Value::as_u64) != Some(1) {
        return Err(bad("unsupported version"));
    }
    let region = m.get("region").and_then(Value::as_str).ok_or_else(|| bad("missing region"))?;
    let account = m.get("accountId").and_then(Value::as_str).ok_or_else(|| bad("missing accountId"))?;
    let mut db = Database::new(DatabaseConfig { region: String::from(region), account_id: String::from(account) });
    let tables = m.get("tables").and_then(Value::as_array).ok_or_else(|| bad("missing tables"))?;
    for tv in tables {
        let created = tv.get("createdAt").and_then(Value::as_u64).ok_or_else(|| bad("missing createdAt"))?;
        let defv = tv.get("definition").and_then(Value::as_object).ok_or_else(|| bad("missing definition"))?;
        let mut def = create_table::parse(defv, created)?;
        if let Some(list) = tv.get("indexes").and_then(Value::as_array) {
            for iv in list {
                let name = iv.get("name").and_then(Value::as_str).unwrap_or_default();
                if let Some(idx) = def.indexes.iter_mut().find(|i| i.name == name) {
                    idx.created_at = iv.get("createdAt").and_then(Value::as_u64).unwrap_or(created);
                    idx.backfills = iv.get("backfills").and_then(Value::as_bool).unwrap_or(false);
                }
            }
        }
        let name = def.name.clone();
        db.create_table(def)?;
        let items = tv.get("items").and_then(Value::as_array).ok_or_else(|| bad("missing items"))?;
        let t = db.tables.get_mut(&name).ok_or_else(|| bad("table vanished"))?;
        let mut sink = Consumed::new(&name);
        for iv in items {
            let item = item_from_json(iv).map_err(|e| bad(e.message()))?;
            let key = validate_item(t, &item, "Item size has exceeded the maximum allowed size")?;
            if t.get_stored(&key).is_some() {
                return Err(bad("duplicate item key"));
            }
            t.check_write(&key, Some(&item))?;
            t.commit_write(&key, Some(&item), Factor::Standard, &mut sink);
            sink.charges.clear();
        }
        // After the items, so replaying them writes no stream records.
        crate::stream::persist::restore_into(t, tv.get("extras"))?;
    }
    Ok(db)
}
