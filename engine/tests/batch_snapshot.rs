//! Snapshots keep what this part adds to a table: TTL settings, streams with their records and
//! sequence counter, tags and the clock — and restoring them writes no stream records of its own.

use engine::db::Database;
use serde_json::{json, Value};

const NOW: u64 = 1_700_000_000_000;

fn ok(db: &mut Database, action: &str, input: Value, now: u64) -> Value {
    db.execute(action, &input, now).unwrap_or_else(|e| panic!("{action}: {e}"))
}

fn records(db: &mut Database, arn: &str, now: u64) -> Vec<Value> {
    let d = ok(db, "DescribeStream", json!({"StreamArn": arn}), now);
    let shard = d["StreamDescription"]["Shards"][0]["ShardId"].clone();
    let it = ok(db, "GetShardIterator", json!({"StreamArn": arn, "ShardId": shard, "ShardIteratorType": "TRIM_HORIZON"}), now);
    let r = ok(db, "GetRecords", json!({"ShardIterator": it["ShardIterator"]}), now);
    r["Records"].as_array().cloned().unwrap_or_default()
}

#[test]
fn extras_survive_a_snapshot_round_trip() {
    let mut db = Database::default();
    let created = ok(&mut db, "CreateTable", json!({"TableName": "Sessions", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
        "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"},
        "Tags": [{"Key": "team", "Value": "web"}]}), NOW);
    let arn = created["TableDescription"]["LatestStreamArn"].as_str().expect("stream arn").to_string();
    ok(&mut db, "UpdateTimeToLive", json!({"TableName": "Sessions", "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "exp"}}), NOW);
    ok(&mut db, "PutItem", json!({"TableName": "Sessions", "Item": {"id": {"S": "a"}, "exp": {"N": "1700000100"}}}), NOW);
    ok(&mut db, "PutItem", json!({"TableName": "Sessions", "Item": {"id": {"S": "b"}}}), NOW);
    let before = records(&mut db, &arn, NOW);
    assert_eq!(before.len(), 2);

    let snap = db.snapshot();
    let mut back = Database::restore(&snap).expect("restores");
    assert_eq!(back.snapshot(), snap, "a restored database snapshots identically");
    assert_eq!(records(&mut back, &arn, NOW), before, "no records from replaying items");
    let tags = ok(&mut back, "ListTagsOfResource", json!({"ResourceArn": "arn:aws:dynamodb:us-east-1:000000000000:table/Sessions"}), NOW);
    assert_eq!(tags, json!({"Tags": [{"Key": "team", "Value": "web"}]}));
    assert_eq!(ok(&mut back, "DescribeTimeToLive", json!({"TableName": "Sessions"}), NOW)["TimeToLiveDescription"]["AttributeName"], json!("exp"));

    // TTL keeps working after the restore, and the stream continues its sequence.
    let later = NOW + 100_000;
    assert_eq!(ok(&mut back, "GetItem", json!({"TableName": "Sessions", "Key": {"id": {"S": "a"}}}), later), json!({}));
    let after = records(&mut back, &arn, later);
    assert_eq!(after.len(), 3);
    assert_eq!(after[2]["eventName"], json!("REMOVE"));
    assert_eq!(after[2]["dynamodb"]["SequenceNumber"], json!("100000000000000000003"));
    assert_eq!(after[2]["userIdentity"]["principalId"], json!("dynamodb.amazonaws.com"));
}

#[test]
fn a_corrupt_extras_section_is_an_error_not_a_panic() {
    let mut db = Database::default();
    ok(&mut db, "CreateTable", json!({"TableName": "Plain", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}), NOW);
    let mut snap = db.snapshot();
    snap["tables"][0]["extras"]["streams"] = json!([{"label": 5}]);
    assert!(Database::restore(&snap).is_err());
    snap["tables"][0]["extras"] = Value::Null;
    assert!(Database::restore(&snap).is_ok(), "no extras section is an older snapshot");
}
