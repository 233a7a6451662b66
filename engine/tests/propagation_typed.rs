//! What the playground reads about writes on their way to a GSI (`Table::in_flight`,
//! `Table::missed_by_index_read`, `Table::index_entries`), checked on a small table; the read results
//! themselves are the case file `data/ops/propagation.json`.

use engine::db::Database;
use engine::index::lag::IndexLag;
use engine::table::key::KeyVal;
use serde_json::{json, Value};

const T: u64 = 1_700_000_000_000;

fn db(lag: u64) -> Database {
    let mut db = Database::default();
    db.set_index_lag(IndexLag::from_millis(lag));
    let create = json!({"TableName": "Tasks", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}, {"AttributeName": "owner", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
        "GlobalSecondaryIndexes": [{"IndexName": "byOwner", "KeySchema": [{"AttributeName": "owner", "KeyType": "HASH"}], "Projection": {"ProjectionType": "KEYS_ONLY"}}]});
    db.execute("CreateTable", &create, T).expect("table");
    db
}

fn put(db: &mut Database, id: &str, owner: &str, at: u64) {
    let item = json!({"TableName": "Tasks", "Item": {"id": {"S": id}, "owner": {"S": owner}, "note": {"S": "x"}}});
    db.execute("PutItem", &item, at).expect("put");
}

fn owner(s: &str) -> KeyVal {
    KeyVal::new(engine::table::key::KeyKind::S, s.as_bytes())
}

fn entry_ids(db: &Database) -> Vec<String> {
    let t = db.table("Tasks").expect("table");
    t.index_entries("byOwner").expect("index").map(|(_, r)| r.to_item().get("id").map(|v| format!("{v:?}")).unwrap_or_default()).collect()
}

#[test]
fn in_flight_lists_each_write_with_its_arrival() {
    let mut db = db(1500);
    put(&mut db, "t1", "ana", T + 100);
    put(&mut db, "t1", "bo", T + 200);
    let t = db.table("Tasks").expect("table");
    let w: Vec<(u64, u64, bool)> = t.in_flight().iter().map(|w| (w.written_at, w.reaches_at, w.deletes)).collect();
    assert_eq!(w, vec![(T + 100, T + 1600, false), (T + 200, T + 1700, false)]);
    assert_eq!(t.index_lag(), IndexLag::from_millis(1500));
}

#[test]
fn a_read_of_the_partition_a_write_leaves_or_enters_is_told_what_it_missed() {
    let mut db = db(1000);
    put(&mut db, "t1", "ana", T + 10);
    db.advance_time(T + 1010);
    put(&mut db, "t1", "bo", T + 2000);
    let t = db.table("Tasks").expect("table");
    let missed = |p: &str| t.missed_by_index_read("byOwner", Some(&owner(p))).iter().map(|w| w.reaches_at).collect::<Vec<_>>();
    assert_eq!(missed("ana"), vec![T + 3000], "the item is still shown under ana");
    assert_eq!(missed("bo"), vec![T + 3000], "the item has not reached bo yet");
    assert!(missed("cy").is_empty());
    assert_eq!(t.missed_by_index_read("byOwner", None).len(), 1);
    assert!(t.missed_by_index_read("nope", None).is_empty());
}

#[test]
fn a_write_that_changes_nothing_the_index_holds_is_not_a_miss() {
    let mut db = db(1000);
    put(&mut db, "t1", "ana", T + 10);
    db.advance_time(T + 1010);
    // `note` is not projected into the KEYS_ONLY index.
    let update = json!({"TableName": "Tasks", "Key": {"id": {"S": "t1"}}, "UpdateExpression": "SET note = :n", "ExpressionAttributeValues": {":n": {"S": "y"}}});
    db.execute("UpdateItem", &update, T + 2000).expect("update");
    let t = db.table("Tasks").expect("table");
    assert_eq!(t.in_flight().len(), 1);
    assert!(t.missed_by_index_read("byOwner", Some(&owner("ana"))).is_empty());
}

#[test]
fn the_index_view_follows_arrivals_and_a_zero_lag_delivers_everything() {
    let mut db = db(1000);
    put(&mut db, "t1", "ana", T + 10);
    put(&mut db, "t2", "ana", T + 20);
    assert!(entry_ids(&db).is_empty());
    db.advance_time(T + 1015);
    assert_eq!(entry_ids(&db).len(), 1);
    db.set_index_lag(IndexLag::NONE);
    assert_eq!(entry_ids(&db).len(), 2);
    assert!(db.table("Tasks").expect("table").in_flight().is_empty());
    let described = db.execute("DescribeTable", &json!({"TableName": "Tasks"}), T + 1016).expect("describe");
    assert_eq!(described["Table"]["GlobalSecondaryIndexes"][0]["ItemCount"], Value::from(2));
}

#[test]
fn a_query_is_told_the_writes_it_missed_in_its_partition_and_a_scan_in_the_whole_index() {
    let mut db = db(1000);
    put(&mut db, "t1", "ana", T + 10);
    put(&mut db, "t2", "bo", T + 20);
    let query = |o: &str| json!({"TableName": "Tasks", "IndexName": "byOwner", "KeyConditionExpression": "#o = :o",
        "ExpressionAttributeNames": {"#o": "owner"}, "ExpressionAttributeValues": {":o": {"S": o}}});
    let ids = |w: Vec<engine::ops::missed::MissedWrite>| w.iter().map(|m| (m.key["id"].clone(), m.reaches_at)).collect::<Vec<_>>();
    let s = |v: &str| engine::value::AttributeValue::S(v.into());
    assert_eq!(ids(db.missed_by_read("Query", &query("ana"), T + 30)), vec![(s("t1"), T + 1010)]);
    assert_eq!(ids(db.missed_by_read("Query", &query("cy"), T + 30)), vec![]);
    assert_eq!(db.missed_by_read("Scan", &json!({"TableName": "Tasks", "IndexName": "byOwner"}), T + 30).len(), 2);
    assert!(db.missed_by_read("Scan", &json!({"TableName": "Tasks"}), T + 30).is_empty(), "the table itself is never behind");
    assert!(db.missed_by_read("GetItem", &json!({"TableName": "Tasks", "Key": {"id": {"S": "t1"}}}), T + 30).is_empty());
    db.advance_time(T + 1015);
    assert_eq!(ids(db.missed_by_read("Query", &query("ana"), T + 1015)), vec![]);
}
