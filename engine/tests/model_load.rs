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
fn time_to_live_is_set_on_load() {
    let mut m = read("readings.json");
    m.tables[0].time_to_live = Some("expiresAt".into());
    let mut db = Database::new(DatabaseConfig::default());
    m.load_into(&mut db, NOW).unwrap();
    let name = m.tables[0].name().unwrap();
    let out = db.execute("DescribeTimeToLive", &serde_json::json!({"TableName": name}), NOW).unwrap();
    assert_eq!(out["TimeToLiveDescription"]["AttributeName"], "expiresAt");
}

#[test]
fn item_value_faults_are_named_before_any_table_is_created() {
    let mut m = read("ecommerce.json");
    m.tables[0].items[2]["total"] = serde_json::json!({"N": "abc"});
    let mut db = Database::new(DatabaseConfig::default());
    let e = m.load_into(&mut db, NOW).unwrap_err();
    assert_eq!(e.to_string(), "tables[0].items[2].total: The parameter cannot be converted to a numeric value: abc");
    assert!(db.execute("ListTables", &serde_json::json!({}), NOW).unwrap()["TableNames"].as_array().unwrap().is_empty());
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
        if !matches!(kind, "Item" | "CreateTable" | "TimeToLive") {
            continue;
        }
        let m = Model::from_json(case["model"].clone()).unwrap();
        let mut db = Database::new(DatabaseConfig::default());
        let got = m.load_into(&mut db, NOW).expect_err(name);
        let api = match (&got, kind) {
            (ModelError::Item { position, table: t, index, error }, "Item") => {
                assert_eq!((t.as_str(), *index as u64), (table, want["index"].as_u64().unwrap()), "{name}");
                assert_eq!(*position as u64, want["position"].as_u64().unwrap(), "{name}");
                let path = format!("tables[{position}].items[{index}] ({table}): ");
                assert!(got.to_string().starts_with(&path), "{name}: {got}");
                error
            }
            (ModelError::CreateTable { position, table: t, error }, "CreateTable")
            | (ModelError::TimeToLive { position, table: t, error }, "TimeToLive") => {
                assert_eq!(t, table, "{name}");
                assert_eq!(*position as u64, want["position"].as_u64().unwrap(), "{name}");
                error
            }
            _ => panic!("{name}: {got:?}"),
        };
        assert_eq!(api.type_name(), want["type"].as_str().unwrap(), "{name}");
        if let Some(message) = want["message"].as_str() {
            assert_eq!(api.message(), message, "{name}");
        }
        checked += 1;
    }
    assert_eq!(checked, 5);
}
