//! NoSQL Workbench import and export, on real files written by others (tests/data/workbench/, one per
//! format variant): each imports, loads into the engine with every item, reports what it could not carry,
//! and survives export and import again.

use engine::db::{Database, DatabaseConfig};
use engine::model::Model;
use formats::workbench::{export, import, looks_like_workbench, Imported, Version, WorkbenchError};
use serde_json::Value;

const NOW: u64 = 1_700_000_000_000;

fn sample(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/workbench/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn samples() -> Vec<(String, String)> {
    let dir = format!("{}/tests/data/workbench", env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    out.sort();
    out
}

fn loads(m: &Model, name: &str) {
    let mut db = Database::new(DatabaseConfig::default());
    m.load_into(&mut db, NOW).unwrap_or_else(|e| panic!("{name}: {e}"));
    for t in &m.tables {
        let out = db.execute("Scan", &serde_json::json!({"TableName": t.name().unwrap()}), NOW).unwrap();
        assert_eq!(out["Count"].as_u64(), Some(t.items.len() as u64), "{name}: every item stored");
    }
}

/// Every TableData item of a Workbench file, table-level and per facet, per table.
fn all_items(doc: &Value) -> Vec<(String, Vec<Value>)> {
    doc["DataModel"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let mut items: Vec<Value> = t.get("TableData").and_then(Value::as_array).cloned().unwrap_or_default();
            for f in t.get("TableFacets").and_then(Value::as_array).into_iter().flatten() {
                items.extend(f.get("TableData").and_then(Value::as_array).cloned().unwrap_or_default());
            }
            (t["TableName"].as_str().unwrap().to_string(), items)
        })
        .collect()
}

#[test]
fn every_sample_imports_and_loads_into_the_engine() {
    let files = samples();
    assert_eq!(files.len(), 8);
    for (name, text) in &files {
        let raw: Value = serde_json::from_str(text).unwrap();
        assert!(looks_like_workbench(&raw), "{name}");
        let Imported { model, notes, .. } = import(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        model.check().unwrap_or_else(|e| panic!("{name}: {e}"));
        loads(&model, name);
        // Every item of the file is in the model, in order.
        let want = all_items(&raw);
        assert_eq!(model.tables.len(), want.len(), "{name}");
        for (t, (tname, items)) in model.tables.iter().zip(want) {
            assert_eq!(t.name(), Some(tname.as_str()), "{name}");
            assert_eq!(t.items, items, "{name}/{tname}");
        }
        for n in &notes {
            assert!(!n.message.is_empty(), "{name}: {n}");
        }
    }
}

/// What an import made of a file, in the terms of `tests/data/workbench/expected/<file>`: version, name,
/// each table's keys, billing, capacity, indexes (keys and projection), item count and entities, and the
/// path of every note.
fn summary(i: &Imported) -> Value {
    let keys = |schema: &Value| -> Vec<String> {
        schema.as_array().into_iter().flatten().map(|k| k["AttributeName"].as_str().unwrap_or("").to_string()).collect()
    };
    let indexes = |d: &Value, field: &str| -> Vec<Value> {
        d.get(field).and_then(Value::as_array).into_iter().flatten().map(|ix| {
            let p = &ix["Projection"];
            let mut projection = p["ProjectionType"].as_str().unwrap_or("").to_string();
            if let Some(a) = p.get("NonKeyAttributes").and_then(Value::as_array) {
                projection += &format!(" {}", a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(","));
            }
            serde_json::json!({"name": ix["IndexName"], "key": keys(&ix["KeySchema"]), "projection": projection})
        }).collect()
    };
    let tables: Vec<Value> = i.model.tables.iter().map(|t| {
        let d = &t.definition;
        let entities: Vec<Value> = t.entities.iter().map(|e| serde_json::json!({
            "name": e.name, "typeAttribute": e.type_attribute, "keys": e.keys,
            "attributes": e.attributes.iter().map(|a| format!("{} {}", a.name, a.value_type.as_str())).collect::<Vec<_>>(),
        })).collect();
        serde_json::json!({
            "name": t.name(), "key": keys(&d["KeySchema"]), "billing": d["BillingMode"],
            "throughput": d.get("ProvisionedThroughput"), "gsis": indexes(d, "GlobalSecondaryIndexes"),
            "lsis": indexes(d, "LocalSecondaryIndexes"), "items": t.items.len(), "entities": entities,
        })
    }).collect();
    let version = match i.version { Version::V3 => "3.0", Version::V2 => "2.0", Version::V1 => "1.0", Version::Unversioned => "unversioned" };
    serde_json::json!({
        "version": version, "name": i.model.name, "tables": tables,
        "notes": i.notes.iter().map(|n| n.path.clone()).collect::<Vec<_>>(),
    })
}

/// Data-driven: every sample has its expected import in `expected/` (same file name), checked field by
/// field. `DYNAMODEL_WRITE_EXPECTED=1` writes the files for new samples (to be read and checked by hand
/// against the sample before they are committed).
#[test]
fn every_sample_imports_as_its_expected_file_says() {
    let dir = format!("{}/tests/data/workbench/expected", env!("CARGO_MANIFEST_DIR"));
    for (name, text) in samples() {
        let got = summary(&import(&text).unwrap_or_else(|e| panic!("{name}: {e}")));
        let path = format!("{dir}/{name}");
        if std::env::var_os("DYNAMODEL_WRITE_EXPECTED").is_some() && !std::path::Path::new(&path).exists() {
            std::fs::write(&path, serde_json::to_string_pretty(&got).unwrap() + "\n").unwrap();
        }
        let want: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("{name}: no {path}")))
            .unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(got, want, "{name}: the import differs from {path}");
    }
}

#[test]
fn versions_and_what_each_variant_reports() {
    let v3 = import(&sample("activities.v3.json")).unwrap();
    assert_eq!(v3.version, Version::V3);
    let d = &v3.model.tables[0].definition;
    assert_eq!(d["BillingMode"], "PROVISIONED");
    assert_eq!(d["ProvisionedThroughput"], serde_json::json!({"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}));
    let texts: Vec<String> = v3.notes.iter().map(|n| n.to_string()).collect();
    assert!(texts.iter().any(|n| n.starts_with("DataModel[0].ProvisionedCapacitySettings.AutoScalingRead: auto scaling")), "{texts:?}");

    let v2 = import(&sample("hotel-reservations.v2.json")).unwrap();
    assert_eq!(v2.version, Version::V2);
    let t = &v2.model.tables[0];
    let rate = t.entities.iter().find(|e| e.name == "rate").unwrap();
    assert_eq!(rate.type_attribute, "type");
    assert_eq!(rate.keys["SK"], "{endDate}#{rateId}", "the web modeler's value template is an entity key template");
    let booking = t.entities.iter().find(|e| e.name == "booking").unwrap();
    assert_eq!(booking.keys["GSI1PK"], "H1");
    assert_eq!(booking.keys["GSI1SK"], "{startDate}");
    let checkin = t.entities.iter().find(|e| e.name == "checkin").unwrap();
    assert_eq!(checkin.keys["SK"], "{type}#{date}#{roomId}");
    let texts: Vec<String> = v2.notes.iter().map(|n| n.to_string()).collect();
    assert!(texts.iter().any(|n| n.contains("listed more than once, imported once: ") && n.contains("type ×6")), "{texts:?}");
    assert!(texts.iter().any(|n| n.contains("ModelMetadata.Author: \"Rick Houlihan\"")), "{texts:?}");

    let v1 = import(&sample("online-shop-facets.v1.json")).unwrap();
    assert_eq!(v1.version, Version::V1);
    let t = &v1.model.tables[0];
    assert_eq!(t.entities.len(), 9);
    assert!(t.entities.iter().all(|e| e.type_attribute == "EntityType"), "facets recognised by the attribute naming them");
    assert_eq!(t.definition["GlobalSecondaryIndexes"][0]["KeySchema"][0]["AttributeName"], "GSI1-PK");
    assert_eq!(t.definition["BillingMode"], "PAY_PER_REQUEST");
    assert!(v1.notes.iter().any(|n| n.path == "DataModel[0].BillingMode"));

    let v0 = import(&sample("discussion-forum.json")).unwrap();
    assert_eq!(v0.version, Version::Unversioned);
    assert_eq!(v0.model.tables.iter().map(|t| t.name().unwrap()).collect::<Vec<_>>(), ["Forum", "Thread", "Reply"]);
    assert!(v0.model.description.starts_with("This data model represents"));
}

#[test]
fn export_then_import_gives_the_same_model_except_what_the_notes_name() {
    for (name, text) in samples() {
        let first = import(&text).unwrap().model;
        let (doc, notes) = export(&first);
        assert_eq!(doc["ModelMetadata"]["Version"], "3.0");
        let text2 = serde_json::to_string_pretty(&doc).unwrap();
        let second = import(&text2).unwrap_or_else(|e| panic!("{name}: {e}")).model;
        // Key templates are the one thing Workbench facets cannot hold; the notes say which.
        let mut expected = first.clone();
        for (ti, t) in expected.tables.iter_mut().enumerate() {
            for (ei, e) in t.entities.iter_mut().enumerate() {
                if !e.keys.is_empty() {
                    let path = format!("tables[{ti}].entities[{ei}]");
                    assert!(notes.iter().any(|n| n.path == path && n.message.starts_with("key templates")), "{name}: {path}");
                }
                e.keys.clear();
            }
        }
        assert_eq!(second, expected, "{name}");
        loads(&second, &name);
        // And the Workbench document itself: same tables, keys, indexes, billing and items.
        let raw: Value = serde_json::from_str(&text).unwrap();
        for (a, b) in raw["DataModel"].as_array().unwrap().iter().zip(doc["DataModel"].as_array().unwrap()) {
            for field in ["TableName", "KeyAttributes"] {
                assert_eq!(a[field], b[field], "{name}: {field}");
            }
            let ix = |t: &Value| -> Vec<(Value, Value)> {
                t.get("GlobalSecondaryIndexes").and_then(Value::as_array).into_iter().flatten().map(|i| (i["IndexName"].clone(), i["KeyAttributes"].clone())).collect()
            };
            assert_eq!(ix(a), ix(b), "{name}: GSIs");
            if a.get("BillingMode").is_some() {
                assert_eq!(a["BillingMode"], b["BillingMode"], "{name}");
            }
            if let Some(tp) = a.pointer("/ProvisionedCapacitySettings/ProvisionedThroughput") {
                assert_eq!(Some(tp), b.pointer("/ProvisionedCapacitySettings/ProvisionedThroughput"), "{name}");
            }
        }
        assert_eq!(all_items(&raw), all_items(&doc), "{name}: items");
    }
}

#[test]
fn templates_export_with_notes_for_what_workbench_lacks() {
    let m = formats::gallery::Template::by_slug("time-series").unwrap().model().unwrap();
    let (doc, notes) = export(&m);
    let texts: Vec<String> = notes.iter().map(|n| n.to_string()).collect();
    assert!(texts.iter().any(|n| n.starts_with("tables[0].timeToLive: ")), "{texts:?}");
    assert!(texts.iter().any(|n| n.starts_with("accessPatterns: 3 access pattern(s)")), "{texts:?}");
    assert!(texts.iter().any(|n| n.starts_with("tables[0].entities[0]: the type value \"READING\"")), "{texts:?}");
    let back = import(&doc.to_string()).unwrap().model;
    loads(&back, "time-series");
    assert_eq!(back.tables[0].items, m.tables[0].items);
    for t in &formats::gallery::TEMPLATES {
        let m = t.model().unwrap();
        let back = import(&export(&m).0.to_string()).unwrap().model;
        loads(&back, t.slug);
        assert_eq!(back.tables.iter().map(|t| &t.definition).collect::<Vec<_>>().len(), m.tables.len());
    }
}

#[test]
fn errors_name_their_place() {
    assert!(matches!(import("{"), Err(WorkbenchError::NotJson(_))));
    assert_eq!(import(r#"{"version":2,"tables":[]}"#), Err(WorkbenchError::NotWorkbench));
    assert_eq!(
        import(r#"{"ModelMetadata":{"Version":"4.0"},"DataModel":[]}"#).unwrap_err().to_string(),
        "NoSQL Workbench model version \"4.0\" is not supported (known: 1.0, 2.0, 3.0 and unversioned files)"
    );
    let e = import(r#"{"DataModel":[{"TableName":"Tab","KeyAttributes":{}}]}"#).unwrap_err();
    assert_eq!(e.to_string(), "DataModel[0].KeyAttributes: needs a PartitionKey");
    let e = import(r#"{"DataModel":[{"TableName":"Tab","KeyAttributes":{"PartitionKey":{"AttributeName":"pk","AttributeType":"M"}}}]}"#).unwrap_err();
    assert_eq!(e.to_string(), "DataModel[0].KeyAttributes.PartitionKey: a key attribute's type must be S, N or B, not \"M\"");
    let e = import(r#"{"DataModel":[{"KeyAttributes":{}}]}"#).unwrap_err();
    assert_eq!(e.to_string(), "DataModel[0].TableName: missing");
    let e = import(r#"{"DataModel":[{"TableName":"Tab","KeyAttributes":{"PartitionKey":{"AttributeName":"pk"}},"GlobalSecondaryIndexes":[{"KeyAttributes":{}}]}]}"#).unwrap_err();
    assert_eq!(e.to_string(), "DataModel[0].GlobalSecondaryIndexes[0].IndexName: missing");
    let e = import(r#"{"DataModel":[{"TableName":"Tab","KeyAttributes":{"PartitionKey":{"AttributeName":"pk"}},"TableData":[1]}]}"#).unwrap_err();
    assert_eq!(e.to_string(), "DataModel[0].TableData[0]: a number, not an object");
    let ok = import(r#"{"DataModel":[{"TableName":"Tab","KeyAttributes":{"PartitionKey":{"AttributeName":"pk"}},"Colour":"red"}]}"#).unwrap();
    let texts: Vec<String> = ok.notes.iter().map(|n| n.to_string()).collect();
    assert!(texts.contains(&"DataModel[0].Colour: not a NoSQL Workbench table field this importer knows; ignored".to_string()), "{texts:?}");
}

mod props {
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_text_is_answered(s in "\\PC{0,300}") {
            let _ = formats::workbench::import(&s);
        }
    }
}

/// A table of 10/10 with a GSI of its own 5/5, one of the table's 10/10 and one on-demand table's GSI.
fn capacity_model() -> Model {
    let key = |pk: &str| serde_json::json!([{"AttributeName": pk, "KeyType": "HASH"}]);
    let def = serde_json::json!({
        "TableName": "Orders", "KeySchema": key("PK"),
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "G1", "AttributeType": "S"}, {"AttributeName": "G2", "AttributeType": "S"}],
        "BillingMode": "PROVISIONED", "ProvisionedThroughput": {"ReadCapacityUnits": 10, "WriteCapacityUnits": 10},
        "GlobalSecondaryIndexes": [
            {"IndexName": "Own", "KeySchema": key("G1"), "Projection": {"ProjectionType": "ALL"}, "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}},
            {"IndexName": "Same", "KeySchema": key("G2"), "Projection": {"ProjectionType": "KEYS_ONLY"}, "ProvisionedThroughput": {"ReadCapacityUnits": 10, "WriteCapacityUnits": 10}},
        ],
    });
    let mut m = Model::new();
    m.tables.push(engine::model::TableModel { definition: def, entities: vec![], items: vec![], time_to_live: None });
    m
}

#[test]
fn a_gsi_of_its_own_capacity_is_named_in_the_notes_and_reads_back_as_the_tables() {
    let m = capacity_model();
    loads(&m, "capacity");
    let (doc, notes) = export(&m);
    let texts: Vec<String> = notes.iter().map(|n| n.to_string()).collect();
    assert_eq!(
        texts,
        ["tables[0].definition.GlobalSecondaryIndexes[0].ProvisionedThroughput: NoSQL Workbench's model gives a global secondary index its table's capacity; this index's own 5 RCU / 5 WCU left out (it reads back as the table's 10 RCU / 10 WCU)"]
    );
    assert_eq!(doc["DataModel"][0]["ProvisionedCapacitySettings"]["ProvisionedThroughput"], serde_json::json!({"ReadCapacityUnits": 10, "WriteCapacityUnits": 10}));
    let back = import(&doc.to_string()).unwrap().model;
    loads(&back, "capacity, exported and imported");
    let gsis = &back.tables[0].definition["GlobalSecondaryIndexes"];
    assert_eq!(gsis[0]["ProvisionedThroughput"], serde_json::json!({"ReadCapacityUnits": 10, "WriteCapacityUnits": 10}), "what the note says");
    assert_eq!(gsis[1]["ProvisionedThroughput"], m.tables[0].definition["GlobalSecondaryIndexes"][1]["ProvisionedThroughput"]);
    // Everything but the noted capacity comes back.
    let mut expected = m.tables[0].definition.clone();
    expected["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"] = serde_json::json!({"ReadCapacityUnits": 10, "WriteCapacityUnits": 10});
    let sorted = |d: &Value| {
        let mut d = d.clone();
        d["AttributeDefinitions"].as_array_mut().unwrap().sort_by_key(|a| a["AttributeName"].as_str().unwrap().to_string());
        d
    };
    assert_eq!(sorted(&back.tables[0].definition), sorted(&expected));

    // With every index at the table's capacity, nothing is lost and nothing is said.
    let mut same = capacity_model();
    same.tables[0].definition["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"] = serde_json::json!({"ReadCapacityUnits": 10, "WriteCapacityUnits": 10});
    let (doc, notes) = export(&same);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(sorted(&import(&doc.to_string()).unwrap().model.tables[0].definition), sorted(&same.tables[0].definition));
}

#[test]
fn index_settings_workbench_cannot_hold_are_named() {
    let mut m = capacity_model();
    let d = &mut m.tables[0].definition;
    d["BillingMode"] = "PAY_PER_REQUEST".into();
    d.as_object_mut().unwrap().remove("ProvisionedThroughput");
    for ix in d["GlobalSecondaryIndexes"].as_array_mut().unwrap() {
        ix.as_object_mut().unwrap().remove("ProvisionedThroughput");
    }
    d["GlobalSecondaryIndexes"][1]["OnDemandThroughput"] = serde_json::json!({"MaxReadRequestUnits": 100, "MaxWriteRequestUnits": 50});
    loads(&m, "on demand");
    let (doc, notes) = export(&m);
    let texts: Vec<String> = notes.iter().map(|n| n.to_string()).collect();
    assert_eq!(texts, ["tables[0].definition.GlobalSecondaryIndexes[1].OnDemandThroughput: not part of a NoSQL Workbench index; left out"]);
    let back = import(&doc.to_string()).unwrap().model;
    assert!(back.tables[0].definition["GlobalSecondaryIndexes"][1].get("OnDemandThroughput").is_none());
}

/// A file that gives an index capacity of its own (Workbench does not write one, other tools may) keeps
/// it; what the file leaves out of it is the table's.
#[test]
fn an_index_capacity_in_a_file_is_read() {
    let file = r#"{"ModelMetadata": {"Version": "3.0"}, "DataModel": [{"TableName": "T",
        "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
        "GlobalSecondaryIndexes": [{"IndexName": "G", "KeyAttributes": {"PartitionKey": {"AttributeName": "G", "AttributeType": "S"}},
            "ProvisionedThroughput": {"ReadCapacityUnits": 3}}],
        "BillingMode": "PROVISIONED", "ProvisionedCapacitySettings": {"ProvisionedThroughput": {"ReadCapacityUnits": 8, "WriteCapacityUnits": 7}}}]}"#;
    let m = import(file).unwrap().model;
    assert_eq!(m.tables[0].definition["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"], serde_json::json!({"ReadCapacityUnits": 3, "WriteCapacityUnits": 7}));
    let on_demand = file.replace("\"PROVISIONED\"", "\"PAY_PER_REQUEST\"");
    let i = import(&on_demand).unwrap();
    assert!(i.model.tables[0].definition["GlobalSecondaryIndexes"][0].get("ProvisionedThroughput").is_none());
    let texts: Vec<String> = i.notes.iter().map(|n| n.to_string()).collect();
    assert!(texts.contains(&"DataModel[0].GlobalSecondaryIndexes[0].ProvisionedThroughput: the table is on demand, so its indexes have no provisioned capacity; not imported".to_string()), "{texts:?}");
}

#[test]
fn a_multi_attribute_key_travels_as_partition_and_sort_key_lists() {
    let m = formats::gallery::Template::by_slug("tasks-by-assignee-status").unwrap().model().unwrap();
    let (doc, _) = export(&m);
    let gsi = doc["DataModel"][0]["GlobalSecondaryIndexes"].as_array().unwrap().iter().find(|g| g["IndexName"] == "ByAssigneeStatus").unwrap();
    let keys = &gsi["KeyAttributes"];
    assert_eq!(keys["PartitionKey"], serde_json::json!({"AttributeName": "tenantId", "AttributeType": "S"}));
    assert_eq!(keys["SortKey"], serde_json::json!({"AttributeName": "status", "AttributeType": "S"}));
    let names = |k: &str| keys[k].as_array().unwrap().iter().map(|a| a["AttributeName"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(names("PartitionKeys"), ["tenantId", "assignee"]);
    assert_eq!(names("SortKeys"), ["status", "dueDate"]);
    // A one-attribute key keeps Workbench's own two members only.
    let other = doc["DataModel"][0]["GlobalSecondaryIndexes"].as_array().unwrap().iter().find(|g| g["IndexName"] == "BySyntheticKey").unwrap();
    assert!(other["KeyAttributes"].get("PartitionKeys").is_none());
    // Read back: the same key schema, in order.
    let back = import(&doc.to_string()).unwrap().model;
    assert_eq!(back.tables[0].definition["GlobalSecondaryIndexes"][1]["KeySchema"], m.tables[0].definition["GlobalSecondaryIndexes"][1]["KeySchema"]);
    loads(&back, "tasks-by-assignee-status");
    // A first attribute that disagrees with its list is named.
    let mut bad = doc.clone();
    bad["DataModel"][0]["GlobalSecondaryIndexes"][1]["KeyAttributes"]["PartitionKey"]["AttributeName"] = "assignee".into();
    let e = import(&bad.to_string()).unwrap_err().to_string();
    assert!(e.contains("GlobalSecondaryIndexes[1].KeyAttributes.PartitionKey") && e.contains("must be the first attribute of PartitionKeys"), "{e}");
}
