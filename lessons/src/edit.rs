//! Model changes a lesson makes: a step's setup and its solution. Each edit names what it changes by
//! name (a table, an entity, an access pattern, a workload), not by position, so a lesson reads as the
//! change it teaches; [`apply`] makes the whole list one new model, which the app swaps in as a single
//! undoable step.
//!
//! In JSON, an edit is an object with one member naming the edit: `{"rekey": "Shop"}`.

use alloc::borrow::ToOwned;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use engine::model::{key_attributes, table_name, Entity, Model, TableModel};
use engine::value::{item_from_json, item_to_json};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::message::Message;

/// One change to a model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub enum Edit {
    /// The whole model (a model file).
    Model(Value),
    /// Add a table, or replace the definition of the table of that `TableName` (its entities and items
    /// stay): the `CreateTable` input.
    Table(Value),
    RemoveTable(String),
    /// Add a global secondary index to a table, or replace the one of that `IndexName` (the
    /// `GlobalSecondaryIndexes` entry of `CreateTable`). Key attributes the table does not define yet
    /// are defined with the type `types` gives them, else S.
    Gsi {
        table: String,
        index: Value,
        #[serde(default, skip_serializing_if = "Map::is_empty")]
        types: Map<String, Value>,
    },
    /// Remove an index, and with it the key attributes only it used: from `AttributeDefinitions`, from
    /// the entities' key templates and from the items (what a design without that index looks like).
    RemoveIndex { table: String, index: String },
    /// Change some key templates of an entity: `set` adds or replaces, `remove` drops.
    EntityKeys {
        table: String,
        entity: String,
        #[serde(default, skip_serializing_if = "Map::is_empty")]
        set: Map<String, Value>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        remove: Vec<String>,
    },
    /// Add an entity type to a table, or replace the one of that name.
    Entity { table: String, entity: Entity },
    RemoveEntity { table: String, entity: String },
    /// Put items (DynamoDB JSON): an item with the key of an existing one replaces it, others are added.
    PutItems { table: String, items: Vec<Value> },
    /// Delete the items with these keys (DynamoDB JSON of the key attributes).
    DeleteItems { table: String, keys: Vec<Value> },
    /// On every item whose attributes equal all of `where`: set `set`'s attributes and remove `remove`'s.
    UpdateItems {
        table: String,
        #[serde(rename = "where", default)]
        filter: Map<String, Value>,
        #[serde(default)]
        set: Map<String, Value>,
        #[serde(default)]
        remove: Vec<String>,
    },
    /// Rebuild every item's key attributes from its entity's key templates: index keys whose template
    /// needs an attribute the item lacks are removed (the item leaves that sparse index). Items of no
    /// entity are left as they are.
    Rekey(String),
    /// Set (or, with `null`, clear) a table's time-to-live attribute.
    TimeToLive { table: String, attribute: Option<String> },
    /// Add an access pattern, or replace the one of that name (the model file's `accessPatterns[i]`).
    AccessPattern(Value),
    RemoveAccessPattern(String),
    /// Add a workload, or replace the one of that name (the model file's `workloads[i]`).
    Workload(Value),
    RemoveWorkload(String),
}

/// Edit `i`'s fault `key` (its arguments added by the caller): every edit message starts with the edit's
/// number, counted from 1 as a lesson's author reads the list.
fn fault(i: usize, key: &'static str) -> Message {
    Message::new(key).count("edit", i as u64 + 1)
}

/// Edit `i` does not read as the model file's rules want: `reason` is the engine's own words, in English
/// as it writes them.
fn invalid(i: usize, reason: impl Into<String>) -> Message {
    fault(i, "edit.invalid").text("reason", reason)
}

fn table_mut<'m>(m: &'m mut Model, i: usize, name: &str) -> Result<&'m mut TableModel, Message> {
    m.tables
        .iter_mut()
        .find(|t| table_name(&t.definition) == Some(name))
        .ok_or_else(|| fault(i, "edit.no_table").text("table", name))
}

/// An access pattern or workload read the way the model file reads it (so a lesson's edit is held to
/// the same rules as a file's).
fn slot(field: &str, v: &Value) -> Result<Model, String> {
    let mut doc = Map::new();
    doc.insert("version".into(), Value::from(engine::model::MODEL_VERSION));
    doc.insert(field.into(), Value::Array(alloc::vec![v.clone()]));
    Model::from_json(Value::Object(doc)).map_err(|e| e.to_string())
}

/// The key attribute values of `item` for a table's key schema, as JSON, if it has them all.
fn key_of(item: &Value, names: &[&str]) -> Option<Vec<Value>> {
    names.iter().map(|n| item.get(*n).cloned()).collect()
}

fn table_key_names(t: &TableModel) -> Vec<String> {
    let (pk, sk) = engine::model::schema::key_schema(t.definition.get("KeySchema"));
    [pk, sk].into_iter().flatten().map(ToOwned::to_owned).collect()
}

/// Check that an edit's payload reads, without applying it (a lesson is refused when its edits cannot
/// work, not when a learner asks for the solution).
pub fn check_edit(i: usize, e: &Edit) -> Result<(), Message> {
    match e {
        Edit::Model(v) => Model::from_json(v.clone()).map(drop).map_err(|err| invalid(i, err.to_string())),
        Edit::Gsi { index, .. } => match index.get("IndexName").and_then(Value::as_str) {
            Some(_) => Ok(()),
            None => Err(fault(i, "edit.gsi.no_name")),
        },
        Edit::Table(v) => match table_name(v) {
            Some(_) => Ok(()),
            None => Err(fault(i, "edit.table.no_name")),
        },
        Edit::AccessPattern(v) => slot("accessPatterns", v).map(drop).map_err(|r| invalid(i, r)),
        Edit::Workload(v) => slot("workloads", v).map(drop).map_err(|r| invalid(i, r)),
        Edit::PutItems { items, .. } => items.iter().try_for_each(|it| item_from_json(it).map(drop).map_err(|err| invalid(i, err.message()))),
        Edit::UpdateItems { set, .. } => set.values().try_for_each(|v| engine::value::value_from_json(v).map(drop).map_err(|err| invalid(i, err.message()))),
        _ => Ok(()),
    }
}

/// `model` with `edits` applied in order. The result must be a model the file format accepts (entities
/// that fit their table's keys, items in DynamoDB JSON); whether the engine loads it is the checks' job.
pub fn apply(model: &Model, edits: &[Edit]) -> Result<Model, Message> {
    let mut m = model.clone();
    for (i, e) in edits.iter().enumerate() {
        check_edit(i, e)?;
        match e {
            Edit::Model(v) => {
                let lesson = m.lesson.take();
                m = Model::from_json(v.clone()).map_err(|err| invalid(i, err.to_string()))?;
                if m.lesson.is_none() {
                    m.lesson = lesson;
                }
            }
            Edit::Table(def) => {
                let name = table_name(def).unwrap_or_default().to_owned();
                match m.tables.iter_mut().find(|t| table_name(&t.definition) == Some(name.as_str())) {
                    Some(t) => t.definition = def.clone(),
                    None => m.tables.push(TableModel { definition: def.clone(), entities: Vec::new(), items: Vec::new(), time_to_live: None }),
                }
            }
            Edit::RemoveTable(name) => {
                table_mut(&mut m, i, name)?;
                m.tables.retain(|t| table_name(&t.definition) != Some(name.as_str()));
            }
            Edit::Gsi { table, index, types } => {
                let t = table_mut(&mut m, i, table)?;
                add_gsi(i, table, t, index, types)?;
            }
            Edit::RemoveIndex { table, index } => {
                let t = table_mut(&mut m, i, table)?;
                remove_index(i, table, t, index)?;
            }
            Edit::EntityKeys { table, entity, set, remove } => {
                let t = table_mut(&mut m, i, table)?;
                let Some(e) = t.entities.iter_mut().find(|e| &e.name == entity) else {
                    return Err(fault(i, "edit.no_entity").text("table", table.clone()).text("entity", entity.clone()));
                };
                for (k, v) in set {
                    let Some(text) = v.as_str() else { return Err(fault(i, "edit.entity.template_not_string").text("attribute", k.clone())) };
                    e.keys.insert(k.clone(), text.to_owned());
                }
                for k in remove {
                    e.keys.remove(k);
                }
            }
            Edit::Entity { table, entity } => {
                let t = table_mut(&mut m, i, table)?;
                match t.entities.iter_mut().find(|e| e.name == entity.name) {
                    Some(e) => *e = entity.clone(),
                    None => t.entities.push(entity.clone()),
                }
            }
            Edit::RemoveEntity { table, entity } => {
                let t = table_mut(&mut m, i, table)?;
                let before = t.entities.len();
                t.entities.retain(|e| &e.name != entity);
                if t.entities.len() == before {
                    return Err(fault(i, "edit.no_entity").text("table", table.clone()).text("entity", entity.clone()));
                }
            }
            Edit::PutItems { table, items } => {
                let t = table_mut(&mut m, i, table)?;
                let names = table_key_names(t);
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                for item in items {
                    let key = key_of(item, &names);
                    match t.items.iter_mut().find(|old| key.is_some() && key_of(old, &names) == key) {
                        Some(old) => *old = item.clone(),
                        None => t.items.push(item.clone()),
                    }
                }
            }
            Edit::DeleteItems { table, keys } => {
                let t = table_mut(&mut m, i, table)?;
                let names = table_key_names(t);
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                for k in keys {
                    let want = key_of(k, &names);
                    let before = t.items.len();
                    t.items.retain(|it| want.is_none() || key_of(it, &names) != want);
                    if t.items.len() == before {
                        return Err(fault(i, "edit.no_item").text("table", table.clone()).text("key", k.to_string()));
                    }
                }
            }
            Edit::UpdateItems { table, filter, set, remove } => {
                let t = table_mut(&mut m, i, table)?;
                for item in t.items.iter_mut() {
                    let Some(obj) = item.as_object_mut() else { continue };
                    if filter.iter().all(|(k, v)| obj.get(k) == Some(v)) {
                        for (k, v) in set {
                            obj.insert(k.clone(), v.clone());
                        }
                        for k in remove {
                            obj.remove(k);
                        }
                    }
                }
            }
            Edit::Rekey(table) => {
                let t = table_mut(&mut m, i, table)?;
                rekey(i, table, t)?;
            }
            Edit::TimeToLive { table, attribute } => {
                let t = table_mut(&mut m, i, table)?;
                t.time_to_live = attribute.clone();
            }
            Edit::AccessPattern(v) => {
                let p = slot("accessPatterns", v).map_err(|r| invalid(i, r))?.access_patterns.remove(0);
                match m.access_patterns.iter_mut().find(|o| o.name == p.name) {
                    Some(o) => *o = p,
                    None => m.access_patterns.push(p),
                }
            }
            Edit::RemoveAccessPattern(name) => {
                let before = m.access_patterns.len();
                m.access_patterns.retain(|p| &p.name != name);
                if m.access_patterns.len() == before {
                    return Err(fault(i, "edit.no_pattern").text("pattern", name.clone()));
                }
            }
            Edit::Workload(v) => {
                let w = slot("workloads", v).map_err(|r| invalid(i, r))?.workloads.remove(0);
                match m.workloads.iter_mut().find(|o| o.name == w.name) {
                    Some(o) => *o = w,
                    None => m.workloads.push(w),
                }
            }
            Edit::RemoveWorkload(name) => {
                let before = m.workloads.len();
                m.workloads.retain(|w| &w.name != name);
                if m.workloads.len() == before {
                    return Err(fault(i, "edit.no_workload").text("workload", name.clone()));
                }
            }
        }
    }
    // Held to the file format's rules: what the edits made must read back as a model file.
    let again = Model::from_json(m.to_json()).map_err(|e| Message::new("edit.model").text("reason", e.to_string()))?;
    again.check().map_err(|e| Message::new("edit.model").text("reason", e.to_string()))?;
    again.check_items().map_err(|e| Message::new("edit.model").text("reason", e.to_string()))?;
    Ok(again)
}

/// Attribute names a key schema uses.
fn schema_names(schema: Option<&Value>) -> Vec<String> {
    schema.and_then(Value::as_array).into_iter().flatten().filter_map(|k| k.get("AttributeName")?.as_str().map(String::from)).collect()
}

/// Every attribute the table's own key and its indexes' keys use.
fn used_key_names(def: &Value) -> Vec<String> {
    let mut out = schema_names(def.get("KeySchema"));
    for field in ["GlobalSecondaryIndexes", "LocalSecondaryIndexes"] {
        for ix in def.get(field).and_then(Value::as_array).into_iter().flatten() {
            out.extend(schema_names(ix.get("KeySchema")));
        }
    }
    out
}

/// The definition of `table` as a JSON object (a model that read has one; a setup may have replaced it).
fn definition_mut<'t>(i: usize, table: &str, t: &'t mut TableModel) -> Result<&'t mut Map<String, Value>, Message> {
    t.definition.as_object_mut().ok_or_else(|| fault(i, "edit.table.not_object").text("table", table))
}

fn not_a_list(i: usize, table: &str, field: &str) -> Message {
    fault(i, "edit.table.not_list").text("table", table).text("field", field)
}

/// Edit `i`: add or replace GSI `index` on `table`.
fn add_gsi(i: usize, table: &str, t: &mut TableModel, index: &Value, types: &Map<String, Value>) -> Result<(), Message> {
    let name = index.get("IndexName").and_then(Value::as_str).ok_or_else(|| fault(i, "edit.gsi.no_name"))?.to_owned();
    let keys = schema_names(index.get("KeySchema"));
    if keys.is_empty() {
        return Err(fault(i, "edit.gsi.no_key_schema").text("index", name));
    }
    let def = definition_mut(i, table, t)?;
    let list = def.entry("GlobalSecondaryIndexes").or_insert_with(|| Value::Array(Vec::new()));
    let Value::Array(list) = list else { return Err(not_a_list(i, table, "GlobalSecondaryIndexes")) };
    match list.iter_mut().find(|ix| ix.get("IndexName").and_then(Value::as_str) == Some(name.as_str())) {
        Some(ix) => *ix = index.clone(),
        None => list.push(index.clone()),
    }
    let defs = def.entry("AttributeDefinitions").or_insert_with(|| Value::Array(Vec::new()));
    let Value::Array(defs) = defs else { return Err(not_a_list(i, table, "AttributeDefinitions")) };
    for k in keys {
        if !defs.iter().any(|d| d.get("AttributeName").and_then(Value::as_str) == Some(k.as_str())) {
            let ty = types.get(&k).and_then(Value::as_str).unwrap_or("S");
            defs.push(serde_json::json!({"AttributeName": k, "AttributeType": ty}));
        }
    }
    Ok(())
}

/// Edit `i`: remove `index` from `table`.
fn remove_index(i: usize, table: &str, t: &mut TableModel, index: &str) -> Result<(), Message> {
    let def = definition_mut(i, table, t)?;
    let mut removed_keys = Vec::new();
    for field in ["GlobalSecondaryIndexes", "LocalSecondaryIndexes"] {
        if let Some(Value::Array(list)) = def.get_mut(field) {
            list.retain(|ix| {
                let hit = ix.get("IndexName").and_then(Value::as_str) == Some(index);
                if hit {
                    removed_keys.extend(schema_names(ix.get("KeySchema")));
                }
                !hit
            });
            if list.is_empty() {
                def.remove(field);
            }
        }
    }
    if removed_keys.is_empty() {
        return Err(fault(i, "edit.no_index").text("table", table).text("index", index));
    }
    let still = used_key_names(&t.definition);
    let gone: Vec<String> = removed_keys.into_iter().filter(|k| !still.contains(k)).collect();
    if let Some(Value::Array(defs)) = t.definition.get_mut("AttributeDefinitions") {
        defs.retain(|d| d.get("AttributeName").and_then(Value::as_str).is_none_or(|n| !gone.iter().any(|g| g == n)));
    }
    for e in &mut t.entities {
        for k in &gone {
            e.keys.remove(k);
        }
    }
    for item in &mut t.items {
        if let Some(o) = item.as_object_mut() {
            for k in &gone {
                o.remove(k);
            }
        }
    }
    Ok(())
}

/// Edit `i`: every item of `table` rebuilt from its entity's key templates. An item that does not read,
/// or cannot be built, is named by its place in the table's list, counted from 1.
fn rekey(i: usize, table: &str, t: &mut TableModel) -> Result<(), Message> {
    let keys = key_attributes(&t.definition);
    for (n, raw) in t.items.iter_mut().enumerate() {
        let item_fault = |key| fault(i, key).text("table", table).count("item", n as u64 + 1);
        let item = item_from_json(raw).map_err(|e| item_fault("edit.rekey.item").text("reason", e.message()))?;
        let Some(entity) = t.entities.iter().find(|e| e.matches(&item)) else { continue };
        let mut values = item.clone();
        // Every key attribute of the table and its indexes comes from a template (or is dropped).
        for k in &keys {
            if entity.keys.contains_key(&k.name) || !k.is_table_key() {
                values.remove(&k.name);
            }
        }
        let built = entity.build_item(&values, &keys).map_err(|e| item_fault("edit.rekey.build").text("entity", entity.name.clone()).text("reason", e.to_string()))?;
        *raw = item_to_json(&built);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn model() -> Model {
        Model::from_json(json!({"version": 2, "tables": [{"definition": {"TableName": "T",
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "G", "AttributeType": "S"}],
            "GlobalSecondaryIndexes": [{"IndexName": "I", "KeySchema": [{"AttributeName": "G", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}],
            "BillingMode": "PAY_PER_REQUEST"},
            "entities": [{"name": "U", "typeValue": "U", "keys": {"PK": "U#{id}", "G": "ACTIVE{flag}"}, "attributes": [{"name": "id", "type": "S"}, {"name": "flag", "type": "S"}]}],
            "items": [{"PK": {"S": "U#1"}, "Type": {"S": "U"}, "id": {"S": "1"}, "flag": {"S": ""}, "G": {"S": "ACTIVE"}},
                      {"PK": {"S": "U#2"}, "Type": {"S": "U"}, "id": {"S": "2"}, "G": {"S": "ACTIVE"}}]}]}))
        .unwrap()
    }

    #[test]
    fn rekey_drops_a_sparse_key_whose_attribute_is_missing() {
        let m = apply(&model(), &[Edit::Rekey("T".into())]).unwrap();
        assert_eq!(m.tables[0].items[0]["G"], json!({"S": "ACTIVE"}));
        assert!(m.tables[0].items[1].get("G").is_none());
    }

    #[test]
    fn put_replaces_by_key_and_update_filters() {
        let m = apply(
            &model(),
            &[
                Edit::PutItems { table: "T".into(), items: alloc::vec![json!({"PK": {"S": "U#2"}, "Type": {"S": "U"}, "id": {"S": "2"}, "n": {"N": "7"}})] },
                Edit::UpdateItems { table: "T".into(), filter: json!({"id": {"S": "1"}}).as_object().unwrap().clone(), set: json!({"n": {"N": "1"}}).as_object().unwrap().clone(), remove: alloc::vec!["flag".into()] },
            ],
        )
        .unwrap();
        assert_eq!(m.tables[0].items.len(), 2);
        assert_eq!(m.tables[0].items[1]["n"], json!({"N": "7"}));
        assert_eq!(m.tables[0].items[0]["n"], json!({"N": "1"}));
        assert!(m.tables[0].items[0].get("flag").is_none());
    }

    #[test]
    fn edits_on_what_is_not_there_are_refused_by_name() {
        let e = apply(&model(), &[Edit::Rekey("Nope".into())]).unwrap_err();
        assert_eq!(crate::message::render_en(&e), "Edit 1: there is no table Nope.");
        let e = apply(&model(), &[Edit::RemoveAccessPattern("x".into())]).unwrap_err();
        assert_eq!(crate::message::render_en(&e), "Edit 1: there is no access pattern “x”.");
        let e = apply(&model(), &[Edit::AccessPattern(json!({"operation": "Query"}))]).unwrap_err();
        assert_eq!(crate::message::render_en(&e), "Edit 1: accessPatterns[0].name: missing (a string is required here)");
        // An entity whose template names a key the table does not have makes a model the format refuses.
        let bad: Entity = serde_json::from_value(json!({"name": "V", "typeValue": "V", "keys": {"X": "x"}})).unwrap();
        let e = apply(&model(), &[Edit::Entity { table: "T".into(), entity: bad }]).unwrap_err();
        assert!(crate::message::render_en(&e).contains("X is not a key"), "{e:?}");
    }

    /// Each refusal in both languages: `(edits, English, Turkish)`. The engine's own words (a model or
    /// an item that does not read) stay in English inside the Turkish sentence.
    #[test]
    fn a_refused_edit_says_why_in_english_and_turkish() {
        let gsi = |index: Value| Edit::Gsi { table: "T".into(), index, types: Map::new() };
        let keys = |set: Value| Edit::EntityKeys { table: "T".into(), entity: "U".into(), set: set.as_object().unwrap().clone(), remove: alloc::vec![] };
        let mut bad_item = model().to_json();
        bad_item["tables"][0]["items"][1]["PK"] = json!({"X": "2"});
        let cases: Vec<(Vec<Edit>, &str, &str)> = alloc::vec![
            (
                alloc::vec![Edit::RemoveIndex { table: "T".into(), index: "Nope".into() }],
                "Edit 1: table T has no index Nope.",
                "Düzenleme 1: T tablosunda Nope adında bir indeks yok.",
            ),
            (
                alloc::vec![gsi(json!({"IndexName": "G2", "Projection": {"ProjectionType": "ALL"}}))],
                "Edit 1: GSI G2 has no KeySchema.",
                "Düzenleme 1: GSI G2 bir KeySchema içermiyor.",
            ),
            (
                alloc::vec![Edit::Rekey("T".into()), gsi(json!({"KeySchema": []}))],
                "Edit 2: a GSI edit's index is the GlobalSecondaryIndexes entry, with its IndexName.",
                "Düzenleme 2: bir GSI düzenlemesinin indeksi, IndexName'i ile birlikte GlobalSecondaryIndexes girdisidir.",
            ),
            (
                alloc::vec![Edit::Table(json!({"KeySchema": []}))],
                "Edit 1: a table edit is the CreateTable input, with its TableName.",
                "Düzenleme 1: bir tablo düzenlemesi, TableName'i ile birlikte CreateTable girdisidir.",
            ),
            (
                alloc::vec![keys(json!({"PK": 7}))],
                "Edit 1: the key template of PK is not a string.",
                "Düzenleme 1: PK niteliğinin anahtar şablonu bir metin değil.",
            ),
            (
                alloc::vec![keys(json!({"PK": "U#{nope}"})), Edit::Rekey("T".into())],
                "Edit 2: the keys of item 1 of table T cannot be built from the U templates: ",
                "Düzenleme 2: T tablosunun 1. öğesinin anahtarları U şablonlarından kurulamıyor: ",
            ),
            (
                alloc::vec![Edit::Model(bad_item), Edit::Rekey("T".into())],
                "Edit 2: item 2 of table T does not read: ",
                "Düzenleme 2: T tablosunun 2. öğesi okunamıyor: ",
            ),
        ];
        for (edits, en, tr) in cases {
            let e = apply(&model(), &edits).unwrap_err();
            let (got_en, got_tr) = (crate::message::render_en(&e), crate::message::render_tr(&e));
            assert!(got_en.starts_with(en), "{got_en}");
            assert!(got_tr.starts_with(tr), "{got_tr}");
            // The reason after the colon, when there is one, is the engine's, the same in both.
            if en.ends_with(": ") {
                assert_eq!(&got_en[en.len()..], &got_tr[tr.len()..]);
            }
        }
    }
}
