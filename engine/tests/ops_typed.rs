//! Typed-API checks that the JSON case files cannot express: capacity charged to failed conditional
//! writes, the capacity explanation, parallel-scan segments partitioning a table, the item-collection
//! limit, and malformed snapshots.

use engine::api::read::QueryInput;
use engine::api::write::{PutItemInput, WriteExpressions};
use engine::capacity::{Reason, Target};
use engine::db::Database;
use engine::error::ApiError;
use engine::value::{item_from_json, Item};
use serde_json::{json, Value};

const NOW: u64 = 1_700_000_000_000;

fn db_with(table: Value) -> Database {
    let mut db = Database::default();
    db.execute("CreateTable", &table, NOW).expect("create");
    db
}

fn simple() -> Database {
    db_with(json!({"TableName": "Tab", "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST"}))
}

fn item(v: Value) -> Item {
    item_from_json(&v).expect("item")
}

#[test]
fn failed_conditional_put_is_still_charged() {
    let mut db = simple();
    let big = "x".repeat(2000);
    db.put_item(PutItemInput { table_name: "Tab".into(), item: item(json!({"pk": {"S": "a"}, "d": {"S": big}})), ..Default::default() }, NOW)
        .expect("put");
    let input = PutItemInput {
        table_name: "Tab".into(),
        item: item(json!({"pk": {"S": "a"}})),
        expressions: WriteExpressions { condition_expression: Some("attribute_not_exists(pk)".into()), ..Default::default() },
        ..Default::default()
    };
    let err = db.put_item_metered(input, NOW).expect_err("condition fails");
    assert!(matches!(err.0, ApiError::ConditionalCheckFailed { .. }));
    let consumed = err.1.expect("charged");
    // Existing item: pk (2+1) + d (1+2000) = 2004 B -> 2 x 1 KB blocks = 2 WCU = 4 half-units.
    assert_eq!(consumed.total_half_units(), 4);
    assert!(matches!(consumed.charges[0].reason, Reason::ConditionFailed { old: Some(2004), new: Some(3) }));
    assert_eq!(
        consumed.charges[0].explain(),
        "Table: 2004 B -> 2 x 1024 B blocks = 2 WCU (condition failed: the write is still charged)"
    );
}

#[test]
fn explanation_names_every_index_charge() {
    let mut db = db_with(json!({"TableName": "Tab",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "g", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST",
        "GlobalSecondaryIndexes": [{"IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "KEYS_ONLY"}}]}));
    let put = |db: &mut Database, g: &str| {
        db.put_item(PutItemInput { table_name: "Tab".into(), item: item(json!({"pk": {"S": "a"}, "g": {"S": g}})), ..Default::default() }, NOW)
            .expect("put")
    };
    let first = put(&mut db, "x");
    let lines: Vec<String> = first.consumed.charges.iter().map(|c| c.explain()).collect();
    assert_eq!(lines, vec!["Table: 5 B -> 1 x 1024 B blocks = 1 WCU (new item (5 B))", "GSI byG: 5 B -> 1 x 1024 B blocks = 1 WCU (new index entry)"]);
    let second = put(&mut db, "y");
    let reasons: Vec<(&Target, &Reason)> = second.consumed.charges.iter().map(|c| (&c.target, &c.reason)).collect();
    let gsi = Target::GlobalIndex("byG".into());
    assert_eq!(
        reasons,
        vec![
            (&Target::Table, &Reason::WriteItem { old: Some(5), new: 5 }),
            (&gsi, &Reason::IndexKeyChangedDelete),
            (&gsi, &Reason::IndexKeyChangedPut)
        ]
    );
    assert_eq!(second.consumed.total_half_units(), 6);
}

#[test]
fn scan_segments_partition_the_table() {
    let mut db = simple();
    for i in 0..200 {
        db.put_item(PutItemInput { table_name: "Tab".into(), item: item(json!({"pk": {"S": format!("k{i}")}})), ..Default::default() }, NOW)
            .expect("put");
    }
    for total in 1..6u32 {
        let mut seen: Vec<String> = Vec::new();
        for segment in 0..total {
            let input = QueryInput { table_name: "Tab".into(), segment: Some(segment), total_segments: Some(total), ..Default::default() };
            let out = db.scan(&input, NOW).expect("scan");
            for it in out.items.expect("items") {
                seen.push(format!("{:?}", it.get("pk")));
            }
        }
        seen.sort();
        let before = seen.len();
        seen.dedup();
        assert_eq!((before, seen.len()), (200, 200), "TotalSegments={total}: every item in exactly one segment");
    }
}

#[test]
fn item_collection_limit_applies_to_tables_with_an_lsi() {
    let mut db = db_with(json!({"TableName": "Coll",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"}, {"AttributeName": "l", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}], "BillingMode": "PAY_PER_REQUEST",
        "LocalSecondaryIndexes": [{"IndexName": "byL", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "l", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "ALL"}}]}));
    db.table_mut("Coll").expect("table").collection_limit = 100;
    let put = |db: &mut Database, sk: &str| {
        db.execute("PutItem", &json!({"TableName": "Coll", "Item": {"pk": {"S": "a"}, "sk": {"S": sk}, "l": {"S": "z"}, "d": {"S": "0123456789"}}}), NOW)
    };
    // Each item is 2+1 + 2+1+ 1+1 + 1+10 = 19 B, counted twice (table + ALL-projected LSI entry): 38 B.
    put(&mut db, "1").expect("38 B");
    put(&mut db, "2").expect("76 B");
    let err = put(&mut db, "3").expect_err("114 B > 100 B");
    assert_eq!(err.type_name(), "ItemCollectionSizeLimitExceededException");
    put(&mut db, "2").expect("overwriting an item does not grow the collection");
    db.execute("PutItem", &json!({"TableName": "Coll", "Item": {"pk": {"S": "b"}, "sk": {"S": "3"}, "l": {"S": "z"}}}), NOW).expect("other collection");
}

#[test]
fn malformed_snapshots_are_errors() {
    let mut db = simple();
    db.execute("PutItem", &json!({"TableName": "Tab", "Item": {"pk": {"S": "a"}}}), NOW).expect("put");
    let good = db.snapshot();
    assert_eq!(Database::restore(&good).expect("restores").snapshot(), good);
    let mut bad = vec![json!(null), json!([]), json!({"version": 2}), json!({"version": 1, "region": "r", "accountId": "a"})];
    let mut dup = good.clone();
    let items = dup["tables"][0]["items"].as_array().cloned().unwrap_or_default();
    dup["tables"][0]["items"] = Value::Array([items.clone(), items].concat());
    bad.push(dup);
    let mut wrong_key = good.clone();
    wrong_key["tables"][0]["items"][0] = json!({"pk": {"N": "1"}});
    bad.push(wrong_key);
    let mut bad_def = good.clone();
    bad_def["tables"][0]["definition"]["KeySchema"] = json!([]);
    bad.push(bad_def);
    for b in bad {
        assert!(Database::restore(&b).is_err(), "{b} must not restore");
    }
}

mod numkey_order {
    use engine::number::Number;
    use engine::table::numkey::{decode, encode};
    use proptest::prelude::*;

    fn number() -> impl Strategy<Value = Number> {
        (any::<bool>(), 0u128..10u128.pow(38), -140i32..100).prop_filter_map("in range", |(neg, c, e)| Number::from_parts(neg, c, e).ok())
    }

    proptest! {
        #[test]
        fn encoding_orders_like_numbers_and_round_trips(a in number(), b in number()) {
            prop_assert_eq!(encode(&a).cmp(&encode(&b)), a.cmp(&b));
            prop_assert_eq!(decode(&encode(&a)), Some(a));
            prop_assert!(encode(&a).len() <= 22);
        }
    }
}

#[test]
fn snapshot_round_trips_after_index_changes() {
    let mut db = simple();
    db.execute("PutItem", &json!({"TableName": "Tab", "Item": {"pk": {"S": "a"}, "c": {"S": "red"}}}), NOW).expect("put");
    let create = json!({"TableName": "Tab", "AttributeDefinitions": [{"AttributeName": "c", "AttributeType": "S"}],
        "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": "byC", "KeySchema": [{"AttributeName": "c", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}}]});
    db.execute("UpdateTable", &create, NOW).expect("create index");
    let snap = db.snapshot();
    let restored = Database::restore(&snap).expect("restores while the index is CREATING");
    assert_eq!(restored.snapshot(), snap);
    let d = restored.execute_describe();
    assert_eq!(d["Table"]["GlobalSecondaryIndexes"][0]["IndexStatus"], json!("CREATING"));
    db.execute("UpdateTable", &json!({"TableName": "Tab", "GlobalSecondaryIndexUpdates": [{"Delete": {"IndexName": "byC"}}]}), NOW + 10_000)
        .expect("delete index");
    let snap = db.snapshot();
    assert_eq!(Database::restore(&snap).expect("restores after the delete").snapshot(), snap);
}

trait Describe {
    fn execute_describe(&self) -> Value;
}

impl Describe for Database {
    fn execute_describe(&self) -> Value {
        self.clone().execute("DescribeTable", &json!({"TableName": "Tab"}), NOW + 1).expect("describe")
    }
}

/// Attribute names and map keys at any depth are limited to 65,535 bytes, with DynamoDB's message
/// (ExtendDB/extenddb#365, measured against the service); too long to write in a case file.
#[test]
fn attribute_names_longer_than_64_kb_are_refused() {
    let mut db = simple();
    let ok = "n".repeat(65_535);
    let bad = "n".repeat(65_536);
    let big = "1 validation error detected: Attribute name is too large, must be less than 65536 bytes";
    let cases: [(&str, &str, Value, Option<&str>); 5] = [
        ("top-level name of 65,535 bytes", "PutItem", json!({"TableName": "Tab", "Item": {"pk": {"S": "a"}, ok.as_str(): {"S": "v"}}}), None),
        ("top-level name of 65,536 bytes", "PutItem", json!({"TableName": "Tab", "Item": {"pk": {"S": "b"}, bad.as_str(): {"S": "v"}}}), Some(big)),
        ("nested map key", "PutItem", json!({"TableName": "Tab", "Item": {"pk": {"S": "c"}, "doc": {"M": {"in": {"M": {bad.as_str(): {"N": "1"}}}}}}}), Some(big)),
        ("map key in an update value", "UpdateItem", json!({"TableName": "Tab", "Key": {"pk": {"S": "a"}}, "UpdateExpression": "SET doc = :v", "ExpressionAttributeValues": {":v": {"M": {bad.as_str(): {"BOOL": true}}}}}), Some(big)),
        ("map key of 65,535 bytes in an update value", "UpdateItem", json!({"TableName": "Tab", "Key": {"pk": {"S": "a"}}, "UpdateExpression": "SET doc = :v", "ExpressionAttributeValues": {":v": {"M": {ok.as_str(): {"BOOL": true}}}}}), None),
    ];
    for (title, action, input, want) in cases {
        let got = db.execute(action, &input, NOW).err().map(|e| e.message().to_string());
        assert_eq!(got.as_deref(), want, "{title}");
    }
}
