//! DynamoDB operations replayed by the engine compiled to wasm32, in headless Chromium.
//!
//! The cases are the tables suite's own files (`tests/data/ops/*.json`, format described in
//! `ops_cases.rs`), embedded at compile time because a browser has no file system; the playground runs
//! exactly this code path (`Database::execute`). Natively the same test runs too, so a case that passes on
//! one target and fails on the other points at a platform difference, not at the case.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;
#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

use engine::db::Database;
use serde_json::Value;

const DEFAULT_NOW: u64 = 1_700_000_000_000;

/// `"$repeat(c,n)"` stands for n copies of c (keeps big items readable in the files).
fn expand(v: &mut Value) {
    match v {
        Value::String(s) if s.starts_with("$repeat(") && s.ends_with(')') => {
            let inner = &s["$repeat(".len()..s.len() - 1];
            if let Some((c, n)) = inner.split_once(',') {
                if let Ok(n) = n.trim().parse::<usize>() {
                    *s = c.repeat(n);
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(expand),
        Value::Object(o) => o.values_mut().for_each(expand),
        _ => {}
    }
}

fn subset(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => e.iter().all(|(k, v)| a.get(k).is_some_and(|av| subset(v, av))),
        (Value::Array(e), Value::Array(a)) => e.len() == a.len() && e.iter().zip(a).all(|(x, y)| subset(x, y)),
        _ => expected == actual,
    }
}

/// Run one case's steps on a fresh database; the first mismatch is the error.
fn check(file: &str, case: &Value) -> Result<(), String> {
    let name = case["name"].as_str().unwrap_or("?");
    let steps = case["steps"].as_array().ok_or(format!("{file}/{name}: no steps"))?;
    let mut db = Database::default();
    for (i, step) in steps.iter().enumerate() {
        let action = step["action"].as_str().ok_or(format!("{file}/{name}#{i}: no action"))?;
        let now = step.get("now").and_then(Value::as_u64).unwrap_or(DEFAULT_NOW);
        let at = format!("{file} / {name} / step {i} ({action})");
        match (db.execute(action, &step["input"], now), step.get("error")) {
            (Ok(out), None) => {
                if step.get("output").is_some_and(|exp| exp != &out) {
                    return Err(format!("{at}: output {out}, expected {}", step["output"]));
                }
                if step.get("output_subset").is_some_and(|exp| !subset(exp, &out)) {
                    return Err(format!("{at}: output {out} lacks {}", step["output_subset"]));
                }
            }
            (Ok(out), Some(e)) => return Err(format!("{at}: expected error {e}, got {out}")),
            (Err(err), None) => return Err(format!("{at}: unexpected error {err}")),
            (Err(err), Some(e)) => {
                let type_ok = e["type"].as_str() == Some(err.type_name());
                let message_ok = e.get("message").and_then(Value::as_str).is_none_or(|m| m == err.message());
                if !type_ok || !message_ok {
                    return Err(format!("{at}: error {err}, expected {e}"));
                }
            }
        }
    }
    Ok(())
}

/// Replay every case of one file, failing once with every mismatch listed.
fn replay(file: &str, text: &str) {
    let mut doc: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{file}: {e}"));
    expand(&mut doc);
    let cases = doc["cases"].as_array().unwrap_or_else(|| panic!("{file}: no cases array"));
    assert!(!cases.is_empty(), "{file}: no cases");
    let failures: Vec<String> = cases.iter().filter_map(|c| check(file, c).err()).collect();
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

// The single-file suites; the per-topic directories stay native-only.

#[test]
fn control_plane() {
    replay("control.json", include_str!("data/ops/control.json"));
}

#[test]
fn indexes() {
    replay("indexes.json", include_str!("data/ops/indexes.json"));
}

#[test]
fn items() {
    replay("items.json", include_str!("data/ops/items.json"));
}

#[test]
fn legacy_parameters() {
    replay("legacy.json", include_str!("data/ops/legacy.json"));
}

#[test]
fn query_and_scan() {
    replay("query_scan.json", include_str!("data/ops/query_scan.json"));
}
