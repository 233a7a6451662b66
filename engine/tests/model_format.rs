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
        match err["kind"].as_str().unwrap() {
            "UnsupportedVersion" => {
                let e = got.expect_err(name);
                assert!(matches!(e, ModelError::UnsupportedVersion(2)), "{name}: {e:?}");
                assert_eq!(e.to_string(), err["message"].as_str().unwrap(), "{name}");
            }
            "MissingVersion" => assert_eq!(got, Err(ModelError::MissingVersion), "{name}"),
            "Format" => assert!(matches!(got, Err(ModelError::Format(_))), "{name}: {got:?}"),
            "Entity" => {
                let e = got.expect(name).check().expect_err(name);
                assert!(matches!(e, ModelError::Entity { .. }), "{name}: {e:?}");
                assert_eq!(e.to_string(), err["message"].as_str().unwrap(), "{name}");
            }
            _ => continue,
        }
        checked += 1;
    }
    assert_eq!(checked, 6);
}

#[test]
fn not_json_is_a_format_error() {
    assert!(matches!(Model::from_json_str("{\"version\":1,"), Err(ModelError::Format(_))));
    assert!(matches!(Model::from_json_str(""), Err(ModelError::Format(_))));
    assert_eq!(Model::from_json_str("[]"), Err(ModelError::MissingVersion));
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
                keys,
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
            m.tables.push(TableModel { definition: serde_json::json!({"TableName": "Tab1"}), entities, items });
            let text = m.to_json_string_pretty();
            prop_assert_eq!(Model::from_json_str(&text).unwrap(), m.clone());
            prop_assert_eq!(Model::from_json(m.to_json()).unwrap(), m);
        }
    }
}
