//! A state database written by the committer and opened again holds exactly the engine's state at the
//! stop (its snapshot, and the same answers afterwards), whatever the requests and however they were
//! grouped into commits.

use dynamodel_server::state::{self, commit::Committer};
use engine::db::Database;
use engine::throttle::NoThrottle;
use proptest::prelude::*;
use serde_json::{json, Value};

const T0: u64 = 1_700_000_000_000;

fn create(name: &str, stream: bool) -> Value {
    let mut v = json!({
        "TableName": name, "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"},
                                 {"AttributeName": "g", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}]
    });
    if stream {
        v["StreamSpecification"] = json!({"StreamEnabled": true, "StreamViewType": "NEW_IMAGE"});
    }
    v
}

#[derive(Debug, Clone)]
enum Op {
    Put { table: u8, pk: u8, sk: u8, g: Option<u8>, ttl: bool, size: u16 },
    Delete { table: u8, pk: u8, sk: u8 },
    Add { table: u8, pk: u8, sk: u8 },
    Ttl { table: u8 },
    Tag { table: u8, n: u8 },
    Drop { table: u8 },
    Create { table: u8, stream: bool },
    Wait { hours: u8 },
}

fn op() -> impl Strategy<Value = Op> {
    let t = 0u8..2;
    prop_oneof![
        8 => (t.clone(), 0u8..5, 0u8..5, proptest::option::of(0u8..3), any::<bool>(), 0u16..3000)
            .prop_map(|(table, pk, sk, g, ttl, size)| Op::Put { table, pk, sk, g, ttl, size }),
        3 => (t.clone(), 0u8..5, 0u8..5).prop_map(|(table, pk, sk)| Op::Delete { table, pk, sk }),
        3 => (t.clone(), 0u8..5, 0u8..5).prop_map(|(table, pk, sk)| Op::Add { table, pk, sk }),
        1 => t.clone().prop_map(|table| Op::Ttl { table }),
        1 => (t.clone(), any::<u8>()).prop_map(|(table, n)| Op::Tag { table, n }),
        1 => t.clone().prop_map(|table| Op::Drop { table }),
        2 => (t, any::<bool>()).prop_map(|(table, stream)| Op::Create { table, stream }),
        1 => (0u8..30).prop_map(|hours| Op::Wait { hours }),
    ]
}

fn name(t: u8) -> String {
    format!("table{t}")
}

fn key(pk: u8, sk: u8) -> Value {
    json!({"pk": {"S": format!("p{pk}")}, "sk": {"N": sk.to_string()}})
}

fn request(op: &Op, now: u64) -> (&'static str, Value) {
    match op {
        Op::Put { table, pk, sk, g, ttl, size } => {
            let mut item = key(*pk, *sk);
            item["pad"] = json!({"S": "x".repeat(usize::from(*size))});
            if let Some(g) = g {
                item["g"] = json!({"S": format!("g{g}")});
            }
            if *ttl {
                item["exp"] = json!({"N": (now / 1000 + 3600).to_string()});
            }
            ("PutItem", json!({"TableName": name(*table), "Item": item}))
        }
        Op::Delete { table, pk, sk } => ("DeleteItem", json!({"TableName": name(*table), "Key": key(*pk, *sk)})),
        Op::Add { table, pk, sk } => (
            "UpdateItem",
            json!({"TableName": name(*table), "Key": key(*pk, *sk), "UpdateExpression": "ADD n :one", "ExpressionAttributeValues": {":one": {"N": "1"}}}),
        ),
        Op::Ttl { table } => ("UpdateTimeToLive", json!({"TableName": name(*table), "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "exp"}})),
        Op::Tag { table, n } => (
            "TagResource",
            json!({"ResourceArn": format!("arn:aws:dynamodb:us-east-1:000000000000:table/{}", name(*table)), "Tags": [{"Key": format!("k{}", n % 3), "Value": n.to_string()}]}),
        ),
        Op::Drop { table } => ("DeleteTable", json!({"TableName": name(*table)})),
        Op::Create { table, stream } => ("CreateTable", create(&name(*table), *stream)),
        Op::Wait { .. } => ("ListTables", json!({})),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn a_reopened_state_file_is_the_database(ops in proptest::collection::vec((op(), 1usize..5), 1..60)) {
        let dir = tempdir();
        let path = dir.join("state.db");
        let opened = state::open(&path).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(opened.loaded.is_none());
        let mut db = Database::default();
        state::initialize(&opened.file, &db).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let committer = Committer::start(opened.file, path.clone(), opened.logs).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut now = T0;
        for t in 0..2 {
            let (_, set) = db.execute_recorded("CreateTable", &create(&name(t), t == 0), now, &mut NoThrottle);
            prop_assert_eq!(committer.submit(set).blocking_recv().ok(), Some(Ok(())));
        }
        let mut acks = Vec::new();
        for (op, group) in &ops {
            now += match op { Op::Wait { hours } => u64::from(*hours) * 3_600_000, _ => 1_000 };
            let (action, input) = request(op, now);
            let (_, set) = db.execute_recorded(action, &input, now, &mut NoThrottle);
            if !set.is_empty() {
                acks.push(committer.submit(set));
            }
            // Let a few requests queue up before waiting: they share commits.
            if acks.len() >= *group {
                for ack in acks.drain(..) {
                    prop_assert_eq!(ack.blocking_recv().ok(), Some(Ok(())));
                }
            }
        }
        for ack in acks.drain(..) {
            prop_assert_eq!(ack.blocking_recv().ok(), Some(Ok(())));
        }
        committer.close(db.clock()).map_err(TestCaseError::fail)?;
        let reopened = state::open(&path).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut loaded = reopened.loaded.ok_or_else(|| TestCaseError::fail("the reopened file is empty"))?;
        prop_assert_eq!(loaded.snapshot(), db.snapshot());
        for t in 0..2 {
            let probes = [
                ("DescribeTable", json!({"TableName": name(t)})),
                ("Scan", json!({"TableName": name(t), "IndexName": "byG"})),
                ("Scan", json!({"TableName": name(t)})),
            ];
            for later in [now + 1, now + 30 * 3_600_000] {
                for (action, input) in &probes {
                    let a = db.execute(action, input, later).map_err(|e| e.message().to_owned());
                    let b = loaded.execute(action, input, later).map_err(|e| e.message().to_owned());
                    prop_assert_eq!(a, b, "{} {}", action, input);
                }
            }
        }
        drop(reopened.file);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

fn tempdir() -> std::path::PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!("dynamodel-reopen-{}-{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed)));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    dir
}
