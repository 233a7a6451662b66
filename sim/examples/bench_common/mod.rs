//! The simulator benchmark shared by the native binary (`sim_bench.rs`) and the wasm module
//! (`sim_bench_wasm.rs`): a 100k-item table with a GSI, then (1) simple eventually consistent GetItems
//! of existing items, uniform over all 100k keys, and (2) a mixed workload — GetItem, Query on the
//! table and on the GSI, PutItem and UpdateItem that write the GSI, a 10-item BatchWriteItem and a
//! 4-item TransactWriteItems — over Zipf-distributed keys. The table is provisioned large enough that
//! the model serves most of it (a throttled request costs as much simulation work as a served one).
//! The first simulated seconds price every key through the engine (warm-up, timed separately); the
//! figures are for the seconds after them, where the loop is cached integer arithmetic.

use engine::db::Database;
use sim::{Simulation, Workload};

pub const ITEMS: u64 = 100_000;

pub fn setup() -> Database {
    let mut db = Database::default();
    let table = serde_json::json!({"TableName": "Bench",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "GSI1PK", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
        "BillingMode": "PROVISIONED", "ProvisionedThroughput": {"ReadCapacityUnits": 1500000, "WriteCapacityUnits": 200000},
        "GlobalSecondaryIndexes": [{"IndexName": "GSI1", "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"}, "ProvisionedThroughput": {"ReadCapacityUnits": 100000, "WriteCapacityUnits": 200000}}]});
    if let Err(e) = db.execute("CreateTable", &table, 0) {
        panic!("create table: {e}");
    }
    for i in 0..ITEMS {
        let item = serde_json::json!({"TableName": "Bench", "Item": {
            "PK": {"S": format!("USER#{i}")}, "GSI1PK": {"S": format!("GROUP#{}", i % 1000)},
            "name": {"S": "A user with a name"}, "n": {"N": format!("{i}")}}});
        if let Err(e) = db.execute("PutItem", &item, 0) {
            panic!("put: {e}");
        }
    }
    db
}

fn workload(text: &str) -> Workload {
    let v: serde_json::Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("workload: {e}"));
    Workload::from_json(&v).unwrap_or_else(|e| panic!("workload: {e}"))
}

pub fn simple() -> Workload {
    workload(
        r#"{"seed": 1, "duration_seconds": 3600, "patterns": [
        {"name": "get-user", "table": "Bench", "op": "GetItem", "key": {"PK": "USER#{id}"}, "key_count": 100000,
         "rate": {"shape": "constant", "per_second": 1000000}}]}"#,
    )
}

pub fn mixed() -> Workload {
    workload(
        r#"{"seed": 2, "duration_seconds": 3600, "patterns": [
        {"name": "get", "table": "Bench", "op": "GetItem", "key": {"PK": "USER#{id}"}, "key_count": 100000,
         "distribution": {"kind": "zipf", "s": 1.1}, "rate": {"shape": "constant", "per_second": 400000}},
        {"name": "query-group", "table": "Bench", "op": "Query", "index": "GSI1", "key": {"GSI1PK": "GROUP#{id}"}, "key_count": 1000,
         "limit": 20, "rate": {"shape": "constant", "per_second": 100000}},
        {"name": "query-user", "table": "Bench", "op": "Query", "key": {"PK": "USER#{id}"}, "key_count": 100000,
         "distribution": {"kind": "zipf", "s": 0.9}, "rate": {"shape": "constant", "per_second": 100000}},
        {"name": "put", "table": "Bench", "op": "PutItem", "key": {"PK": "USER#{id}"}, "key_count": 20000,
         "item": {"GSI1PK": {"S": "GROUP#{0..9}"}}, "item_bytes": 120, "rate": {"shape": "constant", "per_second": 150000}},
        {"name": "update", "table": "Bench", "op": "UpdateItem", "key": {"PK": "USER#{id}"}, "key_count": 100000,
         "distribution": {"kind": "hot_key", "percent": 1}, "item": {"seen": {"N": "1"}}, "rate": {"shape": "constant", "per_second": 100000}},
        {"name": "batch", "table": "Bench", "op": "BatchWriteItem", "batch_size": 10, "key": {"PK": "EVENT#{id}"}, "key_count": 100000,
         "item_bytes": 300, "rate": {"shape": "constant", "per_second": 10000}},
        {"name": "transact", "table": "Bench", "op": "TransactWriteItems", "batch_size": 4, "key": {"PK": "ORDER#{id}"}, "key_count": 100000,
         "item_bytes": 300, "rate": {"shape": "constant", "per_second": 10000}}]}"#,
    )
}

/// Simulated seconds of warm-up (pricing the keys as they are first seen).
pub const WARM_UP_SECONDS: u32 = 3;

/// Build the simulation and run its warm-up seconds.
pub fn prepare(db: &Database, w: Workload) -> Simulation {
    let mut s = Simulation::new(db, w).unwrap_or_else(|e| panic!("simulation: {e}"));
    if let Err(e) = s.run_chunk(WARM_UP_SECONDS) {
        panic!("first second: {e}");
    }
    s
}

/// Run `seconds` more simulated seconds; returns the request parts they simulated.
pub fn run(s: &mut Simulation, seconds: u32) -> u64 {
    let before = s.requests_so_far();
    if let Err(e) = s.run_chunk(seconds) {
        panic!("run: {e}");
    }
    s.requests_so_far() - before
}
