//! Arbitrary requests for the batch, transaction, TTL, Streams and tag actions, in sequence, against
//! a small database (one table with a stream, TTL and a GSI; one with an LSI): nothing may panic, the
//! clock only moves forward, and the final state must survive a snapshot/restore round trip unchanged.
//!
//! Input layout: requests separated by NUL bytes; in each, byte 0 picks the action (`ACTIONS`),
//! byte 1 advances the clock by that many seconds, and the rest is the JSON body (if it does not parse
//! it is sent as a JSON string, which the action must reject cleanly).
#![no_main]

use engine::db::Database;
use engine::throttle::ThrottleKeys;
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};

const ACTIONS: [&str; 20] = [
    "BatchGetItem", "BatchWriteItem", "TransactWriteItems", "TransactGetItems", "UpdateTimeToLive",
    "DescribeTimeToLive", "TagResource", "UntagResource", "ListTagsOfResource", "ListStreams",
    "DescribeStream", "GetShardIterator", "GetRecords", "CreateTable", "UpdateTable",
    "DescribeTable", "DeleteTable", "PutItem", "UpdateItem", "DeleteItem",
];

fn setup(now: u64) -> Database {
    let mut db = Database::default();
    let tables = [
        json!({"TableName": "Alpha", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "g", "AttributeType": "N"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "GlobalSecondaryIndexes": [{"IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}],
            "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"}}),
        json!({"TableName": "Bravo", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"}, {"AttributeName": "l", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
            "LocalSecondaryIndexes": [{"IndexName": "byL", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "l", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "KEYS_ONLY"}}]}),
    ];
    for t in tables {
        let _ = db.execute("CreateTable", &t, now);
    }
    let _ = db.execute("UpdateTimeToLive", &json!({"TableName": "Alpha", "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "exp"}}), now);
    for i in 0..4 {
        let _ = db.execute("PutItem", &json!({"TableName": "Alpha", "Item": {"pk": {"S": format!("k{i}")}, "g": {"N": i.to_string()}, "exp": {"N": (now / 1000 + i * 30).to_string()}}}), now);
        let _ = db.execute("PutItem", &json!({"TableName": "Bravo", "Item": {"pk": {"S": "p"}, "sk": {"N": i.to_string()}, "l": {"S": "x"}}}), now);
    }
    db
}

fuzz_target!(|data: &[u8]| {
    let mut now = 1_700_000_000_000u64;
    let mut db = setup(now);
    let mut throttle = ThrottleKeys::new();
    if let Ok(k) = engine::value::item_from_json(&json!({"pk": {"S": "k1"}})) {
        throttle.add("Alpha", &k);
    }
    for (n, req) in data.split(|b| *b == 0).take(8).enumerate() {
        let [a, dt, body @ ..] = req else { continue };
        let action = ACTIONS[usize::from(*a) % ACTIONS.len()];
        now += u64::from(*dt) * 1000;
        let input = match serde_json::from_slice::<Value>(body) {
            Ok(v) => v,
            Err(_) => Value::String(String::from_utf8_lossy(body).into_owned()),
        };
        // Every other request runs with a key throttled, to reach the unprocessed/cancelled paths.
        let _ = if n % 2 == 1 { db.execute_with(action, &input, now, &mut throttle) } else { db.execute(action, &input, now) };
    }
    let snap = db.snapshot();
    let back = Database::restore(&snap).expect("a snapshot of a reachable state restores");
    assert_eq!(back.snapshot(), snap, "snapshot round trip");
});
