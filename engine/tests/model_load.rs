//! Loading models into a real engine `Database`: the examples load and their items are there; broken
//! models fail with the engine's own DynamoDB error (cases in tests/data/models/load_cases.json).

use std::fs;

use engine::db::{Database, DatabaseConfig};
use engine::model::{Model, ModelError};

const NOW: u64 = 1_700_000_000_000;

fn read(name: &str) -> Model {
    let path = format!("{}/tests/data/models/{name}", env!("CARGO_MANIFEST_DIR"));
    Model::from_json_str(&fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn examples_load_and_scan_back() {
    for name in ["ecommerce.json", "menu.json", "readings.json"] {
        let m = read(name);
        let mut db = Database::new(DatabaseConfig::default());
        m.load_into(&mut db, NOW).unwrap_or_else(|e| panic!("{name}: {e}"));
        for t in &m.tables {
            let table = t.name().unwrap();
            let out = db.execute("Scan", &serde_json::json!({"TableName": table}), NOW).unwrap();
            assert_eq!(out["Count"].as_u64(), Some(t.items.len() as u64), "{name}/{table}");
        }
    }
}

#[test]
fn sparse_index_holds_only_items_with_its_keys() {
    let m = read("menu.json");
    let mut db = Database::new(DatabaseConfig::default());
    m.load_into(&mut db, NOW).unwrap();
    let active = m.tables[0].items.iter().filter(|i| i.get("GSI1PK").is_some()).count();
    assert!(active > 0 && active < m.tables[0].items.len());
    let out = db.execute("Scan", &serde_json::json!({"TableName": "Menu", "IndexName": "ActiveMenuItems"}), NOW).unwrap();
    assert_eq!(out["Count"].as_u64(), Some(active as u64));
}

#[test]
fn engine_errors_from_cases() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/models/load_cases.json");
    let cases: Vec<serde_json::Value> = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    let mut checked = 0;
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let want = &case["error"];
        let (kind, table) = (want["kind"].as_str().unwrap(), want["table"].as_str().unwrap_or_default());
        if !matches!(kind, "Item" | "CreateTable") {
            continue;
        }
        let m = Model::from_json(case["model"].clone()).unwrap();
        let mut db = Database::new(DatabaseConfig::default());
        let got = m.load_into(&mut db, NOW).expect_err(name);
        let api = match (&got, kind) {
            (ModelError::Item { table: t, index, error }, "Item") => {
                assert_eq!((t.as_str(), *index as u64), (table, want["index"].as_u64().unwrap()), "{name}");
                error
            }
            (ModelError::CreateTable { table: t, error }, "CreateTable") => {
                assert_eq!(t, table, "{name}");
                error
            }
            _ => panic!("{name}: {got:?}"),
        };
        assert_eq!(api.type_name(), want["type"].as_str().unwrap(), "{name}");
        assert_eq!(api.message(), want["message"].as_str().unwrap(), "{name}");
        checked += 1;
    }
    assert_eq!(checked, 4);
}
