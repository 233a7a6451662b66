//! Index propagation against a naive reference: random puts and deletes at increasing times on a table
//! with a lagging GSI, and after each step a Query of every owner at a random later time. The reference
//! keeps every write with its time and answers "the item as of the last write to it that has arrived".

use std::collections::BTreeMap;

use engine::db::Database;
use engine::index::lag::IndexLag;
use proptest::prelude::*;
use serde_json::{json, Value};

const OWNERS: [&str; 3] = ["ana", "bo", "cy"];

#[derive(Debug, Clone)]
enum Op {
    /// Put item `id` owned by `OWNERS[owner]` with `n`, `gap` ms after the previous step.
    Put { id: u8, owner: usize, n: u8, gap: u64 },
    Delete { id: u8, gap: u64 },
    /// Query every owner `ahead` ms after the current time (the clock moves there).
    Read { ahead: u64 },
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (0u8..4, 0usize..3, any::<u8>(), 0u64..700).prop_map(|(id, owner, n, gap)| Op::Put { id, owner, n, gap }),
        (0u8..4, 0u64..700).prop_map(|(id, gap)| Op::Delete { id, gap }),
        (0u64..1500).prop_map(|ahead| Op::Read { ahead }),
    ]
}

/// One write as the reference replays it: when it was made, the item id, and the (owner, n) it left
/// (`None` for a delete).
type Write = (u64, u8, Option<(usize, u8)>);

/// What the index shows at `now`: for each id, the version left by its last write that has arrived.
fn reference(log: &[Write], lag: u64, now: u64) -> BTreeMap<&'static str, Vec<(u8, u8)>> {
    let mut shown: BTreeMap<u8, Option<(usize, u8)>> = BTreeMap::new();
    for &(at, id, v) in log {
        if at + lag <= now {
            shown.insert(id, v);
        }
    }
    let mut out: BTreeMap<&'static str, Vec<(u8, u8)>> = OWNERS.iter().map(|o| (*o, Vec::new())).collect();
    for (id, v) in shown {
        if let Some((owner, n)) = v {
            out.entry(OWNERS[owner]).or_default().push((id, n));
        }
    }
    out
}

fn query(db: &mut Database, owner: &str, now: u64) -> Vec<(u8, u8)> {
    let req = json!({"TableName": "Tasks", "IndexName": "byOwner", "KeyConditionExpression": "#o = :o",
        "ExpressionAttributeNames": {"#o": "owner"}, "ExpressionAttributeValues": {":o": {"S": owner}}});
    let out = db.execute("Query", &req, now).expect("query");
    let num = |i: &Value, k: &str| i[k]["N"].as_str().and_then(|s| s.parse::<u8>().ok()).expect("a number");
    let mut v: Vec<(u8, u8)> = out["Items"].as_array().expect("items").iter().map(|i| (num(i, "id"), num(i, "n"))).collect();
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]
    #[test]
    fn a_lagging_gsi_shows_each_item_as_of_its_last_arrived_write(lag in 0u64..1200, ops in proptest::collection::vec(op(), 1..40)) {
        let mut db = Database::default();
        db.set_index_lag(IndexLag::from_millis(lag));
        let t0 = 1_700_000_000_000u64;
        db.execute("CreateTable", &json!({"TableName": "Tasks", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "N"}, {"AttributeName": "owner", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
            "GlobalSecondaryIndexes": [{"IndexName": "byOwner", "KeySchema": [{"AttributeName": "owner", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}]}), t0).expect("table");
        let (mut now, mut log) = (t0, Vec::new());
        for op in ops {
            match op {
                Op::Put { id, owner, n, gap } => {
                    now += gap;
                    db.execute("PutItem", &json!({"TableName": "Tasks", "Item": {"id": {"N": id.to_string()}, "owner": {"S": OWNERS[owner]}, "n": {"N": n.to_string()}}}), now).expect("put");
                    log.push((now, id, Some((owner, n))));
                }
                Op::Delete { id, gap } => {
                    now += gap;
                    db.execute("DeleteItem", &json!({"TableName": "Tasks", "Key": {"id": {"N": id.to_string()}}}), now).expect("delete");
                    log.push((now, id, None));
                }
                Op::Read { ahead } => {
                    now += ahead;
                    let want = reference(&log, lag, now);
                    for owner in OWNERS {
                        prop_assert_eq!(&query(&mut db, owner, now), &want[owner], "owner {} at +{} ms, lag {}", owner, now - t0, lag);
                    }
                }
            }
        }
    }
}
