//! Batch and transaction throughput: `cargo run --release -p dynamodel-engine --example bench_batch`.
//!
//! Prints items/s and calls/s for BatchWriteItem (25 puts), BatchGetItem (100 keys),
//! TransactWriteItems (a money transfer: two conditional updates and a conditional put),
//! TransactGetItems (10 reads), PutItem with and without a NEW_AND_OLD_IMAGES stream, and PutItem on a
//! TTL table whose items expire as the clock advances, all through
//! `Database::execute` (JSON in, JSON out) as the server and the app call it.

use std::time::Instant;

use engine::db::Database;
use serde_json::{json, Value};

const NOW: u64 = 1_700_000_000_000;

fn table(db: &mut Database, name: &str, stream: bool) {
    let mut input = json!({"TableName": name, "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}]});
    if stream {
        input["StreamSpecification"] = json!({"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"});
    }
    db.execute("CreateTable", &input, NOW).expect("create table");
}

fn item(i: u64) -> Value {
    json!({"pk": {"S": format!("user#{}", i % 5000)}, "sk": {"N": (i / 5000).to_string()},
           "name": {"S": format!("name {i}")}, "balance": {"N": "1000000"}, "tags": {"SS": ["a", "b"]}})
}

fn key(i: u64) -> Value {
    json!({"pk": {"S": format!("user#{}", i % 5000)}, "sk": {"N": (i / 5000).to_string()}})
}

fn report(label: &str, calls: u64, items_per_call: u64, f: impl FnOnce() -> u64) {
    let t = Instant::now();
    let check = f();
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{label:<44} {:>10.0} calls/s {:>11.0} items/s   ({calls} calls in {secs:.3} s, check {check})",
        calls as f64 / secs,
        (calls * items_per_call) as f64 / secs
    );
}

fn main() {
    let mut db = Database::default();
    table(&mut db, "Bench", false);
    const WRITES: u64 = 4000;
    report("BatchWriteItem (25 puts, 5 fields)", WRITES, 25, || {
        let mut n = 0;
        for c in 0..WRITES {
            let reqs: Vec<Value> = (0..25).map(|j| json!({"PutRequest": {"Item": item(c * 25 + j)}})).collect();
            let out = db.execute("BatchWriteItem", &json!({"RequestItems": {"Bench": reqs}}), NOW).expect("batch write");
            n += u64::from(out["UnprocessedItems"].as_object().is_some_and(|m| m.is_empty()));
        }
        n
    });
    const GETS: u64 = 2000;
    report("BatchGetItem (100 keys)", GETS, 100, || {
        let mut n = 0;
        for c in 0..GETS {
            // 7 is coprime with the item count, so the 100 keys of one call are distinct.
            let keys: Vec<Value> = (0..100).map(|j| key((c * 100 + j) * 7 % (WRITES * 25))).collect();
            let out = db.execute("BatchGetItem", &json!({"RequestItems": {"Bench": {"Keys": keys}}}), NOW).expect("batch get");
            n += out["Responses"]["Bench"].as_array().map_or(0, |a| a.len() as u64);
        }
        n
    });
    const TX: u64 = 20_000;
    report("TransactWriteItems (2 cond. updates + put)", TX, 3, || {
        let mut n = 0;
        for c in 0..TX {
            let (from, to) = (key(c * 13 % 5000), key((c * 13 + 1) % 5000));
            let items = json!([
                {"Update": {"TableName": "Bench", "Key": from, "UpdateExpression": "SET balance = balance - :a", "ConditionExpression": "balance >= :a", "ExpressionAttributeValues": {":a": {"N": "1"}}}},
                {"Update": {"TableName": "Bench", "Key": to, "UpdateExpression": "SET balance = balance + :a", "ExpressionAttributeValues": {":a": {"N": "1"}}}},
                {"Put": {"TableName": "Bench", "Item": {"pk": {"S": format!("transfer#{c}")}, "sk": {"N": "0"}}, "ConditionExpression": "attribute_not_exists(pk)"}}
            ]);
            db.execute("TransactWriteItems", &json!({"TransactItems": items}), NOW).expect("transfer");
            n += 1;
        }
        n
    });
    report("TransactGetItems (10 gets)", TX, 10, || {
        let mut n = 0;
        for c in 0..TX {
            let items: Vec<Value> = (0..10).map(|j| json!({"Get": {"TableName": "Bench", "Key": key(c * 10 + j)}})).collect();
            let out = db.execute("TransactGetItems", &json!({"TransactItems": items}), NOW).expect("transact get");
            n += out["Responses"].as_array().map_or(0, |a| a.len() as u64);
        }
        n
    });
    for (label, stream) in [("PutItem, no stream", false), ("PutItem, NEW_AND_OLD_IMAGES stream", true)] {
        let name = if stream { "Streamed" } else { "Plain" };
        table(&mut db, name, stream);
        const PUTS: u64 = 100_000;
        report(label, PUTS, 1, || {
            for i in 0..PUTS {
                db.execute("PutItem", &json!({"TableName": name, "Item": item(i)}), NOW).expect("put");
            }
            db.table(name).map_or(0, |t| t.item_count)
        });
    }
    // TTL: the clock moves on every request (as with the server's wall clock) and items expire
    // continuously; the expiry index keeps each tick's sweep proportional to what expired.
    table(&mut db, "Expiring", false);
    db.execute("UpdateTimeToLive", &json!({"TableName": "Expiring", "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "exp"}}), NOW)
        .expect("enable TTL");
    const TICKS: u64 = 100_000;
    report("PutItem on a TTL table, clock +10 ms each", TICKS, 1, || {
        for i in 0..TICKS {
            let now = NOW + i * 10;
            let mut it = item(i);
            it["exp"] = json!({"N": (now / 1000 + 60).to_string()});
            db.execute("PutItem", &json!({"TableName": "Expiring", "Item": it}), now).expect("put");
        }
        db.table("Expiring").map_or(0, |t| t.item_count)
    });
}
