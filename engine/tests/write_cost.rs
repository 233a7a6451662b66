//! `Table::write_cost_between` (what the simulator's pricing recognises writes by) charges exactly what
//! `Table::commit_write` charges for the same write: every pair of (stored item, written item) below, on
//! a table with a GSI projecting one attribute and an LSI, gives the same charges, reasons and sizes.

use engine::capacity::{Consumed, Factor};
use engine::db::Database;
use engine::table::key::key_from_item;
use engine::value::{item_from_json, Item};
use serde_json::{json, Value};

fn item(v: Value) -> Item {
    item_from_json(&v).unwrap_or_else(|e| panic!("{e:?}"))
}

fn database() -> Database {
    let mut db = Database::default();
    let table = json!({"TableName": "Users", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "SK", "AttributeType": "S"},
                                 {"AttributeName": "email", "AttributeType": "S"}, {"AttributeName": "at", "AttributeType": "N"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "ByEmail", "KeySchema": [{"AttributeName": "email", "KeyType": "HASH"}],
                                    "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["name"]}}],
        "LocalSecondaryIndexes": [{"IndexName": "ByTime", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "at", "KeyType": "RANGE"}],
                                   "Projection": {"ProjectionType": "ALL"}}]});
    db.execute("CreateTable", &table, 0).unwrap_or_else(|e| panic!("{e:?}"));
    db
}

#[test]
fn write_cost_between_charges_what_commit_write_charges() {
    let base = json!({"PK": {"S": "U#1"}, "SK": {"S": "A"}});
    let with = |extra: Value| {
        let mut v = base.clone();
        for (k, x) in extra.as_object().into_iter().flatten() {
            v[k] = x.clone();
        }
        item(v)
    };
    let big = "x".repeat(5000);
    let items = [
        None,
        Some(with(json!({}))),
        Some(with(json!({"email": {"S": "a@x"}, "name": {"S": "Ann"}}))),
        Some(with(json!({"email": {"S": "a@x"}, "name": {"S": "Anne"}}))),
        Some(with(json!({"email": {"S": "b@x"}, "name": {"S": "Ann"}}))),
        Some(with(json!({"email": {"S": "a@x"}, "name": {"S": "Ann"}, "bio": {"S": big.clone()}}))),
        Some(with(json!({"email": {"S": "a@x"}, "name": {"S": "Ann"}, "at": {"N": "5"}}))),
        Some(with(json!({"at": {"N": "6"}, "bio": {"S": big}}))),
    ];
    let mut compared = 0;
    for old in &items {
        for new in &items {
            let mut db = database();
            if let Some(o) = old {
                db.put_item_ref("Users", o).unwrap_or_else(|e| panic!("{e:?}"));
            }
            let t = db.table_mut("Users").unwrap_or_else(|| panic!("table"));
            let predicted = t.write_cost_between(old.as_ref(), new.as_ref());
            let key = key_from_item(&t.def.keys, &with(json!({}))).unwrap_or_else(|e| panic!("{e:?}"));
            let mut charged = Consumed::new("Users");
            t.commit_write(&key, new.as_ref(), Factor::Standard, &mut charged);
            assert_eq!(predicted.charges, charged.charges, "old {old:?} new {new:?}");
            compared += 1;
        }
    }
    assert_eq!(compared, 64);
}
