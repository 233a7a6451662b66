//! Dynamodel model → NoSQL Workbench JSON (ModelMetadata.Version 3.0).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use engine::model::schema::key_schema;
use engine::model::{key_attributes, Model, TableModel};
use serde_json::{json, Map, Value};

use super::Note;

/// The definition fields Workbench holds; any other is reported.
const KNOWN: [&str; 8] = [
    "TableName", "KeySchema", "AttributeDefinitions", "GlobalSecondaryIndexes", "BillingMode", "ProvisionedThroughput",
    "LocalSecondaryIndexes", "StreamSpecification",
];

fn key_attr(def: &Value, name: &str) -> Value {
    let ty = engine::model::schema::attribute_type(def, name).map(|t| t.as_str()).unwrap_or("S");
    json!({"AttributeName": name, "AttributeType": ty})
}

/// The key attributes of one kind (`HASH` / `RANGE`) of a `KeySchema`, in order.
fn names_of<'a>(schema: Option<&'a Value>, key_type: &str) -> Vec<&'a str> {
    schema
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|k| k.get("KeyType").and_then(Value::as_str) == Some(key_type))
        .filter_map(|k| k.get("AttributeName").and_then(Value::as_str))
        .collect()
}

/// `KeyAttributes` of a table or an index. A GSI key of several HASH or RANGE attributes also gets
/// `PartitionKeys` / `SortKeys`, every attribute in order: NoSQL Workbench publishes no form of its
/// own for multi-attribute keys, so the lists are named as the CDK names them, and `PartitionKey` /
/// `SortKey` keep the first attributes for a reader that knows only those (our import reads the lists).
fn key_attributes_of(def: &Value, schema: Option<&Value>) -> Value {
    let (hash, range) = (names_of(schema, "HASH"), names_of(schema, "RANGE"));
    let mut o = Map::new();
    if let Some(pk) = hash.first() {
        o.insert("PartitionKey".into(), key_attr(def, pk));
    }
    if let Some(sk) = range.first() {
        o.insert("SortKey".into(), key_attr(def, sk));
    }
    if hash.len() > 1 || range.len() > 1 {
        o.insert("PartitionKeys".into(), Value::Array(hash.iter().map(|n| key_attr(def, n)).collect()));
        if !range.is_empty() {
            o.insert("SortKeys".into(), Value::Array(range.iter().map(|n| key_attr(def, n)).collect()));
        }
    }
    Value::Object(o)
}

/// The DynamoDB type tag of an item value (`{"S": ...}` → `S`).
fn tag_of(v: &Value) -> Option<&str> {
    v.as_object().and_then(|o| o.keys().next()).map(String::as_str)
}

/// `{"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}` → `5 RCU / 5 WCU`.
fn capacity(tp: &Value) -> String {
    let units = |k: &str| tp.get(k).map_or_else(|| String::from("?"), Value::to_string);
    format!("{} RCU / {} WCU", units("ReadCapacityUnits"), units("WriteCapacityUnits"))
}

fn table(t: &TableModel, path: &str, notes: &mut Vec<Note>) -> Value {
    let def = &t.definition;
    let mut note = |p: &str, m: String| notes.push(Note { path: format!("{path}{p}"), message: m });
    if let Some(obj) = def.as_object() {
        for k in obj.keys().filter(|k| !KNOWN.contains(&k.as_str())) {
            note(&format!(".definition.{k}"), "not part of NoSQL Workbench's model; left out".into());
        }
    }
    let (pk, sk) = key_schema(def.get("KeySchema"));
    let table_keys: Vec<&str> = [pk, sk].into_iter().flatten().collect();
    let mut out = Map::new();
    out.insert("TableName".into(), Value::from(t.name().unwrap_or_default()));
    out.insert("KeyAttributes".into(), key_attributes_of(def, def.get("KeySchema")));

    // Non-key attributes: index keys, entity attributes and type attributes, then whatever items carry.
    let mut non_key: Vec<(String, String)> = Vec::new();
    let add = |n: &str, ty: &str, non_key: &mut Vec<(String, String)>| {
        if !table_keys.contains(&n) && !non_key.iter().any(|(x, _)| x == n) {
            non_key.push((n.to_string(), ty.to_string()));
        }
    };
    for k in key_attributes(def).iter().chain(&engine::model::multi_key_attributes(def)).filter(|k| !k.is_table_key()) {
        add(&k.name, k.key_type.as_str(), &mut non_key);
    }
    for e in &t.entities {
        add(&e.type_attribute, "S", &mut non_key);
        for a in &e.attributes {
            add(&a.name, a.value_type.as_str(), &mut non_key);
        }
    }
    for it in &t.items {
        for (n, v) in it.as_object().into_iter().flatten() {
            add(n, tag_of(v).unwrap_or("S"), &mut non_key);
        }
    }
    out.insert(
        "NonKeyAttributes".into(),
        Value::Array(non_key.iter().map(|(n, t)| json!({"AttributeName": n, "AttributeType": t})).collect()),
    );

    // Facets: one per entity. Workbench facets have no key templates or type values.
    let index_keys: Vec<String> = key_attributes(def).into_iter().filter(|k| !k.is_table_key()).map(|k| k.name).collect();
    let mut facets = Vec::new();
    for (i, e) in t.entities.iter().enumerate() {
        // The type attribute first: the importer falls back on the first conventional name.
        let mut names: Vec<String> = alloc::vec![e.type_attribute.clone()];
        for n in e.keys.keys().filter(|k| index_keys.contains(k)) {
            names.push(n.clone());
        }
        names.extend(e.attributes.iter().map(|a| a.name.clone()));
        let mut alias = Map::new();
        if let Some(pk) = pk {
            alias.insert("PartitionKeyAlias".into(), Value::from(pk));
        }
        if let Some(sk) = sk {
            alias.insert("SortKeyAlias".into(), Value::from(sk));
        }
        facets.push(json!({
            "FacetName": e.name,
            "KeyAttributeAlias": alias,
            "TableData": [],
            "NonKeyAttributes": names,
            "DataAccess": {"MySql": {}},
        }));
        if !e.keys.is_empty() {
            let list: Vec<String> = e.keys.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            note(&format!(".entities[{i}]"), format!("key templates are not part of Workbench facets; left out: {}", list.join(", ")));
        }
        if e.type_value != e.name {
            note(&format!(".entities[{i}]"), format!("the type value {:?} (in {}) is not part of Workbench facets; left out", e.type_value, e.type_attribute));
        }
    }
    if !facets.is_empty() {
        out.insert("TableFacets".into(), Value::Array(facets));
    }

    let billing = def.get("BillingMode").and_then(Value::as_str).unwrap_or("PROVISIONED");
    let table_throughput = def.get("ProvisionedThroughput").cloned().unwrap_or_else(|| json!({"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}));
    if let Some(gsis) = def.get("GlobalSecondaryIndexes").and_then(Value::as_array) {
        let mut list = Vec::new();
        for (j, ix) in gsis.iter().enumerate() {
            let ipath = format!(".definition.GlobalSecondaryIndexes[{j}]");
            for (k, v) in ix.as_object().into_iter().flatten() {
                match k.as_str() {
                    "IndexName" | "KeySchema" | "Projection" => {}
                    // Workbench gives every GSI its table's capacity: an index's own is lost unless said.
                    "ProvisionedThroughput" if billing == "PROVISIONED" && *v == table_throughput => {}
                    "ProvisionedThroughput" if billing == "PROVISIONED" => note(
                        &format!("{ipath}.ProvisionedThroughput"),
                        format!(
                            "NoSQL Workbench's model gives a global secondary index its table's capacity; this index's own {} left out (it reads back as the table's {})",
                            capacity(v),
                            capacity(&table_throughput)
                        ),
                    ),
                    other => note(&format!("{ipath}.{other}"), "not part of a NoSQL Workbench index; left out".into()),
                }
            }
            list.push(json!({
                "IndexName": ix.get("IndexName").cloned().unwrap_or(Value::Null),
                "KeyAttributes": key_attributes_of(def, ix.get("KeySchema")),
                "Projection": ix.get("Projection").cloned().unwrap_or_else(|| json!({"ProjectionType": "ALL"})),
            }));
        }
        out.insert("GlobalSecondaryIndexes".into(), Value::Array(list));
    }
    if def.get("LocalSecondaryIndexes").is_some() {
        note(".definition.LocalSecondaryIndexes", "NoSQL Workbench's model has no local secondary indexes; left out".into());
    }
    if def.get("StreamSpecification").is_some() {
        note(".definition.StreamSpecification", "NoSQL Workbench's model has no stream settings; left out".into());
    }
    if let Some(ttl) = &t.time_to_live {
        note(".timeToLive", format!("NoSQL Workbench's model has no TTL setting; {ttl} left out"));
    }
    out.insert("TableData".into(), Value::Array(t.items.clone()));
    out.insert("DataAccess".into(), json!({"MySql": {}}));
    out.insert("BillingMode".into(), Value::from(billing));
    if billing == "PROVISIONED" {
        out.insert("ProvisionedCapacitySettings".into(), json!({"ProvisionedThroughput": table_throughput}));
    }
    Value::Object(out)
}

/// Write `model` as a NoSQL Workbench 3.0 model, with what Workbench cannot hold.
pub fn export(model: &Model) -> (Value, Vec<Note>) {
    let mut notes = Vec::new();
    let tables: Vec<Value> = model.tables.iter().enumerate().map(|(i, t)| table(t, &format!("tables[{i}]"), &mut notes)).collect();
    if !model.access_patterns.is_empty() {
        notes.push(Note {
            path: "accessPatterns".into(),
            message: format!("{} access pattern(s) are not part of NoSQL Workbench's model; left out", model.access_patterns.len()),
        });
    }
    if !model.workloads.is_empty() {
        notes.push(Note { path: "workloads".into(), message: format!("{} workload(s) left out", model.workloads.len()) });
    }
    let name = if model.name.is_empty() { String::from("Dynamodel model") } else { model.name.clone() };
    let doc = json!({
        "ModelName": name,
        "ModelMetadata": {
            "Author": "",
            "DateCreated": "",
            "DateLastModified": "",
            "Description": model.description,
            "AWSService": "Amazon DynamoDB",
            "Version": "3.0",
        },
        "DataModel": tables,
    });
    (doc, notes)
}
