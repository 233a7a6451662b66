//! Arbitrary workloads (JSON) against a small database — a table with a GSI and data, one with an LSI,
//! a provisioned one: building and running a simulation must never panic, whatever the templates,
//! distributions, rates, capacities or operations say. Durations and rates are capped so a run stays
//! short; everything else is taken as given (invalid workloads must be refused with an error).
#![no_main]

use engine::db::Database;
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};

fn setup() -> Database {
    let mut db = Database::default();
    let tables = [
        json!({"TableName": "Alpha", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "SK", "AttributeType": "S"}, {"AttributeName": "G", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
            "GlobalSecondaryIndexes": [{"IndexName": "ByG", "KeySchema": [{"AttributeName": "G", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}]}),
        json!({"TableName": "Bravo", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "SK", "AttributeType": "N"}, {"AttributeName": "at", "AttributeType": "N"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
            "LocalSecondaryIndexes": [{"IndexName": "ByAt", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "at", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "KEYS_ONLY"}}]}),
        json!({"TableName": "Charlie", "BillingMode": "PROVISIONED", "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
            "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "N"}],
            "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}),
    ];
    for t in &tables {
        let _ = db.execute("CreateTable", t, 0);
    }
    for i in 0..20 {
        let _ = db.execute("PutItem", &json!({"TableName": "Alpha", "Item": {"PK": {"S": format!("USER#{i}")}, "SK": {"S": "A"}, "G": {"S": format!("G#{}", i % 3)}}}), 0);
        let _ = db.execute("PutItem", &json!({"TableName": "Charlie", "Item": {"id": {"N": format!("{i}")}}}), 0);
    }
    db
}

/// Keep runs short: at most 5 simulated seconds and 2,000 requests per second per pattern.
fn cap(v: &mut Value) {
    if let Some(d) = v.get_mut("duration_seconds") {
        if d.as_u64().is_some_and(|d| d > 5) {
            *d = json!(5);
        }
    }
    if let Some(ps) = v.get_mut("patterns").and_then(Value::as_array_mut) {
        ps.truncate(8);
        for p in ps {
            if let Some(r) = p.get_mut("rate").and_then(Value::as_object_mut) {
                for (k, x) in r.iter_mut() {
                    if ["per_second", "from", "to", "base", "peak", "mean", "amplitude"].contains(&k.as_str()) && x.as_f64().is_some_and(|f| f > 2000.0) {
                        *x = json!(2000.0);
                    }
                }
            }
            if let Some(k) = p.get_mut("key_count") {
                if k.as_u64().is_some_and(|k| k > 5000) {
                    *k = json!(5000);
                }
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(mut v) = serde_json::from_slice::<Value>(data) else { return };
    cap(&mut v);
    let Ok(w) = sim::Workload::from_json(&v) else { return };
    let db = setup();
    if let Ok(mut s) = sim::Simulation::new(&db, w) {
        while let Ok(p) = s.run_chunk(2) {
            if p.finished() {
                break;
            }
        }
        let r = s.report();
        let _ = serde_json::to_string(&r);
    }
});
