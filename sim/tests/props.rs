//! Property: for any small workload that nothing throttles, the capacity the simulator reports — per
//! partition, summed over seconds and partitions, and in its totals — equals what the engine charges
//! when the same request stream is sent to it through `Database::execute` (ReturnConsumedCapacity =
//! INDEXES), each request on the model's data as it is (a key the model lacks first given its
//! synthetic item, as the simulator does).

use engine::db::Database;
use proptest::prelude::*;
use serde_json::{json, Value};
use sim::Workload;

fn database() -> Database {
    let mut db = Database::default();
    let table = json!({"TableName": "Tbl", "BillingMode": "PROVISIONED", "ProvisionedThroughput": {"ReadCapacityUnits": 100000, "WriteCapacityUnits": 100000},
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "g", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
        "GlobalSecondaryIndexes": [{"IndexName": "Gsi", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"},
            "ProvisionedThroughput": {"ReadCapacityUnits": 100000, "WriteCapacityUnits": 100000}}]});
    db.execute("CreateTable", &table, 0).unwrap_or_else(|e| panic!("{e:?}"));
    // Four item sizes among twenty items, GSI keys of three values: writes of one size differ only in
    // whether they change the GSI key, so the pricing's shapes of held items are put to the test.
    for i in 0..20 {
        let item = json!({"PK": {"S": format!("U#{i}")}, "g": {"S": format!("G#{}", i % 3)}, "pad": {"S": "y".repeat((i % 4) * 300)}});
        db.execute("PutItem", &json!({"TableName": "Tbl", "Item": item}), 0).unwrap_or_else(|e| panic!("{e:?}"));
    }
    db
}

/// Half-units of a ConsumedCapacity object: (table, GSI G).
fn halves(cc: &Value) -> (u64, u64) {
    let h = |v: &Value| (v.as_f64().unwrap_or(0.0) * 2.0).round() as u64;
    (h(&cc["Table"]["CapacityUnits"]), h(&cc["GlobalSecondaryIndexes"]["Gsi"]["CapacityUnits"]))
}

/// One request as the engine would get it, on a copy of the data with the synthetic item if needed.
fn engine_cost(db: &Database, op: &str, id: u64, size: u64, g: u64) -> (u64, u64) {
    let mut db = db.clone();
    let key = json!({"PK": {"S": format!("U#{id}")}});
    let mut item = json!({"PK": {"S": format!("U#{id}")}, "g": {"S": format!("G#{g}")}});
    // Pad the synthetic item to `size` bytes as the simulator does ("_pad" + value).
    let base = 2 + format!("U#{id}").len() as u64 + 1 + format!("G#{g}").len() as u64;
    if size > base + 4 {
        item["_pad"] = json!({"S": "x".repeat((size - base - 4) as usize)});
    }
    let exists = db.execute("GetItem", &json!({"TableName": "Tbl", "Key": key}), 0).ok().is_some_and(|o| o.get("Item").is_some());
    if !exists && op != "PutItem" {
        db.execute("PutItem", &json!({"TableName": "Tbl", "Item": item}), 0).unwrap_or_else(|e| panic!("{e:?}"));
    }
    let input = match op {
        "GetItem" => json!({"TableName": "Tbl", "Key": key, "ReturnConsumedCapacity": "INDEXES"}),
        "PutItem" => json!({"TableName": "Tbl", "Item": item, "ReturnConsumedCapacity": "INDEXES"}),
        "DeleteItem" => json!({"TableName": "Tbl", "Key": key, "ReturnConsumedCapacity": "INDEXES"}),
        "UpdateItem" => {
            // The simulator's update: SET every non-key attribute of the pattern's item.
            let mut sets = vec!["#g = :g"];
            let mut names = json!({"#g": "g"});
            let mut values = json!({":g": item["g"]});
            if item.get("_pad").is_some() {
                sets.push("#p = :p");
                names["#p"] = json!("_pad");
                values[":p"] = item["_pad"].clone();
            }
            json!({"TableName": "Tbl", "Key": key, "UpdateExpression": format!("SET {}", sets.join(", ")),
                   "ExpressionAttributeNames": names, "ExpressionAttributeValues": values, "ReturnConsumedCapacity": "INDEXES"})
        }
        _ => unreachable!(),
    };
    let out = db.execute(op, &input, 0).unwrap_or_else(|e| panic!("{e:?}"));
    halves(&out["ConsumedCapacity"])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn partitions_sum_to_the_engines_charges(
        op in prop::sample::select(vec!["GetItem", "PutItem", "DeleteItem", "UpdateItem"]),
        key_count in 1u64..40, size in 40u64..3000, rate in 1u32..40, seconds in 1u32..4, seed in any::<u64>(),
    ) {
        let db = database();
        let w: Workload = Workload::from_json(&json!({"seed": seed, "duration_seconds": seconds, "patterns": [
            {"name": "p", "table": "Tbl", "op": op, "key": {"PK": "U#{id}"}, "key_count": key_count, "item": {"g": {"S": "G#{0..2}"}},
             "item_bytes": size, "distribution": {"kind": "uniform"}, "rate": {"shape": "constant", "per_second": rate}}]})).unwrap_or_else(|e| panic!("{e}"));
        let mut s = sim::Simulation::new(&db, w).unwrap_or_else(|e| panic!("{e}"));
        s.record_trace();
        while !s.run_chunk(10).unwrap_or_else(|e| panic!("{e}")).finished() {}
        let r = s.report();
        prop_assert_eq!(r.totals.throttled, 0);
        // The engine's charges for the traced stream.
        let (mut table, mut gsi) = (0u64, 0u64);
        for &(_, idx) in s.trace() {
            // Variables in order of appearance: id (key_count), then the {0..2} of g.
            let (id, g) = (idx / 3, idx % 3);
            let (t, gi) = engine_cost(&db, op, id, size, g);
            table += t;
            gsi += gi;
        }
        let totals = |index: Option<&str>| r.totals.targets.iter().find(|t| t.index.as_deref() == index).map(|t| t.read_half_units + t.write_half_units).unwrap_or(0);
        prop_assert!(table > 0 && !s.trace().is_empty());
        prop_assert_eq!(totals(None), table);
        prop_assert_eq!(totals(Some("Gsi")), gsi);
        // Per partition, summed over seconds, the same.
        let per_partition = |index: Option<&str>| -> u64 {
            r.seconds.iter().flat_map(|s| s.targets.iter()).filter(|t| t.index.as_deref() == index)
                .flat_map(|t| t.partitions.iter()).map(|p| p.read_half_units + p.write_half_units).sum()
        };
        prop_assert_eq!(per_partition(None), table);
        prop_assert_eq!(per_partition(Some("Gsi")), gsi);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    /// Stopping inside a second (the browser's slices) changes nothing: the report of a run cut into
    /// slices of a few requests is the report of the same run simulated a second at a time, throttles
    /// included (the table below is provisioned low enough for hot keys to throttle).
    #[test]
    fn slices_inside_a_second_change_nothing(
        op in prop::sample::select(vec!["GetItem", "PutItem", "UpdateItem"]),
        key_count in 1u64..30, rate in 1u32..3000, seconds in 1u32..5, seed in any::<u64>(),
        budget in 1u64..700, max_seconds in 1u32..3,
    ) {
        let mut db = Database::default();
        db.execute("CreateTable", &json!({"TableName": "Hot", "BillingMode": "PROVISIONED",
            "ProvisionedThroughput": {"ReadCapacityUnits": 50, "WriteCapacityUnits": 20},
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]}), 0).unwrap_or_else(|e| panic!("{e:?}"));
        let w: Workload = Workload::from_json(&json!({"seed": seed, "duration_seconds": seconds, "patterns": [
            {"name": "p", "table": "Hot", "op": op, "key": {"PK": "K#{id}"}, "key_count": key_count,
             "distribution": {"kind": "zipf", "s": 1.2}, "rate": {"shape": "constant", "per_second": rate}}]})).unwrap_or_else(|e| panic!("{e}"));
        let mut whole = sim::Simulation::new(&db, w.clone()).unwrap_or_else(|e| panic!("{e}"));
        while !whole.run_chunk(1).unwrap_or_else(|e| panic!("{e}")).finished() {}
        let mut sliced = sim::Simulation::new(&db, w).unwrap_or_else(|e| panic!("{e}"));
        let mut calls = 0u32;
        while !sliced.run_slice(budget, max_seconds).unwrap_or_else(|e| panic!("{e}")).finished() {
            calls += 1;
            prop_assert!(calls < 1_000_000, "run_slice made no progress");
        }
        prop_assert_eq!(sliced.report(), whole.report());
    }
}
