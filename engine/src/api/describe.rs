//! TableDescription as DynamoDB returns it (CreateTable, DescribeTable, UpdateTable, DeleteTable).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{json, Map, Value};

use crate::config::DatabaseConfig;
use crate::table::schema::{scalar_name, BillingMode, IndexDef, IndexKind, KeySchema, Throughput};
use crate::table::Table;

pub use super::projection::projection_json;

pub fn table_arn(cfg: &DatabaseConfig, table: &str) -> String {
    format!("arn:aws:dynamodb:{}:{}:table/{}", cfg.region, cfg.account_id, table)
}

/// `TableId`: a UUID that names this table (not its name: a table re-created under the same name gets
/// another). The engine has no randomness, so it is derived from the account, region, name and creation
/// time — stable across snapshots, distinct for a re-created table — and shaped as a version-4 UUID.
pub fn table_id(cfg: &DatabaseConfig, t: &Table) -> String {
    let fnv = |seed: u64| {
        let mut h = seed;
        let created = t.def.created_at.to_be_bytes();
        for part in [cfg.account_id.as_bytes(), cfg.region.as_bytes(), t.def.name.as_bytes(), &created[..]] {
            for b in part.iter().chain(b"/") {
                h ^= u64::from(*b);
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        h
    };
    let (a, b) = (fnv(0xcbf2_9ce4_8422_2325), fnv(0x6c62_272e_07bb_0142));
    let c = (a & 0xffff_ffff_ffff_0fff) | 0x4000;
    let d = (b & 0x3fff_ffff_ffff_ffff) | 0x8000_0000_0000_0000;
    format!("{:08x}-{:04x}-{:04x}-{:04x}-{:012x}", c >> 32, (c >> 16) & 0xffff, c & 0xffff, d >> 48, d & 0xffff_ffff_ffff)
}

/// DeleteTable's TableDescription: DynamoDB answers with the table's identity, status, billing and
/// size only — no key schema, attribute definitions, indexes or creation time (Alternator's suite,
/// checked against DynamoDB: `test_delete_table_description*`).
pub fn delete_description(cfg: &DatabaseConfig, t: &Table) -> Value {
    let def = &t.def;
    let mut m = Map::new();
    m.insert("TableName".into(), Value::String(def.name.clone()));
    m.insert("TableStatus".into(), Value::String(String::from("DELETING")));
    m.insert("TableId".into(), Value::String(table_id(cfg, t)));
    m.insert("TableArn".into(), Value::String(table_arn(cfg, &def.name)));
    m.insert("ProvisionedThroughput".into(), throughput_json(def.throughput.as_ref()));
    m.insert("TableSizeBytes".into(), Value::from(t.size_bytes));
    m.insert("ItemCount".into(), Value::from(t.item_count));
    if def.billing == BillingMode::PayPerRequest {
        m.insert(
            "BillingModeSummary".into(),
            json!({"BillingMode": "PAY_PER_REQUEST", "LastUpdateToPayPerRequestDateTime": epoch_seconds(def.created_at)}),
        );
    }
    Value::Object(m)
}

/// Epoch seconds with millisecond precision, the wire form of DynamoDB timestamps.
pub fn epoch_seconds(ms: u64) -> Value {
    // Wire timestamps are JSON doubles; milliseconds below 2^53 convert exactly.
    Value::from(ms as f64 / 1000.0)
}

pub fn key_schema_json(k: &KeySchema) -> Value {
    let mut v = Vec::new();
    v.push(json!({"AttributeName": k.pk.name, "KeyType": "HASH"}));
    if let Some(s) = &k.sk {
        v.push(json!({"AttributeName": s.name, "KeyType": "RANGE"}));
    }
    Value::Array(v)
}

/// An index's key schema in its order: every HASH attribute, then every RANGE attribute.
pub fn index_key_schema_json(idx: &IndexDef) -> Value {
    let hash = idx.hash_attrs().map(|a| json!({"AttributeName": a.name, "KeyType": "HASH"}));
    let range = idx.range_attrs().map(|a| json!({"AttributeName": a.name, "KeyType": "RANGE"}));
    Value::Array(hash.chain(range).collect())
}


fn throughput_json(t: Option<&Throughput>) -> Value {
    let (r, w) = t.map_or((0, 0), |t| (t.read, t.write));
    json!({"NumberOfDecreasesToday": 0, "ReadCapacityUnits": r, "WriteCapacityUnits": w})
}

/// `status` overrides the table status (CREATING on CreateTable is not used: tables are ACTIVE at once;
/// DELETING on DeleteTable, UPDATING on UpdateTable).
pub fn describe(cfg: &DatabaseConfig, t: &Table, status: &str, now: u64) -> Value {
    let def = &t.def;
    let arn = table_arn(cfg, &def.name);
    let mut m = Map::new();
    let attrs: Vec<Value> =
        def.attributes.iter().map(|a| json!({"AttributeName": a.name, "AttributeType": scalar_name(a.ty)})).collect();
    m.insert("AttributeDefinitions".into(), Value::Array(attrs));
    m.insert("TableName".into(), Value::String(def.name.clone()));
    m.insert("KeySchema".into(), key_schema_json(&def.keys));
    m.insert("TableStatus".into(), Value::String(String::from(status)));
    m.insert("CreationDateTime".into(), epoch_seconds(def.created_at));
    m.insert("ProvisionedThroughput".into(), throughput_json(def.throughput.as_ref()));
    m.insert("TableSizeBytes".into(), Value::from(t.size_bytes));
    m.insert("ItemCount".into(), Value::from(t.item_count));
    m.insert("TableArn".into(), Value::String(arn.clone()));
    m.insert("TableId".into(), Value::String(table_id(cfg, t)));
    if def.billing == BillingMode::PayPerRequest {
        m.insert(
            "BillingModeSummary".into(),
            json!({"BillingMode": "PAY_PER_REQUEST", "LastUpdateToPayPerRequestDateTime": epoch_seconds(def.created_at)}),
        );
    }
    let mut lsis = Vec::new();
    let mut gsis = Vec::new();
    for (idx, data) in def.indexes.iter().zip(&t.index_data) {
        let mut o = index_common(idx, &arn);
        o.insert("IndexSizeBytes".into(), Value::from(data.size_bytes));
        o.insert("ItemCount".into(), Value::from(data.item_count));
        match idx.kind {
            IndexKind::Local => lsis.push(Value::Object(o)),
            IndexKind::Global => {
                let active = idx.is_active(now);
                o.insert("IndexStatus".into(), Value::String(String::from(if active { "ACTIVE" } else { "CREATING" })));
                if idx.backfills && !active {
                    o.insert("Backfilling".into(), Value::Bool(true));
                }
                o.insert("ProvisionedThroughput".into(), throughput_json(idx.throughput.as_ref()));
                gsis.push(Value::Object(o));
            }
        }
    }
    if !lsis.is_empty() {
        m.insert("LocalSecondaryIndexes".into(), Value::Array(lsis));
    }
    if !gsis.is_empty() {
        m.insert("GlobalSecondaryIndexes".into(), Value::Array(gsis));
    }
    if !def.vectors.is_empty() {
        let list = def.vectors.iter().enumerate().map(|(i, v)| crate::vector::describe::description_json(v, t.vector_data.get(i), &arn));
        m.insert("VectorIndexes".into(), Value::Array(list.collect()));
    }
    Value::Object(m)
}

fn index_common(idx: &IndexDef, table_arn: &str) -> Map<String, Value> {
    let mut o = Map::new();
    o.insert("IndexName".into(), Value::String(idx.name.clone()));
    o.insert("KeySchema".into(), index_key_schema_json(idx));
    o.insert("Projection".into(), projection_json(&idx.projection));
    o.insert("IndexArn".into(), Value::String(format!("{table_arn}/index/{}", idx.name)));
    o
}
