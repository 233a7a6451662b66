//! The model file format: every example file reads, round-trips, and passes its own checks; malformed
//! files are refused with the right error (cases in tests/data/models/load_cases.json, the
//! format-only ones here; engine-dependent ones in model_load.rs).

use std::fs;
use std::path::PathBuf;

use engine::model::{Model, ModelError, MODEL_VERSION};

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/models")
}

pub fn example_files() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = fs::read_dir(data_dir())
        .expect("data dir")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| !p.file_name().unwrap().to_string_lossy().contains('_') && !p.ends_with("templates.json"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), fs::read_to_string(&p).unwrap()))
        .collect();
    out.sort();
    out
}

#[test]
fn examples_exist() {
    let names: Vec<String> = example_files().into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["ecommerce.json", "menu.json", "readings.json"]);
}

#[test]
fn examples_read_check_and_round_trip() {
    for (name, text) in example_files() {
        let m = Model::from_json_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(m.version, MODEL_VERSION, "{name}");
        assert!(!m.tables.is_empty(), "{name}");
        m.check().unwrap_or_else(|e| panic!("{name}: {e}"));
        // Model -> JSON -> Model is the identity, and so is JSON text -> Model -> JSON value.
        let again = Model::from_json_str(&m.to_json_string_pretty()).unwrap();
        assert_eq!(again, m, "{name}");
        let raw: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(m.to_json(), raw, "{name}: the file holds exactly what the model serialises");
    }
}

#[test]
fn format_errors_from_cases() {
    let cases: Vec<serde_json::Value> =
        serde_json::from_str(&fs::read_to_string(data_dir().join("load_cases.json")).unwrap()).unwrap();
    let mut checked = 0;
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let err = &case["error"];
        let got = Model::from_json(case["model"].clone());
        let message = err["message"].as_str().unwrap_or_default();
        match err["kind"].as_str().unwrap() {
            "UnsupportedVersion" => {
                let e = got.expect_err(name);
                assert!(matches!(e, ModelError::UnsupportedVersion(_)), "{name}: {e:?}");
                assert_eq!(e.to_string(), message, "{name}");
            }
            "MissingVersion" => assert_eq!(got, Err(ModelError::MissingVersion), "{name}"),
            "At" => {
                let e = got.expect_err(name);
                assert!(matches!(e, ModelError::At { .. }), "{name}: {e:?}");
                assert_eq!(e.to_string(), message, "{name}");
            }
            "Items" => {
                let m = got.expect(name);
                let e = m.check_items().expect_err(name);
                assert!(matches!(e, ModelError::At { .. }), "{name}: {e:?}");
                assert_eq!(e.to_string(), message, "{name}");
            }
            "Entity" => {
                let e = got.expect(name).check().expect_err(name);
                assert!(matches!(e, ModelError::Entity { .. }), "{name}: {e:?}");
                assert_eq!(e.to_string(), message, "{name}");
            }
            _ => continue,
        }
        checked += 1;
    }
    assert_eq!(checked, 29);
}

#[test]
fn version_1_files_migrate_to_the_current_version() {
    let v1 = r#"{"version":1,"name":"Old","tables":[{"definition":{"TableName":"T"},"items":[{"PK":{"S":"a"}}]}]}"#;
    let (m, from) = Model::from_json_migrated(serde_json::from_str(v1).unwrap()).unwrap();
    assert_eq!((from, m.version), (1, MODEL_VERSION));
    assert_eq!(m.name, "Old");
    assert_eq!(m.tables[0].items.len(), 1);
    assert!(m.access_patterns.is_empty() && m.workloads.is_empty() && m.tables[0].time_to_live.is_none());
    // Written back, it is a current-version file, and reads as the same model.
    let v = m.to_json();
    assert_eq!(v["version"], MODEL_VERSION);
    assert_eq!(Model::from_json_migrated(v).unwrap(), (m, MODEL_VERSION));
}

#[test]
fn open_slots_keep_fields_this_build_does_not_know() {
    let text = r#"{"version":2,"tables":[],
        "accessPatterns":[{"name":"Orders by status","operation":"Query","request":{"TableName":"T"},"frequency":{"perSecond":50}}],
        "workloads":[{"name":"Black Friday","description":"peak","mix":[{"pattern":"Orders by status","share":0.8}]}]}"#;
    let m = Model::from_json_str(text).unwrap();
    assert_eq!(m.access_patterns[0].operation.as_deref(), Some("Query"));
    assert_eq!(m.access_patterns[0].extra["frequency"]["perSecond"], 50);
    assert_eq!(m.workloads[0].description, "peak");
    assert!(m.workloads[0].extra.contains_key("mix"));
    let raw: serde_json::Value = serde_json::from_str(text).unwrap();
    assert_eq!(m.to_json(), raw, "written back unchanged");
}

#[test]
fn a_lesson_travels_with_the_model_as_it_was_written() {
    // The engine keeps the member verbatim: the `lessons` crate reads and judges it.
    let text = r#"{"version":2,"tables":[],"lesson":{"id":"keys","lang":"en","title":"Keys","steps":[{"id":"one","x":[1,2]}]}}"#;
    let m = Model::from_json_str(text).unwrap();
    assert_eq!(m.lesson.as_ref().unwrap()["steps"][0]["x"][1], 2);
    let raw: serde_json::Value = serde_json::from_str(text).unwrap();
    assert_eq!(m.to_json(), raw, "written back unchanged");
    let none = Model::from_json_str(r#"{"version":2,"tables":[],"lesson":null}"#).unwrap();
    assert_eq!(none.lesson, None);
    assert!(none.to_json().get("lesson").is_none(), "no lesson, no member");
}

#[test]
fn paths_quote_names_that_are_not_identifiers() {
    use engine::model::Path;
    let p = Path::root().field("tables").index(1).field("items").index(40);
    assert_eq!(p.field("price").as_str(), "tables[1].items[40].price");
    assert_eq!(p.field("first name").as_str(), "tables[1].items[40][\"first name\"]");
    assert_eq!(p.field("a.b").as_str(), "tables[1].items[40][\"a.b\"]");
    assert_eq!(p.field("GSI1-PK").as_str(), "tables[1].items[40].GSI1-PK");
    assert_eq!(p.field("").as_str(), "tables[1].items[40][\"\"]");
    assert_eq!(p.field("1x").as_str(), "tables[1].items[40][\"1x\"]");
}

#[test]
fn not_json_is_a_format_error() {
    assert!(matches!(Model::from_json_str("{\"version\":1,"), Err(ModelError::Format(_))));
    let e = Model::from_json_str("{\n  \"version\": 2,\n  \"tables\": [}\n").unwrap_err();
    assert!(e.to_string().contains("line 3"), "syntax errors say where: {e}");
    assert!(matches!(Model::from_json_str(""), Err(ModelError::Format(_))));
    assert!(matches!(Model::from_json_str("[]"), Err(ModelError::At { .. })));
    assert_eq!(Model::from_json_str("{\"version\":\"1\"}"), Err(ModelError::MissingVersion));
}

#[test]
fn defaults_are_omitted_and_restored() {
    let m = Model::from_json_str(r#"{"version":1,"tables":[{"definition":{"TableName":"T"}}]}"#).unwrap();
    assert_eq!(m.tables[0].name(), Some("T"));
    assert!(m.tables[0].entities.is_empty() && m.tables[0].items.is_empty());
    let v = m.to_json();
    assert!(v.get("name").is_none(), "empty name is not written: {v}");
    assert_eq!(Model::from_json(v).unwrap(), m);
}

mod round_trip {
    use engine::model::entity::value_type_from_str;
    use engine::model::{Entity, EntityAttribute, Model, TableModel};
    use proptest::prelude::*;

    const TAGS: [&str; 10] = ["S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS"];

    fn entity() -> impl Strategy<Value = Entity> {
        (
            "\\PC{0,12}",
            "[A-Za-z]{1,6}",
            "\\PC{0,8}",
            prop::collection::btree_map("[A-Z0-9]{1,6}", "\\PC{0,16}", 0..4),
            prop::collection::vec(("[a-zA-Z_]{1,8}", 0usize..10), 0..5),
        )
            .prop_map(|(name, type_attribute, type_value, keys, attrs)| Entity {
                name,
                type_attribute,
                type_value,
                keys: keys.into_iter().collect(),
                attributes: attrs
                    .into_iter()
                    .map(|(name, t)| EntityAttribute { name, value_type: value_type_from_str(TAGS[t]).unwrap() })
                    .collect(),
            })
    }

    proptest! {
        /// Whatever a model holds (names, templates, raw items), writing and reading it gives it back.
        #[test]
        fn model_json_round_trips(name in "\\PC{0,20}", entities in prop::collection::vec(entity(), 0..4),
                                  items in prop::collection::vec(prop::collection::btree_map("[a-z]{1,5}", "\\PC{0,10}", 0..4), 0..5)) {
            let items = items
                .into_iter()
                .map(|m| serde_json::Value::Object(m.into_iter().map(|(k, v)| (k, serde_json::json!({"S": v}))).collect()))
                .collect();
            let mut m = Model::new();
            m.name = name;
            m.tables.push(TableModel { definition: serde_json::json!({"TableName": "Tab1"}), entities, items, time_to_live: None });
            let text = m.to_json_string_pretty();
            prop_assert_eq!(Model::from_json_str(&text).unwrap(), m.clone());
            prop_assert_eq!(Model::from_json(m.to_json()).unwrap(), m);
        }
    }
}
