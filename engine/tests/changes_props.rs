//! A store kept by applying each request's `ChangeSet` (here a naive one: maps of rows) and reloaded
//! through `engine::reload` must give back the database it mirrors: the same snapshot, and the same
//! answers afterwards from what reloading derives (index entries, statistics, the TTL expiry index),
//! whatever the requests — writes, batches, transactions, TTL deletes, streams and their retention,
//! tags, index creation, tables deleted and created again.

use std::collections::BTreeMap;

use engine::changes::{Change, ChangeSet};
use engine::db::{Database, DatabaseConfig};
use engine::reload::Reload;
use engine::throttle::NoThrottle;
use proptest::prelude::*;
use serde_json::{json, Value};

const T0: u64 = 1_700_000_000_000;
const HOUR: u64 = 3_600_000;

#[derive(Default, Clone)]
struct Rows {
    header: Vec<u8>,
    items: BTreeMap<Vec<u8>, Vec<u8>>,
    records: BTreeMap<u64, Vec<u8>>,
}

/// The naive store: what a real one keeps, as plain maps.
#[derive(Default)]
struct Store {
    tables: BTreeMap<String, Rows>,
    clock: u64,
}

impl Store {
    fn apply(&mut self, set: &ChangeSet) {
        for c in &set.changes {
            match c {
                Change::Header { table, header } => self.tables.entry(table.clone()).or_default().header = header.clone(),
                Change::Dropped { table } => {
                    self.tables.remove(table);
                }
                Change::Item { table, key, item } => {
                    let rows = self.tables.entry(table.clone()).or_default();
                    match item {
                        Some(i) => rows.items.insert(key.clone(), i.clone()),
                        None => rows.items.remove(key),
                    };
                }
                Change::Record { table, seq, record } => {
                    self.tables.entry(table.clone()).or_default().records.insert(*seq, record.clone());
                }
                Change::Trimmed { table, below } => {
                    if let Some(rows) = self.tables.get_mut(table) {
                        rows.records.retain(|s, _| s >= below);
                    }
                }
            }
        }
        self.clock = self.clock.max(set.clock);
    }

    fn reload(&self) -> Database {
        let mut r = Reload::new(DatabaseConfig::default());
        for (name, rows) in &self.tables {
            let mut t = r.table(name, &rows.header).unwrap_or_else(|e| panic!("{e}"));
            for (k, v) in &rows.items {
                t.item(k, v).unwrap_or_else(|e| panic!("{e}"));
            }
            for (s, v) in &rows.records {
                t.record(*s, v).unwrap_or_else(|e| panic!("{e}"));
            }
            t.finish();
        }
        r.finish(self.clock)
    }
}

fn create(name: &str) -> Value {
    json!({
        "TableName": name,
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"},
                                 {"AttributeName": "g", "AttributeType": "S"}, {"AttributeName": "l", "AttributeType": "N"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "Gsi", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "KEYS_ONLY"}}],
        "LocalSecondaryIndexes": [{"IndexName": "Lsi", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "l", "KeyType": "RANGE"}],
                                   "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["n"]}}],
        "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"},
        "BillingMode": "PAY_PER_REQUEST"
    })
}

#[derive(Debug, Clone)]
enum Op {
    Put { pk: u8, sk: u8, g: Option<u8>, l: Option<u8>, ttl: Option<u8>, n: u8 },
    Delete { pk: u8, sk: u8 },
    Add { pk: u8, sk: u8, n: u8 },
    Batch(Vec<(u8, u8)>),
    Transact(Vec<(u8, u8)>),
    Ttl(bool),
    Stream(bool),
    Tag(u8),
    AddIndex,
    Recreate,
    /// Let this many hours pass (past a day: stream records go; TTL items expire meanwhile).
    Wait(u8),
}

fn key(pk: u8, sk: u8) -> Value {
    json!({"pk": {"S": format!("p{pk}")}, "sk": {"N": sk.to_string()}})
}

fn op() -> impl Strategy<Value = Op> {
    let k = (0u8..4, 0u8..6);
    prop_oneof![
        6 => (k.clone(), proptest::option::of(0u8..3), proptest::option::of(0u8..5), proptest::option::of(0u8..4), any::<u8>())
            .prop_map(|((pk, sk), g, l, ttl, n)| Op::Put { pk, sk, g, l, ttl, n }),
        2 => k.clone().prop_map(|(pk, sk)| Op::Delete { pk, sk }),
        2 => (k.clone(), any::<u8>()).prop_map(|((pk, sk), n)| Op::Add { pk, sk, n }),
        1 => proptest::collection::btree_set(k.clone(), 1..5).prop_map(|s| Op::Batch(s.into_iter().collect())),
        1 => proptest::collection::btree_set(k, 1..4).prop_map(|s| Op::Transact(s.into_iter().collect())),
        1 => any::<bool>().prop_map(Op::Ttl),
        1 => any::<bool>().prop_map(Op::Stream),
        1 => any::<u8>().prop_map(Op::Tag),
        1 => Just(Op::AddIndex),
        1 => Just(Op::Recreate),
        2 => prop_oneof![0u8..2, 20u8..30].prop_map(Op::Wait),
    ]
}

fn requests(op: &Op, now: u64) -> Vec<(&'static str, Value)> {
    let t = "Tbl";
    match op {
        Op::Put { pk, sk, g, l, ttl, n } => {
            let mut item = key(*pk, *sk);
            if let Some(g) = g {
                item["g"] = json!({"S": format!("g{g}")});
            }
            if let Some(l) = l {
                item["l"] = json!({"N": l.to_string()});
            }
            if let Some(h) = ttl {
                item["exp"] = json!({"N": (now / 1000 + u64::from(*h) * 3600).to_string()});
            }
            item["n"] = json!({"N": n.to_string()});
            item["pad"] = json!({"S": "x".repeat(usize::from(*n))});
            vec![("PutItem", json!({"TableName": t, "Item": item}))]
        }
        Op::Delete { pk, sk } => vec![("DeleteItem", json!({"TableName": t, "Key": key(*pk, *sk)}))],
        Op::Add { pk, sk, n } => vec![(
            "UpdateItem",
            json!({"TableName": t, "Key": key(*pk, *sk), "UpdateExpression": "ADD n :n", "ExpressionAttributeValues": {":n": {"N": n.to_string()}}}),
        )],
        Op::Batch(keys) => {
            let reqs: Vec<Value> = keys
                .iter()
                .enumerate()
                .map(|(i, (pk, sk))| {
                    if i % 2 == 0 {
                        json!({"PutRequest": {"Item": key(*pk, *sk)}})
                    } else {
                        json!({"DeleteRequest": {"Key": key(*pk, *sk)}})
                    }
                })
                .collect();
            vec![("BatchWriteItem", json!({"RequestItems": {t: reqs}}))]
        }
        Op::Transact(keys) => {
            let items: Vec<Value> = keys
                .iter()
                .map(|(pk, sk)| json!({"Update": {"TableName": t, "Key": key(*pk, *sk), "UpdateExpression": "ADD n :one", "ExpressionAttributeValues": {":one": {"N": "1"}}}}))
                .collect();
            vec![("TransactWriteItems", json!({"TransactItems": items}))]
        }
        Op::Ttl(on) => vec![("UpdateTimeToLive", json!({"TableName": t, "TimeToLiveSpecification": {"Enabled": on, "AttributeName": "exp"}}))],
        Op::Stream(on) => {
            let spec = if *on { json!({"StreamEnabled": true, "StreamViewType": "KEYS_ONLY"}) } else { json!({"StreamEnabled": false}) };
            vec![("UpdateTable", json!({"TableName": t, "StreamSpecification": spec}))]
        }
        Op::Tag(n) => vec![(
            "TagResource",
            json!({"ResourceArn": "arn:aws:dynamodb:us-east-1:000000000000:table/Tbl", "Tags": [{"Key": format!("k{}", n % 4), "Value": n.to_string()}]}),
        )],
        Op::AddIndex => vec![(
            "UpdateTable",
            json!({"TableName": t, "AttributeDefinitions": [{"AttributeName": "n", "AttributeType": "N"}],
                   "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": "ByN", "KeySchema": [{"AttributeName": "n", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}}]}),
        )],
        Op::Recreate => vec![("DeleteTable", json!({"TableName": t})), ("CreateTable", create(t))],
        Op::Wait(_) => vec![("DescribeTable", json!({"TableName": t}))],
    }
}

/// Answers that depend on what reloading rebuilds: index contents, statistics, expiry.
fn probes() -> Vec<(&'static str, Value)> {
    vec![
        ("DescribeTable", json!({"TableName": "Tbl"})),
        ("Scan", json!({"TableName": "Tbl", "IndexName": "Gsi"})),
        ("Query", json!({"TableName": "Tbl", "IndexName": "Lsi", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "p1"}}})),
        ("Scan", json!({"TableName": "Tbl"})),
        ("Scan", json!({"TableName": "Tbl", "IndexName": "ByN"})),
    ]
}

fn run(db: &mut Database, store: Option<&mut Store>, action: &str, input: &Value, now: u64) -> Value {
    let (result, set) = db.execute_recorded(action, input, now, &mut NoThrottle);
    if let Some(store) = store {
        store.apply(&set);
    }
    result.unwrap_or_else(|e| json!({"error": e.message()}))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn a_reloaded_store_is_the_database(ops in proptest::collection::vec(op(), 1..40)) {
        let mut db = Database::default();
        let mut store = Store::default();
        let mut now = T0;
        let created = run(&mut db, Some(&mut store), "CreateTable", &create("Tbl"), now);
        prop_assert!(created.get("error").is_none(), "{}", created);
        let mut written = 0;
        for op in &ops {
            now += match op { Op::Wait(h) => u64::from(*h) * HOUR + 1, _ => 1000 };
            for (action, input) in requests(op, now) {
                let out = run(&mut db, Some(&mut store), action, &input, now);
                written += usize::from(out.get("error").is_none() && action.ends_with("Item"));
            }
        }
        prop_assume!(written > 0);
        let mut reloaded = store.reload();
        prop_assert_eq!(reloaded.snapshot(), db.snapshot());
        // A day later (TTL items expire, stream records go), both answer alike.
        for later in [now + 1, now + 25 * HOUR] {
            for (action, input) in probes() {
                let a = run(&mut db, None, action, &input, later);
                let b = run(&mut reloaded, None, action, &input, later);
                prop_assert_eq!(a, b, "{} {}", action, input);
            }
        }
    }
}

#[test]
fn damaged_rows_are_refused() {
    let mut db = Database::default();
    let mut store = Store::default();
    run(&mut db, Some(&mut store), "CreateTable", &create("Tbl"), T0);
    run(&mut db, Some(&mut store), "PutItem", &json!({"TableName": "Tbl", "Item": {"pk": {"S": "a"}, "sk": {"N": "1"}, "s": {"S": "text"}}}), T0);
    let rows = store.tables.get("Tbl").cloned().unwrap_or_default();
    let (k, v) = rows.items.iter().next().map(|(k, v)| (k.clone(), v.clone())).unwrap_or_default();
    let load = |header: &[u8], key: &[u8], item: &[u8]| {
        let mut r = Reload::new(DatabaseConfig::default());
        let mut t = r.table("Tbl", header).map_err(|e| e.to_string())?;
        t.item(key, item).map_err(|e| e.to_string())?;
        t.finish();
        Ok::<_, String>(())
    };
    assert_eq!(load(&rows.header, &k, &v), Ok(()));
    for cut in 0..v.len() {
        let e = load(&rows.header, &k, &v[..cut]);
        assert!(e.as_ref().is_err_and(|e| e.contains(r#"item {"pk":{"S":"a"},"sk":{"N":"1"}} is not a well-formed item"#)), "cut at {cut}: {e:?}");
    }
    assert!(load(&rows.header, &k[..k.len() - 1], &v).is_err_and(|e| e.contains("key schema")));
    assert!(load(&rows.header[..10], &k, &v).is_err_and(|e| e.contains("invalid table header")));
    assert!(load(br#"{"createdAt": 1}"#, &k, &v).is_err_and(|e| e.contains("missing definition")));
    // Every single-byte change is either refused or still a well-formed item: never a panic.
    for i in 0..v.len() {
        for bit in 0..8 {
            let mut bad = v.clone();
            bad[i] ^= 1 << bit;
            let _ = load(&rows.header, &k, &bad);
        }
    }
}
