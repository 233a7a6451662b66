//! Workbench JSON → Dynamodel model.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use engine::model::{key_attributes, Entity, EntityAttribute, Model, TableModel};
use engine::value::ValueType;
use serde_json::{json, Map, Value};

use super::{file, Note, Version, WorkbenchError};

/// A Workbench file read into a model, with what could not be carried across.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub model: Model,
    pub version: Version,
    pub notes: Vec<Note>,
}

struct Ctx {
    notes: Vec<Note>,
}

impl Ctx {
    fn note(&mut self, path: &str, message: impl Into<String>) {
        self.notes.push(Note { path: path.to_string(), message: message.into() });
    }
}

fn at(path: &str, message: impl Into<String>) -> WorkbenchError {
    WorkbenchError::At { path: path.to_string(), message: message.into() }
}

/// `{AttributeName, AttributeType}` → (name, type tag).
fn key_attr(a: &file::Attribute, path: &str) -> Result<(String, String), WorkbenchError> {
    let name = a.attribute_name.as_deref().filter(|s| !s.is_empty()).ok_or_else(|| at(path, "needs an AttributeName"))?;
    let ty = a.attribute_type.as_deref().unwrap_or("S");
    if !matches!(ty, "S" | "N" | "B") {
        return Err(at(path, format!("a key attribute's type must be S, N or B, not \"{ty}\"")));
    }
    Ok((name.to_string(), ty.to_string()))
}

/// A `KeySchema` and the (name, type tag) definitions of its attributes.
type KeySchema = (Vec<Value>, Vec<(String, String)>);

fn key_schema(keys: &file::KeyAttributes, path: &str) -> Result<KeySchema, WorkbenchError> {
    if keys.partition_keys.is_some() || keys.sort_keys.is_some() {
        return multi_key_schema(keys, path);
    }
    let pk = keys.partition_key.as_ref().ok_or_else(|| at(path, "needs a PartitionKey"))?;
    let mut defs = alloc::vec![key_attr(pk, &format!("{path}.PartitionKey"))?];
    let mut schema = alloc::vec![json!({"AttributeName": defs[0].0, "KeyType": "HASH"})];
    if let Some(sk) = &keys.sort_key {
        let d = key_attr(sk, &format!("{path}.SortKey"))?;
        schema.push(json!({"AttributeName": d.0, "KeyType": "RANGE"}));
        defs.push(d);
    }
    Ok((schema, defs))
}

/// A GSI's multi-attribute key, read from the `PartitionKeys` / `SortKeys` lists our export writes
/// (see `export.rs`): the lists decide; `PartitionKey` / `SortKey`, when given, must be their first
/// attributes.
fn multi_key_schema(keys: &file::KeyAttributes, path: &str) -> Result<KeySchema, WorkbenchError> {
    let mut schema = Vec::new();
    let mut defs: Vec<(String, String)> = Vec::new();
    for (list, single, field, key_type) in [
        (&keys.partition_keys, &keys.partition_key, "PartitionKeys", "HASH"),
        (&keys.sort_keys, &keys.sort_key, "SortKeys", "RANGE"),
    ] {
        let attrs: Vec<&file::Attribute> = match (list, single) {
            (Some(l), _) => l.iter().collect(),
            (None, Some(one)) => alloc::vec![one],
            (None, None) => Vec::new(),
        };
        if key_type == "HASH" && attrs.is_empty() {
            return Err(at(&format!("{path}.{field}"), "needs at least one attribute"));
        }
        for (i, a) in attrs.iter().enumerate() {
            let d = key_attr(a, &format!("{path}.{field}[{i}]"))?;
            schema.push(json!({"AttributeName": d.0, "KeyType": key_type}));
            defs.push(d);
        }
        if let (Some(l), Some(one)) = (list, single) {
            if l.first().and_then(|a| a.attribute_name.as_deref()) != one.attribute_name.as_deref() {
                let which = if key_type == "HASH" { "PartitionKey" } else { "SortKey" };
                return Err(at(&format!("{path}.{which}"), format!("must be the first attribute of {field}")));
            }
        }
    }
    Ok((schema, defs))
}

fn projection(p: Option<&file::Projection>) -> Value {
    let Some(p) = p else { return json!({"ProjectionType": "ALL"}) };
    let ty = p.projection_type.as_deref().unwrap_or("ALL");
    match &p.non_key_attributes {
        Some(a) if ty == "INCLUDE" => json!({"ProjectionType": ty, "NonKeyAttributes": a}),
        _ => json!({"ProjectionType": ty}),
    }
}

/// `{ReadCapacityUnits, WriteCapacityUnits}`, each member `default` when the file leaves it out.
fn throughput(p: &file::Throughput, default: (u64, u64)) -> Value {
    json!({
        "ReadCapacityUnits": p.read_capacity_units.unwrap_or(default.0),
        "WriteCapacityUnits": p.write_capacity_units.unwrap_or(default.1),
    })
}

/// OneTable / web-modeler attribute types → DynamoDB type tags.
fn schema_type(t: &str) -> Option<ValueType> {
    Some(match t {
        "String" | "string" | "Date" | "date" => ValueType::S,
        "Number" | "number" => ValueType::N,
        "Boolean" | "boolean" => ValueType::Bool,
        "Binary" | "binary" | "Buffer" => ValueType::B,
        "Object" | "object" => ValueType::M,
        "Array" | "array" => ValueType::L,
        "Set" | "set" => ValueType::SS,
        _ => return None,
    })
}

/// `${endDate}#${rateId}` → `{endDate}#{rateId}` (literal braces doubled).
fn template_from_value(v: &str) -> String {
    let mut out = String::new();
    let mut rest = v;
    while let Some(i) = rest.find("${") {
        out.push_str(&rest[..i].replace('{', "{{").replace('}', "}}"));
        let after = &rest[i + 2..];
        match after.find('}') {
            Some(j) => {
                out.push('{');
                out.push_str(&after[..j]);
                out.push('}');
                rest = &after[j + 1..];
            }
            None => {
                out.push_str(&rest[i..].replace('{', "{{").replace('}', "}}"));
                rest = "";
            }
        }
    }
    out.push_str(&rest.replace('{', "{{").replace('}', "}}"));
    out
}

/// Attribute names single-table designs use for the item type.
const CONVENTIONAL_TYPE: [&str; 5] = ["Type", "type", "_type", "EntityType", "entityType"];

/// Read a Workbench model file.
pub fn import(text: &str) -> Result<Imported, WorkbenchError> {
    let root: Value = serde_json::from_str(text).map_err(|e| WorkbenchError::NotJson(e.to_string()))?;
    if !root.get("DataModel").is_some_and(Value::is_array) {
        return Err(WorkbenchError::NotWorkbench);
    }
    let version = match root.get("ModelMetadata").and_then(|m| m.get("Version")) {
        None | Some(Value::Null) => Version::Unversioned,
        Some(v) => match v.as_str().map(str::trim) {
            Some("3.0") | Some("3") => Version::V3,
            Some("2.0") | Some("2") => Version::V2,
            Some("1.0") | Some("1") => Version::V1,
            _ => return Err(WorkbenchError::UnknownVersion(v.as_str().map_or_else(|| v.to_string(), String::from))),
        },
    };
    let file = file::read(&root)?;
    let mut cx = Ctx { notes: Vec::new() };
    let mut model = Model::new();
    model.name = file.model_name.unwrap_or_default();
    if let Some(meta) = file.model_metadata {
        model.description = meta.description.unwrap_or_default();
        for (field, v) in [("Author", meta.author), ("DateCreated", meta.date_created), ("DateLastModified", meta.date_last_modified)] {
            if let Some(v) = v.filter(|s| !s.is_empty()) {
                cx.note(&format!("ModelMetadata.{field}"), format!("\"{v}\" has no place in a Dynamodel model and was not imported"));
            }
        }
    }
    for (i, t) in file.data_model.into_iter().enumerate() {
        let path = format!("DataModel[{i}]");
        model.tables.push(table(t, &path, &mut cx)?);
    }
    Ok(Imported { model, version, notes: cx.notes })
}

fn table(t: file::Table, path: &str, cx: &mut Ctx) -> Result<TableModel, WorkbenchError> {
    for k in t.other.keys() {
        cx.note(&format!("{path}.{k}"), "not a NoSQL Workbench table field this importer knows; ignored");
    }
    let name = t.table_name.as_deref().filter(|s| !s.is_empty()).ok_or_else(|| at(&format!("{path}.TableName"), "missing"))?;
    let keys = t.key_attributes.as_ref().ok_or_else(|| at(&format!("{path}.KeyAttributes"), "missing"))?;
    let (schema, mut defs) = key_schema(keys, &format!("{path}.KeyAttributes"))?;
    let table_keys: Vec<String> = defs.iter().map(|d| d.0.clone()).collect();
    let mut def = Map::new();
    def.insert("TableName".into(), Value::from(name));
    def.insert("KeySchema".into(), Value::Array(schema));

    // Billing and capacity.
    let billing = match t.billing_mode.as_deref() {
        Some("PROVISIONED") => "PROVISIONED",
        Some("PAY_PER_REQUEST") => "PAY_PER_REQUEST",
        Some(other) => {
            cx.note(&format!("{path}.BillingMode"), format!("unknown billing mode \"{other}\"; imported as on-demand (PAY_PER_REQUEST)"));
            "PAY_PER_REQUEST"
        }
        None => {
            cx.note(&format!("{path}.BillingMode"), "not given; imported as on-demand (PAY_PER_REQUEST)");
            "PAY_PER_REQUEST"
        }
    };
    let caps = t.provisioned_capacity_settings.as_ref();
    let table_throughput = caps.and_then(|c| c.provisioned_throughput.as_ref()).map(|p| throughput(p, (5, 5)));
    let table_throughput = if billing == "PROVISIONED" {
        Some(table_throughput.unwrap_or_else(|| {
            cx.note(&format!("{path}.ProvisionedCapacitySettings"), "provisioned without capacity; 5 RCU and 5 WCU assumed");
            json!({"ReadCapacityUnits": 5, "WriteCapacityUnits": 5})
        }))
    } else {
        None
    };
    for (auto, set) in [("AutoScalingRead", caps.is_some_and(|c| c.auto_scaling_read.is_some())), ("AutoScalingWrite", caps.is_some_and(|c| c.auto_scaling_write.is_some()))] {
        if set {
            cx.note(&format!("{path}.ProvisionedCapacitySettings.{auto}"), "auto scaling settings have no place in a Dynamodel model; not imported");
        }
    }

    // Secondary indexes.
    for (field, list, global) in [("GlobalSecondaryIndexes", &t.global_secondary_indexes, true), ("LocalSecondaryIndexes", &t.local_secondary_indexes, false)] {
        let Some(list) = list else { continue };
        let mut out = Vec::new();
        for (j, ix) in list.iter().enumerate() {
            let ipath = format!("{path}.{field}[{j}]");
            let iname = ix.index_name.as_deref().filter(|s| !s.is_empty()).ok_or_else(|| at(&format!("{ipath}.IndexName"), "missing"))?;
            let ikeys = ix.key_attributes.as_ref().ok_or_else(|| at(&format!("{ipath}.KeyAttributes"), "missing"))?;
            let (ischema, idefs) = key_schema(ikeys, &format!("{ipath}.KeyAttributes"))?;
            for d in idefs {
                if !defs.iter().any(|x| x.0 == d.0) {
                    defs.push(d);
                }
            }
            let mut o = Map::new();
            o.insert("IndexName".into(), Value::from(iname));
            o.insert("KeySchema".into(), Value::Array(ischema));
            o.insert("Projection".into(), projection(ix.projection.as_ref()));
            match (&table_throughput, &ix.provisioned_throughput) {
                // A GSI on a provisioned table has capacity of its own; the table's unless the file says.
                (Some(tp), own) if global => {
                    let units = |k: &str| tp[k].as_u64().unwrap_or(5);
                    let tp = match own {
                        Some(p) => throughput(p, (units("ReadCapacityUnits"), units("WriteCapacityUnits"))),
                        None => tp.clone(),
                    };
                    o.insert("ProvisionedThroughput".into(), tp);
                }
                (_, Some(_)) => cx.note(
                    &format!("{ipath}.ProvisionedThroughput"),
                    if global { "the table is on demand, so its indexes have no provisioned capacity; not imported" } else { "a local secondary index shares its table's capacity; not imported" },
                ),
                _ => {}
            }
            out.push(Value::Object(o));
        }
        if !out.is_empty() {
            def.insert(field.into(), Value::Array(out));
        }
    }
    def.insert(
        "AttributeDefinitions".into(),
        Value::Array(defs.iter().map(|(n, t)| json!({"AttributeName": n, "AttributeType": t})).collect()),
    );
    def.insert("BillingMode".into(), Value::from(billing));
    if let Some(tp) = table_throughput {
        def.insert("ProvisionedThroughput".into(), tp);
    }
    let definition = Value::Object(def);
    let all_keys: Vec<String> = key_attributes(&definition).into_iter().map(|k| k.name).collect();

    // Declared non-key attributes (Workbench lists some more than once).
    let mut declared: BTreeMap<&str, &str> = BTreeMap::new();
    let mut order: Vec<&str> = Vec::new();
    if let Some(list) = &t.non_key_attributes {
        let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
        for a in list {
            let Some(n) = a.attribute_name.as_deref() else { continue };
            *seen.entry(n).or_default() += 1;
            if !declared.contains_key(n) {
                declared.insert(n, a.attribute_type.as_deref().unwrap_or("S"));
                order.push(n);
            }
        }
        let dups: Vec<String> = seen.into_iter().filter(|(_, c)| *c > 1).map(|(n, c)| format!("{n} ×{c}")).collect();
        if !dups.is_empty() {
            cx.note(&format!("{path}.NonKeyAttributes"), format!("listed more than once, imported once: {}", dups.join(", ")));
        }
    }

    // Items: the table's own, then each facet's (version 1 keeps them per facet).
    let table_items: &[file::Item] = t.table_data.as_deref().unwrap_or_default();
    let mut items: Vec<Value> = table_items.iter().map(|it| Value::Object(it.0.clone())).collect();

    let mut entities: Vec<Entity> = Vec::new();
    for (k, f) in t.table_facets.iter().flatten().enumerate() {
        let fpath = format!("{path}.TableFacets[{k}]");
        let fname = f.facet_name.as_deref().filter(|s| !s.is_empty()).ok_or_else(|| at(&format!("{fpath}.FacetName"), "missing"))?;
        let facet_items: &[file::Item] = f.table_data.as_deref().unwrap_or_default();
        items.extend(facet_items.iter().map(|it| Value::Object(it.0.clone())));
        if let Some(alias) = &f.key_attribute_alias {
            for (role, a, key) in [("PartitionKeyAlias", &alias.partition_key_alias, table_keys.first()), ("SortKeyAlias", &alias.sort_key_alias, table_keys.get(1))] {
                if let (Some(a), Some(key)) = (a, key) {
                    if a != key {
                        cx.note(&format!("{fpath}.KeyAttributeAlias.{role}"), format!("the alias \"{a}\" of {key} is a Workbench display name; not imported"));
                    }
                }
            }
        }
        let names: &[String] = f.non_key_attributes.as_deref().unwrap_or_default();
        // The attribute that tells this facet's items apart: one whose value is the facet name, on
        // every item of the facet (version 1 keeps items per facet), or on some of the table's items
        // (version 3 keeps them all on the table); failing that, a conventional type attribute.
        let holds = |it: &file::Item, n: &str| it.0.get(n).and_then(|v| v.get("S")).and_then(Value::as_str) == Some(fname);
        let type_attr = names
            .iter()
            .filter(|n| !all_keys.contains(n))
            .find(|n| {
                if facet_items.is_empty() {
                    table_items.iter().any(|it| holds(it, n))
                } else {
                    facet_items.iter().all(|it| holds(it, n))
                }
            })
            .or_else(|| names.iter().find(|n| !all_keys.contains(n)).filter(|n| CONVENTIONAL_TYPE.contains(&n.as_str())))
            .cloned();
        let mut e = Entity::new(fname, fname);
        match &type_attr {
            Some(a) => e.type_attribute = a.clone(),
            None if !facet_items.is_empty() || !table_items.is_empty() => cx.note(&fpath, format!("no attribute of its items holds the facet name; the entity tags new items with Type = \"{fname}\"")),
            None => {}
        }
        for n in names {
            if all_keys.contains(n) || Some(n) == type_attr.as_ref() || e.attributes.iter().any(|a| &a.name == n) {
                continue;
            }
            let tag = declared.get(n.as_str()).copied().unwrap_or("S");
            let value_type = engine::model::entity::value_type_from_str(tag).unwrap_or(ValueType::S);
            e.attributes.push(EntityAttribute { name: n.clone(), value_type });
        }
        entities.push(e);
    }

    // The web modeler's ModelSchema: entity models with value templates.
    if let Some(ms) = &t.model_schema {
        let mpath = format!("{path}.ModelSchema");
        for (mname, attrs) in ms.models.iter().flatten() {
            let epath = format!("{mpath}.models.{mname}");
            if entities.iter().any(|e| &e.name == mname) {
                cx.note(&epath, "a facet of the same name was imported; this schema model was not");
                continue;
            }
            let mut e = Entity::new(mname, mname);
            let type_attr = ["type", "_type"].into_iter().find(|a| attrs.contains_key(*a));
            if let Some(a) = type_attr {
                e.type_attribute = a.to_string();
            }
            let mut rules = false;
            for (aname, spec) in attrs {
                if Some(aname.as_str()) == type_attr {
                    continue;
                }
                let ty = spec.value_type.as_deref().unwrap_or("String");
                rules |= !spec.rules.is_empty();
                if all_keys.contains(aname) {
                    if let Some(v) = &spec.value {
                        e.keys.insert(aname.clone(), template_from_value(v));
                    }
                    continue;
                }
                let value_type = schema_type(ty).unwrap_or_else(|| {
                    cx.note(&format!("{epath}.{aname}"), format!("type \"{ty}\" imported as S"));
                    ValueType::S
                });
                e.attributes.push(EntityAttribute { name: aname.clone(), value_type });
            }
            if rules {
                cx.note(&epath, "validation rules (required, default, enum, ...) have no place in a Dynamodel entity; not imported");
            }
            entities.push(e);
        }
        if ms.queries.as_ref().is_some_and(|q| !q.is_empty()) {
            cx.note(&format!("{mpath}.queries"), "saved queries are not imported");
        }
    }

    // Every entity must fit the table; a template that does not is left out, and said so.
    let keys = key_attributes(&definition);
    for e in &mut entities {
        while let Err(err) = e.check(&keys) {
            match &err {
                engine::model::EntityError::Template { key, .. } | engine::model::EntityError::Expand { key, .. } => {
                    let key = key.clone();
                    cx.note(&format!("{path}.entities.{}", e.name), format!("key template for {key} not imported: {err}"));
                    e.keys.remove(&key);
                }
                engine::model::EntityError::NotAKey(key) => {
                    let key = key.clone();
                    cx.note(&format!("{path}.entities.{}", e.name), format!("key template for {key} not imported: {err}"));
                    e.keys.remove(&key);
                }
                engine::model::EntityError::DuplicateAttribute(a) | engine::model::EntityError::KeyDeclaredAsAttribute(a) => {
                    let a = a.clone();
                    let first = e.attributes.iter().position(|x| x.name == a);
                    if let Some(p) = first {
                        e.attributes.remove(p);
                    }
                }
                _ => {
                    cx.note(&format!("{path}.entities.{}", e.name), format!("not imported: {err}"));
                    e.name.clear();
                    break;
                }
            }
        }
    }
    entities.retain(|e| !e.name.is_empty());

    // Declared attributes that no item, facet or model uses would be lost without a word.
    let unused: Vec<&str> = order
        .iter()
        .copied()
        .filter(|n| !all_keys.iter().any(|k| k == n))
        .filter(|n| !items.iter().any(|it| it.get(*n).is_some()))
        .filter(|n| !entities.iter().any(|e| e.attributes.iter().any(|a| a.name == *n) || e.type_attribute == *n))
        .collect();
    if !unused.is_empty() {
        cx.note(&format!("{path}.NonKeyAttributes"), format!("declared but used by no item or facet, not imported: {}", unused.join(", ")));
    }
    if let Some(da) = &t.data_access {
        let trivial = da.values().all(|v| v.as_object().is_some_and(|x| x.is_empty()));
        if !trivial {
            cx.note(&format!("{path}.DataAccess"), "Workbench's data import settings are not imported");
        }
    }
    if t.sample_data_formats.as_ref().is_some_and(|o| !o.is_empty()) {
        cx.note(&format!("{path}.SampleDataFormats"), "Workbench's sample data generator settings are not imported");
    }
    Ok(TableModel { definition, entities, items, time_to_live: None })
}
