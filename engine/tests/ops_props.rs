//! Random operation sequences on a table with a GSI and an LSI, checked step by step against a naive
//! reference: a BTreeMap of items plus brute-force filter/sort for every Query and Scan page, every
//! page boundary (LastEvaluatedKey) and the full content of both indexes.

use std::collections::BTreeMap;

use engine::db::Database;
use proptest::prelude::*;
use serde_json::{json, Value};

const NOW: u64 = 1_700_000_000_000;
const PKS: [&str; 3] = ["a", "b", "c"];
const GKS: [&str; 2] = ["x", "y"];
const LSS: [&str; 3] = ["m", "n", "o"];
const VS: [&str; 3] = ["p", "q", "r"];

#[derive(Debug, Clone, Default, PartialEq)]
struct Rec {
    gk: Option<u8>,
    gs: Option<i8>,
    ls: Option<u8>,
    v: Option<u8>,
}

type Key = (u8, i8);

fn item_json(k: Key, r: &Rec) -> Value {
    let mut m = serde_json::Map::new();
    m.insert("pk".into(), json!({"S": PKS[k.0 as usize]}));
    m.insert("sk".into(), json!({"N": k.1.to_string()}));
    if let Some(g) = r.gk {
        m.insert("gk".into(), json!({"S": GKS[g as usize]}));
    }
    if let Some(g) = r.gs {
        m.insert("gs".into(), json!({"N": g.to_string()}));
    }
    if let Some(l) = r.ls {
        m.insert("ls".into(), json!({"S": LSS[l as usize]}));
    }
    if let Some(v) = r.v {
        m.insert("v".into(), json!({"S": VS[v as usize]}));
    }
    Value::Object(m)
}

fn keep(v: &Value, names: &[&str]) -> Value {
    let m = v.as_object().map(|m| m.iter().filter(|(k, _)| names.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect());
    Value::Object(m.unwrap_or_default())
}

fn key_json(k: Key) -> Value {
    json!({"pk": {"S": PKS[k.0 as usize]}, "sk": {"N": k.1.to_string()}})
}

#[derive(Debug, Clone)]
enum Op {
    Put(Key, Rec),
    Update(Key, Option<u8>, Option<Option<u8>>),
    Delete(Key, bool),
    Get(Key),
    Query { pk: u8, cond: Option<(u8, i8, i8)>, forward: bool, limit: Option<u8>, filter_v: Option<u8> },
    QueryGsi { gk: u8, forward: bool, limit: Option<u8> },
    QueryLsi { pk: u8, forward: bool, limit: Option<u8> },
    Scan { index: u8, limit: Option<u8> },
}

fn key_s() -> impl Strategy<Value = Key> {
    (0u8..3, -3i8..4)
}

fn rec_s() -> impl Strategy<Value = Rec> {
    (proptest::option::of(0u8..2), proptest::option::of(0i8..3), proptest::option::of(0u8..3), proptest::option::of(0u8..3))
        .prop_map(|(gk, gs, ls, v)| Rec { gk, gs, ls, v })
}

fn limit_s() -> impl Strategy<Value = Option<u8>> {
    proptest::option::of(1u8..4)
}

fn op_s() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (key_s(), rec_s()).prop_map(|(k, r)| Op::Put(k, r)),
        2 => (key_s(), proptest::option::of(0u8..3), proptest::option::of(proptest::option::of(0u8..2))).prop_map(|(k, v, g)| Op::Update(k, v, g)),
        1 => (key_s(), any::<bool>()).prop_map(|(k, c)| Op::Delete(k, c)),
        1 => key_s().prop_map(Op::Get),
        2 => (0u8..3, proptest::option::of((0u8..6, -3i8..4, -3i8..4)), any::<bool>(), limit_s(), proptest::option::of(0u8..3))
            .prop_map(|(pk, cond, forward, limit, filter_v)| Op::Query { pk, cond, forward, limit, filter_v }),
        1 => (0u8..2, any::<bool>(), limit_s()).prop_map(|(gk, forward, limit)| Op::QueryGsi { gk, forward, limit }),
        1 => (0u8..3, any::<bool>(), limit_s()).prop_map(|(pk, forward, limit)| Op::QueryLsi { pk, forward, limit }),
        1 => (0u8..3, limit_s()).prop_map(|(index, limit)| Op::Scan { index, limit }),
    ]
}

fn setup() -> Database {
    let mut db = Database::default();
    db.execute(
        "CreateTable",
        &json!({"TableName": "Prop",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"},
                {"AttributeName": "gk", "AttributeType": "S"}, {"AttributeName": "gs", "AttributeType": "N"}, {"AttributeName": "ls", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
            "BillingMode": "PAY_PER_REQUEST",
            "GlobalSecondaryIndexes": [{"IndexName": "gsi", "KeySchema": [{"AttributeName": "gk", "KeyType": "HASH"}, {"AttributeName": "gs", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["v"]}}],
            "LocalSecondaryIndexes": [{"IndexName": "lsi", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "ls", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "KEYS_ONLY"}}]}),
        NOW,
    )
    .expect("create table");
    db
}

/// Run a paginated read through the engine and compare every page with the model's pages.
/// `candidates` are the entries in read order (already projected), with their LastEvaluatedKey and
/// whether they pass the filter.
fn check_pages(db: &mut Database, action: &str, base: Value, limit: Option<u8>, candidates: &[(Value, Value, bool)]) -> Result<(), TestCaseError> {
    let mut start: Option<Value> = None;
    let mut pos = 0usize;
    for _ in 0..64 {
        let mut req = base.clone();
        if let Some(l) = limit {
            req["Limit"] = json!(l);
        }
        if let Some(s) = &start {
            req["ExclusiveStartKey"] = s.clone();
        }
        let out = db.execute(action, &req, NOW).map_err(|e| TestCaseError::fail(format!("{action} failed: {e}")))?;
        let n = limit.map_or(candidates.len() - pos, |l| (l as usize).min(candidates.len() - pos));
        let page = &candidates[pos..pos + n];
        let want: Vec<Value> = page.iter().filter(|c| c.2).map(|c| c.0.clone()).collect();
        prop_assert_eq!(out["Items"].as_array().cloned().unwrap_or_default(), want.clone(), "items of page at {} for {}", pos, req);
        prop_assert_eq!(out["Count"].as_u64(), Some(want.len() as u64));
        prop_assert_eq!(out["ScannedCount"].as_u64(), Some(n as u64));
        pos += n;
        let want_lek = if limit.is_some_and(|l| n == l as usize) { page.last().map(|c| c.1.clone()) } else { None };
        prop_assert_eq!(out.get("LastEvaluatedKey").cloned(), want_lek.clone(), "LastEvaluatedKey for {}", req);
        match want_lek {
            Some(k) => start = Some(k),
            None => {
                prop_assert_eq!(pos, candidates.len());
                return Ok(());
            }
        }
    }
    Err(TestCaseError::fail("too many pages"))
}

fn gsi_entries(model: &BTreeMap<Key, Rec>, gk: Option<u8>) -> Vec<(Value, Value, bool)> {
    let mut v: Vec<(u8, i8, Key, &Rec)> =
        model.iter().filter_map(|(k, r)| Some((r.gk?, r.gs?, *k, r))).filter(|(g, ..)| gk.is_none_or(|x| x == *g)).collect();
    v.sort_by_key(|a| (a.0, a.1, a.2));
    v.into_iter()
        .map(|(_, _, k, r)| {
            let it = item_json(k, r);
            (keep(&it, &["pk", "sk", "gk", "gs", "v"]), keep(&it, &["pk", "sk", "gk", "gs"]), true)
        })
        .collect()
}

fn lsi_entries(model: &BTreeMap<Key, Rec>, pk: Option<u8>) -> Vec<(Value, Value, bool)> {
    let mut v: Vec<(u8, u8, i8, &Rec)> =
        model.iter().filter_map(|(k, r)| Some((k.0, r.ls?, k.1, r))).filter(|(p, ..)| pk.is_none_or(|x| x == *p)).collect();
    v.sort_by_key(|a| (a.0, a.1, a.2));
    v.into_iter()
        .map(|(p, _, s, r)| {
            let it = item_json((p, s), r);
            (keep(&it, &["pk", "sk", "ls"]), keep(&it, &["pk", "sk", "ls"]), true)
        })
        .collect()
}

fn run(ops: Vec<Op>) -> Result<(), TestCaseError> {
    let mut db = setup();
    let mut model: BTreeMap<Key, Rec> = BTreeMap::new();
    for op in ops {
        match op {
            Op::Put(k, r) => {
                let out = db.execute("PutItem", &json!({"TableName": "Prop", "Item": item_json(k, &r), "ReturnValues": "ALL_OLD"}), NOW);
                let old = model.insert(k, r);
                let out = out.map_err(|e| TestCaseError::fail(format!("put: {e}")))?;
                prop_assert_eq!(out.get("Attributes").cloned(), old.map(|o| item_json(k, &o)));
            }
            Op::Update(k, v, g) => {
                let mut sets = vec![];
                let mut removes = vec![];
                let mut vals = serde_json::Map::new();
                if let Some(v) = v {
                    sets.push("v = :v");
                    vals.insert(":v".into(), json!({"S": VS[v as usize]}));
                }
                match g {
                    Some(Some(g)) => {
                        sets.push("gk = :g");
                        vals.insert(":g".into(), json!({"S": GKS[g as usize]}));
                    }
                    Some(None) => removes.push("gk"),
                    None => {}
                }
                let mut expr = String::new();
                if !sets.is_empty() {
                    expr += &format!("SET {} ", sets.join(", "));
                }
                if !removes.is_empty() {
                    expr += &format!("REMOVE {}", removes.join(", "));
                }
                let mut req = json!({"TableName": "Prop", "Key": key_json(k), "ReturnValues": "ALL_NEW"});
                if !expr.is_empty() {
                    req["UpdateExpression"] = json!(expr.trim());
                }
                if !vals.is_empty() {
                    req["ExpressionAttributeValues"] = Value::Object(vals);
                }
                let out = db.execute("UpdateItem", &req, NOW).map_err(|e| TestCaseError::fail(format!("update: {e}")))?;
                // An update that only REMOVEs, on a missing item, creates nothing and returns nothing.
                if v.is_none() && g == Some(None) && !model.contains_key(&k) {
                    prop_assert_eq!(out.get("Attributes").cloned(), None);
                    continue;
                }
                let r = model.entry(k).or_default();
                if let Some(v) = v {
                    r.v = Some(v);
                }
                if let Some(g) = g {
                    r.gk = g;
                }
                prop_assert_eq!(out.get("Attributes").cloned(), Some(item_json(k, r)));
            }
            Op::Delete(k, cond) => {
                let mut req = json!({"TableName": "Prop", "Key": key_json(k)});
                if cond {
                    req["ConditionExpression"] = json!("attribute_exists(pk)");
                }
                let out = db.execute("DeleteItem", &req, NOW);
                let existed = model.remove(&k).is_some();
                match out {
                    Ok(_) => prop_assert!(existed || !cond),
                    Err(e) => prop_assert!(cond && !existed && e.type_name() == "ConditionalCheckFailedException", "{}", e),
                }
            }
            Op::Get(k) => {
                let out = db
                    .execute("GetItem", &json!({"TableName": "Prop", "Key": key_json(k), "ReturnConsumedCapacity": "TOTAL"}), NOW)
                    .map_err(|e| TestCaseError::fail(format!("get: {e}")))?;
                prop_assert_eq!(out.get("Item").cloned(), model.get(&k).map(|r| item_json(k, r)));
                prop_assert_eq!(out["ConsumedCapacity"]["CapacityUnits"].as_f64(), Some(0.5));
            }
            Op::Query { pk, cond, forward, limit, filter_v } => {
                let mut vals = serde_json::Map::new();
                vals.insert(":p".into(), json!({"S": PKS[pk as usize]}));
                let mut kce = String::from("pk = :p");
                let pred: Box<dyn Fn(i8) -> bool> = match cond {
                    None => Box::new(|_| true),
                    Some((kind, a, b)) => {
                        let (lo, hi) = (a.min(b), a.max(b));
                        vals.insert(":a".into(), json!({"N": lo.to_string()}));
                        let (text, f): (&str, Box<dyn Fn(i8) -> bool>) = match kind {
                            0 => (" AND sk = :a", Box::new(move |s| s == lo)),
                            1 => (" AND sk < :a", Box::new(move |s| s < lo)),
                            2 => (" AND sk <= :a", Box::new(move |s| s <= lo)),
                            3 => (" AND sk > :a", Box::new(move |s| s > lo)),
                            4 => (" AND sk >= :a", Box::new(move |s| s >= lo)),
                            _ => {
                                vals.insert(":b".into(), json!({"N": hi.to_string()}));
                                (" AND sk BETWEEN :a AND :b", Box::new(move |s| s >= lo && s <= hi))
                            }
                        };
                        kce += text;
                        f
                    }
                };
                let mut req = json!({"TableName": "Prop", "KeyConditionExpression": kce, "ScanIndexForward": forward});
                if let Some(fv) = filter_v {
                    vals.insert(":fv".into(), json!({"S": VS[fv as usize]}));
                    req["FilterExpression"] = json!("v = :fv");
                }
                req["ExpressionAttributeValues"] = Value::Object(vals);
                let mut c: Vec<(Value, Value, bool)> = model
                    .iter()
                    .filter(|(k, _)| k.0 == pk && pred(k.1))
                    .map(|(k, r)| (item_json(*k, r), key_json(*k), filter_v.is_none_or(|fv| r.v == Some(fv))))
                    .collect();
                if !forward {
                    c.reverse();
                }
                check_pages(&mut db, "Query", req, limit, &c)?;
            }
            Op::QueryGsi { gk, forward, limit } => {
                let req = json!({"TableName": "Prop", "IndexName": "gsi", "KeyConditionExpression": "gk = :g",
                    "ExpressionAttributeValues": {":g": {"S": GKS[gk as usize]}}, "ScanIndexForward": forward});
                let mut c = gsi_entries(&model, Some(gk));
                if !forward {
                    c.reverse();
                }
                check_pages(&mut db, "Query", req, limit, &c)?;
            }
            Op::QueryLsi { pk, forward, limit } => {
                let req = json!({"TableName": "Prop", "IndexName": "lsi", "KeyConditionExpression": "pk = :p",
                    "ExpressionAttributeValues": {":p": {"S": PKS[pk as usize]}}, "ScanIndexForward": forward});
                let mut c = lsi_entries(&model, Some(pk));
                if !forward {
                    c.reverse();
                }
                check_pages(&mut db, "Query", req, limit, &c)?;
            }
            Op::Scan { index, limit } => {
                let (req, c) = match index {
                    0 => (
                        json!({"TableName": "Prop"}),
                        model.iter().map(|(k, r)| (item_json(*k, r), key_json(*k), true)).collect::<Vec<_>>(),
                    ),
                    1 => (json!({"TableName": "Prop", "IndexName": "gsi"}), gsi_entries(&model, None)),
                    _ => (json!({"TableName": "Prop", "IndexName": "lsi"}), lsi_entries(&model, None)),
                };
                check_pages(&mut db, "Scan", req, limit, &c)?;
            }
        }
        // Index statistics must always match the model's brute-force counts.
        let d = db.execute("DescribeTable", &json!({"TableName": "Prop"}), NOW).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(d["Table"]["ItemCount"].as_u64(), Some(model.len() as u64));
        prop_assert_eq!(d["Table"]["GlobalSecondaryIndexes"][0]["ItemCount"].as_u64(), Some(gsi_entries(&model, None).len() as u64));
        prop_assert_eq!(d["Table"]["LocalSecondaryIndexes"][0]["ItemCount"].as_u64(), Some(lsi_entries(&model, None).len() as u64));
    }
    // Snapshot round trip preserves everything observable.
    let snap = db.snapshot();
    let restored = Database::restore(&snap).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(restored.snapshot(), snap);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]
    #[test]
    fn operations_agree_with_reference(ops in proptest::collection::vec(op_s(), 1..40)) {
        run(ops)?;
    }
}
