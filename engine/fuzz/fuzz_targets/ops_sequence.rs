//! Random operation sequences against the engine, checked against a plain BTreeMap reference (in the
//! manner of redb's fuzz target): PutItem/UpdateItem/DeleteItem/GetItem, paginated Query and Scan on
//! the table and both indexes, parallel-scan segments, snapshot round trips, and arbitrary JSON sent
//! to arbitrary actions (on a copy of the database, so the reference stays valid). Nothing may panic.
#![no_main]

use std::collections::BTreeMap;

use engine::db::Database;
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Map, Value};

const NOW: u64 = 1_700_000_000_000;
const ACTIONS: [&str; 11] =
    ["CreateTable", "DescribeTable", "ListTables", "DeleteTable", "UpdateTable", "PutItem", "GetItem", "DeleteItem", "UpdateItem", "Query", "Scan"];

#[derive(Clone, Default, PartialEq, Debug)]
struct Rec {
    gk: Option<u8>,
    ls: Option<u8>,
    v: Option<u8>,
}

fn item(k: (u8, i8), r: &Rec) -> Value {
    let mut m = Map::new();
    m.insert("pk".into(), json!({"S": format!("p{}", k.0)}));
    m.insert("sk".into(), json!({"N": k.1.to_string()}));
    if let Some(g) = r.gk {
        m.insert("gk".into(), json!({"S": format!("g{g}")}));
    }
    if let Some(l) = r.ls {
        m.insert("ls".into(), json!({"S": format!("l{l}")}));
    }
    if let Some(v) = r.v {
        m.insert("v".into(), json!({"S": "v".repeat(usize::from(v))}));
    }
    Value::Object(m)
}

fn key(k: (u8, i8)) -> Value {
    json!({"pk": {"S": format!("p{}", k.0)}, "sk": {"N": k.1.to_string()}})
}

fn arb_json(u: &mut Unstructured<'_>, depth: u8) -> Result<Value> {
    Ok(match u.int_in_range(0..=7u8)? {
        0 => Value::Null,
        1 => Value::Bool(u.arbitrary()?),
        2 => json!(u.arbitrary::<i64>()?),
        3 => Value::String(["S", "N", "B", "pk", "sk", "Fuzz", "ALL", "HASH", "RANGE", ":v", "#n", "1", "", "gsi", "lsi"][u.int_in_range(0..=14usize)?].into()),
        4 => Value::String(u.arbitrary::<String>()?),
        5 if depth < 4 => Value::Array((0..u.int_in_range(0..=3u8)?).map(|_| arb_json(u, depth + 1)).collect::<Result<_>>()?),
        _ if depth < 4 => {
            let keys = ["TableName", "Key", "Item", "S", "N", "B", "L", "M", "SS", "KeyConditionExpression", "Limit", "ExclusiveStartKey",
                "IndexName", "ExpressionAttributeValues", "KeySchema", "AttributeDefinitions", "Segment", "TotalSegments", "Select",
                "ProjectionExpression", "UpdateExpression", "ConditionExpression", "ReturnValues", "ReturnConsumedCapacity", "pk", "sk", ":v"];
            let mut m = Map::new();
            for _ in 0..u.int_in_range(0..=4u8)? {
                let k = keys[u.int_in_range(0..=keys.len() - 1)?];
                m.insert(k.into(), arb_json(u, depth + 1)?);
            }
            if u.arbitrary()? {
                m.insert("TableName".into(), json!("Fuzz"));
            }
            Value::Object(m)
        }
        _ => Value::Null,
    })
}

/// Read every page of a Query/Scan and return the items in order; pages must be consistent.
fn all_pages(db: &mut Database, action: &str, mut req: Value, limit: Option<u8>) -> Vec<Value> {
    let mut out = Vec::new();
    if let Some(l) = limit {
        req["Limit"] = json!(l);
    }
    for _ in 0..1000 {
        let page = db.execute(action, &req, NOW).expect("valid read succeeds");
        let items = page["Items"].as_array().cloned().unwrap_or_default();
        assert!(limit.is_none_or(|l| items.len() <= usize::from(l)));
        out.extend(items);
        match page.get("LastEvaluatedKey") {
            Some(k) => req["ExclusiveStartKey"] = k.clone(),
            None => return out,
        }
    }
    panic!("pagination did not terminate");
}

fn run(u: &mut Unstructured<'_>) -> Result<()> {
    let mut db = Database::default();
    db.execute("CreateTable", &json!({"TableName": "Fuzz",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"},
            {"AttributeName": "gk", "AttributeType": "S"}, {"AttributeName": "ls", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "BillingMode": "PAY_PER_REQUEST",
        "GlobalSecondaryIndexes": [{"IndexName": "gsi", "KeySchema": [{"AttributeName": "gk", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}],
        "LocalSecondaryIndexes": [{"IndexName": "lsi", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "ls", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "KEYS_ONLY"}}]}), NOW)
        .expect("create");
    let mut model: BTreeMap<(u8, i8), Rec> = BTreeMap::new();
    for _ in 0..u.int_in_range(0..=64u8)? {
        let k: (u8, i8) = (u.int_in_range(0..=3)?, u.int_in_range(-4..=4)?);
        match u.int_in_range(0..=8u8)? {
            0 | 1 => {
                let r = Rec {
                    gk: u.arbitrary::<Option<u8>>()?.map(|g| g % 3),
                    ls: u.arbitrary::<Option<u8>>()?.map(|l| l % 3),
                    v: u.arbitrary::<Option<u8>>()?,
                };
                db.execute("PutItem", &json!({"TableName": "Fuzz", "Item": item(k, &r)}), NOW).expect("put");
                model.insert(k, r);
            }
            2 => {
                let out = db.execute("DeleteItem", &json!({"TableName": "Fuzz", "Key": key(k), "ReturnValues": "ALL_OLD"}), NOW).expect("delete");
                assert_eq!(out.get("Attributes").cloned(), model.remove(&k).map(|r| item(k, &r)));
            }
            3 => {
                let out = db.execute("GetItem", &json!({"TableName": "Fuzz", "Key": key(k)}), NOW).expect("get");
                assert_eq!(out.get("Item").cloned(), model.get(&k).map(|r| item(k, r)));
            }
            4 => {
                let v: u8 = u.arbitrary()?;
                let req = json!({"TableName": "Fuzz", "Key": key(k), "UpdateExpression": "SET v = :v REMOVE gk",
                    "ExpressionAttributeValues": {":v": {"S": "v".repeat(usize::from(v).max(1))}}});
                db.execute("UpdateItem", &req, NOW).expect("update");
                let r = model.entry(k).or_default();
                r.v = Some(v.max(1));
                r.gk = None;
            }
            5 => {
                let forward: bool = u.arbitrary()?;
                let limit = u.arbitrary::<Option<u8>>()?.map(|l| l % 5 + 1);
                let req = json!({"TableName": "Fuzz", "KeyConditionExpression": "pk = :p", "ScanIndexForward": forward,
                    "ExpressionAttributeValues": {":p": {"S": format!("p{}", k.0)}}});
                let got = all_pages(&mut db, "Query", req, limit);
                let mut want: Vec<Value> = model.iter().filter(|(mk, _)| mk.0 == k.0).map(|(mk, r)| item(*mk, r)).collect();
                if !forward {
                    want.reverse();
                }
                assert_eq!(got, want);
            }
            6 => {
                let index = u.int_in_range(0..=2u8)?;
                let total = u.int_in_range(1..=4u32)?;
                let limit = u.arbitrary::<Option<u8>>()?.map(|l| l % 5 + 1);
                let mut seen = 0;
                for seg in 0..total {
                    let mut req = json!({"TableName": "Fuzz", "Segment": seg, "TotalSegments": total});
                    match index {
                        1 => req["IndexName"] = json!("gsi"),
                        2 => req["IndexName"] = json!("lsi"),
                        _ => {}
                    }
                    seen += all_pages(&mut db, "Scan", req, limit).len();
                }
                let want = match index {
                    1 => model.values().filter(|r| r.gk.is_some()).count(),
                    2 => model.values().filter(|r| r.ls.is_some()).count(),
                    _ => model.len(),
                };
                assert_eq!(seen, want, "segments must partition the table/index");
            }
            7 => {
                let mut copy = db.clone();
                let action = ACTIONS[u.int_in_range(0..=ACTIONS.len() - 1)?];
                let input = arb_json(u, 0)?;
                let _ = copy.execute(action, &input, NOW);
                let _ = Database::restore(&input);
            }
            _ => {
                let snap = db.snapshot();
                let restored = Database::restore(&snap).expect("snapshot restores");
                assert_eq!(restored.snapshot(), snap);
            }
        }
    }
    let d = db.execute("DescribeTable", &json!({"TableName": "Fuzz"}), NOW).expect("describe");
    assert_eq!(d["Table"]["ItemCount"].as_u64(), Some(model.len() as u64));
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let _ = run(&mut u);
});
