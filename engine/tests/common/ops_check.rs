//! The operation-case checker shared by `ops_cases.rs` (native, every file under tests/data/ops/) and
//! `wasm_ops.rs` (the same cases embedded and replayed in headless Chromium): one format, one `check`.
//!
//! Case fields: `name`, `steps`, optional `index_propagation_ms` (the tables' index lag,
//! `Database::set_index_lag`). Step fields: `action`, `input`, optional `now` (ms, default 1700000000000), and one of
//! `output` (exact JSON equality), `output_subset` (every field given must match; objects may carry
//! more fields, arrays must match element by element), `error` (`{"type", "message", "item"}`; `message`
//! and `item` may be omitted) or nothing (must succeed). Strings `"$repeat(c,n)"` expand to n copies of c,
//! as values and as object keys (an attribute name of 65,536 bytes).

use engine::db::Database;
use serde_json::Value;

const DEFAULT_NOW: u64 = 1_700_000_000_000;

/// `"$repeat(c,n)"` as n copies of c; `None` for any other string.
fn repeated(s: &str) -> Option<String> {
    let inner = s.strip_prefix("$repeat(")?.strip_suffix(')')?;
    let (c, n) = inner.split_once(',')?;
    Some(c.repeat(n.trim().parse::<usize>().ok()?))
}

/// Expand `"$repeat(c,n)"` strings (n copies of the character c), values and keys, so big items stay
/// readable in files.
pub fn expand(v: &mut Value) {
    match v {
        Value::String(s) => {
            if let Some(r) = repeated(s) {
                *s = r;
            }
        }
        Value::Array(a) => a.iter_mut().for_each(expand),
        Value::Object(o) => {
            if o.keys().any(|k| repeated(k).is_some()) {
                *o = std::mem::take(o).into_iter().map(|(k, v)| (repeated(&k).unwrap_or(k), v)).collect();
            }
            o.values_mut().for_each(expand);
        }
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

pub fn check(file: &str, case: &Value) -> Result<(), String> {
    let name = case["name"].as_str().unwrap_or("?");
    let mut db = Database::default();
    if let Some(ms) = case.get("index_propagation_ms").and_then(Value::as_u64) {
        db.set_index_lag(engine::index::lag::IndexLag::from_millis(ms));
    }
    let steps = case["steps"].as_array().ok_or(format!("{file}/{name}: no steps"))?;
    for (i, step) in steps.iter().enumerate() {
        let action = step["action"].as_str().ok_or(format!("{file}/{name}#{i}: no action"))?;
        let now = step.get("now").and_then(Value::as_u64).unwrap_or(DEFAULT_NOW);
        let at = format!("{file} / {name} / step {i} ({action})");
        let got = db.execute(action, &step["input"], now);
        match (got, step.get("error")) {
            (Ok(out), None) => {
                if let Some(exp) = step.get("output") {
                    if &out != exp {
                        return Err(format!("{at}: output differs\n expected {exp}\n actual   {out}"));
                    }
                }
                if let Some(exp) = step.get("output_subset") {
                    if !subset(exp, &out) {
                        return Err(format!("{at}: output does not contain expected fields\n expected {exp}\n actual   {out}"));
                    }
                }
            }
            (Ok(out), Some(e)) => return Err(format!("{at}: expected error {e}, got {out}")),
            (Err(err), None) => return Err(format!("{at}: unexpected error {err}")),
            (Err(err), Some(e)) => {
                if e["type"].as_str() != Some(err.type_name()) {
                    return Err(format!("{at}: expected {e}, got {err}"));
                }
                if let Some(m) = e.get("message").and_then(Value::as_str) {
                    if m != err.message() {
                        return Err(format!("{at}: message differs\n expected {m}\n actual   {}", err.message()));
                    }
                }
                if let Some(item) = e.get("item") {
                    let got = match &err {
                        engine::error::ApiError::ConditionalCheckFailed { item: Some(i), .. } => engine::value::item_to_json(i),
                        _ => Value::Null,
                    };
                    if &got != item {
                        return Err(format!("{at}: error item differs\n expected {item}\n actual   {got}"));
                    }
                }
            }
        }
    }
    Ok(())
}

/// Parse one case file, expand it and check every case: (passed, failure messages).
pub fn replay_text(file: &str, text: &str) -> (usize, Vec<String>) {
    let mut doc: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{file}: {e}"));
    expand(&mut doc);
    let cases = doc["cases"].as_array().unwrap_or_else(|| panic!("{file}: no cases array"));
    assert!(!cases.is_empty(), "{file}: no cases");
    let failures: Vec<String> = cases.iter().filter_map(|c| check(file, c).err()).collect();
    (cases.len() - failures.len(), failures)
}
