//! The live throttle (the server's `--throughput simulated`) as data: each file in `data/live/` holds
//! tables (CreateTable inputs), items loaded before the clock starts (unmetered), and steps — an action
//! and its input at a time of the test's clock, repeated or not — each with what DynamoDB answers:
//! `"ok"`, or an error (its type, a part of its message, a transaction's cancellation codes), the
//! UnprocessedItems/UnprocessedKeys per table, a Query/Scan's Count, whether GetItem found the item,
//! a BatchExecuteStatement's error code per statement (`responses`, null for one that ran).
//! At the end: throttles by reason and partition counts. Every expectation is computed by hand in the
//! file's `why` (and a step's own `why`).
//!
//! A JSON string `"<x*N>"` anywhere in an input or item stands for N letters `x` (item sizes).

use engine::db::Database;
use serde_json::Value;
use sim::live::LiveThrottle;

fn expand(v: &Value) -> Value {
    match v {
        Value::String(s) => match s.strip_prefix("<x*").and_then(|r| r.strip_suffix('>')).and_then(|n| n.parse::<usize>().ok()) {
            Some(n) => Value::String("x".repeat(n)),
            None => v.clone(),
        },
        Value::Array(a) => Value::Array(a.iter().map(expand).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, v)| (k.clone(), expand(v))).collect()),
        other => other.clone(),
    }
}

fn load(case: &Value) -> Database {
    let mut db = Database::default();
    for t in case["tables"].as_array().into_iter().flatten() {
        db.execute("CreateTable", t, 0).unwrap_or_else(|e| panic!("CreateTable: {e:?}"));
    }
    for (table, list) in case["items"].as_object().into_iter().flatten() {
        for item in list.as_array().into_iter().flatten() {
            db.execute("PutItem", &serde_json::json!({"TableName": table, "Item": expand(item)}), 0).unwrap_or_else(|e| panic!("PutItem: {e:?}"));
        }
    }
    db
}

/// What went wrong with one answer, if anything.
fn judge(expect: &Value, got: &Result<Value, engine::error::ApiError>) -> Option<String> {
    if expect.as_str() == Some("ok") {
        return got.as_ref().err().map(|e| format!("expected success, got {} ({})", e.type_name(), e.message()));
    }
    match (got, expect["error"].as_str()) {
        (Err(e), Some(want)) => {
            let body = engine::wire::error_body(e).1;
            if e.type_name() != want {
                return Some(format!("expected {want}, got {} ({})", e.type_name(), e.message()));
            }
            if let Some(m) = expect["message"].as_str() {
                if !e.message().contains(m) {
                    return Some(format!("message {:?} does not contain {m:?}", e.message()));
                }
            }
            if let Some(codes) = expect.get("reasons") {
                let got: Vec<Value> = body["CancellationReasons"].as_array().into_iter().flatten().map(|r| r["Code"].clone()).collect();
                if &Value::Array(got.clone()) != codes {
                    return Some(format!("cancellation codes {got:?}, expected {codes}"));
                }
            }
            None
        }
        (Err(e), None) => Some(format!("expected success, got {} ({})", e.type_name(), e.message())),
        (Ok(out), Some(want)) => Some(format!("expected {want}, got success {}", out.to_string().chars().take(200).collect::<String>())),
        (Ok(out), None) => {
            for field in ["UnprocessedItems", "UnprocessedKeys"] {
                let Some(want) = expect.get(field) else { continue };
                let mut counts = serde_json::Map::new();
                for (t, v) in out[field].as_object().into_iter().flatten() {
                    let n = v.as_array().map(Vec::len).or_else(|| v["Keys"].as_array().map(Vec::len)).unwrap_or(0);
                    counts.insert(t.clone(), Value::from(n));
                }
                if &Value::Object(counts.clone()) != want {
                    return Some(format!("{field} per table {counts:?}, expected {want}"));
                }
            }
            if let Some(n) = expect.get("count") {
                if &out["Count"] != n {
                    return Some(format!("Count {}, expected {n}", out["Count"]));
                }
            }
            if let Some(codes) = expect.get("responses") {
                // BatchExecuteStatement: each statement's error code, or null for a statement that ran.
                let got: Vec<Value> = out["Responses"].as_array().into_iter().flatten().map(|r| r["Error"]["Code"].clone()).collect();
                if &Value::Array(got.clone()) != codes {
                    return Some(format!("statement error codes {got:?}, expected {codes}"));
                }
            }
            if let Some(found) = expect["found"].as_bool() {
                if out.get("Item").is_some() != found {
                    return Some(format!("Item found: {}, expected {found}", out.get("Item").is_some()));
                }
            }
            None
        }
    }
}

fn run(name: &str, case: &Value) -> Vec<String> {
    let mut db = load(case);
    let mut live = LiveThrottle::new();
    live.sync(&db);
    let mut fails = Vec::new();
    let mut at = 0u64;
    for (i, step) in case["steps"].as_array().into_iter().flatten().enumerate() {
        at = step["at"].as_u64().unwrap_or(at);
        let action = step["action"].as_str().unwrap_or_default();
        let input = expand(&step["input"]);
        for r in 0..step["repeat"].as_u64().unwrap_or(1) {
            live.begin(at);
            let got = db.execute_with(action, &input, at, &mut live);
            if let Some(why) = judge(&step["expect"], &got) {
                fails.push(format!("{name}: step {i} ({action} at {at} ms, repeat {r}): {why}"));
            }
        }
    }
    for (reason, n) in case["throttles"].as_object().into_iter().flatten() {
        let got: u64 = live.throttles.iter().filter(|(r, _)| serde_json::to_value(r).ok().as_ref().and_then(Value::as_str) == Some(reason)).map(|(_, n)| *n).sum();
        if Some(got) != n.as_u64() {
            fails.push(format!("{name}: {got} throttles for {reason}, expected {n}"));
        }
    }
    for p in case["partitions"].as_array().into_iter().flatten() {
        let table = p["table"].as_str().unwrap_or_default();
        let got = live.index_partitions(table, p["index"].as_str());
        if got.map(|n| n as u64) != p["count"].as_u64() {
            fails.push(format!("{name}: partitions of {p}: {got:?}"));
        }
    }
    fails
}

#[test]
fn live_cases() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/live");
    let mut names: Vec<_> = std::fs::read_dir(dir).expect("data/live").filter_map(|e| e.ok()).map(|e| e.path()).collect();
    names.sort();
    assert!(names.len() >= 3, "cases in {dir}");
    let mut fails = Vec::new();
    for path in names {
        let text = std::fs::read_to_string(&path).expect("read case");
        let case: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        fails.extend(run(&path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(), &case));
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}
