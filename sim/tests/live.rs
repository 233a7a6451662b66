//! The live throttle (the server's `--throughput simulated`) driven through the engine's
//! `execute_with`, with a clock the test controls: hand-computed onset, debt and refill, batches.

use engine::db::Database;
use engine::error::ApiError;
use serde_json::json;
use sim::live::LiveThrottle;

fn setup() -> (Database, LiveThrottle) {
    let mut db = Database::default();
    for (name, units) in [("Hot", 1), ("Cool", 100)] {
        let t = json!({"TableName": name, "BillingMode": "PROVISIONED", "ProvisionedThroughput": {"ReadCapacityUnits": units, "WriteCapacityUnits": units},
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}], "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]});
        db.execute("CreateTable", &t, 0).unwrap_or_else(|e| panic!("{e:?}"));
    }
    let mut live = LiveThrottle::new();
    live.sync(&db);
    (db, live)
}

fn put(db: &mut Database, live: &mut LiveThrottle, table: &str, kb: usize, now: u64) -> Result<serde_json::Value, ApiError> {
    live.begin(now);
    let item = json!({"PK": {"S": "HOT"}, "blob": {"S": "x".repeat(kb * 1024)}});
    db.execute_with("PutItem", &json!({"TableName": table, "Item": item}), now, live)
}

#[test]
fn burst_then_debt_then_refill() {
    let (mut db, mut live) = setup();
    assert_eq!(live.partitions("Hot"), Some(1));
    // 1 WCU: 300 WCU of burst. 130 KB writes (130 WCU): 300 -> 170 -> 40 -> -90, so three start.
    for i in 0..3 {
        assert!(put(&mut db, &mut live, "Hot", 129, 1_000).is_ok(), "write {i}");
    }
    let err = put(&mut db, &mut live, "Hot", 1, 1_000);
    assert!(matches!(err, Err(ApiError::ProvisionedThroughputExceeded(_))), "{err:?}");
    // The debt of 90 WCU is repaid at 1 WCU a second: still throttled after 90 s, served after 91.
    assert!(put(&mut db, &mut live, "Hot", 1, 91_000).is_err());
    assert!(put(&mut db, &mut live, "Hot", 1, 92_000).is_ok());
    // Another table is unaffected.
    assert!(put(&mut db, &mut live, "Cool", 129, 92_000).is_ok());
}

#[test]
fn batch_hands_back_the_throttled_table() {
    let (mut db, mut live) = setup();
    for _ in 0..3 {
        let _ = put(&mut db, &mut live, "Hot", 129, 0);
    }
    live.begin(0);
    let input = json!({"RequestItems": {
        "Hot": [{"PutRequest": {"Item": {"PK": {"S": "A"}}}}],
        "Cool": [{"PutRequest": {"Item": {"PK": {"S": "B"}}}}]}});
    let out = db.execute_with("BatchWriteItem", &input, 0, &mut live).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(out["UnprocessedItems"]["Hot"].as_array().map(Vec::len), Some(1));
    assert!(out["UnprocessedItems"].get("Cool").is_none());
}
