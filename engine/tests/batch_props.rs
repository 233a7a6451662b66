//! Batches and transactions against a naive reference model (proptest).
//!
//! The model is a map per table from key to item, with DynamoDB's rules for BatchWriteItem,
//! BatchGetItem, TransactWriteItems and TransactGetItems written out the obvious way: duplicates are
//! refused, a transaction applies all or nothing with one reason per action (conditions judged on the
//! state before the transaction), throttled parts of batches come back unprocessed and throttled
//! transaction items cancel. After every step the engine's items must equal the model's.

use std::collections::BTreeMap;

use engine::db::Database;
use engine::error::ApiError;
use engine::throttle::ThrottleKeys;
use engine::value::{item_from_json, item_to_json, Item};
use proptest::prelude::*;
use serde_json::{json, Value};

const TABLES: [&str; 2] = ["Alpha", "Bravo"];
type Model = BTreeMap<&'static str, BTreeMap<String, i64>>;

#[derive(Debug, Clone)]
enum Cond {
    None,
    Exists,
    NotExists,
    AtLeast(i64),
}

#[derive(Debug, Clone)]
enum TxKind {
    Put(i64),
    Delete,
    Add(i64),
    Check,
}

#[derive(Debug, Clone)]
struct TxOp {
    table: usize,
    key: u8,
    kind: TxKind,
    cond: Cond,
}

#[derive(Debug, Clone)]
enum Op {
    Put(usize, u8, i64),
    BatchWrite(Vec<(usize, u8, Option<i64>, bool)>),
    BatchGet(Vec<(usize, u8, bool)>),
    Transact(Vec<TxOp>, Option<usize>),
    TransactGet(Vec<(usize, u8)>, Option<usize>),
}

fn key_name(k: u8) -> String {
    format!("k{k}")
}

fn item(k: u8, n: i64) -> Value {
    json!({"id": {"S": key_name(k)}, "n": {"N": n.to_string()}})
}

fn key(k: u8) -> Value {
    json!({"id": {"S": key_name(k)}})
}

fn cond_strategy() -> impl Strategy<Value = Cond> {
    prop_oneof![Just(Cond::None), Just(Cond::Exists), Just(Cond::NotExists), (-3i64..10).prop_map(Cond::AtLeast)]
}

fn tx_strategy() -> impl Strategy<Value = TxOp> {
    let kind = prop_oneof![(-5i64..20).prop_map(TxKind::Put), Just(TxKind::Delete), (-5i64..5).prop_map(TxKind::Add), Just(TxKind::Check)];
    (0..2usize, 0..6u8, kind, cond_strategy()).prop_map(|(table, key, kind, cond)| {
        // A ConditionCheck needs a condition.
        let cond = match (&kind, cond) {
            (TxKind::Check, Cond::None) => Cond::Exists,
            (_, c) => c,
        };
        TxOp { table, key, kind, cond }
    })
}

fn op_strategy() -> impl Strategy<Value = Op> {
    prop_oneof![
        (0..2usize, 0..6u8, -5i64..20).prop_map(|(t, k, n)| Op::Put(t, k, n)),
        prop::collection::vec((0..2usize, 0..6u8, prop::option::of(-5i64..20), prop::bool::weighted(0.2)), 1..6).prop_map(Op::BatchWrite),
        prop::collection::vec((0..2usize, 0..6u8, prop::bool::weighted(0.2)), 1..6).prop_map(Op::BatchGet),
        (prop::collection::vec(tx_strategy(), 1..5), prop::option::weighted(0.15, 0..5usize)).prop_map(|(v, t)| Op::Transact(v, t)),
        (prop::collection::vec((0..2usize, 0..6u8), 1..5), prop::option::weighted(0.15, 0..5usize)).prop_map(|(v, t)| Op::TransactGet(v, t)),
    ]
}

fn has_duplicates<T: Ord + Clone>(keys: impl Iterator<Item = T>) -> bool {
    let mut seen = std::collections::BTreeSet::new();
    keys.into_iter().any(|k| !seen.insert(k))
}

fn cond_holds(c: &Cond, cur: Option<i64>) -> bool {
    match c {
        Cond::None => true,
        Cond::Exists => cur.is_some(),
        Cond::NotExists => cur.is_none(),
        Cond::AtLeast(x) => cur.is_some_and(|n| n >= *x),
    }
}

fn tx_json(op: &TxOp) -> Value {
    let table = TABLES[op.table];
    let mut body = match &op.kind {
        TxKind::Put(n) => json!({"Put": {"TableName": table, "Item": item(op.key, *n)}}),
        TxKind::Delete => json!({"Delete": {"TableName": table, "Key": key(op.key)}}),
        TxKind::Add(d) => json!({"Update": {"TableName": table, "Key": key(op.key), "UpdateExpression": "ADD n :d", "ExpressionAttributeValues": {":d": {"N": d.to_string()}}}}),
        TxKind::Check => json!({"ConditionCheck": {"TableName": table, "Key": key(op.key)}}),
    };
    let inner = body.as_object_mut().and_then(|o| o.values_mut().next()).and_then(Value::as_object_mut).expect("action object");
    let (expr, value) = match &op.cond {
        Cond::None => (None, None),
        Cond::Exists => (Some("attribute_exists(id)"), None),
        Cond::NotExists => (Some("attribute_not_exists(id)"), None),
        Cond::AtLeast(x) => (Some("n >= :x"), Some(*x)),
    };
    if let Some(e) = expr {
        inner.insert("ConditionExpression".into(), json!(e));
    }
    if let Some(x) = value {
        let vals = inner.entry("ExpressionAttributeValues").or_insert_with(|| json!({}));
        vals[":x"] = json!({"N": x.to_string()});
    }
    body
}

fn engine_state(db: &Database) -> Model {
    let mut m = Model::new();
    for t in TABLES {
        let table = db.table(t).expect("table exists");
        let items = m.entry(t).or_default();
        for (pk, part) in &table.parts {
            for (sk, stored) in &part.items {
                let it: &Item = &stored.item.decode(&engine::table::key::KeyRef(pk, sk));
                let v = item_to_json(it);
                let id = v["id"]["S"].as_str().expect("id").to_string();
                let n: i64 = v["n"]["N"].as_str().expect("n").parse().expect("integer n");
                items.insert(id, n);
            }
        }
    }
    m
}

fn throttle_of(keys: &[(usize, u8)]) -> ThrottleKeys {
    let mut t = ThrottleKeys::new();
    for (table, k) in keys {
        t.add(TABLES[*table], &item_from_json(&key(*k)).expect("key"));
    }
    t
}

fn err_type(r: &Result<Value, ApiError>) -> Option<&'static str> {
    r.as_ref().err().map(|e| e.type_name())
}

fn run(db: &mut Database, model: &mut Model, op: &Op) -> Result<(), TestCaseError> {
    let now = 1_700_000_000_000;
    match op {
        Op::Put(t, k, n) => {
            db.execute("PutItem", &json!({"TableName": TABLES[*t], "Item": item(*k, *n)}), now).map_err(|e| TestCaseError::fail(e.to_string()))?;
            model.entry(TABLES[*t]).or_default().insert(key_name(*k), *n);
        }
        Op::BatchWrite(reqs) => {
            let mut ri: BTreeMap<&str, Vec<Value>> = BTreeMap::new();
            for (t, k, n, _) in reqs {
                ri.entry(TABLES[*t]).or_default().push(match n {
                    Some(n) => json!({"PutRequest": {"Item": item(*k, *n)}}),
                    None => json!({"DeleteRequest": {"Key": key(*k)}}),
                });
            }
            let throttled: Vec<(usize, u8)> = reqs.iter().filter(|r| r.3).map(|r| (r.0, r.1)).collect();
            let got = db.execute_with("BatchWriteItem", &json!({"RequestItems": ri}), now, &mut throttle_of(&throttled));
            if has_duplicates(reqs.iter().map(|r| (r.0, r.1))) {
                prop_assert_eq!(err_type(&got), Some("ValidationException"));
                return Ok(());
            }
            if throttled.len() == reqs.len() {
                // The tables are on-demand: DynamoDB answers ThrottlingException.
                prop_assert_eq!(err_type(&got), Some("ThrottlingException"));
                return Ok(());
            }
            let out = got.map_err(|e| TestCaseError::fail(e.to_string()))?;
            let mut unprocessed = 0;
            for (t, k, n, thr) in reqs {
                if *thr {
                    unprocessed += 1;
                    continue;
                }
                let table = model.entry(TABLES[*t]).or_default();
                match n {
                    Some(n) => table.insert(key_name(*k), *n),
                    None => table.remove(&key_name(*k)),
                };
            }
            let got_unprocessed: usize = out["UnprocessedItems"].as_object().map_or(0, |m| m.values().map(|l| l.as_array().map_or(0, Vec::len)).sum());
            prop_assert_eq!(got_unprocessed, unprocessed);
        }
        Op::BatchGet(keys) => {
            let mut ri: BTreeMap<&str, Value> = BTreeMap::new();
            for (t, k, _) in keys {
                let e = ri.entry(TABLES[*t]).or_insert_with(|| json!({"Keys": []}));
                if let Some(a) = e["Keys"].as_array_mut() {
                    a.push(key(*k));
                }
            }
            let throttled: Vec<(usize, u8)> = keys.iter().filter(|r| r.2).map(|r| (r.0, r.1)).collect();
            let got = db.execute_with("BatchGetItem", &json!({"RequestItems": ri}), now, &mut throttle_of(&throttled));
            if has_duplicates(keys.iter().map(|r| (r.0, r.1))) {
                prop_assert_eq!(err_type(&got), Some("ValidationException"));
                return Ok(());
            }
            if throttled.len() == keys.len() {
                // The tables are on-demand: DynamoDB answers ThrottlingException.
                prop_assert_eq!(err_type(&got), Some("ThrottlingException"));
                return Ok(());
            }
            let out = got.map_err(|e| TestCaseError::fail(e.to_string()))?;
            for t in ri.keys() {
                let ti = TABLES.iter().position(|x| x == t).unwrap_or(0);
                let expected: Vec<Value> = keys
                    .iter()
                    .filter(|(tt, _, thr)| *tt == ti && !thr)
                    .filter_map(|(_, k, _)| model.get(t).and_then(|m| m.get(&key_name(*k))).map(|n| (*k, *n)))
                    .map(|(k, n)| item(k, n))
                    .collect();
                prop_assert_eq!(&out["Responses"][*t], &Value::Array(expected));
                let unprocessed: Vec<Value> = keys.iter().filter(|(tt, _, thr)| *tt == ti && *thr).map(|(_, k, _)| key(*k)).collect();
                if unprocessed.is_empty() {
                    prop_assert!(out["UnprocessedKeys"].get(*t).is_none());
                } else {
                    prop_assert_eq!(&out["UnprocessedKeys"][*t]["Keys"], &Value::Array(unprocessed));
                }
            }
        }
        Op::Transact(ops, throttled_at) => {
            let throttled: Vec<(usize, u8)> = throttled_at.and_then(|i| ops.get(i)).map(|o| (o.table, o.key)).into_iter().collect();
            let items: Vec<Value> = ops.iter().map(tx_json).collect();
            let got = db.execute_with("TransactWriteItems", &json!({"TransactItems": items}), now, &mut throttle_of(&throttled));
            if has_duplicates(ops.iter().map(|o| (o.table, o.key))) {
                prop_assert_eq!(err_type(&got), Some("ValidationException"));
                return Ok(());
            }
            let codes: Vec<&str> = ops
                .iter()
                .map(|o| {
                    let cur = model.get(TABLES[o.table]).and_then(|m| m.get(&key_name(o.key))).copied();
                    if throttled.contains(&(o.table, o.key)) {
                        "ThrottlingError"
                    } else if !cond_holds(&o.cond, cur) {
                        "ConditionalCheckFailed"
                    } else {
                        "None"
                    }
                })
                .collect();
            if codes.iter().any(|c| *c != "None") {
                match &got {
                    Err(ApiError::TransactionCanceled { reasons, .. }) => {
                        let got_codes: Vec<&str> = reasons.iter().map(|r| r.code.as_str()).collect();
                        prop_assert_eq!(got_codes, codes);
                    }
                    other => prop_assert!(false, "expected cancellation, got {:?}", other),
                }
                return Ok(());
            }
            got.map_err(|e| TestCaseError::fail(e.to_string()))?;
            for o in ops {
                let table = model.entry(TABLES[o.table]).or_default();
                match o.kind {
                    TxKind::Put(n) => {
                        table.insert(key_name(o.key), n);
                    }
                    TxKind::Delete => {
                        table.remove(&key_name(o.key));
                    }
                    TxKind::Add(d) => *table.entry(key_name(o.key)).or_insert(0) += d,
                    TxKind::Check => {}
                }
            }
        }
        Op::TransactGet(keys, throttled_at) => {
            let throttled: Vec<(usize, u8)> = throttled_at.and_then(|i| keys.get(i)).copied().into_iter().collect();
            let items: Vec<Value> = keys.iter().map(|(t, k)| json!({"Get": {"TableName": TABLES[*t], "Key": key(*k)}})).collect();
            let got = db.execute_with("TransactGetItems", &json!({"TransactItems": items}), now, &mut throttle_of(&throttled));
            if has_duplicates(keys.iter().copied()) {
                prop_assert_eq!(err_type(&got), Some("ValidationException"));
                return Ok(());
            }
            if !throttled.is_empty() {
                prop_assert_eq!(err_type(&got), Some("TransactionCanceledException"));
                return Ok(());
            }
            let out = got.map_err(|e| TestCaseError::fail(e.to_string()))?;
            let expected: Vec<Value> = keys
                .iter()
                .map(|(t, k)| match model.get(TABLES[*t]).and_then(|m| m.get(&key_name(*k))) {
                    Some(n) => json!({"Item": item(*k, *n)}),
                    None => json!({}),
                })
                .collect();
            prop_assert_eq!(&out["Responses"], &Value::Array(expected));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn batches_and_transactions_match_the_model(ops in prop::collection::vec(op_strategy(), 1..25)) {
        let mut db = Database::default();
        for t in TABLES {
            db.execute("CreateTable", &json!({"TableName": t, "BillingMode": "PAY_PER_REQUEST",
                "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}), 1_700_000_000_000).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        let mut model = Model::new();
        for t in TABLES {
            model.insert(t, BTreeMap::new());
        }
        for op in &ops {
            run(&mut db, &mut model, op)?;
            prop_assert_eq!(engine_state(&db), model.clone(), "after {:?}", op);
        }
    }
}
