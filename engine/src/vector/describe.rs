//! A vector index as DescribeTable shows it (`VectorIndexDescription`) and as a CreateTable definition
//! writes it (`VectorIndex`, for snapshots and the playground's model files).

use alloc::format;
use alloc::vec::Vec;

use serde_json::{json, Map, Value};

use crate::api::projection::projection_json;
use crate::vector::{VectorData, VectorIndexDef};

fn common(def: &VectorIndexDef) -> Map<alloc::string::String, Value> {
    let mut o = Map::new();
    o.insert("IndexName".into(), json!(def.name));
    o.insert("VectorAttribute".into(), json!({"AttributeName": def.attribute}));
    if !def.schema_order.is_empty() {
        let schema: Vec<Value> = def
            .schema_order
            .iter()
            .map(|(n, hash)| json!({"AttributeName": n, "SearchSchemaElementType": if *hash { "HASH" } else { "INLINE_FILTER" }}))
            .collect();
        o.insert("SearchSchema".into(), Value::Array(schema));
    }
    o.insert("Projection".into(), projection_json(&def.projection));
    o.insert("Dimensions".into(), json!(def.dimensions));
    o.insert("DistanceFunction".into(), json!(def.distance.as_str()));
    o
}

/// The index in a CreateTable request.
pub fn definition_json(def: &VectorIndexDef) -> Value {
    Value::Object(common(def))
}

/// The index in a TableDescription. The index is built as soon as it is defined (the engine backfills
/// synchronously), so it is ACTIVE at once and carries no `Backfilling` member, which DynamoDB drops once
/// an index is active. Size and count are current (DynamoDB refreshes them about every six hours).
pub fn description_json(def: &VectorIndexDef, data: Option<&VectorData>, table_arn: &str) -> Value {
    let mut o = common(def);
    o.insert("IndexStatus".into(), json!("ACTIVE"));
    o.insert("IndexSizeBytes".into(), json!(data.map_or(0, |d| d.size_bytes)));
    o.insert("ItemCount".into(), json!(data.map_or(0, VectorData::item_count)));
    o.insert("IndexArn".into(), json!(format!("{table_arn}/index/{}", def.name)));
    Value::Object(o)
}
