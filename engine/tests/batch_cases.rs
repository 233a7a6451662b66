//! Data-driven cases for batches, transactions, TTL, Streams, tags and PartiQL: every `*.json` file in the
//! subdirectories `tests/data/ops/{batch,transact,ttl,stream,tags,partiql}_*/`.
//!
//! The step format is the one `ops_cases.rs` reads (`action`, `input`, `now`, `output`,
//! `output_subset`, `error` with `type`/`message`/`item`), plus:
//! - `throttle`: `[{"table", "key"}]`, the throttling decision for this step (default: none);
//! - `error.reasons`: a TransactionCanceledException's reasons, `[{"Code", "Message"?, "Item"?}]`,
//!   compared exactly (a reason without `Message` in the file must have none);
//! - `save`: `{"name": "/json/pointer"}` keeps a value of this step's output; any string
//!   `"${name}"` in a later step (input or expectation) is replaced by it (stream ARNs, iterators);
//! - strings `"$repeat(c,n)"` expand to n copies of c (big items stay readable);
//! - the expected string `"$any"` matches any value (event ids, shard iterators).
//!
//! The files are embedded at compile time ([`CASE_FILES`]), so the same cases also run in headless
//! Chromium against the engine compiled to wasm32; natively a test checks that the list names every
//! file in those directories, so a new file cannot be left out.

use std::collections::BTreeMap;

use engine::db::Database;
use engine::error::ApiError;
use engine::throttle::ThrottleKeys;
use engine::value::{item_from_json, item_to_json};
use serde_json::{json, Map, Value};

const DEFAULT_NOW: u64 = 1_700_000_000_000;
#[cfg(not(target_arch = "wasm32"))]
const PREFIXES: [&str; 6] = ["batch_", "transact_", "ttl_", "stream_", "tags_", "partiql_"];

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

macro_rules! case_files {
    ($($path:literal),* $(,)?) => {
        [$(($path, include_str!(concat!("data/ops/", $path)))),*]
    };
}

/// Every case file, as (path under `tests/data/ops`, text).
const CASE_FILES: [(&str, &str); 13] = case_files![
    "batch_get/batch_get.json",
    "batch_throttle/single_items.json",
    "batch_write/batch_write.json",
    "partiql_multi/batch_transaction.json",
    "partiql_select/select.json",
    "partiql_write/write.json",
    "stream_records/stream_control.json",
    "stream_records/streams.json",
    "tags_resource/tags.json",
    "transact_get/transact_get.json",
    "transact_write/transact_more.json",
    "transact_write/transact_write.json",
    "ttl_expiry/ttl.json",
];

fn expand(v: &mut Value, saved: &BTreeMap<String, Value>) {
    match v {
        Value::String(s) if s.starts_with("$repeat(") && s.ends_with(')') => {
            let inner = &s["$repeat(".len()..s.len() - 1];
            if let Some((c, n)) = inner.split_once(',') {
                if let Ok(n) = n.trim().parse::<usize>() {
                    *s = c.repeat(n);
                }
            }
        }
        Value::String(s) if s.starts_with("${") && s.ends_with('}') => {
            if let Some(x) = saved.get(&s[2..s.len() - 1]) {
                *v = x.clone();
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| expand(x, saved)),
        Value::Object(o) => o.values_mut().for_each(|x| expand(x, saved)),
        _ => {}
    }
}

/// Exact equality, except that the expected string `"$any"` matches any value (event ids, iterators).
fn same(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::String(s), _) if s == "$any" => true,
        (Value::Object(e), Value::Object(a)) => e.len() == a.len() && e.iter().all(|(k, v)| a.get(k).is_some_and(|av| same(v, av))),
        (Value::Array(e), Value::Array(a)) => e.len() == a.len() && e.iter().zip(a).all(|(x, y)| same(x, y)),
        _ => expected == actual,
    }
}

fn subset(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::String(s), _) if s == "$any" => true,
        (Value::Object(e), Value::Object(a)) => e.iter().all(|(k, v)| a.get(k).is_some_and(|av| subset(v, av))),
        (Value::Array(e), Value::Array(a)) => e.len() == a.len() && e.iter().zip(a).all(|(x, y)| subset(x, y)),
        _ => expected == actual,
    }
}

fn reasons_json(err: &ApiError) -> Value {
    let ApiError::TransactionCanceled { reasons, .. } = err else { return Value::Null };
    Value::Array(
        reasons
            .iter()
            .map(|r| {
                let mut m = Map::new();
                m.insert("Code".into(), json!(r.code));
                if let Some(msg) = &r.message {
                    m.insert("Message".into(), json!(msg));
                }
                if let Some(i) = &r.item {
                    m.insert("Item".into(), item_to_json(i));
                }
                Value::Object(m)
            })
            .collect(),
    )
}

fn check_error(at: &str, err: &ApiError, e: &Value) -> Result<(), String> {
    if e["type"].as_str() != Some(err.type_name()) {
        return Err(format!("{at}: expected {e}, got {err}"));
    }
    if let Some(m) = e.get("message").and_then(Value::as_str) {
        if m != err.message() {
            return Err(format!("{at}: message differs\n expected {m}\n actual   {}", err.message()));
        }
    }
    if let Some(item) = e.get("item") {
        let got = match err {
            ApiError::ConditionalCheckFailed { item: Some(i), .. } => item_to_json(i),
            _ => Value::Null,
        };
        if &got != item {
            return Err(format!("{at}: error item differs\n expected {item}\n actual   {got}"));
        }
    }
    if let Some(r) = e.get("reasons") {
        let got = reasons_json(err);
        if &got != r {
            return Err(format!("{at}: cancellation reasons differ\n expected {r}\n actual   {got}"));
        }
    }
    Ok(())
}

fn check(file: &str, case: &Value) -> Result<(), String> {
    let name = case["name"].as_str().unwrap_or("?");
    let mut db = Database::default();
    let mut saved = BTreeMap::new();
    let steps = case["steps"].as_array().ok_or(format!("{file}/{name}: no steps"))?;
    for (i, step) in steps.iter().enumerate() {
        let mut step = step.clone();
        expand(&mut step, &saved);
        let action = step["action"].as_str().ok_or(format!("{file}/{name}#{i}: no action"))?;
        let now = step.get("now").and_then(Value::as_u64).unwrap_or(DEFAULT_NOW);
        let at = format!("{file} / {name} / step {i} ({action})");
        let mut throttle = ThrottleKeys::new();
        for t in step.get("throttle").and_then(Value::as_array).into_iter().flatten() {
            let table = t["table"].as_str().ok_or(format!("{at}: throttle without table"))?;
            let key = item_from_json(&t["key"]).map_err(|e| format!("{at}: bad throttle key: {e}"))?;
            throttle.add(table, &key);
        }
        let got = db.execute_with(action, &step["input"], now, &mut throttle);
        match (got, step.get("error")) {
            (Ok(out), None) => {
                if let Some(exp) = step.get("output") {
                    if !same(exp, &out) {
                        return Err(format!("{at}: output differs\n expected {exp}\n actual   {out}"));
                    }
                }
                if let Some(exp) = step.get("output_subset") {
                    if !subset(exp, &out) {
                        return Err(format!("{at}: output does not contain expected fields\n expected {exp}\n actual   {out}"));
                    }
                }
                for (k, ptr) in step.get("save").and_then(Value::as_object).into_iter().flatten() {
                    let ptr = ptr.as_str().unwrap_or("");
                    let v = out.pointer(ptr).ok_or(format!("{at}: nothing at {ptr} to save as {k} in {out}"))?;
                    saved.insert(k.clone(), v.clone());
                }
            }
            (Ok(out), Some(e)) => return Err(format!("{at}: expected error {e}, got {out}")),
            (Err(err), None) => return Err(format!("{at}: unexpected error {err}")),
            (Err(err), Some(e)) => check_error(&at, &err, e)?,
        }
    }
    Ok(())
}

/// The embedded list is the directories' contents: a case file added on disk but not to [`CASE_FILES`]
/// fails here instead of being skipped.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn every_case_file_is_embedded() {
    use std::fs;
    use std::path::Path;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ops");
    let mut on_disk = Vec::new();
    for d in fs::read_dir(&dir).expect("tests/data/ops exists").flatten() {
        let p = d.path();
        let dname = p.file_name().and_then(|f| f.to_str()).unwrap_or("").to_string();
        if p.is_dir() && PREFIXES.iter().any(|x| dname.starts_with(x)) {
            for f in fs::read_dir(&p).expect("readable dir").flatten() {
                if f.path().extension().is_some_and(|e| e == "json") {
                    on_disk.push(format!("{dname}/{}", f.file_name().to_string_lossy()));
                }
            }
        }
    }
    on_disk.sort();
    let embedded: Vec<String> = CASE_FILES.iter().map(|(p, _)| p.to_string()).collect();
    assert_eq!(embedded, on_disk);
}

#[test]
fn batch_cases() {
    let (mut passed, mut failures) = (0, Vec::new());
    for (file, text) in CASE_FILES {
        let doc: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{file}: {e}"));
        for case in doc["cases"].as_array().expect("cases array") {
            match check(file, case) {
                Ok(()) => passed += 1,
                Err(e) => failures.push(e),
            }
        }
    }
    assert!(passed + failures.len() > 0, "no cases found");
    assert!(failures.is_empty(), "{} of {} cases failed:\n\n{}", failures.len(), passed + failures.len(), failures.join("\n\n"));
    println!("{passed} cases passed in {} files", CASE_FILES.len());
}
